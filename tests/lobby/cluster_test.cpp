// A lobby cluster (docs/lobby.md, "Cluster"): three parley-lobby nodes on 127.0.0.1 sharing one
// private PostgreSQL server, with ENet clients on different nodes: a room whose seats and
// spectator are on three nodes (entries, chat, presence, the room list, resuming), and a quick
// match across nodes. The games with bots, a node's death and fencing are in
// tests/peer/cluster_game_test.cpp.
#include <gtest/gtest.h>

#include <cstdio>

#include "lobby/protocol/transcript.hpp"
#include "tests/lobby/cluster_process.hpp"

namespace parley::lobby::testing {
namespace {

class ClusterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!tests::PgServer::binaries()) GTEST_SKIP() << "no PostgreSQL server binaries installed";
    ASSERT_TRUE(cluster_.start(dir_.path(), 3));
  }
  TempDir dir_;
  Cluster cluster_;
};

std::optional<RoomState> await_state(const std::vector<TestClient*>& all, TestClient& who, RoomId room, RoomPhase phase) {
  return await<RoomState>(all, who, [&](const RoomState& s) { return s.room == room && s.phase == phase; });
}

TEST_F(ClusterTest, SeatsAndASpectatorOnThreeNodesShareOneRoom) {
  TestClient ada(cluster_.node(0).endpoint(), crypto::Identity::generate(), "Ada");
  TestClient bob(cluster_.node(1).endpoint(), crypto::Identity::generate(), "Bob");
  TestClient eve(cluster_.node(2).endpoint(), crypto::Identity::generate(), "Eve");
  std::vector<TestClient*> all{&ada, &bob, &eve};
  ASSERT_TRUE(await<Welcome>(all, ada));
  ASSERT_TRUE(await<Welcome>(all, bob));
  ASSERT_TRUE(await<Welcome>(all, eve));
  // Every node names the deployment's key as the lobby's, and lists the three nodes.
  EXPECT_EQ(*ada->lobby_key(), cluster_.deployment().public_key());
  EXPECT_EQ(*bob->lobby_key(), cluster_.deployment().public_key());
  ASSERT_TRUE(pump(all, [&] { return ada->nodes().size() == 3 && bob->nodes().size() == 3; }));

  // Ada makes a room on node 0; Bob joins it from node 1, Eve watches from node 2.
  const RequestId made = ada->create_room("chess", 2, {}, Visibility::public_room);
  auto created = await<RoomState>(all, ada, [&](const RoomState& s) { return s.request == made; });
  ASSERT_TRUE(created);
  const RoomId room = created->room;
  const RequestId listed = eve->list_rooms("chess");
  auto list = await<RoomList>(all, eve, [&](const RoomList& l) { return l.request == listed; });
  ASSERT_TRUE(list);
  ASSERT_EQ(list->rooms.size(), 1u);
  EXPECT_EQ(list->rooms[0].room, room);
  EXPECT_EQ(list->rooms[0].seats[0], std::optional<std::string>("Ada"));
  const RequestId joined = bob->join_room(room, Role::player);
  auto bob_in = await<RoomState>(all, bob, [&](const RoomState& s) { return s.request == joined; });
  ASSERT_TRUE(bob_in) << cluster_.node(1).log();
  EXPECT_TRUE(bob_in->seats[1].key == bob.identity().public_key());
  eve->join_room(room, Role::spectator);
  ada->set_ready(room, true);
  bob->set_ready(room, true);
  ASSERT_TRUE(await_state(all, ada, room, RoomPhase::started));
  ASSERT_TRUE(await_state(all, bob, room, RoomPhase::started));

  // Posts from both nodes land in one order, seen identically by all three.
  for (int i = 0; i < 5; ++i) {
    ASSERT_TRUE(pump(all, [&] { return bob.entries(room) == ada.entries(room) && ada.entries(room) >= 1u + 2 * i; }));
    ASSERT_TRUE(ada->post(room, EnvelopeKind{1}, Bytes{1, 2, static_cast<std::uint8_t>(i)}).ok());
    ASSERT_TRUE(bob->post(room, EnvelopeKind{1}, Bytes{3, 4, static_cast<std::uint8_t>(i)}).ok());
  }
  ASSERT_TRUE(pump(all, [&] { return ada.entries(room) == 11 && bob.entries(room) == 11 && eve.entries(room) == 11; }));
  EXPECT_EQ(ada->transcript(room)->head_hash(), bob->transcript(room)->head_hash());
  EXPECT_EQ(ada->transcript(room)->head_hash(), eve->transcript(room)->head_hash());
  // Stamped by node 0's certified key; the lobby of the transcript is the deployment.
  EXPECT_EQ(ada->transcript(room)->lobby_key(), cluster_.deployment().public_key());
  EXPECT_NE(ada->transcript(room)->signer(), cluster_.deployment().public_key());
  // The database holds the same chain, durably.
  const std::vector<Bytes> stored = cluster_.stored_entries(room);
  ASSERT_EQ(stored.size(), 11u);
  for (std::size_t i = 0; i < stored.size(); ++i)
    EXPECT_EQ(stored[i], encode_signed_entry(ada->transcript(room)->entries()[i])) << i;

  // Chat from node 1 reaches node 0 and node 2.
  bob->chat(room, "good luck");
  ASSERT_TRUE(await<ChatLine>(all, ada, [](const ChatLine& c) { return c.text == "good luck"; }));
  ASSERT_TRUE(await<ChatLine>(all, eve, [](const ChatLine& c) { return c.text == "good luck" && c.role == Role::player; }));

  // Bob drops: his presence entry reaches the others; back through node 2, he resumes his seat.
  const crypto::Identity bob_key = bob.identity();
  const std::uint64_t before = ada.entries(room);
  bob->disconnect();
  ASSERT_TRUE(pump(all, [&] { return ada.entries(room) == before + 1 && eve.entries(room) == before + 1; }));
  const auto& last = ada->transcript(room)->entries().back().entry.payload;
  ASSERT_TRUE(std::holds_alternative<Presence>(last));
  EXPECT_EQ(std::get<Presence>(last).event, PresenceEvent::disconnected);
  TestClient back(cluster_.node(2).endpoint(), bob_key, "Bob");
  std::vector<TestClient*> now{&ada, &back, &eve};
  auto welcome = await<Welcome>(now, back);
  ASSERT_TRUE(welcome);
  ASSERT_EQ(welcome->seated_rooms, std::vector<RoomId>{room});
  back->join_room(room, Role::player);
  ASSERT_TRUE(pump(now, [&] { return back.entries(room) == before + 2 && ada.entries(room) == before + 2; }));
  ASSERT_TRUE(back->post(room, EnvelopeKind{1}, Bytes{9}).ok());
  ASSERT_TRUE(pump(now, [&] {
    return ada.entries(room) == before + 3 && eve.entries(room) == before + 3 && back.entries(room) == before + 3;
  }));
  EXPECT_EQ(ada->transcript(room)->head_hash(), back->transcript(room)->head_hash());

  // A request sent right behind the login (made before the connection was up) reaches the
  // room's node once the login is done.
  TestClient carl(cluster_.node(1).endpoint(), crypto::Identity::generate(), "Carl");
  const RequestId watch = carl->join_room(room, Role::spectator);
  std::vector<TestClient*> with_carl{&ada, &back, &eve, &carl};
  auto watching = await<RoomState>(with_carl, carl, [&](const RoomState& s) { return s.request == watch; });
  ASSERT_TRUE(watching);
  EXPECT_FALSE(carl.has<Refused>());
  ASSERT_TRUE(pump(with_carl, [&] { return carl.entries(room) == ada.entries(room); }));
}

// Reserved seats (docs/lobby.md, "Reserved seats") on a cluster: an organizer on node 0 makes an
// invite-only room whose seats are reserved to two keys; a stranger with the code on node 1 is
// refused seat_reserved by the room's sequencer (node 0), and the two players, on nodes 1 and 2,
// take their seats and start the game.
TEST_F(ClusterTest, AReservedSeatIsRefusedToAnotherKeyOnAnotherNode) {
  TestClient organizer(cluster_.node(0).endpoint(), crypto::Identity::generate(), "Org");
  TestClient white(cluster_.node(1).endpoint(), crypto::Identity::generate(), "White");
  TestClient black(cluster_.node(2).endpoint(), crypto::Identity::generate(), "Black");
  TestClient stranger(cluster_.node(1).endpoint(), crypto::Identity::generate(), "Mallory");
  std::vector<TestClient*> all{&organizer, &white, &black, &stranger};
  for (TestClient* c : all) ASSERT_TRUE(await<Welcome>(all, *c));
  const RequestId made = organizer->create_room("chess", 2, {}, Visibility::invite_only,
                                                {white.identity().public_key(), black.identity().public_key()});
  auto created = await<RoomState>(all, organizer, [&](const RoomState& s) { return s.request == made; });
  ASSERT_TRUE(created) << cluster_.node(0).log();
  const RoomId room = created->room;
  ASSERT_FALSE(created->invite_code.empty());
  const RequestId tried = stranger->join_by_code(created->invite_code, Role::player);
  auto refused = await<Refused>(all, stranger, [&](const Refused& r) { return r.request == tried; });
  ASSERT_TRUE(refused) << cluster_.node(1).log();
  EXPECT_EQ(refused->reason, Refusal::seat_reserved);
  const RequestId w = white->join_by_code(created->invite_code, Role::player);
  const RequestId b = black->join_by_code(created->invite_code, Role::player);
  auto white_in = await<RoomState>(all, white, [&](const RoomState& s) { return s.request == w; });
  auto black_in = await<RoomState>(all, black, [&](const RoomState& s) { return s.request == b; });
  ASSERT_TRUE(white_in);
  ASSERT_TRUE(black_in) << cluster_.node(2).log();
  EXPECT_TRUE(black_in->seats[1].key == black.identity().public_key());
  white->set_ready(room, true);
  black->set_ready(room, true);
  ASSERT_TRUE(await_state(all, white, room, RoomPhase::started));
  ASSERT_TRUE(pump(all, [&] { return white.entries(room) >= 1 && black.entries(room) >= 1; }));
  EXPECT_EQ(white->transcript(room)->head_hash(), black->transcript(room)->head_hash());
}

TEST_F(ClusterTest, AQuickMatchGathersPlayersOfEveryNode) {
  std::vector<std::unique_ptr<TestClient>> players;
  std::vector<TestClient*> all;
  for (int i = 0; i < 3; ++i) {
    players.push_back(std::make_unique<TestClient>(cluster_.node(static_cast<std::size_t>(i)).endpoint(),
                                                   crypto::Identity::generate(), "p" + std::to_string(i)));
    all.push_back(players.back().get());
  }
  for (TestClient* p : all) ASSERT_TRUE(await<Welcome>(all, *p));
  for (TestClient* p : all) (*p)->quick_match("test-game", 3);
  std::vector<RoomId> rooms;
  for (TestClient* p : all) {
    auto started = await<RoomState>(all, *p, [](const RoomState& s) { return s.phase == RoomPhase::started; });
    ASSERT_TRUE(started) << cluster_.node(0).log() << cluster_.node(1).log() << cluster_.node(2).log();
    rooms.push_back(started->room);
  }
  EXPECT_EQ(rooms[0], rooms[1]);
  EXPECT_EQ(rooms[1], rooms[2]);
  // Each player's key holds a seat of the one genesis, in queue order.
  ASSERT_TRUE(pump(all, [&] { return all[0]->entries(rooms[0]) == 1 && all[2]->entries(rooms[0]) == 1; }));
  const auto& keys = (*all[0])->transcript(rooms[0])->genesis().seat_keys;
  ASSERT_EQ(keys.size(), 3u);
  for (TestClient* p : all) EXPECT_NE(std::find(keys.begin(), keys.end(), p->identity().public_key()), keys.end());
  auto queued = cluster_.sql("SELECT count(*) FROM lobby_queue");
  ASSERT_TRUE(queued);
  EXPECT_EQ(queued->integer(0, 0), 0);
}

// The common room of a cluster (docs/lobby.md, "Cluster"): a watcher on node 0 sees a player of
// node 1 in its list of players, hears node 1's lobby chat, and counts node 1's player in a queue.
class ClusterLobbyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!tests::PgServer::binaries()) GTEST_SKIP() << "no PostgreSQL server binaries installed";
    ASSERT_TRUE(cluster_.start(dir_.path(), 2));
  }
  TempDir dir_;
  Cluster cluster_;
};

TEST_F(ClusterLobbyTest, WatchersOfOneNodeSeeTheWholeCluster) {
  TestClient ada(cluster_.node(0).endpoint(), crypto::Identity::generate(), "Ada");
  TestClient bob(cluster_.node(1).endpoint(), crypto::Identity::generate(), "Bob");
  std::vector<TestClient*> all{&ada, &bob};
  ASSERT_TRUE(await<Welcome>(all, ada));
  ASSERT_TRUE(await<Welcome>(all, bob));
  ada->watch_lobby(true);
  bob->watch_lobby(true);
  // Ada's node's list of players, asked again (a few times a second) until Bob is in it as `doing`
  // (the nodes publish their players once a second).
  const auto bob_in_list = [&](Activity doing) {
    std::optional<PlayerSummary> seen;
    auto asked = std::chrono::steady_clock::now();
    ada->list_players();
    pump(all, [&] {
      if (auto list = ada.take<PlayerList>([](const PlayerList&) { return true; })) {
        for (const PlayerSummary& p : list->players)
          if (p.key == bob.identity().public_key() && p.activity == doing) seen = p;
      }
      if (!seen && std::chrono::steady_clock::now() - asked > std::chrono::milliseconds(200)) {
        asked = std::chrono::steady_clock::now();
        ada->list_players();
      }
      return seen.has_value();
    });
    return seen;
  };
  auto seen = bob_in_list(Activity::idle);
  ASSERT_TRUE(seen) << cluster_.node(0).log() << cluster_.node(1).log();
  EXPECT_EQ(seen->name, "Bob");
  // Two players online in node 0's pulse.
  ASSERT_TRUE(await<LobbyPulse>(all, ada, [](const LobbyPulse& p) { return p.players_online == 2; }));

  // Bob's lobby chat crosses to node 0's watchers (and reaches his own node's).
  const RequestId said = bob->chat(kLobbyRoom, "anyone on node 0?");
  ASSERT_TRUE(await<Done>(all, bob, [&](const Done& d) { return d.request == said; }));
  auto line = await<ChatLine>(all, ada, [](const ChatLine& l) { return l.room == kLobbyRoom; });
  ASSERT_TRUE(line) << cluster_.node(0).log() << cluster_.node(1).log();
  EXPECT_EQ(line->text, "anyone on node 0?");
  EXPECT_EQ(line->from, bob.identity().public_key());
  EXPECT_EQ(line->name, "Bob");
  EXPECT_TRUE(await<ChatLine>(all, bob, [](const ChatLine& l) { return l.room == kLobbyRoom; }));

  // Bob queues on node 1: node 0's pulse counts him, and lists him as queued.
  bob->quick_match("chess", 2);
  auto pulse = await<LobbyPulse>(all, ada, [](const LobbyPulse& p) { return !p.queues.empty(); });
  ASSERT_TRUE(pulse) << cluster_.node(0).log();
  EXPECT_EQ(pulse->queues, (std::vector<QueueCount>{{"chess", 2, 1}}));
  EXPECT_TRUE(bob_in_list(Activity::queued));
}

// `parley-lobby` with its arguments; its exit status and what it printed.
std::pair<int, std::string> run_lobby(const std::string& args) {
  std::string cmd = lobby_binary() + " " + args + " 2>&1";
  FILE* p = ::popen(cmd.c_str(), "r");
  std::string out;
  char buf[512];
  while (p != nullptr && std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
  int status = p == nullptr ? -1 : ::pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// The key ceremony of docs/deploy.md through the command line: a deployment key, a node key, its
// certificate; a node started with them speaks for the deployment, and one without is refused.
TEST_F(ClusterTest, TheKeyCeremonyCertifiesANodeThatThenSpeaksForTheDeployment) {
  const auto d = (dir_.path() / "deployment.key").string();
  const auto n = (dir_.path() / "ceremony-node.key").string();
  auto [made, deployment_hex] = run_lobby("--create-key " + d);
  ASSERT_EQ(made, 0) << deployment_hex;
  deployment_hex = deployment_hex.substr(0, deployment_hex.find('\n'));
  ASSERT_EQ(deployment_hex.size(), 64u);
  EXPECT_EQ(run_lobby("--create-key " + d).first, 1);  // never overwritten
  EXPECT_EQ(run_lobby("--public-key " + d).second, deployment_hex + "\n");
  auto [node_made, node_hex] = run_lobby("--create-key " + n);
  ASSERT_EQ(node_made, 0);
  node_hex = node_hex.substr(0, node_hex.find('\n'));
  // No certificate yet: the node does not start, and says how to get one.
  auto [refused, why] = run_lobby("--listen 127.0.0.1:0 --cluster " + cluster_.url() + " --node-key " + n +
                                  " --advertise 127.0.0.1:0");
  EXPECT_EQ(refused, 1);
  EXPECT_NE(why.find("--certify"), std::string::npos) << why;
  EXPECT_EQ(run_lobby("--certify 1234 --deployment-key " + d + " --out " + n + ".cert").first, 2);
  EXPECT_EQ(run_lobby("--certify " + node_hex + " --deployment-key " + d + " --out " + n + ".cert --days 30").first, 0);
  // Usage: a node needs its key and address, and takes no single lobby's options.
  EXPECT_EQ(run_lobby("--cluster " + cluster_.url()).first, 2);
  EXPECT_EQ(run_lobby("--cluster " + cluster_.url() + " --node-key " + n + " --advertise 127.0.0.1:0 --sync normal").first, 2);

  NodeProcess node(dir_.path() / "ceremony-node.log",
                   {lobby_binary(), "--listen", "127.0.0.1:0", "--cluster", cluster_.url(), "--node-key", n, "--advertise",
                    "127.0.0.1:0"});
  TestClient ada(node.endpoint(), crypto::Identity::generate(), "Ada");
  std::vector<TestClient*> all{&ada};
  ASSERT_TRUE(await<Welcome>(all, ada));
  EXPECT_EQ(hex_of(ada->lobby_key()->bytes()), deployment_hex);
}

}  // namespace
}  // namespace parley::lobby::testing
