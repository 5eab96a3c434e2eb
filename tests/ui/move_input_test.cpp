// Moving pieces with the pointer, without a window: click-click, drag-and-drop, promotion,
// castling by dropping the king on its rook, and everything that must not move a piece.
#include "games/chess/ui/move_input.hpp"

#include <gtest/gtest.h>

#include "game/chess/notation.hpp"
#include "games/chess/ui/chess_intent.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/ui/chess_fixtures.hpp"

namespace parley::ui {
namespace {

using namespace game::chess;
using testing::sq;

Position fen(const char* text) { return *Position::from_fen(text); }

TEST(MoveInput, ClickClickPlaysAMoveAndShowsTheTargetsBetween) {
  MoveInput in;
  in.reset(Position::start(), true);
  EXPECT_FALSE(in.press(sq("e2")));
  EXPECT_FALSE(in.release(sq("e2")));
  ASSERT_EQ(in.selected(), sq("e2"));
  EXPECT_EQ(in.targets(), sq("e3").bb() | sq("e4").bb());
  auto move = in.press(sq("e4"));
  ASSERT_TRUE(move);
  EXPECT_EQ(to_uci(*move), "e2e4");
  EXPECT_FALSE(in.selected()) << "the selection is gone once the move is made";
}

TEST(MoveInput, DragAndDropPlaysAMoveAndFollowsThePointer) {
  MoveInput in;
  in.reset(Position::start(), true);
  EXPECT_FALSE(in.press(sq("g1")));
  in.drag({100, 200});
  EXPECT_TRUE(in.dragging());
  EXPECT_EQ(in.drag_point(), (Point{100, 200}));
  auto move = in.release(sq("f3"));
  ASSERT_TRUE(move);
  EXPECT_EQ(to_uci(*move), "g1f3");
  EXPECT_FALSE(in.dragging());
}

TEST(MoveInput, ADropOnAnUnreachableSquareOrOffTheBoardPutsThePieceBack) {
  MoveInput in;
  in.reset(Position::start(), true);
  in.press(sq("g1"));
  in.drag({1, 1});
  EXPECT_FALSE(in.release(sq("g3")));
  EXPECT_FALSE(in.selected());
  in.press(sq("g1"));
  in.drag({1, 1});
  EXPECT_FALSE(in.release(std::nullopt));
  EXPECT_FALSE(in.selected());
}

TEST(MoveInput, ASecondClickOnTheSamePieceOrOnNothingDeselects) {
  MoveInput in;
  in.reset(Position::start(), true);
  in.press(sq("e2"));
  in.release(sq("e2"));
  in.press(sq("e2"));
  in.release(sq("e2"));
  EXPECT_FALSE(in.selected());
  in.press(sq("e2"));
  in.release(sq("e2"));
  EXPECT_FALSE(in.press(sq("e5")));  // not a target, not our piece
  EXPECT_FALSE(in.selected());
}

TEST(MoveInput, ClickingAnotherOwnPieceSwitchesTheSelection) {
  MoveInput in;
  in.reset(Position::start(), true);
  in.press(sq("e2"));
  in.release(sq("e2"));
  in.press(sq("d2"));
  in.release(sq("d2"));
  EXPECT_EQ(in.selected(), sq("d2"));
  EXPECT_EQ(in.targets(), sq("d3").bb() | sq("d4").bb());
}

TEST(MoveInput, NothingMovesWhenItIsNotOurTurnOrForThePieceThatCannotMove) {
  MoveInput in;
  in.reset(Position::start(), false);
  EXPECT_FALSE(in.press(sq("e2")));
  EXPECT_FALSE(in.selected());
  in.reset(Position::start(), true);
  in.press(sq("a1"));  // the rook is boxed in
  EXPECT_FALSE(in.selected());
  in.press(sq("e7"));  // the opponent's pawn
  EXPECT_FALSE(in.selected());
}

TEST(MoveInput, APromotionAsksForThePieceThenPlaysTheChosenOne) {
  MoveInput in;
  in.reset(fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), true);
  in.press(sq("e7"));
  in.release(sq("e7"));
  EXPECT_FALSE(in.press(sq("e8"))) << "no move until the piece is chosen";
  ASSERT_TRUE(in.promotion());
  EXPECT_EQ(in.promotion()->from, sq("e7"));
  EXPECT_EQ(in.promotion()->to, sq("e8"));
  auto move = in.choose_promotion(PieceType::knight);
  ASSERT_TRUE(move);
  EXPECT_EQ(to_uci(*move), "e7e8n");
  EXPECT_FALSE(in.promotion());
}

TEST(MoveInput, APromotionByDragAndItsCancellation) {
  MoveInput in;
  in.reset(fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), true);
  in.press(sq("e7"));
  in.drag({5, 5});
  EXPECT_FALSE(in.release(sq("e8")));
  ASSERT_TRUE(in.promotion());
  in.press(sq("a1"));  // a click beside the choice puts the pawn back
  EXPECT_FALSE(in.promotion());
  EXPECT_FALSE(in.choose_promotion(PieceType::queen));
}

TEST(MoveInput, TheKingCastlesOnItsCastlingSquareOrOnItsRook) {
  const auto position = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  MoveInput in;
  in.reset(position, true);
  in.press(sq("e1"));
  in.release(sq("e1"));
  EXPECT_TRUE(in.targets() & sq("h1").bb());
  EXPECT_TRUE(in.targets() & sq("a1").bb());
  auto short_castle = in.press(sq("h1"));
  ASSERT_TRUE(short_castle);
  EXPECT_EQ(short_castle->kind(), Move::Kind::castling);
  EXPECT_EQ(to_san(position, *short_castle), "O-O");
  in.reset(position, true);
  in.press(sq("e1"));
  in.drag({0, 0});
  auto long_castle = in.release(sq("c1"));
  ASSERT_TRUE(long_castle);
  EXPECT_EQ(to_san(position, *long_castle), "O-O-O");
}

TEST(BoardGeometry, SquaresAndPointsAgreeBothWaysUp) {
  for (bool flipped : {false, true}) {
    BoardGeometry g({10, 20}, 50, flipped);
    for (int i = 0; i < 64; ++i) {
      Square s(i);
      EXPECT_EQ(g.square_at(g.square_rect(s).center()), s);
    }
    EXPECT_FALSE(g.square_at({9, 25}));
    EXPECT_FALSE(g.square_at({10 + 400, 25}));
  }
  // White's view: a8 top-left, h1 bottom-right; flipped, the other way round.
  EXPECT_EQ(BoardGeometry({0, 0}, 10, false).square_at({1, 1}), sq("a8"));
  EXPECT_EQ(BoardGeometry({0, 0}, 10, true).square_at({1, 1}), sq("h1"));
}

TEST(ChessLayout, TheBoardFitsTheWindowAndThePanelMovesBelowInATallWindow) {
  auto wide = chess_layout(1280, 800, 30, 1.0f);
  EXPECT_FALSE(wide.panel_below);
  EXPECT_EQ(wide.board.w % 8, 0);
  EXPECT_LE(wide.board.y + wide.board.h, 800);
  EXPECT_GE(wide.panel.x, wide.board.x + wide.board.w);
  auto tall = chess_layout(600, 1400, 30, 1.0f);
  EXPECT_TRUE(tall.panel_below);
  EXPECT_LE(tall.board.x + tall.board.w, 600);
  EXPECT_GE(tall.panel.y, tall.board.y + tall.board.h);
  // Twice the scale: wider margins, the board still inside.
  auto hidpi = chess_layout(2560, 1600, 60, 2.0f);
  EXPECT_LE(hidpi.board.y + hidpi.board.h, 1600);
}

}  // namespace
}  // namespace parley::ui

namespace parley::ui {
namespace {

using namespace game::chess;

// The human seat's player: intents leave one at a time, a post the lobby refused is offered
// again, one that landed is not, and an intent the rules refuse is reported.
TEST(HumanChessPlayer, OffersARefusedPostAgainButNotOneThatLanded) {
  peer::testing::Table t;
  t.start_play();
  HumanChessPlayer player;
  EXPECT_FALSE(player.act(*t.session, game::Seat{0}));
  const Move e4 = *parse_uci(Position::start(), "e2e4");
  player.submit({ChessIntent::Kind::move, e4, 0});
  auto first = player.act(*t.session, game::Seat{0});
  ASSERT_TRUE(first);
  // The lobby refused it (nothing changed): the same move is offered again.
  auto again = player.act(*t.session, game::Seat{0});
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, *first);
  // It landed: not offered a third time, and no refusal to report.
  t.post(game::Seat{0}, peer::ActionMessage{t.session->state_hash(), *again});
  ASSERT_EQ(t.chess().moves().size(), 1U);
  EXPECT_FALSE(player.act(*t.session, game::Seat{0}));
  EXPECT_TRUE(player.take_refusals().empty());
  // A move that is not legal now is dropped with the rules' reason.
  player.submit({ChessIntent::Kind::move, e4, 0});
  EXPECT_FALSE(player.act(*t.session, game::Seat{0}));
  auto refusals = player.take_refusals();
  ASSERT_EQ(refusals.size(), 1U);
  EXPECT_NE(refusals[0].find("e2e4"), std::string::npos) << refusals[0];
}

// A post the session ignored as late (the opponent's accepted take-back landed first) is not
// offered again on the new board, though the move is legal there: the person chose it on the old.
TEST(HumanChessPlayer, DropsAnIntentWhoseBoardChangedUnderIt) {
  peer::testing::Table t;
  t.start_play();
  auto play = [&](game::Seat s, const char* uci) {
    t.post(s, t.chess_action({Action::Kind::move, s, *parse_uci(t.chess().position(), uci), 0}));
  };
  play(game::Seat{0}, "e2e4");
  play(game::Seat{1}, "e7e5");
  t.post(game::Seat{0}, t.chess_action({Action::Kind::request_takeback, game::Seat{0}, Move::none(), 2}));
  HumanChessPlayer player;
  player.submit({ChessIntent::Kind::move, *parse_uci(t.chess().position(), "g1f3"), 0});
  auto sent = player.act(*t.session, game::Seat{0});
  ASSERT_TRUE(sent);
  const lobby::EntryIndex seen{t.lobby.entries().size() - 1};
  const crypto::Digest hash = t.session->state_hash();
  t.post(game::Seat{1}, t.chess_action({Action::Kind::accept_takeback, game::Seat{1}, Move::none(), 0}));
  t.post(game::Seat{0}, peer::ActionMessage{hash, *sent}, seen);
  ASSERT_TRUE(t.chess().moves().empty());
  EXPECT_FALSE(t.session->seat(game::Seat{0}).blame);
  EXPECT_FALSE(player.act(*t.session, game::Seat{0}));
  EXPECT_TRUE(player.take_refusals().empty());
}

TEST(ChessIntent, TakeBackCountMakesItTheAskersTurnAgain) {
  Game g;
  EXPECT_EQ(takeback_count(g, game::Seat{0}), 0);
  g = *g.apply({Action::Kind::move, game::Seat{0}, *parse_uci(g.position(), "e2e4"), 0});
  EXPECT_EQ(takeback_count(g, game::Seat{0}), 1) << "white undoes its own move";
  EXPECT_EQ(takeback_count(g, game::Seat{1}), 0) << "black has nothing to undo";
  g = *g.apply({Action::Kind::move, game::Seat{1}, *parse_uci(g.position(), "e7e5"), 0});
  EXPECT_EQ(takeback_count(g, game::Seat{0}), 2) << "white undoes black's reply and its move";
  EXPECT_EQ(takeback_count(g, game::Seat{1}), 1);
}

}  // namespace
}  // namespace parley::ui
