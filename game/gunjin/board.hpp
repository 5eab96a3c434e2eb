#pragma once
// The board: 6 columns × 8 rows of cells, two camps of 4 rows, the two cells in the middle of
// each back row forming one square, the HQ (総司令部). So there are 46 squares, 23 per camp.
//
//          col 0   1   2   3   4   5
//   row 7   41  42 [  43  ] 44  45     seat 1's back row, its HQ = square 43
//   row 6   35  36  37  38  39  40
//   row 5   29  30  31  32  33  34
//   row 4   23 =24= 25  26 =27= 28     seat 1's front row, gates = squares 24, 27
//               ||          ||          (the only crossings, except for a plane)
//   row 3   17 =18= 19  20 =21= 22     seat 0's front row, gates = squares 18, 21
//   row 2   11  12  13  14  15  16
//   row 1    5   6   7   8   9  10
//   row 0    0   1 [   2  ]  3   4     seat 0's back row, its HQ = square 2
//
// Square numbers run row by row from seat 0's back row; turning the board half round maps
// square i to square 45 − i, which is how seat 1's camp is numbered from its own side.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "game/core/seat.hpp"

namespace parley::game::gunjin {

inline constexpr int kColumns = 6;
inline constexpr int kRows = 8;
inline constexpr int kCampRows = 4;
inline constexpr std::size_t kSquareCount = 46;
inline constexpr std::size_t kCampSquareCount = 23;
inline constexpr std::size_t kSeatCount = 2;

struct Square {
  std::uint8_t index = 0;  // 0..45
  constexpr auto operator<=>(const Square&) const = default;
};

// The square with this index, or nothing for 46 and above.
constexpr std::optional<Square> square_from_index(std::uint8_t index) {
  if (index >= kSquareCount) return std::nullopt;
  return Square{index};
}

struct Cell {
  std::int8_t column = 0;  // 0..5, seat 0's left to right
  std::int8_t row = 0;     // 0..7, seat 0's back row to seat 1's back row
  constexpr auto operator<=>(const Cell&) const = default;
};

// The square a cell belongs to, or nothing for a cell off the board.
std::optional<Square> square_at(Cell cell);
// The cells of a square: one, or two for an HQ (left cell first).
std::span<const Cell> cells_of(Square square);

// A square's name as players read it: "a1".."f8" by its cell (columns a–f from seat 0's left,
// rows 1–8 from seat 0's back row), and "HQ1" / "HQ8" for the two-cell headquarters, whose
// cells would otherwise give one square two names.
std::string square_name(Square square);
// The inverse, for what people type: a square's name in either case, or a cell's name ("c1" and
// "d1" are both HQ1); nothing for anything else.
std::optional<Square> square_from_name(std::string_view name);

// Seat 0's camp is rows 0–3 (squares 0–22), seat 1's rows 4–7 (squares 23–45).
constexpr Seat camp_of(Square square) { return Seat{static_cast<std::uint8_t>(square.index < kCampSquareCount ? 0 : 1)}; }
constexpr Seat opponent(Seat seat) { return Seat{static_cast<std::uint8_t>(1 - seat.index)}; }

constexpr Square hq_of(Seat seat) { return seat.index == 0 ? Square{2} : Square{43}; }
// The gates (突入口): each camp's front-row squares in columns 1 and 4 (2 and 5 counting from 1).
constexpr bool is_gate(Square square) {
  return square.index == 18 || square.index == 21 || square.index == 24 || square.index == 27;
}
inline constexpr std::array<int, 2> kGateColumns = {1, 4};

// Which way is forward for a seat: +1 (toward row 7) for seat 0, −1 for seat 1.
constexpr int forward_of(Seat seat) { return seat.index == 0 ? 1 : -1; }

// Camp-relative placement squares ("slots"): slot 0–4 the owner's back row from its own left
// (slot 2 the HQ), then 6 slots per row toward the front; slots 18 and 21 are the gates.
// A layout written for one seat therefore fits the other.
constexpr Square square_of_slot(Seat seat, std::uint8_t slot) {
  return seat.index == 0 ? Square{slot} : Square{static_cast<std::uint8_t>(kSquareCount - 1 - slot)};
}
// The slot of a square in its own camp.
constexpr std::uint8_t slot_of_square(Square square) {
  return square.index < kCampSquareCount ? square.index : static_cast<std::uint8_t>(kSquareCount - 1 - square.index);
}

// The square directly behind `square` seen by `owner` (one row toward the owner's back row),
// or nothing when that is off the board. From an HQ (a back-row square) it is always nothing.
std::optional<Square> square_behind(Square square, Seat owner);

// A set of squares as a 64-bit mask (bit i = square index i).
class SquareSet {
 public:
  constexpr SquareSet() = default;
  constexpr void insert(Square s) { bits_ |= std::uint64_t{1} << s.index; }
  constexpr void erase(Square s) { bits_ &= ~(std::uint64_t{1} << s.index); }
  constexpr bool contains(Square s) const { return (bits_ >> s.index) & 1U; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint64_t bits() const { return bits_; }
  friend constexpr SquareSet operator|(SquareSet a, SquareSet b) { return SquareSet(a.bits_ | b.bits_); }
  friend constexpr bool operator==(SquareSet, SquareSet) = default;

 private:
  constexpr explicit SquareSet(std::uint64_t bits) : bits_(bits) {}
  std::uint64_t bits_ = 0;
};

}  // namespace parley::game::gunjin
