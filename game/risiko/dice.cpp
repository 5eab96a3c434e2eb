#include "game/risiko/dice.hpp"

#include <algorithm>
#include <cassert>

namespace parley::game::risiko {

bool Dice::valid() const {
  if (count < 1 || count > kMaxDice) return false;
  for (std::uint8_t i = 0; i < count; ++i)
    if (values[i] < 1 || values[i] > 6) return false;
  return true;
}

namespace {
// The values thrown, highest first (an insertion sort: at most three dice).
std::array<std::uint8_t, kMaxDice> high_to_low(const Dice& dice) {
  std::array<std::uint8_t, kMaxDice> v{};
  for (std::uint8_t i = 0; i < dice.count; ++i) {
    std::uint8_t j = i;
    for (; j > 0 && v[j - 1] < dice.values[i]; --j) v[j] = v[j - 1];
    v[j] = dice.values[i];
  }
  return v;
}
}  // namespace

Losses resolve_battle(const Roll& roll) {
  assert(roll.attacker.valid() && roll.defender.valid());
  const auto a = high_to_low(roll.attacker);
  const auto d = high_to_low(roll.defender);
  Losses out;
  const std::uint8_t pairs = std::min(roll.attacker.count, roll.defender.count);
  for (std::uint8_t i = 0; i < pairs; ++i) {
    if (a[i] > d[i])
      ++out.defender;
    else
      ++out.attacker;
  }
  return out;
}

std::uint8_t defender_dice(DiceRule rule, std::uint32_t armies) {
  const std::uint32_t cap = rule == DiceRule::risiko ? 3 : 2;
  return static_cast<std::uint8_t>(std::min(cap, armies));
}

std::uint8_t max_attacker_dice(std::uint32_t armies) {
  if (armies < 2) return 0;
  return static_cast<std::uint8_t>(std::min<std::uint32_t>(kMaxDice, armies - 1));
}

}  // namespace parley::game::risiko
