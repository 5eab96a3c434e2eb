#include "lobby/server/storage.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <sqlite3.h>

#include <algorithm>
#include <cassert>
#include <type_traits>

#include "sqlite/database.hpp"

namespace parley::lobby {

namespace {

// Version 2 adds rooms.reservation: NULL, or the creator's key and one key a seat (32 bytes each).
constexpr int kSchemaVersion = 2;

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS rooms(
  room_id     INTEGER PRIMARY KEY,
  game        TEXT    NOT NULL,
  seat_count  INTEGER NOT NULL,
  options     BLOB    NOT NULL,
  visibility  INTEGER NOT NULL,
  invite_code TEXT    NOT NULL,
  phase       INTEGER NOT NULL,
  session_id  BLOB,
  reservation BLOB
);
CREATE TABLE IF NOT EXISTS seats(
  room_id  INTEGER NOT NULL,
  seat     INTEGER NOT NULL,
  key      BLOB    NOT NULL,
  name     TEXT    NOT NULL,
  presence INTEGER NOT NULL,
  PRIMARY KEY(room_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entries(
  room_id       INTEGER NOT NULL,
  idx           INTEGER NOT NULL,
  lobby_time_ms INTEGER NOT NULL,
  hash          BLOB    NOT NULL,
  entry         BLOB    NOT NULL,
  PRIMARY KEY(room_id, idx)
) WITHOUT ROWID;
)sql";

// A statement's use is over: ready for the next, its copied values freed.
void finish(sqlite::Statement& st) {
  st.reset();
  st.clear_bindings();
}

template <std::size_t N>
bool copy_fixed(const Bytes& from, std::array<std::uint8_t, N>& to) {
  if (from.size() != N) return false;
  std::copy(from.begin(), from.end(), to.begin());
  return true;
}

}  // namespace

// The single lobby's database: an SQLite file in write-ahead-log mode (docs/lobby.md,
// "Durability").
class SqliteStorage final : public Storage {
 public:
  explicit SqliteStorage(sqlite::Database db) : db_(std::move(db)) {}
  ~SqliteStorage() override;

  void set_lock(int fd) { lock_fd_ = fd; }
  game::Result<bool, StorageError> exec(const char* sql);
  StorageError error(StorageError::Kind kind, std::string_view what) const;
  sqlite::Database& db() { return db_; }

  void leave_checkpoints_to_another_connection() override;
  game::Result<bool, StorageError> checkpoint() override;
  game::Result<std::vector<StoredRoom>, StorageError> load_open_rooms(std::size_t recent_hashes) override;
  game::Result<RoomId, StorageError> max_room_id() override;
  game::Result<std::vector<RoomId>, StorageError> closed_rooms() override;
  void apply(const WriteBatch& batch) override;
  game::Result<bool, StorageError> commit() override;
  game::Result<std::optional<EntryHash>, StorageError> entry_hash(RoomId room, EntryIndex index) override;
  game::Result<std::vector<Bytes>, StorageError> entries(RoomId room, EntryIndex from, std::size_t max_count,
                                                         std::size_t max_bytes) override;

 private:
  void begin_if_needed();
  void record(int rc, const char* what);
  // The kept statement for `sql`; none (and the failure kept) if it does not compile or the
  // connection has failed already.
  sqlite::Statement* prepared(const char* sql);
  void write(const InsertRoom& op);
  void write(const StartRoom& op);
  void write(const CloseRoom& op);
  void write(const DeleteRoom& op);
  void write(const PutSeat& op);
  void write(const DeleteSeat& op);
  void write(const SetPresence& op);
  void write(const InsertEntry& op);
  // The single lobby lists its rooms from memory, and has no leases.
  void write(const SetSpectators&) {}
  void write(const Fence&) {}

  int lock_fd_ = -1;  // the writer's lock file, held for the connection's life (released after it closes)
  sqlite::Database db_;
  bool in_transaction_ = false;
  std::optional<StorageError> failed_;
};

RoomId room_of(const WriteOp& op) {
  return std::visit(
      [](const auto& o) -> RoomId {
        using T = std::decay_t<decltype(o)>;
        if constexpr (std::is_same_v<T, InsertRoom>) return o.room.room;
        else return o.room;
      },
      op);
}

SqliteStorage::~SqliteStorage() {
  db_.close();
  if (lock_fd_ >= 0) ::close(lock_fd_);  // after SQLite has let go of the database
}

StorageError SqliteStorage::error(StorageError::Kind kind, std::string_view what) const {
  std::string detail(what);
  detail += ": ";
  detail += db_.last_error().message;
  return StorageError{kind, std::move(detail)};
}

game::Result<bool, StorageError> SqliteStorage::exec(const char* sql) {
  auto done = db_.exec(sql);
  if (done) return true;
  int rc = done.error().code;
  auto kind = (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) ? StorageError::Kind::locked : StorageError::Kind::io;
  return StorageError{kind, std::string(sql).substr(0, 40) + "…: " + done.error().message};
}

game::Result<std::unique_ptr<Storage>, StorageError> Storage::open(const std::filesystem::path& file, SyncMode sync) {
  // One writer per database, across processes: an flock on FILE.lock, released by the kernel
  // when the process ends, however it ends.
  // (An in-memory database, for tests and fuzzing, is private to its connection anyway.)
  std::filesystem::path lock_path = file;
  lock_path += ".lock";
  int lock_fd = -1;
  if (file != ":memory:") {
    lock_fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (lock_fd < 0) return StorageError{StorageError::Kind::open_failed, "cannot open " + lock_path.string()};
  }
  if (lock_fd >= 0 && ::flock(lock_fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(lock_fd);
    return StorageError{StorageError::Kind::locked,
                        "the database is in use by another process (" + lock_path.string() + " is locked)"};
  }
  auto db = sqlite::Database::open(file.string(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                                   SQLITE_PREPARE_PERSISTENT);
  if (!db) {
    if (lock_fd >= 0) ::close(lock_fd);
    return StorageError{StorageError::Kind::open_failed, "cannot open " + file.string() + ": " + db.error().message};
  }
  auto s = std::make_unique<SqliteStorage>(std::move(*db));
  s->set_lock(lock_fd);
  for (const char* sql : {"PRAGMA journal_mode=WAL",
                          sync == SyncMode::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL",
                          "BEGIN IMMEDIATE"}) {
    if (auto r = s->exec(sql); !r) return r.error();
  }
  {
    sqlite::Statement version(s->db().handle(), "PRAGMA user_version");
    if (!version.ok() || version.step() != SQLITE_ROW) return s->error(StorageError::Kind::schema, "user_version");
    std::int64_t v = version.column_int(0);
    if (v < 0 || v > kSchemaVersion) {
      return StorageError{StorageError::Kind::schema, "the database has schema version " + std::to_string(v) +
                                                          ", this lobby knows " + std::to_string(kSchemaVersion)};
    }
    // Version 1 to 2, in the same transaction as the rest: rooms before it reserve no seat.
    if (v == 1) {
      if (auto r = s->exec("ALTER TABLE rooms ADD COLUMN reservation BLOB"); !r) return r.error();
    }
  }
  if (auto r = s->exec(kSchema); !r) return r.error();
  if (auto r = s->exec("PRAGMA user_version=2"); !r) return r.error();
  if (auto r = s->exec("COMMIT"); !r) return r.error();
  return std::unique_ptr<Storage>(std::move(s));
}

game::Result<std::unique_ptr<Storage>, StorageError> Storage::open_reader(const std::filesystem::path& file) {
  auto db = sqlite::Database::open(file.string(), SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, SQLITE_PREPARE_PERSISTENT);
  if (!db) {
    return StorageError{StorageError::Kind::open_failed,
                        "cannot open " + file.string() + " to read: " + db.error().message};
  }
  return std::unique_ptr<Storage>(std::make_unique<SqliteStorage>(std::move(*db)));
}

sqlite::Statement* SqliteStorage::prepared(const char* sql) {
  if (failed_) return nullptr;
  sqlite::Statement* st = db_.prepared(sql);
  if (st == nullptr) failed_ = error(StorageError::Kind::io, std::string("prepare ") + sql);
  return st;
}

void SqliteStorage::begin_if_needed() {
  if (in_transaction_ || failed_) return;
  if (auto r = exec("BEGIN"); !r) {
    failed_ = r.error();
    return;
  }
  in_transaction_ = true;
}

void SqliteStorage::record(int rc, const char* what) {
  if (rc != SQLITE_DONE && rc != SQLITE_ROW && !failed_) failed_ = error(StorageError::Kind::io, what);
}

void SqliteStorage::write(const InsertRoom& op) {
  const RoomHeader& room = op.room;
  begin_if_needed();
  static constexpr const char* kSql =
      "INSERT INTO rooms(room_id, game, seat_count, options, visibility, invite_code, phase, session_id, reservation) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, NULL, ?8)";
  sqlite::Statement* st = prepared(kSql);
  if (st == nullptr) return;
  st->bind_int(1, static_cast<std::int64_t>(room.room.value))
      .bind_text(2, room.game)
      .bind_int(3, op.seat_count)
      .bind_blob(4, room.options)
      .bind_int(5, static_cast<std::int64_t>(room.visibility))
      .bind_text(6, room.invite_code)
      .bind_int(7, static_cast<std::int64_t>(room.phase));
  if (op.reservation) {
    Bytes keys(op.reservation->creator.bytes().begin(), op.reservation->creator.bytes().end());
    for (const auto& k : op.reservation->seats) keys.insert(keys.end(), k.bytes().begin(), k.bytes().end());
    st->bind_blob(8, keys);
  }
  record(st->step(), "insert room");
  finish(*st);
}

void SqliteStorage::write(const StartRoom& op) {
  RoomId room = op.room;
  const SessionId& session = op.session;
  begin_if_needed();
  static constexpr const char* kSql = "UPDATE rooms SET phase = 1, session_id = ?2 WHERE room_id = ?1";
  sqlite::Statement* st = prepared(kSql);
  if (st == nullptr) return;
  st->bind_int(1, static_cast<std::int64_t>(room.value)).bind_blob(2, session.bytes);
  record(st->step(), "start room");
  finish(*st);
}

void SqliteStorage::write(const CloseRoom& op) {
  RoomId room = op.room;
  begin_if_needed();
  static constexpr const char* kSql = "UPDATE rooms SET phase = 2 WHERE room_id = ?1";
  sqlite::Statement* st = prepared(kSql);
  if (st == nullptr) return;
  st->bind_int(1, static_cast<std::int64_t>(room.value));
  record(st->step(), "close room");
  finish(*st);
}

void SqliteStorage::write(const DeleteRoom& op) {
  RoomId room = op.room;
  begin_if_needed();
  for (const char* sql : {"DELETE FROM seats WHERE room_id = ?1", "DELETE FROM rooms WHERE room_id = ?1"}) {
    sqlite::Statement* st = prepared(sql);
    if (st == nullptr) return;
    st->bind_int(1, static_cast<std::int64_t>(room.value));
    record(st->step(), "delete room");
    finish(*st);
  }
}

void SqliteStorage::write(const PutSeat& op) {
  RoomId room = op.room;
  const StoredSeat& seat = op.seat;
  begin_if_needed();
  static constexpr const char* kSql =
      "INSERT OR REPLACE INTO seats(room_id, seat, key, name, presence) VALUES(?1, ?2, ?3, ?4, ?5)";
  sqlite::Statement* st = prepared(kSql);
  if (st == nullptr) return;
  st->bind_int(1, static_cast<std::int64_t>(room.value))
      .bind_int(2, seat.seat.index)
      .bind_blob(3, seat.key.bytes())
      .bind_text(4, seat.name)
      .bind_int(5, static_cast<std::int64_t>(seat.presence));
  record(st->step(), "put seat");
  finish(*st);
}

void SqliteStorage::write(const DeleteSeat& op) {
  RoomId room = op.room;
  game::Seat seat = op.seat;
  begin_if_needed();
  static constexpr const char* kSql = "DELETE FROM seats WHERE room_id = ?1 AND seat = ?2";
  sqlite::Statement* st = prepared(kSql);
  if (st == nullptr) return;
  st->bind_int(1, static_cast<std::int64_t>(room.value)).bind_int(2, seat.index);
  record(st->step(), "delete seat");
  finish(*st);
}

void SqliteStorage::write(const SetPresence& op) {
  RoomId room = op.room;
  game::Seat seat = op.seat;
  SeatPresence presence = op.presence;
  begin_if_needed();
  static constexpr const char* kSql = "UPDATE seats SET presence = ?3 WHERE room_id = ?1 AND seat = ?2";
  sqlite::Statement* st = prepared(kSql);
  if (st == nullptr) return;
  st->bind_int(1, static_cast<std::int64_t>(room.value)).bind_int(2, seat.index).bind_int(3, static_cast<std::int64_t>(presence));
  record(st->step(), "set presence");
  finish(*st);
}

void SqliteStorage::write(const InsertEntry& op) {
  RoomId room = op.room;
  EntryIndex index = op.index;
  std::uint64_t lobby_time_ms = op.lobby_time_ms;
  const EntryHash& hash = op.hash;
  std::span<const std::uint8_t> signed_entry_wire = op.wire;
  begin_if_needed();
  static constexpr const char* kSql =
      "INSERT INTO entries(room_id, idx, lobby_time_ms, hash, entry) VALUES(?1, ?2, ?3, ?4, ?5)";
  sqlite::Statement* st = prepared(kSql);
  if (st == nullptr) return;
  st->bind_int(1, static_cast<std::int64_t>(room.value))
      .bind_int(2, static_cast<std::int64_t>(index.value))
      .bind_int(3, static_cast<std::int64_t>(lobby_time_ms))
      .bind_blob(4, hash)
      .bind_blob(5, signed_entry_wire);
  record(st->step(), "insert entry");
  finish(*st);
}

game::Result<std::unique_ptr<Storage>, StorageError> Storage::open_checkpointer(const std::filesystem::path& file,
                                                                               SyncMode sync) {
  auto db = sqlite::Database::open(file.string(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, SQLITE_PREPARE_PERSISTENT);
  if (!db) {
    return StorageError{StorageError::Kind::open_failed,
                        "cannot open " + file.string() + " to checkpoint: " + db.error().message};
  }
  auto s = std::make_unique<SqliteStorage>(std::move(*db));
  // The checkpoint flushes the database file before the log may be reused: same setting as
  // the writer.
  if (auto r = s->exec(sync == SyncMode::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL"); !r) {
    return r.error();
  }
  return std::unique_ptr<Storage>(std::move(s));
}

void SqliteStorage::leave_checkpoints_to_another_connection() { sqlite3_wal_autocheckpoint(db_.handle(), 0); }

game::Result<bool, StorageError> SqliteStorage::checkpoint() {
  int rc = sqlite3_wal_checkpoint_v2(db_.handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
  if (rc == SQLITE_OK || rc == SQLITE_BUSY) return true;  // busy: another checkpoint is running
  return error(StorageError::Kind::io, "checkpoint");
}

void SqliteStorage::apply(const WriteBatch& batch) {
  for (const WriteOp& op : batch) std::visit([&](const auto& o) { write(o); }, op);
}

game::Result<bool, StorageError> SqliteStorage::commit() {
  if (failed_) return *failed_;
  if (!in_transaction_) return false;
  in_transaction_ = false;
  if (auto r = exec("COMMIT"); !r) {
    failed_ = r.error();
    return r.error();
  }
  return true;
}

game::Result<std::optional<EntryHash>, StorageError> SqliteStorage::entry_hash(RoomId room, EntryIndex index) {
  static constexpr const char* kSql = "SELECT hash FROM entries WHERE room_id = ?1 AND idx = ?2";
  sqlite::Statement* st = prepared(kSql);
  if (st == nullptr) return *failed_;
  st->bind_int(1, static_cast<std::int64_t>(room.value)).bind_int(2, static_cast<std::int64_t>(index.value));
  int rc = st->step();
  std::optional<EntryHash> out;
  if (rc == SQLITE_ROW) {
    EntryHash h{};
    if (!copy_fixed(st->column_blob(0), h)) {
      finish(*st);
      return StorageError{StorageError::Kind::corrupt, "an entry hash is not 32 bytes"};
    }
    out = h;
  } else if (rc != SQLITE_DONE) {
    finish(*st);
    return error(StorageError::Kind::io, "read entry hash");
  }
  finish(*st);
  return out;
}

game::Result<std::vector<Bytes>, StorageError> SqliteStorage::entries(RoomId room, EntryIndex from, std::size_t max_count,
                                                                std::size_t max_bytes) {
  static constexpr const char* kSql =
      "SELECT entry FROM entries WHERE room_id = ?1 AND idx >= ?2 ORDER BY idx LIMIT ?3";
  sqlite::Statement* st = prepared(kSql);
  if (st == nullptr) return *failed_;
  st->bind_int(1, static_cast<std::int64_t>(room.value))
      .bind_int(2, static_cast<std::int64_t>(from.value))
      .bind_int(3, static_cast<std::int64_t>(max_count));
  std::vector<Bytes> out;
  std::size_t total = 0;
  int rc = SQLITE_ROW;
  while (total < max_bytes && (rc = st->step()) == SQLITE_ROW) {
    out.push_back(st->column_blob(0));
    total += out.back().size();
  }
  finish(*st);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return error(StorageError::Kind::io, "read entries");
  return out;
}

game::Result<std::vector<RoomId>, StorageError> SqliteStorage::closed_rooms() {
  sqlite::Statement* st = prepared("SELECT room_id FROM rooms WHERE phase = 2 ORDER BY room_id");
  if (st == nullptr) return *failed_;
  std::vector<RoomId> out;
  int rc;
  while ((rc = st->step()) == SQLITE_ROW) out.push_back(RoomId{static_cast<std::uint64_t>(st->column_int(0))});
  finish(*st);
  if (rc != SQLITE_DONE) return error(StorageError::Kind::io, "closed rooms");
  return out;
}

game::Result<RoomId, StorageError> SqliteStorage::max_room_id() {
  sqlite::Statement* st = prepared("SELECT COALESCE(MAX(room_id), 0) FROM rooms");
  if (st == nullptr) return *failed_;
  int rc = st->step();
  RoomId id{rc == SQLITE_ROW ? static_cast<std::uint64_t>(st->column_int(0)) : 0};
  finish(*st);
  if (rc != SQLITE_ROW) return error(StorageError::Kind::io, "max room id");
  return id;
}

game::Result<std::vector<StoredRoom>, StorageError> SqliteStorage::load_open_rooms(std::size_t recent_hashes) {
  std::vector<StoredRoom> rooms;
  {
    sqlite::Statement* st = prepared(
        "SELECT room_id, game, seat_count, options, visibility, invite_code, phase, session_id, reservation FROM rooms "
        "WHERE phase != 2 ORDER BY room_id");
    if (st == nullptr) return *failed_;
    int rc;
    while ((rc = st->step()) == SQLITE_ROW) {
      StoredRoom r;
      r.room = RoomId{static_cast<std::uint64_t>(st->column_int(0))};
      r.game = st->column_text(1);
      r.seat_count = static_cast<std::uint8_t>(st->column_int(2));
      r.options = st->column_blob(3);
      r.visibility = static_cast<Visibility>(st->column_int(4));
      r.invite_code = st->column_text(5);
      r.phase = static_cast<RoomPhase>(st->column_int(6));
      bool session_ok = r.phase != RoomPhase::started || copy_fixed(st->column_blob(7), r.session_id.bytes);
      bool sane = r.seat_count >= kMinSeats && r.seat_count <= kMaxSeats && st->column_int(4) <= 1 &&
                  st->column_int(6) <= 1 && session_ok;
      if (const Bytes keys = st->column_blob(8); sane && !keys.empty()) {
        // The creator's key, then one a seat.
        sane = keys.size() == crypto::kPublicKeyBytes * (1 + std::size_t{r.seat_count});
        std::vector<crypto::PublicKey> read;
        for (std::size_t at = 0; sane && at < keys.size(); at += crypto::kPublicKeyBytes) {
          auto key = crypto::PublicKey::from_bytes(std::span(keys).subspan(at, crypto::kPublicKeyBytes));
          if (key) read.push_back(*key);
          else sane = false;
        }
        if (sane) r.reservation = Reservation{read.front(), std::vector(read.begin() + 1, read.end())};
      }
      if (!sane) {
        finish(*st);
        return StorageError{StorageError::Kind::corrupt, "room " + std::to_string(r.room.value) + " is malformed"};
      }
      rooms.push_back(std::move(r));
    }
    finish(*st);
    if (rc != SQLITE_DONE) return error(StorageError::Kind::io, "load rooms");
  }
  for (StoredRoom& r : rooms) {
    sqlite::Statement* st = prepared("SELECT seat, key, name, presence FROM seats WHERE room_id = ?1 ORDER BY seat");
    if (st == nullptr) return *failed_;
    st->bind_int(1, static_cast<std::int64_t>(r.room.value));
    int rc;
    while ((rc = st->step()) == SQLITE_ROW) {
      auto seat = st->column_int(0);
      auto key = crypto::PublicKey::from_bytes(st->column_blob(1));
      auto presence = st->column_int(3);
      if (seat < 0 || seat >= r.seat_count || !key || presence < 0 || presence > 2) {
        finish(*st);
        return StorageError{StorageError::Kind::corrupt, "a seat of room " + std::to_string(r.room.value) + " is malformed"};
      }
      r.seats.push_back(StoredSeat{game::Seat{static_cast<std::uint8_t>(seat)}, *key, st->column_text(2),
                                   static_cast<SeatPresence>(presence)});
    }
    finish(*st);
    if (rc != SQLITE_DONE) return error(StorageError::Kind::io, "load seats");

    sqlite::Statement* tail = prepared(
        "SELECT idx, lobby_time_ms, hash FROM entries WHERE room_id = ?1 ORDER BY idx DESC LIMIT ?2");
    if (tail == nullptr) return *failed_;
    tail->bind_int(1, static_cast<std::int64_t>(r.room.value))
        .bind_int(2, static_cast<std::int64_t>(std::max<std::size_t>(recent_hashes, 1)));
    bool first = true;
    while ((rc = tail->step()) == SQLITE_ROW) {
      EntryHash h{};
      if (!copy_fixed(tail->column_blob(2), h)) {
        finish(*tail);
        return StorageError{StorageError::Kind::corrupt, "an entry hash of room " + std::to_string(r.room.value) + " is malformed"};
      }
      if (first) {
        r.entry_count = EntryIndex{static_cast<std::uint64_t>(tail->column_int(0)) + 1};
        r.last_time_ms = static_cast<std::uint64_t>(tail->column_int(1));
        r.head_hash = h;
        first = false;
      }
      r.recent_hashes.push_back(h);
    }
    finish(*tail);
    if (rc != SQLITE_DONE) return error(StorageError::Kind::io, "load entries");
    std::reverse(r.recent_hashes.begin(), r.recent_hashes.end());
    if (r.phase == RoomPhase::started && r.entry_count.value == 0) {
      return StorageError{StorageError::Kind::corrupt, "started room " + std::to_string(r.room.value) + " has no genesis"};
    }
  }
  return rooms;
}

}  // namespace parley::lobby
