// Round robin: the generated Berger tables against the tables FIDE publishes (Handbook C.05,
// Annex 1, "Berger Tables for Round-Robin Tournaments"), typed in from the handbook's text. A
// table for n' players serves n' - 1 players too, the highest number being the bye.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "event/berger.hpp"

namespace parley::event {
namespace {

// FIDE's tables, one string per round: "white-black" pairs in board order.
const std::map<int, std::vector<std::string>> kFideTables = {
    {4, {"1-4 2-3", "4-3 1-2", "2-4 3-1"}},
    {6, {"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"}},
    {8,
     {"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4",
      "4-8 5-3 6-2 7-1"}},
    {10,
     {"1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7", "10-7 8-6 9-5 1-4 2-3",
      "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4", "4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5",
      "5-10 6-4 7-3 8-2 9-1"}},
    {12,
     {"1-12 2-11 3-10 4-9 5-8 6-7", "12-7 8-6 9-5 10-4 11-3 1-2", "2-12 3-1 4-11 5-10 6-9 7-8",
      "12-8 9-7 10-6 11-5 1-4 2-3", "3-12 4-2 5-1 6-11 7-10 8-9", "12-9 10-8 11-7 1-6 2-5 3-4",
      "4-12 5-3 6-2 7-1 8-11 9-10", "12-10 11-9 1-8 2-7 3-6 4-5", "5-12 6-4 7-3 8-2 9-1 10-11",
      "12-11 1-10 2-9 3-8 4-7 5-6", "6-12 7-5 8-4 9-3 10-2 11-1"}},
    {14,
     {"1-14 2-13 3-12 4-11 5-10 6-9 7-8", "14-8 9-7 10-6 11-5 12-4 13-3 1-2", "2-14 3-1 4-13 5-12 6-11 7-10 8-9",
      "14-9 10-8 11-7 12-6 13-5 1-4 2-3", "3-14 4-2 5-1 6-13 7-12 8-11 9-10", "14-10 11-9 12-8 13-7 1-6 2-5 3-4",
      "4-14 5-3 6-2 7-1 8-13 9-12 10-11", "14-11 12-10 13-9 1-8 2-7 3-6 4-5", "5-14 6-4 7-3 8-2 9-1 10-13 11-12",
      "14-12 13-11 1-10 2-9 3-8 4-7 5-6", "6-14 7-5 8-4 9-3 10-2 11-1 12-13", "14-13 1-12 2-11 3-10 4-9 5-8 6-7",
      "7-14 8-6 9-5 10-4 11-3 12-2 13-1"}},
    {16,
     {"1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9", "16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2",
      "2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10", "16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3",
      "3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11", "16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4",
      "4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12", "16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5",
      "5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13", "16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6",
      "6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14", "16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7",
      "7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15", "16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8",
      "8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1"}},
};

std::vector<std::pair<std::uint32_t, std::uint32_t>> parse(const std::string& round) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  std::istringstream in(round);
  std::string pair;
  while (in >> pair) {
    const auto dash = pair.find('-');
    pairs.emplace_back(std::stoul(pair.substr(0, dash)), std::stoul(pair.substr(dash + 1)));
  }
  return pairs;
}

TEST(Berger, MatchesFidesPublishedTablesForEvenFields) {
  for (const auto& [n, rounds] : kFideTables) {
    ASSERT_EQ(berger_cycle_rounds(static_cast<std::size_t>(n)), rounds.size());
    for (std::size_t r = 0; r < rounds.size(); ++r) {
      const BergerRound got = berger_round(static_cast<std::size_t>(n), r + 1);
      EXPECT_EQ(got.boards, parse(rounds[r])) << n << " players, round " << r + 1;
      EXPECT_FALSE(got.bye.has_value());
    }
  }
}

TEST(Berger, AnOddFieldUsesTheNextTableWithItsHighestNumberAsTheBye) {
  for (const auto& [n, rounds] : kFideTables) {
    const std::size_t odd = static_cast<std::size_t>(n - 1);
    ASSERT_EQ(berger_cycle_rounds(odd), rounds.size());
    for (std::size_t r = 0; r < rounds.size(); ++r) {
      auto expected = parse(rounds[r]);
      std::optional<std::uint32_t> bye;
      std::erase_if(expected, [&](const auto& p) {
        if (p.first == static_cast<std::uint32_t>(n)) bye = p.second;
        if (p.second == static_cast<std::uint32_t>(n)) bye = p.first;
        return p.first == static_cast<std::uint32_t>(n) || p.second == static_cast<std::uint32_t>(n);
      });
      const BergerRound got = berger_round(odd, r + 1);
      EXPECT_EQ(got.boards, expected) << odd << " players, round " << r + 1;
      EXPECT_EQ(got.bye, bye);
    }
  }
}

TEST(Berger, LargerFieldsMeetEveryoneOnceWithBalancedColours) {
  for (std::size_t n : {17u, 18u, 24u, 31u, 40u}) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> met;
    std::vector<int> whites(n + 1, 0), byes(n + 1, 0);
    for (std::size_t r = 1; r <= berger_cycle_rounds(n); ++r) {
      const BergerRound round = berger_round(n, r);
      for (auto [w, b] : round.boards) {
        EXPECT_TRUE(met.insert({std::min(w, b), std::max(w, b)}).second);
        ++whites[w];
      }
      if (round.bye) ++byes[*round.bye];
    }
    EXPECT_EQ(met.size(), n * (n - 1) / 2);
    for (std::size_t p = 1; p <= n; ++p) {
      const int games = static_cast<int>(n % 2 == 0 ? n - 1 : n - 1);
      EXPECT_LE(std::abs(2 * whites[p] - games), 1) << n << " players, player " << p;
      EXPECT_EQ(byes[p], n % 2 == 1 ? 1 : 0);
    }
  }
}

TEST(Berger, ASecondCycleReversesTheColours) {
  const std::size_t n = 6;
  for (std::size_t r = 1; r <= 5; ++r) {
    const auto first = berger_round(n, r).boards;
    const auto second = berger_round(n, r + 5).boards;
    ASSERT_EQ(first.size(), second.size());
    for (std::size_t b = 0; b < first.size(); ++b) EXPECT_EQ(second[b], std::make_pair(first[b].second, first[b].first));
  }
}

}  // namespace
}  // namespace parley::event
