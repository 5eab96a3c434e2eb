// Whole games on a lobby cluster (docs/lobby.md, "Cluster"): three parley-lobby nodes on
// 127.0.0.1 sharing a private PostgreSQL server, and `parley bot` processes spread over them.
// A chess game whose players are on different nodes; a six-seat Risiko game over all three;
// the sequencing node killed (kill -9) mid-game, and paused past its lease (SIGSTOP) while
// another node takes the room over; PostgreSQL restarted under the nodes. In every case the
// game finishes, every peer's log is the same and verifies against the deployment's key, and
// the database holds one chain per room of which every peer's log is the beginning.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "lobby/protocol/game_log.hpp"
#include "lobby/protocol/node_certificate.hpp"
#include "lobby/protocol/transcript.hpp"
#include "peer/log/verify.hpp"
#include "tests/lobby/cluster_process.hpp"
#include "tests/peer/processes.hpp"

namespace parley::peer {
namespace {

using lobby::testing::Cluster;
using lobby::testing::NodeProcess;
using testing::ParleyProcess;
using testing::read_text;

class ClusterGame : public testing::NetworkFixture<> {
 protected:
  ClusterGame() : NetworkFixture("chess", 180) {}
  void SetUp() override {
    NetworkFixture::SetUp();
    if (!tests::PgServer::binaries()) GTEST_SKIP() << "no PostgreSQL server binaries installed";
    ASSERT_TRUE(cluster_.start(dir_, 3));
  }

  std::vector<std::string> bot_on(NodeProcess& node, const std::string& game, const std::string& name,
                                  std::vector<std::string> extra) const {
    std::vector<std::string> args = {"bot",    game, "--lobby", "127.0.0.1:" + std::to_string(node.port()),
                                     "--data", (dir_ / name).string(), "--give-up", "180"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }

  // Two chess bots, "a" on node 0 and "b" on node 1, with seeds `seed` and `seed` + 1 and the
  // options `extra` besides.
  std::vector<std::unique_ptr<ParleyProcess>> chess_bots_on_two_nodes(int seed, std::vector<std::string> extra = {}) {
    std::vector<std::unique_ptr<ParleyProcess>> bots;
    for (int i = 0; i < 2; ++i) {
      const std::string name(1, static_cast<char>('a' + i));
      std::vector<std::string> options = extra;
      options.insert(options.end(), {"--seed", std::to_string(seed + i)});
      bots.push_back(std::make_unique<ParleyProcess>(
          dir_, name, bot_on(cluster_.node(static_cast<std::size_t>(i)), "chess", name, std::move(options))));
    }
    return bots;
  }

  // The one room of the test, once the database has it started.
  lobby::RoomId started_room() {
    std::optional<lobby::RoomId> room;
    testing::eventually([&] {
      auto rows = cluster_.sql("SELECT room_id FROM lobby_rooms WHERE phase >= 1");
      if (rows && rows->size() == 1) room = lobby::RoomId{static_cast<std::uint64_t>(rows->integer(0, 0))};
      return room.has_value();
    });
    EXPECT_TRUE(room);
    return room.value_or(lobby::RoomId{0});
  }
  std::int64_t stored_count(lobby::RoomId room) {
    auto rows = cluster_.sql("SELECT count(*) FROM lobby_entries WHERE room_id = " + std::to_string(room.value));
    return rows ? rows->integer(0, 0) : -1;
  }

  // The room's chain in the database: one entry per index, linked, stamped only by nodes the
  // deployment certified. Its entries, decoded.
  std::vector<lobby::SignedEntry> stored_chain(lobby::RoomId room) {
    std::vector<lobby::SignedEntry> chain;
    for (const Bytes& wire : cluster_.stored_entries(room)) {
      auto e = lobby::decode_signed_entry(wire);
      EXPECT_TRUE(e.ok());
      if (e) chain.push_back(std::move(*e));
    }
    EXPECT_FALSE(chain.empty());
    if (chain.empty()) return chain;
    auto t = lobby::Transcript::start(cluster_.deployment().public_key(), chain[0]);
    EXPECT_TRUE(t.ok());
    for (std::size_t i = 1; t && i < chain.size(); ++i) {
      auto appended = t->append(chain[i]);
      EXPECT_TRUE(appended.ok()) << "stored entry " << i << ": " << lobby::describe(appended.error());
      if (!appended) break;
    }
    return chain;
  }

  // Every bot finished with the same log, which verifies against the deployment's key (and
  // not against another), and is the beginning of the chain the database holds.
  void expect_one_verified_game(const std::vector<std::unique_ptr<ParleyProcess>>& bots, lobby::RoomId room,
                                int rounds = 4000) {
    for (auto& b : bots) ASSERT_EQ(b->wait(rounds), 0) << b->err();
    const std::string log = read_text(bots[0]->log_path());
    for (auto& b : bots) EXPECT_EQ(read_text(b->log_path()), log);
    ParleyProcess pinned(dir_, "verify", {"verify", "--lobby-key", cluster_.deployment_hex(), bots[0]->log_path()});
    EXPECT_EQ(pinned.wait(), 0) << pinned.out() << pinned.err();
    ParleyProcess other(dir_, "verify-other",
                        {"verify", "--lobby-key", lobby::testing::hex_of(crypto::Identity::generate().public_key().bytes()),
                         bots[0]->log_path()});
    EXPECT_EQ(other.wait(), 1) << other.out();
    auto decoded = lobby::decode_log({reinterpret_cast<const std::uint8_t*>(log.data()), log.size()});
    ASSERT_TRUE(decoded.ok());
    EXPECT_EQ(decoded->lobby_key, cluster_.deployment().public_key());
    const auto chain = stored_chain(room);
    ASSERT_GE(chain.size(), decoded->entries.size());
    for (std::size_t i = 0; i < decoded->entries.size(); ++i)
      EXPECT_TRUE(decoded->entries[i] == chain[i]) << "entry " << i << " differs from the database's";
  }

  // The game's log cut after its first entries and carried on by a node the deployment never
  // certified (a key that made its own certificate, as anyone can): `parley verify` pinned to
  // the deployment refuses it at the rogue handover.
  void expect_an_uncertified_node_refused(const std::string& log_path) {
    const std::string log = read_text(log_path);
    auto decoded = lobby::decode_log({reinterpret_cast<const std::uint8_t*>(log.data()), log.size()});
    ASSERT_TRUE(decoded.ok());
    ASSERT_GE(decoded->entries.size(), 3u);
    lobby::GameLog forged{decoded->lobby_key, {decoded->entries.begin(), decoded->entries.begin() + 3}};
    lobby::EntryHash head{};
    for (const auto& e : forged.entries) head = lobby::chain_hash(head, lobby::entry_bytes(e.entry));
    const auto& genesis = std::get<lobby::Genesis>(forged.entries[0].entry.payload);
    const crypto::Identity rogue = crypto::Identity::generate();
    lobby::Entry handover{lobby::EntryIndex{3}, forged.entries[2].entry.lobby_time_ms + 1, head,
                          lobby::Handover{lobby::certify_node(rogue, rogue.public_key(), 0, ~0ULL), 99}};
    forged.entries.push_back(
        lobby::SignedEntry{handover, lobby::sign_entry(rogue, genesis.session_id, lobby::entry_bytes(handover))});
    const Bytes bytes = lobby::encode(forged);
    const auto path = dir_ / "uncertified.plog";
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                 static_cast<std::streamsize>(bytes.size()));
    ParleyProcess verify(dir_, "verify-uncertified",
                         {"verify", "--json", "--lobby-key", cluster_.deployment_hex(), path.string()});
    EXPECT_EQ(verify.wait(), 1) << verify.out() << verify.err();
    auto report = nlohmann::json::parse(verify.out(), nullptr, false);
    ASSERT_TRUE(report.is_array() && report.size() == 1) << verify.out();
    EXPECT_EQ(report[0]["fault_code"], "broken_chain");
    EXPECT_EQ(report[0]["fault_entry"], 3);
    EXPECT_EQ(report[0]["lobby_trust"], "pinned");
  }

  std::size_t handovers(const std::vector<lobby::SignedEntry>& chain) {
    return static_cast<std::size_t>(std::count_if(chain.begin(), chain.end(), [](const lobby::SignedEntry& e) {
      return std::holds_alternative<lobby::Handover>(e.entry.payload);
    }));
  }

  Cluster cluster_;
};

TEST_F(ClusterGame, ChessPlayersOnTwoNodesFinishAndTheLogVerifiesAgainstTheDeploymentKey) {
  auto bots = chess_bots_on_two_nodes(21);
  const lobby::RoomId room = started_room();
  expect_one_verified_game(bots, room);
  EXPECT_EQ(handovers(stored_chain(room)), 0u);
  expect_an_uncertified_node_refused(bots[0]->log_path());
}

TEST_F(ClusterGame, RisikoBotsSpreadOverThreeNodesFinishOneGame) {
  // Three seats, one on each node: six (two a node) take 16 s instead of 4 in the development
  // build, more than CI's budget allows for one test; the single lobby's tests play six.
  constexpr int kSeats = 3;
  std::vector<std::unique_ptr<ParleyProcess>> bots;
  for (int i = 0; i < kSeats; ++i) {
    const std::string name = "bot" + std::to_string(i);
    bots.push_back(std::make_unique<ParleyProcess>(
        dir_, name,
        bot_on(cluster_.node(static_cast<std::size_t>(i % 3)), "risiko", name,
               {"--quick-match", std::to_string(kSeats), "--quiet"})));
  }
  const lobby::RoomId room = started_room();
  expect_one_verified_game(bots, room, 12000);
}

TEST_F(ClusterGame, TheSequencingNodeKilledMidGameLosesNoEntryAndAnotherNodeFinishesTheGame) {
  auto bots = chess_bots_on_two_nodes(31, {"--delay", "20"});
  const lobby::RoomId room = started_room();
  ASSERT_TRUE(testing::eventually([&] { return stored_count(room) >= 20; }));
  NodeProcess* sequencer = cluster_.sequencer_of(room);
  ASSERT_NE(sequencer, nullptr);
  const std::int64_t before = stored_count(room);
  sequencer->kill9();
  expect_one_verified_game(bots, room);
  const auto chain = stored_chain(room);
  EXPECT_GE(handovers(chain), 1u);
  EXPECT_GT(static_cast<std::int64_t>(chain.size()), before);
  NodeProcess* now = cluster_.sequencer_of(room);
  EXPECT_TRUE(now != nullptr && now != sequencer);
}

TEST_F(ClusterGame, ASequencerPausedPastItsLeaseCannotAppendAfterAnotherNodeTookTheRoom) {
  auto bots = chess_bots_on_two_nodes(41, {"--delay", "20"});
  const lobby::RoomId room = started_room();
  ASSERT_TRUE(testing::eventually([&] { return stored_count(room) >= 20; }));
  NodeProcess* paused = cluster_.sequencer_of(room);
  ASSERT_NE(paused, nullptr);
  paused->pause();
  // Another node takes the room over once the paused node's lease has run out.
  ASSERT_TRUE(testing::eventually([&] {
    NodeProcess* s = cluster_.sequencer_of(room);
    return s != nullptr && s != paused;
  }));
  ASSERT_TRUE(testing::eventually([&] { return handovers(stored_chain(room)) >= 1; }));
  paused->resume();
  expect_one_verified_game(bots, room);
  // The paused node let the room go when it woke; it still runs.
  EXPECT_TRUE(testing::eventually([&] { return paused->log().find(" released: another node sequences it now") != std::string::npos; }))
      << paused->log();
  EXPECT_TRUE(paused->running());
  // Everything after the handover is stamped by the new node (stored_chain checked each
  // signature against the certificate in force).
  const auto chain = stored_chain(room);
  ASSERT_FALSE(chain.empty());
}

TEST_F(ClusterGame, PostgresRestartedUnderTheNodesPausesTheGameWhichThenFinishes) {
  auto bots = chess_bots_on_two_nodes(51, {"--delay", "20"});
  const lobby::RoomId room = started_room();
  ASSERT_TRUE(testing::eventually([&] { return stored_count(room) >= 20; }));
  ASSERT_TRUE(cluster_.postgres().stop());
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));
  std::string why;
  ASSERT_TRUE(cluster_.postgres().start(why)) << why;
  expect_one_verified_game(bots, room);
  bool said = false, back = false;
  for (std::size_t i = 0; i < cluster_.size(); ++i) {
    said |= cluster_.node(i).log().find("not serving rooms: the cluster's database is unavailable") != std::string::npos;
    back |= cluster_.node(i).log().find("serving rooms again") != std::string::npos;
    EXPECT_TRUE(cluster_.node(i).running());
  }
  EXPECT_TRUE(said && back);
}

}  // namespace
}  // namespace parley::peer
