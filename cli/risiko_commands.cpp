#include <fmt/core.h>

#include <algorithm>

#include "cli/commands.hpp"
#include "cli/mapped_file.hpp"
#include "game/risiko/map_format.hpp"
#include "peer/session/risiko_options.hpp"

namespace parley::cli {

namespace {

namespace rk = game::risiko;

// One line on the map a room would play: what it holds and the room space it takes.
std::string summary(const rk::World& world, std::size_t room_bytes) {
  std::string continents;
  for (const rk::Continent& c : world.continents)
    continents += (continents.empty() ? "" : ", ") + c.name + " +" + std::to_string(c.bonus);
  std::string players;
  for (std::size_t p = rk::kMinPlayers; p <= rk::kMaxPlayers; ++p)
    if (world.supports(p))
      players += (players.empty() ? "" : ", ") + std::to_string(p) + " (" + std::to_string(world.start_armies[p]) + " armies)";
  const auto jokers = std::count_if(world.cards.begin(), world.cards.end(), [](const rk::Card& c) { return !c.territory; });
  return fmt::format(
      "{}: {} territories, {} borders, {} continents ({}), {} cards ({} joker{}), {} missions; players {}; "
      "{} bytes in a room (at most {})",
      world.name.empty() ? std::string("an unnamed map") : "map \"" + world.name + "\"", world.territory_count(),
      world.borders().size(), world.continents.size(), continents, world.cards.size(), jokers, jokers == 1 ? "" : "s",
      world.missions.size(), players, room_bytes, peer::risiko::kMaxCustomMapBytes);
}

}  // namespace

int risiko_map_check(const RisikoMapOptions& options) {
  bool readable = true, valid = true;
  for (const std::string& path : options.files) {
    MappedFile file(path, rk::kMaxMapBytes + 1);
    if (!file.ok()) {
      fmt::print(stderr, "{}: {}\n", path, file.error());
      readable = false;
      continue;
    }
    auto chosen = peer::risiko::custom_map_options(file.text(), rk::DiceRule::risiko);
    if (!chosen && chosen.error().kind == peer::risiko::MapChoiceError::Kind::bad_map) {
      const rk::MapError& e = chosen.error().map;
      if (e.line > 0) fmt::print("{}: line {}: {}\n", path, e.line, rk::describe(e.kind));
      else fmt::print("{}: {}\n", path, rk::describe(e.kind));
      valid = false;
      continue;
    }
    if (!chosen) {
      fmt::print("{}: valid, but {}\n", path, peer::risiko::describe(chosen.error()));
      valid = false;
      continue;
    }
    if (options.formatted) {
      fmt::print("{}", chosen->custom_map);
      continue;
    }
    const auto world = peer::risiko::load_world(*chosen);
    fmt::print("{}: {}\n", path, summary(*world, chosen->custom_map.size()));
  }
  return !readable ? kUnreadable : !valid ? kInvalidInput : kSuccess;
}

}  // namespace parley::cli
