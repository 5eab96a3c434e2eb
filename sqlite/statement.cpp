#include "sqlite/statement.hpp"

#include <sqlite3.h>

#include <cassert>

namespace parley::sqlite {

namespace {
// A non-null address for a zero-length blob: SQLite binds a null pointer as NULL.
constexpr std::uint8_t kNoBytes = 0;

sqlite3_destructor_type lifetime(Binding how) { return how == Binding::copy ? SQLITE_TRANSIENT : SQLITE_STATIC; }
}  // namespace

Statement::Statement(sqlite3* db, std::string_view sql, unsigned prepare_flags) {
  assert(db != nullptr);
  prepare_status_ = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), prepare_flags, &stmt_, nullptr);
  if (prepare_status_ != SQLITE_OK) {
    sqlite3_finalize(stmt_);
    stmt_ = nullptr;
  } else if (stmt_ == nullptr) {
    prepare_status_ = SQLITE_MISUSE;  // no statement in the text (only blanks or a comment)
  }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

int Statement::parameter_count() const { return sqlite3_bind_parameter_count(stmt_); }

Statement& Statement::record_bind(int rc) {
  if (rc != SQLITE_OK && bind_status_ == SQLITE_OK) bind_status_ = rc;
  return *this;
}

Statement& Statement::bind_int(int index, std::int64_t value) {
  assert(ok());
  return record_bind(sqlite3_bind_int64(stmt_, index, value));
}

Statement& Statement::bind_text(int index, std::string_view value, Binding how) {
  assert(ok());
  const char* data = value.empty() ? "" : value.data();
  return record_bind(sqlite3_bind_text64(stmt_, index, data, value.size(), lifetime(how), SQLITE_UTF8));
}

Statement& Statement::bind_blob(int index, std::span<const std::uint8_t> value, Binding how) {
  assert(ok());
  const std::uint8_t* data = value.empty() ? &kNoBytes : value.data();
  return record_bind(sqlite3_bind_blob64(stmt_, index, data, value.size(), lifetime(how)));
}

Statement& Statement::bind_null(int index) {
  assert(ok());
  return record_bind(sqlite3_bind_null(stmt_, index));
}

int Statement::step() {
  assert(ok());
  return sqlite3_step(stmt_);
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  bind_status_ = SQLITE_OK;
}

void Statement::clear_bindings() { sqlite3_clear_bindings(stmt_); }

int Statement::column_count() const { return sqlite3_column_count(stmt_); }

int Statement::column_type(int column) const { return sqlite3_column_type(stmt_, column); }

std::int64_t Statement::column_int(int column) const { return sqlite3_column_int64(stmt_, column); }

std::string Statement::column_text(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  if (p == nullptr) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::vector<std::uint8_t> Statement::column_blob(int column) const {
  const auto* p = static_cast<const std::uint8_t*>(sqlite3_column_blob(stmt_, column));
  if (p == nullptr) return {};
  return std::vector<std::uint8_t>(p, p + sqlite3_column_bytes(stmt_, column));
}

}  // namespace parley::sqlite
