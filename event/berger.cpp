#include "event/berger.hpp"

#include <cassert>

namespace parley::event {

std::size_t berger_cycle_rounds(std::size_t players) { return players % 2 == 0 ? players - 1 : players; }

BergerRound berger_round(std::size_t players, std::size_t round) {
  assert(players >= 2 && round >= 1);
  const std::size_t even = players + players % 2;  // n'
  const std::size_t m = even - 1;                  // the rotating numbers 1..m
  const std::size_t per_cycle = m;
  const std::size_t cycle = (round - 1) / per_cycle;
  const std::size_t r = (round - 1) % per_cycle;  // 0-based round within the cycle
  const std::size_t p = (r * (even / 2)) % m;     // 0-based: player p + 1 meets n'
  auto number = [&](std::ptrdiff_t x) {
    const std::ptrdiff_t mm = static_cast<std::ptrdiff_t>(m);
    return static_cast<std::uint32_t>(((x % mm) + mm) % mm + 1);
  };
  const bool reversed = cycle % 2 == 1;
  BergerRound out;
  auto add = [&](std::uint32_t white, std::uint32_t black) {
    if (reversed) std::swap(white, black);
    if (white > players) {
      out.bye = black;
    } else if (black > players) {
      out.bye = white;
    } else {
      out.boards.emplace_back(white, black);
    }
  };
  const auto top = static_cast<std::uint32_t>(even);
  const auto rotating = number(static_cast<std::ptrdiff_t>(p));
  if (r % 2 == 0)
    add(rotating, top);
  else
    add(top, rotating);
  for (std::size_t k = 1; k < even / 2; ++k)
    add(number(static_cast<std::ptrdiff_t>(p + k)), number(static_cast<std::ptrdiff_t>(p) - static_cast<std::ptrdiff_t>(k)));
  return out;
}

}  // namespace parley::event
