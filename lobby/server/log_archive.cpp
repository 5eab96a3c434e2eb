#include "lobby/server/log_archive.hpp"

#include <fcntl.h>
#include <unistd.h>

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

}  // namespace

fs::path LogArchive::file_for(const fs::path& dir, RoomId room) {
  return dir / ("room-" + std::to_string(room.value) + ".plog");
}

game::Result<std::unique_ptr<LogArchive>, StorageError> LogArchive::open(const fs::path& database, fs::path dir,
                                                                         const crypto::PublicKey& lobby_key, Logger log) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return StorageError{StorageError::Kind::open_failed, "cannot create " + dir.string() + ": " + ec.message()};
  auto reader = Storage::open_reader(database);
  if (!reader) return reader.error();
  auto closed = (*reader)->closed_rooms();
  if (!closed) return closed.error();
  std::unique_ptr<LogArchive> archive(new LogArchive(std::move(*reader), std::move(dir), lobby_key, std::move(log)));
  for (RoomId room : *closed) {
    if (!fs::exists(file_for(archive->dir_, room))) archive->archive(room);
  }
  return archive;
}

LogArchive::LogArchive(std::unique_ptr<Storage> reader, fs::path dir, const crypto::PublicKey& lobby_key, Logger log)
    : reader_(std::move(reader)), dir_(std::move(dir)), lobby_key_(lobby_key), log_(std::move(log)) {
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
    write(room);
    lock.lock();
    busy_ = false;
    changed_.notify_all();
  }
}

void LogArchive::write(RoomId room) {
  GameLog log{lobby_key_, {}};
  EntryIndex from{0};
  while (true) {
    auto page = reader_->entries(room, from, kPageEntries, kPageBytes);
    if (!page) {
      if (log_) log_("room " + std::to_string(room.value) + " not archived: " + page.error().detail);
      return;
    }
    for (const Bytes& wire : *page) {
      auto entry = decode_signed_entry(wire);
      if (!entry) {
        if (log_) log_("room " + std::to_string(room.value) + " not archived: entry " + std::to_string(from.value) +
                       " in the database does not decode");
        return;
      }
      log.entries.push_back(std::move(entry).value());
      ++from.value;
    }
    if (page->empty() || log.entries.size() >= kMaxLogEntries) break;
  }
  if (log.entries.empty()) return;  // a room that never started has no transcript
  const fs::path path = file_for(dir_, room);
  if (!write_whole_file(path, encode(log))) {
    if (log_) log_("room " + std::to_string(room.value) + " not archived: cannot write " + path.string());
    return;
  }
  if (log_) log_("room " + std::to_string(room.value) + " archived to " + path.string());
}

}  // namespace parley::lobby
