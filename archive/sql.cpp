#include "archive/sql.hpp"

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
