#include "archive/importer.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <variant>

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

// A game read, replayed and made into its record, or why it was rejected ("file:line:column: …").
using ReadGame = std::variant<GameRecord, std::string>;

// About what a read game holds in memory, for the queue's bound.
std::size_t held_bytes(const ReadGame& read) {
  if (const auto* problem = std::get_if<std::string>(&read)) return sizeof(ReadGame) + problem->size();
  const auto& r = std::get<GameRecord>(read);
  std::size_t n = sizeof(ReadGame) + (r.moves ? r.moves->size() : 0) + r.position_keys.size() * sizeof(std::uint64_t);
  for (const auto& comment : r.comments) n += sizeof(comment) + comment.size();
  for (const auto& tag : r.extra_tags) n += sizeof(tag) + tag.name.size() + tag.value.size();
  return n;
}

// The hand-over from the reading thread to the storing one: chunks of games in the file's
// order. Up to a batch of games may wait (kChunksAhead), so the reader reads on while a batch
// commits instead of stopping a few hundred games later (a 20,000-game import took about a fifth
// less time); and at most kBytesAhead of them, so memory stays bounded on a file of any size and
// games of any length.
class ReadQueue {
 public:
  static constexpr std::size_t kGamesPerChunk = 32;
  static constexpr std::size_t kChunksAhead = (kGamesPerTransaction + kGamesPerChunk - 1) / kGamesPerChunk;
  static constexpr std::size_t kBytesAhead = std::size_t{64} << 20;

  // False when the storing side has stopped (it failed): the reader should stop too.
  bool push(std::vector<ReadGame> chunk, std::stop_token stop) {
    destroy_spent();
    std::size_t bytes = 0;
    for (const ReadGame& read : chunk) bytes += held_bytes(read);
    std::unique_lock lock(mutex_);
    // One chunk may always wait, however large: the storing side then has something to take.
    const auto room = [&] { return chunks_.empty() || (chunks_.size() < kChunksAhead && bytes_ + bytes <= kBytesAhead); };
    if (!changed_.wait(lock, stop, room)) return false;
    bytes_ += bytes;
    chunks_.push_back({std::move(chunk), bytes});
    changed_.notify_all();
    return true;
  }
  void close(std::exception_ptr failure = nullptr) {
    std::lock_guard lock(mutex_);
    closed_ = true;
    failure_ = failure;
    changed_.notify_all();
  }
  // A chunk the storing side is done with, for the reader to destroy: freed on the thread that
  // allocated it, a game's memory goes back to that thread's own cache of free blocks. Freed by
  // the storing thread, it went back through the reader's arena under its lock, which the two
  // threads then took in turn, 2,000 times an import of 4,000 games (docs/performance.md, "Archive").
  void give_back(std::vector<ReadGame> chunk) {
    std::lock_guard lock(mutex_);
    spent_.push_back(std::move(chunk));
  }
  // The next chunk; nullopt at the end of the file. Rethrows what the reader threw.
  std::optional<std::vector<ReadGame>> pop() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !chunks_.empty() || closed_; });
    if (chunks_.empty()) {
      if (failure_) std::rethrow_exception(failure_);
      return std::nullopt;
    }
    std::vector<ReadGame> chunk = std::move(chunks_.front().games);
    bytes_ -= chunks_.front().bytes;
    chunks_.pop_front();
    changed_.notify_all();
    return chunk;
  }

 private:
  struct Chunk {
    std::vector<ReadGame> games;
    std::size_t bytes = 0;
  };
  // Outside the lock.
  void destroy_spent() {
    std::vector<std::vector<ReadGame>> spent;
    {
      std::lock_guard lock(mutex_);
      spent.swap(spent_);
    }
  }

  std::mutex mutex_;
  std::condition_variable_any changed_;
  std::deque<Chunk> chunks_;
  std::vector<std::vector<ReadGame>> spent_;
  std::size_t bytes_ = 0;
  bool closed_ = false;
  std::exception_ptr failure_;
};

// Files smaller than this are read on the storing thread: for a file of a few games a thread
// costs more than it saves.
constexpr std::size_t kBytesForAReadingThread = 256 * 1024;

ReadGame read_game(const game::Result<pgn::Game, pgn::Error>& read, std::string_view name) {
  if (!read.ok()) return pgn::format(read.error(), name);
  return record_from_pgn(read.value());
}

// The reader makes each game's record (its canonical PGN and bare movetext, hash and counts)
// itself, so that only the record goes to the storing thread. A game's tree is several times
// the size of its record, and when the storing thread made the records, the reader wrote each
// game into memory the other core had just read and freed: the reader then took twice as long
// as reading alone (docs/performance.md, "Archive").
void read_games(std::string_view name, std::string_view text, ReadQueue& queue, std::stop_token stop) {
  try {
    pgn::Reader reader(text);
    std::vector<ReadGame> chunk;
    while (auto next = reader.next()) {
      chunk.push_back(read_game(*next, name));
      if (chunk.size() == ReadQueue::kGamesPerChunk) {
        if (!queue.push(std::move(chunk), stop)) return;
        chunk = {};
      }
    }
    if (!chunk.empty() && !queue.push(std::move(chunk), stop)) return;
    queue.close();
  } catch (...) {
    queue.close(std::current_exception());
  }
}

}  // namespace

void Importer::import_file(std::string_view name, std::string_view contents, ImportStats& stats) {
  if (contents.starts_with(kLogMagic))
    import_log(name, {reinterpret_cast<const std::uint8_t*>(contents.data()), contents.size()}, stats);
  else
    import_pgn(name, contents, stats);
}

void Importer::use(ArchiveStore& store) {
  store_ = &store;
  bulk_load_.emplace(store);
}

ArchiveStore& Importer::opened_store() {
  if (!store_) use(open_());
  return *store_;
}

AddOutcome Importer::store(const GameRecord& record, ImportStats& stats) {
  if (!batch_) batch_.emplace(opened_store());
  AddOutcome added = store_->add(record);
  if (!added.inserted) {
    ++stats.duplicates;
  } else {
    ++stats.imported;
    if (record.moves) stats.positions += record.position_keys.size();
  }
  if (++in_batch_ == games_in_batch(batches_committed_)) commit();
  return added;
}

void Importer::commit() {
  opened_store();
  if (batch_) {
    batch_->commit();
    ++batches_committed_;
  }
  batch_.reset();
  in_batch_ = 0;
}

// Reading and replaying the games of a large file, and making their records, runs on a second
// thread while this one stores them (read_games). The order is the file's either way, so the
// games get the same IDs.
void Importer::import_pgn(std::string_view name, std::string_view text, ImportStats& stats) {
  const std::size_t expected = progress_ ? expected_games(text) : 0;
  std::size_t seen = 0;
  auto take = [&](ReadGame& read) {
    ++seen;
    if (progress_) progress_(seen, std::max(seen, expected));
    if (auto* problem = std::get_if<std::string>(&read)) {
      ++stats.rejected;
      stats.problems.push_back(std::move(*problem));
    } else {
      store(std::get<GameRecord>(read), stats);
    }
  };
  if (text.size() < kBytesForAReadingThread) {
    pgn::Reader reader(text);
    while (auto next = reader.next()) {
      ReadGame read = read_game(*next, name);
      take(read);
    }
    return;
  }
  ReadQueue queue;
  // Declared after the queue, so destroyed (stopped and joined) before it, also when storing throws.
  std::jthread reader([&](std::stop_token stop) { read_games(name, text, queue, stop); });
  opened_store();
  while (auto chunk = queue.pop()) {
    for (ReadGame& read : *chunk) take(read);
    queue.give_back(std::move(*chunk));
  }
}

void Importer::import_log(std::string_view name, std::span<const std::uint8_t> bytes, ImportStats& stats) {
  auto record = record_from_log(bytes);
  if (!record) {
    ++stats.rejected;
    stats.problems.push_back(std::string(name) + ": not stored: " + record.error().detail);
    return;
  }
  AddOutcome added = store(*record, stats);
  if (added.inserted && !record->verified) {
    ++stats.invalid_logs;
    stats.problems.push_back(std::string(name) + ": stored as invalid (game " + std::to_string(added.id.value) +
                             "): " + record->fault);
  }
  if (progress_) progress_(1, 1);
}

}  // namespace parley::archive
