#pragma once
// Child processes for benchmarks: run a command to completion and time it, or keep one
// (stockfish) running and talk to it line by line.
#include <sys/types.h>

#include <cstdio>
#include <string>
#include <vector>

namespace parley::bench {

// Runs argv with stdout and stderr sent to /dev/null; returns the exit status and the
// wall-clock seconds it took.
struct Timed {
  int status;
  double seconds;
};
Timed run_timed(const std::vector<std::string>& argv);

class Conversation {
 public:
  explicit Conversation(const std::vector<std::string>& argv);
  ~Conversation();
  Conversation(const Conversation&) = delete;
  Conversation& operator=(const Conversation&) = delete;

  void send(const std::string& line);
  // Reads lines until one starts with `prefix`; returns it (empty at end of output).
  std::string read_until(const std::string& prefix);

 private:
  pid_t pid_ = -1;
  std::FILE* to_ = nullptr;
  std::FILE* from_ = nullptr;
};

}  // namespace parley::bench
