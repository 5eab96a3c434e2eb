#include "game/chess/game.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "game/chess/notation.hpp"

namespace parley::game::chess {
namespace {

constexpr Seat kWhite{0}, kBlack{1};

Action move_action(const Game& g, std::string_view san) {
  auto m = parse_san(g.position(), san);
  EXPECT_TRUE(m.ok()) << san << " in " << g.position().fen();
  return {Action::Kind::move, seat_of(g.position().side_to_move()), *m, 0};
}

Game play(Game g, std::initializer_list<std::string_view> sans) {
  for (auto san : sans) {
    auto next = g.apply(move_action(g, san));
    EXPECT_TRUE(next.ok()) << san << ": " << describe(next.error());
    g = *next;
  }
  return g;
}

Game from(std::string_view fen) { return Game(*Position::from_fen(fen)); }

Action simple(Action::Kind kind, Seat seat, std::uint16_t count = 0) { return {kind, seat, Move::none(), count}; }

TEST(GameEnd, Checkmate) {
  Game g = play(Game(), {"f3", "e5", "g4", "Qh4#"});
  ASSERT_TRUE(g.result());
  EXPECT_EQ(g.result()->winner, Color::black);
  EXPECT_EQ(g.result()->termination, Termination::checkmate);
  EXPECT_EQ(Chess::outcome(g)->winner, kBlack);
  EXPECT_EQ(Chess::outcome(g)->reason, "checkmate");
  EXPECT_EQ(g.apply(simple(Action::Kind::resign, kWhite)).error(), Illegal::game_over);
}

TEST(GameEnd, Stalemate) {
  Game g = play(from("7k/8/6Q1/8/8/8/8/K7 w - - 0 1"), {"Qf7"});
  ASSERT_TRUE(g.result());
  EXPECT_EQ(g.result()->termination, Termination::stalemate);
  EXPECT_FALSE(g.result()->winner);
}

TEST(GameEnd, InsufficientMaterial) {
  EXPECT_TRUE(insufficient_material(*Position::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1")));
  EXPECT_TRUE(insufficient_material(*Position::from_fen("8/8/8/4k3/8/8/8/4KN2 w - - 0 1")));
  EXPECT_TRUE(insufficient_material(*Position::from_fen("8/8/8/4k3/8/8/8/4KB2 w - - 0 1")));
  // Bishops all on light squares (f1 and c4 are light... f1 is light, d3 is light).
  EXPECT_TRUE(insufficient_material(*Position::from_fen("8/8/8/4k3/8/3b4/8/4KB2 w - - 0 1")));
  EXPECT_FALSE(insufficient_material(*Position::from_fen("8/8/8/4k3/8/4b3/8/4KB2 w - - 0 1")));
  EXPECT_FALSE(insufficient_material(*Position::from_fen("8/8/8/4k3/8/8/8/3NKN2 w - - 0 1")));
  EXPECT_FALSE(insufficient_material(*Position::from_fen("8/8/8/4k3/8/8/5P2/4K3 w - - 0 1")));
  // Capturing the last pawn ends the game at once.
  Game g = play(from("8/8/8/4k3/4p3/8/8/4K2R w - - 0 1"), {"Rh4", "Kd5", "Rxe4"});
  ASSERT_FALSE(g.result());
  g = play(g, {"Kxe4"});
  ASSERT_TRUE(g.result());
  EXPECT_EQ(g.result()->termination, Termination::insufficient_material);
}

TEST(GameEnd, ThreefoldRepetitionMayBeClaimedFivefoldEndsTheGame) {
  Game g;
  const std::initializer_list<std::string_view> shuffle = {"Nf3", "Nf6", "Ng1", "Ng8"};
  g = play(g, shuffle);
  EXPECT_EQ(g.repetitions(), 2);
  EXPECT_EQ(g.apply(simple(Action::Kind::claim_draw, kWhite)).error(), Illegal::no_claimable_draw);
  g = play(g, shuffle);
  EXPECT_EQ(g.repetitions(), 3);
  EXPECT_TRUE(g.can_claim_draw());
  EXPECT_EQ(g.apply(simple(Action::Kind::claim_draw, kBlack)).error(), Illegal::not_your_turn);
  auto claimed = g.apply(simple(Action::Kind::claim_draw, kWhite));
  ASSERT_TRUE(claimed.ok());
  EXPECT_EQ(claimed->result()->termination, Termination::threefold_repetition);
  // Not claimed: play goes on until the fifth occurrence.
  g = play(g, shuffle);
  ASSERT_FALSE(g.result());
  g = play(g, shuffle);
  ASSERT_TRUE(g.result());
  EXPECT_EQ(g.result()->termination, Termination::fivefold_repetition);
}

TEST(GameEnd, FiftyMoveRuleMayBeClaimedSeventyFiveEndsTheGame) {
  Game g = from("8/8/4k3/8/8/4K3/8/R7 w - - 99 80");
  EXPECT_EQ(g.apply(simple(Action::Kind::claim_draw, kWhite)).error(), Illegal::no_claimable_draw);
  g = play(g, {"Ra2"});
  auto claimed = g.apply(simple(Action::Kind::claim_draw, kBlack));
  ASSERT_TRUE(claimed.ok());
  EXPECT_EQ(claimed->result()->termination, Termination::fifty_moves);

  Game late = play(from("8/8/4k3/8/8/4K3/8/R7 w - - 149 100"), {"Ra2"});
  ASSERT_TRUE(late.result());
  EXPECT_EQ(late.result()->termination, Termination::seventy_five_moves);
  // Checkmate on the 75th move stands (FIDE 9.6.2).
  Game mate = play(from("7k/8/6K1/8/8/8/8/R7 w - - 149 100"), {"Ra8#"});
  EXPECT_EQ(mate.result()->termination, Termination::checkmate);
}

TEST(Offers, DrawOfferLifecycle) {
  Game g;
  auto offered = g.apply(simple(Action::Kind::offer_draw, kWhite));
  ASSERT_TRUE(offered.ok());
  EXPECT_EQ(offered->apply(simple(Action::Kind::offer_draw, kBlack)).error(), Illegal::draw_already_offered);
  EXPECT_EQ(offered->apply(simple(Action::Kind::accept_draw, kWhite)).error(), Illegal::answer_own_request);
  auto declined = offered->apply(simple(Action::Kind::decline_draw, kBlack));
  ASSERT_TRUE(declined.ok());
  EXPECT_FALSE(declined->draw_offered_by());
  EXPECT_EQ(declined->apply(simple(Action::Kind::accept_draw, kBlack)).error(), Illegal::no_draw_offer);

  // The offerer's own move keeps the offer open; the opponent's move lapses it.
  Game after_own_move = play(*offered, {"e4"});
  EXPECT_EQ(after_own_move.draw_offered_by(), Color::white);
  Game after_reply = play(after_own_move, {"e5"});
  EXPECT_FALSE(after_reply.draw_offered_by());

  auto accepted = after_own_move.apply(simple(Action::Kind::accept_draw, kBlack));
  ASSERT_TRUE(accepted.ok());
  EXPECT_EQ(accepted->result()->termination, Termination::agreement);
}

TEST(Offers, TakebackUndoesTheLastMovesByAgreement) {
  Game g = play(Game(), {"e4", "e5", "Nf3"});
  EXPECT_EQ(g.apply(simple(Action::Kind::request_takeback, kBlack, 4)).error(), Illegal::takeback_too_long);
  EXPECT_EQ(g.apply(simple(Action::Kind::request_takeback, kBlack, 0)).error(), Illegal::takeback_too_long);
  EXPECT_EQ(g.apply(simple(Action::Kind::accept_takeback, kWhite)).error(), Illegal::no_takeback_request);
  auto requested = g.apply(simple(Action::Kind::request_takeback, kWhite, 2));
  ASSERT_TRUE(requested.ok());
  EXPECT_EQ(requested->apply(simple(Action::Kind::request_takeback, kBlack, 1)).error(), Illegal::takeback_pending);
  EXPECT_EQ(requested->apply(simple(Action::Kind::accept_takeback, kWhite)).error(), Illegal::answer_own_request);
  auto accepted = requested->apply(simple(Action::Kind::accept_takeback, kBlack));
  ASSERT_TRUE(accepted.ok());
  EXPECT_EQ(accepted->moves().size(), 1U);
  EXPECT_EQ(accepted->position().fen(), play(Game(), {"e4"}).position().fen());
  EXPECT_FALSE(accepted->takeback_request());
  // A move by the player to move lapses a pending request.
  auto lapsed = g.apply(simple(Action::Kind::request_takeback, kBlack, 1));
  EXPECT_FALSE(play(*lapsed, {"Nc6"}).takeback_request());
}

TEST(Flag, FallLosesUnlessTheOpponentCannotMate) {
  Game g = play(Game(), {"e4"});
  EXPECT_EQ(g.apply(simple(Action::Kind::flag_fall, kWhite)).error(), Illegal::not_your_turn);
  auto lost = g.apply(simple(Action::Kind::flag_fall, kBlack));
  ASSERT_TRUE(lost.ok());
  EXPECT_EQ(lost->result()->winner, Color::white);
  EXPECT_EQ(lost->result()->termination, Termination::time_forfeit);

  // White's flag falls; black has only its king and can never mate: a draw (FIDE 6.9).
  Game lone_king = from("8/8/4k3/8/8/4K3/8/7R w - - 0 1");
  auto drawn = lone_king.apply(simple(Action::Kind::flag_fall, kWhite));
  ASSERT_TRUE(drawn.ok());
  EXPECT_EQ(drawn->result()->termination, Termination::time_out_vs_insufficient_material);
  EXPECT_FALSE(drawn->result()->winner);
  // With a rook black could mate: white's flag loses.
  Game black_rook = from("8/8/4k3/8/8/4K3/8/7r w - - 0 1");
  EXPECT_EQ(black_rook.apply(simple(Action::Kind::flag_fall, kWhite))->result()->winner, Color::black);
  EXPECT_FALSE(has_mating_material(black_rook.position(), Color::white));
  EXPECT_FALSE(has_mating_material(*Position::from_fen("8/8/4k3/8/8/4K3/8/6Nr w - - 0 1"), Color::white));
  EXPECT_TRUE(has_mating_material(*Position::from_fen("8/8/4k3/8/8/4K3/8/5NNr w - - 0 1"), Color::white));
}

TEST(Actions, MovesAreCheckedForTurnAndLegality) {
  Game g;
  Move e2e4 = *parse_uci(g.position(), "e2e4");
  EXPECT_EQ(g.apply({Action::Kind::move, kBlack, e2e4, 0}).error(), Illegal::not_your_turn);
  EXPECT_EQ(g.apply({Action::Kind::move, kWhite, Move(Square(12), Square(36)), 0}).error(), Illegal::illegal_move);
  EXPECT_EQ(g.apply({Action::Kind::resign, Seat{2}, Move::none(), 0}).error(), Illegal::not_a_seat);
  auto resigned = g.apply(simple(Action::Kind::resign, kBlack));
  EXPECT_EQ(resigned->result()->winner, Color::white);
}

TEST(Actions, EveryListedActionAppliesAndNoOtherMoveDoes) {
  Game g = play(Game(), {"e4", "e5", "Nf3"});
  g = *g.apply(simple(Action::Kind::offer_draw, kWhite));
  auto actions = g.legal_actions();
  for (const Action& a : actions) EXPECT_TRUE(g.apply(a).ok()) << static_cast<int>(a.kind);
  // Every from/to pair that is not listed is refused.
  for (int from = 0; from < 64; ++from)
    for (int to = 0; to < 64; ++to) {
      Action a{Action::Kind::move, kBlack, Move(Square(from), Square(to)), 0};
      bool listed = std::find(actions.begin(), actions.end(), a) != actions.end();
      EXPECT_EQ(g.apply(a).ok(), listed);
    }
}

TEST(Encoding, IsDeterministicAndDistinguishesStates) {
  Game a = play(Game(), {"e4", "e5"});
  Game b = play(Game(), {"e4", "e5"});
  EXPECT_EQ(game::canonical_bytes<Chess>(a), game::canonical_bytes<Chess>(b));
  Game c = *a.apply(simple(Action::Kind::offer_draw, kWhite));
  EXPECT_NE(game::canonical_bytes<Chess>(a), game::canonical_bytes<Chess>(c));
  // Same position by another route: the history differs, and so do the bytes.
  Game d = play(Game(), {"Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5"});
  EXPECT_EQ(Chess::hash(a), Chess::hash(d));
  EXPECT_NE(game::canonical_bytes<Chess>(a), game::canonical_bytes<Chess>(d));
}

TEST(Encoding, ActionsRoundTripAndMalformedBytesAreRejected) {
  Game g;
  for (const Action& a : g.legal_actions()) {
    ByteWriter w;
    encode(a, w);
    auto back = decode_action(w.data());
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, a);
  }
  const Bytes cases[] = {
      {},                       // empty
      {0, 0, 0x0c, 0x07, 0},    // truncated
      {0, 0, 0x0c, 0x07, 0, 0, 0},  // trailing
      {10, 0, 0, 0, 0, 0},      // unknown kind
      {1, 2, 0, 0, 0, 0},       // seat 2
      {0, 0, 0, 0, 0, 0},       // a move action without a move
      {1, 0, 0x0c, 0x07, 0, 0},  // a resignation carrying a move
      {6, 0, 0, 0, 0, 0},       // a take-back of zero moves
  };
  for (const Bytes& b : cases) EXPECT_FALSE(decode_action(b).ok()) << b.size();
}

}  // namespace
}  // namespace parley::game::chess
