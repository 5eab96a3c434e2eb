#pragma once
// The lobby's database (SQLite, write-ahead log). The lobby changes it in rounds: everything
// one round of events changed is recorded as a WriteBatch, applied and committed as one
// transaction, and the round's messages are sent only once that commit returned, so nothing a
// client has seen can be lost by a crash (the protocol is in lobby_core.hpp). In the server a
// writer thread applies the batches (storage_writer.hpp) while the network thread reads through
// a second, read-only connection. A lock file next to the database keeps a second lobby process
// from opening it and writing a diverging transcript.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/ids.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/protocol/room_header.hpp"
#include "lobby/server/config.hpp"
#include "sqlite/database.hpp"

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

// A room whose seats are reserved to keys (an event's board, docs/lobby.md, "Reserved seats"):
// who made it, and the only key each seat takes.
struct Reservation {
  crypto::PublicKey creator;
  std::vector<crypto::PublicKey> seats;  // seat i's key
  friend bool operator==(const Reservation&, const Reservation&) = default;
};

// An open room as the database holds it: its header, the seats taken (in seat order) and the
// head of its chain.
struct StoredRoom : RoomHeader {
  std::uint8_t seat_count = 0;
  std::optional<Reservation> reservation;
  std::vector<StoredSeat> seats;
  // Chain head (started rooms): entries [0, entry_count), hash and time of the last one, and
  // the hashes of the last few entries in index order (for seen-hash checks).
  EntryIndex entry_count;
  EntryHash head_hash{};
  std::uint64_t last_time_ms = 0;
  std::vector<EntryHash> recent_hashes;
};

// One change to the database.
struct InsertRoom {  // a new room: waiting, no seat taken yet
  RoomHeader room;
  std::uint8_t seat_count = 0;
  std::optional<Reservation> reservation;
};
struct StartRoom {
  RoomId room;
  SessionId session;
};
struct CloseRoom {  // a started room: kept, with its transcript, as closed
  RoomId room;
};
struct DeleteRoom {  // a room that never started: gone with its seats
  RoomId room;
};
struct PutSeat {
  RoomId room;
  StoredSeat seat;
};
struct DeleteSeat {
  RoomId room;
  game::Seat seat;
};
struct SetPresence {
  RoomId room;
  game::Seat seat;
  SeatPresence presence;
};
struct InsertEntry {
  RoomId room;
  EntryIndex index;
  std::uint64_t lobby_time_ms = 0;
  EntryHash hash{};
  Bytes wire;  // entry bytes ‖ lobby signature
};
using WriteOp = std::variant<InsertRoom, StartRoom, CloseRoom, DeleteRoom, PutSeat, DeleteSeat, SetPresence, InsertEntry>;
using WriteBatch = std::vector<WriteOp>;

class Storage {
 public:
  // The connection that writes: creates the schema, takes the lock file.
  static game::Result<std::unique_ptr<Storage>, StorageError> open(const std::filesystem::path& file, SyncMode sync);
  // A read-only connection to a database a writer has opened (it sees committed data only).
  static game::Result<std::unique_ptr<Storage>, StorageError> open_reader(const std::filesystem::path& file);
  // A connection that only checkpoints (copies the write-ahead log into the database file), so
  // the writer's commits never wait for that copy and its flush.
  static game::Result<std::unique_ptr<Storage>, StorageError> open_checkpointer(const std::filesystem::path& file,
                                                                                SyncMode sync);
  // The writer stops checkpointing by itself (a checkpointer connection does it instead).
  void leave_checkpoints_to_another_connection();
  // One checkpoint that waits for no reader or writer (SQLite's PASSIVE mode).
  game::Result<bool, StorageError> checkpoint();
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  // Every room that is not closed, with its seats and chain head.
  game::Result<std::vector<StoredRoom>, StorageError> load_open_rooms(std::size_t recent_hashes);
  game::Result<RoomId, StorageError> max_room_id();
  // Every started room that has closed, in id order.
  game::Result<std::vector<RoomId>, StorageError> closed_rooms();

  // Writes the batch into the open transaction (begun on the first write). A failure is kept
  // and reported by commit().
  void apply(const WriteBatch& batch);
  // Makes every write since the last commit durable.
  game::Result<bool, StorageError> commit();

  // Reads. A reader connection sees committed data only; the writer's own reads also see its
  // open transaction.
  game::Result<std::optional<EntryHash>, StorageError> entry_hash(RoomId room, EntryIndex index);
  // Signed entries [from, …) in index order: at most max_count, and stopping once max_bytes
  // are reached (at least one entry if any).
  game::Result<std::vector<Bytes>, StorageError> entries(RoomId room, EntryIndex from, std::size_t max_count,
                                                         std::size_t max_bytes);

 private:
  explicit Storage(sqlite::Database db);
  void begin_if_needed();
  void record(int rc, const char* what);
  game::Result<bool, StorageError> exec(const char* sql);
  // The kept statement for `sql`; none (and the failure kept) if it does not compile or the
  // connection has failed already.
  sqlite::Statement* prepared(const char* sql);
  StorageError error(StorageError::Kind kind, std::string_view what) const;
  void write(const InsertRoom& op);
  void write(const StartRoom& op);
  void write(const CloseRoom& op);
  void write(const DeleteRoom& op);
  void write(const PutSeat& op);
  void write(const DeleteSeat& op);
  void write(const SetPresence& op);
  void write(const InsertEntry& op);

  int lock_fd_ = -1;  // the writer's lock file, held for the connection's life (released after it closes)
  sqlite::Database db_;
  bool in_transaction_ = false;
  std::optional<StorageError> failed_;
};

}  // namespace parley::lobby
