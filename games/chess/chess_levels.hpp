#pragma once
// Chess bot levels 1–8 (`parley bot chess --level N`, the house bot, `scripts/play --level N`):
// what a UCI engine is told at each. Levels 1–3 play at stockfish's lowest skill levels with
// the search cut to a few plies; 4–7 limit its strength by Elo (UCI_LimitStrength, UCI_Elo);
// 8 is full strength. An engine without UCI_Elo is weakened by Skill Level instead, and one with
// neither only by the depth and time of its search (docs/cli.md, "Bot levels").
//
//   level  Skill Level  UCI_Elo  depth  ms a move   without either option: depth
//     1         0          —       1        50                               1
//     2         2          —       2       100                               2
//     3         4          —       4       150                               3
//     4         6        1400      —       200                               4
//     5         9        1700      —       300                               6
//     6        12        2000      —       400                               8
//     7        16        2400      —       500                              12
//     8        20          —       —      1000                               —
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace parley::peer {

inline constexpr int kMinChessLevel = 1;
inline constexpr int kMaxChessLevel = 8;

struct ChessLevel {
  int level = 0;
  int skill = 0;           // UCI "Skill Level" (stockfish: 0–20)
  int elo = 0;             // UCI_Elo under UCI_LimitStrength; 0: not limited by Elo
  int depth = 0;           // `go depth`; 0: no limit
  int movetime_ms = 0;     // `go movetime`
  int fallback_depth = 0;  // `go depth` for an engine with neither option; 0: no limit
};
// The row of the table above; level must be within kMinChessLevel..kMaxChessLevel.
const ChessLevel& chess_level(int level);

// One option a UCI engine lists in its answer to "uci":
// "option name Skill Level type spin default 20 min 0 max 20".
struct UciOption {
  std::string name;
  std::string type;  // check, spin, combo, button, string
  int min = 0, max = 0;  // spin only
};
std::optional<UciOption> parse_uci_option(std::string_view line);

// What to tell an engine that listed `options` to play at `level`: its setoption lines, in
// order, and the go command for each move.
struct UciLevelPlan {
  std::vector<std::string> setoptions;
  std::string go;
  enum class Means { elo, skill, search_limits } means = Means::search_limits;
};
UciLevelPlan plan_uci_level(int level, const std::vector<UciOption>& options, int movetime_ms = 0);

}  // namespace parley::peer
