#include "lobby/server/ratings_mailbox.hpp"

namespace parley::lobby {

void RatingsMailbox::post(RatingTable table) {
  std::lock_guard lock(mutex_);
  table_ = std::move(table);
  full_.store(true, std::memory_order_release);
}

std::optional<RatingTable> RatingsMailbox::take() {
  if (!full_.load(std::memory_order_acquire)) return std::nullopt;
  std::lock_guard lock(mutex_);
  full_.store(false, std::memory_order_relaxed);
  return std::exchange(table_, std::nullopt);
}

}  // namespace parley::lobby
