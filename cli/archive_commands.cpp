// `parley archive …`: the game database (docs/archive.md).
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "archive/importer.hpp"
#include "archive/standings.hpp"
#include "archive/store.hpp"
#include "cli/commands.hpp"
#include "cli/folder_files.hpp"
#include "cli/mapped_file.hpp"
#include "game/chess/position.hpp"
#include "peer/net/runner.hpp"

namespace parley::cli {

namespace {

using archive::ArchiveStore;

std::unique_ptr<ArchiveStore> open_store(const std::string& db, ArchiveStore::Use use = ArchiveStore::Use::shared) {
  std::string location = db;
  if (location.empty()) {
    auto dir = peer::default_data_dir();
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    location = (dir / "archive.sqlite").string();
  }
  auto store = ArchiveStore::open(location, use);
  if (!store) {
    fmt::print(stderr, "archive: {}\n", store.error().detail);
    return nullptr;
  }
  return std::move(store).value();
}

// A one-line bar on standard error: the share of the file's text read and the games so far,
// redrawn at most once per percent.
class ProgressBar {
 public:
  explicit ProgressBar(bool enabled) : enabled_(enabled) {}
  bool enabled() const { return enabled_; }
  void show(const std::string& file, std::size_t games, std::size_t read, std::size_t total) {
    if (!enabled_ || total == 0) return;
    std::size_t percent = std::min<std::size_t>(100, read * 100 / total);
    // At the end, the last games too.
    if (percent == last_percent_ && file == last_file_ && (percent < 100 || games == last_games_)) return;
    last_percent_ = percent, last_file_ = file, last_games_ = games;
    constexpr std::size_t kWidth = 30;
    std::size_t filled = percent * kWidth / 100;
    fmt::print(stderr, "\r{} [{}{}] {:3}% {} games", file, std::string(filled, '#'), std::string(kWidth - filled, ' '),
               percent, games);
    drawn_ = true;
  }
  void clear() {
    if (drawn_) fmt::print(stderr, "\r\033[K");
    drawn_ = false;
  }

 private:
  bool enabled_;
  bool drawn_ = false;
  std::size_t last_percent_ = 101;
  std::size_t last_games_ = 0;
  std::string last_file_;
};

std::string players_of(const archive::GameSummary& g) {
  std::string out;
  for (const auto& s : g.seats) {
    if (!out.empty()) out += " - ";
    out += s.name.empty() ? (s.fingerprint.empty() ? "?" : s.fingerprint) : s.name;
  }
  return out;
}

void print_game(const archive::GameSummary& g) {
  std::string where = g.event;
  if (!g.round.empty()) where += ", round " + g.round;
  // A log's lobby, by its key's fingerprint (docs/cli.md, "Trust roots").
  std::string origin = g.origin;
  if (g.lobby_key)
    if (auto key = crypto::PublicKey::from_bytes(*g.lobby_key)) origin += " by lobby " + crypto::fingerprint(*key);
  fmt::print("{:>6}  {}  {}  {}  {}  [{} from {}, {} plies]", g.id.value, g.date.empty() ? "?" : g.date,
             where.empty() ? "?" : where, players_of(g), g.result, g.kind, origin, g.ply_count);
  if (g.ply) fmt::print(" at ply {}", *g.ply);
  // A log's verdict: the whole log's, then any seat the verifier did not find honest.
  if (!g.verified) fmt::print("  INVALID: {}", g.fault);
  else if (g.origin == "plog") fmt::print("  verified");
  for (const auto& s : g.seats) {
    if (s.verdict && *s.verdict != "honest") fmt::print("; seat {} {}", s.index, *s.verdict);
  }
  fmt::print("\n");
}

archive::GameFilter filter_of(const ArchiveQueryOptions& o) {
  return archive::GameFilter{o.player, o.event, o.kind, o.result, std::nullopt, o.lobby_key};
}

// Opens the archive and prints the games `query` finds in it, a line each, then their count.
template <typename Query>
int list_games(const std::string& db, Query query) {
  auto store = open_store(db);
  if (!store) return kUnreadable;
  try {
    auto games = query(*store);
    for (const auto& g : games) print_game(g);
    fmt::print("{} games\n", games.size());
  } catch (const archive::SqlError& e) {
    fmt::print(stderr, "archive: {}\n", e.what());
    return kUnreadable;
  }
  return kSuccess;
}

// A --result no game can have is a typo, not a filter that matches nothing.
bool result_filter_usable(const ArchiveQueryOptions& o) {
  if (o.result.empty() || archive::is_stored_result(o.result)) return true;
  fmt::print(stderr, "archive: not a result: \"{}\" (1-0, 0-1, 1/2-1/2, *, or a score per seat such as 0-1-0)\n",
             o.result);
  return false;
}

// What `archive import` reads in a folder.
constexpr std::string_view kImported[] = {".pgn", ".plog", ".pgn.gz", ".plog.gz"};

}  // namespace

int archive_import(const ArchiveImportOptions& options) {
  // Opened by the importer once a large file's reading has begun; open_store has said why not.
  struct StoreNotOpened {};
  std::unique_ptr<ArchiveStore> store;
  auto open = [&]() -> ArchiveStore& {
    store = open_store(options.db, ArchiveStore::Use::import);
    if (!store) throw StoreNotOpened{};
    return *store;
  };
  ProgressBar bar(!options.quiet && ::isatty(STDERR_FILENO));
  archive::ImportStats stats;
  bool unreadable = false, empty_folder = false;
  const std::vector<std::string> files =
      expand_folders(options.files, kImported, ".pgn or .plog files (nor .gz of them)", empty_folder);
  try {
    // One importer for all the files, so that small files (a log is one game) share batches.
    archive::Importer importer(open);
    for (const std::string& path : files) {
      MappedFile file(path);
      if (!file.ok()) {
        fmt::print(stderr, "{}: cannot read: {}\n", path, file.error());
        unreadable = true;
        continue;
      }
      std::size_t reported = stats.problems.size();
      if (bar.enabled())
        importer.set_progress([&](std::size_t games, std::size_t read, std::size_t total) { bar.show(path, games, read, total); });
      importer.import_file(path, file.text(), stats);
      bar.clear();
      for (std::size_t i = reported; i < stats.problems.size(); ++i) fmt::print(stderr, "{}\n", stats.problems[i]);
    }
    importer.commit();
  } catch (const StoreNotOpened&) {
    bar.clear();
    return kUnreadable;
  } catch (const archive::SqlError& e) {
    bar.clear();
    // The importer's open batch was rolled back; the batches before it are stored.
    fmt::print(stderr,
               "archive: {}\narchive: the games of the last unfinished batch (up to {}) were not stored; importing "
               "the same files again stores them and skips the games already archived\n",
               e.what(), archive::kGamesPerTransaction);
    return kUnreadable;
  }
  auto s = [](std::size_t n) { return n == 1 ? "" : "s"; };
  fmt::print("imported {} game{} ({} position{} indexed), {} already archived, {} invalid log{} stored, {} rejected\n",
             stats.imported, s(stats.imported), stats.positions, s(stats.positions), stats.duplicates,
             stats.invalid_logs, s(stats.invalid_logs), stats.rejected);
  if (unreadable) return kUnreadable;
  return stats.rejected || stats.invalid_logs || empty_folder ? kInvalidInput : kSuccess;
}

int archive_games(const ArchiveQueryOptions& options) {
  if (!result_filter_usable(options)) return kUsage;
  return list_games(options.db, [&](ArchiveStore& store) { return store.games(filter_of(options)); });
}

int archive_position(const std::string& db, const std::string& fen) {
  auto position = game::chess::Position::from_fen(fen);
  if (!position) {
    fmt::print(stderr, "bad FEN: {}\n", game::chess::describe(position.error()));
    return kUsage;
  }
  return list_games(db, [&](ArchiveStore& store) { return store.games_at_position(position->key()); });
}

int archive_export(const ArchiveQueryOptions& options) {
  if (options.pgn == !options.plog_dir.empty()) {
    fmt::print(stderr, "archive export: give exactly one of --pgn and --plog DIR\n");
    return kUsage;
  }
  if (!result_filter_usable(options)) return kUsage;
  auto store = open_store(options.db);
  if (!store) return kUnreadable;
  bool all_exported = true;
  try {
    auto games = store->games(filter_of(options));
    if (!options.plog_dir.empty()) std::filesystem::create_directories(options.plog_dir);
    for (const auto& g : games) {
      if (options.pgn) {
        auto stored = store->stored_pgn(g.id);
        if (!stored) continue;  // not chess, or a log too broken to replay: no moves to write
        auto game = archive::rebuild_pgn(*stored);
        if (!game) {
          fmt::print(stderr, "game {}: {}\n", g.id.value, game.error().detail);
          all_exported = false;
          continue;
        }
        fmt::print("{}", game::chess::pgn::write(*game));
      } else {
        auto log = store->log(g.id);
        if (!log) continue;  // imported from PGN: there is no log
        auto path = std::filesystem::path(options.plog_dir) / ("game-" + std::to_string(g.id.value) + ".plog");
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(log->data()), static_cast<std::streamsize>(log->size()));
        if (!out) {
          fmt::print(stderr, "{}: cannot write\n", path.string());
          return kUnreadable;
        }
        fmt::print("{}\n", path.string());
      }
    }
  } catch (const archive::SqlError& e) {
    fmt::print(stderr, "archive: {}\n", e.what());
    return kUnreadable;
  } catch (const std::filesystem::filesystem_error& e) {
    fmt::print(stderr, "archive: {}\n", e.what());
    return kUnreadable;
  }
  return all_exported ? kSuccess : kInvalidInput;
}

int archive_standings(const ArchiveStandingsOptions& options) {
  auto store = open_store(options.db);
  if (!store) return kUnreadable;
  try {
    auto standings = archive::standings_of(*store, options.event);
    if (!standings) {
      // A typo or another spelling is the likely cause: say which names there are.
      constexpr std::size_t kShown = 20;
      const std::vector<std::string> names = store->event_names();
      std::string known;
      for (std::size_t i = 0; i < names.size() && i < kShown; ++i) known += (i ? ", \"" : "\"") + names[i] + "\"";
      if (names.size() > kShown) known += fmt::format(" and {} more", names.size() - kShown);
      fmt::print(stderr, "archive: no event named \"{}\"; {}\n", options.event,
                 names.empty() ? std::string("the archive has no named event") : "its events: " + known);
      return kInvalidInput;
    }
    if (options.format == "csv") fmt::print("{}", archive::format_csv(*standings));
    else if (options.format == "html") fmt::print("{}", archive::format_html(*standings));
    else fmt::print("{}", archive::format_text(*standings));
  } catch (const archive::SqlError& e) {
    fmt::print(stderr, "archive: {}\n", e.what());
    return kUnreadable;
  }
  return kSuccess;
}

}  // namespace parley::cli
