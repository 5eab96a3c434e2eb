#pragma once
// The commands behind `parley`'s subcommands. main.cpp parses the command line (the only file
// that includes CLI11, which is slow to compile) and calls these with plain option structs;
// each returns the process exit status (docs/cli.md).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/lobby_pins.hpp"

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
  std::string game;               // the GAME argument
  std::string lobby;              // HOST:PORT
  int quick_match = 0;            // seats, for a quick match
  std::uint64_t room = 0;         // join this room
  int create = 0;                 // create a room of this many seats
  std::string invite;             // invite code of an invite-only room
  std::string engine;             // bots: chess random (default) | uci:PATH; gunjin tracking (default) | random
  int movetime_ms = 0;            // bots with a UCI engine (0: the level's, or 200 ms)
  int level = 0;                  // chess bots: 1–8 (games/chess/chess_levels.hpp); 0: none
  std::string difficulty;         // risiko bots: easy, normal (the default) or hard
  int delay_ms = 0;               // bots: thinking time per move
  std::string identity;           // key file; bots default to a fresh key per run
  std::string name;
  std::string data_dir;           // sessions and logs (default: the user's data directory)
  std::uint64_t seed = 0;         // random bots (0: from the clock)
  std::string clock;              // for --create: "BASE+INC" in seconds, e.g. "300+2"
  std::string event, round, site;
  std::string map;                // for --create, risiko: a shipped map's key or a map file
  std::string dice;               // for --create, risiko: "risiko" (default) or "classic"
  std::string layout;             // play gunjin: a layout file (default: a sensible layout at random)
  int give_up_s = 3600;           // stop waiting after this long
  bool quiet = false;
};
int run_bot(const SeatCommand& command);
int run_play(const SeatCommand& command);

struct RoomsOptions {
  std::string lobby;  // HOST:PORT
  std::string game;   // only this game's rooms (empty: every game)
};
// `parley rooms`: the lobby's public rooms, with who sits in them and their options.
int list_rooms(const RoomsOptions& options);

struct LanOptions {
  int wait_ms = 1000;             // how long answers are waited for
  int port = 7778;                // the UDP port searches go to (lobby::kLanDiscoveryPort)
  std::vector<std::string> to;    // probe these IPv4 addresses instead of broadcasting
};
// `parley lan`: the lobbies of the local network that answer LAN searches.
int search_lan(const LanOptions& options);

struct WatchOptions {
  std::string lobby;       // HOST:PORT
  std::uint64_t room = 0;  // the room to watch, or
  std::string invite;      // an invite-only room's code
  std::string save;        // write the game's log here when it ends (empty: nowhere)
  std::string name = "spectator";
  int give_up_s = 3600;
};
// `parley watch`: a game followed as a spectator, told entry by entry as `parley log show`
// tells a log, then its verdict; exit 0 if the game ended and its log is valid.
int watch_room(const WatchOptions& options);

// What `parley verify` holds in memory at most, all its threads together (docs/cli.md).
inline constexpr std::size_t kDefaultVerifyMemoryMiB = 256;
struct VerifyOptions {
  std::vector<std::string> files;
  bool json = false;
  std::size_t memory_mib = kDefaultVerifyMemoryMiB;
  unsigned jobs = 0;  // threads (0: one per core)
  LobbyTrustOptions trust;  // --lobby-key, --any-lobby (cli/lobby_pins.hpp)
};
int verify_logs(const VerifyOptions& options);

// `parley risiko map FILE...`: each Risiko map file checked as a room would take it.
struct RisikoMapOptions {
  std::vector<std::string> files;
  bool formatted = false;  // print the text a room would carry instead of the summary
};
int risiko_map_check(const RisikoMapOptions& options);
int show_log(const std::string& file, bool json, const LobbyTrustOptions& trust = {});
int export_pgn(const std::string& file);

// `parley archive …` (docs/archive.md). `db` is an SQLite file or a postgresql:// URL; empty
// means the default archive in the user's data directory.
struct ArchiveImportOptions {
  std::string db;
  std::vector<std::string> files;
  bool quiet = false;  // no progress bar
};
int archive_import(const ArchiveImportOptions& options);

struct ArchiveQueryOptions {
  std::string db;
  std::string player, event, kind, result;
  std::string lobby_key;  // only games stamped by this lobby: a key in hex or a fingerprint
  bool pgn = false;       // export: PGN of the chess games on standard output
  std::string plog_dir;   // export: write each game's log into this directory
};
int archive_games(const ArchiveQueryOptions& options);
int archive_export(const ArchiveQueryOptions& options);

int archive_position(const std::string& db, const std::string& fen);

struct ArchiveStandingsOptions {
  std::string db;
  std::string event;
  std::string format = "text";  // text | csv | html
};
int archive_standings(const ArchiveStandingsOptions& options);
// The graphical client (docs/ui.md): `parley client` opens it; `parley host` first starts a
// lobby in the same process, optionally with a bot opponent waiting in its quick-match queue.
struct ClientCommand {
  std::string lobby;        // client: connect to HOST:PORT at once (empty: the connect screen)
  int port = 7777;          // host: where the lobby listens (0: any free port)
  std::vector<std::string> bot;  // host: house bots in quick-match queues, a game each: chess (or random), gunjin, risiko
  int bots = 2;             // host, risiko: how many house bots (the game has one seat more)
  int bot_delay_ms = 700;   // the bot's thinking time per move
  int level = 3;            // host: the house chess bot's level (stockfish; random moves without it)
  std::string difficulty = "normal";  // host: the house Risiko bots' difficulty
  bool quick_match = false; // queue for a chess game (host --bot: the first bots' game) as soon as connected
  std::string identity;     // key file (default: ~/.local/share/parley/identity)
  std::string name;         // display name (default: $USER)
  std::string data_dir;     // sessions, logs, PGN, the hosted lobby's database
  std::string archive;      // host: also store each finished room's game in this archive database
  std::string replay;       // open this game log in the replay viewer
  int quit_after_ms = 0;    // tests: close after this long
  std::string screenshot;   // tests: the last frame as PNG
  bool no_lan = false;      // neither search the LAN (client) nor answer its searches (host)
  int lan_port = 7778;      // the UDP port LAN searches go to (lobby::kLanDiscoveryPort)
};
int run_host(const ClientCommand& command);
int run_client(const ClientCommand& command);

}  // namespace parley::cli
