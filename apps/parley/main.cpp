// parley: the command-line front end, a composition root: it registers the games
// (games/register.hpp) and parses the command line; the commands themselves are plain functions
// (cli/commands.hpp) over the libraries.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "cli/client_command_line.hpp"
#include "cli/commands.hpp"
#include "cli/event_commands.hpp"
#include "game/chess/position.hpp"
#include "games/register.hpp"

namespace {

using namespace parley::cli;

// Each subcommand stores its options here and, when it is the one chosen, its exit status.
struct Invocation {
  PerftOptions perft{std::string(parley::game::chess::kStartFen)};
  PlayOptions play{std::string(parley::game::chess::kStartFen), {}};
  std::vector<std::string> check_files;
  ConvertOptions convert;
  SeatCommand bot, network_play;
  RoomsOptions rooms;
  LanOptions lan;
  WatchOptions watch;
  VerifyOptions verify;
  ClientCommand host, client;
  std::string log_file, export_file;
  bool log_json = false;
  LobbyTrustOptions log_trust;
  ArchiveImportOptions archive_import;
  ArchiveQueryOptions archive_games, archive_export;
  std::string position_db, position_fen;
  ArchiveStandingsOptions standings;
  RisikoMapOptions risiko_map;
  int status = kSuccess;
};

void add_chess(CLI::App& app, Invocation& in) {
  auto* chess = app.add_subcommand("chess", "Chess tools: perft, and a game for two players at one terminal");
  chess->require_subcommand(1);

  auto* perft = chess->add_subcommand("perft", "Count the leaves of the legal move tree; the count is the last line");
  perft->add_option("--fen", in.perft.fen, "Start position (default: the initial position)");
  perft->add_option("--depth", in.perft.depth, "Depth in half-moves")->required()->check(CLI::Range(0, 12));
  perft->add_flag("--divide", in.perft.divide, "Also print the count below each root move (uci: count)");
  perft->callback([&in] { in.status = chess_perft(in.perft); });

  auto* play = chess->add_subcommand("play", "Play chess with two players at this terminal");
  play->add_option("--fen", in.play.fen, "Start position");
  play->add_option("--pgn", in.play.pgn, "Save the game to this PGN file when it ends");
  play->callback([&in] { in.status = chess_play(in.play); });
}

void add_pgn(CLI::App& app, Invocation& in) {
  auto* pgn = app.add_subcommand("pgn", "Read, check and convert PGN files");
  pgn->require_subcommand(1);

  auto* check = pgn->add_subcommand(
      "check", "Play every move of every game through the engine; one line per bad game, then a summary");
  check->add_option("FILE", in.check_files, "PGN files ('-' for standard input)")->required();
  check->callback([&in] { in.status = pgn_check(in.check_files); });

  auto* convert = pgn->add_subcommand(
      "convert", "Write every good game as canonical PGN or JSON on standard output; bad games on standard error");
  convert->add_option("FILE", in.convert.file, "PGN file ('-' for standard input)")->required();
  convert->add_option("--to", in.convert.to, "Output format")->check(CLI::IsMember({"pgn", "json"}))->required();
  convert->callback([&in] { in.status = pgn_convert(in.convert); });

  auto* exporter = pgn->add_subcommand("export", "Write a chess game log (.plog) as PGN, with clock times");
  exporter->add_option("FILE", in.export_file, "A chess game log")->required();
  exporter->callback([&in] { in.status = export_pgn(in.export_file); });
}

void seat_options(CLI::App* cmd, SeatCommand& c) {
  cmd->add_option("GAME", c.game, "The game: chess, gunjin or risiko")->required();
  cmd->add_option("--lobby", c.lobby, "The lobby: HOST:PORT, or lan:NAME for the lobby of this network answering as NAME (parley lan)")->required();
  cmd->add_option("--quick-match", c.quick_match, "Join the quick-match queue for this many seats (the default, 2)")
      ->check(CLI::Range(2, 6));
  cmd->add_option("--room", c.room, "Join this room");
  cmd->add_option("--create", c.create, "Create a room with this many seats")->check(CLI::Range(2, 6));
  cmd->add_option("--invite", c.invite, "The invite code of an invite-only room (with --create: make it invite-only)");
  cmd->add_option("--clock", c.clock, "With --create: BASE+INC in seconds, e.g. 300+2 (default: untimed)");
  cmd->add_option("--event", c.event, "With --create: the event's name (PGN Event)");
  cmd->add_option("--round", c.round, "With --create: the round (PGN Round)");
  cmd->add_option("--site", c.site, "With --create: the site (PGN Site)");
  cmd->add_option("--map", c.map,
                  "With --create, risiko: a shipped map (classic, classic-82, classic-84) or a map file of your own "
                  "(docs/risiko.md, \"Map files\"); it travels in the room, so the others need no copy");
  cmd->add_option("--dice", c.dice, "With --create, risiko: risiko (the default: the defender rolls up to 3) or classic (up to 2)")
      ->check(CLI::IsMember({"risiko", "classic"}));
  cmd->add_option("--identity", c.identity, "Your key file (created if missing)");
  cmd->add_option("--name", c.name, "The name others see");
  cmd->add_option("--data", c.data_dir, "Where sessions and logs are kept (default: ~/.local/share/parley)");
  cmd->add_option("--give-up", c.give_up_s, "Stop after this many seconds (default 3600)");
  cmd->add_flag("--quiet", c.quiet, "Print only the log file and the result");
}

void add_risiko(CLI::App& app, Invocation& in) {
  auto* risiko = app.add_subcommand("risiko", "Risiko tools");
  risiko->require_subcommand(1);
  auto* map = risiko->add_subcommand(
      "map", "Check map files as a room would take them (docs/risiko.md, \"Map files\"): each error with its line, "
             "or what the map holds and the room space it takes");
  map->add_option("FILE", in.risiko_map.files, "Map files ('-' for standard input)")->required();
  map->add_flag("--formatted", in.risiko_map.formatted,
                "Print the map as a room carries it (no comments, one space between words)");
  map->callback([&in] { in.status = risiko_map_check(in.risiko_map); });
}

void add_network(CLI::App& app, Invocation& in) {
  auto* bot = app.add_subcommand("bot", "A bot that plays one game through a lobby, then prints its log file and the result");
  seat_options(bot, in.bot);
  bot->add_option("--engine", in.bot.engine, "chess: random (default), or uci:PATH for any UCI engine (e.g. uci:/usr/games/stockfish); gunjin: tracking (default) or random");
  bot->add_option("--movetime", in.bot.movetime_ms, "Milliseconds per move for a UCI engine (default: the level's, else 200)")->check(CLI::Range(10, 600000));
  bot->add_option("--level", in.bot.level, "chess: 1 (weakest) to 8 (full strength), through the UCI engine's Skill Level or UCI_Elo; without --engine: stockfish, or random moves when it is not installed")->check(CLI::Range(1, 8));
  bot->add_option("--difficulty", in.bot.difficulty, "risiko: easy, normal (default) or hard")->check(CLI::IsMember({"easy", "normal", "hard"}));
  bot->add_option("--seed", in.bot.seed, "Seed of the random bot");
  bot->add_option("--delay", in.bot.delay_ms, "Milliseconds the bot waits at least before each move")
      ->check(CLI::Range(0, 600000));
  bot->callback([&in] { in.status = run_bot(in.bot); });

  auto* play = app.add_subcommand("play", "Play a game through a lobby at this terminal");
  seat_options(play, in.network_play);
  play->add_option("--layout", in.network_play.layout,
                   "gunjin: your army's layout, a layout file (docs/ui.md, \"Layout files\") or the name of one the "
                   "graphical client's editor saved; default: a sensible layout at random");
  play->callback([&in] { in.status = run_play(in.network_play); });

  auto* rooms = app.add_subcommand("rooms", "List a lobby's public rooms: who sits in them, their options, whether they wait");
  rooms->add_option("--lobby", in.rooms.lobby, "The lobby: HOST:PORT, or lan:NAME for the lobby of this network answering as NAME (parley lan)")->required();
  rooms->add_option("--game", in.rooms.game, "Only this game's rooms (chess, gunjin, risiko)");
  rooms->callback([&in] { in.status = list_rooms(in.rooms); });

  auto* lan = app.add_subcommand("lan", "List the lobbies on this network that answer LAN searches (parley host, parley-lobby --lan)");
  lan->add_option("--wait", in.lan.wait_ms, "Milliseconds to wait for answers")
      ->check(CLI::Range(100, 60000))
      ->capture_default_str();
  lan->add_option("--port", in.lan.port, "The UDP port searches go to")->check(CLI::Range(1, 65535))->capture_default_str();
  lan->add_option("--to", in.lan.to,
                  "Ask this IPv4 address instead of broadcasting (a lobby on another subnet); repeat it for several");
  lan->callback([&in] { in.status = search_lan(in.lan); });

  auto* watch = app.add_subcommand("watch", "Follow a game as a spectator, entry by entry, then its verdict");
  watch->add_option("--lobby", in.watch.lobby, "The lobby: HOST:PORT, or lan:NAME for the lobby of this network answering as NAME (parley lan)")->required();
  auto* room = watch->add_option("--room", in.watch.room, "The room to watch (parley rooms lists them)");
  auto* invite = watch->add_option("--invite", in.watch.invite, "The invite code of an invite-only room");
  room->excludes(invite);
  watch->add_option("--save", in.watch.save, "Write the game's log (.plog) here when it ends");
  watch->add_option("--name", in.watch.name, "The name the room's members see")->capture_default_str();
  watch->add_option("--give-up", in.watch.give_up_s, "Stop after this many seconds (default 3600)")
      ->check(CLI::Range(1, 7 * 24 * 3600));
  watch->callback([&in] { in.status = watch_room(in.watch); });
}

void add_logs(CLI::App& app, Invocation& in) {
  auto* verify = app.add_subcommand("verify", "Verify game logs: a verdict per seat and the result; exit 0 only if every log is valid");
  verify->add_option("FILE", in.verify.files, "Game logs (.plog)")->required();
  verify->add_flag("--json", in.verify.json, "One JSON object per log");
  verify->add_option("--memory", in.verify.memory_mib, "MiB the logs read at once may take, all threads together")
      ->check(CLI::Range(std::size_t{16}, std::size_t{1} << 20))
      ->capture_default_str();
  verify->add_option("--jobs", in.verify.jobs, "threads verifying logs (default: one per core)")
      ->check(CLI::Range(1u, 1024u));
  add_trust_options(verify, in.verify.trust);
  verify->callback([&in] { in.status = verify_logs(in.verify); });

  auto* log = app.add_subcommand("log", "Game logs");
  log->require_subcommand(1);
  auto* show = log->add_subcommand("show", "Print a game log entry by entry, then its verdict");
  show->add_option("FILE", in.log_file, "A game log (.plog)")->required();
  show->add_flag("--json", in.log_json, "As JSON");
  add_trust_options(show, in.log_trust);
  show->callback([&in] { in.status = show_log(in.log_file, in.log_json, in.log_trust); });
}

void add_archive(CLI::App& app, Invocation& in) {
  auto* archive = app.add_subcommand("archive", "A game database of PGN games and verified logs: import, search, export, standings");
  archive->require_subcommand(1);
  const std::string db_help = "The archive: an SQLite file or a postgresql:// URL (default: ~/.local/share/parley/archive.sqlite)";

  auto* import = archive->add_subcommand(
      "import", "Import PGN files (every game replayed) and game logs (verified); a game already archived is skipped");
  import->add_option("FILE", in.archive_import.files, "PGN files and .plog logs")->required();
  import->add_option("--db", in.archive_import.db, db_help);
  import->add_flag("--quiet", in.archive_import.quiet, "No progress bar");
  import->callback([&in] { in.status = archive_import(in.archive_import); });

  auto filters = [&](CLI::App* cmd, ArchiveQueryOptions& o) {
    cmd->add_option("--db", o.db, db_help);
    cmd->add_option("--player", o.player, "A player's name, alias, key fingerprint or public key in hex");
    cmd->add_option("--event", o.event, "The event's name");
    cmd->add_option("--kind", o.kind, "The game (chess, gunjin, risiko)");
    cmd->add_option("--result", o.result, "The result, e.g. 1-0, 0-1, 1/2-1/2 or *");
    cmd->add_option("--lobby-key", o.lobby_key, "Only games stamped by this lobby: its key in hex or its fingerprint");
  };
  auto* games = archive->add_subcommand("games", "List the archived games that match every filter given");
  filters(games, in.archive_games);
  games->callback([&in] { in.status = archive_games(in.archive_games); });

  auto* position = archive->add_subcommand("position", "List the chess games whose main line reached a position");
  position->add_option("FEN", in.position_fen, "The position")->required();
  position->add_option("--db", in.position_db, db_help);
  position->callback([&in] { in.status = archive_position(in.position_db, in.position_fen); });

  auto* exporter = archive->add_subcommand("export", "Export the matching games as PGN or as their logs");
  filters(exporter, in.archive_export);
  exporter->add_flag("--pgn", in.archive_export.pgn, "Chess games as PGN on standard output");
  exporter->add_option("--plog", in.archive_export.plog_dir, "Write each game's log as DIR/game-ID.plog");
  exporter->callback([&in] { in.status = archive_export(in.archive_export); });

  auto* standings = archive->add_subcommand("standings", "Crosstable and standings of an event: points, Sonneborn-Berger, Buchholz");
  standings->add_option("--event", in.standings.event, "The event's name")->required();
  standings->add_option("--db", in.standings.db, db_help);
  standings->add_option("--format", in.standings.format, "text, csv or html")->check(CLI::IsMember({"text", "csv", "html"}));
  standings->callback([&in] { in.status = archive_standings(in.standings); });
}

// parley-client, the program beside this one, given this command line: the same process goes on
// as the graphical client (cli/client_command_line.hpp).
int start_graphical_client(int argc, char** argv) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::filesystem::path client = (error ? std::filesystem::path(argv[0]) : self).parent_path() / "parley-client";
  std::vector<char*> args(argv, argv + argc);
  const std::string program = client.string();
  args[0] = const_cast<char*>(program.c_str());
  args.push_back(nullptr);
  std::fflush(nullptr);
  ::execv(program.c_str(), args.data());
  fmt::print(stderr, "cannot start the graphical client {}: {}\n", program, std::strerror(errno));
  return kUnreadable;
}

}  // namespace

int main(int argc, char** argv) {
  parley::games::register_screens();
  CLI::App app{"parley: board games with hidden information, played without a trusted host"};
  app.require_subcommand(1);
  app.footer(
      "Exit status: 0 success, 1 the input is invalid (a bad game, an illegal move), 2 usage "
      "error, 3 a file could not be read.");
  Invocation in;
  add_chess(app, in);
  add_pgn(app, in);
  add_risiko(app, in);
  add_network(app, in);
  add_logs(app, in);
  add_archive(app, in);
  add_event_commands(app, in.status);
  const auto start_client = [argc, argv](const ClientCommand&) { return start_graphical_client(argc, argv); };
  add_client_commands(app, in.host, in.client, in.status, ClientRunners{start_client, start_client});
  return run_command_line(app, argc, argv, in.status);
}
