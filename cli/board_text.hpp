#pragma once
// Boards as text for terminals: a chess position, and a Gunjin seat's view of its game.
#include <string>
#include <string_view>

#include "game/chess/position.hpp"
#include "game/gunjin/state.hpp"

namespace parley::cli {

std::string board_text(const game::chess::Position& pos, bool flipped);

// A Gunjin kind in two letters, as the board text shows it ("Gn" 大将 … "Fl" 軍旗).
std::string_view kind_code(game::gunjin::Kind kind);
// The board as seat `me` sees it from its own side (its back row at the bottom): its pieces by
// kind_code, the opponent's in lower case once `view` knows their kind and "??" before, the HQ's two
// cells both showing its piece, and the line between the camps with its two crossings ("||").
std::string gunjin_board_text(const game::gunjin::State& view, game::Seat me);

}  // namespace parley::cli
