#pragma once
// One prepared SQLite statement: parameters bound by position, stepped row by row, its columns
// read, reset to run again. The lobby's database (lobby/server/storage.hpp) and the archive's
// SQLite back end (archive/sqlite_connection.hpp) both run their SQL through it; they turn
// SQLite's result codes into their own errors. A Database (database.hpp) keeps its statements.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace parley::sqlite {

// How a bound text or blob is held: copied by SQLite, or borrowed, which saves the copy of a
// large value but must then outlive every step() that reads it (until reset() or the next bind).
enum class Binding : std::uint8_t { copy, borrow };

class Statement {
 public:
  // Compiles one statement of `sql` on `db` (flags: SQLITE_PREPARE_*); ok() says whether it did.
  Statement(sqlite3* db, std::string_view sql, unsigned prepare_flags = 0);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool ok() const { return stmt_ != nullptr; }
  int prepare_status() const { return prepare_status_; }  // SQLITE_OK, or why it did not compile
  int parameter_count() const;

  // Parameters are numbered from 1. A failed bind is kept in bind_status() until reset(); the
  // calls chain. A zero-length blob is bound as a blob, never as NULL.
  Statement& bind_int(int index, std::int64_t value);
  Statement& bind_text(int index, std::string_view value, Binding how = Binding::copy);
  Statement& bind_blob(int index, std::span<const std::uint8_t> value, Binding how = Binding::copy);
  Statement& bind_null(int index);
  int bind_status() const { return bind_status_; }  // SQLITE_OK, or the first failed bind's code

  // SQLITE_ROW (a row to read), SQLITE_DONE, or an error code.
  int step();
  // Ready to run again from the start; the bindings stay until clear_bindings().
  void reset();
  void clear_bindings();

  // The current row's columns, numbered from 0.
  int column_count() const;
  int column_type(int column) const;  // SQLITE_INTEGER, SQLITE_TEXT, SQLITE_BLOB, SQLITE_NULL, SQLITE_FLOAT
  std::int64_t column_int(int column) const;
  std::string column_text(int column) const;                // NULL reads as ""
  std::vector<std::uint8_t> column_blob(int column) const;  // NULL reads as no bytes

 private:
  Statement& record_bind(int rc);

  sqlite3_stmt* stmt_ = nullptr;
  int prepare_status_ = 0;
  int bind_status_ = 0;
};

}  // namespace parley::sqlite
