#pragma once
// The embedded back end: one SQLite file (or ":memory:"), prepared statements cached by text.
#include <map>
#include <string>

#include "archive/sql.hpp"

struct sqlite3;
struct sqlite3_stmt;

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

 private:
  sqlite3_stmt* prepared(std::string_view sql);
  [[noreturn]] void fail(std::string_view what) const;

  sqlite3* db_ = nullptr;
  std::map<std::string, sqlite3_stmt*, std::less<>> statements_;
};

}  // namespace parley::archive
