// The lobby's common room through the real network layer: an in-process lobby on 127.0.0.1 and
// LobbyClients that watch it, list who is online, chat in it and see a queue fill; the ratings
// reach PlayerList through the server's mailbox.
#include <gtest/gtest.h>

#include <thread>

#include "lobby/client/lobby_client.hpp"
#include "lobby/server/lobby_server.hpp"
#include "lobby/server/ratings_mailbox.hpp"
#include "tests/lobby/core_harness.hpp"

namespace parley::lobby {
namespace {

struct Watcher {
  crypto::Identity identity = crypto::Identity::generate();
  std::unique_ptr<LobbyClient> client;
  bool welcomed = false;
  std::vector<ChatLine> heard;
  std::optional<LobbyPulse> pulse;
  std::optional<PlayerList> players;
};

TEST(LobbyCommonRoomNet, TwoClientsSeeEachOtherChatAndAQueue) {
  testing::TempDir dir;
  ServerConfig config;
  config.listen = Endpoint{"127.0.0.1", 0};
  config.database = dir.path() / "lobby.db";
  config.log = false;
  config.ratings = std::make_shared<RatingsMailbox>();
  auto server = ServerThread::start(config);
  ASSERT_TRUE(server.ok()) << to_string(server.error());

  std::vector<Watcher> w(2);
  const char* names[] = {"Ada", "Bob"};
  for (std::size_t i = 0; i < w.size(); ++i) {
    auto c = LobbyClient::connect(ClientOptions{(*server)->endpoint(), w[i].identity, names[i], (*server)->public_key()});
    ASSERT_TRUE(c.ok());
    w[i].client = std::move(*c);
  }
  auto pump = [&](auto done) {
    for (int round = 0; round < 2500 && !done(); ++round) {
      for (Watcher& m : w) {
        m.client->poll(1);
        while (auto event = m.client->next_event()) {
          if (std::holds_alternative<Welcome>(*event)) m.welcomed = true;
          if (auto* line = std::get_if<ChatLine>(&*event)) m.heard.push_back(*line);
          if (auto* p = std::get_if<LobbyPulse>(&*event)) m.pulse = *p;
          if (auto* l = std::get_if<PlayerList>(&*event)) m.players = *l;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return done();
  };
  ASSERT_TRUE(pump([&] { return w[0].welcomed && w[1].welcomed; }));
  for (Watcher& m : w) m.client->watch_lobby(true);
  ASSERT_TRUE(pump([&] { return w[0].pulse && w[1].pulse; }));
  EXPECT_EQ(w[0].pulse->players_online, 2u);

  // Each sees the other in the list of players online.
  w[0].client->list_players();
  ASSERT_TRUE(pump([&] { return w[0].players.has_value(); }));
  ASSERT_EQ(w[0].players->players.size(), 2u);
  bool saw_bob = false;
  for (const PlayerSummary& p : w[0].players->players) {
    if (p.key == w[1].identity.public_key()) {
      saw_bob = true;
      EXPECT_EQ(p.name, "Bob");
      EXPECT_EQ(p.activity, Activity::idle);
    }
  }
  EXPECT_TRUE(saw_bob);

  // Lobby chat reaches both watchers.
  w[0].client->chat(kLobbyRoom, "anyone for chess?");
  ASSERT_TRUE(pump([&] { return !w[0].heard.empty() && !w[1].heard.empty(); }));
  EXPECT_EQ(w[1].heard.front().text, "anyone for chess?");
  EXPECT_EQ(w[1].heard.front().from, w[0].identity.public_key());
  EXPECT_EQ(w[1].heard.front().room, kLobbyRoom);

  // Bob queues: Ada's next pulse counts him, and the list shows him queued.
  w[1].client->quick_match("chess", 2);
  ASSERT_TRUE(pump([&] { return w[0].pulse && !w[0].pulse->queues.empty(); }));
  EXPECT_EQ(w[0].pulse->queues, (std::vector<QueueCount>{{"chess", 2, 1}}));

  // Ratings posted to the mailbox show in the next list.
  RatingTable table;
  table[w[1].identity.public_key()] = {{"chess", 1620, 71}};
  config.ratings->post(table);
  std::optional<PlayerSummary> bob;
  ASSERT_TRUE(pump([&] {
    if (w[0].players) {
      for (const PlayerSummary& p : w[0].players->players)
        if (p.key == w[1].identity.public_key() && !p.ratings.empty()) bob = p;
      w[0].players.reset();
      if (!bob) w[0].client->list_players();
    }
    return bob.has_value();
  }));
  EXPECT_EQ(bob->ratings, (std::vector<GameRating>{{"chess", 1620, 71}}));
  EXPECT_EQ(bob->activity, Activity::queued);
  w.clear();
  ASSERT_TRUE((*server)->stop().ok());
}

}  // namespace
}  // namespace parley::lobby
