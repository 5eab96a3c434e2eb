#include "archive/importer.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

namespace parley::archive {

namespace pgn = game::chess::pgn;

namespace {

constexpr std::string_view kLogMagic = "PARLEYLOG";

// The reader does not expose its offset; for the progress bar the games in a file are
// estimated by the lines that open an Event tag (every exported game has one).
std::size_t expected_games(std::string_view text) {
  std::size_t n = text.starts_with("[Event ") ? 1 : 0;
  for (std::size_t at = 0; (at = text.find("\n[Event ", at)) != std::string_view::npos; ++at) ++n;
  return n;
}

}  // namespace

void Importer::import_file(std::string_view name, std::string_view contents, ImportStats& stats) {
  if (contents.starts_with(kLogMagic))
    import_log(name, {reinterpret_cast<const std::uint8_t*>(contents.data()), contents.size()}, stats);
  else
    import_pgn(name, contents, stats);
}

void Importer::count(const AddOutcome& added, const GameRecord& record, ImportStats& stats) {
  if (!added.inserted) {
    ++stats.duplicates;
    return;
  }
  ++stats.imported;
  if (record.moves) stats.positions += record.position_keys.size();
}

namespace {

// One game of a PGN file as the reading thread hands it on: a record, or the report of a bad game.
struct ReadGame {
  std::optional<GameRecord> record;
  std::string problem;
};

// Reads a PGN text on a thread of its own: replaying every move, writing the canonical text and
// hashing it (half an import's CPU time) overlap with the database writes on the caller's
// thread. Games come out in file order; at most kDepth wait. Destroying it stops the thread.
class GameReader {
 public:
  GameReader(std::string_view name, std::string_view text) : thread_([this, name, text] { run(name, text); }) {}
  ~GameReader() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
  GameReader(const GameReader&) = delete;
  GameReader& operator=(const GameReader&) = delete;

  // The next game, or nullopt after the last.
  std::optional<ReadGame> next() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !queue_.empty() || finished_; });
    if (queue_.empty()) return std::nullopt;
    ReadGame game = std::move(queue_.front());
    queue_.pop_front();
    changed_.notify_all();
    return game;
  }

 private:
  static constexpr std::size_t kDepth = 256;

  void run(std::string_view name, std::string_view text) {
    pgn::Reader reader(text);
    while (auto next = reader.next()) {
      ReadGame game;
      try {
        if (next->ok())
          game.record = record_from_pgn(next->value());
        else
          game.problem = pgn::format(next->error(), name);
      } catch (const std::exception& e) {  // out of memory: reported as the game's problem
        game.record.reset();
        game.problem = std::string(name) + ": " + e.what();
      }
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [this] { return queue_.size() < kDepth || stopping_; });
      if (stopping_) break;
      queue_.push_back(std::move(game));
      changed_.notify_all();
    }
    std::lock_guard lock(mutex_);
    finished_ = true;
    changed_.notify_all();
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<ReadGame> queue_;
  bool finished_ = false, stopping_ = false;
  std::thread thread_;  // last: started once the rest is ready
};

}  // namespace

void Importer::import_pgn(std::string_view name, std::string_view text, ImportStats& stats) {
  const std::size_t expected = progress_ ? expected_games(text) : 0;
  std::size_t seen = 0;
  std::optional<ArchiveStore::Batch> batch;
  std::size_t in_batch = 0;
  GameReader reader(name, text);
  while (auto next = reader.next()) {
    ++seen;
    if (progress_) progress_(seen, std::max(seen, expected));
    if (!next->record) {
      ++stats.rejected;
      stats.problems.push_back(std::move(next->problem));
      continue;
    }
    if (!batch) batch.emplace(store_);
    count(store_.add(*next->record), *next->record, stats);
    if (++in_batch == kGamesPerTransaction) {
      batch->commit();
      batch.reset();
      in_batch = 0;
    }
  }
  if (batch) batch->commit();
}

void Importer::import_log(std::string_view name, std::span<const std::uint8_t> bytes, ImportStats& stats) {
  auto record = record_from_log(bytes);
  if (!record) {
    ++stats.rejected;
    stats.problems.push_back(std::string(name) + ": not stored: " + record.error().detail);
    return;
  }
  AddOutcome added = store_.add(*record);
  count(added, *record, stats);
  if (added.inserted && !record->verified) {
    ++stats.invalid_logs;
    stats.problems.push_back(std::string(name) + ": stored as invalid (game " + std::to_string(added.id.value) +
                             "): " + record->fault);
  }
  if (progress_) progress_(1, 1);
}

}  // namespace parley::archive
