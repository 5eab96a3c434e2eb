#include "games/gunjin/ui/gunjin_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace parley::ui {

using namespace game::gunjin;

GunjinBoardGeometry::GunjinBoardGeometry(Point origin, int cell, bool flipped)
    : origin_(origin), cell_(std::max(cell, 2)), flipped_(flipped) {}

Rect GunjinBoardGeometry::river() const { return {origin_.x, origin_.y + 4 * cell_, 6 * cell_, river_height()}; }

Rect GunjinBoardGeometry::cell_rect(Cell cell) const {
  const int column = flipped_ ? kColumns - 1 - cell.column : cell.column;
  const int screen_row = flipped_ ? cell.row : kRows - 1 - cell.row;
  return {origin_.x + column * cell_, origin_.y + screen_row * cell_ + (screen_row >= kCampRows ? river_height() : 0),
          cell_, cell_};
}

Rect GunjinBoardGeometry::square_rect(Square square) const {
  const auto cells = cells_of(square);
  Rect r = cell_rect(cells.front());
  for (const Cell& c : cells) {
    const Rect o = cell_rect(c);
    const int x0 = std::min(r.x, o.x), x1 = std::max(r.x + r.w, o.x + o.w);
    r = {x0, r.y, x1 - x0, r.h};
  }
  return r;
}

Rect GunjinBoardGeometry::bridge(int column) const {
  const Rect gate = cell_rect(Cell{static_cast<std::int8_t>(column), 3});
  const Rect rv = river();
  return {gate.x + cell_ / 5, rv.y, cell_ - 2 * (cell_ / 5), rv.h};
}

std::optional<Square> GunjinBoardGeometry::square_at(Point p) const {
  if (!bounds().contains(p)) return std::nullopt;
  const int dy = p.y - origin_.y;
  int screen_row;
  if (dy < kCampRows * cell_)
    screen_row = dy / cell_;
  else if (dy < kCampRows * cell_ + river_height())
    return std::nullopt;  // the river
  else
    screen_row = (dy - river_height()) / cell_;
  const int screen_column = (p.x - origin_.x) / cell_;
  const int column = flipped_ ? kColumns - 1 - screen_column : screen_column;
  const int row = flipped_ ? screen_row : kRows - 1 - screen_row;
  return game::gunjin::square_at(Cell{static_cast<std::int8_t>(column), static_cast<std::int8_t>(row)});
}

GunjinLayout gunjin_layout(int width, int height, int top, float scale) {
  const int margin = static_cast<int>(std::lround(12 * scale));
  const int panel_min = static_cast<int>(std::lround(360 * scale));
  const int avail_h = std::max(height - top - 2 * margin, 0);
  // Eight rows and half a row of river.
  int cell = std::min(avail_h * 2 / 17, (width - panel_min - 3 * margin) / 6);
  cell = std::max(cell, 16);
  GunjinLayout layout;
  const int board_h = 8 * cell + cell / 2;
  layout.board = {margin, top + margin + std::max((avail_h - board_h) / 2, 0), 6 * cell, board_h};
  const int panel_x = layout.board.x + layout.board.w + margin;
  layout.panel = {panel_x, top + margin, std::max(width - panel_x - margin, 0), avail_h};
  return layout;
}

GunjinBoardGeometry gunjin_geometry(const GunjinLayout& layout, bool flipped) {
  return GunjinBoardGeometry({layout.board.x, layout.board.y}, layout.board.w / 6, flipped);
}

}  // namespace parley::ui
