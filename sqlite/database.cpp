#include "sqlite/database.hpp"

#include <sqlite3.h>

#include <cassert>
#include <utility>

namespace parley::sqlite {

game::Result<Database, Error> Database::open(const std::string& path, int flags, unsigned prepare_flags) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    Error e{rc, db != nullptr ? sqlite3_errmsg(db) : "out of memory"};
    sqlite3_close(db);
    return e;
  }
  return Database(db, prepare_flags);
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      prepare_flags_(other.prepare_flags_),
      statements_(std::move(other.statements_)) {}

Database& Database::operator=(Database&& other) noexcept {
  if (this != &other) {
    close();
    db_ = std::exchange(other.db_, nullptr);
    prepare_flags_ = other.prepare_flags_;
    statements_ = std::move(other.statements_);
  }
  return *this;
}

void Database::close() {
  statements_.clear();  // finalized before the connection closes
  [[maybe_unused]] int rc = sqlite3_close(db_);
  assert(rc == SQLITE_OK);  // SQLITE_BUSY: a statement prepared outside the cache is still alive
  db_ = nullptr;
}

game::Result<bool, Error> Database::exec(std::string_view sql) {
  assert(is_open());
  std::string text(sql);
  char* message = nullptr;
  int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
  if (rc == SQLITE_OK) return true;
  Error e{rc, message != nullptr ? message : sqlite3_errstr(rc)};
  sqlite3_free(message);
  return e;
}

Statement* Database::prepared(std::string_view sql) {
  assert(is_open());
  if (auto it = statements_.find(sql); it != statements_.end()) return it->second.get();
  auto st = std::make_unique<Statement>(db_, sql, prepare_flags_);
  if (!st->ok()) return nullptr;
  return statements_.emplace(std::string(sql), std::move(st)).first->second.get();
}

Error Database::last_error() const {
  assert(is_open());
  return Error{sqlite3_extended_errcode(db_), sqlite3_errmsg(db_)};
}

}  // namespace parley::sqlite
