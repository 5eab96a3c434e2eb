#pragma once
// The little SQL the archive needs, behind one interface so that the same store code (and the
// same statements) run on SQLite and on PostgreSQL. Statements use `?` placeholders; the
// PostgreSQL connection renumbers them to `$1…$n`. Values are 64-bit integers, text, bytes or
// NULL: the archive's schema uses nothing else, so results compare equal across back ends.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "game/core/bytes.hpp"

namespace parley::archive {

struct Null {
  friend bool operator==(Null, Null) = default;
};
using SqlValue = std::variant<Null, std::int64_t, std::string, game::Bytes>;
using SqlRow = std::vector<SqlValue>;

// An integer parameter, not a bool or a char that would pick another alternative.
inline SqlValue integer(std::int64_t v) { return SqlValue{v}; }

// Accessors that say which column was not what the schema promises.
std::int64_t as_int(const SqlValue& v);
std::optional<std::int64_t> as_optional_int(const SqlValue& v);
std::string as_text(const SqlValue& v);  // NULL reads as ""
game::Bytes as_bytes(const SqlValue& v);

// A failure of the database itself (cannot open, constraint violated, connection lost). The
// store turns these into its typed StoreError at its boundary.
class SqlError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class Dialect : std::uint8_t { sqlite, postgresql };

class SqlConnection {
 public:
  virtual ~SqlConnection() = default;
  virtual Dialect dialect() const = 0;
  // Several statements without parameters (migrations).
  virtual void exec_script(std::string_view sql) = 0;
  // Starts a transaction that will write, holding the database's writer lock from the start, so
  // that writers queue instead of failing halfway (SQLite: BEGIN IMMEDIATE; PostgreSQL: a
  // transaction-scoped advisory lock). IDs are the largest plus one, which needs one writer.
  virtual void begin_write() = 0;
  // One statement; the rows it returns (none for INSERT/UPDATE without RETURNING).
  virtual std::vector<SqlRow> query(std::string_view sql, std::span<const SqlValue> params) = 0;

  std::vector<SqlRow> query(std::string_view sql, std::initializer_list<SqlValue> params = {}) {
    return query(sql, std::span<const SqlValue>(params.begin(), params.size()));
  }
  // An import's run of large write transactions (true) or the usual mode (false), set outside
  // any transaction: ArchiveStore::open sets one, and an Importer holds the first for its run. A
  // back end may trade concurrency for speed meanwhile; either way it stays correct and durable.
  // SQLite's usual mode is its write-ahead log, so that readers and the lobby's feed go on beside
  // a writer; an import writes through a rollback journal instead, if no other connection has the
  // file open: pages new to the file are written once instead of twice (docs/archive.md,
  // "Import"). PostgreSQL does nothing.
  virtual void set_bulk_load(bool on) { (void)on; }
  // Asks the system to start writing what the connection has written so far to the disk, without
  // waiting, so that the commit's sync finds less to write. Only a hint; PostgreSQL ignores it.
  virtual void start_writeback() {}
};

// Inserts rows of `columns` values each, given one row after another (a batch's position blocks,
// a game's seats, tags and comments), up to 64 rows per statement. `into` names the table and
// its columns: "Comment (CommentID, ...)". A row that breaks a constraint fails the whole
// transaction on both back ends (PostgreSQL aborts it; SQLite is told "OR ROLLBACK"), which the
// caller then drops. That is also what keeps SQLite from copying every page such a statement
// touches into a statement journal, in case it had to undo only the statement: those copies were
// 7% of an import's CPU time, and one row per statement instead cost 4% more instructions than
// this (docs/performance.md, "Archive").
void insert_rows(SqlConnection& db, std::string_view into, std::size_t columns, std::span<const SqlValue> values);
// Appends one row's values for insert_rows, moving what can be moved.
template <class... Values>
void append_row(std::vector<SqlValue>& rows, Values&&... values) {
  (rows.emplace_back(std::forward<Values>(values)), ...);
}

// A write transaction: commits at commit(), rolls back if destroyed before, so a failed import
// leaves the archive as it was.
class Transaction {
 public:
  explicit Transaction(SqlConnection& db) : db_(&db) { db_->begin_write(); }
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  SqlConnection* db_;
  bool done_ = false;
};

}  // namespace parley::archive
