#pragma once
// Each command group adds its subcommands to the app. A command's callback stores the
// process exit status in `status` (see docs/cli.md for the meaning of each code).
#include <CLI/CLI.hpp>

namespace parley::cli {

enum ExitStatus : int {
  kSuccess = 0,
  kInvalidInput = 1,  // the input was read and found bad (a bad game, an illegal move, …)
  kUsage = 2,         // the command line is wrong
  kUnreadable = 3,    // a file could not be read
};

void add_chess_commands(CLI::App& app, int& status);
void add_pgn_commands(CLI::App& app, int& status);

}  // namespace parley::cli
