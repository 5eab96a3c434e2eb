#include "cli/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace parley::cli {

MappedFile::MappedFile(const std::string& path, std::size_t max_stream_bytes) {
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
      if (buffer_.size() + static_cast<std::size_t>(n) > max_stream_bytes) {
        error_ = "input larger than " + std::to_string(max_stream_bytes) + " bytes";
        break;
      }
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
    text_ = buffer_;
  }
  if (fd != STDIN_FILENO) ::close(fd);
  if (!error_.empty()) text_ = {};
}

MappedFile::~MappedFile() {
  if (map_) ::munmap(map_, map_size_);
}

}  // namespace parley::cli
