#pragma once
// The replay viewer: a game log (.plog) opened, verified, and replayed entry by entry through
// peer::Session, as `parley log show` does, keeping for every entry what the screen shows
// there — the entry in words, the clocks, and what the session concluded at that entry (a seat
// blamed, a flag fallen, the result). Stepping back and forth is then only an index; the
// verifier's verdict (honest and blamed seats, where and why) sits beside. The board after each
// entry is the game's own replay, which its GameScreen opens from this (game_screen.hpp).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "peer/log/show.hpp"
#include "peer/log/verify.hpp"

namespace parley::ui {

struct ReplayStep {
  std::size_t index = 0;       // the entry
  std::uint64_t time_ms = 0;   // since the genesis
  std::optional<game::Seat> seat;
  std::string kind;            // "genesis", "presence", "setup", "action", …
  std::string text;            // the entry in words
  std::vector<std::string> verdicts;  // what the session concluded here (blame, time-out, result)
  bool blame = false;          // a seat was blamed at this entry
  peer::Phase phase = peer::Phase::setup;
  std::vector<std::uint64_t> clocks;   // each seat's clock after this entry (clocked games)
  std::vector<bool> running;           // whose clock runs after it
};

class ReplayViewer {
 public:
  // Decodes and verifies the log; a log that does not decode is an error, a log that decodes
  // but does not verify opens (up to its fault) with the verdict saying why.
  static game::Result<ReplayViewer, std::string> open(std::span<const std::uint8_t> bytes, std::string name);

  const std::string& name() const { return name_; }
  const peer::VerifyReport& report() const { return report_; }
  const std::string& game() const { return report_.game; }
  const peer::GameLog& log() const { return log_; }
  std::size_t size() const { return steps_.size(); }
  const std::vector<ReplayStep>& steps() const { return steps_; }
  std::size_t current() const { return current_; }
  const ReplayStep& step() const { return steps_[current_]; }

  // Moves the cursor; every move stays within [0, size()).
  void go_to(std::size_t index);
  void step_by(long delta);
  void first() { go_to(0); }
  void last() { go_to(size() - 1); }
  // The next / previous entry after / before the current one where the session concluded
  // something (a blame, a time-out, the result); stays put when there is none.
  void next_verdict();
  void previous_verdict();

  // The seats' names as they gave them, by seat.
  const std::vector<std::string>& seat_names() const { return names_; }

 private:
  explicit ReplayViewer(peer::GameLog log) : log_(std::move(log)) {}

  std::string name_;
  peer::GameLog log_;
  peer::VerifyReport report_;
  std::vector<ReplayStep> steps_;
  std::vector<std::string> names_;
  std::size_t current_ = 0;
};

}  // namespace parley::ui
