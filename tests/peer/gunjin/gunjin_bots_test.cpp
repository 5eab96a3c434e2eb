// The bots' knowledge of the enemy: what moves and battle outcomes reveal (the battle table),
// and the tracking strategy's layout.
#include <gtest/gtest.h>

#include <set>

#include "games/gunjin/gunjin_knowledge.hpp"
#include "games/gunjin/gunjin_layouts.hpp"
#include "games/gunjin/gunjin_strategy.hpp"

namespace parley::peer {
namespace {

using namespace game::gunjin;
using game::Seat;

constexpr Seat kMe{0}, kEnemy{1};

KindSet kinds(std::initializer_list<Kind> list) {
  KindSet s;
  for (Kind k : list) s = s | KindSet::of(k);
  return s;
}

// My 大尉 on gate (square 21) faces an enemy piece (slot 5) on the facing gate (27), nothing behind it; my view
// knows only my own kinds.
State facing() {
  const std::array<PlacedPiece, 3> pieces = {PlacedPiece{PieceId{kMe, 17}, Kind::captain, Square{21}},
                                             PlacedPiece{PieceId{kEnemy, 5}, Kind::tank, Square{27}},
                                             PlacedPiece{PieceId{kEnemy, 0}, Kind::flag, Square{45}}};
  return State::arrange(Options{}, pieces, kMe).value().conceal(kMe);
}

TEST(GunjinKnowledge, ADefenderThatSurvivesMyCaptainIsOneOfTheKindsThatBeatOrStopIt) {
  EnemyKnowledge k(kMe, Options{});
  k.observe(facing(), Action{kMe, Play{Square{21}, Square{27}, BattleOutcome::defender_stays, false}});
  // The table, column 大尉: the defender stays against 大将 … 少佐, 飛行機, タンク and 地雷 (a lone
  // flag would have lost).
  EXPECT_EQ(k.possible(5), kinds({Kind::general, Kind::lieutenant_general, Kind::major_general, Kind::plane,
                                  Kind::tank, Kind::colonel, Kind::lieutenant_colonel, Kind::major, Kind::mine}));
}

TEST(GunjinKnowledge, AnAttackerThatTakesMyCaptainMovedAndOutranksIt) {
  const std::array<PlacedPiece, 3> pieces = {PlacedPiece{PieceId{kMe, 17}, Kind::captain, Square{21}},
                                             PlacedPiece{PieceId{kEnemy, 5}, Kind::tank, Square{27}},
                                             PlacedPiece{PieceId{kEnemy, 0}, Kind::flag, Square{45}}};
  const State s = State::arrange(Options{}, pieces, kEnemy).value().conceal(kMe);
  EnemyKnowledge k(kMe, Options{});
  k.observe(s, Action{kEnemy, Play{Square{27}, Square{21}, BattleOutcome::attacker_takes, false}});
  // Row 大尉: the attacker takes the square with 大将 … 少佐, 飛行機, タンク — and 地雷, which
  // cannot move, so not here.
  EXPECT_EQ(k.possible(5), kinds({Kind::general, Kind::lieutenant_general, Kind::major_general, Kind::plane,
                                  Kind::tank, Kind::colonel, Kind::lieutenant_colonel, Kind::major}));
  EXPECT_EQ(k.unaccounted(Kind::general), 1);
}

TEST(GunjinKnowledge, KindsFullyAccountedForAreStruckFromTheRest) {
  EnemyKnowledge k(kMe, Options{});
  // My 大尉 attacks and both are removed: only a 大尉 ties with a 大尉 (the battle table's diagonal).
  k.observe(facing(), Action{kMe, Play{Square{21}, Square{27}, BattleOutcome::both_removed, false}});
  EXPECT_EQ(k.possible(5), KindSet::of(Kind::captain));
  EXPECT_EQ(k.unaccounted(Kind::captain), 1);
}

TEST(GunjinStrategyLayout, TheTrackingLayoutIsLegalAndCoversTheFlag) {
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    TrackingStrategy strategy(seed);
    const Layout layout = strategy.layout();
    EXPECT_TRUE(validate_layout(layout).ok());
    const auto flag = static_cast<std::uint8_t>(std::find(layout.begin(), layout.end(), Kind::flag) - layout.begin());
    const auto behind = square_behind(square_of_slot(kMe, flag), kMe);
    ASSERT_TRUE(behind);
    const Kind guard = layout[slot_of_square(*behind)];
    EXPECT_TRUE(guard == Kind::general || guard == Kind::lieutenant_general || guard == Kind::major_general ||
                guard == Kind::mine)
        << index_of(guard);
  }
  std::mt19937_64 rng(3);
  for (int i = 0; i < 50; ++i) EXPECT_TRUE(validate_layout(random_layout(rng)).ok());
}

TEST(GunjinStrategyLayout, DrawsDifferentSensibleLayoutsNeverAMirrorOfAnother) {
  // Layouts from 300 seeds (the bot's, and a person's default): each the 23-piece army placed
  // by the rules, each sensible, no two alike, none the mirror image of another (or of itself
  // turned: the board seen from the other side).
  std::vector<Layout> drawn;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    const Layout layout = TrackingStrategy(seed).layout();
    ASSERT_TRUE(validate_layout(layout).ok()) << seed;
    EXPECT_TRUE(layout_concerns(layout).empty()) << seed;
    drawn.push_back(layout);
  }
  std::set<Layout> distinct(drawn.begin(), drawn.end());
  EXPECT_EQ(distinct.size(), drawn.size());
  for (const Layout& layout : drawn) {
    const Layout mirror = mirrored(layout);
    ASSERT_NE(mirror, layout);
    EXPECT_EQ(mirrored(mirror), layout);
    EXPECT_EQ(std::count(drawn.begin(), drawn.end(), mirror), 0);
  }
  // Every piece has stood on more than one square, and the flag on many.
  std::set<std::uint8_t> flag_slots;
  for (const Layout& layout : drawn)
    flag_slots.insert(static_cast<std::uint8_t>(std::find(layout.begin(), layout.end(), Kind::flag) - layout.begin()));
  EXPECT_GE(flag_slots.size(), 8u);
}

TEST(GunjinStrategyLayout, TheConcernsFindWhatIsNotSensible) {
  // Random layouts mostly leave the flag bare, bunch the strong pieces or put a spy on a gate.
  std::mt19937_64 rng(5);
  int concerned = 0;
  for (int i = 0; i < 50; ++i) concerned += !layout_concerns(random_layout(rng)).empty();
  EXPECT_GT(concerned, 40);
  // One layout broken three ways: the flag on the back row, all the strong movers on the left,
  // a spy on a gate.
  const Layout bad = {
      Kind::flag,          Kind::mine,           Kind::general,          Kind::mine,           Kind::lieutenant_colonel,
      Kind::plane,         Kind::plane,          Kind::tank,             Kind::captain,        Kind::captain,
      Kind::major,         Kind::tank,           Kind::lieutenant_general, Kind::major_general, Kind::colonel,
      Kind::first_lieutenant, Kind::first_lieutenant, Kind::second_lieutenant, Kind::cavalry, Kind::engineer,
      Kind::second_lieutenant, Kind::spy,        Kind::engineer};
  ASSERT_TRUE(validate_layout(bad).ok());
  EXPECT_EQ(layout_concerns(bad), (std::vector<LayoutConcern>{LayoutConcern::flag_exposed, LayoutConcern::strength_bunched,
                                                               LayoutConcern::weak_gate}));
}

}  // namespace
}  // namespace parley::peer
