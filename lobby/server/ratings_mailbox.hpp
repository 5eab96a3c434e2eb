#pragma once
// Hands a table of ratings from the thread that computes them (parley-lobby --archive: the log
// archive's) to the network loop, which takes it between rounds and never waits for it: the
// newest table posted replaces one not yet taken.
#include <atomic>
#include <mutex>
#include <optional>

#include "lobby/server/common_room.hpp"

namespace parley::lobby {

class RatingsMailbox {
 public:
  // Any thread.
  void post(RatingTable table);
  // The network loop: the table posted since the last take, if any (an atomic load when none).
  std::optional<RatingTable> take();

 private:
  std::mutex mutex_;
  std::optional<RatingTable> table_;
  std::atomic<bool> full_{false};
};

}  // namespace parley::lobby
