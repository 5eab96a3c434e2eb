#pragma once
// Lines typed at a terminal, taken without ever blocking: a seat's player is asked again and
// again what to post now and must answer at once, so it reads what has arrived and no more.
#include <unistd.h>

#include <optional>
#include <string>

namespace parley::cli {

class LineReader {
 public:
  explicit LineReader(int fd = STDIN_FILENO) : fd_(fd) {}
  // The next whole line (without its newline), or nothing if none has arrived yet.
  std::optional<std::string> next();
  // The input has ended (end of file or an error): no more lines will come.
  bool closed() const { return closed_ && pending_.find('\n') == std::string::npos; }

 private:
  int fd_;
  std::string pending_;
  bool closed_ = false;
};

}  // namespace parley::cli
