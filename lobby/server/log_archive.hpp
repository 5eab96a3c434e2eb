#pragma once
// The lobby's archive of finished games (docs/design.md, "The protocol lifecycle"): when a started room closes,
// its whole transcript is written as a game log (lobby/protocol/game_log.hpp) to
// `<dir>/room-<id>.plog`, on a thread of its own with its own read connection, so the network
// loop never waits for a file. Rooms that closed while no archive was written (a crash between
// the close and the file) are written at the next start. Files appear whole or not at all.
//
// A LogSink, when given, receives each log after its file is written (parley-lobby --archive
// hands it to the game database of archive/; the lobby library itself knows nothing of that
// database). It runs on the archive's thread, never the network thread. A room the sink took is
// recorded in `<dir>/archived` (one room id a line); a failure is logged, the file stays, and
// the room is offered to the sink again at the next start.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <thread>

#include "lobby/protocol/ids.hpp"
#include "lobby/server/storage.hpp"

namespace parley::lobby {

struct LogSinkOutcome {
  bool stored = false;  // false: not taken; the room is offered again at the next start
  std::string detail;   // for the lobby's log: what was stored, or why not
};
// Takes the bytes of a closed room's .plog. May block (it runs on the archive's thread); an
// exception counts as a failure.
using LogSink = std::function<LogSinkOutcome(RoomId room, std::span<const std::uint8_t> log)>;

class LogArchive {
 public:
  using Logger = std::function<void(std::string_view)>;
  // Opens a reader on the database, creates `dir`, and queues every closed room without a file
  // (and, with a sink, every closed room whose file the sink has not taken yet).
  static game::Result<std::unique_ptr<LogArchive>, StorageError> open(const std::filesystem::path& database,
                                                                      std::filesystem::path dir,
                                                                      const crypto::PublicKey& lobby_key, Logger log,
                                                                      LogSink sink = {});
  // The same over a reader of another kind (a cluster node's, which lists the rooms it closed).
  static game::Result<std::unique_ptr<LogArchive>, StorageError> open(std::unique_ptr<Storage> reader,
                                                                      std::filesystem::path dir,
                                                                      const crypto::PublicKey& lobby_key, Logger log,
                                                                      LogSink sink = {});
  ~LogArchive();  // writes (and hands to the sink) what is queued, then stops
  LogArchive(const LogArchive&) = delete;
  LogArchive& operator=(const LogArchive&) = delete;

  // Queues a room whose closing is committed.
  void archive(RoomId room);
  // Blocks until everything queued so far is written and handed to the sink (or failed); for
  // tests and shutdown.
  void drain();

  static std::filesystem::path file_for(const std::filesystem::path& dir, RoomId room);
  // The record of the rooms the sink took.
  static std::filesystem::path ledger_for(const std::filesystem::path& dir);

 private:
  LogArchive(std::unique_ptr<Storage> reader, std::filesystem::path dir, const crypto::PublicKey& lobby_key, Logger log,
             LogSink sink);
  void run();
  void process(RoomId room);
  // The room's log from the database, written to its file; empty if there is nothing to write
  // or the write failed (logged).
  game::Bytes write(RoomId room);
  void deliver(RoomId room, std::span<const std::uint8_t> bytes);
  void say(const std::string& line) const;

  std::unique_ptr<Storage> reader_;
  std::filesystem::path dir_;
  crypto::PublicKey lobby_key_;
  Logger log_;
  LogSink sink_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<RoomId> queue_;
  bool busy_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace parley::lobby
