#pragma once
// The lobby's writer thread: commits the rounds' write batches in order, so the network thread
// never waits for a disk flush. Everything queued when it wakes goes into one transaction
// (group commit): under load, one fsync makes many rounds durable. It announces each commit on
// an eventfd the network thread polls together with its socket. A second thread checkpoints
// (copies the log into the database file) on its own connection, so commits never wait for it.
// When a commit does not flush to disk (SyncMode::normal: it is a write into the page cache),
// handing it to another thread costs more than doing it: then submit() commits on the caller's
// thread and only the checkpoints run apart. A database that needs no checkpoints (a cluster's
// PostgreSQL) comes without a checkpointer.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "lobby/server/storage.hpp"

namespace parley::lobby {

class StorageWriter {
 public:
  enum class Commits : std::uint8_t { on_writer_thread, on_caller };
  // `checkpointer` may be null: nothing to checkpoint.
  StorageWriter(std::unique_ptr<Storage> storage, std::unique_ptr<Storage> checkpointer, Commits commits);
  // Commits what is queued, then stops.
  ~StorageWriter();
  StorageWriter(const StorageWriter&) = delete;
  StorageWriter& operator=(const StorageWriter&) = delete;

  void submit(std::uint64_t round, WriteBatch batch);
  // Every round up to this one is committed.
  std::uint64_t committed() const { return committed_.load(std::memory_order_acquire); }
  // The first failure; after one, nothing more is committed.
  std::optional<StorageError> failure() const;
  // Readable after every commit and after a failure (read it to clear).
  int wake_fd() const { return wake_fd_; }
  // Blocks until `round` is committed or the writer failed; true if committed.
  bool wait_for(std::uint64_t round);

 private:
  void loop();
  void commit_here(std::uint64_t round, const WriteBatch& batch);
  void checkpoint_loop();

  std::unique_ptr<Storage> storage_;
  std::unique_ptr<Storage> checkpointer_;
  Commits commits_;
  mutable std::mutex mutex_;
  std::condition_variable work_;
  std::condition_variable progress_;
  std::condition_variable stop_checkpoints_;
  std::deque<std::pair<std::uint64_t, WriteBatch>> queue_;
  std::optional<StorageError> failure_;
  bool stopping_ = false;
  std::atomic<std::uint64_t> committed_{0};
  int wake_fd_ = -1;
  std::thread thread_;
  std::thread checkpoint_thread_;
};

}  // namespace parley::lobby
