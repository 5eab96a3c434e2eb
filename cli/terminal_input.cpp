#include "cli/terminal_input.hpp"

#include <poll.h>

#include <utility>

namespace parley::cli {

namespace {
// Reads per call: input that never ends a line must not hold the session.
constexpr int kReadsPerCall = 64;
}  // namespace

void LineReader::read_arrived(int& reads_left) {
  while (reads_left > 0 && !closed_ && pending_.find('\n') == std::string::npos) {
    --reads_left;
    if (pending_.size() > kMaxLineBytes) {
      pending_.clear();
      dropping_ = true;
    }
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) return;
    char chunk[512];
    const ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n <= 0) {
      closed_ = true;
      return;
    }
    pending_.append(chunk, static_cast<std::size_t>(n));
  }
}

std::optional<std::string> LineReader::next() {
  int reads_left = kReadsPerCall;
  for (;;) {
    read_arrived(reads_left);
    const auto nl = pending_.find('\n');
    if (nl == std::string::npos) return std::nullopt;
    std::string line = pending_.substr(0, nl);
    pending_.erase(0, nl + 1);
    if (std::exchange(dropping_, false)) continue;
    if (line.size() > kMaxLineBytes) continue;
    return line;
  }
}

bool LineReader::ended() {
  int reads_left = kReadsPerCall;
  read_arrived(reads_left);
  return closed();
}

}  // namespace parley::cli
