#pragma once
// A token bucket in integer arithmetic: `rate` tokens per second up to `burst`. Tokens are kept
// in millionths, so refills are exact for any elapsed microsecond count.
#include <chrono>
#include <cstdint>

namespace parley::lobby {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;

  TokenBucket(std::uint64_t rate_per_second, std::uint64_t burst, Clock::time_point now);

  // Takes `cost` tokens if the bucket holds them.
  bool try_take(std::uint64_t cost, Clock::time_point now);
  // Takes `cost` tokens even if that leaves a debt, which later refills pay off first (for
  // costs known only after the work, such as the entries a fetch returned).
  void charge(std::uint64_t cost, Clock::time_point now);
  bool has(std::uint64_t cost, Clock::time_point now);

 private:
  void refill(Clock::time_point now);

  std::int64_t rate_;         // tokens per second
  std::int64_t capacity_;     // burst, in millionths
  std::int64_t micro_tokens_; // may be negative after charge()
  Clock::time_point last_;
};

}  // namespace parley::lobby
