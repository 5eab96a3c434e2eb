#pragma once
// Where the Gunjin board is on screen: 6 columns × 8 rows of cells with a river between the two
// camps (a gap of half a cell) crossed by the two bridges at the gate columns; each HQ is one
// square drawn over its two cells. Seat 0 sees its camp at the bottom; seat 1 sees the board
// turned half round (its camp at the bottom, columns mirrored), as across a real table.
#include <optional>

#include "game/gunjin/board.hpp"
#include "ui/core/geometry.hpp"

namespace parley::ui {

class GunjinBoardGeometry {
 public:
  // `origin`: the top-left corner of the top row of cells; `cell`: a cell's side (≥ 2).
  GunjinBoardGeometry(Point origin, int cell, bool flipped);

  int cell_size() const { return cell_; }
  int river_height() const { return cell_ / 2; }
  bool flipped() const { return flipped_; }
  Rect bounds() const { return {origin_.x, origin_.y, 6 * cell_, 8 * cell_ + river_height()}; }
  Rect river() const;
  Rect cell_rect(game::gunjin::Cell cell) const;
  // The square's cells as one rectangle (an HQ spans two).
  Rect square_rect(game::gunjin::Square square) const;
  // The bridge between the two gates of a gate column (0..5), across the river.
  Rect bridge(int column) const;
  std::optional<game::gunjin::Square> square_at(Point p) const;

 private:
  Point origin_;
  int cell_;
  bool flipped_;
};

// The Gunjin screen: the board on the left as tall as the window allows, the panel (players,
// the referee's announcements, actions) to its right.
struct GunjinLayout {
  Rect board;
  Rect panel;
};
GunjinLayout gunjin_layout(int width, int height, int top, float scale);
GunjinBoardGeometry gunjin_geometry(const GunjinLayout& layout, bool flipped);

}  // namespace parley::ui
