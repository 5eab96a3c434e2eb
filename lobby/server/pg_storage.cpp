#include "lobby/server/pg_storage.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <deque>
#include <map>
#include <thread>

#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

namespace {

constexpr int kClusterSchemaVersion = 1;
// How long a commit waits between attempts while the server does not answer.
constexpr auto kRetryPause = std::chrono::milliseconds(250);

// One lock for creating the schema ("parley lobby"), held to the end of that transaction.
constexpr const char* kSchema = R"sql(
BEGIN;
SELECT pg_advisory_xact_lock(7365, 1);
CREATE TABLE IF NOT EXISTS lobby_schema(version integer NOT NULL);
CREATE TABLE IF NOT EXISTS lobby_nodes(
  node_id       bigserial   PRIMARY KEY,
  node_key      bytea       NOT NULL UNIQUE,
  certificate   bytea       NOT NULL,
  advertise     text        NOT NULL,
  lease_expires timestamptz NOT NULL,
  started       timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE IF NOT EXISTS lobby_room_ids;
CREATE TABLE IF NOT EXISTS lobby_rooms(
  room_id     bigint   PRIMARY KEY,
  game        text     NOT NULL,
  seat_count  smallint NOT NULL,
  options     bytea    NOT NULL,
  visibility  smallint NOT NULL,
  invite_code text     NOT NULL,
  phase       smallint NOT NULL,
  session_id  bytea,
  spectators  integer  NOT NULL DEFAULT 0,
  node_id     bigint   NOT NULL,
  epoch       bigint   NOT NULL,
  next_idx    bigint   NOT NULL DEFAULT 0,
  head_hash   bytea,
  -- Reserved seats (docs/lobby.md, "Reserved seats"): NULL, or the creator's key and one key a
  -- seat, 32 bytes each, as the single lobby's rooms.reservation.
  reservation bytea
);
CREATE INDEX IF NOT EXISTS lobby_rooms_open ON lobby_rooms(node_id) WHERE phase < 2;
CREATE UNIQUE INDEX IF NOT EXISTS lobby_rooms_invite ON lobby_rooms(invite_code) WHERE invite_code <> '' AND phase < 2;
CREATE TABLE IF NOT EXISTS lobby_seats(
  room_id  bigint   NOT NULL,
  seat     smallint NOT NULL,
  key      bytea    NOT NULL,
  name     text     NOT NULL,
  presence smallint NOT NULL,
  PRIMARY KEY(room_id, seat)
);
CREATE INDEX IF NOT EXISTS lobby_seats_key ON lobby_seats(key);
CREATE TABLE IF NOT EXISTS lobby_entries(
  room_id       bigint NOT NULL,
  idx           bigint NOT NULL,
  lobby_time_ms bigint NOT NULL,
  hash          bytea  NOT NULL,
  entry         bytea  NOT NULL,
  PRIMARY KEY(room_id, idx)
);
-- Entries are signatures and proofs: compressing them costs time and saves nothing.
ALTER TABLE lobby_entries ALTER COLUMN entry SET STORAGE EXTERNAL;
CREATE TABLE IF NOT EXISTS lobby_queue(
  seq     bigserial PRIMARY KEY,
  game    text      NOT NULL,
  seats   smallint  NOT NULL,
  key     bytea     NOT NULL UNIQUE,
  name    text      NOT NULL,
  node_id bigint    NOT NULL
);
CREATE INDEX IF NOT EXISTS lobby_queue_by_game ON lobby_queue(game, seats, seq);
CREATE TABLE IF NOT EXISTS lobby_online(
  key     bytea  PRIMARY KEY,
  node_id bigint NOT NULL
);
-- The common room (docs/lobby.md, "Cluster"): each node's players online and what each does,
-- one encoded list a node (common_room.hpp, encode_presence), rewritten when it changed, at most
-- once a second; `version` tells the other nodes which lists to read again.
CREATE TABLE IF NOT EXISTS lobby_presence(
  node_id bigint PRIMARY KEY,
  version bigint NOT NULL,
  players bytea  NOT NULL
);
-- A node's writes to a room hold only while it sequences the room under the epoch it was given,
-- and its entries only after the room's last stored one. 1: entries appended; 2: these very
-- entries are there already (a commit tried again after its first attempt went in); 0: no entries.
CREATE OR REPLACE FUNCTION parley_lobby_fence(p_room bigint, p_node bigint, p_epoch bigint, p_first bigint,
                                              p_next bigint, p_head bytea) RETURNS integer AS $$
DECLARE
  r record;
BEGIN
  SELECT node_id, epoch, next_idx, head_hash INTO r FROM lobby_rooms WHERE room_id = p_room FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'room % is not in the database', p_room USING ERRCODE = 'PF404', DETAIL = p_room::text;
  END IF;
  IF r.node_id <> p_node OR r.epoch <> p_epoch THEN
    RAISE EXCEPTION 'room % is sequenced by node % under epoch %, not by node % under epoch %', p_room, r.node_id,
      r.epoch, p_node, p_epoch USING ERRCODE = 'PF409', DETAIL = p_room::text;
  END IF;
  IF p_first = p_next THEN
    RETURN 0;
  END IF;
  IF r.next_idx = p_first THEN
    UPDATE lobby_rooms SET next_idx = p_next, head_hash = p_head WHERE room_id = p_room;
    RETURN 1;
  END IF;
  IF r.next_idx = p_next AND r.head_hash = p_head THEN
    RETURN 2;
  END IF;
  RAISE EXCEPTION 'room % has % entries, not %', p_room, r.next_idx, p_first USING ERRCODE = 'PF410',
    DETAIL = p_room::text;
END
$$ LANGUAGE plpgsql;
INSERT INTO lobby_schema(version) SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM lobby_schema);
COMMIT;
)sql";

template <std::size_t N>
bool copy_fixed(std::span<const std::uint8_t> from, std::array<std::uint8_t, N>& to) {
  if (from.size() != N) return false;
  std::copy(from.begin(), from.end(), to.begin());
  return true;
}

std::int64_t i64(std::uint64_t v) { return static_cast<std::int64_t>(v); }

StorageError corrupt(std::string what) { return StorageError{StorageError::Kind::corrupt, std::move(what)}; }

}  // namespace

StorageError storage_error(const pg::Error& e, std::string_view what) {
  std::string detail = std::string(what) + ": " + e.message;
  switch (e.kind) {
    case pg::Error::Kind::unavailable: return StorageError{StorageError::Kind::unavailable, std::move(detail)};
    case pg::Error::Kind::library: return StorageError{StorageError::Kind::open_failed, std::move(detail)};
    case pg::Error::Kind::statement: break;
  }
  if (e.sqlstate == "PF409") return StorageError{StorageError::Kind::fenced, std::move(detail)};
  return StorageError{StorageError::Kind::io, std::move(detail)};
}

game::Result<bool, StorageError> create_cluster_schema(pg::Connection& db) {
  if (auto done = db.exec(kSchema); !done) {
    (void)db.exec("ROLLBACK");
    return storage_error(done.error(), "create the cluster's tables");
  }
  auto version = db.query("SELECT version FROM lobby_schema");
  if (!version) return storage_error(version.error(), "read the schema version");
  if (version->size() != 1 || version->integer(0, 0) != kClusterSchemaVersion) {
    return StorageError{StorageError::Kind::schema, "the cluster's database has another schema version than " +
                                                        std::to_string(kClusterSchemaVersion)};
  }
  return true;
}

game::Result<std::optional<StoredRoom>, StorageError> load_room(pg::Connection& db, RoomId room,
                                                                std::size_t recent_hashes) {
  const std::string id = "room " + std::to_string(room.value);
  auto head = db.query(
      "SELECT game, seat_count, options, visibility, invite_code, phase, session_id, next_idx, head_hash, reservation "
      "FROM lobby_rooms WHERE room_id = $1 AND phase < 2",
      {pg::integer(i64(room.value))});
  if (!head) return storage_error(head.error(), "load " + id);
  if (head->size() == 0) return std::optional<StoredRoom>{};
  StoredRoom r;
  r.room = room;
  r.game = head->text(0, 0);
  const std::int64_t seats = head->integer(0, 1);
  auto options = head->bytes(0, 2);
  r.options.assign(options.begin(), options.end());
  const std::int64_t visibility = head->integer(0, 3);
  r.invite_code = head->text(0, 4);
  const std::int64_t phase = head->integer(0, 5);
  if (seats < kMinSeats || seats > kMaxSeats || visibility < 0 || visibility > 1 || phase < 0 || phase > 1)
    return corrupt(id + " is malformed");
  r.seat_count = static_cast<std::uint8_t>(seats);
  r.visibility = static_cast<Visibility>(visibility);
  r.phase = static_cast<RoomPhase>(phase);
  if (r.phase == RoomPhase::started && (head->null(0, 6) || !copy_fixed(head->bytes(0, 6), r.session_id.bytes)))
    return corrupt(id + " has no session id");
  const auto next = static_cast<std::uint64_t>(head->integer(0, 7));
  if (next > 0 && (head->null(0, 8) || !copy_fixed(head->bytes(0, 8), r.head_hash))) return corrupt(id + " has no head hash");
  if (!head->null(0, 9)) {
    // The creator's key, then one a seat.
    auto keys = head->bytes(0, 9);
    if (keys.size() != crypto::kPublicKeyBytes * (1 + std::size_t{r.seat_count})) return corrupt(id + "'s reservation is malformed");
    std::vector<crypto::PublicKey> read;
    for (std::size_t at = 0; at < keys.size(); at += crypto::kPublicKeyBytes) {
      auto key = crypto::PublicKey::from_bytes(keys.subspan(at, crypto::kPublicKeyBytes));
      if (!key) return corrupt(id + "'s reservation is malformed");
      read.push_back(*key);
    }
    r.reservation = Reservation{read.front(), std::vector(read.begin() + 1, read.end())};
  }

  auto seats_rows = db.query("SELECT seat, key, name, presence FROM lobby_seats WHERE room_id = $1 ORDER BY seat",
                             {pg::integer(i64(room.value))});
  if (!seats_rows) return storage_error(seats_rows.error(), "load the seats of " + id);
  for (int i = 0; i < seats_rows->size(); ++i) {
    const std::int64_t seat = seats_rows->integer(i, 0);
    auto key = crypto::PublicKey::from_bytes(seats_rows->bytes(i, 1));
    const std::int64_t presence = seats_rows->integer(i, 3);
    if (seat < 0 || seat >= r.seat_count || !key || presence < 0 || presence > 2)
      return corrupt("a seat of " + id + " is malformed");
    r.seats.push_back(StoredSeat{game::Seat{static_cast<std::uint8_t>(seat)}, *key, seats_rows->text(i, 2),
                                 static_cast<SeatPresence>(presence)});
  }

  auto tail = db.query("SELECT idx, lobby_time_ms, hash FROM lobby_entries WHERE room_id = $1 ORDER BY idx DESC LIMIT $2",
                       {pg::integer(i64(room.value)), pg::integer(i64(std::max<std::size_t>(recent_hashes, 1)))});
  if (!tail) return storage_error(tail.error(), "load the entries of " + id);
  for (int i = 0; i < tail->size(); ++i) {
    EntryHash h{};
    if (!copy_fixed(tail->bytes(i, 2), h)) return corrupt("an entry hash of " + id + " is malformed");
    if (i == 0) {
      r.entry_count = EntryIndex{static_cast<std::uint64_t>(tail->integer(i, 0)) + 1};
      r.last_time_ms = static_cast<std::uint64_t>(tail->integer(i, 1));
    }
    r.recent_hashes.push_back(h);
  }
  std::reverse(r.recent_hashes.begin(), r.recent_hashes.end());
  if (r.entry_count.value != next || (next > 0 && r.recent_hashes.back() != r.head_hash))
    return corrupt(id + "'s entries end elsewhere than its row says");
  if (r.phase == RoomPhase::started && next == 0) return corrupt("started " + id + " has no genesis");
  return std::optional<StoredRoom>(std::move(r));
}

// ---- PgStorage --------------------------------------------------------------------------------

PgStorage::PgStorage(std::string url, NodeId node, std::unique_ptr<pg::Connection> db)
    : url_(std::move(url)), node_(node), db_(std::move(db)) {}

PgStorage::~PgStorage() = default;

game::Result<std::unique_ptr<PgStorage>, StorageError> PgStorage::open(const std::string& url, NodeId node) {
  auto db = pg::Connection::open(url);
  if (!db) return storage_error(db.error(), "the cluster's database");
  return std::unique_ptr<PgStorage>(new PgStorage(url, node, std::move(*db)));
}

std::vector<RoomId> PgStorage::take_fenced() {
  std::lock_guard lock(fenced_mutex_);
  return std::exchange(fenced_, {});
}

game::Result<pg::Connection*, StorageError> PgStorage::connection() {
  if (db_ && !db_->broken()) return db_.get();
  db_.reset();
  auto db = pg::Connection::open(url_, 2);
  if (!db) {
    available_.store(false, std::memory_order_release);
    return storage_error(db.error(), "the cluster's database");
  }
  db_ = std::move(*db);
  return db_.get();
}

game::Result<std::vector<StoredRoom>, StorageError> PgStorage::load_open_rooms(std::size_t recent_hashes) {
  auto db = connection();
  if (!db) return db.error();
  auto ids = (*db)->query("SELECT room_id FROM lobby_rooms WHERE node_id = $1 AND phase < 2 ORDER BY room_id",
                          {pg::integer(node_.value)});
  if (!ids) return storage_error(ids.error(), "list the node's rooms");
  std::vector<StoredRoom> rooms;
  for (int i = 0; i < ids->size(); ++i) {
    auto room = load_room(**db, RoomId{static_cast<std::uint64_t>(ids->integer(i, 0))}, recent_hashes);
    if (!room) return room.error();
    if (*room) rooms.push_back(std::move(**room));
  }
  return rooms;
}

game::Result<RoomId, StorageError> PgStorage::max_room_id() {
  auto db = connection();
  if (!db) return db.error();
  auto max = (*db)->query("SELECT COALESCE(MAX(room_id), 0) FROM lobby_rooms");
  if (!max) return storage_error(max.error(), "max room id");
  return RoomId{static_cast<std::uint64_t>(max->integer(0, 0))};
}

game::Result<std::vector<RoomId>, StorageError> PgStorage::closed_rooms() {
  auto db = connection();
  if (!db) return db.error();
  // The rooms this node closed: its logs folder holds their logs.
  auto rows = (*db)->query("SELECT room_id FROM lobby_rooms WHERE phase = 2 AND node_id = $1 ORDER BY room_id",
                           {pg::integer(node_.value)});
  if (!rows) return storage_error(rows.error(), "closed rooms");
  std::vector<RoomId> out;
  for (int i = 0; i < rows->size(); ++i) out.push_back(RoomId{static_cast<std::uint64_t>(rows->integer(i, 0))});
  return out;
}

game::Result<std::optional<EntryHash>, StorageError> PgStorage::entry_hash(RoomId room, EntryIndex index) {
  auto db = connection();
  if (!db) return db.error();
  auto rows = (*db)->query("SELECT hash FROM lobby_entries WHERE room_id = $1 AND idx = $2",
                           {pg::integer(i64(room.value)), pg::integer(i64(index.value))});
  if (!rows) return storage_error(rows.error(), "read an entry hash");
  if (rows->size() == 0) return std::optional<EntryHash>{};
  EntryHash h{};
  if (!copy_fixed(rows->bytes(0, 0), h)) return corrupt("an entry hash is not 32 bytes");
  return std::optional<EntryHash>(h);
}

game::Result<std::vector<Bytes>, StorageError> PgStorage::entries(RoomId room, EntryIndex from, std::size_t max_count,
                                                                  std::size_t max_bytes) {
  auto db = connection();
  if (!db) return db.error();
  // The bytes before each entry come from the stored lengths, without reading the entries.
  auto rows = (*db)->query(
      "SELECT entry FROM (SELECT idx, entry, SUM(octet_length(entry)) OVER (ORDER BY idx) - octet_length(entry) AS "
      "before FROM lobby_entries WHERE room_id = $1 AND idx >= $2 ORDER BY idx LIMIT $3) AS page "
      "WHERE before < $4 ORDER BY idx",
      {pg::integer(i64(room.value)), pg::integer(i64(from.value)), pg::integer(i64(max_count)),
       pg::integer(i64(std::max<std::size_t>(max_bytes, 1)))});
  if (!rows) return storage_error(rows.error(), "read entries");
  std::vector<Bytes> out;
  out.reserve(static_cast<std::size_t>(rows->size()));
  for (int i = 0; i < rows->size(); ++i) {
    auto b = rows->bytes(i, 0);
    out.emplace_back(b.begin(), b.end());
  }
  return out;
}

void PgStorage::apply(const WriteBatch& batch) { pending_.push_back(&batch); }

namespace {

// One room's part of a transaction: its fence, and its writes in order.
struct RoomWrites {
  const Fence* fence = nullptr;
  const InsertRoom* insert = nullptr;
  std::vector<const WriteOp*> ops;
  const InsertEntry* first_entry = nullptr;
  const InsertEntry* last_entry = nullptr;
};

constexpr const char* kInsertRoom =
    "INSERT INTO lobby_rooms(room_id, game, seat_count, options, visibility, invite_code, phase, node_id, epoch, "
    "reservation) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (room_id) DO NOTHING";
constexpr const char* kFence = "SELECT parley_lobby_fence($1, $2, $3, $4, $5, $6)";
constexpr const char* kStartRoom = "UPDATE lobby_rooms SET phase = 1, session_id = $2 WHERE room_id = $1";
constexpr const char* kCloseRoom = "UPDATE lobby_rooms SET phase = 2 WHERE room_id = $1";
constexpr const char* kDeleteSeats = "DELETE FROM lobby_seats WHERE room_id = $1";
constexpr const char* kDeleteRoom = "DELETE FROM lobby_rooms WHERE room_id = $1";
constexpr const char* kPutSeat =
    "INSERT INTO lobby_seats(room_id, seat, key, name, presence) VALUES($1, $2, $3, $4, $5) "
    "ON CONFLICT (room_id, seat) DO UPDATE SET key = EXCLUDED.key, name = EXCLUDED.name, presence = EXCLUDED.presence";
constexpr const char* kDeleteSeat = "DELETE FROM lobby_seats WHERE room_id = $1 AND seat = $2";
constexpr const char* kSetPresence = "UPDATE lobby_seats SET presence = $3 WHERE room_id = $1 AND seat = $2";
constexpr const char* kInsertEntry =
    "INSERT INTO lobby_entries(room_id, idx, lobby_time_ms, hash, entry) VALUES($1, $2, $3, $4, $5) "
    "ON CONFLICT (room_id, idx) DO NOTHING";
constexpr const char* kSetSpectators = "UPDATE lobby_rooms SET spectators = $2 WHERE room_id = $1";

void add_statement(std::vector<pg::Connection::Statement>& out, const WriteOp& op) {
  using S = pg::Connection::Statement;
  std::visit(
      [&](const auto& o) {
        using T = std::decay_t<decltype(o)>;
        const std::int64_t room = i64(room_of(op).value);
        if constexpr (std::is_same_v<T, StartRoom>) {
          out.push_back(S{kStartRoom, {pg::integer(room), pg::bytes(o.session.bytes)}});
        } else if constexpr (std::is_same_v<T, CloseRoom>) {
          out.push_back(S{kCloseRoom, {pg::integer(room)}});
        } else if constexpr (std::is_same_v<T, DeleteRoom>) {
          out.push_back(S{kDeleteSeats, {pg::integer(room)}});
          out.push_back(S{kDeleteRoom, {pg::integer(room)}});
        } else if constexpr (std::is_same_v<T, PutSeat>) {
          out.push_back(S{kPutSeat,
                          {pg::integer(room), pg::integer(o.seat.seat.index), pg::bytes(o.seat.key.bytes()),
                           pg::text(o.seat.name), pg::integer(static_cast<std::int64_t>(o.seat.presence))}});
        } else if constexpr (std::is_same_v<T, DeleteSeat>) {
          out.push_back(S{kDeleteSeat, {pg::integer(room), pg::integer(o.seat.index)}});
        } else if constexpr (std::is_same_v<T, SetPresence>) {
          out.push_back(S{kSetPresence, {pg::integer(room), pg::integer(o.seat.index),
                                         pg::integer(static_cast<std::int64_t>(o.presence))}});
        } else if constexpr (std::is_same_v<T, InsertEntry>) {
          out.push_back(S{kInsertEntry, {pg::integer(room), pg::integer(i64(o.index.value)),
                                         pg::integer(i64(o.lobby_time_ms)), pg::bytes(o.hash), pg::bytes(o.wire)}});
        } else if constexpr (std::is_same_v<T, SetSpectators>) {
          out.push_back(S{kSetSpectators, {pg::integer(room), pg::integer(o.count)}});
        }
        // InsertRoom and Fence open the room's part (try_commit).
      },
      op);
}

}  // namespace

game::Result<bool, pg::Error> PgStorage::try_commit() {
  std::map<std::uint64_t, RoomWrites> rooms;
  std::vector<std::uint64_t> order;  // rooms in the order they first appear
  for (const WriteBatch* batch : pending_) {
    for (const WriteOp& op : *batch) {
      const RoomId room = room_of(op);
      if (std::find(excluded_.begin(), excluded_.end(), room) != excluded_.end()) continue;
      auto [it, fresh] = rooms.try_emplace(room.value);
      if (fresh) order.push_back(room.value);
      RoomWrites& w = it->second;
      if (const auto* f = std::get_if<Fence>(&op)) {
        w.fence = f;
      } else if (const auto* i = std::get_if<InsertRoom>(&op)) {
        w.insert = i;
      } else {
        if (const auto* e = std::get_if<InsertEntry>(&op)) {
          if (w.first_entry == nullptr) w.first_entry = e;
          w.last_entry = e;
        }
        w.ops.push_back(&op);
      }
    }
  }
  using S = pg::Connection::Statement;
  std::vector<S> statements;
  std::deque<Bytes> reservations;  // the values' bytes, alive until the pipeline has run
  statements.push_back(S{"BEGIN", {}});
  for (std::uint64_t id : order) {
    const RoomWrites& w = rooms.at(id);
    assert(w.fence != nullptr);  // the node fences every room it writes to
    const std::int64_t room = i64(id);
    if (w.insert != nullptr) {
      const RoomHeader& h = w.insert->room;
      Bytes& reserved = reservations.emplace_back();  // the creator's key, then one a seat (empty: NULL)
      if (const auto& r = w.insert->reservation) {
        reserved.assign(r->creator.bytes().begin(), r->creator.bytes().end());
        for (const auto& k : r->seats) reserved.insert(reserved.end(), k.bytes().begin(), k.bytes().end());
      }
      statements.push_back(S{kInsertRoom,
                             {pg::integer(room), pg::text(h.game), pg::integer(w.insert->seat_count), pg::bytes(h.options),
                              pg::integer(static_cast<std::int64_t>(h.visibility)), pg::text(h.invite_code),
                              pg::integer(static_cast<std::int64_t>(h.phase)), pg::integer(node_.value),
                              pg::integer(i64(w.fence->epoch)), reserved.empty() ? pg::null() : pg::bytes(reserved)}});
    }
    const std::int64_t first = w.first_entry ? i64(w.first_entry->index.value) : 0;
    const std::int64_t next = w.last_entry ? i64(w.last_entry->index.value) + 1 : 0;
    statements.push_back(S{kFence, {pg::integer(room), pg::integer(node_.value), pg::integer(i64(w.fence->epoch)),
                                    pg::integer(first), pg::integer(next),
                                    w.last_entry ? pg::bytes(w.last_entry->hash) : pg::null()}});
    for (const WriteOp* op : w.ops) add_statement(statements, *op);
  }
  statements.push_back(S{"COMMIT", {}});
  auto db = connection();
  if (!db) return pg::Error{pg::Error::Kind::unavailable, {}, db.error().detail, {}};
  auto done = (*db)->pipeline(statements);
  if (!done) return done.error();
  return true;
}

bool PgStorage::deletes(RoomId room) const {
  for (const WriteBatch* batch : pending_) {
    for (const WriteOp& op : *batch) {
      if (const auto* d = std::get_if<DeleteRoom>(&op); d != nullptr && d->room == room) return true;
    }
  }
  return false;
}

game::Result<bool, StorageError> PgStorage::commit() {
  if (pending_.empty()) return false;
  excluded_.clear();
  std::vector<RoomId> fenced_here;
  while (true) {
    auto done = try_commit();
    if (done) break;
    const pg::Error& e = done.error();
    if (e.kind == pg::Error::Kind::unavailable) {
      // Nothing of this transaction is known to be in: wait for the server and try it again.
      available_.store(false, std::memory_order_release);
      if (interrupted_.load(std::memory_order_acquire)) {
        pending_.clear();
        return storage_error(e, "commit");
      }
      std::this_thread::sleep_for(kRetryPause);
      continue;
    }
    const RoomId room{std::strtoull(e.detail.c_str(), nullptr, 10)};
    if (e.sqlstate == "PF404" && deletes(room)) {
      // Deleted by an attempt that went in although its answer was lost: done.
      excluded_.push_back(room);
      continue;
    }
    if (e.sqlstate == "PF409") {
      // Another node took the room: its writes are left out, the rest goes in.
      excluded_.push_back(room);
      fenced_here.push_back(room);
      continue;
    }
    pending_.clear();
    if (e.sqlstate == "PF410" || e.sqlstate == "PF404") return StorageError{StorageError::Kind::corrupt, "commit: " + e.message};
    return storage_error(e, "commit");
  }
  available_.store(true, std::memory_order_release);
  pending_.clear();
  if (!fenced_here.empty()) {
    std::lock_guard lock(fenced_mutex_);
    fenced_.insert(fenced_.end(), fenced_here.begin(), fenced_here.end());
  }
  return true;
}

}  // namespace parley::lobby
