#pragma once
// One SQLite connection and the statements prepared on it, each kept for the connection's life
// under its SQL text. Closing finalizes the statements first. Errors are SQLite's result code
// and message; the lobby and the archive turn them into their own.
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "game/core/result.hpp"
#include "sqlite/statement.hpp"

struct sqlite3;

namespace parley::sqlite {

struct Error {
  int code = 0;         // SQLite's (extended) result code
  std::string message;  // SQLite's words for it
};

class Database {
 public:
  // Opens `path` (or ":memory:") with SQLite's SQLITE_OPEN_* flags. Statements are prepared with
  // `prepare_flags` (SQLITE_PREPARE_*).
  static game::Result<Database, Error> open(const std::string& path, int flags, unsigned prepare_flags = 0);

  Database() = default;  // closed
  ~Database() { close(); }
  Database(Database&& other) noexcept;
  Database& operator=(Database&& other) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void close();
  bool is_open() const { return db_ != nullptr; }
  sqlite3* handle() const { return db_; }

  // Runs SQL without parameters, any number of statements (schema, pragmas, BEGIN and COMMIT).
  game::Result<bool, Error> exec(std::string_view sql);
  // The statement for `sql`, prepared on first use and kept; none if it does not compile
  // (last_error() says why), and then not kept, so that a later call tries again.
  Statement* prepared(std::string_view sql);
  // The connection's last error (a prepare, a step): its code and SQLite's message.
  Error last_error() const;

 private:
  explicit Database(sqlite3* db, unsigned prepare_flags) : db_(db), prepare_flags_(prepare_flags) {}

  sqlite3* db_ = nullptr;
  unsigned prepare_flags_ = 0;
  std::map<std::string, std::unique_ptr<Statement>, std::less<>> statements_;
};

}  // namespace parley::sqlite
