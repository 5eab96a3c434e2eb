#include "game/gunjin/battle.hpp"

namespace parley::game::gunjin {

namespace {

// The original battle table (docs/gunjin.md), rows = defender kind, columns = attacker kind, both in index order
// (大将 中将 少将 飛行機 タンク 大佐 中佐 少佐 大尉 中尉 少尉 騎兵 工兵 スパイ 地雷 軍旗).
// 0 defender stays, 1 both removed, 2 attacker takes; the flag's row and column (all 9 in the
// original) are resolved by the flag rule instead and do not appear here.
constexpr std::uint8_t kSeed[15][15] = {
    // 大 中 少 飛 タ 大 中 少 大 中 少 騎 工 ス 地
    {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2},  // 大将
    {2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2},  // 中将
    {2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2},  // 少将
    {2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},  // 飛行機
    {2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2},  // タンク
    {2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2},  // 大佐
    {2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 2},  // 中佐
    {2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 2},  // 少佐
    {2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 2},  // 大尉
    {2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 2},  // 中尉
    {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 2},  // 少尉
    {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 2},  // 騎兵
    {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0},  // 工兵
    {0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2},  // スパイ
    {0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1},  // 地雷
};

BattleOutcome seed_outcome(Kind defender, Kind attacker) {
  return static_cast<BattleOutcome>(kSeed[index_of(defender)][index_of(attacker)]);
}

}  // namespace

std::optional<BattleOutcome> battle(EffectiveKind defender, Kind attacker, const Options& options) {
  if (attacker == Kind::flag) return std::nullopt;
  const std::optional<Kind> fights_as = defender.kind();
  if (!fights_as) return BattleOutcome::attacker_takes;  // a lone flag loses to everything
  const Kind d = *fights_as;
  const Kind a = attacker;

  // Variant: a winning mine goes up with its victim. Only the cells where the mine would
  // have survived change (mine against mine is already "both removed").
  if (options.mine_removes_both && d != a) {
    if (d == Kind::mine && a != Kind::plane && a != Kind::engineer) return BattleOutcome::both_removed;
    if (a == Kind::mine && d != Kind::plane && d != Kind::engineer) return BattleOutcome::both_removed;
  }
  // Variant: 工兵 beats タンク, in both roles.
  if (options.engineer_beats_tank) {
    if (d == Kind::tank && a == Kind::engineer) return BattleOutcome::attacker_takes;
    if (d == Kind::engineer && a == Kind::tank) return BattleOutcome::defender_stays;
  }
  // Variant: a defending spy no longer stops an attacking 大将.
  if (options.spy_wins_only_attacking && d == Kind::spy && a == Kind::general) {
    return BattleOutcome::attacker_takes;
  }
  return seed_outcome(d, a);
}

BattleTable battle_table(const Options& options) {
  BattleTable table{};
  for (std::uint8_t row = 0; row < kEffectiveKindCount; ++row) {
    const auto defender = EffectiveKind::from_index(row);
    if (!defender) continue;
    for (Kind attacker : kAllKinds) table[row][index_of(attacker)] = battle(*defender, attacker, options);
  }
  return table;
}

}  // namespace parley::game::gunjin
