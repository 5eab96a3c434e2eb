#include "peer/net/store.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "crypto/hex.hpp"
#include "lobby/protocol/limits.hpp"
#include "peer/session/session.hpp"

namespace parley::peer {

namespace fs = std::filesystem;

namespace {

StoreError error(const fs::path& path, std::string_view what) {
  return StoreError{path.string() + ": " + std::string(what) + ": " + std::strerror(errno)};
}

bool write_all(int fd, std::span<const std::uint8_t> bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

bool fsync_directory(const fs::path& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

std::optional<game::Bytes> read_file(const fs::path& path, std::size_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  in.seekg(0, std::ios::end);
  auto size = static_cast<std::size_t>(in.tellg());
  if (size > max_bytes) return std::nullopt;
  in.seekg(0);
  game::Bytes bytes(size);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size));
  return bytes;
}

game::Bytes room_record(const crypto::PublicKey& lobby_key, lobby::RoomId room) {
  game::ByteWriter out;
  out.raw(lobby_key.bytes());
  out.u64(room.value);
  return std::move(out).take();
}

constexpr std::size_t kMaxSecretsFile = 4096;
constexpr std::size_t kMaxEntriesFile = std::size_t{1} << 31;

}  // namespace

game::Result<bool, StoreError> write_file_durably(const fs::path& path, std::span<const std::uint8_t> bytes,
                                                  unsigned mode) {
  fs::path tmp = path;
  tmp += ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
  if (fd < 0) return error(tmp, "cannot create");
  ::fchmod(fd, mode);
  bool ok = write_all(fd, bytes) && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok) return error(tmp, "cannot write");
  if (::rename(tmp.c_str(), path.c_str()) != 0) return error(path, "cannot rename into place");
  if (!fsync_directory(path.parent_path())) return error(path.parent_path(), "cannot sync");
  return true;
}

game::Result<SessionStore, StoreError> SessionStore::open(const fs::path& data_dir, const lobby::SessionId& session,
                                                          const crypto::PublicKey& lobby_key, lobby::RoomId room) {
  fs::path dir = data_dir / "sessions" / crypto::to_hex(session.bytes);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return StoreError{dir.string() + ": " + ec.message()};
  fs::permissions(dir, fs::perms::owner_all, ec);
  fs::permissions(dir.parent_path(), fs::perms::owner_all, ec);
  SessionStore store(dir);
  if (!fs::exists(dir / "room")) {
    auto written = write_file_durably(dir / "room", room_record(lobby_key, room), 0600);
    if (!written) return written.error();
  }
  return store;
}

std::optional<SessionStore> SessionStore::find(const fs::path& data_dir, const crypto::PublicKey& lobby_key,
                                               lobby::RoomId room) {
  std::error_code ec;
  fs::path sessions = data_dir / "sessions";
  if (!fs::is_directory(sessions, ec)) return std::nullopt;
  const game::Bytes wanted = room_record(lobby_key, room);
  for (const auto& entry : fs::directory_iterator(sessions, ec)) {
    auto record = read_file(entry.path() / "room", 64);
    if (record && *record == wanted) return SessionStore(entry.path());
  }
  return std::nullopt;
}

std::optional<game::Bytes> SessionStore::load_secrets() const { return read_file(dir_ / "secrets", kMaxSecretsFile); }

game::Result<bool, StoreError> SessionStore::save_secrets(std::span<const std::uint8_t> secrets) const {
  return write_file_durably(dir_ / "secrets", secrets, 0600);
}

std::optional<game::Bytes> SessionStore::load_player_secrets() const {
  return read_file(dir_ / "player", kMaxSecretsFile);
}

game::Result<bool, StoreError> SessionStore::save_player_secrets(std::span<const std::uint8_t> secrets) const {
  return write_file_durably(dir_ / "player", secrets, 0600);
}

std::vector<lobby::SignedEntry> SessionStore::load_entries() const {
  std::vector<lobby::SignedEntry> out;
  auto bytes = read_file(dir_ / "entries", kMaxEntriesFile);
  if (!bytes) return out;
  game::ByteReader in(*bytes);
  std::size_t whole = 0;  // bytes of whole entries
  while (in.remaining() > 0) {
    auto wire = in.bytes(lobby::kMaxMessageBytes);
    if (!wire) break;  // a torn last append
    auto entry = lobby::decode_signed_entry(*wire);
    if (!entry) break;
    out.push_back(std::move(entry).value());
    whole = bytes->size() - in.remaining();
  }
  // Cut a torn tail off, so that the next append follows the last whole entry.
  if (whole < bytes->size()) ::truncate((dir_ / "entries").c_str(), static_cast<off_t>(whole));
  return out;
}

game::Result<bool, StoreError> SessionStore::append_entry(const lobby::SignedEntry& entry) const {
  fs::path path = dir_ / "entries";
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (fd < 0) return error(path, "cannot open");
  game::ByteWriter out;
  out.bytes(lobby::encode_signed_entry(entry));
  bool ok = write_all(fd, out.data()) && ::fdatasync(fd) == 0;
  ::close(fd);
  if (!ok) return error(path, "cannot append");
  return true;
}

}  // namespace parley::peer
