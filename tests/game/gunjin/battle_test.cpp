// The battle table against the original (docs/gunjin.md), cell by cell, and the flag rule in every position.
#include "game/gunjin/battle.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace parley::game::gunjin {
namespace {

// The original battle table as its article prints it (psql output): rows = defender, columns = attacker;
// 0 defender stays, 1 both removed, 2 attacker takes, 9 the flag rule. This copy is the
// outside oracle; the engine's table is typed separately in battle.cpp.
constexpr const char* kSeedTable = R"(
 大将   |      1 |      0 |      0 |     0 |    0 |     0 |     0 |     0 |    0 |    0 |    0 |     0 |     0 |   2 |    2 |    9
 中将   |      2 |      1 |      0 |     0 |    0 |     0 |     0 |     0 |    0 |    0 |    0 |     0 |     0 |   0 |    2 |    9
 少将   |      2 |      2 |      1 |     0 |    0 |     0 |     0 |     0 |    0 |    0 |    0 |     0 |     0 |   0 |    2 |    9
 飛行機 |      2 |      2 |      2 |     1 |    0 |     0 |     0 |     0 |    0 |    0 |    0 |     0 |     0 |   0 |    0 |    9
 タンク |      2 |      2 |      2 |     2 |    1 |     0 |     0 |     0 |    0 |    0 |    0 |     0 |     0 |   0 |    2 |    9
 大佐   |      2 |      2 |      2 |     2 |    2 |     1 |     0 |     0 |    0 |    0 |    0 |     0 |     0 |   0 |    2 |    9
 中佐   |      2 |      2 |      2 |     2 |    2 |     2 |     1 |     0 |    0 |    0 |    0 |     0 |     0 |   0 |    2 |    9
 少佐   |      2 |      2 |      2 |     2 |    2 |     2 |     2 |     1 |    0 |    0 |    0 |     0 |     0 |   0 |    2 |    9
 大尉   |      2 |      2 |      2 |     2 |    2 |     2 |     2 |     2 |    1 |    0 |    0 |     0 |     0 |   0 |    2 |    9
 中尉   |      2 |      2 |      2 |     2 |    2 |     2 |     2 |     2 |    2 |    1 |    0 |     0 |     0 |   0 |    2 |    9
 少尉   |      2 |      2 |      2 |     2 |    2 |     2 |     2 |     2 |    2 |    2 |    1 |     0 |     0 |   0 |    2 |    9
 騎兵   |      2 |      2 |      2 |     2 |    2 |     2 |     2 |     2 |    2 |    2 |    2 |     1 |     0 |   0 |    2 |    9
 工兵   |      2 |      2 |      2 |     2 |    2 |     2 |     2 |     2 |    2 |    2 |    2 |     2 |     1 |   0 |    0 |    9
 スパイ |      0 |      2 |      2 |     2 |    2 |     2 |     2 |     2 |    2 |    2 |    2 |     2 |     2 |   1 |    2 |    9
 地雷   |      0 |      0 |      0 |     2 |    0 |     0 |     0 |     0 |    0 |    0 |    0 |     0 |     2 |   0 |    1 |    9
 軍旗   |      9 |      9 |      9 |     9 |    9 |     9 |     9 |     9 |    9 |    9 |    9 |     9 |     9 |   9 |    9 |    9
)";

struct Oracle {
  std::vector<std::string> names;
  int cell[16][16];
};

Oracle parse_seed() {
  Oracle oracle{};
  std::istringstream lines(kSeedTable);
  std::string line;
  int row = 0;
  while (std::getline(lines, line)) {
    if (line.find('|') == std::string::npos) continue;
    std::istringstream fields(line);
    std::string field;
    std::getline(fields, field, '|');
    oracle.names.push_back(field.substr(field.find_first_not_of(' '), field.find_last_not_of(' ') -
                                                                          field.find_first_not_of(' ') + 1));
    int column = 0;
    while (std::getline(fields, field, '|')) oracle.cell[row][column++] = std::stoi(field);
    EXPECT_EQ(column, 16);
    ++row;
  }
  EXPECT_EQ(row, 16);
  return oracle;
}

const Oracle& seed() {
  static const Oracle oracle = parse_seed();
  return oracle;
}

BattleOutcome code(int c) { return static_cast<BattleOutcome>(c); }

TEST(BattleTable, KindOrderIsTheSeedsRowOrder) {
  for (Kind k : kAllKinds) {
    EXPECT_EQ(seed().names[index_of(k)], japanese_name(k)) << english_name(k);
  }
}

TEST(BattleTable, EveryCellWithoutTheFlagMatchesTheSeed) {
  int cells = 0;
  for (Kind d : kAllKinds) {
    if (d == Kind::flag) continue;
    for (Kind a : kAllKinds) {
      if (a == Kind::flag) continue;
      const int expected = seed().cell[index_of(d)][index_of(a)];
      ASSERT_NE(expected, 9);
      EXPECT_EQ(battle(effective_kind(d, std::nullopt), a), code(expected))
          << japanese_name(d) << " defends against " << japanese_name(a);
      ++cells;
    }
  }
  EXPECT_EQ(cells, 15 * 15);
}

TEST(BattleTable, TheSeedsFlagColumnIsTheFlagRuleAndAFlagNeverAttacks) {
  for (Kind d : kAllKinds) {
    EXPECT_EQ(seed().cell[index_of(d)][index_of(Kind::flag)], 9);
    if (d != Kind::flag) {
      EXPECT_FALSE(battle(effective_kind(d, std::nullopt), Kind::flag).has_value());
    }
  }
}

TEST(FlagRule, AFlagWithAFriendlyPieceBehindFightsAsThatPiece) {
  // The original's row for 軍旗 is all 9: look up the row of the piece behind it.
  for (Kind behind : kAllKinds) {
    if (behind == Kind::flag) continue;
    const EffectiveKind e = effective_kind(Kind::flag, behind);
    EXPECT_EQ(e.index(), index_of(behind));
    for (Kind a : kAllKinds) {
      if (a == Kind::flag) continue;
      EXPECT_EQ(seed().cell[index_of(Kind::flag)][index_of(a)], 9);
      EXPECT_EQ(battle(e, a), code(seed().cell[index_of(behind)][index_of(a)]))
          << "flag backed by " << japanese_name(behind) << " against " << japanese_name(a);
    }
  }
}

TEST(FlagRule, ALoneFlagLosesToEveryAttacker) {
  const EffectiveKind lone = effective_kind(Kind::flag, std::nullopt);
  EXPECT_EQ(lone, EffectiveKind::lone_flag());
  EXPECT_EQ(lone.index(), 16);
  EXPECT_FALSE(lone.kind().has_value());
  for (Kind a : kAllKinds) {
    if (a != Kind::flag) {
      EXPECT_EQ(battle(lone, a), BattleOutcome::attacker_takes) << japanese_name(a);
    }
  }
  // An army has one flag, so a "flag behind a flag" cannot back it.
  EXPECT_EQ(effective_kind(Kind::flag, Kind::flag), EffectiveKind::lone_flag());
}

TEST(FlagRule, APieceOtherThanTheFlagIgnoresWhatIsBehindIt) {
  EXPECT_EQ(effective_kind(Kind::spy, Kind::general).index(), index_of(Kind::spy));
  EXPECT_EQ(effective_kind(Kind::mine, std::nullopt).index(), index_of(Kind::mine));
}

TEST(BattleTable, EffectiveKindIndicesAre0To14And16) {
  for (std::uint8_t i = 0; i < 20; ++i) {
    const auto e = EffectiveKind::from_index(i);
    EXPECT_EQ(e.has_value(), i < 15 || i == 16) << int(i);
    if (e) {
      EXPECT_EQ(e->index(), i);
    }
  }
}

TEST(BattleTable, TheTableFormIsTheFunction) {
  for (const Options& options : {Options{}, Options{true, true, true}, Options{false, true, false}}) {
    const BattleTable table = battle_table(options);
    for (std::uint8_t row = 0; row < kEffectiveKindCount; ++row) {
      const auto e = EffectiveKind::from_index(row);
      for (Kind a : kAllKinds) {
        if (!e) {
          EXPECT_FALSE(table[row][index_of(a)].has_value());
          continue;
        }
        EXPECT_EQ(table[row][index_of(a)], battle(*e, a, options));
      }
    }
    for (std::uint8_t row = 0; row < kEffectiveKindCount; ++row) {
      EXPECT_FALSE(table[row][index_of(Kind::flag)]);
    }
  }
}

// Each variant changes exactly the cells its rule book changes, and nothing else.
void expect_variant(const Options& options, auto expected_change) {
  for (std::uint8_t row = 0; row < kEffectiveKindCount; ++row) {
    const auto e = EffectiveKind::from_index(row);
    if (!e) continue;
    for (Kind a : kAllKinds) {
      if (a == Kind::flag) continue;
      const auto base = battle(*e, a);
      const std::optional<BattleOutcome> changed = expected_change(*e, a);
      EXPECT_EQ(battle(*e, a, options), changed ? changed : base) << int(row) << " vs " << japanese_name(a);
    }
  }
}

TEST(BattleVariants, MineRemovesBoth) {
  Options options;
  options.mine_removes_both = true;
  expect_variant(options, [](EffectiveKind e, Kind a) -> std::optional<BattleOutcome> {
    const auto d = e.kind();
    if (!d) return std::nullopt;
    const bool mine_wins = (*d == Kind::mine && a != Kind::plane && a != Kind::engineer && a != Kind::mine) ||
                           (a == Kind::mine && *d != Kind::plane && *d != Kind::engineer && *d != Kind::mine);
    return mine_wins ? std::optional(BattleOutcome::both_removed) : std::nullopt;
  });
  // The cells it must not touch: the plane and the engineer still clear a mine.
  EXPECT_EQ(battle(effective_kind(Kind::mine, std::nullopt), Kind::plane, options), BattleOutcome::attacker_takes);
  EXPECT_EQ(battle(effective_kind(Kind::mine, std::nullopt), Kind::engineer, options), BattleOutcome::attacker_takes);
}

TEST(BattleVariants, EngineerBeatsTank) {
  Options options;
  options.engineer_beats_tank = true;
  expect_variant(options, [](EffectiveKind e, Kind a) -> std::optional<BattleOutcome> {
    if (e.kind() == Kind::tank && a == Kind::engineer) return BattleOutcome::attacker_takes;
    if (e.kind() == Kind::engineer && a == Kind::tank) return BattleOutcome::defender_stays;
    return std::nullopt;
  });
  EXPECT_EQ(battle(effective_kind(Kind::tank, std::nullopt), Kind::engineer), BattleOutcome::defender_stays);
}

TEST(BattleVariants, SpyWinsOnlyAttacking) {
  Options options;
  options.spy_wins_only_attacking = true;
  expect_variant(options, [](EffectiveKind e, Kind a) -> std::optional<BattleOutcome> {
    if (e.kind() == Kind::spy && a == Kind::general) return BattleOutcome::attacker_takes;
    return std::nullopt;
  });
  // Attacking, the spy still takes the 大将.
  EXPECT_EQ(battle(effective_kind(Kind::general, std::nullopt), Kind::spy, options), BattleOutcome::attacker_takes);
}

TEST(BattleVariants, TheDefaultsAreTheSeedsChoices) {
  const auto general = effective_kind(Kind::general, std::nullopt);
  const auto spy = effective_kind(Kind::spy, std::nullopt);
  const auto mine = effective_kind(Kind::mine, std::nullopt);
  const auto tank = effective_kind(Kind::tank, std::nullopt);
  EXPECT_EQ(battle(general, Kind::spy), BattleOutcome::attacker_takes);  // spy attacks 大将
  EXPECT_EQ(battle(spy, Kind::general), BattleOutcome::defender_stays);  // 大将 attacks spy
  EXPECT_EQ(battle(mine, Kind::general), BattleOutcome::defender_stays);
  EXPECT_EQ(battle(mine, Kind::plane), BattleOutcome::attacker_takes);
  EXPECT_EQ(battle(mine, Kind::engineer), BattleOutcome::attacker_takes);
  EXPECT_EQ(battle(tank, Kind::engineer), BattleOutcome::defender_stays);
}

}  // namespace
}  // namespace parley::game::gunjin
