#include "cli/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include "archive/compress.hpp"

namespace parley::cli {

namespace {

// What a path that is not a regular file or a folder names, or nullopt.
std::optional<std::string_view> special_file(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return std::nullopt;
}

std::string refuse_special(std::string_view what, const std::string& path) {
  return std::string(what) + ", not a file: its bytes may never end or never begin; to read them anyway, give - and " +
         "redirect it (parley … - < " + path + ")";
}

std::span<const std::uint8_t> contents_bytes(std::string_view text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

}  // namespace

MappedFile::MappedFile(const std::string& path, std::size_t max_memory_bytes)
    : MappedFile(path, ReadOptions{max_memory_bytes, {}, nullptr, 1}) {}

MappedFile::MappedFile(const std::string& path, const ReadOptions& options) : options_(options) {
  const bool standard_input = path == "-";
  // A FIFO is refused before it is opened: opening one blocks until something writes to it.
  struct stat st {};
  if (!standard_input) {
    if (::stat(path.c_str(), &st) != 0) {
      error_ = std::strerror(errno);
      return;
    }
    if (auto what = special_file(st.st_mode)) {
      error_ = refuse_special(*what, path);
      return;
    }
  }
  // O_NONBLOCK: should the path have become a FIFO since, opening it does not wait for a writer.
  const int fd = standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    error_ = std::strerror(errno);
    return;
  }
  if (::fstat(fd, &st) != 0) {
    error_ = std::strerror(errno);
  } else if (S_ISDIR(st.st_mode)) {
    error_ = "is a directory";
  } else if (S_ISREG(st.st_mode)) {
    read_mapped(fd, static_cast<std::size_t>(st.st_size), path);
  } else if (auto what = special_file(st.st_mode); what && !standard_input) {
    error_ = refuse_special(*what, path);
  } else {
    read_stream(fd, path);
  }
  if (fd != STDIN_FILENO) ::close(fd);
  if (!error_.empty()) text_ = {};
}

MappedFile::~MappedFile() {
  if (map_) ::munmap(map_, map_size_);
}

bool MappedFile::charge(std::size_t bytes) {
  if (!options_.lease || options_.lease->charge(bytes * options_.charge_per_byte)) return true;
  over_budget_ = true;
  error_ = "larger than the " + std::to_string(options_.lease->largest() / options_.charge_per_byte >> 20) +
           " MiB one file may be in the memory this command has";
  return false;
}

bool MappedFile::start_accepted(std::string_view first) {
  start_checked_ = true;
  if (!options_.accept_start || options_.accept_start(first.substr(0, kStartBytes))) return true;
  refused_ = true;
  text_ = first.substr(0, kStartBytes);
  return false;
}

bool MappedFile::take(std::string_view piece) {
  if (buffer_.size() + piece.size() > options_.max_memory_bytes) {
    over_max_ = true;
    return false;
  }
  if (!charge(piece.size())) return false;
  buffer_.append(piece);
  return start_checked_ || buffer_.size() < kStartBytes || start_accepted(buffer_);
}

bool MappedFile::packed_otherwise(std::string_view first, const std::string& path) {
  // Packed in a format zlib does not read: say which, and how to unpack it.
  struct Packing {
    std::string_view magic, what, unpack, pipe;
  };
  static constexpr Packing kPackings[] = {
      {"PK\x03\x04", "a zip archive", "unzip", "unzip -p"},
      {"\x28\xb5\x2f\xfd", "zstd-compressed", "unzstd", "zstdcat"},
      {"BZh", "bzip2-compressed", "bunzip2 -k", "bzcat"},
      {std::string_view("\xfd" "7zXZ\0", 6), "xz-compressed", "unxz -k", "xzcat"},
  };
  for (const Packing& p : kPackings) {
    if (!first.starts_with(p.magic)) continue;
    error_ = std::string(p.what) + ": unpack it first (" + std::string(p.unpack) + " " + path + "), or pipe it in as - (" +
             std::string(p.pipe) + " " + path + " | parley … -)";
    return true;
  }
  return false;
}

bool MappedFile::inflate(std::span<const std::uint8_t> bytes, const std::string& path) {
  if (!gzip_) gzip_ = std::make_unique<archive::GzipReader>();
  auto failed = gzip_->feed(bytes, [&](std::string_view piece) { return take(piece); });
  if (!failed && !gzip_->stopped()) return true;
  if (over_max_) error_ = "a gzip file, and it inflates to more than " + std::to_string(options_.max_memory_bytes) + " bytes";
  if (failed) error_ = "a gzip file, and " + failed->detail;
  if (over_max_ || failed) error_ += " (gunzip -k " + path + " and give the file it writes)";
  return false;
}

void MappedFile::read_mapped(int fd, std::size_t size, const std::string& path) {
  if (size > 0) {
    map_ = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map_ == MAP_FAILED) {
      map_ = nullptr;
      error_ = std::strerror(errno);
      return;
    }
    map_size_ = size;
  }
  const std::string_view mapped(static_cast<const char*>(map_), map_size_);
  if (archive::is_gzip(contents_bytes(mapped))) {
    if (inflate(contents_bytes(mapped), path)) {
      if (auto failed = gzip_->finish())
        error_ = "a gzip file, and " + failed->detail + " (gunzip -k " + path + " and give the file it writes)";
      else if (start_checked_ || start_accepted(buffer_))
        text_ = buffer_;
    }
    ::munmap(map_, map_size_);
    map_ = nullptr;
    return;
  }
  if (packed_otherwise(mapped, path) || !start_accepted(mapped) || !charge(map_size_)) return;
  text_ = mapped;
}

void MappedFile::read_stream(int fd, const std::string& path) {
  // The first bytes are gathered until they say whether the stream is gzip (or packed otherwise).
  constexpr std::size_t kMagicBytes = 6;
  std::string first;
  bool decided = false, gzip = false;
  auto decide = [&] {
    decided = true;
    gzip = archive::is_gzip(contents_bytes(first));
    if (gzip) return inflate(contents_bytes(first), path);
    return !packed_otherwise(first, path) && take(first);
  };
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error_ = std::strerror(errno);
      return;
    }
    if (n == 0) break;
    const std::string_view piece(chunk, static_cast<std::size_t>(n));
    bool more = true;
    if (!decided) {
      first.append(piece);
      if (first.size() >= kMagicBytes) more = decide();
    } else {
      more = gzip ? inflate(contents_bytes(piece), path) : take(piece);
    }
    if (!more) break;
  }
  if (error_.empty() && !refused_ && !over_max_ && !decided) decide();
  if (over_max_ && !gzip) error_ = "input larger than " + std::to_string(options_.max_memory_bytes) + " bytes";
  if (!error_.empty() || refused_) return;
  if (gzip) {
    if (auto failed = gzip_->finish()) {
      error_ = "a gzip file, and " + failed->detail + " (gunzip -k " + path + " and give the file it writes)";
      return;
    }
  }
  if (!start_checked_ && !start_accepted(buffer_)) return;
  text_ = buffer_;
}

}  // namespace parley::cli
