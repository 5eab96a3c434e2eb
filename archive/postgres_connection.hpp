#pragma once
// The server back end: a PostgreSQL connection through libpq ("postgresql://…" URLs or
// "key=value" strings, as libpq takes them). Statements are prepared once per text; `?`
// placeholders become `$1…$n`; integers travel as int8, bytes as bytea in binary. libpq is loaded
// by the first connection (pg/libpq.hpp).
#include <map>
#include <string>

#include "archive/sql.hpp"

struct pg_conn;

namespace parley::pg {
struct Libpq;
}

namespace parley::archive {

class PostgresConnection final : public SqlConnection {
 public:
  explicit PostgresConnection(const std::string& conninfo);
  ~PostgresConnection() override;
  PostgresConnection(const PostgresConnection&) = delete;
  PostgresConnection& operator=(const PostgresConnection&) = delete;

  Dialect dialect() const override { return Dialect::postgresql; }
  void exec_script(std::string_view sql) override;
  void begin_write() override;
  std::vector<SqlRow> query(std::string_view sql, std::span<const SqlValue> params) override;
  using SqlConnection::query;

 private:
  const std::string& prepared(std::string_view sql, std::span<const SqlValue> params);

  const pg::Libpq& pq_;
  pg_conn* conn_ = nullptr;
  std::map<std::string, std::string, std::less<>> statements_;  // text → prepared name
};

// `?` → `$1`, `$2`, … (the archive's statements hold no `?` inside string literals).
std::string numbered_placeholders(std::string_view sql);

}  // namespace parley::archive
