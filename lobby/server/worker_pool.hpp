#pragma once
// Fork–join over a batch: run(n, fn) calls fn(0) … fn(n-1) spread over the pool's threads and
// the caller's, and returns when all are done. With no extra threads it is a plain loop.
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace parley::lobby {

class WorkerPool {
 public:
  explicit WorkerPool(unsigned extra_threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  void run(std::size_t count, const std::function<void(std::size_t)>& fn);

 private:
  void work_on_current_job(std::unique_lock<std::mutex>& lock);
  void worker_loop();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable finished_;
  const std::function<void(std::size_t)>* job_ = nullptr;
  std::size_t count_ = 0;
  std::size_t next_ = 0;
  std::size_t done_ = 0;
  std::size_t generation_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace parley::lobby
