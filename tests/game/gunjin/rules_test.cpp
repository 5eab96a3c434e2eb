// The rules with full information (hot-seat play, the verifier): moves, battles, the flag rule
// on the board, HQ wins, no-move declarations, repetition, draws, resignation.
#include "game/gunjin/rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <vector>

#include "fixtures.hpp"

namespace parley::game::gunjin {
namespace {

using testing::at;
using testing::full_game;
using testing::kLayout;
using testing::kSeat0;
using testing::kSeat1;
using testing::move;
using testing::position;
using testing::sq;

Error rejects(const State& s, const Action& a) {
  auto r = Gunjin::apply(s, a);
  EXPECT_FALSE(r.ok());
  return r.ok() ? Error::game_over : r.error();
}

State accepts(const State& s, const Action& a) {
  auto r = Gunjin::apply(s, a);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : describe(r.error()));
  return r.ok() ? *r : s;
}

TEST(NewGame, BothCampsAreFullAndSeatZeroMoves) {
  const State s = full_game();
  for (Seat seat : {kSeat0, kSeat1}) {
    for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
      const Piece& p = s.piece(PieceId{seat, slot});
      EXPECT_EQ(p.square, square_of_slot(seat, slot));
      EXPECT_EQ(p.kind, kLayout[slot]);
      EXPECT_FALSE(p.has_moved);
      EXPECT_EQ(s.piece_at(square_of_slot(seat, slot)), (PieceId{seat, slot}));
    }
  }
  EXPECT_EQ(s.to_move(), kSeat0);
  EXPECT_EQ(s.phase(), Phase::play);
  EXPECT_EQ(s.ply(), 0U);
  EXPECT_TRUE(s.battles().empty());
  EXPECT_EQ(s.recent_positions().size(), 1U);
  EXPECT_FALSE(Gunjin::outcome(s));
}

TEST(NewGame, AnInvalidLayoutIsRejectedWithItsSeat) {
  Layout bad = kLayout;
  bad[0] = Kind::general;
  auto r = State::new_game({}, {kLayout, bad});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().seat, kSeat1);
  EXPECT_EQ(r.error().error.problem, PlacementError::Problem::wrong_count);
}

TEST(Arrange, RejectsImpossiblePositions) {
  const std::vector<PlacedPiece> two_on_one = {at(kSeat0, 0, Kind::spy, sq(0, 0)), at(kSeat1, 0, Kind::spy, sq(0, 0))};
  EXPECT_EQ(State::arrange({}, two_on_one, kSeat0).error(), ArrangeError::square_taken);
  const std::vector<PlacedPiece> twice = {at(kSeat0, 0, Kind::spy, sq(0, 0)), at(kSeat0, 0, Kind::spy, sq(1, 0))};
  EXPECT_EQ(State::arrange({}, twice, kSeat0).error(), ArrangeError::piece_listed_twice);
  const std::vector<PlacedPiece> two_spies = {at(kSeat0, 0, Kind::spy, sq(0, 0)), at(kSeat0, 1, Kind::spy, sq(1, 0))};
  EXPECT_EQ(State::arrange({}, two_spies, kSeat0).error(), ArrangeError::too_many_of_kind);
  const std::vector<PlacedPiece> bad_slot = {at(kSeat0, 23, Kind::spy, sq(0, 0))};
  EXPECT_EQ(State::arrange({}, bad_slot, kSeat0).error(), ArrangeError::bad_piece_id);
  const std::vector<PlacedPiece> bad_square = {at(kSeat0, 0, Kind::spy, Square{46})};
  EXPECT_EQ(State::arrange({}, bad_square, kSeat0).error(), ArrangeError::bad_square);
  EXPECT_EQ(State::arrange({}, {}, Seat{2}).error(), ArrangeError::bad_seat_to_move);
}

TEST(LegalActions, TheOpeningOffersTheGateAttacksAndThePlanesFlights) {
  const State s = full_game();
  std::map<std::pair<int, int>, int> plays;
  for (const Action& a : Gunjin::legal_actions(s)) {
    EXPECT_TRUE(Gunjin::apply(s, a).ok());
    if (const Play* p = std::get_if<Play>(&a.body)) {
      EXPECT_EQ(a.actor, kSeat0);
      ++plays[{p->from.index, p->to.index}];
    }
  }
  // Full information: exactly one outcome per move.
  for (const auto& [move, count] : plays) {
    EXPECT_EQ(count, 1);
  }
  // Two gate attacks, and each plane (columns 0 and 5) flies onto any of four enemy squares.
  EXPECT_EQ(plays.size(), 10U);
  EXPECT_TRUE(plays.count({sq(1, 3).index, sq(1, 4).index}));
  EXPECT_TRUE(plays.count({sq(4, 3).index, sq(4, 4).index}));
  for (int row = 4; row < 8; ++row) {
    EXPECT_TRUE(plays.count({sq(0, 2).index, sq(0, row).index}));
    EXPECT_TRUE(plays.count({sq(5, 2).index, sq(5, row).index}));
  }
}

TEST(Play, AnAttackAppliesTheTablesOutcome) {
  const State s = full_game();
  // 中将 (slot 18) takes the enemy gate's 工兵 (seat 1 slot 21).
  EXPECT_EQ(rejects(s, move(kSeat0, sq(1, 3), sq(1, 4), BattleOutcome::defender_stays)), Error::false_battle_outcome);
  EXPECT_EQ(rejects(s, move(kSeat0, sq(1, 3), sq(1, 4), BattleOutcome::both_removed)), Error::false_battle_outcome);
  EXPECT_EQ(rejects(s, move(kSeat0, sq(1, 3), sq(1, 4))), Error::battle_outcome_missing);
  const State next = accepts(s, move(kSeat0, sq(1, 3), sq(1, 4), BattleOutcome::attacker_takes));
  EXPECT_EQ(next.piece_at(sq(1, 4)), (PieceId{kSeat0, 18}));
  EXPECT_FALSE(next.piece_at(sq(1, 3)));
  EXPECT_FALSE(next.piece(PieceId{kSeat1, 21}).square);
  EXPECT_TRUE(next.piece(PieceId{kSeat0, 18}).has_moved);
  ASSERT_EQ(next.battles().size(), 1U);
  EXPECT_EQ(next.battles()[0], (BattleRecord{0, PieceId{kSeat0, 18}, PieceId{kSeat1, 21}, sq(1, 3), sq(1, 4),
                                             BattleOutcome::attacker_takes}));
  EXPECT_EQ(next.to_move(), kSeat1);
  EXPECT_EQ(next.ply(), 1U);
  EXPECT_EQ(next.recent_positions().size(), 1U);
}

TEST(Play, DefenderStaysAndBothRemoved) {
  const State s = position({at(kSeat0, 0, Kind::captain, sq(2, 2)), at(kSeat0, 1, Kind::captain, sq(4, 2)),
                            at(kSeat1, 0, Kind::general, sq(2, 3)), at(kSeat1, 1, Kind::captain, sq(4, 3))});
  const State stays = accepts(s, move(kSeat0, sq(2, 2), sq(2, 3), BattleOutcome::defender_stays));
  EXPECT_FALSE(stays.piece(PieceId{kSeat0, 0}).square);
  EXPECT_EQ(stays.piece_at(sq(2, 3)), (PieceId{kSeat1, 0}));
  const State both = accepts(s, move(kSeat0, sq(4, 2), sq(4, 3), BattleOutcome::both_removed));
  EXPECT_FALSE(both.piece_at(sq(4, 2)));
  EXPECT_FALSE(both.piece_at(sq(4, 3)));
  EXPECT_EQ(rejects(s, move(kSeat0, sq(4, 2), sq(4, 3), BattleOutcome::attacker_takes)), Error::false_battle_outcome);
}

TEST(Play, MovesThePieceAndRejectsAnOutcomeWithoutABattle) {
  const State s = position({at(kSeat0, 0, Kind::captain, sq(2, 2)), at(kSeat1, 0, Kind::captain, sq(5, 7))});
  EXPECT_EQ(rejects(s, move(kSeat0, sq(2, 2), sq(2, 3), BattleOutcome::attacker_takes)),
            Error::battle_outcome_without_battle);
  const State next = accepts(s, move(kSeat0, sq(2, 2), sq(2, 3)));
  EXPECT_EQ(next.piece_at(sq(2, 3)), (PieceId{kSeat0, 0}));
  EXPECT_EQ(next.recent_positions().size(), 2U);
}

TEST(Play, KnownKindsMustBeAbleToMakeTheMove) {
  const State s = position({at(kSeat0, 0, Kind::mine, sq(2, 2)), at(kSeat0, 1, Kind::flag, sq(3, 2)),
                            at(kSeat0, 2, Kind::engineer, sq(0, 0)), at(kSeat0, 3, Kind::captain, sq(0, 1)),
                            at(kSeat0, 4, Kind::tank, sq(5, 0)), at(kSeat0, 5, Kind::cavalry, sq(5, 2)),
                            at(kSeat1, 0, Kind::captain, sq(5, 7))});
  EXPECT_EQ(rejects(s, move(kSeat0, sq(2, 2), sq(2, 3))), Error::kind_cannot_make_move);  // a mine that moves
  EXPECT_EQ(rejects(s, move(kSeat0, sq(3, 2), sq(3, 1))), Error::kind_cannot_make_move);  // the flag
  EXPECT_EQ(rejects(s, move(kSeat0, sq(0, 0), sq(0, 2))), Error::kind_cannot_make_move);  // an engineer that flies
  EXPECT_EQ(rejects(s, move(kSeat0, sq(5, 0), sq(3, 0))), Error::kind_cannot_make_move);  // a tank that slides
  EXPECT_EQ(rejects(s, move(kSeat0, sq(5, 2), sq(5, 4))), Error::kind_cannot_make_move);  // a charge across the line
  EXPECT_EQ(rejects(s, move(kSeat0, sq(5, 2), sq(3, 4))), Error::unreachable);            // no line at all
  EXPECT_EQ(rejects(s, move(kSeat0, sq(0, 1), sq(1, 2))), Error::unreachable);            // diagonal
  accepts(s, move(kSeat0, sq(0, 0), sq(1, 0)));
  accepts(s, move(kSeat0, sq(5, 0), sq(5, 1)));
}

TEST(Play, TurnSeatAndSquaresAreChecked) {
  const State s = full_game();
  EXPECT_EQ(rejects(s, move(kSeat1, sq(1, 4), sq(1, 3), BattleOutcome::attacker_takes)), Error::not_your_turn);
  EXPECT_EQ(rejects(s, Action{Seat{2}, Resign{}}), Error::bad_seat);
  EXPECT_EQ(rejects(s, move(kSeat0, Square{46}, sq(1, 4))), Error::bad_square);
  EXPECT_EQ(rejects(s, move(kSeat0, sq(1, 3), Square{200})), Error::bad_square);
  EXPECT_EQ(rejects(s, move(kSeat0, sq(1, 4), sq(1, 5))), Error::no_own_piece_on_from);
  EXPECT_EQ(rejects(s, move(kSeat0, sq(1, 2), sq(1, 3))), Error::own_piece_on_to);
  EXPECT_EQ(rejects(s, move(kSeat0, sq(1, 3), sq(1, 3))), Error::unreachable);
  const State empty_from = position({at(kSeat0, 0, Kind::spy, sq(0, 0)), at(kSeat1, 0, Kind::spy, sq(5, 7))});
  EXPECT_EQ(rejects(empty_from, move(kSeat0, sq(3, 3), sq(3, 4))), Error::no_own_piece_on_from);
}

// The flag rule on the board, for both seats: behind = friendly, enemy, empty, off the board.
struct FlagCase {
  Seat defender;
  Square flag;
  Square attacker_from;
};

class FlagOnTheBoard : public ::testing::TestWithParam<FlagCase> {};

BattleOutcome only_outcome(const State& s, const Action& a) {
  std::vector<BattleOutcome> ok;
  for (BattleOutcome o : {BattleOutcome::defender_stays, BattleOutcome::both_removed, BattleOutcome::attacker_takes}) {
    Action probe = a;
    std::get<Play>(probe.body).battle = o;
    if (Gunjin::apply(s, probe).ok()) ok.push_back(o);
  }
  EXPECT_EQ(ok.size(), 1U);
  return ok.empty() ? BattleOutcome::both_removed : ok[0];
}

TEST_P(FlagOnTheBoard, TakesTheStrengthOfTheFriendlyPieceBehindOrLoses) {
  const FlagCase c = GetParam();
  const Seat attacker = opponent(c.defender);
  const auto behind = square_behind(c.flag, c.defender);
  const Action attack = move(attacker, c.attacker_from, c.flag, BattleOutcome::attacker_takes);
  auto with_behind = [&](std::optional<PlacedPiece> behind_piece, Kind attacking) {
    std::vector<PlacedPiece> pieces = {at(c.defender, 0, Kind::flag, c.flag), at(attacker, 0, attacking, c.attacker_from)};
    if (behind_piece) pieces.push_back(*behind_piece);
    return *State::arrange({}, pieces, attacker);
  };
  if (!behind) {  // off the board: always a lone flag
    for (Kind a : {Kind::captain, Kind::spy, Kind::engineer}) {
      EXPECT_EQ(only_outcome(with_behind(std::nullopt, a), attack), BattleOutcome::attacker_takes);
    }
    return;
  }
  // Friendly 少佐 behind: the captain loses to it, the general beats it.
  EXPECT_EQ(only_outcome(with_behind(at(c.defender, 1, Kind::major, *behind), Kind::captain), attack),
            BattleOutcome::defender_stays);
  EXPECT_EQ(only_outcome(with_behind(at(c.defender, 1, Kind::major, *behind), Kind::general), attack),
            BattleOutcome::attacker_takes);
  EXPECT_EQ(only_outcome(with_behind(at(c.defender, 1, Kind::major, *behind), Kind::major), attack),
            BattleOutcome::both_removed);
  // Friendly 大将 behind: the spy takes it, a 中将 does not.
  EXPECT_EQ(only_outcome(with_behind(at(c.defender, 1, Kind::general, *behind), Kind::spy), attack),
            BattleOutcome::attacker_takes);
  EXPECT_EQ(only_outcome(with_behind(at(c.defender, 1, Kind::general, *behind), Kind::lieutenant_general), attack),
            BattleOutcome::defender_stays);
  // Friendly mine behind: only a plane or an engineer gets through.
  EXPECT_EQ(only_outcome(with_behind(at(c.defender, 1, Kind::mine, *behind), Kind::general), attack),
            BattleOutcome::defender_stays);
  EXPECT_EQ(only_outcome(with_behind(at(c.defender, 1, Kind::mine, *behind), Kind::engineer), attack),
            BattleOutcome::attacker_takes);
  // An enemy piece behind does not back it.
  EXPECT_EQ(only_outcome(with_behind(at(attacker, 1, Kind::general, *behind), Kind::second_lieutenant), attack),
            BattleOutcome::attacker_takes);
  // Nothing behind.
  EXPECT_EQ(only_outcome(with_behind(std::nullopt, Kind::second_lieutenant), attack), BattleOutcome::attacker_takes);
}

INSTANTIATE_TEST_SUITE_P(
    BothSeats, FlagOnTheBoard,
    ::testing::Values(FlagCase{kSeat0, sq(0, 1), sq(0, 2)},   // behind: (0,0), the corner
                      FlagCase{kSeat0, sq(3, 1), sq(4, 1)},   // behind: the HQ
                      FlagCase{kSeat0, sq(5, 3), sq(4, 3)},   // front row
                      FlagCase{kSeat0, sq(0, 0), sq(0, 1)},   // back row: nothing behind
                      FlagCase{kSeat0, sq(2, 0), sq(1, 0)},   // in the HQ: nothing behind
                      FlagCase{kSeat1, sq(5, 6), sq(5, 5)},   // behind: (5,7)
                      FlagCase{kSeat1, sq(2, 6), sq(1, 6)},   // behind: the HQ
                      FlagCase{kSeat1, sq(3, 7), sq(3, 6)},   // in the HQ
                      FlagCase{kSeat1, sq(0, 7), sq(1, 7)}));  // back row

TEST(Hq, EachOfTheSixOfficersWinsByEnteringTheEnemyHqAndNoOtherKind) {
  for (Kind k : kAllKinds) {
    if (!can_move(k)) continue;
    const State s = position({at(kSeat0, 0, k, sq(2, 6)), at(kSeat1, 0, Kind::captain, sq(5, 7))});
    const Action claim = move(kSeat0, sq(2, 6), hq_of(kSeat1), std::nullopt, true);
    const Action quiet = move(kSeat0, sq(2, 6), hq_of(kSeat1));
    if (may_occupy_hq(k)) {
      const State won = accepts(s, claim);
      EXPECT_EQ(won.phase(), Phase::over);
      EXPECT_EQ(Gunjin::outcome(won), (Outcome{kSeat0, "HQ occupied"})) << english_name(k);
      EXPECT_EQ(rejects(s, quiet), Error::false_hq_claim) << english_name(k);
    } else {
      EXPECT_EQ(rejects(s, claim), Error::false_hq_claim) << english_name(k);
      const State in = accepts(s, quiet);
      EXPECT_EQ(in.phase(), Phase::play);
      EXPECT_EQ(in.piece_at(hq_of(kSeat1)), (PieceId{kSeat0, 0}));
    }
  }
  EXPECT_EQ(KindSet::hq_occupiers().size(), 6);
}

TEST(Hq, AClaimNeedsThePieceToEndInTheEnemyHq) {
  const State s = position({at(kSeat0, 0, Kind::colonel, sq(2, 6)), at(kSeat0, 1, Kind::major, sq(2, 1)),
                            at(kSeat0, 2, Kind::major_general, sq(3, 6)), at(kSeat1, 0, Kind::general, hq_of(kSeat1))});
  EXPECT_EQ(rejects(s, move(kSeat0, sq(2, 6), sq(1, 6), std::nullopt, true)), Error::hq_claim_outside_enemy_hq);
  EXPECT_EQ(rejects(s, move(kSeat0, sq(2, 1), hq_of(kSeat0), std::nullopt, true)), Error::hq_claim_outside_enemy_hq);
  // Attacking the HQ's defender and losing is no entry.
  EXPECT_EQ(rejects(s, move(kSeat0, sq(2, 6), hq_of(kSeat1), BattleOutcome::defender_stays, true)),
            Error::hq_claim_outside_enemy_hq);
  accepts(s, move(kSeat0, sq(2, 6), hq_of(kSeat1), BattleOutcome::defender_stays));
}

TEST(Hq, WinningTheBattleInTheHqWins) {
  const State s = position({at(kSeat0, 0, Kind::major_general, sq(3, 6)), at(kSeat1, 0, Kind::captain, hq_of(kSeat1))});
  EXPECT_EQ(rejects(s, move(kSeat0, sq(3, 6), hq_of(kSeat1), BattleOutcome::attacker_takes)), Error::false_hq_claim);
  const State won = accepts(s, move(kSeat0, sq(3, 6), hq_of(kSeat1), BattleOutcome::attacker_takes, true));
  EXPECT_EQ(won.ending(), (Ending{kSeat0, EndReason::hq_occupied}));
  EXPECT_EQ(rejects(won, Action{kSeat1, Resign{}}), Error::game_over);
  EXPECT_TRUE(Gunjin::legal_actions(won).empty());
}

TEST(NoLegalMove, TheSideThatCannotMoveLosesIfTheOtherCan) {
  // Seat 0 has a mine, the flag and a 大尉 boxed in by them in the corner.
  const State s = position({at(kSeat0, 0, Kind::captain, sq(0, 0)), at(kSeat0, 1, Kind::mine, sq(1, 0)),
                            at(kSeat0, 2, Kind::flag, sq(0, 1)), at(kSeat1, 0, Kind::captain, sq(5, 7))});
  EXPECT_EQ(mobility(s, kSeat0), Mobility::cannot_move);
  EXPECT_EQ(mobility(s, kSeat1), Mobility::can_move);
  const auto actions = Gunjin::legal_actions(s);
  EXPECT_TRUE(std::none_of(actions.begin(), actions.end(), [](const Action& a) { return std::holds_alternative<Play>(a.body); }));
  EXPECT_TRUE(std::count(actions.begin(), actions.end(), Action{kSeat0, NoLegalMove{}}));
  EXPECT_EQ(rejects(s, Action{kSeat1, HaveLegalMove{}}), Error::nothing_to_answer);

  const State asked = accepts(s, Action{kSeat0, NoLegalMove{}});
  EXPECT_EQ(asked.phase(), Phase::answer_no_move);
  EXPECT_EQ(asked.to_move(), kSeat1);
  EXPECT_EQ(rejects(asked, move(kSeat1, sq(5, 7), sq(5, 6))), Error::answer_pending);
  EXPECT_EQ(rejects(asked, Action{kSeat1, OfferDraw{}}), Error::answer_pending);
  EXPECT_EQ(rejects(asked, Action{kSeat0, HaveLegalMove{}}), Error::not_your_turn);
  EXPECT_EQ(rejects(asked, Action{kSeat1, NoLegalMove{}}), Error::false_no_legal_move);
  const State won = accepts(asked, Action{kSeat1, HaveLegalMove{}});
  EXPECT_EQ(Gunjin::outcome(won), (Outcome{kSeat1, "no movable piece"}));
}

TEST(NoLegalMove, NeitherSideMovingIsADraw) {
  const State s = position({at(kSeat0, 0, Kind::mine, sq(0, 0)), at(kSeat1, 0, Kind::flag, sq(5, 7))});
  const State asked = accepts(s, Action{kSeat0, NoLegalMove{}});
  EXPECT_EQ(rejects(asked, Action{kSeat1, HaveLegalMove{}}), Error::false_have_legal_move);
  const State drawn = accepts(asked, Action{kSeat1, NoLegalMove{}});
  EXPECT_EQ(Gunjin::outcome(drawn), (Outcome{std::nullopt, "neither side can move"}));
}

TEST(NoLegalMove, AFalseDeclarationIsRejected) {
  const State s = position({at(kSeat0, 0, Kind::captain, sq(2, 2)), at(kSeat1, 0, Kind::captain, sq(5, 7))});
  EXPECT_EQ(rejects(s, Action{kSeat0, NoLegalMove{}}), Error::false_no_legal_move);
  EXPECT_EQ(rejects(s, Action{kSeat1, NoLegalMove{}}), Error::not_your_turn);
}

TEST(Repetition, TheSamePositionAThirdTimeIsADraw) {
  State s = position({at(kSeat0, 0, Kind::captain, sq(0, 0)), at(kSeat1, 0, Kind::captain, sq(5, 7))});
  const std::vector<Action> cycle = {move(kSeat0, sq(0, 0), sq(0, 1)), move(kSeat1, sq(5, 7), sq(5, 6)),
                                     move(kSeat0, sq(0, 1), sq(0, 0)), move(kSeat1, sq(5, 6), sq(5, 7))};
  for (int round = 0; round < 2; ++round) {
    for (std::size_t i = 0; i < cycle.size(); ++i) {
      EXPECT_EQ(s.phase(), Phase::play) << round << " " << i;
      s = accepts(s, cycle[i]);
    }
  }
  // The starting position has now come a third time.
  EXPECT_EQ(Gunjin::outcome(s), (Outcome{std::nullopt, "threefold repetition"}));
  EXPECT_EQ(s.recent_positions().size(), 9U);
}

TEST(Repetition, PositionsBeforeABattleDoNotCount) {
  State s = position({at(kSeat0, 0, Kind::captain, sq(0, 0)), at(kSeat0, 1, Kind::major, sq(1, 2)),
                      at(kSeat1, 0, Kind::captain, sq(5, 7)), at(kSeat1, 1, Kind::spy, sq(1, 4))});
  s = accepts(s, move(kSeat0, sq(0, 0), sq(0, 1)));
  s = accepts(s, move(kSeat1, sq(5, 7), sq(5, 6)));
  s = accepts(s, move(kSeat0, sq(0, 1), sq(0, 0)));
  EXPECT_EQ(s.recent_positions().size(), 4U);
  s = accepts(s, move(kSeat1, sq(1, 4), sq(1, 3)));                                  // through the gate
  s = accepts(s, move(kSeat0, sq(1, 2), sq(1, 3), BattleOutcome::attacker_takes));  // the 少佐 takes the spy
  EXPECT_EQ(s.recent_positions().size(), 1U);
}

TEST(Draw, AnOfferAcceptedEndsTheGame) {
  const State s = full_game();
  const State offered = accepts(s, Action{kSeat1, OfferDraw{}});  // at any time, not only on one's turn
  EXPECT_EQ(offered.draw_offer(), kSeat1);
  EXPECT_EQ(rejects(offered, Action{kSeat0, OfferDraw{}}), Error::draw_offer_pending);
  EXPECT_EQ(rejects(offered, Action{kSeat1, AcceptDraw{}}), Error::no_draw_offer_to_accept);
  const State drawn = accepts(offered, Action{kSeat0, AcceptDraw{}});
  EXPECT_EQ(Gunjin::outcome(drawn), (Outcome{std::nullopt, "draw agreed"}));
  EXPECT_EQ(rejects(s, Action{kSeat0, AcceptDraw{}}), Error::no_draw_offer_to_accept);
}

TEST(Draw, AnOfferLapsesWhenTheOpponentPlaysOn) {
  const State s = full_game();
  const State offered = accepts(s, Action{kSeat0, OfferDraw{}});
  // The offerer's own move keeps it open.
  const State moved = accepts(offered, move(kSeat0, sq(1, 3), sq(1, 4), BattleOutcome::attacker_takes));
  EXPECT_EQ(moved.draw_offer(), kSeat0);
  // The opponent's move declines it.
  const State declined = accepts(moved, move(kSeat1, sq(4, 4), sq(4, 3), BattleOutcome::attacker_takes));
  EXPECT_FALSE(declined.draw_offer());
  EXPECT_EQ(rejects(declined, Action{kSeat1, AcceptDraw{}}), Error::no_draw_offer_to_accept);
}

TEST(Resign, EitherSeatAtAnyTime) {
  const State s = full_game();
  EXPECT_EQ(Gunjin::outcome(accepts(s, Action{kSeat1, Resign{}})), (Outcome{kSeat0, "resignation"}));
  EXPECT_EQ(Gunjin::outcome(accepts(s, Action{kSeat0, Resign{}})), (Outcome{kSeat1, "resignation"}));
  const State asked = accepts(position({at(kSeat0, 0, Kind::mine, sq(0, 0)), at(kSeat1, 0, Kind::spy, sq(5, 7))}),
                              Action{kSeat0, NoLegalMove{}});
  EXPECT_EQ(Gunjin::outcome(accepts(asked, Action{kSeat0, Resign{}})), (Outcome{kSeat1, "resignation"}));
}

TEST(Variants, TheOptionsReachTheBoard) {
  Options options;
  options.mine_removes_both = true;
  const State s = position({at(kSeat0, 0, Kind::general, sq(2, 2)), at(kSeat1, 0, Kind::mine, sq(2, 3))}, kSeat0,
                           options);
  EXPECT_EQ(rejects(s, move(kSeat0, sq(2, 2), sq(2, 3), BattleOutcome::defender_stays)), Error::false_battle_outcome);
  const State next = accepts(s, move(kSeat0, sq(2, 2), sq(2, 3), BattleOutcome::both_removed));
  EXPECT_FALSE(next.piece_at(sq(2, 3)));
  EXPECT_EQ(next.options(), options);
}

TEST(Encoding, IsCanonicalAndCoversTheState) {
  const State a = full_game();
  const State b = full_game();
  EXPECT_EQ(game::canonical_bytes<Gunjin>(a), game::canonical_bytes<Gunjin>(b));
  EXPECT_EQ(Gunjin::hash(a), Gunjin::hash(b));
  // 1 version + 1 options + 5 status bytes + 4 ply + 46 pieces × 3 + 4 + 4 + 47 (one position).
  EXPECT_EQ(game::canonical_bytes<Gunjin>(a).size(), 1U + 1 + 5 + 4 + 46 * 3 + 4 + 4 + 47);
  const State moved = accepts(a, move(kSeat0, sq(1, 3), sq(1, 4), BattleOutcome::attacker_takes));
  EXPECT_NE(Gunjin::hash(moved), Gunjin::hash(a));
  EXPECT_NE(game::canonical_bytes<Gunjin>(a.conceal(kSeat0)), game::canonical_bytes<Gunjin>(a));
  Options other;
  other.engineer_beats_tank = true;
  EXPECT_NE(game::canonical_bytes<Gunjin>(full_game(other)), game::canonical_bytes<Gunjin>(a));
}

}  // namespace
}  // namespace parley::game::gunjin
