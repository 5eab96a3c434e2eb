#pragma once
// Where the Gunjin board is on screen: 6 columns × 8 rows of cells with a river between the two
// camps (a gap of half a cell) crossed by the two bridges at the gate columns; each HQ is one
// square drawn over its two cells. Seat 0 sees its camp at the bottom; seat 1 sees the board
// turned half round (its camp at the bottom, columns mirrored), as across a real table.
#include <optional>
#include <string>
#include <vector>

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

  // The coordinates on the board's edges, as the referee and the terminal name squares
  // (game::gunjin::square_name): each column's letter centred under it and each row's number
  // left of it, in a strip `gutter` wide outside the board (turned with the board for seat 1).
  struct EdgeLabel {
    std::string text;
    Point centre;
  };
  std::vector<EdgeLabel> edge_labels(int gutter) const;

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
// The strip left of and under the board that holds its coordinates.
int gunjin_label_gutter(float scale);
GunjinLayout gunjin_layout(int width, int height, int top, float scale);
GunjinBoardGeometry gunjin_geometry(const GunjinLayout& layout, bool flipped);

}  // namespace parley::ui
