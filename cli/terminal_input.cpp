#include "cli/terminal_input.hpp"

#include <poll.h>

namespace parley::cli {

std::optional<std::string> LineReader::next() {
  for (;;) {
    if (auto nl = pending_.find('\n'); nl != std::string::npos) {
      std::string line = pending_.substr(0, nl);
      pending_.erase(0, nl + 1);
      return line;
    }
    if (closed_) return std::nullopt;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) return std::nullopt;
    char chunk[512];
    const ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n <= 0) {
      closed_ = true;
      return std::nullopt;
    }
    pending_.append(chunk, static_cast<std::size_t>(n));
  }
}

}  // namespace parley::cli
