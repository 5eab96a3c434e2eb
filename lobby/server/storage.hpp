#pragma once
// The lobby's database. The lobby changes it in rounds: everything one round of events changed
// is recorded as a WriteBatch, applied and committed as one transaction, and the round's
// messages are sent only once that commit returned, so nothing a client has seen can be lost by
// a crash (the protocol is in lobby_core.hpp). Storage is the seam: the single lobby keeps an
// SQLite file (write-ahead log; open() below), where a writer thread applies the batches
// (storage_writer.hpp) while the network thread reads through a second, read-only connection, and
// a lock file next to the database keeps a second lobby process from opening it and writing a
// diverging transcript. A cluster's nodes share a PostgreSQL database instead (pg_storage.hpp).
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

namespace parley::lobby {

struct StorageError {
  enum class Kind : std::uint8_t {
    open_failed,
    locked,
    schema,
    io,
    corrupt,
    unavailable,  // a cluster's database cannot be reached now: the request may be tried again
    fenced,       // a cluster node no longer holds the room's lease: another node sequences it
  } kind;
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
struct SetSpectators {  // how many watch the room (a cluster's room lists show it)
  RoomId room;
  std::uint32_t count = 0;
};
// A cluster node's writes to a room hold only while it holds the room's lease under this epoch
// (pg_storage.hpp); the node adds one per room its round wrote to. The single lobby has none.
struct Fence {
  RoomId room;
  std::uint64_t epoch = 0;
};
using WriteOp = std::variant<InsertRoom, StartRoom, CloseRoom, DeleteRoom, PutSeat, DeleteSeat, SetPresence, InsertEntry,
                             SetSpectators, Fence>;
using WriteBatch = std::vector<WriteOp>;
// The room a write is about.
RoomId room_of(const WriteOp& op);

class Storage {
 public:
  // The SQLite file's connection that writes: creates the schema, takes the lock file.
  static game::Result<std::unique_ptr<Storage>, StorageError> open(const std::filesystem::path& file, SyncMode sync);
  // A read-only connection to a database a writer has opened (it sees committed data only).
  static game::Result<std::unique_ptr<Storage>, StorageError> open_reader(const std::filesystem::path& file);
  // A connection that only checkpoints (copies the write-ahead log into the database file), so
  // the writer's commits never wait for that copy and its flush.
  static game::Result<std::unique_ptr<Storage>, StorageError> open_checkpointer(const std::filesystem::path& file,
                                                                                SyncMode sync);
  virtual ~Storage() = default;
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  // The writer stops checkpointing by itself (a checkpointer connection does it instead).
  virtual void leave_checkpoints_to_another_connection() {}
  // One checkpoint that waits for no reader or writer (SQLite's PASSIVE mode).
  virtual game::Result<bool, StorageError> checkpoint() { return true; }

  // Every room that is not closed, with its seats and chain head.
  virtual game::Result<std::vector<StoredRoom>, StorageError> load_open_rooms(std::size_t recent_hashes) = 0;
  virtual game::Result<RoomId, StorageError> max_room_id() = 0;
  // Every started room that has closed, in id order.
  virtual game::Result<std::vector<RoomId>, StorageError> closed_rooms() = 0;

  // Writes the batch into the open transaction (begun on the first write). A failure is kept
  // and reported by commit().
  virtual void apply(const WriteBatch& batch) = 0;
  // Makes every write since the last commit durable.
  virtual game::Result<bool, StorageError> commit() = 0;

  // Reads. A reader connection sees committed data only; the writer's own reads also see its
  // open transaction.
  virtual game::Result<std::optional<EntryHash>, StorageError> entry_hash(RoomId room, EntryIndex index) = 0;
  // Signed entries [from, …) in index order: at most max_count, and stopping once max_bytes
  // are reached (at least one entry if any).
  virtual game::Result<std::vector<Bytes>, StorageError> entries(RoomId room, EntryIndex from, std::size_t max_count,
                                                                 std::size_t max_bytes) = 0;

 protected:
  Storage() = default;
};

}  // namespace parley::lobby
