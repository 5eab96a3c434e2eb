#include "lobby/server/storage_writer.hpp"

#include <sys/eventfd.h>
#include <unistd.h>

#include <chrono>

namespace parley::lobby {

namespace {
// How often the checkpointer copies the log into the database (each run waits for no one).
constexpr auto kCheckpointPeriod = std::chrono::milliseconds(200);
}  // namespace

StorageWriter::StorageWriter(std::unique_ptr<Storage> storage, std::unique_ptr<Storage> checkpointer,
                             Commits commits)
    : storage_(std::move(storage)),
      checkpointer_(std::move(checkpointer)),
      commits_(commits),
      wake_fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
  if (commits_ == Commits::on_writer_thread) thread_ = std::thread([this] { loop(); });
  if (checkpointer_) {
    storage_->leave_checkpoints_to_another_connection();
    checkpoint_thread_ = std::thread([this] { checkpoint_loop(); });
  }
}

StorageWriter::~StorageWriter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  work_.notify_all();
  stop_checkpoints_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (checkpoint_thread_.joinable()) checkpoint_thread_.join();
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

void StorageWriter::commit_here(std::uint64_t round, const WriteBatch& batch) {
  if (failure()) return;
  storage_->apply(batch);
  auto result = storage_->commit();
  std::lock_guard lock(mutex_);
  if (result) {
    committed_.store(round, std::memory_order_release);
  } else {
    failure_ = result.error();
  }
  progress_.notify_all();
}

void StorageWriter::submit(std::uint64_t round, WriteBatch batch) {
  if (commits_ == Commits::on_caller) {
    commit_here(round, batch);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    queue_.emplace_back(round, std::move(batch));
  }
  work_.notify_one();
}

std::optional<StorageError> StorageWriter::failure() const {
  std::lock_guard lock(mutex_);
  return failure_;
}

bool StorageWriter::wait_for(std::uint64_t round) {
  std::unique_lock lock(mutex_);
  progress_.wait(lock, [&] { return failure_.has_value() || committed() >= round; });
  return committed() >= round;
}

void StorageWriter::checkpoint_loop() {
  std::unique_lock lock(mutex_);
  while (!stopping_ && !failure_) {
    stop_checkpoints_.wait_for(lock, kCheckpointPeriod, [&] { return stopping_ || failure_.has_value(); });
    lock.unlock();
    auto done = checkpointer_->checkpoint();
    lock.lock();
    if (!done && !failure_) {
      failure_ = done.error();
      progress_.notify_all();
      std::uint64_t one = 1;
      (void)!::write(wake_fd_, &one, sizeof one);
    }
  }
  lock.unlock();
  (void)checkpointer_->checkpoint();  // leave a short log behind
}

void StorageWriter::loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    work_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and everything is committed
    std::deque<std::pair<std::uint64_t, WriteBatch>> batches;
    batches.swap(queue_);
    lock.unlock();
    for (const auto& [round, batch] : batches) storage_->apply(batch);
    auto result = storage_->commit();
    lock.lock();
    if (result) {
      committed_.store(batches.back().first, std::memory_order_release);
    } else {
      failure_ = result.error();
    }
    progress_.notify_all();
    std::uint64_t one = 1;
    (void)!::write(wake_fd_, &one, sizeof one);
    if (failure_) return;
  }
}

}  // namespace parley::lobby
