#pragma once
// Draws a chess board into an ImGui draw list: squares, coordinates in the corner squares,
// the last move, the king in check, the picked-up piece and its legal destinations (dots on
// empty squares, rings on captures), the pieces, and a dragged piece under the pointer.
#include <optional>

#include "game/chess/position.hpp"
#include "games/chess/sdl/pieces.hpp"
#include "ui/core/geometry.hpp"

struct ImDrawList;
struct ImFont;

namespace parley::ui::sdl {

struct BoardScene {
  const game::chess::Position* position = nullptr;
  std::optional<game::chess::Move> last_move;
  std::optional<game::chess::Square> selected;
  game::chess::Bitboard targets = 0;
  // The piece on this square follows the pointer instead (drag-and-drop).
  std::optional<game::chess::Square> dragging_from;
  Point pointer;
};

// The board's colours (also what the rendering tests look for).
struct BoardColors {
  static constexpr unsigned light = 0xFFB5D9F0;        // ABGR: (240, 217, 181)
  static constexpr unsigned dark = 0xFF6388B5;         // (181, 136, 99)
  static constexpr unsigned last_move = 0x7A3BD2CD;    // (205, 210, 59) at 48%
  static constexpr unsigned selected = 0x8C1E6414;     // (20, 100, 30) at 55%
  static constexpr unsigned target = 0x40000000;       // black at 25%
  static constexpr unsigned check = 0xD02020E0;        // (224, 32, 32) at 82%
};

void draw_board(ImDrawList* list, const BoardGeometry& geometry, const BoardScene& scene, PieceAtlas& pieces,
                float pixel_ratio, ImFont* coordinates);

}  // namespace parley::ui::sdl
