// A lobby serving through several ENet hosts on one port (ServerConfig::hosts, SO_REUSEPORT):
// the kernel spreads clients over the hosts, each client stays on its own, and a room's messages
// reach its members whichever host they came through.
#include <gtest/gtest.h>

#include <numeric>

#include "lobby/client/lobby_client.hpp"
#include "lobby/server/lobby_server.hpp"
#include "tests/lobby/core_harness.hpp"

namespace parley::lobby {
namespace {

constexpr int kClients = 24;

struct Member {
  std::unique_ptr<LobbyClient> client;
  bool welcomed = false;
  bool in_room = false;
  std::vector<std::string> heard;
};

TEST(LobbyHosts, ClientsSpreadOverTheHostsOfOnePortHearOneAnotherInARoom) {
  testing::TempDir dir;
  ServerConfig config;
  config.listen = Endpoint{"127.0.0.1", 0};
  config.database = dir.path() / "lobby.db";
  config.log = false;
  config.hosts = 3;
  config.limits.max_connections_per_address = 2 * kClients;
  auto server = ServerThread::start(config);
  ASSERT_TRUE(server.ok()) << to_string(server.error());
  ASSERT_EQ((*server)->connections_per_host().size(), 3U);

  std::vector<Member> members(kClients);
  for (int i = 0; i < kClients; ++i) {
    auto c = LobbyClient::connect(
        ClientOptions{(*server)->endpoint(), crypto::Identity::generate(), "member " + std::to_string(i), (*server)->public_key()});
    ASSERT_TRUE(c.ok());
    members[static_cast<std::size_t>(i)].client = std::move(*c);
  }
  // Everything the members hear, until `done` or the rounds run out.
  std::optional<RoomId> room;
  auto pump = [&](auto done) {
    for (int round = 0; round < 3000 && !done(); ++round) {
      for (Member& m : members) {
        m.client->poll(0);
        while (auto event = m.client->next_event()) {
          if (std::holds_alternative<Welcome>(*event)) m.welcomed = true;
          if (auto* state = std::get_if<RoomState>(&*event)) {
            m.in_room = true;
            if (!room) room = state->room;
          }
          if (auto* line = std::get_if<ChatLine>(&*event)) m.heard.push_back(line->text);
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return done();
  };
  ASSERT_TRUE(pump([&] { return std::ranges::all_of(members, [](const Member& m) { return m.welcomed; }); }));
  const auto per_host = (*server)->connections_per_host();
  EXPECT_EQ(std::accumulate(per_host.begin(), per_host.end(), 0U), static_cast<unsigned>(kClients));
  EXPECT_GE(std::ranges::count_if(per_host, [](std::uint32_t n) { return n > 0; }), 2)
      << per_host[0] << " " << per_host[1] << " " << per_host[2];

  // One opens a room, everyone else watches it, and all hear its chat.
  members[0].client->create_room("chess", 2, {}, Visibility::public_room);
  ASSERT_TRUE(pump([&] { return room.has_value(); }));
  for (std::size_t i = 1; i < members.size(); ++i) members[i].client->join_room(*room, Role::spectator);
  ASSERT_TRUE(pump([&] { return std::ranges::all_of(members, [](const Member& m) { return m.in_room; }); }));
  members[0].client->chat(*room, "who hears this?");
  ASSERT_TRUE(pump([&] {
    return std::ranges::all_of(members, [](const Member& m) { return !m.heard.empty(); });
  }));
  for (const Member& m : members) EXPECT_EQ(m.heard, std::vector<std::string>{"who hears this?"});

  // Leaving is counted on the host each left from.
  members.resize(kClients / 2);
  for (int round = 0; round < 3000; ++round) {
    const auto now = (*server)->connections_per_host();
    if (std::accumulate(now.begin(), now.end(), 0U) == static_cast<unsigned>(kClients / 2)) break;
    for (Member& m : members) m.client->poll(1);
  }
  const auto after = (*server)->connections_per_host();
  EXPECT_EQ(std::accumulate(after.begin(), after.end(), 0U), static_cast<unsigned>(kClients / 2));
  ASSERT_TRUE((*server)->stop().ok());
}

}  // namespace
}  // namespace parley::lobby
