// The FIDE Dutch system on built cases: the standard pairing, byes, floaters, each colour rule,
// the absolute criteria and completion; then whole simulated tournaments checked against the
// absolute criteria round by round.
#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <set>

#include "event/dutch.hpp"
#include "event/pairing.hpp"
#include "tests/event/fixtures.hpp"

namespace parley::event {
namespace {

// Player `number` (pairing number; roster index number - 1) with a score in half points and the
// colours of the games played ("WB…", oldest first).
SwissPlayer player(std::uint32_t number, Points score, std::string_view colours = "", std::vector<PlayerIndex> met = {}) {
  SwissPlayer p;
  p.player = number - 1;
  p.pairing_number = number;
  p.score = score;
  for (char c : colours) p.colours.push_back(c == 'W' ? Colour::white : Colour::black);
  std::sort(met.begin(), met.end());
  p.met = std::move(met);
  return p;
}

// Boards as "white-black" pairing numbers, for readable expectations.
std::vector<std::string> boards(const RoundPairing& rp) {
  std::vector<std::string> out;
  for (const auto& b : rp.boards) out.push_back(std::to_string(b[0] + 1) + "-" + std::to_string(b[1] + 1));
  return out;
}

RoundPairing pair(const std::vector<SwissPlayer>& players, std::size_t round = 2, std::size_t total = 9) {
  auto r = pair_dutch(players, DutchOptions{round, total, Colour::white});
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : std::string(describe(r.error())));
  return r.ok() ? *r : RoundPairing{};
}

TEST(DutchColours, PreferencesFollowA6) {
  using S = ColourPreference::Strength;
  auto pref = [](std::string_view cs) {
    std::vector<Colour> v;
    for (char c : cs) v.push_back(c == 'W' ? Colour::white : Colour::black);
    return colour_preference(v);
  };
  EXPECT_EQ(pref(""), (ColourPreference{S::none, Colour::white}));
  EXPECT_EQ(pref("W"), (ColourPreference{S::strong, Colour::black}));
  EXPECT_EQ(pref("WB"), (ColourPreference{S::mild, Colour::white}));
  EXPECT_EQ(pref("BW"), (ColourPreference{S::mild, Colour::black}));
  EXPECT_EQ(pref("WW"), (ColourPreference{S::absolute, Colour::black}));
  EXPECT_EQ(pref("BWW"), (ColourPreference{S::absolute, Colour::black}));  // two whites running
  EXPECT_EQ(pref("WBB"), (ColourPreference{S::absolute, Colour::white}));
  EXPECT_EQ(pref("BWB"), (ColourPreference{S::strong, Colour::white}));
  EXPECT_EQ(pref("BBWB"), (ColourPreference{S::absolute, Colour::white}));  // difference -2
}

TEST(Dutch, RoundOnePairsTheTopHalfAgainstTheBottomHalfWithAlternatingColours) {
  std::vector<SwissPlayer> ps;
  for (std::uint32_t i = 1; i <= 8; ++i) ps.push_back(player(i, 0));
  // S1 = 1..4 against S2 = 5..8; E.5: odd pairing numbers of S1 get the initial colour (white).
  EXPECT_EQ(boards(pair(ps, 1)), (std::vector<std::string>{"1-5", "6-2", "3-7", "8-4"}));
  auto black_first = pair_dutch(ps, DutchOptions{1, 9, Colour::black});
  ASSERT_TRUE(black_first.ok());
  EXPECT_EQ(boards(*black_first), (std::vector<std::string>{"5-1", "2-6", "7-3", "4-8"}));
}

TEST(Dutch, AnOddFieldGivesTheByeToTheLowestRankedPlayer) {
  std::vector<SwissPlayer> ps;
  for (std::uint32_t i = 1; i <= 7; ++i) ps.push_back(player(i, 0));
  RoundPairing rp = pair(ps, 1);
  EXPECT_EQ(boards(rp), (std::vector<std::string>{"1-4", "5-2", "3-6"}));
  EXPECT_EQ(rp.byes, (std::vector<PlayerIndex>{6}));
}

TEST(Dutch, NoPlayerGetsASecondByeC2) {
  // Everyone on 1 point after round 1 except the bye; 7 has had the bye already (and 1 point).
  std::vector<SwissPlayer> ps;
  for (std::uint32_t i = 1; i <= 7; ++i) ps.push_back(player(i, 0));
  ps[6].bye_eligible = false;
  RoundPairing rp = pair(ps, 2);
  ASSERT_EQ(rp.byes.size(), 1u);
  EXPECT_EQ(rp.byes[0], 5u);  // the lowest-ranked player still eligible: 6
}

TEST(Dutch, NoTwoPlayersMeetTwiceC1) {
  // Round 2, four players on one score; the standard pairing 1-3, 2-4 would repeat round 1.
  std::vector<SwissPlayer> ps{player(1, 2, "W", {2}), player(2, 2, "B", {3}), player(3, 2, "B", {0}), player(4, 2, "W", {1})};
  RoundPairing rp = pair(ps);
  std::set<std::pair<PlayerIndex, PlayerIndex>> got;
  for (const auto& b : rp.boards) got.insert({std::min(b[0], b[1]), std::max(b[0], b[1])});
  EXPECT_EQ(got, (std::set<std::pair<PlayerIndex, PlayerIndex>>{{0, 1}, {2, 3}}));
}

TEST(Dutch, AnOddScoreGroupFloatsItsLowestPlayerDownToTheNextGroupsHighest) {
  // Three on 1 point, three on 0: 3 floats down and meets 4, the highest of the lower group.
  std::vector<SwissPlayer> ps{player(1, 2, "W", {5}), player(2, 2, "B", {6}), player(3, 2, "W", {7}),
                              player(4, 0, "B", {4}), player(5, 0, "W", {2}), player(6, 0, "B", {3})};
  // (roster indices 4..7 stand for opponents outside this round's list)
  ps[0].met = {100};
  ps[1].met = {101};
  ps[2].met = {102};
  ps[3].met = {103};
  ps[4].met = {104};
  ps[5].met = {105};
  RoundPairing rp = pair(ps);
  std::set<std::pair<PlayerIndex, PlayerIndex>> got;
  for (const auto& b : rp.boards) got.insert({std::min(b[0], b[1]), std::max(b[0], b[1])});
  EXPECT_TRUE(got.count({0, 1})) << "1 and 2 stay in their group";
  EXPECT_TRUE(got.count({2, 3})) << "3 floats down to 4";
  EXPECT_TRUE(got.count({4, 5}));
}

TEST(Dutch, ADownfloaterIsNotFloatedAgainWhenAnotherCanBeC12) {
  // Three on 1 point after round 1. 1 wants black, 2 and 3 white, so 1-2 and 1-3 both grant
  // every preference; 3 (the lowest) floated down last round, so 2 floats instead.
  std::vector<SwissPlayer> ps{player(1, 2, "W", {100}), player(2, 2, "B", {101}), player(3, 2, "B", {102}),
                              player(4, 0, "B", {103}), player(5, 0, "W", {104}), player(6, 0, "B", {105})};
  ps[2].float_last = Float::down;
  RoundPairing rp = pair(ps);
  std::set<std::pair<PlayerIndex, PlayerIndex>> got;
  for (const auto& b : rp.boards) got.insert({std::min(b[0], b[1]), std::max(b[0], b[1])});
  EXPECT_TRUE(got.count({0, 2})) << "1 and 3 stay in their group; 2 floats";
  // Without the earlier float the lowest-ranked player, 3, floats (D).
  ps[2].float_last = Float::none;
  got.clear();
  for (const auto& b : pair(ps).boards) got.insert({std::min(b[0], b[1]), std::max(b[0], b[1])});
  EXPECT_TRUE(got.count({0, 1}));
}

TEST(Dutch, ColourPreferencesDecideBetweenOtherwiseEqualPairingsC10) {
  // One score group of four: 1 and 3 want white, 2 and 4 black (mild). The standard 1-3, 2-4
  // would deny two preferences; 1-4, 3-2 grants all.
  std::vector<SwissPlayer> ps{player(1, 2, "WB", {100, 104}), player(2, 2, "BW", {101, 105}),
                              player(3, 2, "WB", {102, 106}), player(4, 2, "BW", {103, 107})};
  EXPECT_EQ(boards(pair(ps, 3)), (std::vector<std::string>{"1-4", "3-2"}));
}

TEST(Dutch, StrongPreferencesBeforeMildOnesC11) {
  // Everyone wants white: 1 and 3 strongly, 2 and 4 mildly. Two preferences are denied whatever
  // the pairing (C.10), but the standard 1-3 would deny a strong one; 1-4, 3-2 denies mild ones.
  std::vector<SwissPlayer> ps{player(1, 2, "B", {100}), player(2, 2, "WB", {101, 105}), player(3, 2, "B", {102}),
                              player(4, 2, "WB", {103, 107})};
  EXPECT_EQ(boards(pair(ps, 3)), (std::vector<std::string>{"1-4", "3-2"}));
}

TEST(Dutch, TwoNonTopscorersWithTheSameAbsolutePreferenceNeverMeetC3) {
  // 1 and 3 both need black (two whites running), 2 and 4 white: the standard 1-3, 2-4 is
  // forbidden.
  std::vector<SwissPlayer> ps{player(1, 4, "WW", {100, 101}), player(2, 4, "BB", {102, 103}),
                              player(3, 4, "WW", {104, 105}), player(4, 4, "BB", {106, 107})};
  EXPECT_EQ(boards(pair(ps, 3, 9)), (std::vector<std::string>{"4-1", "2-3"}));
}

TEST(Dutch, TopscorersInTheLastRoundMayMeetDespiteTheirAbsolutePreferencesC3) {
  // Last round (3 of 3): 1 and 2 are topscorers (4 half-points, over half of the 4 possible) who
  // both need black and have met everyone else; they may meet, and E.2 gives black to the wider
  // colour difference (2's +2 over 1's +1).
  std::vector<SwissPlayer> ps{player(1, 4, "BWW", {2, 3}), player(2, 4, "WW", {2, 3}), player(3, 0, "BW", {0, 1}),
                              player(4, 0, "WB", {0, 1})};
  RoundPairing rp = pair(ps, 3, 3);
  ASSERT_EQ(rp.boards.size(), 2u);
  EXPECT_EQ(boards(rp)[0], "1-2");
  // In a round before the last the same players may not meet: nothing is left.
  auto early = pair_dutch(ps, DutchOptions{3, 9, Colour::white});
  ASSERT_FALSE(early.ok());
  EXPECT_EQ(early.error(), PairingError::unpairable);
}

TEST(Dutch, ColourAllocationFollowsE1ToE5) {
  auto alloc = [](SwissPlayer hi, SwissPlayer lo) { return allocate_colour(hi, lo, Colour::white, false, false); };
  // E.1: both preferences granted.
  EXPECT_EQ(alloc(player(1, 2, "B"), player(2, 2, "W")), Colour::white);
  // E.2: the stronger preference (absolute black over the higher player's strong black).
  EXPECT_EQ(alloc(player(1, 2, "W"), player(2, 2, "BWW")), Colour::white);
  // E.3: same preference and strength: alternate to the latest round with different colours.
  // (the last two games were alike; in the second, 1 had black and 2 white)
  EXPECT_EQ(alloc(player(1, 2, "WBWB"), player(2, 2, "BWWB")), Colour::white);
  // E.4: same histories: the higher-ranked player's preference.
  EXPECT_EQ(alloc(player(1, 2, "WB"), player(2, 2, "WB")), Colour::white);
  // E.5: no preferences: the higher-ranked player's pairing number.
  EXPECT_EQ(alloc(player(1, 0), player(2, 0)), Colour::white);
  EXPECT_EQ(alloc(player(2, 0), player(3, 0)), Colour::black);
  // A player without games takes what the other prefers.
  EXPECT_EQ(alloc(player(1, 2), player(2, 2, "B")), Colour::black);
}

TEST(Dutch, CompletionMovesAPlayerDownSoTheLastBracketCanBePairedC4) {
  // 1, 2 on 2 points; 3, 4 on 0 have already met each other. Pairing 1-2 would leave 3-4, a
  // rematch: completion pairs 1-3 and 2-4 instead.
  std::vector<SwissPlayer> ps{player(1, 2, "W", {100}), player(2, 2, "B", {101}), player(3, 0, "W", {3}),
                              player(4, 0, "B", {2})};
  RoundPairing rp = pair(ps);
  std::set<std::pair<PlayerIndex, PlayerIndex>> got;
  for (const auto& b : rp.boards) got.insert({std::min(b[0], b[1]), std::max(b[0], b[1])});
  EXPECT_FALSE(got.count({0, 1}));
  EXPECT_FALSE(got.count({2, 3}));
}

TEST(Dutch, CompletionReachesAcrossBracketsWhenTheWindowCannotC4) {
  // 1, 2 on 4 points; 3, 4 on 2; 5, 6 on 0 have met each other and both of 3 and 4. Only 1 and
  // 2 can play 5 and 6, so the top bracket must float both: the window (brackets 1 and 2) would
  // pair 1-2, fails the completion proof, and the bracket is paired over everyone.
  std::vector<SwissPlayer> ps{player(1, 4, "WB", {100, 101}), player(2, 4, "BW", {102, 103}),
                              player(3, 2, "WB", {4, 5}),     player(4, 2, "BW", {4, 5}),
                              player(5, 0, "WB", {2, 3, 5}),  player(6, 0, "BW", {2, 3, 4})};
  DutchStats stats;
  auto r = pair_dutch(ps, DutchOptions{3, 9, Colour::white}, &stats);
  ASSERT_TRUE(r.ok());
  EXPECT_GE(stats.fallbacks, 1u);
  std::set<std::pair<PlayerIndex, PlayerIndex>> got;
  for (const auto& b : r->boards) got.insert({std::min(b[0], b[1]), std::max(b[0], b[1])});
  EXPECT_TRUE(got.count({2, 3}));
  EXPECT_FALSE(got.count({0, 1}));
  EXPECT_EQ(got.size(), 3u);
  auto exact = pair_dutch(ps, DutchOptions{3, 9, Colour::white, false});
  ASSERT_TRUE(exact.ok());
  EXPECT_EQ(*exact, *r);
}

TEST(Dutch, AFieldWithNoLegalPairingIsRefused) {
  std::vector<SwissPlayer> ps{player(1, 2, "W", {1}), player(2, 0, "B", {0})};
  auto r = pair_dutch(ps, DutchOptions{2, 5, Colour::white});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), PairingError::unpairable);
  auto alone = pair_dutch(std::vector<SwissPlayer>{player(1, 0)}, DutchOptions{1, 5, Colour::white});
  EXPECT_EQ(alone.error(), PairingError::too_few_players);
}

// A whole Swiss event played with random results: every round satisfies the absolute criteria,
// colours stay within ±2 and never three in a row, and nobody gets two byes.
void simulate(std::size_t players, std::size_t rounds, std::uint32_t seed) {
  Event e = testing::make_event(players, GameKind::chess, PairingSystem::swiss, static_cast<std::uint16_t>(rounds));
  std::mt19937 rng(seed);
  std::vector<Pairings> ps;
  std::vector<Results> rs;
  for (std::size_t r = 1; r <= rounds; ++r) {
    auto history = History::build(e, ps, rs);
    ASSERT_TRUE(history.ok());
    RoundRequest req{static_cast<std::uint16_t>(r), 1'000 * r, {}};
    auto p = pair_round(e, *history, req);
    ASSERT_TRUE(p.ok()) << "round " << r << ": " << describe(p.error());
    ASSERT_FALSE(check_pairings(e, *p));
    EXPECT_TRUE(pairing_follows(e, *history, *p));
    EXPECT_LE(p->byes.size(), 1u);
    Results res;
    res.event_id = p->event_id;
    res.round = p->round;
    for (std::size_t b = 0; b < p->boards.size(); ++b) {
      BoardResult br;
      const int roll = static_cast<int>(rng() % 3);
      if (roll < 2) br.winner = static_cast<std::uint8_t>(roll);
      res.boards.push_back(br);
    }
    ps.push_back(*p);
    rs.push_back(res);
  }
  auto history = History::build(e, ps, rs);
  ASSERT_TRUE(history.ok());
  for (PlayerIndex p = 0; p < players; ++p) {
    std::set<PlayerIndex> met;
    int byes = 0;
    std::vector<Colour> colours;
    for (std::size_t r = 1; r <= rounds; ++r) {
      const PlayerRound& pr = history->at(p, r);
      if (pr.kind == PlayerRound::Kind::bye) ++byes;
      if (pr.kind != PlayerRound::Kind::played) continue;
      EXPECT_TRUE(met.insert(pr.opponents.front()).second) << "rematch for " << p;
      colours.push_back(pr.seat == 0 ? Colour::white : Colour::black);
      if (r < rounds) {  // the last round's topscorers may break the colour rules
        EXPECT_LE(std::abs(colour_difference(colours)), 2);
        const std::size_t n = colours.size();
        if (n >= 3) {
          EXPECT_FALSE(colours[n - 1] == colours[n - 2] && colours[n - 2] == colours[n - 3]);
        }
      }
    }
    EXPECT_LE(byes, 1);
  }
}

// Pairing each bracket over its window gives what pairing it over everyone left gives: random
// events with ratings, players left out and forfeits.
TEST(DutchSimulation, WindowsGiveTheExactPairing) {
  std::mt19937 rng(99);
  int compared = 0;
  for (int trial = 0; trial < 14; ++trial) {
    const std::size_t players = 10 + static_cast<std::size_t>(trial) * 3;
    const std::size_t rounds = 5 + static_cast<std::size_t>(trial) % 4;
    Event e = testing::make_event(players, GameKind::chess, PairingSystem::swiss, static_cast<std::uint16_t>(rounds));
    for (auto& p : e.roster)
      if (rng() % 3 != 0) p.rating = static_cast<std::uint16_t>(1000 + rng() % 1500);
    std::vector<Pairings> ps;
    std::vector<Results> rs;
    for (std::size_t r = 1; r <= rounds; ++r) {
      auto history = History::build(e, ps, rs);
      ASSERT_TRUE(history.ok());
      std::vector<PlayerIndex> out, in;
      for (PlayerIndex p = 0; p < players; ++p) (rng() % 12 == 0 ? out : in).push_back(p);
      const auto sp = swiss_players(e, *history, in, r);
      auto a = pair_dutch(sp, DutchOptions{r, rounds, Colour::white, true});
      auto b = pair_dutch(sp, DutchOptions{r, rounds, Colour::white, false});
      ASSERT_EQ(a.ok(), b.ok());
      if (!a.ok()) break;
      EXPECT_EQ(*a, *b) << players << " players, round " << r;
      ++compared;
      auto p = pair_round(e, *history, RoundRequest{static_cast<std::uint16_t>(r), 1'000 * r, out});
      ASSERT_TRUE(p.ok());
      Results res{p->event_id, p->round, {}};
      for (std::size_t board = 0; board < p->boards.size(); ++board) {
        BoardResult br;
        const int roll = static_cast<int>(rng() % 10);
        if (roll < 4) br.winner = 0;
        else if (roll < 7) br.winner = 1;
        else if (roll == 9) {
          br.kind = BoardResult::Kind::forfeit;
          br.present = static_cast<std::uint8_t>(1 + rng() % 2);
        }
        res.boards.push_back(br);
      }
      ps.push_back(*p);
      rs.push_back(res);
    }
  }
  EXPECT_GT(compared, 70);
}

TEST(DutchSimulation, TwentyOnePlayersSevenRounds) { simulate(21, 7, 1); }
TEST(DutchSimulation, FortyPlayersNineRounds) { simulate(40, 9, 2); }
TEST(DutchSimulation, TenPlayersSevenRounds) { simulate(10, 7, 3); }

}  // namespace
}  // namespace parley::event
