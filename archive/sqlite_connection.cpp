#include "archive/sqlite_connection.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

namespace parley::archive {

namespace {
constexpr int kBusyTimeoutMs = 10'000;
constexpr int kNewFilePageSize = 16'384;
}  // namespace

SqliteConnection::SqliteConnection(const std::string& path) {
  // SQLite counts the memory it allocates, under a mutex of the whole process, unless told before
  // its first use that nobody reads the count (the archive does not). Told later, it refuses
  // (SQLITE_MISUSE) and keeps counting, which is only slower.
  static const int memory_counting_off = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  (void)memory_counting_off;
  // One thread at a time uses a connection (the lobby hands its feed's to its archive thread),
  // so SQLite's per-call mutex is not needed.
  constexpr int kFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  auto db = sqlite::Database::open(path, kFlags);
  if (!db) throw SqlError("cannot open " + path + ": " + db.error().message);
  db_ = std::move(*db);
  // Another process importing at the same time waits for the lock instead of failing at once.
  sqlite3_busy_timeout(db_.handle(), kBusyTimeoutMs);
  // A new file's page size, which only an empty file takes (and so must come before the
  // write-ahead log, which fixes it). SQLite's default of 4 KB made an import write the file in
  // 4 KB calls and split its B-trees four times as often: 16 KB pages import the benchmark's
  // games 13% faster. A one-game batch then writes about 3.5 times the bytes (its positions land
  // in as many pages, each larger), which is still milliseconds (docs/archive.md, "Schema").
  // An existing file keeps the page size it has.
  exec_script("PRAGMA page_size = " + std::to_string(kNewFilePageSize));
  // Foreign keys are declared in the schema (PostgreSQL enforces them) but SQLite does not
  // check them here: ArchiveStore is the only writer and inserts a game's parent rows first in
  // the same transaction, and checking every position row against Game was a quarter of an
  // import's CPU time (docs/archive.md, "Import"). A page cache of 2 MB: an import appends to
  // its large tables in key order (the indexes it fills in random order, such as the content
  // hashes, are small), so a larger cache only holds more dirty pages until the commit, which
  // then writes them while nothing else runs. With 16 MB, the commit of the benchmark's 4,000
  // games took 41 ms to write and sync, 31 ms with 2 MB (medians of 16 alternations); the 256 MB
  // chosen when position keys were single rows inserted in random order cost 5% more time, in
  // page faults.
  exec_script(
      "PRAGMA foreign_keys = OFF; PRAGMA synchronous = NORMAL; "
      "PRAGMA cache_size = -2048; PRAGMA temp_store = MEMORY");
}

SqliteConnection::~SqliteConnection() {
  if (writeback_fd_ >= 0) ::close(writeback_fd_);
}

void SqliteConnection::set_bulk_load(bool on) {
  try_journal_mode(on ? "DELETE" : "WAL");
  if (on && writeback_fd_ < 0) {
    const char* file = sqlite3_db_filename(db_.handle(), "main");
    if (file && *file) writeback_fd_ = ::open(file, O_RDONLY | O_CLOEXEC);
  } else if (!on && writeback_fd_ >= 0) {
    ::close(writeback_fd_);
    writeback_fd_ = -1;
  }
}

void SqliteConnection::start_writeback() {
  if (writeback_fd_ >= 0) ::sync_file_range(writeback_fd_, 0, 0, SYNC_FILE_RANGE_WRITE);
}

void SqliteConnection::try_journal_mode(const char* mode) {
  sqlite3_busy_timeout(db_.handle(), 0);
  auto done = db_.exec(std::string("PRAGMA journal_mode = ") + mode);
  sqlite3_busy_timeout(db_.handle(), kBusyTimeoutMs);
  if (!done && (done.error().code & 0xFF) != SQLITE_BUSY) {
    throw SqlError(std::string("cannot set the journal mode to ") + mode + ": " + done.error().message);
  }
}

void SqliteConnection::fail(std::string_view what) const {
  throw SqlError(std::string(what) + ": " + db_.last_error().message);
}

void SqliteConnection::exec_script(std::string_view sql) {
  auto done = db_.exec(sql);
  if (!done) throw SqlError("sqlite: " + done.error().message);
}

std::vector<SqlRow> SqliteConnection::query(std::string_view sql, std::span<const SqlValue> params) {
  sqlite::Statement* stmt = db_.prepared(sql);
  if (stmt == nullptr) fail("sqlite: prepare");
  stmt->reset();
  if (static_cast<std::size_t>(stmt->parameter_count()) != params.size())
    throw SqlError("sqlite: wrong number of parameters for: " + std::string(sql));
  // Every parameter is bound again, so the last call's bindings need no clearing. Text and bytes
  // are borrowed: `params` outlives the steps below.
  for (std::size_t i = 0; i < params.size(); ++i) {
    const int at = static_cast<int>(i + 1);
    const SqlValue& v = params[i];
    if (auto* n = std::get_if<std::int64_t>(&v)) {
      stmt->bind_int(at, *n);
    } else if (auto* s = std::get_if<std::string>(&v)) {
      stmt->bind_text(at, *s, sqlite::Binding::borrow);
    } else if (auto* b = std::get_if<game::Bytes>(&v)) {
      stmt->bind_blob(at, *b, sqlite::Binding::borrow);
    } else {
      stmt->bind_null(at);
    }
    if (stmt->bind_status() != SQLITE_OK) fail("sqlite: bind");
  }
  std::vector<SqlRow> rows;
  for (;;) {
    int rc = stmt->step();
    if (rc == SQLITE_DONE) break;
    if (rc != SQLITE_ROW) {
      std::string why = db_.last_error().message;
      stmt->reset();
      throw SqlError("sqlite: " + why);
    }
    int n = stmt->column_count();
    SqlRow row;
    row.reserve(static_cast<std::size_t>(n));
    for (int c = 0; c < n; ++c) {
      switch (stmt->column_type(c)) {
        case SQLITE_INTEGER: row.emplace_back(stmt->column_int(c)); break;
        case SQLITE_TEXT: row.emplace_back(stmt->column_text(c)); break;
        case SQLITE_BLOB: row.emplace_back(stmt->column_blob(c)); break;
        case SQLITE_NULL: row.emplace_back(Null{}); break;
        default: throw SqlError("sqlite: a floating-point column, which the archive never writes");
      }
    }
    rows.push_back(std::move(row));
  }
  stmt->reset();
  return rows;
}

}  // namespace parley::archive
