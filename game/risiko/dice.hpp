#pragma once
// Dice and battle resolution. The values are inputs (the session derives them from the
// attacker's and defender's hash chains); the engine checks their number and range and
// compares them: highest against highest, ties to the defender.
#include <array>
#include <cstdint>

#include "game/risiko/types.hpp"

namespace parley::game::risiko {

inline constexpr std::uint8_t kMaxDice = 3;

// The dice one side threw, in the order thrown; count is 1..3, each value 1..6.
struct Dice {
  std::uint8_t count = 0;
  std::array<std::uint8_t, kMaxDice> values{};
  bool valid() const;
  friend bool operator==(const Dice&, const Dice&) = default;
};

struct Roll {
  Dice attacker;
  Dice defender;
  friend bool operator==(const Roll&, const Roll&) = default;
};

struct Losses {
  std::uint8_t attacker = 0;
  std::uint8_t defender = 0;
  friend bool operator==(const Losses&, const Losses&) = default;
};

// Sorts each side high to low and compares pair by pair, as many pairs as the smaller side
// threw; each pair costs its loser one army, a tie costs the attacker. Precondition: valid().
Losses resolve_battle(const Roll& roll);

// How many dice the defender throws with `armies` armies under `rule`.
std::uint8_t defender_dice(DiceRule rule, std::uint32_t armies);
// The most dice an attacker may throw from a territory holding `armies` armies (0: none).
std::uint8_t max_attacker_dice(std::uint32_t armies);

}  // namespace parley::game::risiko
