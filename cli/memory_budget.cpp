#include "cli/memory_budget.hpp"

#include <algorithm>

namespace parley::cli {

MemoryBudget::MemoryBudget(std::size_t total_bytes, std::size_t threads)
    : total_(total_bytes), share_(total_bytes / 4 / std::max<std::size_t>(1, threads)), large_(total_bytes - total_bytes / 4) {}

bool MemoryBudget::Lease::charge(std::size_t bytes) {
  if (bytes > budget_.large_ - held_) return false;
  if (!large_ && held_ + bytes > budget_.share_) {
    budget_.large_share_.lock();
    large_ = true;
  }
  held_ += bytes;
  return true;
}

void MemoryBudget::Lease::release() {
  held_ = 0;
  if (large_) budget_.large_share_.unlock();
  large_ = false;
}

}  // namespace parley::cli
