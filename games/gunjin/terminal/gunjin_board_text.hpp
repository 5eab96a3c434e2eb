#pragma once
// A Gunjin seat's view of its game as text, for terminals.
#include <string>
#include <string_view>

#include "game/gunjin/state.hpp"

namespace parley::cli {

// A Gunjin kind in two letters, as the board text shows it ("Gn" 大将 … "Fl" 軍旗).
std::string_view kind_code(game::gunjin::Kind kind);
// A kind in a sentence at the terminal: the board's code and the English name, "Cp (captain)".
std::string kind_words(game::gunjin::Kind kind);
// The board as seat `me` sees it from its own side (its back row at the bottom): its pieces by
// kind_code, the opponent's in lower case once `view` knows their kind and "??" before, the HQ's two
// cells both showing its piece, and the line between the camps with its two crossings ("||").
std::string gunjin_board_text(const game::gunjin::State& view, game::Seat me);

}  // namespace parley::cli
