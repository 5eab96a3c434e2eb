#pragma once
// A roll as a person reads it (docs/ui.md, "Risiko"): each side's dice high to low, and the pairs
// the rules compare — highest against highest, as many pairs as the smaller side threw, a tie to
// the defender (game/risiko/dice.hpp, resolve_battle).
#include <cstdint>
#include <vector>

#include "game/risiko/dice.hpp"

namespace parley::ui {

struct RisikoDicePair {
  std::uint8_t attacker = 0;
  std::uint8_t defender = 0;
  bool attacker_wins = false;  // else the defender: the attacker's army is lost
};

struct RisikoSortedDice {
  std::vector<std::uint8_t> attacker;  // high to low
  std::vector<std::uint8_t> defender;  // high to low
  std::vector<RisikoDicePair> pairs;   // the i-th of each side, for the smaller side's count
};

RisikoSortedDice sorted_dice(const game::risiko::Roll& roll);

}  // namespace parley::ui
