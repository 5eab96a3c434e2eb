#include "lobby/server/rate_limiter.hpp"

#include <algorithm>

namespace parley::lobby {

namespace {
constexpr std::int64_t kMicro = 1'000'000;
}

TokenBucket::TokenBucket(std::uint64_t rate_per_second, std::uint64_t burst, Clock::time_point now)
    : rate_(static_cast<std::int64_t>(rate_per_second)),
      capacity_(static_cast<std::int64_t>(burst) * kMicro),
      micro_tokens_(capacity_),
      last_(now) {}

void TokenBucket::refill(Clock::time_point now) {
  if (now <= last_) return;
  std::int64_t elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(now - last_).count();
  last_ = now;
  // Past the time a full refill takes, longer waits add nothing; capping also keeps the
  // product below 2^63 for any configured rate.
  std::int64_t full_after_us = rate_ == 0 ? 0 : (capacity_ - std::min<std::int64_t>(micro_tokens_, 0)) / rate_ + 1;
  elapsed_us = std::min(elapsed_us, full_after_us);
  micro_tokens_ = std::min(capacity_, micro_tokens_ + elapsed_us * rate_);
}

bool TokenBucket::has(std::uint64_t cost, Clock::time_point now) {
  refill(now);
  return micro_tokens_ >= static_cast<std::int64_t>(cost) * kMicro;
}

bool TokenBucket::try_take(std::uint64_t cost, Clock::time_point now) {
  if (!has(cost, now)) return false;
  micro_tokens_ -= static_cast<std::int64_t>(cost) * kMicro;
  return true;
}

void TokenBucket::charge(std::uint64_t cost, Clock::time_point now) {
  refill(now);
  micro_tokens_ -= static_cast<std::int64_t>(cost) * kMicro;
}

}  // namespace parley::lobby
