#pragma once
// Importing files into the archive: PGN (every game replayed by the reader; a bad game is
// reported with its file, line and column and the others are imported) and .plog (verified;
// an invalid log is stored with its verdict, bytes that are not a log are reported and
// skipped). A game already in the archive is counted as a duplicate and not stored again.
// Games are committed in batches of up to kGamesPerTransaction, which span files (a log is one
// game, and a transaction per game was 50 times slower), so bad input later loses nothing
// already read; a failure of the database itself rolls back the open batch.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "archive/store.hpp"

namespace parley::archive {

struct ImportStats {
  std::size_t imported = 0;
  std::size_t duplicates = 0;
  std::size_t invalid_logs = 0;  // stored, with the verifier's verdict
  std::size_t rejected = 0;      // not stored: bad PGN games, files that are not logs
  std::size_t positions = 0;     // position keys indexed
  std::vector<std::string> problems;  // one line each: "file:line:column: …" or "file: …"
};

// Called as a file is read: its games so far, and how far its text has been read of how much
// (bytes, so that the figure moves whatever the games' sizes).
using ImportProgress = std::function<void(std::size_t games, std::size_t read, std::size_t total)>;

// Batches grow from kGamesInFirstTransaction games, each twice the one before, to
// kGamesPerTransaction. What an import waits for once its reading ends is the last batch's
// commit (its positions packed and written, the file synced), while the earlier commits overlap
// the reading: with small batches first, a 4,000-game file's import ended at 250–270 ms instead
// of 283–300 ms (docs/performance.md, "Archive"). The large batches later keep a large file's
// commits few: each rewrites most of the position index's pages.
inline constexpr std::size_t kGamesInFirstTransaction = 1000;
inline constexpr std::size_t kGamesPerTransaction = 5000;
// The games of an Importer's batch number `committed` (0 for the first).
constexpr std::size_t games_in_batch(std::size_t committed) {
  std::size_t games = kGamesInFirstTransaction;
  for (std::size_t b = 0; b < committed && games < kGamesPerTransaction; ++b) games *= 2;
  return games < kGamesPerTransaction ? games : kGamesPerTransaction;
}

// The games of the files given to one Importer share batches: commit() stores the last one.
// Destroyed without commit(), the Importer rolls its open batch back (as ArchiveStore::Batch).
class Importer {
 public:
  explicit Importer(ArchiveStore& store) { use(store); }
  // Opens the store when it is first needed, or at commit() at the latest: a large PGN file's
  // reading thread starts first, so that opening the archive (and writing a new one's schema and
  // syncing it) happens while the first games are read, not before (docs/performance.md,
  // "Archive"). What `open` throws comes out of the call that needed the store.
  explicit Importer(std::function<ArchiveStore&()> open) : open_(std::move(open)) {}

  // Called for each game of the files that follow.
  void set_progress(ImportProgress progress) { progress_ = std::move(progress); }
  // A file's contents; its kind is recognised by the log's magic bytes, anything else is PGN.
  void import_file(std::string_view name, std::string_view contents, ImportStats& stats);
  void import_pgn(std::string_view name, std::string_view text, ImportStats& stats);
  void import_log(std::string_view name, std::span<const std::uint8_t> bytes, ImportStats& stats);
  void commit();

 private:
  AddOutcome store(const GameRecord& record, ImportStats& stats);
  // The store, opened now if the constructor was given a way to open it.
  ArchiveStore& opened_store();
  void use(ArchiveStore& store);

  std::function<ArchiveStore&()> open_;
  ArchiveStore* store_ = nullptr;
  // Declared before batch_: an open batch is rolled back before the journal mode goes back.
  std::optional<ArchiveStore::BulkLoad> bulk_load_;
  ImportProgress progress_;
  std::optional<ArchiveStore::Batch> batch_;
  std::size_t in_batch_ = 0;
  std::size_t batches_committed_ = 0;
};

}  // namespace parley::archive
