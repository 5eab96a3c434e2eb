#pragma once
// Gunjin's battle table (docs/gunjin.md) as DuelRules, for the duel tests and benchmarks (the game's own table
// lives in game/gunjin). Kinds in the table's order: 0 大将 1 中将 2 少将 3 飛行機 4 タンク 5 大佐
// 6 中佐 7 少佐 8 大尉 9 中尉 10 少尉 11 騎兵 12 工兵 13 スパイ 14 地雷 15 軍旗.
// Rows = defender, columns = attacker; 0 the defender stays, 1 both removed, 2 the attacker
// wins, 9 the flag rule (the flag fights as the friendly piece behind it; alone, it loses).
#include <array>

#include "crypto/duel.hpp"

namespace parley::crypto::testing {

inline constexpr std::uint32_t kGunjinFlag = 15;
inline constexpr std::uint32_t kGunjinMine = 14;

inline constexpr std::array<std::array<int, 16>, 16> kSeed001Table{{
    {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 9},
    {2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 9},
    {2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 9},
    {2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9},
    {2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 9},
    {2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 9},
    {2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 2, 9},
    {2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 2, 9},
    {2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 2, 9},
    {2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 2, 9},
    {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 2, 9},
    {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 2, 9},
    {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 9},
    {0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 9},
    {0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 9},
    {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9},
}};

// Movable kinds attack (0..13); any defender except the flag itself is an effective index,
// and 16 (the lone flag) loses to every attacker.
inline DuelRules gunjin_rules() {
  DuelRules rules;
  rules.flag_kind = kGunjinFlag;
  for (std::uint32_t a = 0; a < kGunjinMine; ++a) {
    for (std::uint32_t b = 0; b < kGunjinFlag; ++b) {
      rules.outcome[b][a] = static_cast<DuelOutcome>(kSeed001Table[b][a]);
    }
    rules.outcome[kLoneFlagIndex][a] = DuelOutcome::attacker_wins;
  }
  return rules;
}

}  // namespace parley::crypto::testing
