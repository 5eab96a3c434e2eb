#pragma once
// Boards as text for terminals: a chess position, a Gunjin seat's view of its game, the Risiko
// map as a table.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "game/chess/position.hpp"
#include "game/gunjin/state.hpp"
#include "game/risiko/state.hpp"

namespace parley::cli {

std::string board_text(const game::chess::Position& pos, bool flipped);

// A Gunjin kind in two letters, as the board text shows it ("Gn" 大将 … "Fl" 軍旗).
std::string_view kind_code(game::gunjin::Kind kind);
// A kind in a sentence at the terminal: the board's code and the English name, "Cp (captain)".
std::string kind_words(game::gunjin::Kind kind);
// The board as seat `me` sees it from its own side (its back row at the bottom): its pieces by
// kind_code, the opponent's in lower case once `view` knows their kind and "??" before, the HQ's two
// cells both showing its piece, and the line between the camps with its two crossings ("||").
std::string gunjin_board_text(const game::gunjin::State& view, game::Seat me);

// The Risiko table as text, for seat `me` (none: a spectator): each continent with its bonus,
// each territory under it with the number it is typed by, its owner ("you" for `me`, the
// colour otherwise) and its armies; then the players, by `name`, with what they hold.
std::string risiko_map_text(const game::risiko::World& world, const game::risiko::Table& table,
                            std::optional<game::Seat> me, const std::function<std::string(game::Seat)>& name);
// A territory as a person types it: its number in risiko_map_text (1 is the first), or its
// key, English or Italian name with case, spaces, '_' and '-' ignored, or the start of exactly
// one of those.
std::optional<game::risiko::TerritoryId> risiko_territory_from_name(const game::risiko::World& world,
                                                                    std::string_view typed);

}  // namespace parley::cli
