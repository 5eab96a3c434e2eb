// Dice: the engine's battle resolution against an enumeration of every roll. The outside
// oracle is the enumeration itself (written here, independently of the engine) and, for the
// classic 3 vs 2, the published odds 2890 / 2611 / 2275 of 7776 (docs/risiko.md, "Sources").
#include <array>
#include <map>

#include "game/risiko/dice.hpp"
#include "support.hpp"

namespace parley::game::risiko {
namespace {
using namespace testing;

// The oracle's own comparison: count, for each pair of the sorted sides, who wins.
Losses oracle(std::vector<int> a, std::vector<int> d) {
  std::sort(a.rbegin(), a.rend());
  std::sort(d.rbegin(), d.rend());
  Losses l;
  for (std::size_t i = 0; i < std::min(a.size(), d.size()); ++i) (a[i] > d[i] ? l.defender : l.attacker)++;
  return l;
}

// Enumerates all 6^(na+nd) rolls; returns counts by attacker losses and checks that the
// engine agrees with the oracle on every single roll.
std::map<int, std::uint64_t> enumerate(int na, int nd) {
  std::map<int, std::uint64_t> by_attacker_loss;
  const int total = na + nd;
  int rolls = 1;
  for (int i = 0; i < total; ++i) rolls *= 6;
  for (int code = 0; code < rolls; ++code) {
    std::vector<int> a, d;
    int c = code;
    for (int i = 0; i < total; ++i, c /= 6) (i < na ? a : d).push_back(1 + c % 6);
    Roll r;
    r.attacker.count = static_cast<std::uint8_t>(na);
    r.defender.count = static_cast<std::uint8_t>(nd);
    for (int i = 0; i < na; ++i) r.attacker.values[i] = static_cast<std::uint8_t>(a[i]);
    for (int i = 0; i < nd; ++i) r.defender.values[i] = static_cast<std::uint8_t>(d[i]);
    const Losses expected = oracle(a, d);
    const Losses got = resolve_battle(r);
    if (got != expected) {
      ADD_FAILURE() << "roll " << code << " differs";
      return {};
    }
    EXPECT_EQ(got.attacker + got.defender, std::min(na, nd));
    ++by_attacker_loss[got.attacker];
  }
  return by_attacker_loss;
}

TEST(RisikoDice, Classic3v2MatchesPublishedOdds) {
  const auto counts = enumerate(3, 2);
  EXPECT_EQ(counts.at(0), 2890u);  // attacker wins both
  EXPECT_EQ(counts.at(1), 2611u);  // each loses one
  EXPECT_EQ(counts.at(2), 2275u);  // defender wins both
}

TEST(RisikoDice, Risiko3v3TableByEnumeration) {
  // The table is whatever the oracle's enumeration of 6^6 rolls says; the engine must agree
  // roll by roll (checked inside enumerate) and in total.
  std::map<int, std::uint64_t> table;
  for (int code = 0; code < 46656; ++code) {
    std::vector<int> a, d;
    int c = code;
    for (int i = 0; i < 6; ++i, c /= 6) (i < 3 ? a : d).push_back(1 + c % 6);
    ++table[oracle(a, d).attacker];
  }
  const auto counts = enumerate(3, 3);
  EXPECT_EQ(counts, table);
  std::uint64_t sum = 0;
  for (const auto& [k, v] : counts) sum += v;
  EXPECT_EQ(sum, 46656u);
  EXPECT_EQ(counts.size(), 4u);  // the attacker may lose 0, 1, 2 or 3
  // The enumeration's figures, pinned so that a change to the oracle shows too.
  EXPECT_EQ(table, (std::map<int, std::uint64_t>{{0, 6420}, {1, 10017}, {2, 12348}, {3, 17871}}));
  // Ties go to the defender, so three equal throws cost the attacker three armies.
  EXPECT_EQ(resolve_battle(roll({4, 4, 4}, {4, 4, 4})), (Losses{3, 0}));
}

TEST(RisikoDice, EverySmallerMatchUp) {
  for (int na = 1; na <= 3; ++na)
    for (int nd = 1; nd <= 3; ++nd) {
      const auto counts = enumerate(na, nd);
      std::uint64_t sum = 0;
      for (const auto& [k, v] : counts) sum += v;
      std::uint64_t rolls = 1;
      for (int i = 0; i < na + nd; ++i) rolls *= 6;
      EXPECT_EQ(sum, rolls) << na << "v" << nd;
    }
  // 1 vs 1: the attacker wins 15 of 36.
  EXPECT_EQ(enumerate(1, 1).at(0), 15u);
}

TEST(RisikoDice, HighestAgainstHighestWhateverTheOrderThrown) {
  EXPECT_EQ(resolve_battle(roll({1, 6, 3}, {5, 2})), (Losses{0, 2}));
  EXPECT_EQ(resolve_battle(roll({2, 6}, {6, 1, 1})), (Losses{1, 1}));  // 6-6 tie, 2 beats 1
  EXPECT_EQ(resolve_battle(roll({5}, {4, 6, 6})), (Losses{1, 0}));
  EXPECT_EQ(resolve_battle(roll({6, 6, 1}, {5, 5, 5})), (Losses{1, 2}));
}

TEST(RisikoDice, DiceCounts) {
  EXPECT_EQ(defender_dice(DiceRule::risiko, 1), 1);
  EXPECT_EQ(defender_dice(DiceRule::risiko, 3), 3);
  EXPECT_EQ(defender_dice(DiceRule::risiko, 40), 3);
  EXPECT_EQ(defender_dice(DiceRule::classic, 40), 2);
  EXPECT_EQ(defender_dice(DiceRule::classic, 1), 1);
  EXPECT_EQ(max_attacker_dice(1), 0);
  EXPECT_EQ(max_attacker_dice(2), 1);
  EXPECT_EQ(max_attacker_dice(4), 3);
  EXPECT_EQ(max_attacker_dice(100), 3);
  EXPECT_FALSE(roll({0}, {1}).attacker.valid());
  EXPECT_FALSE(roll({7}, {1}).attacker.valid());
  EXPECT_FALSE(roll({1, 2, 3, 4}, {1}).attacker.valid());
  EXPECT_FALSE(roll({}, {1}).attacker.valid());
}

}  // namespace
}  // namespace parley::game::risiko
