#pragma once
// The commands behind `parley`'s subcommands. main.cpp parses the command line (the only file
// that includes CLI11, which is slow to compile) and calls these with plain option structs;
// each returns the process exit status (docs/cli.md).
#include <cstdint>
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

// A seat in a network game: `parley bot GAME` and `parley play GAME`.
struct SeatCommand {
  std::string game = "chess";
  std::string lobby;              // HOST:PORT
  int quick_match = 0;            // seats, for a quick match
  std::uint64_t room = 0;         // join this room
  int create = 0;                 // create a room of this many seats
  std::string invite;             // invite code of an invite-only room
  std::string engine = "random";  // bots: random | uci:PATH
  int movetime_ms = 200;          // bots with a UCI engine
  int delay_ms = 0;               // random bots: thinking time per move
  std::string identity;           // key file; bots default to a fresh key per run
  std::string name;
  std::string data_dir;           // sessions and logs (default: the user's data directory)
  std::uint64_t seed = 0;         // random bots (0: from the clock)
  std::string clock;              // for --create: "BASE+INC" in seconds, e.g. "300+2"
  std::string event, round, site;
  int give_up_s = 3600;           // stop waiting after this long
  bool quiet = false;
};
int run_bot(const SeatCommand& command);
int run_play(const SeatCommand& command);

struct VerifyOptions {
  std::vector<std::string> files;
  bool json = false;
};
int verify_logs(const VerifyOptions& options);
int show_log(const std::string& file, bool json);
int export_pgn(const std::string& file);

}  // namespace parley::cli
