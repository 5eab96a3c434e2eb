#include "game/risiko/world.hpp"

#include <algorithm>

namespace parley::game::risiko {

bool World::adjacent(TerritoryId a, TerritoryId b) const {
  if (!valid(a) || !valid(b)) return false;
  const auto& n = country(a).neighbours;
  return std::binary_search(n.begin(), n.end(), b);
}

std::vector<std::array<TerritoryId, 2>> World::borders() const {
  std::vector<std::array<TerritoryId, 2>> out;
  for (std::size_t i = 0; i < countries.size(); ++i) {
    const TerritoryId a{static_cast<std::uint8_t>(i)};
    for (TerritoryId b : countries[i].neighbours)
      if (a < b) out.push_back({a, b});
  }
  return out;
}

std::optional<TerritoryId> World::find_territory(std::string_view key) const {
  for (std::size_t i = 0; i < countries.size(); ++i)
    if (countries[i].key == key) return TerritoryId{static_cast<std::uint8_t>(i)};
  return std::nullopt;
}

std::optional<ContinentId> World::find_continent(std::string_view key) const {
  for (std::size_t i = 0; i < continents.size(); ++i)
    if (continents[i].key == key) return ContinentId{static_cast<std::uint8_t>(i)};
  return std::nullopt;
}

void World::encode(ByteWriter& out) const {
  out.text("parley/risiko/world/v1");
  out.text(name);
  out.u8(static_cast<std::uint8_t>(continents.size()));
  for (const auto& c : continents) {
    out.text(c.key);
    out.text(c.name);
    out.text(c.name_it);
    out.u32(c.bonus);
  }
  out.u8(static_cast<std::uint8_t>(countries.size()));
  for (const auto& t : countries) {
    out.text(t.key);
    out.text(t.name);
    out.text(t.name_it);
    out.u8(t.continent.value);
    out.u8(static_cast<std::uint8_t>(t.symbol));
    out.u8(static_cast<std::uint8_t>(t.neighbours.size()));
    for (TerritoryId n : t.neighbours) out.u8(n.value);
  }
  out.u8(static_cast<std::uint8_t>(cards.size()));
  for (const auto& c : cards) {
    out.u8(static_cast<std::uint8_t>(c.symbol));
    out.u8(c.territory ? c.territory->value : 0xff);
  }
  out.u8(static_cast<std::uint8_t>(missions.size()));
  for (const auto& m : missions) {
    out.u8(static_cast<std::uint8_t>(m.kind));
    out.u32(m.territories);
    out.u32(m.min_armies);
    out.u8(static_cast<std::uint8_t>(m.continents.size()));
    for (ContinentId c : m.continents) out.u8(c.value);
    out.u32(m.extra_continents);
    out.u8(static_cast<std::uint8_t>(m.target));
  }
  for (std::uint32_t a : start_armies) out.u32(a);
}

std::uint64_t World::fingerprint() const {
  ByteWriter w;
  encode(w);
  return fnv1a64(w.data());
}

}  // namespace parley::game::risiko
