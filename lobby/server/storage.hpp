#pragma once
// The lobby's database (SQLite, write-ahead log). All writes of one processing round go into
// one transaction; the round's messages are sent only after commit() returned, so nothing a
// client has seen can be lost by a crash (the tick/commit protocol is in lobby_core.hpp).
// The connection holds SQLite's exclusive lock for its whole life: a second lobby process on
// the same file fails to open instead of writing a diverging transcript.
#include <sqlite3.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/ids.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/server/config.hpp"

namespace parley::lobby {

struct StorageError {
  enum class Kind : std::uint8_t { open_failed, locked, schema, io, corrupt } kind;
  std::string detail;
};

// A seat's presence as the transcript last recorded it (started rooms only).
enum class SeatPresence : std::uint8_t { absent = 0, present = 1, left = 2 };

struct StoredSeat {
  game::Seat seat;
  crypto::PublicKey key;
  std::string name;
  SeatPresence presence = SeatPresence::absent;
};

struct StoredRoom {
  RoomId id;
  std::string game;
  std::uint8_t seat_count = 0;
  Bytes options;
  Visibility visibility = Visibility::public_room;
  std::string invite_code;
  RoomPhase phase = RoomPhase::waiting;
  SessionId session_id;
  std::vector<StoredSeat> seats;
  // Chain head (started rooms): entries [0, entry_count), hash and time of the last one, and
  // the hashes of the last few entries in index order (for seen-hash checks).
  EntryIndex entry_count;
  EntryHash head_hash{};
  std::uint64_t last_time_ms = 0;
  std::vector<EntryHash> recent_hashes;
};

class Storage {
 public:
  static game::Result<std::unique_ptr<Storage>, StorageError> open(const std::filesystem::path& file, SyncMode sync);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  // Every room that is not closed, with its seats and chain head.
  game::Result<std::vector<StoredRoom>, StorageError> load_open_rooms(std::size_t recent_hashes);
  game::Result<RoomId, StorageError> max_room_id();

  // Writes: they join the open transaction (begun on the first write). A failure is kept and
  // reported by commit().
  void insert_room(const StoredRoom& room);
  void start_room(RoomId room, const SessionId& session);
  void close_room(RoomId room);   // a started room: kept, with its transcript, as closed
  void delete_room(RoomId room);  // a room that never started: gone with its seats
  void put_seat(RoomId room, const StoredSeat& seat);
  void delete_seat(RoomId room, game::Seat seat);
  void set_presence(RoomId room, game::Seat seat, SeatPresence presence);
  void insert_entry(RoomId room, EntryIndex index, std::uint64_t lobby_time_ms, const EntryHash& hash,
                    std::span<const std::uint8_t> signed_entry_wire);

  // Makes every write since the last commit durable.
  game::Result<bool, StorageError> commit();

  // Reads (they see the open transaction's writes).
  game::Result<std::optional<EntryHash>, StorageError> entry_hash(RoomId room, EntryIndex index);
  // Signed entries [from, …) in index order: at most max_count, and stopping once max_bytes
  // are reached (at least one entry if any).
  game::Result<std::vector<Bytes>, StorageError> entries(RoomId room, EntryIndex from, std::size_t max_count,
                                                         std::size_t max_bytes);

 private:
  class Statement;
  explicit Storage(sqlite3* db);
  void begin_if_needed();
  void record(int rc, const char* what);
  game::Result<bool, StorageError> exec(const char* sql);
  Statement& prepared(const char* sql);

  sqlite3* db_;
  bool in_transaction_ = false;
  std::optional<StorageError> failed_;
  std::vector<std::unique_ptr<Statement>> statements_;
};

}  // namespace parley::lobby
