// The SQLite statement wrapper under the lobby's database and the archive's SQLite back end.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "sqlite/database.hpp"
#include "sqlite/statement.hpp"

namespace parley::sqlite {
namespace {

Database memory_database() {
  auto db = Database::open(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  EXPECT_TRUE(db.ok());
  return std::move(*db);
}

int primary(int code) { return code & 0xFF; }

TEST(SqliteStatement, ValuesComeBackWithTheirTypes) {
  Database db = memory_database();
  ASSERT_TRUE(db.exec("CREATE TABLE t(i, s, b, n)").ok());
  const std::string text("a\0b\xC3\xA9", 5);  // an embedded NUL and a two-byte character
  const std::vector<std::uint8_t> bytes{0, 1, 2, 255};
  Statement* insert = db.prepared("INSERT INTO t VALUES(?1, ?2, ?3, ?4)");
  ASSERT_NE(insert, nullptr);
  EXPECT_EQ(insert->parameter_count(), 4);
  insert->bind_int(1, std::numeric_limits<std::int64_t>::min()).bind_text(2, text).bind_blob(3, bytes).bind_null(4);
  EXPECT_EQ(insert->bind_status(), SQLITE_OK);
  EXPECT_EQ(insert->step(), SQLITE_DONE);
  insert->reset();
  insert->bind_int(1, std::numeric_limits<std::int64_t>::max()).bind_text(2, "").bind_blob(3, {}).bind_null(4);
  EXPECT_EQ(insert->step(), SQLITE_DONE);
  insert->reset();

  Statement* select = db.prepared("SELECT i, s, b, n, typeof(b), length(b) FROM t ORDER BY rowid");
  ASSERT_NE(select, nullptr);
  ASSERT_EQ(select->step(), SQLITE_ROW);
  EXPECT_EQ(select->column_count(), 6);
  EXPECT_EQ(select->column_type(0), SQLITE_INTEGER);
  EXPECT_EQ(select->column_int(0), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(select->column_type(1), SQLITE_TEXT);
  EXPECT_EQ(select->column_text(1), text);
  EXPECT_EQ(select->column_type(2), SQLITE_BLOB);
  EXPECT_EQ(select->column_blob(2), bytes);
  EXPECT_EQ(select->column_type(3), SQLITE_NULL);
  EXPECT_EQ(select->column_text(3), "");
  EXPECT_TRUE(select->column_blob(3).empty());
  // The second row: an empty text stays text and an empty blob stays a blob, not NULL.
  ASSERT_EQ(select->step(), SQLITE_ROW);
  EXPECT_EQ(select->column_int(0), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(select->column_type(1), SQLITE_TEXT);
  EXPECT_EQ(select->column_text(1), "");
  EXPECT_EQ(select->column_text(4), "blob");
  EXPECT_EQ(select->column_int(5), 0);
  EXPECT_TRUE(select->column_blob(2).empty());
  EXPECT_EQ(select->step(), SQLITE_DONE);
  select->reset();
  // Reset runs it again from the start.
  EXPECT_EQ(select->step(), SQLITE_ROW);
  select->reset();
}

TEST(SqliteStatement, ACopiedValueIsTakenWhenBound) {
  Database db = memory_database();
  ASSERT_TRUE(db.exec("CREATE TABLE t(s, b)").ok());
  std::string text = "first";
  std::vector<std::uint8_t> bytes{1, 2, 3};
  Statement* insert = db.prepared("INSERT INTO t VALUES(?, ?)");
  ASSERT_NE(insert, nullptr);
  insert->bind_text(1, text, Binding::copy).bind_blob(2, bytes, Binding::copy);
  text = "other";
  bytes = {9, 9, 9};
  ASSERT_EQ(insert->step(), SQLITE_DONE);
  insert->reset();
  // A borrowed value is read at the step, so it only has to live until then.
  std::string borrowed = "borrowed";
  insert->bind_text(1, borrowed, Binding::borrow).bind_blob(2, bytes, Binding::borrow);
  ASSERT_EQ(insert->step(), SQLITE_DONE);
  insert->reset();
  insert->clear_bindings();

  Statement* select = db.prepared("SELECT s, b FROM t ORDER BY rowid");
  ASSERT_NE(select, nullptr);
  ASSERT_EQ(select->step(), SQLITE_ROW);
  EXPECT_EQ(select->column_text(0), "first");
  EXPECT_EQ(select->column_blob(1), (std::vector<std::uint8_t>{1, 2, 3}));
  ASSERT_EQ(select->step(), SQLITE_ROW);
  EXPECT_EQ(select->column_text(0), "borrowed");
  EXPECT_EQ(select->column_blob(1), (std::vector<std::uint8_t>{9, 9, 9}));
  select->reset();
}

TEST(SqliteStatement, AFailedBindIsKeptUntilReset) {
  Database db = memory_database();
  Statement* st = db.prepared("SELECT ?1");
  ASSERT_NE(st, nullptr);
  st->bind_int(2, 7).bind_int(1, 7);  // out of range, then a good one: the first failure stays
  EXPECT_EQ(st->bind_status(), SQLITE_RANGE);
  st->reset();
  EXPECT_EQ(st->bind_status(), SQLITE_OK);
  st->bind_int(1, 7);
  ASSERT_EQ(st->step(), SQLITE_ROW);
  EXPECT_EQ(st->column_int(0), 7);
  st->reset();
}

TEST(SqliteStatement, AStepThatBreaksAConstraintSaysSo) {
  Database db = memory_database();
  ASSERT_TRUE(db.exec("CREATE TABLE t(k INTEGER PRIMARY KEY)").ok());
  Statement* insert = db.prepared("INSERT INTO t VALUES(?)");
  ASSERT_NE(insert, nullptr);
  insert->bind_int(1, 1);
  EXPECT_EQ(insert->step(), SQLITE_DONE);
  insert->reset();
  EXPECT_EQ(primary(insert->step()), SQLITE_CONSTRAINT);
  EXPECT_EQ(primary(db.last_error().code), SQLITE_CONSTRAINT);
  EXPECT_FALSE(db.last_error().message.empty());
  insert->reset();
}

TEST(SqliteDatabase, PreparedStatementsAreKeptByTheirText) {
  Database db = memory_database();
  ASSERT_TRUE(db.exec("CREATE TABLE t(a)").ok());
  Statement* first = db.prepared("SELECT a FROM t");
  std::string same = std::string("SELECT a ") + "FROM t";  // the same text at another address
  EXPECT_EQ(db.prepared(same), first);
  EXPECT_NE(db.prepared("SELECT a FROM t WHERE a = 1"), first);
}

TEST(SqliteDatabase, AStatementThatDoesNotCompileIsNotKept) {
  Database db = memory_database();
  EXPECT_EQ(db.prepared("SELECT a FROM later"), nullptr);
  EXPECT_EQ(primary(db.last_error().code), SQLITE_ERROR);
  ASSERT_TRUE(db.exec("CREATE TABLE later(a)").ok());
  EXPECT_NE(db.prepared("SELECT a FROM later"), nullptr);  // tried again, and now it compiles
  Statement direct(db.handle(), "SELEC 1");
  EXPECT_FALSE(direct.ok());
  EXPECT_EQ(direct.prepare_status(), SQLITE_ERROR);
}

TEST(SqliteDatabase, ExecRunsSeveralStatementsAndReportsAFailure) {
  Database db = memory_database();
  ASSERT_TRUE(db.exec("CREATE TABLE a(x); CREATE TABLE b(y); INSERT INTO a VALUES(1)").ok());
  auto again = db.exec("CREATE TABLE a(x)");
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code, SQLITE_ERROR);
  EXPECT_FALSE(again.error().message.empty());
}

TEST(SqliteDatabase, OpenFailsWithSqlitesCode) {
  auto db = Database::open("/nonexistent-parley-dir/x.db", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  ASSERT_FALSE(db.ok());
  EXPECT_EQ(db.error().code, SQLITE_CANTOPEN);
  auto missing = Database::open("/nonexistent-parley-dir/x.db", SQLITE_OPEN_READONLY);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code, SQLITE_CANTOPEN);
}

TEST(SqliteDatabase, AMovedDatabaseKeepsItsStatementsAndClosesOnce) {
  Database db = memory_database();
  ASSERT_TRUE(db.exec("CREATE TABLE t(a); INSERT INTO t VALUES(5)").ok());
  Statement* st = db.prepared("SELECT a FROM t");
  ASSERT_NE(st, nullptr);
  Database moved = std::move(db);
  EXPECT_FALSE(db.is_open());  // NOLINT: the moved-from handle is closed
  EXPECT_EQ(moved.prepared("SELECT a FROM t"), st);
  ASSERT_EQ(st->step(), SQLITE_ROW);
  EXPECT_EQ(st->column_int(0), 5);
  st->reset();
  moved.close();  // finalizes the statement first, or the close would fail (asserted)
  EXPECT_FALSE(moved.is_open());
}

}  // namespace
}  // namespace parley::sqlite
