#pragma once
// One PostgreSQL connection for the lobby's cluster store (docs/lobby.md, "Cluster"): statements
// with `$n` parameters, each prepared once and kept under its text; results in binary; several
// statements in one round trip (libpq's pipeline mode); LISTEN notifications. libpq itself is
// loaded on first use (pg/libpq.hpp). Errors say whether the server is unreachable (try again
// later) or refused a statement (its SQLSTATE says why).
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/core/result.hpp"

struct pg_conn;
struct pg_result;

namespace parley::pg {

struct Libpq;

struct Error {
  enum class Kind : std::uint8_t {
    unavailable,  // no usable connection: the server is down, restarting or unreachable
    statement,    // the server refused a statement; `sqlstate` says why
    library,      // libpq could not be loaded
  };
  Kind kind = Kind::unavailable;
  std::string sqlstate;  // five characters, for statement errors
  std::string message;
  std::string detail;    // the server's DETAIL, if it gave one
};

// A parameter: NULL, a 64-bit integer, text, or bytes (sent in binary, not copied).
using Value = std::variant<std::monostate, std::int64_t, std::string_view, std::span<const std::uint8_t>>;
inline Value null() { return Value{std::monostate{}}; }
inline Value integer(std::int64_t v) { return Value{v}; }
inline Value text(std::string_view v) { return Value{v}; }
inline Value bytes(std::span<const std::uint8_t> v) { return Value{v}; }

// The rows one statement returned, in binary (its own copy of them).
class Rows {
 public:
  Rows() = default;
  ~Rows();
  Rows(Rows&& other) noexcept;
  Rows& operator=(Rows&& other) noexcept;
  Rows(const Rows&) = delete;
  Rows& operator=(const Rows&) = delete;

  int size() const;
  int columns() const;
  bool null(int row, int column) const;
  // An integer column: smallint, integer, bigint or boolean.
  std::int64_t integer(int row, int column) const;
  // A bytea or text column as its bytes.
  std::span<const std::uint8_t> bytes(int row, int column) const;
  std::string text(int row, int column) const;
  // Rows an INSERT, UPDATE or DELETE touched.
  std::uint64_t affected() const;

 private:
  friend class Connection;
  Rows(const Libpq* pq, pg_result* result) : pq_(pq), result_(result) {}
  const Libpq* pq_ = nullptr;
  pg_result* result_ = nullptr;
};

struct Notification {
  std::string channel;
  std::string payload;
};

class Connection {
 public:
  // `conninfo` as libpq takes it (a postgresql:// URL or key=value pairs); connecting gives up
  // after `connect_timeout_s`.
  static game::Result<std::unique_ptr<Connection>, Error> open(const std::string& conninfo, int connect_timeout_s = 5);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Statements without parameters, any number of them (schema, LISTEN, BEGIN, COMMIT).
  game::Result<bool, Error> exec(std::string_view sql);
  // One statement with parameters $1…$n.
  game::Result<Rows, Error> query(std::string_view sql, std::span<const Value> params);
  game::Result<Rows, Error> query(std::string_view sql, std::initializer_list<Value> params = {}) {
    return query(sql, std::span<const Value>(params.begin(), params.size()));
  }

  struct Statement {
    std::string_view sql;
    std::vector<Value> params;
  };
  // The statements sent together and answered together: one round trip. The first failure
  // ends it (the server skips the rest); otherwise the rows of each, in order. A transaction
  // (BEGIN … COMMIT among them) that fails is rolled back by the server.
  game::Result<std::vector<Rows>, Error> pipeline(std::span<const Statement> statements);

  // The socket, to wait for notifications with poll(); -1 when the connection is gone.
  int socket() const;
  // Reads what the server has sent and returns the notifications received (LISTEN).
  game::Result<std::vector<Notification>, Error> notifications();
  // The connection is lost: only a new one helps.
  bool broken() const;

 private:
  Connection(const Libpq& pq, pg_conn* conn) : pq_(pq), conn_(conn) {}
  // The prepared statement for `sql` with these parameter types; none if it does not prepare.
  game::Result<const std::string*, Error> prepared(std::string_view sql, std::span<const Value> params);
  Error error_of(pg_result* result) const;

  const Libpq& pq_;
  pg_conn* conn_;
  std::map<std::string, std::string, std::less<>> statements_;  // text and types → prepared name
};

// Whether an error leaves a transaction's outcome unknown to its client: the connection was
// lost, so a COMMIT sent may or may not have happened.
inline bool unavailable(const Error& e) { return e.kind == Error::Kind::unavailable; }

}  // namespace parley::pg
