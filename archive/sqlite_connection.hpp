#pragma once
// The embedded back end: one SQLite file (or ":memory:"), prepared statements cached by text
// (sqlite/database.hpp).
#include <string>

#include "archive/sql.hpp"
#include "sqlite/database.hpp"

namespace parley::archive {

class SqliteConnection final : public SqlConnection {
 public:
  // Opens or creates the file; throws SqlError if it cannot.
  explicit SqliteConnection(const std::string& path);
  ~SqliteConnection() override;
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  Dialect dialect() const override { return Dialect::sqlite; }
  void exec_script(std::string_view sql) override;
  void begin_write() override { exec_script("BEGIN IMMEDIATE"); }
  std::vector<SqlRow> query(std::string_view sql, std::span<const SqlValue> params) override;
  using SqlConnection::query;
  void set_bulk_load(bool on) override;
  void start_writeback() override;

 private:
  [[noreturn]] void fail(std::string_view what) const;
  // Switches the file's journal mode if that can be done at once: it takes the file to this
  // connection alone. Otherwise the file keeps the mode it has (both are correct, only slower or
  // less concurrent), rather than waiting for others to close it.
  void try_journal_mode(const char* mode);

  sqlite::Database db_;
  // The file again, for start_writeback during a bulk load (-1 otherwise).
  int writeback_fd_ = -1;
};

}  // namespace parley::archive
