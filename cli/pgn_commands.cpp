#include <fmt/core.h>

#include <cstdio>
#include <memory>

#include "cli/commands.hpp"
#include "cli/mapped_file.hpp"
#include "game/chess/pgn.hpp"

namespace parley::cli {
namespace {

namespace pgn = game::chess::pgn;

struct Tally {
  std::size_t games = 0, ok = 0, bad = 0;
};

// Reads every game of every file, handing good games to `on_game`; bad games are reported on
// `report` with file, line and column. Returns false if a file could not be read.
template <class OnGame>
bool read_all(const std::vector<std::string>& files, Tally& tally, std::FILE* report, OnGame on_game) {
  bool readable = true;
  for (const std::string& path : files) {
    MappedFile file(path);
    if (!file.ok()) {
      fmt::print(stderr, "{}: cannot read: {}\n", path, file.error());
      readable = false;
      continue;
    }
    pgn::Reader reader(file.text());
    while (auto game = reader.next()) {
      ++tally.games;
      if (game->ok()) {
        ++tally.ok;
        on_game(game->value());
      } else {
        ++tally.bad;
        fmt::print(report, "{}\n", pgn::format(game->error(), path));
      }
    }
  }
  return readable;
}

}  // namespace

void add_pgn_commands(CLI::App& app, int& status) {
  auto* pgn_cmd = app.add_subcommand("pgn", "Read, check and convert PGN files");
  pgn_cmd->require_subcommand(1);

  auto* check = pgn_cmd->add_subcommand(
      "check", "Play every move of every game through the engine; one line per bad game, then a summary");
  auto check_files = std::make_shared<std::vector<std::string>>();
  check->add_option("FILE", *check_files, "PGN files ('-' for standard input)")->required();
  check->callback([&status, check_files] {
    Tally tally;
    bool readable = read_all(*check_files, tally, stdout, [](const pgn::Game&) {});
    fmt::print("games {}, ok {}, bad {}\n", tally.games, tally.ok, tally.bad);
    status = !readable ? kUnreadable : tally.bad ? kInvalidInput : kSuccess;
  });

  auto* convert = pgn_cmd->add_subcommand(
      "convert", "Write every good game as canonical PGN or JSON on standard output; bad games on standard error");
  struct ConvertOptions {
    std::string file;
    std::string to;
  };
  auto opts = std::make_shared<ConvertOptions>();
  convert->add_option("FILE", opts->file, "PGN file ('-' for standard input)")->required();
  convert->add_option("--to", opts->to, "Output format")->check(CLI::IsMember({"pgn", "json"}))->required();
  convert->callback([&status, opts] {
    Tally tally;
    bool json = opts->to == "json";
    if (json) std::fputs("[", stdout);
    bool readable = read_all({opts->file}, tally, stderr, [&](const pgn::Game& g) {
      if (json) {
        if (tally.ok > 1) std::fputs(",", stdout);
        std::fputs("\n", stdout);
        std::fputs(pgn::to_json(g).c_str(), stdout);
      } else {
        std::fputs(pgn::write(g).c_str(), stdout);
      }
    });
    if (json) std::fputs("\n]\n", stdout);
    status = !readable ? kUnreadable : tally.bad ? kInvalidInput : kSuccess;
  });
}

}  // namespace parley::cli
