#include "lobby/server/log_archive.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <charconv>
#include <fstream>
#include <set>
#include <sstream>

#include "lobby/protocol/game_log.hpp"
#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kPageEntries = 4096;
constexpr std::size_t kPageBytes = 16 * 1024 * 1024;

// Written to a temporary name, flushed, then renamed: a crash leaves the old state or the whole file.
bool write_whole_file(const fs::path& path, std::span<const std::uint8_t> bytes) {
  fs::path temporary = path;
  temporary += ".part";
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  bool ok = done == bytes.size() && ::fsync(fd) == 0;
  ok = ::close(fd) == 0 && ok;
  std::error_code ec;
  if (ok) fs::rename(temporary, path, ec);
  if (!ok || ec) {
    fs::remove(temporary, ec);
    return false;
  }
  return true;
}

std::optional<game::Bytes> read_whole_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  std::string s = std::move(text).str();
  return game::Bytes(s.begin(), s.end());
}

// The ledger: one room id a line, appended and flushed per room. A line torn by a crash does
// not parse and is ignored, so that room is offered again (the sink is idempotent).
std::set<std::uint64_t> read_ledger(const fs::path& path) {
  std::set<std::uint64_t> rooms;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::uint64_t room = 0;
    auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), room);
    if (ec == std::errc() && end == line.data() + line.size()) rooms.insert(room);
  }
  return rooms;
}

// A crash mid-line leaves a ledger without its last newline: end that line, so that the next
// room recorded gets a line of its own.
void end_torn_line(const fs::path& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in || in.tellg() <= 0) return;
  in.seekg(-1, std::ios::end);
  char last = 0;
  in.get(last);
  in.close();
  if (last != '\n') std::ofstream(path, std::ios::binary | std::ios::app) << '\n';
}

bool append_to_ledger(const fs::path& path, RoomId room) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  std::string line = std::to_string(room.value) + "\n";
  bool ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size()) && ::fsync(fd) == 0;
  return ::close(fd) == 0 && ok;
}

}  // namespace

fs::path LogArchive::ledger_for(const fs::path& dir) { return dir / "archived"; }

fs::path LogArchive::file_for(const fs::path& dir, RoomId room) {
  return dir / ("room-" + std::to_string(room.value) + ".plog");
}

game::Result<std::unique_ptr<LogArchive>, StorageError> LogArchive::open(const fs::path& database, fs::path dir,
                                                                         const crypto::PublicKey& lobby_key, Logger log,
                                                                         LogSink sink) {
  auto reader = Storage::open_reader(database);
  if (!reader) return reader.error();
  return open(std::move(*reader), std::move(dir), lobby_key, std::move(log), std::move(sink));
}

game::Result<std::unique_ptr<LogArchive>, StorageError> LogArchive::open(std::unique_ptr<Storage> reader, fs::path dir,
                                                                         const crypto::PublicKey& lobby_key, Logger log,
                                                                         LogSink sink) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return StorageError{StorageError::Kind::open_failed, "cannot create " + dir.string() + ": " + ec.message()};
  auto closed = reader->closed_rooms();
  if (!closed) return closed.error();
  // Decided before the thread starts: it appends to the ledger as it goes.
  if (sink) end_torn_line(ledger_for(dir));
  const std::set<std::uint64_t> taken = sink ? read_ledger(ledger_for(dir)) : std::set<std::uint64_t>{};
  std::vector<RoomId> pending;
  for (RoomId room : *closed) {
    if (!fs::exists(file_for(dir, room)) || (sink && !taken.contains(room.value))) pending.push_back(room);
  }
  std::unique_ptr<LogArchive> archive(
      new LogArchive(std::move(reader), std::move(dir), lobby_key, std::move(log), std::move(sink)));
  for (RoomId room : pending) archive->archive(room);
  return archive;
}

LogArchive::LogArchive(std::unique_ptr<Storage> reader, fs::path dir, const crypto::PublicKey& lobby_key, Logger log,
                       LogSink sink)
    : reader_(std::move(reader)),
      dir_(std::move(dir)),
      lobby_key_(lobby_key),
      log_(std::move(log)),
      sink_(std::move(sink)) {
  thread_ = std::thread([this] { run(); });
}

LogArchive::~LogArchive() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void LogArchive::archive(RoomId room) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(room);
  }
  changed_.notify_all();
}

void LogArchive::drain() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

void LogArchive::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left to write
    RoomId room = queue_.front();
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    process(room);
    lock.lock();
    busy_ = false;
    changed_.notify_all();
  }
}

void LogArchive::say(const std::string& line) const {
  if (log_) log_(line);
}

void LogArchive::process(RoomId room) {
  const fs::path path = file_for(dir_, room);
  game::Bytes bytes;
  if (fs::exists(path)) {
    // Written at an earlier run; only the sink has not taken it yet.
    auto read = read_whole_file(path);
    if (!read) {
      say("room " + std::to_string(room.value) + " not archived: cannot read " + path.string());
      return;
    }
    bytes = std::move(*read);
  } else {
    bytes = write(room);
  }
  if (!bytes.empty() && sink_) deliver(room, bytes);
}

void LogArchive::deliver(RoomId room, std::span<const std::uint8_t> bytes) {
  LogSinkOutcome outcome;
  try {
    outcome = sink_(room, bytes);
  } catch (const std::exception& e) {
    outcome = {false, e.what()};
  } catch (...) {
    outcome = {false, "unknown failure"};
  }
  const std::string room_text = "room " + std::to_string(room.value);
  if (!outcome.stored) {
    say(room_text + " not stored in the archive: " + outcome.detail + "; its log stays in " +
        file_for(dir_, room).string() + " and is offered again at the next start");
    return;
  }
  if (!append_to_ledger(ledger_for(dir_), room))
    say("cannot record " + room_text + " in " + ledger_for(dir_).string() + "; it is offered again at the next start");
  say(room_text + " stored in the archive: " + outcome.detail);
}

game::Bytes LogArchive::write(RoomId room) {
  GameLog log{lobby_key_, {}};
  EntryIndex from{0};
  const std::string room_text = "room " + std::to_string(room.value);
  while (true) {
    auto page = reader_->entries(room, from, kPageEntries, kPageBytes);
    if (!page) {
      say(room_text + " not archived: " + page.error().detail);
      return {};
    }
    for (const Bytes& wire : *page) {
      auto entry = decode_signed_entry(wire);
      if (!entry) {
        say(room_text + " not archived: entry " + std::to_string(from.value) + " in the database does not decode");
        return {};
      }
      log.entries.push_back(std::move(entry).value());
      ++from.value;
    }
    if (page->empty() || log.entries.size() >= kMaxLogEntries) break;
  }
  if (log.entries.empty()) return {};  // a room that never started has no transcript
  const fs::path path = file_for(dir_, room);
  game::Bytes bytes = encode(log);
  if (!write_whole_file(path, bytes)) {
    say(room_text + " not archived: cannot write " + path.string());
    return {};
  }
  say(room_text + " archived to " + path.string());
  return bytes;
}

}  // namespace parley::lobby
