// A round's pairings from the event: round robin by the Berger tables under the initial ranking,
// Risiko tables, players left out, and the refusals (wrong round, bad history).
#include <gtest/gtest.h>

#include <set>

#include "event/pairing.hpp"
#include "event/risiko_tables.hpp"
#include "tests/event/fixtures.hpp"

namespace parley::event {
namespace {

std::vector<std::size_t> seats_as_roster(const Event& e, const Board& b) {
  std::vector<std::size_t> out;
  for (const auto& k : b.seats) out.push_back(*find_player(e, k));
  return out;
}

TEST(InitialRanking, ByRatingThenRegistrationWithUnratedLast) {
  Event e = testing::make_event(5);
  e.roster[1].rating = 1800;
  e.roster[3].rating = 2200;
  e.roster[4].rating = 1800;
  EXPECT_EQ(initial_ranking(e), (std::vector<PlayerIndex>{3, 1, 4, 0, 2}));
}

TEST(RoundRobin, FollowsTheBergerTableUnderTheInitialRanking) {
  // Five players; pairing numbers by rating: P5 is 1, P4 2, P3 3, P2 4, P1 5.
  Event e = testing::make_event(5, GameKind::chess, PairingSystem::round_robin, 5, {1000, 1100, 1200, 1300, 1400});
  auto h = History::build(e, {}, {});
  ASSERT_TRUE(h.ok());
  auto p = pair_round(e, *h, RoundRequest{1, 5000, {}});
  ASSERT_TRUE(p.ok());
  // Round 1 of the six-player table: 1-6 (6 is the bye), 2-5, 3-4.
  ASSERT_EQ(p->boards.size(), 2u);
  EXPECT_EQ(seats_as_roster(e, p->boards[0]), (std::vector<std::size_t>{3, 0}));  // 2-5
  EXPECT_EQ(seats_as_roster(e, p->boards[1]), (std::vector<std::size_t>{2, 1}));  // 3-4
  ASSERT_EQ(p->byes.size(), 1u);
  EXPECT_EQ(*find_player(e, p->byes[0]), 4u);
  EXPECT_EQ(p->deadline_ms, 5000 + e.deadline_ms);
  EXPECT_FALSE(check_pairings(e, *p));
  // A round robin leaves nobody out: a missing player forfeits.
  EXPECT_EQ(pair_round(e, *h, RoundRequest{1, 0, {2}}).error(), PairingError::round_robin_absence);
}

TEST(RoundRobin, AByeInARoundRobinScoresNothing) {
  Event e = testing::make_event(3, GameKind::gunjin, PairingSystem::round_robin, 3);
  auto h = History::build(e, {}, {}).value();
  auto p = pair_round(e, h, RoundRequest{1, 0, {}}).value();
  Results r{p.event_id, 1, {BoardResult{}}};
  auto after = History::build(e, std::vector<Pairings>{p}, std::vector<Results>{r});
  ASSERT_TRUE(after.ok());
  const auto bye = *find_player(e, p.byes.at(0));
  EXPECT_EQ(after->score(static_cast<PlayerIndex>(bye)), 0);
}

TEST(RisikoTables, SizesKeepEveryTableBetweenThreeAndSix) {
  EXPECT_EQ(risiko_table_sizes(9, 4), (std::vector<std::size_t>{3, 3, 3}));
  EXPECT_EQ(risiko_table_sizes(7, 6), (std::vector<std::size_t>{4, 3}));
  EXPECT_EQ(risiko_table_sizes(5, 4), (std::vector<std::size_t>{5}));
  EXPECT_EQ(risiko_table_sizes(13, 4), (std::vector<std::size_t>{4, 3, 3, 3}));
  EXPECT_EQ(risiko_table_sizes(12, 6), (std::vector<std::size_t>{6, 6}));
  EXPECT_TRUE(risiko_table_sizes(2, 4).empty());
  for (std::size_t n = 3; n <= 200; ++n)
    for (std::size_t t = 3; t <= 6; ++t)
      for (std::size_t s : risiko_table_sizes(n, t)) {
        EXPECT_GE(s, 3u);
        EXPECT_LE(s, 6u);
      }
}

TEST(RisikoTables, RoundOneDealsASerpentineLaterRoundsGroupByScore) {
  std::vector<RisikoPlayer> players;
  for (std::uint32_t i = 0; i < 9; ++i) players.push_back({i, i + 1, 0});
  auto r1 = pair_risiko(players, 1, 4);
  ASSERT_TRUE(r1.ok());
  EXPECT_EQ(r1->boards, (std::vector<std::vector<PlayerIndex>>{{0, 5, 6}, {1, 4, 7}, {2, 3, 8}}));
  // After a round: the three winners (pairing numbers 7, 8, 9) share the top table.
  players[6].score = players[7].score = players[8].score = 2;
  auto r2 = pair_risiko(players, 2, 4);
  ASSERT_TRUE(r2.ok());
  EXPECT_EQ(r2->boards.front(), (std::vector<PlayerIndex>{6, 7, 8}));
  EXPECT_EQ(pair_risiko(std::vector<RisikoPlayer>(players.begin(), players.begin() + 2), 1, 4).error(),
            PairingError::too_few_players);
}

TEST(RisikoTables, AnEventRoundPairsEveryoneAtTables) {
  Event e = testing::make_event(10, GameKind::risiko, PairingSystem::swiss, 3);
  auto h = History::build(e, {}, {}).value();
  auto p = pair_round(e, h, RoundRequest{1, 0, {}});
  ASSERT_TRUE(p.ok());
  EXPECT_FALSE(check_pairings(e, *p));
  EXPECT_EQ(p->boards.size(), 3u);  // 4, 3, 3
  EXPECT_TRUE(p->byes.empty());
  EXPECT_TRUE(pairing_follows(e, h, *p));
}

TEST(Pairing, PlayersLeftOutAreListedAndNotPaired) {
  Event e = testing::make_event(6);
  auto h = History::build(e, {}, {}).value();
  auto p = pair_round(e, h, RoundRequest{1, 0, {4, 1}});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->not_paired, (std::vector<crypto::PublicKey>{e.roster[1].key, e.roster[4].key}));
  EXPECT_EQ(p->boards.size(), 2u);
  EXPECT_FALSE(check_pairings(e, *p));
  EXPECT_TRUE(pairing_follows(e, h, *p));
}

TEST(Pairing, OnlyTheNextRoundOfTheEventIsPaired) {
  Event e = testing::make_event(4, GameKind::chess, PairingSystem::swiss, 2);
  auto h = History::build(e, {}, {}).value();
  EXPECT_EQ(pair_round(e, h, RoundRequest{2, 0, {}}).error(), PairingError::wrong_round);
  auto p1 = pair_round(e, h, RoundRequest{1, 0, {}}).value();
  Results r{p1.event_id, 1, {BoardResult{}, BoardResult{}}};
  auto h1 = History::build(e, std::vector<Pairings>{p1}, std::vector<Results>{r}).value();
  auto p2 = pair_round(e, h1, RoundRequest{2, 0, {}});
  ASSERT_TRUE(p2.ok());
  auto h2 = History::build(e, std::vector<Pairings>{p1, *p2}, std::vector<Results>{r, Results{p1.event_id, 2, r.boards}}).value();
  EXPECT_EQ(pair_round(e, h2, RoundRequest{3, 0, {}}).error(), PairingError::wrong_round);
}

TEST(Pairing, AChangedPairingNoLongerFollows) {
  Event e = testing::make_event(8);
  auto h = History::build(e, {}, {}).value();
  auto p = pair_round(e, h, RoundRequest{1, 77, {}}).value();
  EXPECT_TRUE(pairing_follows(e, h, p));
  Pairings swapped = p;
  std::swap(swapped.boards[0].seats[0], swapped.boards[0].seats[1]);
  EXPECT_FALSE(pairing_follows(e, h, swapped));
  Pairings other = p;
  std::swap(other.boards[0].seats[1], other.boards[1].seats[1]);
  EXPECT_FALSE(pairing_follows(e, h, other));
  Pairings later = p;
  later.published_ms += 1;  // the deadline no longer matches
  EXPECT_FALSE(pairing_follows(e, h, later));
}

TEST(History, RefusesDocumentsThatDoNotFit) {
  Event e = testing::make_event(4);
  auto h = History::build(e, {}, {}).value();
  auto p = pair_round(e, h, RoundRequest{1, 0, {}}).value();
  Results short_results{p.event_id, 1, {BoardResult{}}};
  auto bad = History::build(e, std::vector<Pairings>{p}, std::vector<Results>{short_results});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().problem, HistoryProblem::results);
  EXPECT_EQ(bad.error().round, 1u);
  Pairings foreign = p;
  foreign.boards[0].seats[0] = testing::player_key(50);
  auto stranger = History::build(e, std::vector<Pairings>{foreign}, {});
  ASSERT_FALSE(stranger.ok());
  EXPECT_EQ(stranger.error().pairings, PairingsProblem::unknown_player);
  auto gap = History::build(e, std::vector<Pairings>{p, p}, {});
  ASSERT_FALSE(gap.ok());
  EXPECT_EQ(gap.error().problem, HistoryProblem::missing_results);
}

}  // namespace
}  // namespace parley::event
