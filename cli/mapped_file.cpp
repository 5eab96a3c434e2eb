#include "cli/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <span>

#include "archive/compress.hpp"

namespace parley::cli {

MappedFile::MappedFile(const std::string& path, std::size_t max_memory_bytes) {
  int fd = path == "-" ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error_ = std::strerror(errno);
    return;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    error_ = std::strerror(errno);
  } else if (S_ISDIR(st.st_mode)) {
    error_ = "is a directory";
  } else if (S_ISREG(st.st_mode) && st.st_size > 0) {
    map_size_ = static_cast<std::size_t>(st.st_size);
    map_ = ::mmap(nullptr, map_size_, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map_ == MAP_FAILED) {
      map_ = nullptr;
      error_ = std::strerror(errno);
    } else {
      text_ = std::string_view(static_cast<const char*>(map_), map_size_);
    }
  } else if (!S_ISREG(st.st_mode)) {
    char chunk[65536];
    for (;;) {
      ssize_t n = ::read(fd, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        error_ = std::strerror(errno);
        break;
      }
      if (n == 0) break;
      if (buffer_.size() + static_cast<std::size_t>(n) > max_memory_bytes) {
        error_ = "input larger than " + std::to_string(max_memory_bytes) + " bytes";
        break;
      }
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
    text_ = buffer_;
  }
  if (fd != STDIN_FILENO) ::close(fd);
  if (error_.empty()) unpack(path, max_memory_bytes);
  if (!error_.empty()) text_ = {};
}

void MappedFile::unpack(const std::string& path, std::size_t max_memory_bytes) {
  const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text_.data()), text_.size());
  if (archive::is_gzip(bytes)) {
    auto inflated = archive::inflate_gzip(bytes, max_memory_bytes);
    if (!inflated) {
      error_ = "a gzip file, and " + inflated.error().detail + " (gunzip -k " + path + " and give the file it writes)";
      return;
    }
    buffer_ = std::move(inflated).value();
    text_ = buffer_;
    if (map_) {
      ::munmap(map_, map_size_);
      map_ = nullptr;
    }
    return;
  }
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
    if (!text_.starts_with(p.magic)) continue;
    error_ = std::string(p.what) + ": unpack it first (" + std::string(p.unpack) + " " + path + "), or pipe it in as - (" +
             std::string(p.pipe) + " " + path + " | parley … -)";
    return;
  }
}

MappedFile::~MappedFile() {
  if (map_) ::munmap(map_, map_size_);
}

}  // namespace parley::cli
