// Standings and tie-breaks on hand-computed tournaments, the crosstable's three formats, the
// TRF-16 export and reader, and Glicko-2 against Glickman's worked example.
#include <gtest/gtest.h>

#include "event/glicko2.hpp"
#include "event/history.hpp"
#include "event/standings.hpp"
#include "event/trf.hpp"
#include "tests/event/fixtures.hpp"

namespace parley::event {
namespace {

// A round's documents from boards of registration numbers (1-based, white first) with results
// "1-0", "0-1", "=" or "+-"/"-+" (forfeits), and byes.
struct Round {
  std::vector<std::pair<std::pair<int, int>, std::string>> boards;
  std::vector<int> byes;
};

void add_round(const Event& e, std::vector<Pairings>& ps, std::vector<Results>& rs, const Round& round) {
  Pairings p;
  p.event_id = event_id(e);
  p.event_digest = event_digest(e);
  p.round = static_cast<std::uint16_t>(ps.size() + 1);
  p.published_ms = 1000;
  p.deadline_ms = e.deadline_ms ? 1000 + e.deadline_ms : 0;
  p.clock = e.clock;
  Results r;
  r.event_id = p.event_id;
  r.round = p.round;
  for (const auto& [players, result] : round.boards) {
    p.boards.push_back(Board{{e.roster[players.first - 1].key, e.roster[players.second - 1].key}});
    BoardResult b;
    if (result == "1-0") b.winner = 0;
    if (result == "0-1") b.winner = 1;
    if (result == "+-" || result == "-+") {
      b.kind = BoardResult::Kind::forfeit;
      b.present = result == "+-" ? 0b01 : 0b10;
    }
    r.boards.push_back(b);
  }
  for (int b : round.byes) p.byes.push_back(e.roster[b - 1].key);
  ps.push_back(p);
  rs.push_back(r);
}

// Four players, three rounds:
//   R1: P1-P3 1-0, P4-P2 =;  R2: P2-P1 0-1, P3-P4 1-0;  R3: P1-P4 =, P3-P2 0-1.
struct FourPlayers {
  Event e = testing::make_event(4, GameKind::chess, PairingSystem::swiss, 3);
  std::vector<Pairings> ps;
  std::vector<Results> rs;
  FourPlayers() {
    add_round(e, ps, rs, {{{{1, 3}, "1-0"}, {{4, 2}, "="}}, {}});
    add_round(e, ps, rs, {{{{2, 1}, "0-1"}, {{3, 4}, "1-0"}}, {}});
    add_round(e, ps, rs, {{{{1, 4}, "="}, {{3, 2}, "0-1"}}, {}});
  }
  History history() const { return History::build(e, ps, rs).value(); }
};

TEST(Standings, TieBreaksAsComputedByHand) {
  FourPlayers t;
  const History h = t.history();
  const Standings st = compute_standings(t.e, h);
  ASSERT_EQ(st.tie_breaks, (std::vector<TieBreak>{TieBreak::buchholz, TieBreak::buchholz_cut1,
                                                  TieBreak::sonneborn_berger, TieBreak::progressive}));
  ASSERT_EQ(st.rows.size(), 4u);
  // P1 2.5; P2 1.5; P4 and P3 on 1, equal on Buchholz (5.0) and Cut-1 (4.0), P4 ahead on SB.
  const std::vector<PlayerIndex> order{0, 1, 3, 2};
  const std::vector<Points> points{5, 3, 2, 2};
  const std::vector<std::vector<std::int64_t>> tie_breaks{{7, 5, 12, 11}, {9, 7, 6, 5}, {10, 8, 8, 4}, {10, 8, 4, 4}};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(st.rows[i].player, order[i]);
    EXPECT_EQ(st.rows[i].rank, i + 1);
    EXPECT_EQ(st.rows[i].points, points[i]);
    EXPECT_EQ(st.rows[i].tie_breaks, tie_breaks[i]) << "row " << i;
  }
  EXPECT_EQ(format_tie_break(TieBreak::sonneborn_berger, 12), "3.0");
  EXPECT_EQ(format_tie_break(TieBreak::sonneborn_berger, 9), "2.25");
  EXPECT_EQ(format_tie_break(TieBreak::buchholz, 7), "3.5");
}

TEST(Standings, AnUnplayedRoundCountsAgainstAVirtualOpponent) {
  // Three players: R1 P1-P2 1-0, P3 bye; R2 P3-P1 =, P2 bye.
  Event e = testing::make_event(3, GameKind::chess, PairingSystem::swiss, 2);
  std::vector<Pairings> ps;
  std::vector<Results> rs;
  add_round(e, ps, rs, {{{{1, 2}, "1-0"}}, {3}});
  add_round(e, ps, rs, {{{{3, 1}, "="}}, {2}});
  const History h = History::build(e, ps, rs).value();
  const Standings st = compute_standings(e, h);
  auto row_of = [&](PlayerIndex p) {
    return *std::find_if(st.rows.begin(), st.rows.end(), [&](const StandingRow& r) { return r.player == p; });
  };
  // P3's bye: a virtual opponent starting on 0, scoring 0 in the round and drawing the last: 0.5.
  EXPECT_EQ(row_of(2).tie_breaks[0], 1 + 3);
  // P2's bye in the last round: a virtual opponent on 0 who loses it: 0.
  EXPECT_EQ(row_of(1).tie_breaks[0], 3 + 0);
  EXPECT_EQ(row_of(0).tie_breaks[0], 2 + 3);
  // P1 and P3 are equal on points; P1 is ahead on Buchholz.
  EXPECT_EQ(st.rows[0].player, 0u);
  EXPECT_EQ(st.rows[1].player, 2u);
}

TEST(Standings, ExactTiesShareTheirRank) {
  Event e = testing::make_event(2, GameKind::chess, PairingSystem::round_robin, 1);
  std::vector<Pairings> ps;
  std::vector<Results> rs;
  add_round(e, ps, rs, {{{{1, 2}, "="}}, {}});
  const Standings st = compute_standings(e, History::build(e, ps, rs).value());
  EXPECT_EQ(st.tie_breaks, (std::vector<TieBreak>{TieBreak::sonneborn_berger}));
  EXPECT_EQ(st.rows[0].rank, 1u);
  EXPECT_EQ(st.rows[1].rank, 1u);
}

TEST(Crosstable, TextCsvAndHtmlCarryTheSameCells) {
  FourPlayers t;
  t.e.roster[0].name = "Ann <A&B>";
  // Renaming changes the roster digest the rounds name: rebuild them for the renamed event.
  FourPlayers renamed;
  renamed.e = t.e;
  renamed.ps.clear();
  renamed.rs.clear();
  add_round(renamed.e, renamed.ps, renamed.rs, {{{{1, 3}, "1-0"}, {{4, 2}, "="}}, {}});
  add_round(renamed.e, renamed.ps, renamed.rs, {{{{2, 1}, "0-1"}, {{3, 4}, "1-0"}}, {}});
  add_round(renamed.e, renamed.ps, renamed.rs, {{{{1, 4}, "="}, {{3, 2}, "0-1"}}, {}});
  const History h = renamed.history();
  const Standings st = compute_standings(renamed.e, h);
  const std::string text = crosstable_text(renamed.e, h, st);
  const std::string csv = crosstable_csv(renamed.e, h, st);
  const std::string html = crosstable_html(renamed.e, h, st);
  // P1 (rank 1): beat rank 4 with white, beat rank 2 with black, drew rank 3 with white.
  EXPECT_NE(text.find("4w1  2b1  3w="), std::string::npos) << text;
  EXPECT_NE(csv.find("Rank,Name,Rating,Fingerprint,R1,R2,R3,Points,Buchholz,Buchholz Cut-1,Sonneborn-Berger,Progressive\r\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("1,Ann <A&B>,,"), std::string::npos);
  EXPECT_NE(csv.find(",4w1,2b1,3w=,2.5,3.5,2.5,3.0,5.5\r\n"), std::string::npos) << csv;
  EXPECT_NE(html.find("<td>Ann &lt;A&amp;B&gt;</td>"), std::string::npos);
  EXPECT_EQ(html.find("<A&B>"), std::string::npos);
  EXPECT_NE(html.find("<td>4w1</td><td>2b1</td><td>3w=</td>"), std::string::npos);
}

TEST(Trf, TheExportFollowsTrf16sColumns) {
  FourPlayers t;
  t.e.roster[0].rating = 2105;  // P1 keeps pairing number 1 (the only rated player)
  FourPlayers rated;
  rated.e = t.e;
  rated.ps.clear();
  rated.rs.clear();
  add_round(rated.e, rated.ps, rated.rs, {{{{1, 3}, "1-0"}, {{4, 2}, "="}}, {}});
  add_round(rated.e, rated.ps, rated.rs, {{{{2, 1}, "0-1"}, {{3, 4}, "1-0"}}, {}});
  add_round(rated.e, rated.ps, rated.rs, {{{{1, 4}, "="}, {{3, 2}, "0-1"}}, {}});
  const History h = rated.history();
  const Standings st = compute_standings(rated.e, h);
  auto trf = trf_of(rated.e, h, st);
  ASSERT_TRUE(trf.ok());
  const std::string text = write_trf(*trf);
  const auto at = text.find("001    1");
  ASSERT_NE(at, std::string::npos) << text;
  const std::string line = text.substr(at, text.find("\r\n", at) - at);
  // TRF-16's 001 record (positions 1-based, inclusive), typed in from FIDE's table.
  auto cols = [&](std::size_t first, std::size_t last) { return line.substr(first - 1, last - first + 1); };
  EXPECT_EQ(cols(1, 3), "001");                                      // data identification number
  EXPECT_EQ(cols(5, 8), "   1");                                     // starting rank
  EXPECT_EQ(cols(15, 47), "P1" + std::string(31, ' '));             // name
  EXPECT_EQ(cols(49, 52), "2105");                                   // FIDE rating
  EXPECT_EQ(cols(81, 84), " 2.5");                                   // points
  EXPECT_EQ(cols(86, 89), "   1");                                   // rank
  EXPECT_EQ(cols(92, 99), "0003 w 1");                               // round 1: opponent, colour, result
  EXPECT_EQ(cols(102, 109), "0002 b 1");                             // round 2
  EXPECT_EQ(cols(112, 119), "0004 w =");                             // round 3
  EXPECT_EQ(line.size(), 119u);
  EXPECT_EQ(text.substr(0, 14), "012 Test open\r");

  auto back = read_trf(text);
  ASSERT_TRUE(back.ok()) << describe(back.error().error) << " at line " << back.error().line;
  EXPECT_EQ(*back, *trf);
  // Points equal the sum of the result codes.
  for (const auto& p : back->players) {
    Points sum = 0;
    for (const auto& g : p.rounds) sum += g.result == '1' || g.result == '+' || g.result == 'U' ? 2 : g.result == '=' ? 1 : 0;
    EXPECT_EQ(sum, p.points) << p.name;
  }
}

TEST(Trf, ByesForfeitsAndAbsencesHaveTheirCodes) {
  Event e = testing::make_event(5, GameKind::chess, PairingSystem::swiss, 1);
  std::vector<Pairings> ps;
  std::vector<Results> rs;
  add_round(e, ps, rs, {{{{1, 2}, "+-"}}, {3}});
  ps.back().not_paired = {e.roster[3].key, e.roster[4].key};
  const History h = History::build(e, ps, rs).value();
  const auto trf = trf_of(e, h, compute_standings(e, h));
  ASSERT_TRUE(trf.ok());
  auto round1 = [&](std::size_t p) { return trf->players[p].rounds.at(0); };
  EXPECT_EQ(round1(0), (TrfGame{2, 'w', '+'}));
  EXPECT_EQ(round1(1), (TrfGame{1, 'b', '-'}));
  EXPECT_EQ(round1(2), (TrfGame{0, '-', 'U'}));
  EXPECT_EQ(round1(3), (TrfGame{0, '-', 'Z'}));
  EXPECT_EQ(read_trf(write_trf(*trf)).value(), *trf);
  EXPECT_EQ(trf_of(testing::make_event(6, GameKind::risiko), h, compute_standings(e, h)).error(), TrfExportError::not_two_player);
}

TEST(Trf, TheReaderRefusesWhatTheColumnsDoNotAllow) {
  // Two 001 lines laid out column by column (1-based columns, as FIDE's table gives them).
  auto record = [](std::string rank, std::string name, std::string rating, std::string points, std::string place,
                   std::string round1) {
    std::string line(99, ' ');
    auto at = [&](std::size_t first, const std::string& text, bool right) {
      const std::size_t width = text.size();
      (void)right;
      line.replace(first - 1, width, text);
    };
    at(1, "001", false);
    at(5, std::string(4 - rank.size(), ' ') + rank, true);
    at(15, name, false);
    at(49, rating, true);
    at(81, std::string(4 - points.size(), ' ') + points, true);
    at(86, std::string(4 - place.size(), ' ') + place, true);
    at(92, round1, false);
    return line + "\r\n";
  };
  const std::string good = record("1", "Alpha", "2000", "1.0", "1", "0002 w 1") + record("2", "Beta", "1900", "0.0", "2", "0001 b 0");
  ASSERT_TRUE(read_trf(good).ok());
  std::string bad_code = good;
  bad_code[good.find("w 1") + 2] = 'X';
  EXPECT_EQ(read_trf(bad_code).error(), (TrfProblem{TrfError::bad_result, 1}));
  std::string unknown = good;
  unknown.replace(good.find("0001 b"), 4, "0009");
  EXPECT_EQ(read_trf(unknown).error(), (TrfProblem{TrfError::unknown_opponent, 2}));
  std::string twice = good;
  twice.replace(twice.find("001    2"), 8, "001    1");
  EXPECT_EQ(read_trf(twice).error(), (TrfProblem{TrfError::duplicate_rank, 2}));
  std::string rating = good;
  rating.replace(rating.find("2000"), 4, "20x0");
  EXPECT_EQ(read_trf(rating).error(), (TrfProblem{TrfError::bad_number, 1}));
  EXPECT_EQ(read_trf("001    1\r\n").error(), (TrfProblem{TrfError::bad_line, 1}));
  EXPECT_EQ(read_trf(std::string(kMaxTrfLineBytes + 1, ' ')).error(), (TrfProblem{TrfError::line_too_long, 1}));
  // A name in Windows-1252 (another program's file) reads as UTF-8.
  std::string latin = good;
  latin.replace(latin.find("Alpha "), 6, "M\xfcller");  // one byte a character
  auto t = read_trf(latin);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->players[0].name, "M\xc3\xbcller");
}

TEST(Glicko2, GlickmansWorkedExample) {
  // "Example of the Glicko-2 system": a 1500/200/0.06 player beats a 1400/30, loses to a
  // 1550/100 and to a 1700/300, with tau = 0.5.
  const GlickoRating player{1500, 200, 0.06};
  const std::vector<GlickoGame> games{{{1400, 30, 0.06}, 1.0}, {{1550, 100, 0.06}, 0.0}, {{1700, 300, 0.06}, 0.0}};
  const GlickoRating after = glicko2_update(player, games, 0.5);
  // The paper rounds its intermediate values: mu' = -0.2069 (four places, so r' = 1464.06 only
  // within 173.7178 * 0.00005 = 0.009), phi' = 0.8722, sigma' = 0.05999 (five places, cut).
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.005);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
  EXPECT_NEAR((after.rating - 1500) / 173.7178, -0.2069, 0.00005);
  EXPECT_NEAR(after.deviation / 173.7178, 0.8722, 0.00005);
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviation) {
  const GlickoRating after = glicko2_update({1500, 200, 0.06}, {});
  EXPECT_EQ(after.rating, 1500);
  EXPECT_NEAR(after.deviation, 173.7178 * std::sqrt((200 / 173.7178) * (200 / 173.7178) + 0.06 * 0.06), 1e-9);
  const std::vector<GlickoRating> two{{1500, 200, 0.06}, {1500, 200, 0.06}};
  const auto period = glicko2_period(two, std::vector<GlickoResult>{{0, 1, 1.0}});
  EXPECT_GT(period[0].rating, 1500);
  EXPECT_LT(period[1].rating, 1500);
  EXPECT_NEAR(period[0].rating - 1500, 1500 - period[1].rating, 1e-9);
}

}  // namespace
}  // namespace parley::event
