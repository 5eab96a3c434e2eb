#pragma once
// Where things are on screen, in window coordinates (logical pixels; the renderer scales them
// to the display's pixels). The chess screen's layout and the board's squares are plain
// integer arithmetic here, so the input state machine, the renderer and the end-to-end test
// that clicks on squares all agree on them.
#include <optional>

#include "game/chess/types.hpp"

namespace parley::ui {

struct Point {
  int x = 0;
  int y = 0;
  friend bool operator==(Point, Point) = default;
};

struct Rect {
  int x = 0;
  int y = 0;
  int w = 0;
  int h = 0;
  bool contains(Point p) const { return p.x >= x && p.y >= y && p.x < x + w && p.y < y + h; }
  Point center() const { return {x + w / 2, y + h / 2}; }
  friend bool operator==(Rect, Rect) = default;
};

// The 8×8 board at a place on screen, seen from white's side or (flipped) from black's.
class BoardGeometry {
 public:
  // `origin` is the top-left corner of the squares; `square` their side in pixels (≥ 1).
  BoardGeometry(Point origin, int square, bool flipped);

  int square_size() const { return square_; }
  bool flipped() const { return flipped_; }
  Rect bounds() const { return {origin_.x, origin_.y, 8 * square_, 8 * square_}; }
  Rect square_rect(game::chess::Square s) const;
  // The square under a point, if the point is on the board.
  std::optional<game::chess::Square> square_at(Point p) const;

 private:
  Point origin_;
  int square_;
  bool flipped_;
};

// The chess screen below the menu bar: the board on the left, as large as the height allows;
// players, clocks, moves and buttons in a panel to its right. A window much taller than wide
// puts the panel below the board instead.
struct ChessLayout {
  Rect board;  // the squares (their side is a multiple of 8)
  Rect panel;
  bool panel_below = false;
};

// `top` is where the content starts (below the menu bar); `scale` the interface scale (1 at
// 96 dpi), which sizes the margins and the panel's minimum width.
ChessLayout chess_layout(int width, int height, int top, float scale);
BoardGeometry board_geometry(const ChessLayout& layout, bool flipped);

}  // namespace parley::ui
