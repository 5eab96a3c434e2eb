#include "archive/postgres_connection.hpp"

#include <charconv>
#include <memory>

#include "archive/libpq.hpp"
#include "crypto/hex.hpp"

namespace parley::archive {

namespace {

// Type OIDs from PostgreSQL's catalog (src/include/catalog/pg_type.dat); stable across versions.
constexpr Oid kBoolOid = 16, kByteaOid = 17, kInt8Oid = 20, kInt2Oid = 21, kInt4Oid = 23, kTextOid = 25,
              kVarcharOid = 1043;

struct ResultDeleter {
  void operator()(PGresult* r) const { libpq().clear(r); }
};
using PgResult = std::unique_ptr<PGresult, ResultDeleter>;

Oid type_of(const SqlValue& v) {
  if (std::holds_alternative<std::int64_t>(v)) return kInt8Oid;
  if (std::holds_alternative<std::string>(v)) return kTextOid;
  if (std::holds_alternative<game::Bytes>(v)) return kByteaOid;
  return 0;  // NULL: let the server infer
}

// bytea in text results is "\x" and hex digits (bytea_output = hex, the default since 9.0).
game::Bytes bytea_from_text(std::string_view s) {
  if (s.size() < 2 || s[0] != '\\' || s[1] != 'x') throw SqlError("postgresql: bytea not in hex output format");
  auto bytes = crypto::from_hex(s.substr(2));
  if (!bytes) throw SqlError("postgresql: bad hex digits in bytea");
  return std::move(bytes).value();
}

}  // namespace

std::string numbered_placeholders(std::string_view sql) {
  std::string out;
  int n = 0;
  for (char c : sql) {
    if (c == '?') out += "$" + std::to_string(++n);
    else out += c;
  }
  return out;
}

PostgresConnection::PostgresConnection(const std::string& conninfo)
    : pq_(libpq()), conn_(pq_.connectdb(conninfo.c_str())) {
  if (!conn_ || pq_.status(conn_) != CONNECTION_OK) {
    std::string why = conn_ ? pq_.errorMessage(conn_) : "out of memory";
    pq_.finish(conn_);
    conn_ = nullptr;
    while (!why.empty() && why.back() == '\n') why.pop_back();
    throw SqlError("cannot connect to PostgreSQL: " + why);
  }
  exec_script("SET client_min_messages = warning");
}

PostgresConnection::~PostgresConnection() { pq_.finish(conn_); }

void PostgresConnection::exec_script(std::string_view sql) {
  PgResult r(pq_.exec(conn_, std::string(sql).c_str()));
  auto status = pq_.resultStatus(r.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    std::string why = pq_.errorMessage(conn_);
    while (!why.empty() && why.back() == '\n') why.pop_back();
    throw SqlError("postgresql: " + why);
  }
}

void PostgresConnection::begin_write() {
  // One lock for every parley archive in this database ("parley" in ASCII), released at COMMIT
  // or ROLLBACK; readers are not affected.
  exec_script("BEGIN; SELECT pg_advisory_xact_lock(123563833845113)");
}

const std::string& PostgresConnection::prepared(std::string_view sql, std::span<const SqlValue> params) {
  // NULL parameters leave their type to the server, so the same text with a NULL in another
  // place is prepared separately.
  std::string key(sql);
  key += '\0';
  for (const auto& p : params) key += std::to_string(type_of(p)) + ",";
  if (auto it = statements_.find(key); it != statements_.end()) return it->second;
  std::string name = "parley_" + std::to_string(statements_.size());
  std::vector<Oid> types;
  for (const auto& p : params) types.push_back(type_of(p));
  PgResult r(pq_.prepare(conn_, name.c_str(), numbered_placeholders(sql).c_str(), static_cast<int>(types.size()),
                       types.data()));
  if (pq_.resultStatus(r.get()) != PGRES_COMMAND_OK) {
    std::string why = pq_.errorMessage(conn_);
    while (!why.empty() && why.back() == '\n') why.pop_back();
    throw SqlError("postgresql: prepare: " + why);
  }
  return statements_.emplace(std::move(key), std::move(name)).first->second;
}

std::vector<SqlRow> PostgresConnection::query(std::string_view sql, std::span<const SqlValue> params) {
  const std::string& name = prepared(sql, params);
  std::vector<std::string> texts(params.size());
  std::vector<const char*> values(params.size(), nullptr);
  std::vector<int> lengths(params.size(), 0), formats(params.size(), 0);
  for (std::size_t i = 0; i < params.size(); ++i) {
    const SqlValue& v = params[i];
    if (auto* n = std::get_if<std::int64_t>(&v)) {
      texts[i] = std::to_string(*n);
      values[i] = texts[i].c_str();
    } else if (auto* s = std::get_if<std::string>(&v)) {
      values[i] = s->c_str();
    } else if (auto* b = std::get_if<game::Bytes>(&v)) {
      static const char empty = 0;
      values[i] = b->empty() ? &empty : reinterpret_cast<const char*>(b->data());
      lengths[i] = static_cast<int>(b->size());
      formats[i] = 1;
    }
  }
  PgResult r(pq_.execPrepared(conn_, name.c_str(), static_cast<int>(params.size()), values.data(), lengths.data(),
                            formats.data(), 0));
  auto status = pq_.resultStatus(r.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    std::string why = pq_.errorMessage(conn_);
    while (!why.empty() && why.back() == '\n') why.pop_back();
    throw SqlError("postgresql: " + why);
  }
  std::vector<SqlRow> rows;
  int n_rows = pq_.ntuples(r.get()), n_cols = pq_.nfields(r.get());
  rows.reserve(static_cast<std::size_t>(n_rows));
  for (int i = 0; i < n_rows; ++i) {
    SqlRow row;
    row.reserve(static_cast<std::size_t>(n_cols));
    for (int c = 0; c < n_cols; ++c) {
      if (pq_.getisnull(r.get(), i, c)) {
        row.emplace_back(Null{});
        continue;
      }
      std::string_view cell(pq_.getvalue(r.get(), i, c), static_cast<std::size_t>(pq_.getlength(r.get(), i, c)));
      switch (pq_.ftype(r.get(), c)) {
        case kInt2Oid:
        case kInt4Oid:
        case kInt8Oid: {
          std::int64_t v = 0;
          auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
          if (ec != std::errc() || end != cell.data() + cell.size()) throw SqlError("postgresql: bad integer");
          row.emplace_back(v);
          break;
        }
        case kBoolOid: row.emplace_back(std::int64_t{cell == "t"}); break;
        case kByteaOid: row.emplace_back(bytea_from_text(cell)); break;
        case kTextOid:
        case kVarcharOid: row.emplace_back(std::string(cell)); break;
        default: throw SqlError("postgresql: a column of a type the archive never uses");
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace parley::archive
