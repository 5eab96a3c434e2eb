#include "ui/core/geometry.hpp"

#include <algorithm>
#include <cmath>

namespace parley::ui {

using game::chess::Square;

BoardGeometry::BoardGeometry(Point origin, int square, bool flipped)
    : origin_(origin), square_(std::max(square, 1)), flipped_(flipped) {}

Rect BoardGeometry::square_rect(Square s) const {
  // White's view: file a on the left, rank 8 at the top; flipped, the board turns half a circle.
  int column = flipped_ ? 7 - s.file() : s.file();
  int row = flipped_ ? s.rank() : 7 - s.rank();
  return {origin_.x + column * square_, origin_.y + row * square_, square_, square_};
}

std::optional<Square> BoardGeometry::square_at(Point p) const {
  if (!bounds().contains(p)) return std::nullopt;
  int column = (p.x - origin_.x) / square_;
  int row = (p.y - origin_.y) / square_;
  int file = flipped_ ? 7 - column : column;
  int rank = flipped_ ? row : 7 - row;
  return Square::at(file, rank);
}

namespace {

int scaled(int value, float scale) { return static_cast<int>(std::lround(static_cast<float>(value) * scale)); }

}  // namespace

ChessLayout chess_layout(int width, int height, int top, float scale) {
  const int margin = scaled(12, scale);
  const int panel_min_width = scaled(330, scale);
  const int panel_min_height = scaled(260, scale);
  const int avail_h = std::max(height - top, 0);
  ChessLayout layout;
  // Side by side unless the window is so tall and narrow that the board would be much smaller
  // than with the panel below it.
  int side_by_side = std::min(avail_h - 2 * margin, width - panel_min_width - 3 * margin);
  int stacked = std::min(width - 2 * margin, avail_h - panel_min_height - 3 * margin);
  layout.panel_below = stacked > side_by_side + scaled(40, scale);
  int side = std::max(layout.panel_below ? stacked : side_by_side, 64);
  side -= side % 8;
  if (!layout.panel_below) {
    layout.board = {margin, top + std::max((avail_h - side) / 2, margin), side, side};
    int panel_x = layout.board.x + side + margin;
    layout.panel = {panel_x, top + margin, std::max(width - panel_x - margin, 0), std::max(avail_h - 2 * margin, 0)};
  } else {
    layout.board = {std::max((width - side) / 2, margin), top + margin, side, side};
    int panel_y = layout.board.y + side + margin;
    layout.panel = {margin, panel_y, std::max(width - 2 * margin, 0), std::max(height - panel_y - margin, 0)};
  }
  return layout;
}

BoardGeometry board_geometry(const ChessLayout& layout, bool flipped) {
  return BoardGeometry({layout.board.x, layout.board.y}, layout.board.w / 8, flipped);
}

}  // namespace parley::ui
