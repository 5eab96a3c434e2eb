#include "archive/importer.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <variant>

#include "lobby/protocol/game_log.hpp"

namespace parley::archive {

namespace pgn = game::chess::pgn;

namespace {

// A game read, replayed and made into its record, or why it was rejected ("file:line:column: …").
using ReadGame = std::variant<GameRecord, std::string>;

ReadGame read_game(const game::Result<pgn::Game, pgn::Error>& read, std::string_view name) {
  if (!read.ok()) return pgn::format(read.error(), name);
  return record_from_pgn(read.value());
}

// Line by line with memchr: a file of long lines (or one line of a gigabyte) is crossed at
// memchr's pace, and lines of a usual length no slower than counted byte by byte.
std::size_t count_lines(std::string_view text) {
  std::size_t lines = 0;
  for (const char *at = text.data(), *end = at + text.size();
       (at = static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)))) != nullptr; ++at)
    ++lines;
  return lines;
}

// Files smaller than this are read on the storing thread: for a file of a few games a thread
// costs more than it saves.
constexpr std::size_t kBytesForAReadingThread = 256 * 1024;

// A large file read in pieces by two threads and stored in the file's order, so that the games
// get the same IDs as read in one go. A piece is about kPieceBytes of text from a line that
// opens a tag section after an empty line. The reading thread reads pieces in turn; the storing
// thread stores them, and reads the next unclaimed piece itself whenever the one it is to store
// is not read yet: read by the second thread alone, the reading took longer than the storing,
// and the storing thread waited a third of the import (docs/performance.md, "Archive").
// Whoever reads a piece also makes its games' records, so that only records, not game trees,
// pass between the threads. A piece is read as a reader of the whole file would read it
// (pgn::Reader's piece constructor); where the piece before it did not stop at its first token
// (a comment holding an empty line and a tag line, or a game without its termination marker
// running over the cut), it is read again from where that one stopped.
// Read ahead, a piece is read within its bytes and kPieceBytes more: one whose reading went
// further (a game running over the cut that far, an error skipping to the end of a file with
// no tag line) is read again when it is the next to store, and pieces that the one before it
// read over are not read at all. So an import reads each byte a bounded number of times, also
// where a file is one malformed "game" of a gigabyte: before, each piece of such a file was
// read to the file's end (64 MB took 10 s, 128 MB 38 s).
class Pieces {
 public:
  static constexpr std::size_t kPieceBytes = std::size_t{64} << 10;
  // A piece ends at the first line opening a tag section after an empty line kPieceBytes on or
  // more, and where none comes before this, at the first line start from there on (a cut inside
  // a game only makes the next piece be read again), so that a file without empty lines between
  // its games is read a bounded piece at a time too.
  static constexpr std::size_t kLongestPieceBytes = 4 * kPieceBytes;
  // Read pieces waiting to be stored, at most: the reader reads on while a batch commits (about
  // 5,000 games of the benchmark's), and memory stays bounded on a file of any size (at most
  // 48 MB of text's records, 12 MB with empty lines between games).
  static constexpr std::size_t kPiecesAhead = 192;

  struct Piece {
    pgn::Place from;
    std::size_t stop = 0;
    std::vector<ReadGame> games;
    pgn::Place first_token, stopped_at;
    std::exception_ptr failure;
    bool read = false;
    bool read_by_helper = false;
    bool overran = false;  // read ahead, it reached its bound: its games are not known
  };

  Pieces(std::string_view name, std::string_view text) : name_(name), text_(text) {}

  // The reading thread: reads pieces until none is left or it is stopped.
  void help(std::stop_token stop) {
    for (;;) {
      destroy_spent();
      Piece* piece = nullptr;
      {
        std::unique_lock lock(mutex_);
        if (!changed_.wait(lock, stop, [&] { return all_claimed() || claimed_ - stored_ < kPiecesAhead; })) return;
        if (all_claimed()) return;
        piece = &claim();
        piece->read_by_helper = true;
      }
      read(*piece, Reading::ahead);
      std::lock_guard lock(mutex_);
      piece->read = true;
      changed_.notify_all();
    }
  }

  // The storing thread: the next piece in the file's order, read and checked; nullopt at the
  // end. Rethrows what reading it threw.
  std::optional<Piece> next() {
    std::unique_lock lock(mutex_);
    for (;;) {
      if (stored_ == claimed_ && all_claimed()) return std::nullopt;
      if (stored_ < claimed_ && pieces_.front().read) break;
      if (!all_claimed() && claimed_ - stored_ < kPiecesAhead) {
        Piece& piece = claim();
        lock.unlock();
        read(piece, Reading::ahead);
        lock.lock();
        piece.read = true;
        continue;
      }
      changed_.wait(lock);
    }
    Piece piece = std::move(pieces_.front());
    pieces_.pop_front();
    ++stored_;
    changed_.notify_all();
    lock.unlock();
    if (piece.failure) std::rethrow_exception(piece.failure);
    if (piece.overran || (piece.from.offset != 0 && piece.first_token != last_stop_)) {
      destroy(std::move(piece.games), piece.read_by_helper);
      piece.games.clear();
      piece.from = last_stop_;
      piece.read_by_helper = false;
      read(piece, Reading::to_the_end);
      if (piece.failure) std::rethrow_exception(piece.failure);
    }
    last_stop_ = piece.stopped_at;
    stored_through_.store(last_stop_.offset, std::memory_order_relaxed);
    return piece;
  }

  // A stored piece's games, destroyed by the thread that made them: freed by the storing thread,
  // the reader's records went back through its malloc arena under a lock both threads then took
  // in turn, 2,719 futex calls per import of 4,000 games (docs/performance.md, "Archive").
  void give_back(Piece piece) { destroy(std::move(piece.games), piece.read_by_helper); }

 private:
  bool all_claimed() const { return next_cut_.offset >= text_.size(); }

  // The next piece, up to cut_after(its start). Under the lock.
  Piece& claim() {
    Piece& piece = pieces_.emplace_back();
    piece.from = next_cut_;
    piece.stop = cut_after(piece.from.offset);
    const std::size_t lines = count_lines(text_.substr(piece.from.offset, piece.stop - piece.from.offset));
    const std::size_t line_start = lines == 0 ? piece.from.line_start : text_.rfind('\n', piece.stop - 1) + 1;
    next_cut_ = {piece.stop, piece.from.line + lines, line_start};
    ++claimed_;
    return piece;
  }

  std::size_t cut_after(std::size_t from) const {
    const std::size_t shortest = from + kPieceBytes, longest = from + kLongestPieceBytes;
    if (shortest >= text_.size()) return text_.size();
    const std::string_view window = text_.substr(0, std::min(longest, text_.size()));
    for (std::size_t at = window.find("\n[", shortest); at != std::string_view::npos; at = window.find("\n[", at + 1))
      if (text_[at - 1] == '\n' || (text_[at - 1] == '\r' && text_[at - 2] == '\n')) return at + 1;
    if (longest >= text_.size()) return text_.size();
    // None: the first line start from `longest` on, or `longest` itself in a line that long.
    const std::size_t newline = text_.substr(0, longest + kPieceBytes).find('\n', longest);
    return newline == std::string_view::npos ? longest : newline + 1;
  }

  // Ahead: within the piece's bytes and kPieceBytes more, and not at all if the pieces stored
  // have been read past it. To the end: as far as its last game goes.
  enum class Reading : bool { ahead, to_the_end };
  void read(Piece& piece, Reading reading) {
    const bool ahead = reading == Reading::ahead;
    if (ahead && stored_through_.load(std::memory_order_relaxed) >= piece.stop) {
      piece.overran = true;
      return;
    }
    const std::string_view text = ahead ? text_.substr(0, piece.stop + kPieceBytes) : text_;
    try {
      pgn::Reader reader(text, piece.from, piece.stop);
      piece.first_token = reader.place();
      while (!reader.reached_end() || text.size() == text_.size()) {
        auto game = reader.next();
        if (!game) break;
        piece.games.push_back(read_game(*game, name_));
      }
      piece.stopped_at = reader.place();
      piece.overran = reader.reached_end() && text.size() < text_.size();
    } catch (...) {
      piece.failure = std::current_exception();
    }
  }

  // A piece's games, by the thread that made them (give_back).
  void destroy(std::vector<ReadGame> games, bool read_by_helper) {
    if (!read_by_helper) return;
    std::lock_guard lock(mutex_);
    spent_.push_back(std::move(games));
  }

  // Outside the lock.
  void destroy_spent() {
    std::vector<std::vector<ReadGame>> spent;
    std::lock_guard lock(mutex_);
    spent.swap(spent_);
  }

  const std::string_view name_, text_;
  std::mutex mutex_;
  std::condition_variable_any changed_;
  std::deque<Piece> pieces_;  // claimed and not yet stored, in the file's order
  std::size_t claimed_ = 0, stored_ = 0;
  pgn::Place next_cut_;
  pgn::Place last_stop_;  // where the last stored piece stopped (the storing thread's)
  std::atomic<std::size_t> stored_through_{0};  // its offset, for the reading thread
  std::vector<std::vector<ReadGame>> spent_;
};

}  // namespace

void Importer::import_file(std::string_view name, std::string_view contents, ImportStats& stats) {
  if (contents.starts_with(lobby::kLogMagic))
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

// A large file is read by both threads and stored by this one (Pieces).
void Importer::import_pgn(std::string_view name, std::string_view text, ImportStats& stats) {
  std::size_t seen = 0;
  auto take = [&](ReadGame& read, std::size_t read_through) {
    ++seen;
    if (progress_) progress_(seen, read_through, text.size());
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
      take(read, progress_ ? reader.place().offset : 0);
    }
  } else {
    Pieces pieces(name, text);
    // Declared after the pieces, so destroyed (stopped and joined) before them, also when storing throws.
    std::jthread reader([&](std::stop_token stop) { pieces.help(stop); });
    opened_store();
    while (auto piece = pieces.next()) {
      // Within a piece the games are counted, and its end is the bytes read.
      for (ReadGame& read : piece->games) take(read, piece->from.offset);
      if (progress_) progress_(seen, piece->stopped_at.offset, text.size());
      pieces.give_back(std::move(*piece));
    }
  }
  if (progress_) progress_(seen, text.size(), text.size());
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
  if (progress_) progress_(1, bytes.size(), bytes.size());
}

}  // namespace parley::archive
