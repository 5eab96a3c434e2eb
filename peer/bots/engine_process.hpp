#pragma once
// A child process spoken to line by line over pipes (a UCI chess engine). Reading never blocks
// longer than asked, so a bot can wait for an engine's answer inside a frame or event loop.
#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/core/result.hpp"

namespace parley::peer {

class EngineProcess {
 public:
  static game::Result<std::unique_ptr<EngineProcess>, std::string> start(const std::vector<std::string>& argv);
  ~EngineProcess();  // asks it to quit, and kills it if it does not
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  bool send(std::string_view line);
  // The next whole line, if one arrives within timeout_ms (0: only if one is ready now).
  std::optional<std::string> read_line(int timeout_ms);
  // Reads lines until one starts with `prefix` or timeout_ms passes.
  std::optional<std::string> read_until(std::string_view prefix, int timeout_ms);
  bool alive() const { return alive_; }

 private:
  EngineProcess(pid_t pid, int to, int from) : pid_(pid), to_(to), from_(from) {}
  pid_t pid_;
  int to_, from_;
  std::string buffer_;
  bool alive_ = true;
};

}  // namespace parley::peer
