#pragma once
// Draws a Gunjin board into an ImGui draw list: the two camps, the river between them with
// the two bridges at the gate columns, the gates marked, each HQ one square over two cells,
// the last move, the picked-up piece and the squares it can reach, and the pieces — face up
// with their names where the state knows the kind, face down (a plain back) where it does not.
// A piece points toward the enemy, as the pentagonal pieces of a real set do.
#include <optional>
#include <utility>

#include "game/gunjin/state.hpp"
#include "games/gunjin/sdl/gunjin_pieces.hpp"
#include "games/gunjin/ui/gunjin_geometry.hpp"

struct ImDrawList;
struct ImFont;

namespace parley::ui::sdl {

struct GunjinScene {
  const game::gunjin::State* state = nullptr;
  std::optional<std::pair<game::gunjin::Square, game::gunjin::Square>> last_move;
  std::optional<game::gunjin::Square> selected;
  game::gunjin::SquareSet targets;
  std::optional<game::gunjin::Square> dragging_from;  // drawn under the pointer instead
  Point pointer;
  bool readings = false;  // the romaji under each face-up name
  bool camp_only = false;  // the layout editor: seat 0's camp, the other one dimmed
  game::gunjin::SquareSet marked;  // squares to outline in red (the editor's refused target)
};

// The colours (ABGR for ImGui; the rendering tests look for their RGB).
struct GunjinColors {
  static constexpr unsigned cell = 0xFF9CCBDF;         // (223, 203, 156) tatami-like
  static constexpr unsigned cell_line = 0xFF47607A;    // (122, 96, 71)
  static constexpr unsigned hq = 0xFF7EB6D4;           // (212, 182, 126)
  static constexpr unsigned gate = 0xFF86C4A7;         // (167, 196, 134) green: a gate square
  static constexpr unsigned river = 0xFFB88A4A;        // (74, 138, 184)
  static constexpr unsigned bridge = 0xFF2D5B8A;       // (138, 91, 45)
  static constexpr unsigned tile_seat0 = 0xFFC8EEF8;   // (248, 238, 200) cream
  static constexpr unsigned tile_seat1 = 0xFFF2DCC4;   // (196, 220, 242) pale blue
  static constexpr unsigned back = 0xFF2E2E7A;         // (122, 46, 46) face down
  static constexpr unsigned ink = 0xFF1E1E1E;          // (30, 30, 30)
  static constexpr unsigned last_move = 0x7A3BD2CD;    // (205, 210, 59) at 48%
  static constexpr unsigned selected = 0x8C1E6414;     // (20, 100, 30) at 55%
  static constexpr unsigned target = 0x60101010;
  static constexpr unsigned dimmed = 0xA0202020;
};

void draw_gunjin_board(ImDrawList* list, const GunjinBoardGeometry& geometry, const GunjinScene& scene,
                       GunjinPieceAtlas& pieces, float pixel_ratio, ImFont* small);

}  // namespace parley::ui::sdl
