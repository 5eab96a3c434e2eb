#include <fmt/core.h>

#include <cstdio>

#include "cli/commands.hpp"
#include "cli/mapped_file.hpp"
#include "game/chess/pgn.hpp"
#include "lobby/protocol/game_log.hpp"

namespace parley::cli {
namespace {

namespace pgn = game::chess::pgn;

struct Tally {
  std::size_t games = 0, ok = 0, bad = 0;
  std::size_t not_pgn = 0;  // files that are game logs
};

// A game log is told by its first bytes (inflated, if gzipped) and refused before the rest is read.
bool not_a_log(std::string_view first) { return !first.starts_with(lobby::kLogMagic); }

// Reads every game of every file, handing good games to `on_game`; bad games are reported on
// `report` with file, line and column. Returns false if a file could not be read.
template <class OnGame>
bool read_all(const std::vector<std::string>& files, pgn::Notes notes, Tally& tally, std::FILE* report, OnGame on_game) {
  bool readable = true;
  for (const std::string& path : files) {
    MappedFile file(path, ReadOptions{kMaxInputBytes, not_a_log, nullptr, 1});
    if (file.refused()) {
      fmt::print(report, "{0}: a parley game log, not PGN: parley verify {0} checks it, parley pgn export {0} writes a chess game's log as PGN\n",
                 path);
      ++tally.not_pgn;
      continue;
    }
    if (!file.ok()) {
      fmt::print(stderr, "{}: cannot read: {}\n", path, file.error());
      readable = false;
      continue;
    }
    pgn::Reader reader(file.text(), {}, notes);
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

int pgn_check(const std::vector<std::string>& files) {
  Tally tally;
  bool readable = read_all(files, pgn::Notes::skip, tally, stdout, [](const pgn::Game&) {});
  fmt::print("games {}, ok {}, bad {}\n", tally.games, tally.ok, tally.bad);
  return !readable ? kUnreadable : tally.bad || tally.not_pgn ? kInvalidInput : kSuccess;
}

int pgn_convert(const ConvertOptions& options) {
  Tally tally;
  bool json = options.to == "json";
  if (json) std::fputs("[", stdout);
  bool readable = read_all({options.file}, json ? pgn::Notes::skip : pgn::Notes::keep, tally, stderr, [&](const pgn::Game& g) {
    if (json) {
      if (tally.ok > 1) std::fputs(",", stdout);
      std::fputs("\n", stdout);
      std::fputs(pgn::to_json(g).c_str(), stdout);
    } else {
      std::fputs(pgn::write(g).c_str(), stdout);
    }
  });
  if (json) std::fputs("\n]\n", stdout);
  return !readable ? kUnreadable : tally.bad || tally.not_pgn ? kInvalidInput : kSuccess;
}

}  // namespace parley::cli
