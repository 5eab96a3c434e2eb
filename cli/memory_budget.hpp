#pragma once
// Memory shared by threads that each read a file of unknown size (parley verify's workers, which
// inflate and decode logs at once): what they hold together stays under a fixed total however
// many threads there are. A quarter of the total is split evenly among the threads, each holding
// up to its share without waiting; a file that needs more waits for the large share, the other
// three quarters, which one file holds at a time. A thread that waits holds no more than its
// share, and the holder of the large share waits for nothing, so the threads never deadlock.
#include <cstddef>
#include <mutex>

namespace parley::cli {

class MemoryBudget {
 public:
  MemoryBudget(std::size_t total_bytes, std::size_t threads);

  std::size_t total() const { return total_; }
  std::size_t share() const { return share_; }
  // The most one file may take.
  std::size_t largest() const { return large_; }

  // One thread's hold on the budget, for one file at a time.
  class Lease {
   public:
    explicit Lease(MemoryBudget& budget) : budget_(budget) {}
    ~Lease() { release(); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

    // Takes `bytes` more, first waiting for the large share if the thread's own does not hold
    // them; false, and nothing more taken, past the large share.
    bool charge(std::size_t bytes);
    // Gives everything back (the file is done with).
    void release();
    std::size_t held() const { return held_; }
    std::size_t largest() const { return budget_.largest(); }
    bool holds_large_share() const { return large_; }

   private:
    MemoryBudget& budget_;
    std::size_t held_ = 0;
    bool large_ = false;
  };

 private:
  std::size_t total_, share_, large_;
  std::mutex large_share_;  // locked by the lease that holds it
};

}  // namespace parley::cli
