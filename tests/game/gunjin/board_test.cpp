// The board's geometry: squares, the two-cell HQ, gates, camps, slots, "behind".
#include "game/gunjin/board.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "fixtures.hpp"

namespace parley::game::gunjin {
namespace {

using testing::kSeat0;
using testing::kSeat1;
using testing::sq;

TEST(Board, FortySixSquaresCoverTheFortyEightCells) {
  std::set<std::uint8_t> seen;
  for (int row = 0; row < kRows; ++row) {
    for (int column = 0; column < kColumns; ++column) {
      const Square s = sq(column, row);
      seen.insert(s.index);
      bool listed = false;
      for (Cell c : cells_of(s)) listed |= (c == Cell{static_cast<std::int8_t>(column), static_cast<std::int8_t>(row)});
      EXPECT_TRUE(listed) << column << "," << row;
    }
  }
  EXPECT_EQ(seen.size(), kSquareCount);
  EXPECT_EQ(*seen.rbegin(), 45);
  EXPECT_FALSE(square_at(Cell{-1, 0}));
  EXPECT_FALSE(square_at(Cell{6, 0}));
  EXPECT_FALSE(square_at(Cell{0, 8}));
  EXPECT_FALSE(square_from_index(46));
  EXPECT_EQ(square_from_index(45), Square{45});
}

TEST(Board, EachHqIsTheTwoMiddleCellsOfABackRow) {
  EXPECT_EQ(hq_of(kSeat0), Square{2});
  EXPECT_EQ(hq_of(kSeat1), Square{43});
  EXPECT_EQ(sq(2, 0), hq_of(kSeat0));
  EXPECT_EQ(sq(3, 0), hq_of(kSeat0));
  EXPECT_EQ(sq(2, 7), hq_of(kSeat1));
  EXPECT_EQ(sq(3, 7), hq_of(kSeat1));
  ASSERT_EQ(cells_of(Square{2}).size(), 2U);
  EXPECT_EQ(cells_of(Square{2})[0], (Cell{2, 0}));
  EXPECT_EQ(cells_of(Square{2})[1], (Cell{3, 0}));
  EXPECT_EQ(sq(4, 0), Square{3});
  for (std::uint8_t i = 0; i < kSquareCount; ++i) {
    if (i != 2 && i != 43) {
      EXPECT_EQ(cells_of(Square{i}).size(), 1U) << int(i);
    }
  }
}

// One name per square, the same in the referee's log lines and on the client's board.
TEST(Board, SquaresAreNamedFromSeatZerosSideAndEachHqHasOneName) {
  EXPECT_EQ(square_name(Square{0}), "a1");
  EXPECT_EQ(square_name(Square{2}), "HQ1");
  EXPECT_EQ(square_name(Square{3}), "e1");
  EXPECT_EQ(square_name(Square{18}), "b4");
  EXPECT_EQ(square_name(Square{43}), "HQ8");
  EXPECT_EQ(square_name(Square{45}), "f8");
  std::set<std::string> names;
  for (std::uint8_t i = 0; i < kSquareCount; ++i) names.insert(square_name(Square{i}));
  EXPECT_EQ(names.size(), kSquareCount);
}

TEST(Board, TypedNamesReadBackToTheirSquares) {
  for (std::uint8_t i = 0; i < kSquareCount; ++i) EXPECT_EQ(square_from_name(square_name(Square{i})), Square{i});
  EXPECT_EQ(square_from_name("B4"), Square{18});
  EXPECT_EQ(square_from_name("hq8"), Square{43});
  // Both cells of an HQ name it.
  EXPECT_EQ(square_from_name("c1"), Square{2});
  EXPECT_EQ(square_from_name("d1"), Square{2});
  EXPECT_EQ(square_from_name("d8"), Square{43});
  for (const char* bad : {"", "a", "g1", "a0", "a9", "HQ2", "a10", "1a", "hq"}) EXPECT_EQ(square_from_name(bad), std::nullopt) << bad;
}

TEST(Board, CampsAreTwentyThreeSquaresEach) {
  int counts[2] = {0, 0};
  for (std::uint8_t i = 0; i < kSquareCount; ++i) {
    const Seat camp = camp_of(Square{i});
    ++counts[camp.index];
    for (Cell c : cells_of(Square{i})) {
      EXPECT_EQ(c.row < kCampRows, camp.index == 0) << int(i);
    }
  }
  EXPECT_EQ(counts[0], 23);
  EXPECT_EQ(counts[1], 23);
}

TEST(Board, GatesAreTheFrontRowsColumnsTwoAndFiveCountingFromOne) {
  std::set<std::uint8_t> gates;
  for (std::uint8_t i = 0; i < kSquareCount; ++i)
    if (is_gate(Square{i})) gates.insert(i);
  EXPECT_EQ(gates, (std::set<std::uint8_t>{sq(1, 3).index, sq(4, 3).index, sq(1, 4).index, sq(4, 4).index}));
}

TEST(Board, HalfATurnMapsSquareIToFortyFiveMinusI) {
  for (std::uint8_t i = 0; i < kSquareCount; ++i) {
    const auto a = cells_of(Square{i});
    const auto b = cells_of(Square{static_cast<std::uint8_t>(45 - i)});
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
      const Cell rotated{static_cast<std::int8_t>(5 - a[k].column), static_cast<std::int8_t>(7 - a[k].row)};
      EXPECT_EQ(square_at(rotated), Square{static_cast<std::uint8_t>(45 - i)});
    }
  }
}

TEST(Board, SlotsAreCampSquaresSeenFromTheOwnersSide) {
  for (Seat seat : {kSeat0, kSeat1}) {
    for (std::uint8_t slot = 0; slot < kCampSquareCount; ++slot) {
      const Square s = square_of_slot(seat, slot);
      EXPECT_EQ(camp_of(s), seat);
      EXPECT_EQ(slot_of_square(s), slot);
    }
    EXPECT_EQ(square_of_slot(seat, 2), hq_of(seat));
    EXPECT_TRUE(is_gate(square_of_slot(seat, 18)));
    EXPECT_TRUE(is_gate(square_of_slot(seat, 21)));
  }
  // Slot 0 is the owner's back-left corner: seat 1 sits across the table.
  EXPECT_EQ(square_of_slot(kSeat0, 0), sq(0, 0));
  EXPECT_EQ(square_of_slot(kSeat1, 0), sq(5, 7));
  EXPECT_EQ(square_of_slot(kSeat1, 22), sq(0, 4));
}

TEST(Board, BehindIsOneRowTowardTheOwnersBackRow) {
  EXPECT_EQ(square_behind(sq(2, 1), kSeat0), hq_of(kSeat0));
  EXPECT_EQ(square_behind(sq(3, 1), kSeat0), hq_of(kSeat0));
  EXPECT_EQ(square_behind(sq(0, 3), kSeat0), sq(0, 2));
  EXPECT_FALSE(square_behind(sq(0, 0), kSeat0));   // back row: off the board
  EXPECT_FALSE(square_behind(hq_of(kSeat0), kSeat0));
  EXPECT_EQ(square_behind(sq(2, 6), kSeat1), hq_of(kSeat1));
  EXPECT_EQ(square_behind(sq(5, 4), kSeat1), sq(5, 5));
  EXPECT_FALSE(square_behind(sq(5, 7), kSeat1));
  EXPECT_FALSE(square_behind(hq_of(kSeat1), kSeat1));
}

}  // namespace
}  // namespace parley::game::gunjin
