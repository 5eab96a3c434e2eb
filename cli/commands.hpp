#pragma once
// The commands behind `parley`'s subcommands. main.cpp parses the command line (the only file
// that includes CLI11, which is slow to compile) and calls these with plain option structs;
// each returns the process exit status (docs/cli.md).
#include <string>
#include <vector>

namespace parley::cli {

enum ExitStatus : int {
  kSuccess = 0,
  kInvalidInput = 1,  // the input was read and found bad (a bad game, an illegal move, …)
  kUsage = 2,         // the command line is wrong
  kUnreadable = 3,    // a file could not be read
};

struct PerftOptions {
  std::string fen;
  int depth = 0;
  bool divide = false;
};
int chess_perft(const PerftOptions& options);

struct PlayOptions {
  std::string fen;
  std::string pgn;  // save the game here when it ends, if not empty
};
int chess_play(const PlayOptions& options);

int pgn_check(const std::vector<std::string>& files);

struct ConvertOptions {
  std::string file;
  std::string to;  // "pgn" or "json"
};
int pgn_convert(const ConvertOptions& options);

}  // namespace parley::cli
