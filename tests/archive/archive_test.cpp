// The archive on both back ends from the same cases: the original layout's example to its exact rows,
// idempotent imports, bad games reported, PGN and log round trips, position search, filters,
// invalid logs kept with their verdict, and migrations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <fstream>
#include <stdexcept>
#include <sstream>
#include <thread>

#include "archive/importer.hpp"
#include "archive/lobby_feed.hpp"
#include "archive/ratings.hpp"
#include "archive/schema.hpp"
#include "archive/standings.hpp"
#include "archive/store.hpp"
#include "crypto/hex.hpp"
#include "game/chess/notation.hpp"
#include "peer/log/verify.hpp"
#include "tests/lobby/core_harness.hpp"
#include "tests/pg_server.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace parley::archive {
namespace {

namespace pgn = game::chess::pgn;
namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

fs::path data(const std::string& name) { return fs::path(PARLEY_SOURCE_DIR) / "tests/archive/data" / name; }

std::string collapse_spaces(std::string_view s) {
  std::string out;
  for (char c : s) {
    bool space = c == ' ' || c == '\n' || c == '\t';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// A fresh, empty archive on the back end the test runs with.
class ArchiveTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    static int counter = 0;
    std::string name = "parley_archive_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    if (GetParam() == "sqlite") {
      path_ = fs::temp_directory_path() / (name + ".sqlite");
      fs::remove(path_);
      location_ = path_.string();
    } else {
      // Skipped only when the server binaries are missing; a server that is there but will
      // not start is a failure.
      if (!parley::tests::PgServer::binaries())
        GTEST_SKIP() << "PostgreSQL back end not tested: no initdb/pg_ctl under /usr/lib/postgresql "
                        "(install Debian's postgresql)";
      std::string why;
      auto* server = parley::tests::PgServer::shared(why);
      ASSERT_NE(server, nullptr) << why;
      auto admin = ArchiveStore::open(server->url("postgres"));
      ASSERT_TRUE(admin.ok()) << admin.error().detail;
      (*admin)->sql().exec_script("CREATE DATABASE " + name);
      location_ = server->url(name);
    }
    auto opened = ArchiveStore::open(location_);
    ASSERT_TRUE(opened.ok()) << opened.error().detail;
    store_ = std::move(opened).value();
  }
  void TearDown() override {
    store_.reset();
    if (!path_.empty()) {
      for (auto suffix : {"", "-wal", "-shm"}) fs::remove(path_.string() + suffix);
    }
  }

  // Closes the archive and opens it again, as a later program would (applying any migrations).
  void reopen() {
    store_.reset();
    auto reopened = ArchiveStore::open(location_);
    ASSERT_TRUE(reopened.ok()) << reopened.error().detail;
    store_ = std::move(reopened).value();
  }
  ImportStats import(const std::string& file) { return import_text(file, read_file(data(file))); }
  ImportStats import_bytes(const std::string& name, const game::Bytes& bytes) {
    return import_text(name, {reinterpret_cast<const char*>(bytes.data()), bytes.size()});
  }
  ImportStats import_text(const std::string& name, std::string_view text) {
    ImportStats stats;
    Importer importer(*store_);
    importer.import_file(name, text, stats);
    importer.commit();
    return stats;
  }
  std::int64_t rows(const std::string& table) {
    return as_int(store_->sql().query("SELECT COUNT(*) FROM " + table).at(0).at(0));
  }
  std::int64_t positions() { return static_cast<std::int64_t>(all_positions(store_->sql()).size()); }
  // Two importers on connections of their own, at the same time, with overlapping files.
  void concurrent_imports();

  fs::path path_;
  std::string location_;
  std::unique_ptr<ArchiveStore> store_;
};

TEST_P(ArchiveTest, SeedExampleImportsToExactlyTheSeedsRows) {
  ImportStats stats = import("walther_tal.pgn");
  EXPECT_EQ(stats.imported, 1U);
  EXPECT_TRUE(stats.problems.empty());
  auto& db = store_->sql();
  using Rows = std::vector<SqlRow>;
  EXPECT_EQ(db.query("SELECT EventID, Name FROM Event"), (Rows{{std::int64_t{0}, std::string("Olympic games")}}));
  EXPECT_EQ(db.query("SELECT SiteID, Name FROM Site"), (Rows{{std::int64_t{0}, std::string("Munchen")}}));
  EXPECT_EQ(db.query("SELECT RoundID, Name FROM Round"), (Rows{{std::int64_t{0}, std::string("")}}));
  EXPECT_EQ(db.query("SELECT PlayerID, Name FROM Player ORDER BY PlayerID"),
            (Rows{{std::int64_t{0}, std::string("Walther")}, {std::int64_t{1}, std::string("Tal,M")}}));
  auto game = db.query(
      "SELECT GameID, EventID, SiteID, RoundID, WhiteID, BlackID, Date, Result, PlyCount, VariationCount, "
      "CommentCount, NagCount FROM Game");
  ASSERT_EQ(game.size(), 1U);
  EXPECT_EQ(game[0], (SqlRow{std::int64_t{0}, std::int64_t{0}, std::int64_t{0}, std::int64_t{0}, std::int64_t{0},
                             std::int64_t{1}, std::string("1958"), std::string("0-1"), std::int64_t{66},
                             std::int64_t{0}, std::int64_t{3}, std::int64_t{6}}));
  EXPECT_EQ(db.query("SELECT TagPairID, GameID, Tag, Value FROM TagPair ORDER BY TagPairID"),
            (Rows{{std::int64_t{0}, std::int64_t{0}, std::string("Source"), std::string("Exeter Chess Club")},
                  {std::int64_t{1}, std::int64_t{0}, std::string("Annotator"), std::string("DrDave")}}));
  EXPECT_EQ(
      db.query("SELECT CommentID, GameID, Comment FROM Comment ORDER BY CommentID"),
      (Rows{{std::int64_t{0}, std::int64_t{0}, std::string("Natural moves in the opening")},
            {std::int64_t{1}, std::int64_t{0},
             std::string("Tal gives White's formation a sharp push, and after some wobbling, it collapses.")},
            {std::int64_t{2}, std::int64_t{0},
             std::string("At last! But Black's nicely centralised and active forces are still in control.")}}));
  auto search = db.query("SELECT GameID, Moves FROM PositionSearch");
  ASSERT_EQ(search.size(), 1U);
  EXPECT_EQ(as_int(search[0][0]), 0);
  // The original's PositionSearch.Moves, as it prints it (line breaks are the writer's own).
  const std::string seed_moves =
      "1. e4 c5 2. Ne2 Nf6 3. d3 Nc6 4. Nd2 {}\n"
      "4... d5 5. c3 dxe4 6. dxe4 g6 7. Qc2 Bg7 8. a4 $2 O-O 9. Nc4 $2 Na5 10. Nf4 {}\n"
      "10... e5 $1 11. Nd5 Nxe4 12. Qxe4 Nb3 13. Ra3 Bf5 14. Qe3 Nxc1 15. Qxc5 Re8\n"
      "16. Qe3 Bf8 17. Nb4 a5 18. Nxa5 Qxa5 19. Qxc1 Bxb4 20. cxb4 Qxb4+ 21. Rc3 Qe4+\n"
      "22. Be2 Rxa4 23. f3 Qb4 24. g4 e4 $1 25. f4 Ra2 $1 26. gxf5 Rxb2 27. O-O $1 {}\n"
      "27... Rxe2 28. Rc8 Qb6+ 29. Kh1 Rxc8 30. Qxc8+ Kg7 31. fxg6 hxg6 32. f5 Qf6 33. Qxb7 Qe5";
  EXPECT_EQ(collapse_spaces(as_text(search[0][1])), collapse_spaces(seed_moves));
  // parley's addition: one Zobrist key per position, the start included, each with its ply.
  std::vector<PositionEntry> expected;
  std::string text = read_file(data("walther_tal.pgn"));
  pgn::Reader reader(text);
  auto game_read = reader.next();
  ASSERT_TRUE(game_read && game_read->ok());
  auto keys = record_from_pgn(game_read->value()).position_keys;
  ASSERT_EQ(keys.size(), 67U);
  for (std::size_t ply = 0; ply < keys.size(); ++ply) expected.push_back({keys[ply], 0, static_cast<std::int64_t>(ply)});
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(all_positions(db), expected);
  EXPECT_EQ(rows("Seat"), 2);
}

TEST_P(ArchiveTest, ImportingTheSameGamesTwiceStoresThemOnce) {
  EXPECT_EQ(import("round_robin.pgn").imported, 6U);
  auto before = std::tuple(rows("Game"), rows("Player"), positions(), rows("Comment"), rows("TagPair"));
  ImportStats again = import("round_robin.pgn");
  EXPECT_EQ(again.imported, 0U);
  EXPECT_EQ(again.duplicates, 6U);
  EXPECT_EQ(before, std::tuple(rows("Game"), rows("Player"), positions(), rows("Comment"), rows("TagPair")));
  EXPECT_EQ(rows("Player"), 4);
  EXPECT_EQ(rows("Event"), 1);
  EXPECT_EQ(rows("Round"), 3);
}

// A batch keeps the IDs it has read or handed out (next IDs, interned names) instead of asking
// the database per game; a batch that rolls back must forget them, or the next one would skip
// IDs or point at rows that were never stored.
TEST_P(ArchiveTest, ABatchRolledBackLeavesNoTraceAndTheNextBatchNumbersFromTheArchive) {
  std::vector<GameRecord> games;
  const std::string text = read_file(data("round_robin.pgn"));
  pgn::Reader reader(text);
  while (auto next = reader.next()) {
    ASSERT_TRUE(next->ok());
    games.push_back(record_from_pgn(next->value()));
  }
  ASSERT_EQ(games.size(), 6U);
  {
    ArchiveStore::Batch batch(*store_);
    for (const auto& g : games) EXPECT_TRUE(store_->add(g).inserted);
    // Destroyed without commit(): rolled back.
  }
  EXPECT_EQ(rows("Game"), 0);
  EXPECT_EQ(rows("Player"), 0);
  EXPECT_EQ(positions(), 0);
  {
    ArchiveStore::Batch batch(*store_);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(store_->add(games[i]).id.value, static_cast<std::int64_t>(i));
    batch.commit();
  }
  // A second batch continues the numbering, finds the names the first one stored, and adds
  // each row once.
  {
    ArchiveStore::Batch batch(*store_);
    for (std::size_t i = 3; i < games.size(); ++i)
      EXPECT_EQ(store_->add(games[i]).id.value, static_cast<std::int64_t>(i));
    EXPECT_FALSE(store_->add(games[0]).inserted);
    batch.commit();
  }
  ImportStats again = import("round_robin.pgn");
  EXPECT_EQ(again.duplicates, 6U);
  EXPECT_EQ(rows("Game"), 6);
  EXPECT_EQ(rows("Player"), 4);
  EXPECT_EQ(rows("Event"), 1);
  EXPECT_EQ(rows("Round"), 3);
  EXPECT_EQ(as_int(store_->sql().query("SELECT MAX(GameID) FROM Game").at(0).at(0)), 5);
  EXPECT_EQ(as_int(store_->sql().query("SELECT COUNT(DISTINCT PlayerID) FROM Player").at(0).at(0)), 4);
  std::int64_t keys = 0;
  for (const auto& g : games) keys += static_cast<std::int64_t>(g.position_keys.size());
  EXPECT_EQ(positions(), keys);
  // Every game's players and event are rows that exist.
  EXPECT_EQ(as_int(store_->sql()
                       .query("SELECT COUNT(*) FROM Game g JOIN Event e ON e.EventID = g.EventID "
                              "JOIN Player w ON w.PlayerID = g.WhiteID JOIN Player b ON b.PlayerID = g.BlackID")
                       .at(0)
                       .at(0)),
            6);
}

// Several rows go in one statement (insert_rows). A row that breaks a constraint fails the whole
// transaction on every back end: nothing it wrote stays, before the statement or in it, and the
// archive takes the next transaction as usual.
TEST_P(ArchiveTest, ARowBreakingAConstraintUndoesItsWholeTransaction) {
  {
    Transaction t(store_->sql());
    store_->sql().query("INSERT INTO Event (EventID, Name) VALUES (?, ?)", {integer(7), SqlValue{std::string("before")}});
    const std::vector<SqlValue> rows_in = {integer(8), SqlValue{std::string("first")}, integer(9),
                                           SqlValue{std::string("second")}, integer(8), SqlValue{std::string("again")}};
    EXPECT_THROW(insert_rows(store_->sql(), "Event (EventID, Name)", 2, rows_in), SqlError);
    // Destroyed without commit(), after the failure.
  }
  EXPECT_EQ(rows("Event"), 0);
  ImportStats stats = import("round_robin.pgn");
  EXPECT_EQ(stats.imported, 6U);
  EXPECT_EQ(rows("Event"), 1);
  EXPECT_EQ(as_int(store_->sql().query("SELECT MIN(EventID) FROM Event").at(0).at(0)), 0);
}

// Files given to one importer share its batch (a log is one game, and a transaction per file was
// 50 times slower for many small files): commit() stores them; without it they are rolled back.
TEST_P(ArchiveTest, TheFilesOfOneImporterShareABatchThatCommitStores) {
  const std::string round_robin = read_file(data("round_robin.pgn")), seed = read_file(data("walther_tal.pgn"));
  ImportStats stats;
  {
    Importer importer(*store_);
    importer.import_file("round_robin.pgn", round_robin, stats);
    importer.import_file("walther_tal.pgn", seed, stats);
    EXPECT_EQ(stats.imported, 7U);
  }
  EXPECT_EQ(rows("Game"), 0);
  EXPECT_EQ(positions(), 0);
  Importer importer(*store_);
  importer.import_file("round_robin.pgn", round_robin, stats);
  importer.import_file("walther_tal.pgn", seed, stats);
  importer.import_file("walther_tal.pgn", seed, stats);  // already in this batch
  importer.commit();
  EXPECT_EQ(stats.imported, 14U);
  EXPECT_EQ(stats.duplicates, 1U);
  EXPECT_EQ(rows("Game"), 7);
  // One batch: one block per key group.
  EXPECT_EQ(rows("PositionBlock"),
            as_int(store_->sql().query("SELECT COUNT(DISTINCT KeyPrefix) FROM PositionBlock").at(0).at(0)));
  EXPECT_EQ(store_->games_at_position(game::chess::Position::start().key()).size(), 7U);
}

TEST_P(ArchiveTest, BadGamesAreReportedWithFileAndLineAndTheOthersImported) {
  import("walther_tal.pgn");
  ImportStats stats = import("mixed.pgn");
  EXPECT_EQ(stats.imported, 2U);
  EXPECT_EQ(stats.rejected, 1U);
  ASSERT_EQ(stats.problems.size(), 1U);
  EXPECT_TRUE(stats.problems[0].starts_with("mixed.pgn:13:13: illegal move")) << stats.problems[0];
  EXPECT_NE(stats.problems[0].find("game starting at line 8"), std::string::npos) << stats.problems[0];
  EXPECT_EQ(rows("Game"), 3);  // nothing stored before was lost
  EXPECT_TRUE(store_->games({.player = "Three"}).empty());
  EXPECT_EQ(store_->games({.player = "Five"}).size(), 1U);
}

TEST_P(ArchiveTest, PgnThroughTheArchiveComesBackAsTheSameCanonicalPgn) {
  import("walther_tal.pgn");
  import("round_robin.pgn");
  std::vector<std::string> originals;
  for (auto file : {"walther_tal.pgn", "round_robin.pgn"}) {
    std::string text = read_file(data(file));
    pgn::Reader reader(text);
    while (auto g = reader.next()) originals.push_back(pgn::write(g->value()));
  }
  auto games = store_->games({});
  ASSERT_EQ(games.size(), originals.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    auto stored = store_->stored_pgn(games[i].id);
    ASSERT_TRUE(stored);
    auto rebuilt = rebuild_pgn(*stored);
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().detail;
    EXPECT_EQ(pgn::write(*rebuilt), originals[i]);
  }
  // The variation and the comment of the round robin survive.
  EXPECT_EQ(as_int(store_->sql().query("SELECT CAST(SUM(VariationCount) AS BIGINT) FROM Game").at(0).at(0)), 1);
  EXPECT_NE(originals[1].find("(2. f4 exf4)"), std::string::npos);
}

// PositionSearch.Moves is the game's written movetext with every comment emptied where it stands
// (the original layout, docs/archive.md): the text's lines otherwise, a ';' comment's line end kept. It reads back as
// the game with its comments emptied, and rebuilds with the stored comments to the same game.
TEST(ArchiveRecord, MovesAreTheWrittenMovetextWithEveryCommentEmptied) {
  const std::string long_comment =
      "a long comment that the writer has to wrap over more than one line because it runs well past seventy-nine "
      "columns, with { a brace and ; a semicolon inside";
  const std::string text = "[Event \"e\"]\n[Result \"1-0\"]\n\n{opening words} 1. e4 {" + long_comment +
                           "} e5 $1 (1... c5 {the Sicilian} 2. Nf3 (2. c3 {Alapin}) d6) 2. Nf3 Nc6 {x} "
                           "3. Bb5 ; a rest-of-line comment with a } brace\n a6 (3... Nf6 ; another } one\n) 4. Ba4 "
                           "{} 4... Nf6 1-0\n";
  pgn::Reader reader(text);
  auto read = reader.next();
  ASSERT_TRUE(read && read->ok()) << (read ? pgn::format(read->error(), "test") : "no game");
  const pgn::Game& game = read->value();
  GameRecord record = record_from_pgn(game);
  ASSERT_TRUE(record.moves);
  EXPECT_EQ(*record.moves,
            "{} 1. e4 {} 1... e5 $1 (1... c5 {} 2. Nf3 (2. c3\n"
            "{}) 2... d6) 2. Nf3 Nc6 {} 3. Bb5 {}\n"
            "3... a6 (3... Nf6 {}\n"
            ") 4. Ba4 {} 4... Nf6");
  EXPECT_EQ(record.comments.size(), 8u);
  EXPECT_EQ(record.comments[1], long_comment);

  pgn::Game emptied = game;
  std::function<void(pgn::Line&)> clear = [&](pgn::Line& line) {
    for (auto& c : line.comments) c.clear();
    for (auto& node : line.nodes) {
      for (auto& c : node.comments) c.clear();
      for (auto& v : node.variations) clear(v);
    }
  };
  clear(emptied.main);
  // After a tag section: before one, the reader takes a comment for text between games.
  const std::string moves_as_a_game = "[Result \"1-0\"]\n\n" + *record.moves + " 1-0\n";
  pgn::Reader moves_reader(moves_as_a_game);
  auto moves_read = moves_reader.next();
  ASSERT_TRUE(moves_read && moves_read->ok());
  EXPECT_EQ(moves_read->value().main, emptied.main);

  StoredPgn stored{game.tags, game.result, *record.moves, record.comments};
  auto rebuilt = rebuild_pgn(stored);
  ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().detail;
  EXPECT_EQ(pgn::write(*rebuilt), pgn::write(game));
}

TEST(ArchiveRecord, AStoredResultIsAStarOrAScorePerSeatForTwoToSixSeats) {
  for (std::string_view result : {"*", "1-0", "0-1", "1/2-1/2", "0-1-0", "1/2-1/2-1/2-1/2-1/2-1/2"})
    EXPECT_TRUE(is_stored_result(result)) << result;
  for (std::string_view result : {"", "1", "1/2", "2-0", "1-0-0-0-0-0-0", "1--0", "1-0 ", "-", "**", "0-1/3"})
    EXPECT_FALSE(is_stored_result(result)) << result;
}

TEST_P(ArchiveTest, GamesFromASetUpPositionKeepTheirStartAndIndexFromIt) {
  const std::string fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
  std::string text = "[Event \"Endings\"]\n[SetUp \"1\"]\n[FEN \"" + fen +
                     "\"]\n[Result \"*\"]\n\n1. e4 Kd7 2. e5 {pushing} Ke6 *\n";
  ImportStats stats = import_text("ending.pgn", text);
  ASSERT_EQ(stats.imported, 1U) << (stats.problems.empty() ? "" : stats.problems[0]);
  EXPECT_EQ(stats.positions, 5U);
  auto start = game::chess::Position::from_fen(fen);
  auto hits = store_->games_at_position(start->key());
  ASSERT_EQ(hits.size(), 1U);
  EXPECT_EQ(hits[0].ply, 0);
  EXPECT_TRUE(store_->games_at_position(game::chess::Position::start().key()).empty());
  auto rebuilt = rebuild_pgn(*store_->stored_pgn(hits[0].id));
  ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().detail;
  pgn::Reader reader(text);
  EXPECT_EQ(pgn::write(*rebuilt), pgn::write(reader.next()->value()));
}

TEST_P(ArchiveTest, AVariationWithoutMovesIsDroppedSoTheGameExportsAsValidPgn) {
  // The reader accepts "( )"; pgn::write cannot write it back readably, so the archive drops it.
  ImportStats stats = import_text("empty.pgn", "[Event \"E\"]\n[Result \"*\"]\n\n1. Nf3 ( ) d5 (1... Nf6) *\n");
  ASSERT_EQ(stats.imported, 1U) << (stats.problems.empty() ? "" : stats.problems[0]);
  auto g = store_->games({.event = "E"});
  ASSERT_EQ(g.size(), 1U);
  EXPECT_EQ(as_int(store_->sql().query("SELECT VariationCount FROM Game").at(0).at(0)), 1);
  auto rebuilt = rebuild_pgn(*store_->stored_pgn(g[0].id));
  ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().detail;
  std::string text = pgn::write(*rebuilt);
  EXPECT_NE(text.find("1. Nf3 d5 (1... Nf6) *"), std::string::npos) << text;
}

// PGN's character set is ISO 8859-1, and PostgreSQL refuses text that is not UTF-8: such a game
// is stored as UTF-8 on both back ends alike, and its control characters (which a terminal
// would obey when `parley archive games` prints them) as spaces.
TEST_P(ArchiveTest, ALatin1GameWithControlCharactersIsStoredAsUtf8OnEveryBackEnd) {
  const std::string text =
      "[Event \"Caf\xe9 Open\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n"
      "[White \"A\x1b]0;pwn\x07\"]\n[Black \"M\xfcller\"]\n[Annotator \"\x93Q\x94\"]\n[Result \"1-0\"]\n\n"
      "1. e4 e5 {caf\xe9\tand\nmore\x1b[2J} 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
  ImportStats stats = import_text("latin1.pgn", text);
  ASSERT_EQ(stats.imported, 1U) << (stats.problems.empty() ? "" : stats.problems[0]);
  auto g = store_->games({});
  ASSERT_EQ(g.size(), 1U);
  EXPECT_EQ(g[0].event, "Caf\xc3\xa9 Open");
  ASSERT_EQ(g[0].seats.size(), 2U);
  EXPECT_EQ(g[0].seats[0].name, "A ]0;pwn ");
  EXPECT_EQ(g[0].seats[1].name, "M\xc3\xbcller");
  EXPECT_EQ(store_->games({.player = "M\xc3\xbcller"}).size(), 1U);
  auto rebuilt = rebuild_pgn(*store_->stored_pgn(g[0].id));
  ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().detail;
  ASSERT_NE(rebuilt->tag("Annotator"), nullptr);
  EXPECT_EQ(*rebuilt->tag("Annotator"), "\xe2\x80\x9cQ\xe2\x80\x9d");  // Windows-1252's quotation marks
  ASSERT_EQ(rebuilt->main.nodes.at(1).comments.size(), 1U);
  EXPECT_EQ(rebuilt->main.nodes[1].comments[0], "caf\xc3\xa9 and more [2J");
  // The same file again is the same game.
  EXPECT_EQ(import_text("latin1.pgn", text).imported, 0U);
  EXPECT_EQ(store_->games({}).size(), 1U);
}

TEST_P(ArchiveTest, PositionSearchFindsMainLinesByZobristKeyAndNotVariations) {
  import("round_robin.pgn");
  using game::chess::Position;
  Position p = Position::start();
  for (auto san : {"e4", "e5", "Nf3"}) p.play(*game::chess::parse_san(p, san));
  auto hits = store_->games_at_position(p.key());
  ASSERT_EQ(hits.size(), 2U);
  EXPECT_EQ(hits[0].seats[0].name, "Anna");
  EXPECT_EQ(hits[1].seats[0].name, "Clara");
  EXPECT_EQ(hits[0].ply, 3);

  Position f4 = Position::start();
  for (auto san : {"e4", "e5", "f4"}) f4.play(*game::chess::parse_san(f4, san));
  EXPECT_TRUE(store_->games_at_position(f4.key()).empty());  // only in a variation
  EXPECT_EQ(store_->games_at_position(Position::start().key()).size(), 6U);
  // 1. Nf3 d5 2. g3 and 1. g3 d5 2. Nf3 are one position: found by transposition.
  Position transposed = Position::start();
  for (auto san : {"g3", "d5", "Nf3"}) transposed.play(*game::chess::parse_san(transposed, san));
  auto by_transposition = store_->games_at_position(transposed.key());
  ASSERT_EQ(by_transposition.size(), 1U);
  EXPECT_EQ(by_transposition[0].seats[0].name, "Boris");
  EXPECT_EQ(by_transposition[0].ply, 3);
}

// Games stored one batch each (as the lobby stores them) end up in the same blocks, in game
// order; more than 64 games take more than one SELECT of games.
TEST_P(ArchiveTest, PositionSearchGathersGamesFromEveryBatchWithTheFirstPlyOfEach) {
  constexpr int kGames = 70;
  for (int i = 0; i < kGames; ++i) {
    // Knights out and back: the start position again at ply 4, and 1. Nf3's at ply 5.
    std::string text = "[Event \"Batch " + std::to_string(i) + "\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 *\n";
    ImportStats stats = import_text("game.pgn", text);
    ASSERT_EQ(stats.imported, 1U) << (stats.problems.empty() ? "" : stats.problems[0]);
  }
  EXPECT_EQ(positions(), kGames * 6);
  // Each of these small batches added to the groups' blocks instead of writing rows of its own.
  EXPECT_EQ(rows("PositionBlock"),
            as_int(store_->sql().query("SELECT COUNT(DISTINCT KeyPrefix) FROM PositionBlock").at(0).at(0)));
  using game::chess::Position;
  Position nf3 = Position::start();
  nf3.play(*game::chess::parse_san(nf3, "Nf3"));
  for (const Position& p : {Position::start(), nf3}) {
    auto hits = store_->games_at_position(p.key());
    ASSERT_EQ(hits.size(), static_cast<std::size_t>(kGames));
    for (int i = 0; i < kGames; ++i) {
      EXPECT_EQ(hits[static_cast<std::size_t>(i)].id.value, i);
      EXPECT_EQ(hits[static_cast<std::size_t>(i)].event, "Batch " + std::to_string(i));
      EXPECT_EQ(hits[static_cast<std::size_t>(i)].ply, p == Position::start() ? 0 : 1);
    }
  }
}

// A small batch adds to a group's newest block only while that block is under 4 KB; a large
// batch always writes blocks of its own.
TEST_P(ArchiveTest, SmallBatchesFillAGroupsNewestBlockUpToItsSizeLimit) {
  auto& db = store_->sql();
  const std::uint64_t group = std::uint64_t{0x1234} << 48;
  auto block_rows = [&] { return rows("PositionBlock"); };
  auto entries_of_games = [&](std::int64_t from, std::int64_t to) {
    std::vector<PositionEntry> out;
    for (std::int64_t g = from; g < to; ++g) out.push_back({group | static_cast<std::uint64_t>(g % 7), g, 0});
    std::sort(out.begin(), out.end());
    return out;
  };
  Transaction t(db);
  insert_position_blocks(db, entries_of_games(0, 100));  // a small batch, nothing to add to: new block
  EXPECT_EQ(block_rows(), 1);
  insert_position_blocks(db, entries_of_games(100, 200));  // added to it (about 1.9 KB in all)
  EXPECT_EQ(block_rows(), 1);
  // Added again: now 128 entries of 9 bytes and 372 of 10 (the game takes two varint bytes from
  // 128 on), 4,872 bytes, over the 4 KB limit.
  insert_position_blocks(db, entries_of_games(200, 500));
  EXPECT_EQ(block_rows(), 1);
  insert_position_blocks(db, entries_of_games(500, 501));  // the block is full: a new one
  EXPECT_EQ(block_rows(), 2);
  insert_position_blocks(db, entries_of_games(501, 502));  // added to the new one
  EXPECT_EQ(block_rows(), 2);
  insert_position_blocks(db, entries_of_games(502, 502 + 5000));  // a large batch: its own block
  EXPECT_EQ(block_rows(), 3);
  t.commit();
  const auto all = entries_of_games(0, 5502);
  EXPECT_EQ(all_positions(db), all);
  EXPECT_EQ(find_position(db, group | 3).size(),
            static_cast<std::size_t>(std::count_if(all.begin(), all.end(), [&](auto& e) { return e.key == (group | 3); })));
}

TEST_P(ArchiveTest, ADamagedPositionBlockIsAnErrorNamingItNotACrash) {
  import("round_robin.pgn");
  const std::uint64_t key = game::chess::Position::start().key();
  store_->sql().query("UPDATE PositionBlock SET Entries = ? WHERE KeyPrefix = ?",
                      {SqlValue{game::Bytes{1, 2, 3}}, SqlValue{key_prefix(key)}});
  try {
    store_->games_at_position(key);
    ADD_FAILURE() << "a damaged block was read";
  } catch (const SqlError& e) {
    EXPECT_NE(std::string(e.what()).find("damaged position index"), std::string::npos) << e.what();
  }
}

TEST_P(ArchiveTest, GamesFilterByPlayerEventKindAndResult) {
  import("walther_tal.pgn");
  import("round_robin.pgn");
  EXPECT_EQ(store_->games({}).size(), 7U);
  EXPECT_EQ(store_->games({.player = "Anna"}).size(), 3U);
  EXPECT_EQ(store_->games({.player = "Tal,M"}).size(), 1U);
  EXPECT_EQ(store_->games({.event = "Club Cup"}).size(), 6U);
  EXPECT_EQ(store_->games({.result = "1/2-1/2"}).size(), 2U);
  EXPECT_EQ(store_->games({.player = "Anna", .result = "1/2-1/2"}).size(), 1U);
  EXPECT_EQ(store_->games({.kind = "chess"}).size(), 7U);
  EXPECT_TRUE(store_->games({.kind = "gunjin"}).empty());
  EXPECT_TRUE(store_->games({.player = "Nobody"}).empty());
}

TEST_P(ArchiveTest, StandingsAreTheSameOnEveryBackEnd) {
  import("round_robin.pgn");
  import("walther_tal.pgn");  // another event: not counted
  auto standings = standings_of(*store_, "Club Cup");
  ASSERT_TRUE(standings);
  // The hand-computed table of standings_test.cpp.
  EXPECT_EQ(format_csv(*standings),
            "rank,name,fingerprint,points,games,sonneborn_berger,buchholz,1,2,3,4\n"
            "1,Anna,,2.5,3,2.5,3.5,x,½,1,1\n"
            "2,Clara,,2,3,2.5,4,½,x,1,½\n"
            "3,Boris,,1,3,0.5,5,0,0,x,1\n"
            "4,Dmitri,,0.5,3,1,5.5,0,½,0,x\n");
  // In byte order on both (PostgreSQL's collation would put "Olympic games" and a lower-case
  // name elsewhere), without the unnamed event.
  import_text("night.pgn", "[Event \"club night\"]\n[Result \"*\"]\n\n1. c4 *\n\n[Result \"*\"]\n\n1. b3 *\n");
  EXPECT_EQ(store_->event_names(), (std::vector<std::string>{"Club Cup", "Olympic games", "club night"}));
}

// 1. f3 e5 2. g4 Qh4#, played through the fake lobby: a complete, signed log.
game::Bytes fools_mate_log(peer::RoomOptions options = {}) {
  using namespace game::chess;
  peer::testing::Table t(options);
  t.start_play();
  for (auto san : {"f3", "e5", "g4", "Qh4#"}) {
    Move m = *parse_san(t.chess().position(), san);
    game::Seat s = seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
  }
  for (auto& l : t.locals) t.post(l.seat(), *l.duty(*t.session, {}));
  return lobby::encode(t.lobby.log());
}

// What parley-lobby --archive runs per finished room: a log verified and stored; after the
// connection is lost, one failure and then a new connection at the next log.
TEST_P(ArchiveTest, TheLobbyFeedStoresLogsAndReconnectsAfterALostConnection) {
  auto feed = LobbyFeed::open(location_);
  ASSERT_TRUE(feed.ok()) << feed.error().detail;
  game::Bytes log = fools_mate_log();
  auto stored = (*feed)->store(log);
  ASSERT_TRUE(stored.ok()) << stored.error().detail;
  EXPECT_EQ(describe(*stored), "game 0, verified");
  auto again = (*feed)->store(log);
  ASSERT_TRUE(again.ok()) << again.error().detail;
  EXPECT_EQ(describe(*again), "already archived as game 0");
  game::Bytes not_a_log = {1, 2, 3};
  auto refused = (*feed)->store(not_a_log);
  ASSERT_FALSE(refused.ok());
  EXPECT_TRUE(refused.error().detail.starts_with("not a game log: ")) << refused.error().detail;

  if (GetParam() != "postgresql") return;
  // The server ends the feed's session (as a restart of the server would).
  std::string why;
  auto admin = ArchiveStore::open(parley::tests::PgServer::shared(why)->url("postgres"));
  ASSERT_TRUE(admin.ok());
  const std::size_t name_at = location_.find("@/") + 2;  // postgresql://parley@/NAME?host=…
  const std::string database = location_.substr(name_at, location_.find('?') - name_at);
  (*admin)->sql().query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()",
                        {SqlValue{database}});
  peer::RoomOptions other;
  other.event = "after the restart";
  game::Bytes second = fools_mate_log(other);
  auto lost = (*feed)->store(second);
  ASSERT_FALSE(lost.ok());
  auto reconnected = (*feed)->store(second);
  ASSERT_TRUE(reconnected.ok()) << reconnected.error().detail;
  EXPECT_TRUE(reconnected->inserted);
  // The fixture's own connection was ended too: look through a new one.
  store_ = std::move(ArchiveStore::open(location_)).value();
  EXPECT_EQ(store_->games({.event = "after the restart"}).size(), 1U);
}

// parley-lobby --archive's ratings (docs/lobby.md, "The common room"): the logs its sink stores
// post the players' Glicko-2 numbers of the games the lobby stamped, rounded, to the lobby's
// mailbox (nothing before the lobby's key is known), and a lobby core lists them by game.
TEST_P(ArchiveTest, TheLobbyListsTheGlickoRatingsOfItsVerifiedGames) {
  auto feed = LobbyFeed::open(location_);
  ASSERT_TRUE(feed.ok()) << feed.error().detail;
  std::shared_ptr<LobbyFeed> shared = std::move(*feed);
  auto mailbox = std::make_shared<lobby::RatingsMailbox>();
  auto ratings = std::make_shared<LobbyRatings>(shared, mailbox);
  auto sink = lobby_sink(shared, ratings);
  peer::RoomOptions first, second;
  first.event = "one";
  second.event = "two";
  EXPECT_TRUE(sink(lobby::RoomId{1}, fools_mate_log(first)).stored);
  EXPECT_FALSE(mailbox->take().has_value());
  ratings->set_lobby_key(peer::testing::identity_from(0xAA).public_key());
  EXPECT_TRUE(sink(lobby::RoomId{2}, fools_mate_log(second)).stored);
  auto table = mailbox->take();
  ASSERT_TRUE(table.has_value());
  ASSERT_EQ(table->size(), 2u);
  const auto white = peer::testing::identity_from(1), black = peer::testing::identity_from(2);
  const std::vector<event::GlickoResult> games = {{0, 1, 0.0}, {0, 1, 0.0}};
  const auto expected = event::glicko2_period(std::vector<event::GlickoRating>(2), games);
  const auto as_listed = [](const event::GlickoRating& r) {
    return std::vector<lobby::GameRating>{{"chess", static_cast<std::uint16_t>(std::lround(r.rating)),
                                           static_cast<std::uint16_t>(std::lround(r.deviation))}};
  };
  EXPECT_EQ(table->at(white.public_key()), as_listed(expected[0]));
  EXPECT_EQ(table->at(black.public_key()), as_listed(expected[1]));
  EXPECT_LT(table->at(white.public_key())[0].rating, 1500);
  EXPECT_GT(table->at(black.public_key())[0].rating, 1500);
  // Another lobby's key: nobody rated.
  EXPECT_TRUE(lobby_ratings(*store_, peer::testing::identity_from(0xBB).public_key()).empty());

  lobby::testing::CoreHarness h;
  auto w = lobby::testing::login_again(h, white, "White");
  auto b = lobby::testing::login_again(h, black, "Black");
  h.core().set_ratings(*table);
  const lobby::RequestId asked = w.next();
  h.send(w.connection, lobby::ListPlayers{asked, std::nullopt});
  auto list = h.take<lobby::PlayerList>(w.connection);
  ASSERT_TRUE(list.has_value());
  ASSERT_EQ(list->players.size(), 2u);
  for (const lobby::PlayerSummary& p : list->players)
    EXPECT_EQ(p.ratings, as_listed(p.key == white.public_key() ? expected[0] : expected[1])) << p.name;
}

TEST_P(ArchiveTest, LogsAreVerifiedStoredWithKeysAndComeBackByteForByte) {
  peer::RoomOptions options;
  options.event = "Net Cup";
  options.round = "1";
  game::Bytes log = fools_mate_log(options);
  ImportStats stats = import_bytes("fools.plog", log);
  EXPECT_EQ(stats.imported, 1U);
  EXPECT_EQ(stats.invalid_logs, 0U);
  EXPECT_EQ(stats.positions, 5U);
  EXPECT_EQ(import_bytes("again.plog", log).duplicates, 1U);

  auto games = store_->games({.event = "Net Cup"});
  ASSERT_EQ(games.size(), 1U);
  const GameSummary& g = games[0];
  EXPECT_EQ(g.origin, "plog");
  EXPECT_EQ(g.kind, "chess");
  EXPECT_EQ(g.result, "0-1");
  EXPECT_TRUE(g.verified);
  EXPECT_EQ(g.ply_count, 4);
  ASSERT_EQ(g.seats.size(), 2U);
  EXPECT_EQ(g.seats[0].name, "seat 0");
  EXPECT_EQ(g.seats[0].verdict, "honest");
  auto key0 = peer::testing::identity_from(1).public_key();
  EXPECT_EQ(g.seats[0].fingerprint, crypto::fingerprint(key0));
  EXPECT_EQ(store_->games({.player = crypto::fingerprint(key0)}).size(), 1U);
  EXPECT_EQ(store_->games({.player = "seat 1"}).size(), 1U);  // by alias
  EXPECT_EQ(store_->games({.player = crypto::to_hex(key0.bytes())}).size(), 1U);
  EXPECT_TRUE(store_->games({.player = std::string(64, '0')}).empty());

  // Players of logs are keys: the standings name them and give their fingerprints.
  auto net = standings_of(*store_, "Net Cup");
  ASSERT_TRUE(net);
  ASSERT_EQ(net->rows.size(), 2U);
  EXPECT_EQ(net->rows[0].player.name, "seat 1");
  EXPECT_EQ(net->rows[0].points, 2);
  EXPECT_EQ(net->rows[0].player.fingerprint, crypto::fingerprint(peer::testing::identity_from(2).public_key()));

  auto back = store_->log(g.id);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, log);
  EXPECT_TRUE(peer::verify_bytes(*back).valid);
  // Stored compressed, with the lobby's key beside it.
  auto row = store_->sql().query("SELECT LobbyKey, LogBytes FROM Game WHERE GameID = ?", {SqlValue{g.id.value}});
  auto lobby = peer::testing::identity_from(0xAA);
  auto lobby_key = lobby.public_key().bytes();
  EXPECT_EQ(as_bytes(row[0][0]), game::Bytes(lobby_key.begin(), lobby_key.end()));
  EXPECT_EQ(as_int(row[0][1]), static_cast<std::int64_t>(log.size()));
  // A chess log is searchable by position and exports as PGN.
  game::chess::Position p = game::chess::Position::start();
  for (auto san : {"f3", "e5", "g4", "Qh4#"}) p.play(*game::chess::parse_san(p, san));
  EXPECT_EQ(store_->games_at_position(p.key()).size(), 1U);
  auto stored = store_->stored_pgn(g.id);
  ASSERT_TRUE(stored);
  auto rebuilt = rebuild_pgn(*stored);
  ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().detail;
  EXPECT_EQ(rebuilt->result, "0-1");
  EXPECT_EQ(rebuilt->ply_count(), 4U);
}

TEST_P(ArchiveTest, InvalidLogsAreStoredWithTheirVerdictAndCorruptOnesSkipped) {
  import("walther_tal.pgn");
  auto log = *peer::decode_log(fools_mate_log());
  auto tampered = log;
  std::swap(tampered.entries[6], tampered.entries[7]);
  ImportStats stats = import_bytes("tampered.plog", lobby::encode(tampered));
  EXPECT_EQ(stats.imported, 1U);
  EXPECT_EQ(stats.invalid_logs, 1U);
  ASSERT_EQ(stats.problems.size(), 1U);
  EXPECT_TRUE(stats.problems[0].starts_with("tampered.plog: stored as invalid")) << stats.problems[0];
  auto invalid = store_->games({.kind = "chess", .result = "*"});
  ASSERT_EQ(invalid.size(), 1U);
  EXPECT_FALSE(invalid[0].verified);
  EXPECT_FALSE(invalid[0].fault.empty());
  EXPECT_EQ(as_int(store_->sql().query("SELECT FaultEntry FROM Game WHERE Verified = 0").at(0).at(0)), 6);
  EXPECT_EQ(*store_->log(invalid[0].id), lobby::encode(tampered));

  game::Bytes corrupt = lobby::encode(log);
  corrupt.resize(corrupt.size() / 2);
  ImportStats skipped = import_bytes("corrupt.plog", corrupt);
  EXPECT_EQ(skipped.imported, 0U);
  EXPECT_EQ(skipped.rejected, 1U);
  ASSERT_EQ(skipped.problems.size(), 1U);
  EXPECT_EQ(skipped.problems[0], "corrupt.plog: not stored: the log ends early");
  EXPECT_EQ(rows("Game"), 2);
}

// An SQLite import writes through a rollback journal when it has the file to itself, and leaves
// the write-ahead log behind it; with another connection open it keeps the log throughout.
TEST_P(ArchiveTest, AnImportAloneOnTheFileUsesARollbackJournalAndLeavesTheWriteAheadLog) {
  if (GetParam() != "sqlite") GTEST_SKIP() << "journal modes are SQLite's";
  auto journal_mode = [](ArchiveStore& store) { return as_text(store.sql().query("PRAGMA journal_mode").at(0).at(0)); };
  const std::string round_robin = read_file(data("round_robin.pgn"));
  EXPECT_EQ(journal_mode(*store_), "wal");
  store_.reset();
  {
    auto alone = std::move(ArchiveStore::open(location_)).value();
    {
      Importer importer(*alone);
      EXPECT_EQ(journal_mode(*alone), "delete");
      ImportStats stats;
      importer.import_pgn("round_robin.pgn", round_robin, stats);
      importer.commit();
      EXPECT_EQ(stats.imported, 6U);
    }
    EXPECT_EQ(journal_mode(*alone), "wal");
  }
  store_ = std::move(ArchiveStore::open(location_)).value();
  auto beside = std::move(ArchiveStore::open(location_)).value();
  {
    Importer importer(*beside);
    EXPECT_EQ(journal_mode(*beside), "wal");
    ImportStats stats;
    importer.import_pgn("walther_tal.pgn", read_file(data("walther_tal.pgn")), stats);
    importer.commit();
    EXPECT_EQ(stats.imported, 1U);
  }
  EXPECT_EQ(journal_mode(*store_), "wal");
  EXPECT_EQ(rows("Game"), 7);
}

// Two processes' worth of connections importing overlapping files at the same time: writers take
// the writer lock up front, so neither fails and IDs never collide. Run with the fixture's
// connection open (both importers keep the write-ahead log) and closed (the first to open may
// take the file to a rollback journal, and the other opens and waits beside it).
TEST_P(ArchiveTest, ConcurrentImportersQueueAndStoreEachGameOnce) {
  for (bool fixture_open : {true, false}) {
    SCOPED_TRACE(fixture_open ? "beside another connection" : "alone on the file");
    if (!fixture_open) {
      store_->sql().exec_script("DELETE FROM PositionBlock; DELETE FROM PositionSearch; DELETE FROM Comment; "
                                "DELETE FROM TagPair; DELETE FROM Seat; DELETE FROM Game");
      store_.reset();
    }
    concurrent_imports();
    if (!fixture_open) store_ = std::move(ArchiveStore::open(location_)).value();
    EXPECT_EQ(rows("Game"), 7);
    EXPECT_EQ(as_int(store_->sql().query("SELECT MAX(GameID) FROM Game").at(0).at(0)), 6);
  }
}

void ArchiveTest::concurrent_imports() {
  std::string round_robin = read_file(data("round_robin.pgn")), seed = read_file(data("walther_tal.pgn"));
  std::vector<std::string> failures(2);
  std::vector<ImportStats> stats(2);
  auto importer = [&](std::size_t which) {
    try {
      auto store = ArchiveStore::open(location_);
      if (!store) {
        failures[which] = store.error().detail;
        return;
      }
      Importer importer(**store);
      for (int round = 0; round < 3; ++round) {
        importer.import_pgn("round_robin.pgn", round_robin, stats[which]);
        if (which == 1) importer.import_pgn("walther_tal.pgn", seed, stats[which]);
        importer.commit();
      }
    } catch (const SqlError& e) {
      failures[which] = e.what();
    }
  };
  std::thread a(importer, 0), b(importer, 1);
  a.join();
  b.join();
  EXPECT_EQ(failures, (std::vector<std::string>{"", ""}));
  EXPECT_EQ(stats[0].imported + stats[1].imported, 7U);
  EXPECT_EQ(stats[0].duplicates + stats[1].duplicates, 18U + 21U - 7U);  // attempts minus stored
}

TEST_P(ArchiveTest, OpeningMigratesOnceAndRefusesANewerSchema) {
  EXPECT_EQ(schema_version(store_->sql()), latest_schema_version());
  import("walther_tal.pgn");
  store_.reset();
  auto reopened = ArchiveStore::open(location_);
  ASSERT_TRUE(reopened.ok()) << reopened.error().detail;
  EXPECT_EQ(as_int((*reopened)->sql().query("SELECT COUNT(*) FROM SchemaVersion").at(0).at(0)),
            latest_schema_version());
  EXPECT_EQ((*reopened)->games({}).size(), 1U);
  (*reopened)->sql().query("INSERT INTO SchemaVersion (Version, Description) VALUES (?, ?)",
                           {SqlValue{latest_schema_version() + 1}, SqlValue{std::string("from the future")}});
  reopened->reset();
  auto refused = ArchiveStore::open(location_);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().detail.find("newer than this parley"), std::string::npos) << refused.error().detail;
}

// Game's indexes before schema version 4, which dropped them.
constexpr const char* kIndexesBeforeVersionFour =
    "CREATE INDEX GameByWhite ON Game (WhiteID); CREATE INDEX GameByBlack ON Game (BlackID); "
    "CREATE INDEX GameByKind ON Game (Kind)";

// Whether the database has the index: dropping it succeeds (in a transaction rolled back).
bool has_index(SqlConnection& db, const std::string& name) {
  Transaction t(db);
  try {
    db.exec_script("DROP INDEX " + name);
    return true;
  } catch (const SqlError&) {
    return false;
  }
}

// Version 4 drops three indexes of Game that no query reads; the games and their search are as
// before, and the filters that once could have used them still find the same games.
TEST_P(ArchiveTest, AVersionThreeArchiveHasItsUnreadIndexesDroppedWhenOpened) {
  import("round_robin.pgn");
  auto& db = store_->sql();
  EXPECT_FALSE(has_index(db, "GameByWhite"));
  const std::size_t chess_games = store_->games(GameFilter{.kind = "chess"}).size();
  ASSERT_GT(chess_games, 0U);
  {
    Transaction t(db);
    db.exec_script(kIndexesBeforeVersionFour);
    db.query("DELETE FROM SchemaVersion WHERE Version >= 4");
    t.commit();
  }
  ASSERT_TRUE(has_index(store_->sql(), "GameByKind"));
  ASSERT_NO_FATAL_FAILURE(reopen());
  auto& migrated = store_->sql();
  EXPECT_EQ(schema_version(migrated), latest_schema_version());
  for (const char* name : {"GameByWhite", "GameByBlack", "GameByKind"}) EXPECT_FALSE(has_index(migrated, name)) << name;
  EXPECT_TRUE(has_index(migrated, "GameByEvent"));
  EXPECT_EQ(store_->games(GameFilter{.kind = "chess"}).size(), chess_games);
}

// An archive of schema version 1 kept one PositionKey row per position; opening it packs them
// into blocks, and position search finds the same games as before.
TEST_P(ArchiveTest, AVersionOneArchiveHasItsPositionKeysPackedWhenOpened) {
  const std::size_t indexed = import("round_robin.pgn").positions + import("walther_tal.pgn").positions;
  auto& db = store_->sql();
  const std::vector<PositionEntry> before = all_positions(db);
  ASSERT_EQ(before.size(), indexed);
  ASSERT_GT(indexed, 67U);
  const std::uint64_t key = game::chess::Position::start().key();
  const std::size_t start_hits = store_->games_at_position(key).size();
  ASSERT_EQ(start_hits, 7U);
  {
    // Back to version 1's layout, as a parley of that version left it.
    Transaction t(db);
    db.exec_script(
        "CREATE TABLE PositionKey (ZobristKey BIGINT NOT NULL, GameID BIGINT NOT NULL REFERENCES Game (GameID), "
        "Ply BIGINT NOT NULL, PRIMARY KEY (ZobristKey, GameID, Ply))");
    for (const PositionEntry& e : before)
      db.query("INSERT INTO PositionKey (ZobristKey, GameID, Ply) VALUES (?, ?, ?)",
               {SqlValue{static_cast<std::int64_t>(e.key)}, SqlValue{e.game}, SqlValue{e.ply}});
    db.exec_script("DROP TABLE PositionBlock");
    db.exec_script(kIndexesBeforeVersionFour);
    db.query("DELETE FROM SchemaVersion WHERE Version >= 2");
    t.commit();
  }
  ASSERT_NO_FATAL_FAILURE(reopen());
  EXPECT_EQ(schema_version(store_->sql()), latest_schema_version());
  EXPECT_EQ(all_positions(store_->sql()), before);
  EXPECT_EQ(store_->games_at_position(key).size(), start_hits);
  EXPECT_THROW(store_->sql().query("SELECT COUNT(*) FROM PositionKey"), SqlError);
  // New games go on from there.
  ImportStats stats = import_text("one.pgn", "[Event \"Later\"]\n[Result \"*\"]\n\n1. d4 *\n");
  EXPECT_EQ(stats.imported, 1U);
  EXPECT_EQ(store_->games_at_position(key).size(), start_hits + 1);
}

// An archive of schema version 2 grouped its blocks by the key's top 16 bits; opening it packs
// them again by the top 12, and position search finds the same games as before. Here every game
// has a block of its own in each of its groups, as an archive filled a game at a time by the
// lobby may have: the migration merges them into blocks of a few hundred entries.
TEST_P(ArchiveTest, AVersionTwoArchiveHasItsBlocksRegroupedWhenOpened) {
  import("round_robin.pgn");
  import("walther_tal.pgn");
  auto& db = store_->sql();
  const std::vector<PositionEntry> before = all_positions(db);
  const std::uint64_t key = game::chess::Position::start().key();
  const std::size_t start_hits = store_->games_at_position(key).size();
  ASSERT_EQ(start_hits, 7U);
  std::size_t old_blocks = 0;
  {
    // Back to version 2's layout: a block per 16-bit group and game.
    Transaction t(db);
    db.exec_script("DROP TABLE PositionBlock");
    db.exec_script(std::string("CREATE TABLE PositionBlock (KeyPrefix BIGINT NOT NULL, FirstGameID BIGINT NOT NULL, ") +
                   "Entries " + (db.dialect() == Dialect::sqlite ? "BLOB" : "BYTEA") +
                   " NOT NULL, PRIMARY KEY (KeyPrefix, FirstGameID))");
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<PositionEntry>> blocks;
    for (const PositionEntry& e : before) blocks[{kKeyLayoutV2.prefix_of(e.key), e.game}].push_back(e);
    for (const auto& [at, entries] : blocks)
      db.query("INSERT INTO PositionBlock (KeyPrefix, FirstGameID, Entries) VALUES (?, ?, ?)",
               {SqlValue{at.first}, SqlValue{at.second}, SqlValue{encode_position_block(entries, at.second, kKeyLayoutV2)}});
    old_blocks = blocks.size();
    db.exec_script(kIndexesBeforeVersionFour);
    db.query("DELETE FROM SchemaVersion WHERE Version >= 3");
    t.commit();
  }
  ASSERT_NO_FATAL_FAILURE(reopen());
  auto& migrated = store_->sql();
  EXPECT_EQ(schema_version(migrated), latest_schema_version());
  EXPECT_EQ(all_positions(migrated), before);
  EXPECT_EQ(store_->games_at_position(key).size(), start_hits);
  EXPECT_THROW(migrated.query("SELECT COUNT(*) FROM PositionBlockV2"), SqlError);
  // Fewer, larger blocks: no group has two blocks here (its entries are under a block's worth).
  const auto groups = migrated.query("SELECT COUNT(DISTINCT KeyPrefix), COUNT(*) FROM PositionBlock");
  EXPECT_EQ(as_int(groups.at(0).at(0)), as_int(groups.at(0).at(1)));
  EXPECT_LT(static_cast<std::size_t>(as_int(groups.at(0).at(1))), old_blocks);
  ImportStats stats = import_text("one.pgn", "[Event \"Later\"]\n[Result \"*\"]\n\n1. d4 *\n");
  EXPECT_EQ(stats.imported, 1U);
  EXPECT_EQ(store_->games_at_position(key).size(), start_hits + 1);
}

// A batch writes its games' rows a few dozen games at a time: a game added again is found
// whether its rows are written yet or not, gets the first one's ID, and every row is there once
// after the commit.
TEST_P(ArchiveTest, AGameAddedTwiceInABatchIsFoundWhetherItsRowsAreWrittenOrNot) {
  std::vector<GameRecord> games;
  for (int i = 0; i < 40; ++i) {
    const std::string text = "[Event \"Rows\"]\n[Round \"" + std::to_string(i) + "\"]\n[Result \"*\"]\n\n1. Nf3 {c" +
                             std::to_string(i) + "} Nf6 *\n";
    pgn::Reader reader(text);
    auto next = reader.next();
    ASSERT_TRUE(next && next->ok());
    games.push_back(record_from_pgn(next->value()));
  }
  {
    ArchiveStore::Batch batch(*store_);
    for (std::size_t i = 0; i < games.size(); ++i) EXPECT_EQ(store_->add(games[i]).id.value, static_cast<std::int64_t>(i));
    for (std::size_t i : {3U, 35U, 39U}) {
      const AddOutcome again = store_->add(games[i]);
      EXPECT_FALSE(again.inserted) << i;
      EXPECT_EQ(again.id.value, static_cast<std::int64_t>(i));
    }
    batch.commit();
  }
  EXPECT_EQ(rows("Game"), 40);
  EXPECT_EQ(rows("Seat"), 80);
  EXPECT_EQ(rows("Comment"), 40);
  EXPECT_EQ(rows("PositionSearch"), 40);
  EXPECT_EQ(rows("Round"), 40);
  EXPECT_EQ(as_text(store_->sql().query("SELECT Comment FROM Comment WHERE GameID = 37").at(0).at(0)), "c37");
  EXPECT_EQ(store_->games_at_position(game::chess::Position::start().key()).size(), 40U);
}

// An importer given a way to open its store opens it once, when a game is to be stored or at its
// commit, and a large file's reading thread has begun by then; if opening fails, the failure
// comes out of the import and the reading thread is stopped.
TEST_P(ArchiveTest, AnImporterOpensItsStoreOnceWhenItFirstNeedsIt) {
  int opened = 0;
  {
    Importer importer([&]() -> ArchiveStore& {
      ++opened;
      return *store_;
    });
    ImportStats stats;
    importer.import_file("bad.pgn", "[Event \"x\"]\n\n1. e5 *\n", stats);
    EXPECT_EQ(stats.rejected, 1U);
    EXPECT_EQ(opened, 0);
    importer.import_file("walther_tal.pgn", read_file(data("walther_tal.pgn")), stats);
    importer.import_file("round_robin.pgn", read_file(data("round_robin.pgn")), stats);
    importer.commit();
    EXPECT_EQ(opened, 1);
    EXPECT_EQ(stats.imported, 7U);
  }
  EXPECT_EQ(rows("Game"), 7);
  {
    Importer importer([]() -> ArchiveStore& { throw std::runtime_error("no archive here"); });
    EXPECT_THROW(importer.commit(), std::runtime_error);
  }
}

TEST_P(ArchiveTest, AnImporterThatCannotOpenItsStoreStopsReadingALargeFile) {
  // Far more than a reading thread's minimum: read in pieces by two threads.
  std::string text;
  const std::string game = read_file(data("walther_tal.pgn"));
  while (text.size() < 4 * 1024 * 1024) text += game + "\n";
  Importer importer([]() -> ArchiveStore& { throw std::runtime_error("no archive here"); });
  ImportStats stats;
  EXPECT_THROW(importer.import_file("large.pgn", text, stats), std::runtime_error);
  EXPECT_EQ(stats.imported, 0U);
  EXPECT_EQ(rows("Game"), 0);
}

// A large file is read in pieces by two threads (Pieces in archive/importer.cpp), cut at a line
// opening a tag section after an empty line. Here most cuts fall inside comments that hold such
// lines, and some next to games without their termination marker or with an illegal move: the
// games stored and the problems reported are those one reader of the whole file finds, in its
// order.
TEST_P(ArchiveTest, ALargeFileReadInPiecesStoresAndReportsWhatOneReaderOfItFinds) {
  std::string long_comment = "{";
  while (long_comment.size() < 60'000) long_comment += "a long comment\n\n[Event \"inside a comment\"]\n\n";
  long_comment += "}";
  // Without empty lines a piece is cut at any line start, inside games too.
  for (const bool empty_lines : {true, false}) {
    SCOPED_TRACE(empty_lines ? "with empty lines" : "without empty lines");
    std::string text;
    for (int i = 0; text.size() < 1'200'000; ++i) {
      text += std::string("[Event \"") + (empty_lines ? "pieces" : "one piece after another") + "\"]\n[Round \"" +
              std::to_string(i) + "\"]\n[Result \"*\"]\n\n";
      switch (i % 4) {
        case 0: text += "1. e4 " + long_comment + " e5 *\n\n"; break;
        case 1: text += "1. d4 d5\n\n"; break;           // no termination marker: the next tags end it
        case 2: text += "1. e4 e5 2. Ke3 *\n\n"; break;  // an illegal move
        default: text += "1. c4 e5 2. Nc3 Nf6 *\n\n"; break;
      }
    }
    if (!empty_lines) text.erase(std::unique(text.begin(), text.end(), [](char a, char b) { return a == '\n' && b == '\n'; }), text.end());
    ASSERT_GT(text.size(), std::size_t{256} << 10);  // a reading thread's minimum
    std::int64_t games = 0;
    std::vector<std::string> problems;
    game::chess::pgn::Reader whole(text);
    while (auto next = whole.next()) {
      if (next->ok()) ++games;
      else problems.push_back(game::chess::pgn::format(next->error(), "pieces.pgn"));
    }
    ASSERT_GT(games, 30);
    ASSERT_GT(problems.size(), 30U);

    const std::int64_t stored_before = rows("Game");
    Importer importer(*store_);
    ImportStats stats;
    importer.import_file("pieces.pgn", text, stats);
    importer.commit();
    EXPECT_EQ(stats.imported, static_cast<std::size_t>(games));
    EXPECT_EQ(stats.problems, problems);
    EXPECT_EQ(rows("Game") - stored_before, games);
  }
}

// Glicko-2 from verified logs only (docs/archive.md, "Ratings"): two Fool's mates between the fake
// lobby's seats 1 and 2 (Black wins both) in one rating period are what glicko2_period makes of
// them; a PGN game of theirs does not count; a filter by another lobby's key leaves nobody.
TEST_P(ArchiveTest, RatingsAreGlickoTwoOverVerifiedLogsOnly) {
  peer::RoomOptions first, second;
  first.event = "one";
  second.event = "two";  // another genesis: another game, not a second import of the first
  import_bytes("a.plog", fools_mate_log(first));
  import_bytes("b.plog", fools_mate_log(second));
  import_text("names.pgn", "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n");
  const auto ratings = glicko_ratings(*store_);
  ASSERT_EQ(ratings.size(), 2u);
  const auto white = peer::testing::identity_from(1).public_key(), black = peer::testing::identity_from(2).public_key();
  EXPECT_EQ(ratings[0].public_key, game::Bytes(black.bytes().begin(), black.bytes().end()));
  EXPECT_EQ(ratings[1].public_key, game::Bytes(white.bytes().begin(), white.bytes().end()));
  const std::vector<event::GlickoRating> start(2);
  const std::vector<event::GlickoResult> games = {{0, 1, 0.0}, {0, 1, 0.0}};
  const auto expected = event::glicko2_period(start, games);
  EXPECT_DOUBLE_EQ(ratings[1].rating.rating, expected[0].rating);
  EXPECT_DOUBLE_EQ(ratings[0].rating.rating, expected[1].rating);
  EXPECT_DOUBLE_EQ(ratings[0].rating.deviation, expected[1].deviation);
  EXPECT_EQ(ratings[0].games, 2);
  const auto lobby = peer::testing::identity_from(0xAA).public_key();
  RatingFilter mine;
  mine.lobby_key = game::Bytes(lobby.bytes().begin(), lobby.bytes().end());
  EXPECT_EQ(glicko_ratings(*store_, mine).size(), 2u);
  RatingFilter other;
  const auto stranger = peer::testing::identity_from(0xBB).public_key();
  other.lobby_key = game::Bytes(stranger.bytes().begin(), stranger.bytes().end());
  EXPECT_TRUE(glicko_ratings(*store_, other).empty());
  RatingFilter gunjin;
  gunjin.kind = "gunjin";
  EXPECT_TRUE(glicko_ratings(*store_, gunjin).empty());
  // The lobby-key filter of the game list: by fingerprint, as by key.
  EXPECT_EQ(store_->games(GameFilter{.lobby_key = crypto::fingerprint(lobby)}).size(), 2u);
  EXPECT_EQ(store_->games(GameFilter{.lobby_key = crypto::to_hex(lobby.bytes())}).size(), 2u);
  EXPECT_TRUE(store_->games(GameFilter{.lobby_key = crypto::fingerprint(stranger)}).empty());
}

INSTANTIATE_TEST_SUITE_P(Backends, ArchiveTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace parley::archive
