// The replay viewer over logs made by the fake signing lobby: stepping, the board at each step
// (chess's replay beside the viewer), and the verifier's verdict (a clean game, a seat caught
// cheating, a file that is not a log).
#include "ui/core/replay.hpp"

#include <gtest/gtest.h>

#include "game/chess/notation.hpp"
#include "games/chess/ui/chess_replay.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/ui/chess_fixtures.hpp"

namespace parley::ui {
namespace {

using namespace game::chess;
using testing::kBlack;
using testing::kWhite;
using peer::testing::Table;

void play(Table& t, std::initializer_list<const char*> sans) {
  for (auto san : sans) {
    Move m = *parse_san(t.chess().position(), san);
    game::Seat s = seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
  }
}

void sign_results(Table& t) {
  for (auto& l : t.locals)
    if (auto duty = l.duty(*t.session, {})) t.post(l.seat(), *duty);  // a blamed seat signs nothing
}

ReplayViewer open(const Table& t) {
  auto viewer = ReplayViewer::open(lobby::encode(t.lobby.log()), "test.plog");
  EXPECT_TRUE(viewer) << (viewer ? "" : viewer.error());
  return std::move(viewer).value();
}

TEST(Replay, StepsThroughEveryEntryWithTheBoardAfterIt) {
  Table t;
  t.start_play();
  play(t, {"f3", "e5", "g4", "Qh4#"});
  sign_results(t);
  ReplayViewer v = open(t);
  ASSERT_TRUE(v.report().valid) << v.report().fault;
  auto chess = ChessReplay::open(v);
  ASSERT_TRUE(chess);
  ASSERT_EQ(v.size(), t.lobby.entries().size());  // genesis, 2 setups, 2 reveals, 4 moves, 2 results
  EXPECT_EQ(v.current(), 0U);
  EXPECT_EQ(v.step().kind, "genesis");
  EXPECT_EQ(chess->position(v.current()).fen(), Position::start().fen());
  EXPECT_FALSE(chess->last_move(v.current()));

  // Entry 5 is the first move.
  v.go_to(5);
  EXPECT_EQ(v.step().seat, kWhite);
  ASSERT_TRUE(chess->last_move(v.current()));
  EXPECT_EQ(to_uci(*chess->last_move(v.current())), "f2f3");
  EXPECT_EQ(chess->san_moves(v.current()), (std::vector<std::string>{"f3"}));

  v.last();
  EXPECT_EQ(v.current(), v.size() - 1);
  EXPECT_EQ(chess->san_moves(v.current()), (std::vector<std::string>{"f3", "e5", "g4", "Qh4#"}));
  EXPECT_TRUE(chess->position(v.current()).in_check());
  EXPECT_EQ(to_uci(*chess->last_move(v.current())), "d8h4");

  v.step_by(-1000);
  EXPECT_EQ(v.current(), 0U);
  v.step_by(1000);
  EXPECT_EQ(v.current(), v.size() - 1);
  v.step_by(-2);
  EXPECT_EQ(v.current(), v.size() - 3);
  EXPECT_EQ(chess->san_moves(v.current()).size(), 4U);  // the results come after the mate
}

TEST(Replay, TheVerdictIsBesideTheBoardAndTheResultIsAStepToJumpTo) {
  Table t;
  t.start_play();
  play(t, {"f3", "e5", "g4", "Qh4#"});
  sign_results(t);
  ReplayViewer v = open(t);
  ASSERT_EQ(v.report().seats.size(), 2U);
  EXPECT_EQ(v.report().seats[0].kind, peer::SeatVerdict::Kind::honest);
  EXPECT_EQ(v.report().seats[1].kind, peer::SeatVerdict::Kind::honest);
  ASSERT_TRUE(v.report().outcome);
  EXPECT_EQ(v.report().outcome->winner, kBlack);
  v.next_verdict();
  EXPECT_EQ(v.current(), 8U) << "the mate is where the result is concluded";
  ASSERT_FALSE(v.step().verdicts.empty());
  EXPECT_NE(v.step().verdicts.front().find("Black wins"), std::string::npos) << v.step().verdicts.front();
  EXPECT_FALSE(v.step().blame);
  v.next_verdict();
  EXPECT_GT(v.current(), 8U);
  v.previous_verdict();
  EXPECT_EQ(v.current(), 8U);
  auto chess = ChessReplay::open(v);
  ASSERT_TRUE(chess);
  auto pgn = chess->pgn();
  ASSERT_TRUE(pgn) << pgn.error().detail;
  EXPECT_NE(pgn->find("2. g4 Qh4# 0-1"), std::string::npos) << *pgn;
}

TEST(Replay, ASeatCaughtCheatingIsBlamedAtItsEntry) {
  Table t;
  t.start_play();
  play(t, {"e4"});
  // Black moves a white pawn: an illegal action, blamed, and black forfeits.
  Action bad{Action::Kind::move, kBlack, *parse_uci(Position::start(), "d2d4"), 0};
  t.post(kBlack, t.chess_action(bad));
  const std::size_t cheat = t.lobby.entries().size() - 1;
  sign_results(t);
  ReplayViewer v = open(t);
  ASSERT_TRUE(v.report().valid) << v.report().fault;
  EXPECT_EQ(v.report().seats[1].kind, peer::SeatVerdict::Kind::blamed);
  EXPECT_EQ(v.report().seats[1].index->value, cheat);
  EXPECT_EQ(v.report().seats[0].kind, peer::SeatVerdict::Kind::honest);
  v.next_verdict();
  EXPECT_EQ(v.current(), cheat);
  EXPECT_TRUE(v.step().blame);
  EXPECT_EQ(v.report().seats[1].offence, peer::Offence::illegal_action);
  EXPECT_EQ(v.report().seats[1].refusal, peer::RefusalCode(Illegal::illegal_move));
  auto chess = ChessReplay::open(v);
  ASSERT_TRUE(chess);
  EXPECT_EQ(chess->san_moves(v.current()), (std::vector<std::string>{"e4"})) << "the illegal move is not on the board";
}

TEST(Replay, ATakeBackReturnsToTheEarlierPositionAndSteppingBackShowsTheOldLine) {
  Table t;
  t.start_play();
  play(t, {"e4", "e5"});
  // Black takes back its reply, with white's consent, and plays another.
  t.post(kBlack, t.chess_action({Action::Kind::request_takeback, kBlack, Move::none(), 1}));
  t.post(kWhite, t.chess_action({Action::Kind::accept_takeback, kWhite, Move::none(), 0}));
  play(t, {"c5"});
  ReplayViewer v = open(t);
  auto chess = ChessReplay::open(v);
  ASSERT_TRUE(chess);
  v.last();
  EXPECT_EQ(chess->san_moves(v.current()), (std::vector<std::string>{"e4", "c5"}));
  v.go_to(6);
  EXPECT_EQ(chess->san_moves(v.current()), (std::vector<std::string>{"e4", "e5"}));
  EXPECT_FALSE(v.report().valid) << "an unfinished game does not verify";
}

TEST(Replay, AFileThatIsNotALogIsATypedErrorNotACrash) {
  const std::vector<std::uint8_t> junk{'n', 'o', 't', ' ', 'a', ' ', 'l', 'o', 'g'};
  auto v = ReplayViewer::open(junk, "junk");
  ASSERT_FALSE(v);
  EXPECT_NE(v.error().find("not a readable game log"), std::string::npos) << v.error();
  Table t;
  t.start_play();
  auto bytes = lobby::encode(t.lobby.log());
  bytes.resize(bytes.size() - 3);
  auto cut = ReplayViewer::open(bytes, "cut");
  EXPECT_FALSE(cut);
}

}  // namespace
}  // namespace parley::ui
