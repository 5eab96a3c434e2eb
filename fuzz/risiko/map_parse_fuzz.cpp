// parse_map on arbitrary text: never a crash; a map that loads is consistent (symmetric
// borders, a card per territory plus jokers), reads back to the same World from format_map's
// text (what a room's options carry), and can start a game for a player count it supports.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string_view>

#include "game/risiko/engine.hpp"
#include "game/risiko/map_format.hpp"
#include "game/risiko/setup.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace parley::game::risiko;
  auto world = parse_map({reinterpret_cast<const char*>(data), size});
  if (!world) return 0;
  const World& w = *world;
  for (std::size_t i = 0; i < w.territory_count(); ++i)
    for (TerritoryId n : w.countries[i].neighbours)
      if (!w.adjacent(n, TerritoryId{static_cast<std::uint8_t>(i)})) std::abort();
  if (w.cards.size() < w.territory_count()) std::abort();
  auto reread = parse_map(format_map(w));
  if (!reread || reread->fingerprint() != w.fingerprint()) std::abort();
  for (std::size_t players = kMinPlayers; players <= kMaxPlayers; ++players) {
    if (!w.supports(players)) continue;
    std::vector<Colour> colours;
    for (std::size_t c = 0; c < players; ++c) colours.push_back(static_cast<Colour>(c));
    auto shared = std::make_shared<const World>(w);
    const StartGame start = deal_game(*shared, colours, [](std::uint32_t bound) { return bound - 1; });
    if (!play(new_game(shared), start)) std::abort();
    break;
  }
  return 0;
}
