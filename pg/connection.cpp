#include "pg/connection.hpp"

#include <array>
#include <cstring>
#include <optional>

#include "pg/libpq.hpp"

namespace parley::pg {

namespace {

// Type OIDs from PostgreSQL's catalog (src/include/catalog/pg_type.dat); stable across versions.
constexpr Oid kByteaOid = 17, kInt8Oid = 20, kTextOid = 25;

Oid type_of(const Value& v) {
  if (std::holds_alternative<std::int64_t>(v)) return kInt8Oid;
  if (std::holds_alternative<std::string_view>(v)) return kTextOid;
  if (std::holds_alternative<std::span<const std::uint8_t>>(v)) return kByteaOid;
  return 0;  // NULL: the server infers it
}

std::string trimmed(const char* message) {
  std::string s = message ? message : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// SQLSTATE classes that mean the server went away or is not accepting work now, rather than
// that the statement was wrong (PostgreSQL, Appendix A "Error Codes").
bool server_unavailable(std::string_view state) {
  return state.starts_with("08") || state == "57P01" || state == "57P02" || state == "57P03" || state == "53300";
}

// Binary parameters: every value travels in binary, so nothing is copied but integers.
struct Marshalled {
  std::vector<std::array<std::uint8_t, 8>> integers;
  std::vector<const char*> values;
  std::vector<int> lengths;
  std::vector<int> formats;

  explicit Marshalled(std::span<const Value> params) {
    integers.reserve(params.size());
    for (const Value& v : params) {
      if (const auto* n = std::get_if<std::int64_t>(&v)) {
        auto& b = integers.emplace_back();
        auto u = static_cast<std::uint64_t>(*n);
        for (int i = 0; i < 8; ++i) b[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(u >> (56 - 8 * i));
        values.push_back(reinterpret_cast<const char*>(b.data()));
        lengths.push_back(8);
      } else if (const auto* s = std::get_if<std::string_view>(&v)) {
        static const char empty = 0;
        values.push_back(s->empty() ? &empty : s->data());
        lengths.push_back(static_cast<int>(s->size()));
      } else if (const auto* b = std::get_if<std::span<const std::uint8_t>>(&v)) {
        static const char empty = 0;
        values.push_back(b->empty() ? &empty : reinterpret_cast<const char*>(b->data()));
        lengths.push_back(static_cast<int>(b->size()));
      } else {
        values.push_back(nullptr);
        lengths.push_back(0);
      }
      formats.push_back(1);
    }
  }
};

}  // namespace

// ---- Rows -------------------------------------------------------------------------------------

Rows::~Rows() {
  if (result_ != nullptr) pq_->clear(result_);
}
Rows::Rows(Rows&& other) noexcept : pq_(other.pq_), result_(other.result_) { other.result_ = nullptr; }
Rows& Rows::operator=(Rows&& other) noexcept {
  if (this != &other) {
    if (result_ != nullptr) pq_->clear(result_);
    pq_ = other.pq_;
    result_ = other.result_;
    other.result_ = nullptr;
  }
  return *this;
}

int Rows::size() const { return result_ == nullptr ? 0 : pq_->ntuples(result_); }
int Rows::columns() const { return result_ == nullptr ? 0 : pq_->nfields(result_); }
bool Rows::null(int row, int column) const { return pq_->getisnull(result_, row, column) != 0; }

std::int64_t Rows::integer(int row, int column) const {
  const auto* p = reinterpret_cast<const std::uint8_t*>(pq_->getvalue(result_, row, column));
  const int n = pq_->getlength(result_, row, column);
  std::uint64_t v = 0;
  for (int i = 0; i < n; ++i) v = (v << 8) | p[i];
  // Sign-extend the 1-, 2- and 4-byte forms (boolean, smallint, integer).
  if (n > 0 && n < 8 && (p[0] & 0x80) != 0) v |= ~std::uint64_t{0} << (8 * n);
  return static_cast<std::int64_t>(v);
}

std::span<const std::uint8_t> Rows::bytes(int row, int column) const {
  const auto* p = reinterpret_cast<const std::uint8_t*>(pq_->getvalue(result_, row, column));
  return {p, static_cast<std::size_t>(pq_->getlength(result_, row, column))};
}

std::string Rows::text(int row, int column) const {
  auto b = bytes(row, column);
  return std::string(b.begin(), b.end());
}

std::uint64_t Rows::affected() const {
  const char* n = result_ == nullptr ? nullptr : pq_->cmdTuples(result_);
  return n == nullptr || *n == 0 ? 0 : std::strtoull(n, nullptr, 10);
}

// ---- Connection -------------------------------------------------------------------------------

game::Result<std::unique_ptr<Connection>, Error> Connection::open(const std::string& conninfo, int connect_timeout_s) {
  std::string why;
  const Libpq* pq = load_libpq(why);
  if (pq == nullptr) return Error{Error::Kind::library, {}, why, {}};
  // The caller's string is expanded as a URL or key=value pairs; the keywords after it fill in
  // what it leaves out.
  const std::string timeout = std::to_string(connect_timeout_s);
  const char* keywords[] = {"dbname", "connect_timeout", "application_name", nullptr};
  const char* values[] = {conninfo.c_str(), timeout.c_str(), "parley-lobby", nullptr};
  pg_conn* conn = pq->connectdbParams(keywords, values, 1);
  if (conn == nullptr || pq->status(conn) != CONNECTION_OK) {
    std::string message = conn ? trimmed(pq->errorMessage(conn)) : "out of memory";
    pq->finish(conn);
    return Error{Error::Kind::unavailable, {}, "cannot connect to PostgreSQL: " + message, {}};
  }
  std::unique_ptr<Connection> c(new Connection(*pq, conn));
  if (auto quiet = c->exec("SET client_min_messages = warning"); !quiet) return quiet.error();
  return c;
}

Connection::~Connection() { pq_.finish(conn_); }

bool Connection::broken() const { return pq_.status(conn_) != CONNECTION_OK; }

int Connection::socket() const { return broken() ? -1 : pq_.socket(conn_); }

Error Connection::error_of(pg_result* result) const {
  const char* state = result == nullptr ? nullptr : pq_.resultErrorField(result, PG_DIAG_SQLSTATE);
  std::string message = trimmed(result == nullptr ? pq_.errorMessage(conn_) : pq_.resultErrorMessage(result));
  if (message.empty()) message = trimmed(pq_.errorMessage(conn_));
  std::string sqlstate = state ? state : "";
  const char* detail = result == nullptr ? nullptr : pq_.resultErrorField(result, PG_DIAG_MESSAGE_DETAIL);
  if (broken() || state == nullptr || server_unavailable(sqlstate))
    return Error{Error::Kind::unavailable, sqlstate, "PostgreSQL: " + message, detail ? detail : ""};
  return Error{Error::Kind::statement, sqlstate, "PostgreSQL: " + message, detail ? detail : ""};
}

game::Result<bool, Error> Connection::exec(std::string_view sql) {
  pg_result* r = pq_.exec(conn_, std::string(sql).c_str());
  const auto status = r == nullptr ? PGRES_FATAL_ERROR : pq_.resultStatus(r);
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
    pq_.clear(r);
    return true;
  }
  Error e = error_of(r);
  if (r != nullptr) pq_.clear(r);
  return e;
}

game::Result<const std::string*, Error> Connection::prepared(std::string_view sql, std::span<const Value> params) {
  std::string key(sql);
  key += '\0';
  std::vector<Oid> types;
  for (const Value& p : params) {
    types.push_back(type_of(p));
    key += std::to_string(types.back()) + ",";
  }
  if (auto it = statements_.find(key); it != statements_.end()) return &it->second;
  std::string name = "parley_lobby_" + std::to_string(statements_.size());
  pg_result* r = pq_.prepare(conn_, name.c_str(), std::string(sql).c_str(), static_cast<int>(types.size()), types.data());
  if (r == nullptr || pq_.resultStatus(r) != PGRES_COMMAND_OK) {
    Error e = error_of(r);
    if (r != nullptr) pq_.clear(r);
    return e;
  }
  pq_.clear(r);
  return &statements_.emplace(std::move(key), std::move(name)).first->second;
}

game::Result<Rows, Error> Connection::query(std::string_view sql, std::span<const Value> params) {
  auto name = prepared(sql, params);
  if (!name) return name.error();
  Marshalled m(params);
  pg_result* r = pq_.execPrepared(conn_, (*name)->c_str(), static_cast<int>(params.size()), m.values.data(),
                                  m.lengths.data(), m.formats.data(), 1);
  const auto status = r == nullptr ? PGRES_FATAL_ERROR : pq_.resultStatus(r);
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return Rows(&pq_, r);
  Error e = error_of(r);
  if (r != nullptr) pq_.clear(r);
  return e;
}

game::Result<std::vector<Rows>, Error> Connection::pipeline(std::span<const Statement> statements) {
  // Prepared first: preparing is not allowed inside a pipeline.
  std::vector<const std::string*> names;
  for (const Statement& s : statements) {
    auto name = prepared(s.sql, s.params);
    if (!name) return name.error();
    names.push_back(*name);
  }
  if (pq_.enterPipelineMode(conn_) != 1) return error_of(nullptr);
  bool sent = true;
  for (std::size_t i = 0; i < statements.size() && sent; ++i) {
    Marshalled m(statements[i].params);
    sent = pq_.sendQueryPrepared(conn_, names[i]->c_str(), static_cast<int>(statements[i].params.size()),
                                 m.values.data(), m.lengths.data(), m.formats.data(), 1) == 1;
  }
  if (!sent || pq_.pipelineSync(conn_) != 1) {
    Error e = error_of(nullptr);
    // A broken connection cannot leave pipeline mode cleanly; it is useless anyway.
    if (!broken()) {
      while (pg_result* r = pq_.getResult(conn_)) pq_.clear(r);
      pq_.exitPipelineMode(conn_);
    }
    return e;
  }
  std::vector<Rows> out;
  std::optional<Error> failure;
  // Each statement's result then a null; after the last, the sync's own result.
  for (std::size_t i = 0; i <= statements.size();) {
    pg_result* r = pq_.getResult(conn_);
    if (r == nullptr) {
      if (broken()) {
        if (!failure) failure = error_of(nullptr);
        break;
      }
      ++i;  // the end of one statement's results
      continue;
    }
    const auto status = pq_.resultStatus(r);
    if (status == PGRES_PIPELINE_SYNC) {
      pq_.clear(r);
      break;
    }
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
      out.push_back(Rows(&pq_, r));
    } else {
      if (!failure && status != PGRES_PIPELINE_ABORTED) failure = error_of(r);
      pq_.clear(r);
    }
  }
  if (!broken()) {
    pq_.exitPipelineMode(conn_);
    // A transaction the failure aborted stays open (and failed) after the sync: end it.
    if (failure && pq_.transactionStatus(conn_) != PQTRANS_IDLE) (void)exec("ROLLBACK");
  }
  if (failure) return *failure;
  if (out.size() != statements.size())
    return Error{Error::Kind::unavailable, {}, "PostgreSQL: the pipeline's answers ended early", {}};
  return out;
}

game::Result<std::vector<Notification>, Error> Connection::notifications() {
  if (pq_.consumeInput(conn_) != 1) return error_of(nullptr);
  std::vector<Notification> out;
  while (PGnotify* n = pq_.notifies(conn_)) {
    out.push_back(Notification{n->relname ? n->relname : "", n->extra ? n->extra : ""});
    pq_.freemem(n);
  }
  return out;
}

}  // namespace parley::pg
