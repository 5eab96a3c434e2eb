// Trade values: every combination of three symbols against Risiko's table, written out here
// as the rule states it (docs/risiko.md, "Sources"): 3 artillery 4, 3 infantry 6, 3 cavalry 8, one of each
// 10, joker + two alike 12; nothing else is a set.
#include <map>

#include "game/risiko/cards.hpp"
#include "support.hpp"

namespace parley::game::risiko {
namespace {

std::optional<std::uint32_t> expected_value(std::array<Symbol, 3> s) {
  std::sort(s.begin(), s.end());
  using enum Symbol;
  const std::map<std::array<Symbol, 3>, std::uint32_t> table = {
      {{artillery, artillery, artillery}, 4}, {{infantry, infantry, infantry}, 6},
      {{cavalry, cavalry, cavalry}, 8},       {{infantry, cavalry, artillery}, 10},
      {{infantry, infantry, joker}, 12},      {{cavalry, cavalry, joker}, 12},
      {{artillery, artillery, joker}, 12}};
  auto it = table.find(s);
  if (it == table.end()) return std::nullopt;
  return it->second;
}

TEST(RisikoCards, EveryCombinationOfThreeSymbols) {
  int sets = 0;
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b)
      for (int c = 0; c < 4; ++c) {
        const std::array<Symbol, 3> s = {static_cast<Symbol>(a), static_cast<Symbol>(b), static_cast<Symbol>(c)};
        const auto set = classify(s);
        const auto expected = expected_value(s);
        ASSERT_EQ(set.has_value(), expected.has_value()) << a << b << c;
        if (set) {
          EXPECT_EQ(base_value(*set), *expected) << a << b << c;
          ++sets;
        }
      }
  // 3 + 6 orders of one-of-each + 3 x 3 orders of each joker pair = 18 ordered triples.
  EXPECT_EQ(sets, 3 + 6 + 9);
}

TEST(RisikoCards, NamedSets) {
  using enum Symbol;
  EXPECT_EQ(classify({artillery, artillery, artillery}), TradeSet::three_artillery);
  EXPECT_EQ(classify({infantry, infantry, infantry}), TradeSet::three_infantry);
  EXPECT_EQ(classify({cavalry, cavalry, cavalry}), TradeSet::three_cavalry);
  EXPECT_EQ(classify({cavalry, artillery, infantry}), TradeSet::one_of_each);
  EXPECT_EQ(classify({joker, cavalry, cavalry}), TradeSet::joker_and_pair);
  EXPECT_EQ(classify({joker, joker, cavalry}), std::nullopt);
  EXPECT_EQ(classify({joker, infantry, cavalry}), std::nullopt);
  EXPECT_EQ(classify({infantry, infantry, cavalry}), std::nullopt);
}

TEST(RisikoCards, CardHeapStaysSortedAndUnique) {
  CardHeap h({CardId{5}, CardId{1}, CardId{5}, CardId{3}});
  EXPECT_EQ(h.size(), 3u);
  EXPECT_TRUE(std::is_sorted(h.begin(), h.end()));
  EXPECT_FALSE(h.insert(CardId{3}));
  EXPECT_TRUE(h.insert(CardId{2}));
  EXPECT_TRUE(h.erase(CardId{1}));
  EXPECT_FALSE(h.erase(CardId{1}));
  EXPECT_TRUE(h.contains(CardId{2}));
  EXPECT_FALSE(h.contains(CardId{1}));
}

}  // namespace
}  // namespace parley::game::risiko
