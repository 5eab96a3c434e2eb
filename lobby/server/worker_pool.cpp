#include "lobby/server/worker_pool.hpp"

namespace parley::lobby {

WorkerPool::WorkerPool(unsigned extra_threads) {
  for (unsigned i = 0; i < extra_threads; ++i) threads_.emplace_back([this] { worker_loop(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

// Claims items one at a time until none is left; the lock is held between items only.
void WorkerPool::work_on_current_job(std::unique_lock<std::mutex>& lock) {
  while (job_ != nullptr && next_ < count_) {
    std::size_t i = next_++;
    const auto* job = job_;
    lock.unlock();
    (*job)(i);
    lock.lock();
    if (++done_ == count_) finished_.notify_all();
  }
}

void WorkerPool::worker_loop() {
  std::unique_lock lock(mutex_);
  std::size_t seen = generation_;
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
    if (stopping_) return;
    seen = generation_;
    work_on_current_job(lock);
  }
}

void WorkerPool::run(std::size_t count, const std::function<void(std::size_t)>& fn) {
  if (count == 0) return;
  if (threads_.empty() || count == 1) {
    for (std::size_t i = 0; i < count; ++i) fn(i);
    return;
  }
  std::unique_lock lock(mutex_);
  job_ = &fn;
  count_ = count;
  next_ = 0;
  done_ = 0;
  ++generation_;
  wake_.notify_all();
  work_on_current_job(lock);
  finished_.wait(lock, [&] { return done_ == count_; });
  job_ = nullptr;
}

}  // namespace parley::lobby
