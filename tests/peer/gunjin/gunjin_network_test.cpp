// Gunjin over a real parley-lobby on 127.0.0.1 with real `parley bot gunjin` processes: the
// bots finish their game, both peers write the same log, and the log verifies (through the
// library and through `parley verify`, as an organiser would).
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <thread>

#include "peer/log/verify.hpp"
#include "peer/net/runner.hpp"
#include "tests/peer/gunjin/gunjin_cheaters.hpp"
#include "tests/lobby/lobby_process.hpp"
#include "tests/peer/processes.hpp"

namespace parley::peer {
namespace {

namespace fs = std::filesystem;
using lobby::testing::LobbyProcess;
using testing::ParleyProcess;
using testing::eventually;
using testing::read_text;
using testing::stored_entry_bytes;

class GunjinNetwork : public testing::NetworkFixture<> {
 protected:
  GunjinNetwork() : NetworkFixture("gunjin", 300) {}
};

TEST_F(GunjinNetwork, TwoBotsFinishAGameTheirLogsAreIdenticalAndVerify) {
  LobbyProcess lobby(dir_);
  ParleyProcess a(dir_, "a", bot(lobby, "a", {"--seed", "3"}));
  ParleyProcess b(dir_, "b", bot(lobby, "b", {"--engine", "random", "--seed", "103"}));
  ASSERT_EQ(a.wait(), 0) << a.err();
  ASSERT_EQ(b.wait(), 0) << b.err();
  ASSERT_FALSE(a.log_path().empty()) << a.out();
  EXPECT_EQ(read_text(a.log_path()), read_text(b.log_path()));
  EXPECT_EQ(a.result(), b.result());

  std::string bytes = read_text(a.log_path());
  auto report = verify_bytes({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
  EXPECT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.game, "gunjin");
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;

  ParleyProcess verify(dir_, "verify", {"verify", "--lobby-key", (dir_ / "lobby.db.key").string(), a.log_path(), b.log_path()});
  EXPECT_EQ(verify.wait(), 0) << verify.out() << verify.err();
  ParleyProcess show(dir_, "show", {"log", "show", "--lobby-key", (dir_ / "lobby.db.key").string(), a.log_path()});
  EXPECT_EQ(show.wait(), 0) << show.err();
  EXPECT_NE(show.out().find("proves its army"), std::string::npos) << show.out();
  EXPECT_NE(show.out().find("claims:"), std::string::npos) << "no battle was shown";
}

// A bot killed mid-game (its layout's openings and its duel secrets kept only on disk)
// restarts, resumes the game and finishes it.
TEST_F(GunjinNetwork, ABotKilledMidGameRestartsAndFinishes) {
  LobbyProcess lobby(dir_);
  fs::path key = dir_ / "b.key";
  ParleyProcess a(dir_, "a", bot(lobby, "a", {"--create", "2", "--seed", "4"}));
  ASSERT_TRUE(eventually([&] { return a.err().find("room 1:") != std::string::npos; }, 60)) << a.err();
  std::vector<std::string> b_args = bot(lobby, "b", {"--room", "1", "--identity", key.string(), "--seed", "104"});
  ParleyProcess b1(dir_, "b1", b_args);
  // The army proofs and a few battles in, b dies with no chance to clean up.
  ASSERT_TRUE(eventually([&] { return stored_entry_bytes(dir_ / "b") > 40000; }, 60)) << b1.err();
  b1.kill9();
  ParleyProcess b2(dir_, "b2", b_args);
  ASSERT_EQ(b2.wait(), 0) << b2.err();
  ASSERT_EQ(a.wait(), 0) << a.err();
  EXPECT_NE(b2.err().find("resuming the game in room 1"), std::string::npos) << b2.err();
  EXPECT_EQ(read_text(a.log_path()), read_text(b2.log_path()));
  std::string bytes = read_text(a.log_path());
  auto report = verify_bytes({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;
}

// A cheating seat in this process (an engineer that flies, with a forged move proof) against an
// honest `parley bot gunjin`: the honest peer refuses the move live, wins by forfeit, and both
// peers' logs name the cheater at the same entry.
TEST_F(GunjinNetwork, AFlyingEngineerIsCaughtLiveAndInTheLog) {
  LobbyProcess lobby(dir_);
  testing::FalseProver cheater(testing::script(testing::with_swapped(testing::kBaseLayout, 19, 20),
                                               {{19, game::gunjin::Square{25}}}));
  SeatOptions options;
  options.lobby = lobby::Endpoint{"127.0.0.1", lobby.port()};
  options.display_name = "cheater";
  options.game = "gunjin";
  options.join = SeatOptions::Join::create;  // the creator sits first and moves first
  options.data_dir = dir_ / "cheater";
  SeatRunner runner(std::move(options), cheater);
  std::optional<ParleyProcess> honest;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (runner.status() != RunnerStatus::finished && runner.status() != RunnerStatus::failed &&
         std::chrono::steady_clock::now() < give_up) {
    runner.step(20);
    if (!honest && runner.room()) honest.emplace(dir_, "honest", bot(lobby, "honest", {"--room", std::to_string(runner.room()->value)}));
  }
  ASSERT_EQ(runner.status(), RunnerStatus::finished) << runner.failure();
  ASSERT_TRUE(honest);
  ASSERT_EQ(honest->wait(), 0) << honest->err();
  ASSERT_TRUE(cheater.cheat_index);
  EXPECT_EQ(honest->result(), "seat 1 wins (forfeit)");
  EXPECT_EQ(read_text(honest->log_path()), read_text(runner.log_path()->string()));
  std::string bytes = read_text(honest->log_path());
  auto report = verify_bytes({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
  EXPECT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.seats[0].kind, SeatVerdict::Kind::blamed);
  ASSERT_TRUE(report.seats[0].index);
  // The entry named is the cheater's flight 19 → 25.
  auto log = decode_log({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
  ASSERT_TRUE(log);
  const auto& env = std::get<lobby::SignedEnvelope>(log->entries.at(report.seats[0].index->value).entry.payload).envelope;
  EXPECT_EQ(env.seat, Seat{0});
  auto message = decode_message(env.kind, env.body);
  ASSERT_TRUE(message);
  auto move = decode_gunjin_message(std::get<ActionMessage>(*message).game_message);
  ASSERT_TRUE(move);
  ASSERT_TRUE(std::holds_alternative<MoveMessage>(*move));
  EXPECT_EQ(std::get<MoveMessage>(*move).from, game::gunjin::Square{19});
  EXPECT_EQ(std::get<MoveMessage>(*move).to, game::gunjin::Square{25});
  EXPECT_EQ(report.seats[0].offence, Offence::illegal_action);
  EXPECT_EQ(report.seats[0].refusal, RefusalCode(GunjinRefusal::move_proof_fails)) << report.seats[0].reason;
  EXPECT_EQ(report.seats[0].code, "move_proof_fails");
  EXPECT_EQ(report.seats[1].kind, SeatVerdict::Kind::honest);
}

TEST_F(GunjinNetwork, AnUnknownStrategyIsAUsageError) {
  LobbyProcess lobby(dir_);
  ParleyProcess a(dir_, "a", bot(lobby, "a", {"--engine", "uci:/usr/games/stockfish"}));
  EXPECT_EQ(a.wait(), 2) << a.err();
}

}  // namespace
}  // namespace parley::peer
