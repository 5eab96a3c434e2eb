#include "game/risiko/mission.hpp"

#include <algorithm>

namespace parley::game::risiko {
namespace {

std::optional<Seat> seat_of(const Table& table, Colour colour) {
  for (std::size_t s = 0; s < table.players.size(); ++s)
    if (table.players[s].colour == colour) return Seat{static_cast<std::uint8_t>(s)};
  return std::nullopt;
}

bool occupies(const Table& table, Seat holder, std::uint32_t territories, std::uint32_t min_armies) {
  const auto held = std::count_if(table.countries.begin(), table.countries.end(), [&](const CountryInfo& c) {
    return c.owner == holder && c.armies >= min_armies;
  });
  return static_cast<std::uint32_t>(held) >= territories;
}

}  // namespace

bool destroy_falls_back(const Table& table, Seat holder, const Mission& mission) {
  const auto target = seat_of(table, mission.target);
  if (!target || *target == holder) return true;
  const auto& info = table.player(*target);
  return info.status == PlayerStatus::eliminated && info.eliminated_by != holder;
}

bool mission_fulfilled(const World& world, const Table& table, Seat holder, const Mission& mission) {
  switch (mission.kind) {
    case MissionKind::occupy:
      return occupies(table, holder, mission.territories, mission.min_armies);
    case MissionKind::continents: {
      for (ContinentId c : mission.continents)
        if (!table.holds_continent(world, holder, c)) return false;
      std::uint32_t others = 0;
      for (std::size_t c = 0; c < world.continents.size(); ++c) {
        const ContinentId id{static_cast<std::uint8_t>(c)};
        if (std::find(mission.continents.begin(), mission.continents.end(), id) != mission.continents.end())
          continue;
        if (table.holds_continent(world, holder, id)) ++others;
      }
      return others >= mission.extra_continents;
    }
    case MissionKind::destroy: {
      if (destroy_falls_back(table, holder, mission)) return occupies(table, holder, mission.territories, 1);
      const auto target = seat_of(table, mission.target);
      const auto& info = table.player(*target);
      return info.status == PlayerStatus::eliminated && info.eliminated_by == holder;
    }
  }
  return false;
}

}  // namespace parley::game::risiko
