// Movement by kind at the board's edges, gates and HQ, and the kinds each move admits.
#include "game/gunjin/movement.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <set>

#include "fixtures.hpp"

namespace parley::game::gunjin {
namespace {

using testing::kSeat0;
using testing::kSeat1;
using testing::sq;

struct Stone {
  Seat seat;
  Square square;
};

Occupancy board(std::initializer_list<Stone> stones) {
  Occupancy occ;
  for (const Stone& s : stones) occ.held[s.seat.index].insert(s.square);
  return occ;
}

std::set<std::uint8_t> dests(Kind kind, Seat seat, Square from, const Occupancy& occ) {
  const SquareSet set = destinations(kind, seat, from, occ);
  std::set<std::uint8_t> out;
  for (std::uint8_t i = 0; i < kSquareCount; ++i)
    if (set.contains(Square{i})) out.insert(i);
  return out;
}

std::set<std::uint8_t> squares(std::initializer_list<Square> list) {
  std::set<std::uint8_t> out;
  for (Square s : list) out.insert(s.index);
  return out;
}

KindSet kinds(std::initializer_list<Kind> list) {
  KindSet out;
  for (Kind k : list) out = out | KindSet::of(k);
  return out;
}

const KindSet kSteppers = KindSet::movable();  // every kind that moves steps one square

TEST(Movement, MinesAndTheFlagNeverMove) {
  const Occupancy occ = board({{kSeat0, sq(2, 2)}});
  EXPECT_TRUE(destinations(Kind::mine, kSeat0, sq(2, 2), occ).empty());
  EXPECT_TRUE(destinations(Kind::flag, kSeat0, sq(2, 2), occ).empty());
}

TEST(Movement, OneStepOrthogonallyWithinTheEdges) {
  const Occupancy occ = board({{kSeat0, sq(2, 2)}});
  EXPECT_EQ(dests(Kind::major, kSeat0, sq(2, 2), occ), squares({sq(2, 3), sq(2, 1), sq(1, 2), sq(3, 2)}));
  // Corners and edges have fewer neighbours.
  EXPECT_EQ(dests(Kind::spy, kSeat0, sq(0, 0), board({{kSeat0, sq(0, 0)}})), squares({sq(1, 0), sq(0, 1)}));
  EXPECT_EQ(dests(Kind::captain, kSeat1, sq(5, 7), board({{kSeat1, sq(5, 7)}})), squares({sq(4, 7), sq(5, 6)}));
  EXPECT_EQ(dests(Kind::general, kSeat0, sq(5, 2), board({{kSeat0, sq(5, 2)}})),
            squares({sq(5, 3), sq(5, 1), sq(4, 2)}));
}

TEST(Movement, OwnPiecesBlockAndEnemyPiecesAreAttacked) {
  const Occupancy occ = board({{kSeat0, sq(2, 2)}, {kSeat0, sq(2, 3)}, {kSeat1, sq(1, 2)}});
  EXPECT_EQ(dests(Kind::major, kSeat0, sq(2, 2), occ), squares({sq(2, 1), sq(1, 2), sq(3, 2)}));
}

TEST(Movement, CampsMeetOnlyAtTheGates) {
  // Column 0: no crossing between rows 3 and 4, either way.
  EXPECT_EQ(dests(Kind::general, kSeat0, sq(0, 3), board({{kSeat0, sq(0, 3)}})), squares({sq(0, 2), sq(1, 3)}));
  EXPECT_EQ(dests(Kind::general, kSeat1, sq(2, 4), board({{kSeat1, sq(2, 4)}})),
            squares({sq(1, 4), sq(3, 4), sq(2, 5)}));
  // At a gate, one step reaches the facing enemy gate, and back.
  EXPECT_EQ(dests(Kind::general, kSeat0, sq(1, 3), board({{kSeat0, sq(1, 3)}})),
            squares({sq(1, 4), sq(1, 2), sq(0, 3), sq(2, 3)}));
  EXPECT_TRUE(destinations(Kind::general, kSeat0, sq(4, 4), board({{kSeat0, sq(4, 4)}})).contains(sq(4, 3)));
  EXPECT_TRUE(destinations(Kind::general, kSeat1, sq(4, 4), board({{kSeat1, sq(4, 4)}})).contains(sq(4, 3)));
  for (int column : {0, 2, 3, 5}) {
    EXPECT_FALSE(destinations(Kind::engineer, kSeat0, sq(column, 3), board({})).contains(sq(column, 4))) << column;
  }
}

TEST(Movement, TheHqIsOneSquareWithFourNeighbours) {
  const Square hq = hq_of(kSeat0);
  EXPECT_EQ(dests(Kind::general, kSeat0, hq, board({{kSeat0, hq}})),
            squares({sq(1, 0), sq(4, 0), sq(2, 1), sq(3, 1)}));
  for (Square from : {sq(1, 0), sq(4, 0), sq(2, 1), sq(3, 1)}) {
    EXPECT_TRUE(destinations(Kind::major, kSeat1, from, board({{kSeat1, from}, {kSeat0, hq}})).contains(hq));
  }
  EXPECT_FALSE(destinations(Kind::major, kSeat1, sq(1, 1), board({})).contains(hq));
}

TEST(Movement, TankAndCavalryChargeTwoForwardOnAClearPath) {
  for (Kind k : {Kind::tank, Kind::cavalry}) {
    EXPECT_EQ(dests(k, kSeat0, sq(0, 1), board({})), squares({sq(0, 2), sq(0, 3), sq(0, 0), sq(1, 1)}));
    // Forward is toward row 0 for seat 1.
    EXPECT_EQ(dests(k, kSeat1, sq(5, 6), board({})), squares({sq(5, 5), sq(5, 4), sq(5, 7), sq(4, 6)}));
    // Blocked by any piece on the square between (it may attack that piece instead).
    EXPECT_EQ(dests(k, kSeat0, sq(0, 1), board({{kSeat1, sq(0, 2)}})), squares({sq(0, 2), sq(0, 0), sq(1, 1)}));
    EXPECT_FALSE(destinations(k, kSeat0, sq(0, 1), board({{kSeat0, sq(0, 2)}})).contains(sq(0, 3)));
    // Attacks at the end of the charge.
    EXPECT_TRUE(destinations(k, kSeat0, sq(0, 1), board({{kSeat1, sq(0, 3)}})).contains(sq(0, 3)));
    // Through a gate into the enemy camp, but never across the closed line.
    EXPECT_TRUE(destinations(k, kSeat0, sq(1, 2), board({})).contains(sq(1, 4)));
    EXPECT_FALSE(destinations(k, kSeat0, sq(0, 2), board({})).contains(sq(0, 4)));
    // Only forward: no two steps back or sideways.
    EXPECT_FALSE(destinations(k, kSeat0, sq(0, 3), board({})).contains(sq(0, 1)));
    EXPECT_FALSE(destinations(k, kSeat0, sq(0, 2), board({})).contains(sq(2, 2)));
    // Into the enemy HQ from two rows before it, by either column.
    EXPECT_TRUE(destinations(k, kSeat0, sq(2, 5), board({})).contains(hq_of(kSeat1)));
    EXPECT_TRUE(destinations(k, kSeat0, sq(3, 5), board({})).contains(hq_of(kSeat1)));
    // Out of the own HQ, two forward up either column.
    EXPECT_EQ(dests(k, kSeat0, hq_of(kSeat0), board({})),
              squares({sq(1, 0), sq(4, 0), sq(2, 1), sq(3, 1), sq(2, 2), sq(3, 2)}));
  }
}

TEST(Movement, EngineersSlideOverEmptySquaresOnly) {
  EXPECT_EQ(dests(Kind::engineer, kSeat0, sq(0, 1), board({{kSeat0, sq(0, 1)}, {kSeat1, sq(3, 1)}})),
            squares({sq(0, 0), sq(0, 2), sq(0, 3), sq(1, 1), sq(2, 1), sq(3, 1)}));
  // Through the gate and down the whole enemy column.
  EXPECT_EQ(dests(Kind::engineer, kSeat0, sq(1, 3), board({})),
            squares({sq(1, 4), sq(1, 5), sq(1, 6), sq(1, 7), sq(1, 2), sq(1, 1), sq(1, 0), sq(0, 3), sq(2, 3),
                     sq(3, 3), sq(4, 3), sq(5, 3)}));
  // Along the back row through an empty HQ, which counts once.
  EXPECT_EQ(dests(Kind::engineer, kSeat0, sq(0, 0), board({})),
            squares({sq(1, 0), hq_of(kSeat0), sq(4, 0), sq(5, 0), sq(0, 1), sq(0, 2), sq(0, 3)}));
  // An occupied HQ stops the slide.
  EXPECT_FALSE(destinations(Kind::engineer, kSeat0, sq(0, 0), board({{kSeat0, hq_of(kSeat0)}})).contains(sq(4, 0)));
  // From the HQ, up either column.
  const auto from_hq = destinations(Kind::engineer, kSeat1, hq_of(kSeat1), board({}));
  EXPECT_TRUE(from_hq.contains(sq(2, 4)));
  EXPECT_TRUE(from_hq.contains(sq(3, 4)));
  EXPECT_FALSE(from_hq.contains(sq(2, 3)));  // column 2 has no gate
}

TEST(Movement, PlanesFlyAnyDistanceVerticallyOverPiecesAndAcrossAnywhere) {
  const Occupancy occ = board({{kSeat0, sq(0, 1)}, {kSeat0, sq(0, 2)}, {kSeat1, sq(0, 5)}, {kSeat0, sq(0, 6)}});
  EXPECT_EQ(dests(Kind::plane, kSeat0, sq(0, 1), occ),
            squares({sq(0, 0), sq(0, 3), sq(0, 4), sq(0, 5), sq(0, 7), sq(1, 1)}));
  // Sideways only one square.
  EXPECT_FALSE(destinations(Kind::plane, kSeat0, sq(0, 1), board({})).contains(sq(2, 1)));
  // From the HQ up both of its columns, into the enemy HQ at the far end.
  const auto from_hq = destinations(Kind::plane, kSeat0, hq_of(kSeat0), board({}));
  for (int row = 1; row < kRows; ++row) {
    EXPECT_TRUE(from_hq.contains(sq(2, row))) << row;
    EXPECT_TRUE(from_hq.contains(sq(3, row))) << row;
  }
  EXPECT_TRUE(from_hq.contains(hq_of(kSeat1)));
  EXPECT_FALSE(from_hq.contains(sq(0, 0)));
}

TEST(MoveProofSets, OneStepAdmitsEveryKindThatMoves) {
  const Occupancy occ = board({{kSeat0, sq(2, 2)}});
  EXPECT_EQ(kinds_for_move(kSeat0, sq(2, 2), sq(2, 3), occ), kSteppers);
  EXPECT_EQ(kinds_for_move(kSeat0, sq(2, 2), sq(1, 2), occ), kSteppers);  // sideways: the plane too
  EXPECT_EQ(kinds_for_move(kSeat0, sq(2, 2), sq(2, 1), occ), kSteppers);
  EXPECT_EQ(kinds_for_move(kSeat0, sq(1, 3), sq(1, 4), board({{kSeat0, sq(1, 3)}})), kSteppers);  // through a gate
  EXPECT_FALSE(kSteppers.contains(Kind::mine));
  EXPECT_FALSE(kSteppers.contains(Kind::flag));
  EXPECT_EQ(kSteppers.size(), 14);
}

TEST(MoveProofSets, TwoForwardAdmitsTankCavalryEngineerAndPlane) {
  // The engineer's slide covers two clear squares forward as well.
  EXPECT_EQ(kinds_for_move(kSeat0, sq(2, 1), sq(2, 3), board({})),
            kinds({Kind::tank, Kind::cavalry, Kind::engineer, Kind::plane}));
  // Blocked path: only a plane jumps.
  EXPECT_EQ(kinds_for_move(kSeat0, sq(2, 1), sq(2, 3), board({{kSeat1, sq(2, 2)}})), kinds({Kind::plane}));
  // Two forward across the closed line: only a plane.
  EXPECT_EQ(kinds_for_move(kSeat0, sq(0, 2), sq(0, 4), board({})), kinds({Kind::plane}));
  // Two backward: engineer or plane.
  EXPECT_EQ(kinds_for_move(kSeat0, sq(2, 3), sq(2, 1), board({})), kinds({Kind::engineer, Kind::plane}));
}

TEST(MoveProofSets, LongVerticalAdmitsEngineerAndPlaneOrOnlyThePlane) {
  EXPECT_EQ(kinds_for_move(kSeat0, sq(1, 0), sq(1, 6), board({})), kinds({Kind::engineer, Kind::plane}));
  EXPECT_EQ(kinds_for_move(kSeat0, sq(1, 0), sq(1, 6), board({{kSeat0, sq(1, 2)}})), kinds({Kind::plane}));
  // A single vertical step across the closed line is a flight.
  EXPECT_EQ(kinds_for_move(kSeat0, sq(0, 3), sq(0, 4), board({})), kinds({Kind::plane}));
}

TEST(MoveProofSets, LongSidewaysAdmitsOnlyTheEngineer) {
  EXPECT_EQ(kinds_for_move(kSeat0, sq(0, 2), sq(5, 2), board({})), kinds({Kind::engineer}));
  EXPECT_EQ(kinds_for_move(kSeat0, sq(0, 0), sq(4, 0), board({})), kinds({Kind::engineer}));  // through the HQ
}

TEST(MoveProofSets, ImpossibleMovesAdmitNoKind) {
  EXPECT_TRUE(kinds_for_move(kSeat0, sq(0, 0), sq(1, 1), board({})).empty());                   // diagonal
  EXPECT_TRUE(kinds_for_move(kSeat0, sq(0, 2), sq(5, 2), board({{kSeat1, sq(3, 2)}})).empty());  // blocked slide
  EXPECT_TRUE(kinds_for_move(kSeat0, sq(0, 2), sq(0, 3), board({{kSeat0, sq(0, 3)}})).empty());  // own piece
  EXPECT_TRUE(kinds_for_move(kSeat0, sq(0, 0), sq(5, 7), board({})).empty());
}

}  // namespace
}  // namespace parley::game::gunjin
