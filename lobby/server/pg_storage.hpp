#pragma once
// A cluster node's storage (docs/lobby.md, "Cluster"): the rooms, seats and entries of every
// node in one PostgreSQL database, behind the same seam as the single lobby's SQLite file
// (storage.hpp). Each room row names its sequencer (node_id) and the epoch of that node's lease on
// it; a takeover raises the epoch. A node's writes to a room go in only while both still match
// (the Fence the node adds per room), and its entries only after the room's last stored one (the
// index and hash the room row keeps), in one transaction per group commit: so a node that lost
// its lease (paused, cut off) cannot append, and no transcript can fork in the database.
//
// A commit that loses the connection is tried again once the server answers: each room's check
// tells a transaction that went in before from one that did not, so nothing is written twice. A
// room whose fence fails is left out (the node has lost it; fenced() names it) and the rest is
// committed.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "lobby/server/storage.hpp"
#include "pg/connection.hpp"

namespace parley::lobby {

// A node of the cluster, numbered by the database at its first start (by its key).
struct NodeId {
  std::int64_t value = 0;
  friend auto operator<=>(const NodeId&, const NodeId&) = default;
};

// The cluster's tables and the fence function, created if missing (several nodes may start at
// once: one creates, the others wait for it).
game::Result<bool, StorageError> create_cluster_schema(pg::Connection& db);
// One room as the database holds it, with its seats and chain head; none if there is no such
// open room.
game::Result<std::optional<StoredRoom>, StorageError> load_room(pg::Connection& db, RoomId room,
                                                                std::size_t recent_hashes);
// A pg::Error as the lobby's StorageError.
StorageError storage_error(const pg::Error& e, std::string_view what);

class PgStorage final : public Storage {
 public:
  // The connection that commits `node`'s writes, or one that only reads (node 0).
  static game::Result<std::unique_ptr<PgStorage>, StorageError> open(const std::string& url, NodeId node);
  ~PgStorage() override;

  // Whether the server answered the last statement (false while a commit waits for it).
  bool available() const { return available_.load(std::memory_order_acquire); }
  // The rooms whose fence failed in the commits so far (taken by another node); clears the list.
  std::vector<RoomId> take_fenced();
  // A commit waiting for the server gives up (with an `unavailable` error): the node is stopping.
  void interrupt() { interrupted_.store(true, std::memory_order_release); }

  game::Result<std::vector<StoredRoom>, StorageError> load_open_rooms(std::size_t recent_hashes) override;
  game::Result<RoomId, StorageError> max_room_id() override;
  game::Result<std::vector<RoomId>, StorageError> closed_rooms() override;
  // Keeps a reference to the batch: it must live until commit() returns (StorageWriter's do).
  void apply(const WriteBatch& batch) override;
  game::Result<bool, StorageError> commit() override;
  game::Result<std::optional<EntryHash>, StorageError> entry_hash(RoomId room, EntryIndex index) override;
  game::Result<std::vector<Bytes>, StorageError> entries(RoomId room, EntryIndex from, std::size_t max_count,
                                                         std::size_t max_bytes) override;

 private:
  PgStorage(std::string url, NodeId node, std::unique_ptr<pg::Connection> db);
  // The connection, opened again if it was lost; an `unavailable` error when the server does not
  // answer.
  game::Result<pg::Connection*, StorageError> connection();
  // One attempt at the transaction for `pending_`, leaving out the rooms in `excluded_`.
  game::Result<bool, pg::Error> try_commit();
  // Whether the pending writes delete the room.
  bool deletes(RoomId room) const;

  std::string url_;
  NodeId node_;
  std::unique_ptr<pg::Connection> db_;
  std::vector<const WriteBatch*> pending_;
  std::vector<RoomId> excluded_;  // fenced in this commit
  std::atomic<bool> available_{true};
  std::atomic<bool> interrupted_{false};
  std::mutex fenced_mutex_;
  std::vector<RoomId> fenced_;
};

}  // namespace parley::lobby
