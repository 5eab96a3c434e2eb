#include "game/gunjin/board.hpp"

namespace parley::game::gunjin {

namespace {

struct Geometry {
  std::array<std::array<std::int8_t, kColumns>, kRows> square_of_cell{};  // -1: none (never)
  std::array<std::array<Cell, 2>, kSquareCount> cells{};
  std::array<std::uint8_t, kSquareCount> cell_count{};
};

// Rows are numbered from seat 0's back row; in rows 0 and 7 columns 2 and 3 are one square.
constexpr Geometry make_geometry() {
  Geometry g{};
  std::uint8_t next = 0;
  for (std::int8_t row = 0; row < kRows; ++row) {
    const bool back_row = row == 0 || row == kRows - 1;
    for (std::int8_t column = 0; column < kColumns; ++column) {
      const Cell cell{column, row};
      if (back_row && column == 3) {  // the HQ's second cell joins the square on its left
        const std::uint8_t hq = static_cast<std::uint8_t>(next - 1);
        g.square_of_cell[row][column] = static_cast<std::int8_t>(hq);
        g.cells[hq][1] = cell;
        g.cell_count[hq] = 2;
        continue;
      }
      g.square_of_cell[row][column] = static_cast<std::int8_t>(next);
      g.cells[next][0] = cell;
      g.cell_count[next] = 1;
      ++next;
    }
  }
  return g;
}

constexpr Geometry kGeometry = make_geometry();
static_assert(kGeometry.square_of_cell[7][5] == kSquareCount - 1, "46 squares");
static_assert(kGeometry.square_of_cell[0][3] == 2 && kGeometry.square_of_cell[7][3] == 43, "HQ squares");
static_assert(kGeometry.square_of_cell[3][1] == 18 && kGeometry.square_of_cell[4][4] == 27, "gates");

}  // namespace

std::optional<Square> square_at(Cell cell) {
  if (cell.column < 0 || cell.column >= kColumns || cell.row < 0 || cell.row >= kRows) return std::nullopt;
  return Square{static_cast<std::uint8_t>(kGeometry.square_of_cell[cell.row][cell.column])};
}

std::span<const Cell> cells_of(Square square) {
  return {kGeometry.cells[square.index].data(), kGeometry.cell_count[square.index]};
}

std::string square_name(Square square) {
  if (square == hq_of(Seat{0})) return "HQ1";
  if (square == hq_of(Seat{1})) return "HQ8";
  const Cell cell = cells_of(square)[0];
  return {static_cast<char>('a' + cell.column), static_cast<char>('1' + cell.row)};
}

std::optional<Square> square_from_name(std::string_view name) {
  auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  if (name.size() == 3 && lower(name[0]) == 'h' && lower(name[1]) == 'q') {
    if (name[2] == '1') return hq_of(Seat{0});
    if (name[2] == '8') return hq_of(Seat{1});
    return std::nullopt;
  }
  if (name.size() != 2) return std::nullopt;
  const char column = lower(name[0]), row = name[1];
  if (column < 'a' || column >= 'a' + kColumns || row < '1' || row >= '1' + kRows) return std::nullopt;
  return square_at(Cell{static_cast<std::int8_t>(column - 'a'), static_cast<std::int8_t>(row - '1')});
}

std::optional<Square> square_behind(Square square, Seat owner) {
  const Cell cell = cells_of(square)[0];
  return square_at(Cell{cell.column, static_cast<std::int8_t>(cell.row - forward_of(owner))});
}

}  // namespace parley::game::gunjin
