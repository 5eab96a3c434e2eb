#include "game/risiko/setup.hpp"

#include <utility>

namespace parley::game::risiko {
namespace {

template <class T>
void shuffle(std::vector<T>& v, const UniformDraw& draw) {
  for (std::size_t i = v.size(); i > 1; --i) {
    // A conforming source stays below the bound; reducing keeps a faulty one in range.
    const std::uint32_t j = draw(static_cast<std::uint32_t>(i)) % static_cast<std::uint32_t>(i);
    std::swap(v[i - 1], v[j]);
  }
}

}  // namespace

StartGame deal_game(const World& world, std::vector<Colour> colours, const UniformDraw& draw) {
  StartGame out;
  const std::size_t n = colours.size();
  out.colours = std::move(colours);
  for (std::size_t s = 0; s < n; ++s) out.turn_order.push_back(Seat{static_cast<std::uint8_t>(s)});
  shuffle(out.turn_order, draw);
  std::vector<TerritoryId> territories;
  for (std::size_t t = 0; t < world.territory_count(); ++t)
    territories.push_back(TerritoryId{static_cast<std::uint8_t>(t)});
  shuffle(territories, draw);
  out.owners.resize(world.territory_count());
  if (n == 0) return out;
  for (std::size_t i = 0; i < territories.size(); ++i) out.owners[territories[i].value] = out.turn_order[i % n];
  return out;
}

}  // namespace parley::game::risiko
