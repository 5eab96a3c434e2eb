// Chess bot levels: the table, what a UCI engine is told at each level depending on the options
// it lists, and the house bot's choice between stockfish and random moves.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include "games/chess/chess_bots.hpp"
#include "games/chess/chess_levels.hpp"

namespace parley::peer {
namespace {

// What stockfish 15.1 lists in its answer to "uci" (the lines about strength, and others).
const std::vector<std::string> kStockfishLines = {
    "id name Stockfish 15.1",
    "option name Threads type spin default 1 min 1 max 1024",
    "option name Hash type spin default 16 min 1 max 33554432",
    "option name Ponder type check default false",
    "option name MultiPV type spin default 1 min 1 max 500",
    "option name Skill Level type spin default 20 min 0 max 20",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 1350 min 1350 max 2850",
    "option name SyzygyPath type string default <empty>",
    "uciok",
};

std::vector<UciOption> options_of(const std::vector<std::string>& lines) {
  std::vector<UciOption> out;
  for (const auto& line : lines)
    if (auto o = parse_uci_option(line)) out.push_back(*o);
  return out;
}

TEST(ChessLevels, GrowStrongerLevelByLevel) {
  for (int level = kMinChessLevel; level < kMaxChessLevel; ++level) {
    const ChessLevel& weaker = chess_level(level);
    const ChessLevel& stronger = chess_level(level + 1);
    EXPECT_EQ(weaker.level, level);
    EXPECT_LT(weaker.skill, stronger.skill) << level;
    EXPECT_LE(weaker.movetime_ms, stronger.movetime_ms) << level;
    if (weaker.elo > 0 && stronger.elo > 0) {
      EXPECT_LT(weaker.elo, stronger.elo) << level;
    }
    if (weaker.depth > 0 && stronger.depth > 0) {
      EXPECT_LT(weaker.depth, stronger.depth) << level;
    }
  }
  EXPECT_EQ(chess_level(kMaxChessLevel).skill, 20);  // full strength: no limit of any kind
  EXPECT_EQ(chess_level(kMaxChessLevel).elo, 0);
  EXPECT_EQ(chess_level(kMaxChessLevel).depth, 0);
}

TEST(ChessLevels, ReadsTheOptionsAnEngineLists) {
  const auto skill = parse_uci_option("option name Skill Level type spin default 20 min 0 max 20");
  ASSERT_TRUE(skill);
  EXPECT_EQ(skill->name, "Skill Level");
  EXPECT_EQ(skill->type, "spin");
  EXPECT_EQ(skill->min, 0);
  EXPECT_EQ(skill->max, 20);
  const auto check = parse_uci_option("option name UCI_LimitStrength type check default false");
  ASSERT_TRUE(check);
  EXPECT_EQ(check->type, "check");
  for (const char* bad : {"id name Stockfish", "option name", "option name  type spin", "option name X type",
                          "option name X type spin min ten max 20", "option name X type spin min 1x max 2"})
    EXPECT_FALSE(parse_uci_option(bad)) << bad;
}

TEST(ChessLevels, StockfishIsToldItsSkillItsEloOrNothing) {
  const auto stockfish = options_of(kStockfishLines);
  using Means = UciLevelPlan::Means;
  auto one = plan_uci_level(1, stockfish);
  EXPECT_EQ(one.means, Means::skill);
  EXPECT_EQ(one.setoptions, (std::vector<std::string>{"setoption name UCI_LimitStrength value false",
                                                       "setoption name Skill Level value 0"}));
  EXPECT_EQ(one.go, "go depth 1 movetime 50");
  auto five = plan_uci_level(5, stockfish);
  EXPECT_EQ(five.means, Means::elo);
  EXPECT_EQ(five.setoptions, (std::vector<std::string>{"setoption name UCI_LimitStrength value true",
                                                        "setoption name UCI_Elo value 1700"}));
  EXPECT_EQ(five.go, "go movetime 300");
  auto four = plan_uci_level(4, stockfish, 1234);  // a time of one's own
  EXPECT_EQ(four.setoptions.back(), "setoption name UCI_Elo value 1400");
  EXPECT_EQ(four.go, "go movetime 1234");
  auto eight = plan_uci_level(8, stockfish);
  EXPECT_EQ(eight.means, Means::skill);
  EXPECT_EQ(eight.setoptions, (std::vector<std::string>{"setoption name UCI_LimitStrength value false",
                                                         "setoption name Skill Level value 20"}));
  EXPECT_EQ(eight.go, "go movetime 1000");
}

TEST(ChessLevels, OtherEnginesAreToldWhatTheyUnderstand) {
  using Means = UciLevelPlan::Means;
  // Skill Level only, on a range of its own: the table's 0–20 spread over it.
  const auto skill_only = options_of({"option name Skill Level type spin default 10 min 0 max 10"});
  auto five = plan_uci_level(5, skill_only);
  EXPECT_EQ(five.means, Means::skill);
  EXPECT_EQ(five.setoptions, std::vector<std::string>{"setoption name Skill Level value 4"});
  // UCI_Elo on a narrower range than the table's: clamped into it.
  const auto narrow = options_of({"option name UCI_LimitStrength type check default false",
                                  "option name UCI_Elo type spin default 1500 min 1500 max 2200"});
  EXPECT_EQ(plan_uci_level(4, narrow).setoptions.back(), "setoption name UCI_Elo value 1500");
  EXPECT_EQ(plan_uci_level(7, narrow).setoptions.back(), "setoption name UCI_Elo value 2200");
  // Level 1 on that engine: no Skill Level, so only the search is cut.
  EXPECT_EQ(plan_uci_level(1, narrow).means, Means::search_limits);
  // Neither option: the depth alone makes the levels.
  const std::vector<UciOption> none;
  for (int level = kMinChessLevel; level <= kMaxChessLevel; ++level) {
    const auto plan = plan_uci_level(level, none);
    EXPECT_EQ(plan.means, Means::search_limits);
    EXPECT_TRUE(plan.setoptions.empty());
  }
  EXPECT_EQ(plan_uci_level(6, none).go, "go depth 8 movetime 400");
  EXPECT_EQ(plan_uci_level(8, none).go, "go movetime 1000");
  // A range given backwards is not used.
  const auto backwards = options_of({"option name Skill Level type spin default 5 min 10 max 0"});
  EXPECT_EQ(plan_uci_level(3, backwards).means, Means::search_limits);
  // An option of the right name and the wrong type is not used.
  const auto odd = options_of({"option name Skill Level type string default 20"});
  EXPECT_EQ(plan_uci_level(3, odd).means, Means::search_limits);
}

class HouseChess : public ::testing::Test {
 protected:
  void TearDown() override { ::unsetenv("PARLEY_STOCKFISH"); }
};

TEST_F(HouseChess, PlaysStockfishWhenThereIsOneAndRandomMovesOtherwise) {
  ::setenv("PARLEY_STOCKFISH", "/nonexistent/stockfish", 1);
  EXPECT_FALSE(find_stockfish());
  auto fallback = house_chess_player(3, 1, {});
  EXPECT_FALSE(fallback.engine);
  ASSERT_NE(fallback.player, nullptr);
  EXPECT_FALSE(fallback.description.empty());
  EXPECT_NE(dynamic_cast<RandomChessPlayer*>(fallback.player.get()), nullptr);

  ::setenv("PARLEY_STOCKFISH", "/usr/games/stockfish", 1);
  if (!find_stockfish()) GTEST_SKIP() << "stockfish is not installed";
  auto engine = house_chess_player(5, 1, {});
  EXPECT_TRUE(engine.engine) << engine.description;
  EXPECT_NE(dynamic_cast<UciChessPlayer*>(engine.player.get()), nullptr);
  EXPECT_NE(engine.description, fallback.description);
}

TEST(ChessLevels, StockfishTakesEveryLevelsOptions) {
  // The outside oracle: stockfish answers "No such option" to a name it does not know, and
  // searches with the go command of every level.
  if (::access("/usr/games/stockfish", X_OK) != 0) GTEST_SKIP() << "stockfish is not installed";
  auto engine = EngineProcess::start({"/usr/games/stockfish"});
  ASSERT_TRUE(engine.ok()) << engine.error();
  EngineProcess& sf = **engine;
  sf.send("uci");
  std::vector<UciOption> options;
  for (auto line = sf.read_line(10'000); line && *line != "uciok"; line = sf.read_line(10'000))
    if (auto o = parse_uci_option(*line)) options.push_back(*o);
  for (int level = kMinChessLevel; level <= kMaxChessLevel; ++level) {
    const UciLevelPlan plan = plan_uci_level(level, options, 20);
    for (const auto& line : plan.setoptions) sf.send(line);
    sf.send("position startpos moves e2e4");
    sf.send(plan.go);
    std::optional<std::string> best;
    for (auto line = sf.read_line(10'000); line; line = sf.read_line(10'000)) {
      EXPECT_EQ(line->rfind("No such option", 0), std::string::npos) << "level " << level << ": " << *line;
      if (line->rfind("bestmove ", 0) == 0) {
        best = line;
        break;
      }
    }
    ASSERT_TRUE(best) << "level " << level;
    EXPECT_GE(best->size(), 13u) << *best;  // "bestmove e7e5"
  }
}

}  // namespace
}  // namespace parley::peer
