#include "cli/terminal_input.hpp"

#include <poll.h>

#include <utility>

namespace parley::cli {

std::optional<std::string> LineReader::next() {
  // A bounded number of reads per call: input that never ends a line must not hold the session.
  constexpr int kReadsPerCall = 64;
  for (int reads = 0;; ++reads) {
    if (auto nl = pending_.find('\n'); nl != std::string::npos) {
      std::string line = pending_.substr(0, nl);
      pending_.erase(0, nl + 1);
      if (std::exchange(dropping_, false)) continue;
      if (line.size() > kMaxLineBytes) continue;
      return line;
    }
    if (pending_.size() > kMaxLineBytes) {
      pending_.clear();
      dropping_ = true;
    }
    if (closed_ || reads == kReadsPerCall) return std::nullopt;
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
