#include "lobby/server/storage.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace parley::lobby {

// A prepared statement kept for the connection's life, reset after every use.
class Storage::Statement {
 public:
  Statement(sqlite3* db, const char* sql) : sql_(sql) { rc_ = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  const char* sql() const { return sql_; }
  int prepare_status() const { return rc_; }
  sqlite3_stmt* get() { return stmt_; }

  Statement& i64(int col, std::int64_t v) {
    sqlite3_bind_int64(stmt_, col, v);
    return *this;
  }
  Statement& blob(int col, std::span<const std::uint8_t> b) {
    // An empty span may have a null data pointer, which SQLite would store as NULL.
    if (b.empty()) {
      sqlite3_bind_zeroblob(stmt_, col, 0);
      return *this;
    }
    sqlite3_bind_blob(stmt_, col, b.data(), static_cast<int>(b.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& text(int col, std::string_view s) {
    sqlite3_bind_text(stmt_, col, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
    return *this;
  }
  int step() { return sqlite3_step(stmt_); }
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  std::int64_t col_i64(int c) { return sqlite3_column_int64(stmt_, c); }
  std::string col_text(int c) {
    const auto* p = sqlite3_column_text(stmt_, c);
    return p == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(p),
                                                      static_cast<std::size_t>(sqlite3_column_bytes(stmt_, c)));
  }
  Bytes col_blob(int c) {
    const auto* p = static_cast<const std::uint8_t*>(sqlite3_column_blob(stmt_, c));
    auto n = static_cast<std::size_t>(sqlite3_column_bytes(stmt_, c));
    return p == nullptr ? Bytes() : Bytes(p, p + n);
  }

 private:
  const char* sql_;
  sqlite3_stmt* stmt_ = nullptr;
  int rc_ = SQLITE_OK;
};

namespace {

constexpr int kSchemaVersion = 1;

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS rooms(
  room_id     INTEGER PRIMARY KEY,
  game        TEXT    NOT NULL,
  seat_count  INTEGER NOT NULL,
  options     BLOB    NOT NULL,
  visibility  INTEGER NOT NULL,
  invite_code TEXT    NOT NULL,
  phase       INTEGER NOT NULL,
  session_id  BLOB
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

StorageError sqlite_error(sqlite3* db, StorageError::Kind kind, std::string_view what) {
  std::string detail(what);
  detail += ": ";
  detail += db != nullptr ? sqlite3_errmsg(db) : "out of memory";
  return StorageError{kind, std::move(detail)};
}

template <std::size_t N>
bool copy_fixed(const Bytes& from, std::array<std::uint8_t, N>& to) {
  if (from.size() != N) return false;
  std::copy(from.begin(), from.end(), to.begin());
  return true;
}

}  // namespace

Storage::Storage(sqlite3* db) : db_(db) {}

Storage::~Storage() {
  statements_.clear();
  sqlite3_close(db_);
  if (lock_fd_ >= 0) ::close(lock_fd_);  // after SQLite has let go of the database
}

game::Result<bool, StorageError> Storage::exec(const char* sql) {
  char* message = nullptr;
  int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &message);
  if (rc == SQLITE_OK) return true;
  std::string detail = message != nullptr ? message : sqlite3_errstr(rc);
  sqlite3_free(message);
  auto kind = (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) ? StorageError::Kind::locked : StorageError::Kind::io;
  return StorageError{kind, std::string(sql).substr(0, 40) + "…: " + detail};
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
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    StorageError e = sqlite_error(db, StorageError::Kind::open_failed, "cannot open " + file.string());
    sqlite3_close(db);
    if (lock_fd >= 0) ::close(lock_fd);
    return e;
  }
  std::unique_ptr<Storage> s(new Storage(db));
  s->lock_fd_ = lock_fd;
  for (const char* sql : {"PRAGMA journal_mode=WAL",
                          sync == SyncMode::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL",
                          "BEGIN IMMEDIATE"}) {
    if (auto r = s->exec(sql); !r) return r.error();
  }
  {
    Statement version(db, "PRAGMA user_version");
    if (version.step() != SQLITE_ROW) return sqlite_error(db, StorageError::Kind::schema, "user_version");
    std::int64_t v = version.col_i64(0);
    if (v != 0 && v != kSchemaVersion) {
      return StorageError{StorageError::Kind::schema, "the database has schema version " + std::to_string(v) +
                                                          ", this lobby knows " + std::to_string(kSchemaVersion)};
    }
  }
  if (auto r = s->exec(kSchema); !r) return r.error();
  if (auto r = s->exec("PRAGMA user_version=1"); !r) return r.error();
  if (auto r = s->exec("COMMIT"); !r) return r.error();
  return s;
}

game::Result<std::unique_ptr<Storage>, StorageError> Storage::open_reader(const std::filesystem::path& file) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    StorageError e = sqlite_error(db, StorageError::Kind::open_failed, "cannot open " + file.string() + " to read");
    sqlite3_close(db);
    return e;
  }
  return std::unique_ptr<Storage>(new Storage(db));
}

Storage::Statement& Storage::prepared(const char* sql) {
  // Callers pass string literals: the pointer usually matches, the text always does.
  for (auto& st : statements_) {
    if (st->sql() == sql || std::strcmp(st->sql(), sql) == 0) return *st;
  }
  statements_.push_back(std::make_unique<Statement>(db_, sql));
  Statement& st = *statements_.back();
  if (st.prepare_status() != SQLITE_OK && !failed_) {
    failed_ = sqlite_error(db_, StorageError::Kind::io, std::string("prepare ") + sql);
  }
  return st;
}

void Storage::begin_if_needed() {
  if (in_transaction_ || failed_) return;
  if (auto r = exec("BEGIN"); !r) {
    failed_ = r.error();
    return;
  }
  in_transaction_ = true;
}

void Storage::record(int rc, const char* what) {
  if (rc != SQLITE_DONE && rc != SQLITE_ROW && !failed_) failed_ = sqlite_error(db_, StorageError::Kind::io, what);
}

void Storage::write(const InsertRoom& op) {
  const RoomHeader& room = op.room;
  begin_if_needed();
  static constexpr const char* kSql =
      "INSERT INTO rooms(room_id, game, seat_count, options, visibility, invite_code, phase, session_id) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, NULL)";
  Statement& st = prepared(kSql);
  if (failed_) return;
  st.i64(1, static_cast<std::int64_t>(room.room.value))
      .text(2, room.game)
      .i64(3, op.seat_count)
      .blob(4, room.options)
      .i64(5, static_cast<std::int64_t>(room.visibility))
      .text(6, room.invite_code)
      .i64(7, static_cast<std::int64_t>(room.phase));
  record(st.step(), "insert room");
  st.reset();
}

void Storage::write(const StartRoom& op) {
  RoomId room = op.room;
  const SessionId& session = op.session;
  begin_if_needed();
  static constexpr const char* kSql = "UPDATE rooms SET phase = 1, session_id = ?2 WHERE room_id = ?1";
  Statement& st = prepared(kSql);
  if (failed_) return;
  st.i64(1, static_cast<std::int64_t>(room.value)).blob(2, session.bytes);
  record(st.step(), "start room");
  st.reset();
}

void Storage::write(const CloseRoom& op) {
  RoomId room = op.room;
  begin_if_needed();
  static constexpr const char* kSql = "UPDATE rooms SET phase = 2 WHERE room_id = ?1";
  Statement& st = prepared(kSql);
  if (failed_) return;
  st.i64(1, static_cast<std::int64_t>(room.value));
  record(st.step(), "close room");
  st.reset();
}

void Storage::write(const DeleteRoom& op) {
  RoomId room = op.room;
  begin_if_needed();
  for (const char* sql : {"DELETE FROM seats WHERE room_id = ?1", "DELETE FROM rooms WHERE room_id = ?1"}) {
    Statement& st = prepared(sql);
    if (failed_) return;
    st.i64(1, static_cast<std::int64_t>(room.value));
    record(st.step(), "delete room");
    st.reset();
  }
}

void Storage::write(const PutSeat& op) {
  RoomId room = op.room;
  const StoredSeat& seat = op.seat;
  begin_if_needed();
  static constexpr const char* kSql =
      "INSERT OR REPLACE INTO seats(room_id, seat, key, name, presence) VALUES(?1, ?2, ?3, ?4, ?5)";
  Statement& st = prepared(kSql);
  if (failed_) return;
  st.i64(1, static_cast<std::int64_t>(room.value))
      .i64(2, seat.seat.index)
      .blob(3, seat.key.bytes())
      .text(4, seat.name)
      .i64(5, static_cast<std::int64_t>(seat.presence));
  record(st.step(), "put seat");
  st.reset();
}

void Storage::write(const DeleteSeat& op) {
  RoomId room = op.room;
  game::Seat seat = op.seat;
  begin_if_needed();
  static constexpr const char* kSql = "DELETE FROM seats WHERE room_id = ?1 AND seat = ?2";
  Statement& st = prepared(kSql);
  if (failed_) return;
  st.i64(1, static_cast<std::int64_t>(room.value)).i64(2, seat.index);
  record(st.step(), "delete seat");
  st.reset();
}

void Storage::write(const SetPresence& op) {
  RoomId room = op.room;
  game::Seat seat = op.seat;
  SeatPresence presence = op.presence;
  begin_if_needed();
  static constexpr const char* kSql = "UPDATE seats SET presence = ?3 WHERE room_id = ?1 AND seat = ?2";
  Statement& st = prepared(kSql);
  if (failed_) return;
  st.i64(1, static_cast<std::int64_t>(room.value)).i64(2, seat.index).i64(3, static_cast<std::int64_t>(presence));
  record(st.step(), "set presence");
  st.reset();
}

void Storage::write(const InsertEntry& op) {
  RoomId room = op.room;
  EntryIndex index = op.index;
  std::uint64_t lobby_time_ms = op.lobby_time_ms;
  const EntryHash& hash = op.hash;
  std::span<const std::uint8_t> signed_entry_wire = op.wire;
  begin_if_needed();
  static constexpr const char* kSql =
      "INSERT INTO entries(room_id, idx, lobby_time_ms, hash, entry) VALUES(?1, ?2, ?3, ?4, ?5)";
  Statement& st = prepared(kSql);
  if (failed_) return;
  st.i64(1, static_cast<std::int64_t>(room.value))
      .i64(2, static_cast<std::int64_t>(index.value))
      .i64(3, static_cast<std::int64_t>(lobby_time_ms))
      .blob(4, hash)
      .blob(5, signed_entry_wire);
  record(st.step(), "insert entry");
  st.reset();
}

game::Result<std::unique_ptr<Storage>, StorageError> Storage::open_checkpointer(const std::filesystem::path& file,
                                                                               SyncMode sync) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    StorageError e = sqlite_error(db, StorageError::Kind::open_failed, "cannot open " + file.string() + " to checkpoint");
    sqlite3_close(db);
    return e;
  }
  std::unique_ptr<Storage> s(new Storage(db));
  // The checkpoint flushes the database file before the log may be reused: same setting as
  // the writer.
  if (auto r = s->exec(sync == SyncMode::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL"); !r) {
    return r.error();
  }
  return s;
}

void Storage::leave_checkpoints_to_another_connection() { sqlite3_wal_autocheckpoint(db_, 0); }

game::Result<bool, StorageError> Storage::checkpoint() {
  int rc = sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
  if (rc == SQLITE_OK || rc == SQLITE_BUSY) return true;  // busy: another checkpoint is running
  return sqlite_error(db_, StorageError::Kind::io, "checkpoint");
}

void Storage::apply(const WriteBatch& batch) {
  for (const WriteOp& op : batch) std::visit([&](const auto& o) { write(o); }, op);
}

game::Result<bool, StorageError> Storage::commit() {
  if (failed_) return *failed_;
  if (!in_transaction_) return false;
  in_transaction_ = false;
  if (auto r = exec("COMMIT"); !r) {
    failed_ = r.error();
    return r.error();
  }
  return true;
}

game::Result<std::optional<EntryHash>, StorageError> Storage::entry_hash(RoomId room, EntryIndex index) {
  static constexpr const char* kSql = "SELECT hash FROM entries WHERE room_id = ?1 AND idx = ?2";
  Statement& st = prepared(kSql);
  if (failed_) return *failed_;
  st.i64(1, static_cast<std::int64_t>(room.value)).i64(2, static_cast<std::int64_t>(index.value));
  int rc = st.step();
  std::optional<EntryHash> out;
  if (rc == SQLITE_ROW) {
    EntryHash h{};
    if (!copy_fixed(st.col_blob(0), h)) {
      st.reset();
      return StorageError{StorageError::Kind::corrupt, "an entry hash is not 32 bytes"};
    }
    out = h;
  } else if (rc != SQLITE_DONE) {
    st.reset();
    return sqlite_error(db_, StorageError::Kind::io, "read entry hash");
  }
  st.reset();
  return out;
}

game::Result<std::vector<Bytes>, StorageError> Storage::entries(RoomId room, EntryIndex from, std::size_t max_count,
                                                                std::size_t max_bytes) {
  static constexpr const char* kSql =
      "SELECT entry FROM entries WHERE room_id = ?1 AND idx >= ?2 ORDER BY idx LIMIT ?3";
  Statement& st = prepared(kSql);
  if (failed_) return *failed_;
  st.i64(1, static_cast<std::int64_t>(room.value))
      .i64(2, static_cast<std::int64_t>(from.value))
      .i64(3, static_cast<std::int64_t>(max_count));
  std::vector<Bytes> out;
  std::size_t total = 0;
  int rc = SQLITE_ROW;
  while (total < max_bytes && (rc = st.step()) == SQLITE_ROW) {
    out.push_back(st.col_blob(0));
    total += out.back().size();
  }
  st.reset();
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return sqlite_error(db_, StorageError::Kind::io, "read entries");
  return out;
}

game::Result<std::vector<RoomId>, StorageError> Storage::closed_rooms() {
  Statement& st = prepared("SELECT room_id FROM rooms WHERE phase = 2 ORDER BY room_id");
  if (failed_) return *failed_;
  std::vector<RoomId> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW) out.push_back(RoomId{static_cast<std::uint64_t>(st.col_i64(0))});
  st.reset();
  if (rc != SQLITE_DONE) return sqlite_error(db_, StorageError::Kind::io, "closed rooms");
  return out;
}

game::Result<RoomId, StorageError> Storage::max_room_id() {
  Statement& st = prepared("SELECT COALESCE(MAX(room_id), 0) FROM rooms");
  if (failed_) return *failed_;
  int rc = st.step();
  RoomId id{rc == SQLITE_ROW ? static_cast<std::uint64_t>(st.col_i64(0)) : 0};
  st.reset();
  if (rc != SQLITE_ROW) return sqlite_error(db_, StorageError::Kind::io, "max room id");
  return id;
}

game::Result<std::vector<StoredRoom>, StorageError> Storage::load_open_rooms(std::size_t recent_hashes) {
  std::vector<StoredRoom> rooms;
  {
    Statement& st = prepared(
        "SELECT room_id, game, seat_count, options, visibility, invite_code, phase, session_id FROM rooms "
        "WHERE phase != 2 ORDER BY room_id");
    if (failed_) return *failed_;
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) {
      StoredRoom r;
      r.room = RoomId{static_cast<std::uint64_t>(st.col_i64(0))};
      r.game = st.col_text(1);
      r.seat_count = static_cast<std::uint8_t>(st.col_i64(2));
      r.options = st.col_blob(3);
      r.visibility = static_cast<Visibility>(st.col_i64(4));
      r.invite_code = st.col_text(5);
      r.phase = static_cast<RoomPhase>(st.col_i64(6));
      bool session_ok = r.phase != RoomPhase::started || copy_fixed(st.col_blob(7), r.session_id.bytes);
      bool sane = r.seat_count >= kMinSeats && r.seat_count <= kMaxSeats && st.col_i64(4) <= 1 &&
                  st.col_i64(6) <= 1 && session_ok;
      if (!sane) {
        st.reset();
        return StorageError{StorageError::Kind::corrupt, "room " + std::to_string(r.room.value) + " is malformed"};
      }
      rooms.push_back(std::move(r));
    }
    st.reset();
    if (rc != SQLITE_DONE) return sqlite_error(db_, StorageError::Kind::io, "load rooms");
  }
  for (StoredRoom& r : rooms) {
    Statement& st = prepared("SELECT seat, key, name, presence FROM seats WHERE room_id = ?1 ORDER BY seat");
    st.i64(1, static_cast<std::int64_t>(r.room.value));
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) {
      auto seat = st.col_i64(0);
      auto key = crypto::PublicKey::from_bytes(st.col_blob(1));
      auto presence = st.col_i64(3);
      if (seat < 0 || seat >= r.seat_count || !key || presence < 0 || presence > 2) {
        st.reset();
        return StorageError{StorageError::Kind::corrupt, "a seat of room " + std::to_string(r.room.value) + " is malformed"};
      }
      r.seats.push_back(StoredSeat{game::Seat{static_cast<std::uint8_t>(seat)}, *key, st.col_text(2),
                                   static_cast<SeatPresence>(presence)});
    }
    st.reset();
    if (rc != SQLITE_DONE) return sqlite_error(db_, StorageError::Kind::io, "load seats");

    Statement& tail = prepared(
        "SELECT idx, lobby_time_ms, hash FROM entries WHERE room_id = ?1 ORDER BY idx DESC LIMIT ?2");
    tail.i64(1, static_cast<std::int64_t>(r.room.value)).i64(2, static_cast<std::int64_t>(std::max<std::size_t>(recent_hashes, 1)));
    bool first = true;
    while ((rc = tail.step()) == SQLITE_ROW) {
      EntryHash h{};
      if (!copy_fixed(tail.col_blob(2), h)) {
        tail.reset();
        return StorageError{StorageError::Kind::corrupt, "an entry hash of room " + std::to_string(r.room.value) + " is malformed"};
      }
      if (first) {
        r.entry_count = EntryIndex{static_cast<std::uint64_t>(tail.col_i64(0)) + 1};
        r.last_time_ms = static_cast<std::uint64_t>(tail.col_i64(1));
        r.head_hash = h;
        first = false;
      }
      r.recent_hashes.push_back(h);
    }
    tail.reset();
    if (rc != SQLITE_DONE) return sqlite_error(db_, StorageError::Kind::io, "load entries");
    std::reverse(r.recent_hashes.begin(), r.recent_hashes.end());
    if (r.phase == RoomPhase::started && r.entry_count.value == 0) {
      return StorageError{StorageError::Kind::corrupt, "started room " + std::to_string(r.room.value) + " has no genesis"};
    }
  }
  return rooms;
}

}  // namespace parley::lobby
