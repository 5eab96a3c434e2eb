// Standings of a small round robin computed by hand (tests/archive/data/round_robin.pgn):
//   R1 Anna–Boris 1-0, Clara–Dmitri ½-½; R2 Anna–Clara ½-½, Boris–Dmitri 1-0;
//   R3 Dmitri–Anna 0-1, Boris–Clara 0-1.
// Points: Anna 2½, Clara 2, Boris 1, Dmitri ½.
// Buchholz (sum of the opponents' points): Anna 1+2+½ = 3½, Clara ½+2½+1 = 4,
//   Boris 2½+½+2 = 5, Dmitri 2+1+2½ = 5½.
// Sonneborn–Berger (beaten opponents' points, half of drawn ones'): Anna 1 + 2/2 + ½ = 2½,
//   Clara ½/2 + 2½/2 + 1 = 2½, Boris ½, Dmitri 2/2 = 1.
#include "archive/standings.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "archive/importer.hpp"

namespace parley::archive {
namespace {

namespace fs = std::filesystem;

class StandingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = fs::temp_directory_path() / ("parley_standings_" + std::to_string(::getpid()) + ".sqlite");
    fs::remove(path_);
    store_ = std::move(ArchiveStore::open(path_.string())).value();
    std::ifstream in(fs::path(PARLEY_SOURCE_DIR) / "tests/archive/data/round_robin.pgn");
    std::stringstream ss;
    ss << in.rdbuf();
    ImportStats stats;
    Importer importer(*store_);
    importer.import_pgn("round_robin.pgn", ss.str(), stats);
    importer.commit();
    ASSERT_EQ(stats.imported, 6U);
  }
  void TearDown() override {
    store_.reset();
    for (auto suffix : {"", "-wal", "-shm"}) fs::remove(path_.string() + suffix);
  }
  fs::path path_;
  std::unique_ptr<ArchiveStore> store_;
};

TEST_F(StandingsTest, PointsAndTieBreaksMatchTheHandComputedTable) {
  auto s = standings_of(*store_, "Club Cup");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->rows.size(), 4U);
  struct Expected {
    const char* name;
    std::size_t rank;
    std::int64_t points, sb, buchholz;  // half, quarter, half points
  };
  const Expected expected[] = {
      {"Anna", 1, 5, 10, 7}, {"Clara", 2, 4, 10, 8}, {"Boris", 3, 2, 2, 10}, {"Dmitri", 4, 1, 4, 11}};
  for (std::size_t i = 0; i < 4; ++i) {
    const auto& row = s->rows[i];
    EXPECT_EQ(row.player.name, expected[i].name);
    EXPECT_EQ(row.rank, expected[i].rank);
    EXPECT_EQ(row.points, expected[i].points) << row.player.name;
    EXPECT_EQ(row.sonneborn_berger, expected[i].sb) << row.player.name;
    EXPECT_EQ(row.buchholz, expected[i].buchholz) << row.player.name;
    EXPECT_EQ(row.games, 3);
  }
  EXPECT_FALSE(standings_of(*store_, "No Such Cup"));
}

TEST_F(StandingsTest, TextCsvAndHtml) {
  auto s = *standings_of(*store_, "Club Cup");
  EXPECT_EQ(format_csv(s),
            "rank,name,fingerprint,points,games,sonneborn_berger,buchholz,1,2,3,4\n"
            "1,Anna,,2.5,3,2.5,3.5,x,½,1,1\n"
            "2,Clara,,2,3,2.5,4,½,x,1,½\n"
            "3,Boris,,1,3,0.5,5,0,0,x,1\n"
            "4,Dmitri,,0.5,3,1,5.5,0,½,0,x\n");
  EXPECT_EQ(format_text(s),
            "Club Cup\n\n"
            "  #  Name   1 2 3 4    Pts Games      SB   Buch\n"
            "  1  Anna   x ½ 1 1    2.5     3     2.5    3.5\n"
            "  2  Clara  ½ x 1 ½      2     3     2.5      4\n"
            "  3  Boris  0 0 x 1      1     3     0.5      5\n"
            "  4  Dmitri 0 ½ 0 x    0.5     3       1    5.5\n");
  std::string html = format_html(s);
  EXPECT_NE(html.find("<h1>Club Cup</h1>"), std::string::npos);
  // Every result in the crosstable links to its game, listed below the table with its moves.
  for (int game = 0; game < 6; ++game) {
    EXPECT_NE(html.find("href=\"#game-" + std::to_string(game) + "\""), std::string::npos) << game;
    EXPECT_NE(html.find("<li id=\"game-" + std::to_string(game) + "\">"), std::string::npos) << game;
  }
  const auto anna_boris = html.find("<li id=\"game-0\">Round 1: Anna – Boris 1–0 (game 0)\n<details><summary>PGN</summary><pre>");
  ASSERT_NE(anna_boris, std::string::npos) << html;
  const auto moves = html.find("\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 a6 1-0</pre></details></li>\n", anna_boris);
  EXPECT_NE(moves, std::string::npos) << html;
  EXPECT_EQ(html.find("<li id=\"game-1\">", anna_boris), html.find("</li>\n", anna_boris) + 6);
  EXPECT_NE(html.find("[White &quot;Anna&quot;]", anna_boris), std::string::npos) << html;
}

TEST(Standings, EqualTieBreaksShareARankAndRepeatedPairingsAllCount) {
  std::vector<EventPlayer> players = {{0, "B", ""}, {1, "A", ""}};
  // A double round: each wins once.
  std::vector<EventGame> games = {{GameId{0}, "1", 0, 1, 2, 0}, {GameId{1}, "2", 1, 0, 2, 0}};
  auto s = compute_standings("Match", games, players);
  ASSERT_EQ(s.rows.size(), 2U);
  EXPECT_EQ(s.rows[0].player.name, "A");  // ties broken by name for display only
  EXPECT_EQ(s.rows[0].rank, 1U);
  EXPECT_EQ(s.rows[1].rank, 1U);
  EXPECT_EQ(s.rows[0].points, 2);
  EXPECT_EQ(s.rows[0].buchholz, 4);          // the opponent's 1 point, twice
  EXPECT_EQ(s.rows[0].sonneborn_berger, 4);  // one win over a 1-point opponent
  EXPECT_EQ(s.rows[0].against[1].size(), 2U);
}

// Names are the players' own text: in the CSV, one a spreadsheet would run as a formula is text.
TEST(Standings, ANameThatLooksLikeAFormulaIsTextInTheCsv) {
  std::vector<EventPlayer> players = {{0, "=HYPERLINK(\"http://x\",\"y\")", ""}, {1, "-1+2", ""}, {2, "Ann, B", ""}};
  std::vector<EventGame> games = {{GameId{0}, "1", 0, 1, 2, 0}, {GameId{1}, "1", 1, 2, 2, 0}};
  const std::string csv = format_csv(compute_standings("Cup", games, players));
  EXPECT_NE(csv.find(",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\","), std::string::npos) << csv;
  EXPECT_NE(csv.find(",\"'-1+2\","), std::string::npos) << csv;
  EXPECT_NE(csv.find(",\"Ann, B\","), std::string::npos) << csv;
}

// A crosstable cell is no formula either: a draw then a win against one opponent was "=1" in the
// CSV, which a spreadsheet showed as 1.
TEST(Standings, ADrawThenAWinIsNoFormulaInTheCsv) {
  std::vector<EventPlayer> players = {{0, "A", ""}, {1, "B", ""}};
  std::vector<EventGame> games = {{GameId{0}, "1", 0, 1, 1, 1}, {GameId{1}, "2", 1, 0, 0, 2}};
  const std::string csv = format_csv(compute_standings("Match", games, players));
  EXPECT_NE(csv.find(",x,½1\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",½0,x\n"), std::string::npos) << csv;
  EXPECT_EQ(csv.find(",="), std::string::npos) << csv;
}

}  // namespace
}  // namespace parley::archive
