#pragma once
// The Risiko map as a table of text, for terminals, and territories as a person types them.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "game/risiko/state.hpp"

namespace parley::cli {

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
