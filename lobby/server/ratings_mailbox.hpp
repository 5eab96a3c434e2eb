#pragma once
// Hands a table of ratings from the thread that computes them (parley-lobby --archive: the log
// archive's) to the network loop, which takes it between rounds and never waits for it: the
// newest table posted replaces one not yet taken. Header-only: the archive posts to it without
// linking the lobby's server library.
#include <atomic>
#include <mutex>
#include <optional>
#include <utility>

#include "lobby/server/common_room.hpp"

namespace parley::lobby {

class RatingsMailbox {
 public:
  // Any thread.
  void post(RatingTable table) {
    std::lock_guard lock(mutex_);
    table_ = std::move(table);
    full_.store(true, std::memory_order_release);
  }
  // The network loop: the table posted since the last take, if any (an atomic load when none).
  std::optional<RatingTable> take() {
    if (!full_.load(std::memory_order_acquire)) return std::nullopt;
    std::lock_guard lock(mutex_);
    full_.store(false, std::memory_order_relaxed);
    return std::exchange(table_, std::nullopt);
  }

 private:
  std::mutex mutex_;
  std::optional<RatingTable> table_;
  std::atomic<bool> full_{false};
};

}  // namespace parley::lobby
