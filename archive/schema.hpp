#pragma once
// The archive's schema and its migrations (docs/archive.md). Each migration is a numbered,
// never-edited step kept in schema.cpp; the database records the steps it has had in
// SchemaVersion, and opening an archive applies the missing ones in one transaction each.
#include <cstdint>
#include <span>
#include <string_view>

#include "archive/sql.hpp"

namespace parley::archive {

struct Migration {
  std::int64_t version;
  std::string_view description;
  // Portable SQL with two dialect words: {ID} (an integer primary key) and {BLOB} (bytes).
  std::string_view sql;
  // What SQL cannot say portably, run after `sql` in the same transaction (or nothing).
  void (*convert)(SqlConnection&) = nullptr;
};

std::span<const Migration> migrations();
std::int64_t latest_schema_version();

// Brings the database to the latest version; throws SqlError if it is newer than this program
// (an archive written by a later parley) or a step fails (that step is rolled back).
void migrate(SqlConnection& db);
std::int64_t schema_version(SqlConnection& db);

}  // namespace parley::archive
