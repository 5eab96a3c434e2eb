#pragma once
// Lines typed at a terminal, taken without ever blocking: a seat's player is asked again and
// again what to post now and must answer at once, so it reads what has arrived and no more.
#include <unistd.h>

#include <cstddef>
#include <optional>
#include <string>

namespace parley::cli {

class LineReader {
 public:
  // No command or move is this long; a longer line is dropped whole, so input without newlines
  // cannot make the reader hold more than this.
  static constexpr std::size_t kMaxLineBytes = 4096;

  explicit LineReader(int fd = STDIN_FILENO) : fd_(fd) {}
  // The next whole line (without its newline), or nothing if none has arrived yet.
  std::optional<std::string> next();
  // The input has ended (end of file or an error) and every whole line was taken: no more
  // lines will come. Known once a read has met the end.
  bool closed() const { return closed_ && pending_.find('\n') == std::string::npos; }
  // closed(), after reading what has arrived (without taking a line): asks the input itself,
  // for a caller that has not been asking for lines (a seat still waiting for its game).
  bool ended();

 private:
  // Appends what has arrived until a whole line is held, the input ends or the reads run out.
  void read_arrived(int& reads_left);

  int fd_;
  std::string pending_;
  bool closed_ = false;
  bool dropping_ = false;  // inside a line longer than kMaxLineBytes: skipping to its end
};

}  // namespace parley::cli
