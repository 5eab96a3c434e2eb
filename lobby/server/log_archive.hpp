#pragma once
// The lobby's archive of finished games (DESIGN section 5, "End"): when a started room closes,
// its whole transcript is written as a game log (lobby/protocol/game_log.hpp) to
// `<dir>/room-<id>.plog`, on a thread of its own with its own read connection, so the network
// loop never waits for a file. Rooms that closed while no archive was written (a crash between
// the close and the file) are written at the next start. Files appear whole or not at all.
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "lobby/protocol/ids.hpp"
#include "lobby/server/storage.hpp"

namespace parley::lobby {

class LogArchive {
 public:
  using Logger = std::function<void(std::string_view)>;
  // Opens a reader on the database, creates `dir`, and queues every closed room without a file.
  static game::Result<std::unique_ptr<LogArchive>, StorageError> open(const std::filesystem::path& database,
                                                                      std::filesystem::path dir,
                                                                      const crypto::PublicKey& lobby_key, Logger log);
  ~LogArchive();  // writes what is queued, then stops
  LogArchive(const LogArchive&) = delete;
  LogArchive& operator=(const LogArchive&) = delete;

  // Queues a room whose closing is committed.
  void archive(RoomId room);
  // Blocks until everything queued so far is written (or failed); for tests and shutdown.
  void drain();

  static std::filesystem::path file_for(const std::filesystem::path& dir, RoomId room);

 private:
  LogArchive(std::unique_ptr<Storage> reader, std::filesystem::path dir, const crypto::PublicKey& lobby_key, Logger log);
  void run();
  void write(RoomId room);

  std::unique_ptr<Storage> reader_;
  std::filesystem::path dir_;
  crypto::PublicKey lobby_key_;
  Logger log_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<RoomId> queue_;
  bool busy_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace parley::lobby
