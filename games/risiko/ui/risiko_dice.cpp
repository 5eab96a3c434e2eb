#include "games/risiko/ui/risiko_dice.hpp"

#include <algorithm>
#include <functional>

namespace parley::ui {

namespace {

std::vector<std::uint8_t> high_to_low(const game::risiko::Dice& dice) {
  const std::uint8_t n = std::min(dice.count, game::risiko::kMaxDice);
  std::vector<std::uint8_t> out(dice.values.begin(), dice.values.begin() + n);
  std::ranges::sort(out, std::greater<>());
  return out;
}

}  // namespace

RisikoSortedDice sorted_dice(const game::risiko::Roll& roll) {
  RisikoSortedDice out{high_to_low(roll.attacker), high_to_low(roll.defender), {}};
  for (std::size_t i = 0; i < std::min(out.attacker.size(), out.defender.size()); ++i)
    out.pairs.push_back({out.attacker[i], out.defender[i], out.attacker[i] > out.defender[i]});
  return out;
}

}  // namespace parley::ui
