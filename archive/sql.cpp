#include "archive/sql.hpp"

#include <algorithm>

namespace parley::archive {

std::int64_t as_int(const SqlValue& v) {
  if (auto* i = std::get_if<std::int64_t>(&v)) return *i;
  throw SqlError("archive: expected an integer column");
}

std::optional<std::int64_t> as_optional_int(const SqlValue& v) {
  if (std::holds_alternative<Null>(v)) return std::nullopt;
  return as_int(v);
}

std::string as_text(const SqlValue& v) {
  if (std::holds_alternative<Null>(v)) return {};
  if (auto* s = std::get_if<std::string>(&v)) return *s;
  throw SqlError("archive: expected a text column");
}

game::Bytes as_bytes(const SqlValue& v) {
  if (std::holds_alternative<Null>(v)) return {};
  if (auto* b = std::get_if<game::Bytes>(&v)) return *b;
  throw SqlError("archive: expected a bytes column");
}

void insert_rows(SqlConnection& db, std::string_view into, std::size_t columns, std::span<const SqlValue> values) {
  if (columns == 0 || values.size() % columns != 0) throw SqlError("archive: rows of unequal length");
  constexpr std::size_t rows_per_statement = 64;
  const char* insert = db.dialect() == Dialect::sqlite ? "INSERT OR ROLLBACK INTO " : "INSERT INTO ";
  std::string row = "(?";
  for (std::size_t c = 1; c < columns; ++c) row += ", ?";
  row += ')';
  const std::size_t rows = values.size() / columns;
  std::string sql;
  for (std::size_t first = 0; first < rows; first += rows_per_statement) {
    const std::size_t n = std::min(rows_per_statement, rows - first);
    sql.assign(insert).append(into).append(" VALUES ").append(row);
    for (std::size_t i = 1; i < n; ++i) sql.append(", ").append(row);
    db.query(sql, values.subspan(first * columns, n * columns));
  }
}

Transaction::~Transaction() {
  if (done_) return;
  try {
    db_->exec_script("ROLLBACK");
  } catch (const SqlError&) {
    // The connection is already gone; the server discards the open transaction itself.
  }
}

void Transaction::commit() {
  db_->exec_script("COMMIT");
  done_ = true;
}

}  // namespace parley::archive
