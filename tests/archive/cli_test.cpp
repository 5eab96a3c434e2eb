// `parley archive …` as users and scripts see it: output, exit status, files.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "archive/importer.hpp"
#include "archive/position_index.hpp"
#include "archive/sqlite_connection.hpp"
#include "archive/store.hpp"
#include "crypto/hex.hpp"
#include "game/chess/notation.hpp"
#include "game/chess/pgn.hpp"
#include "tests/pg_server.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/peer/processes.hpp"

namespace {

namespace fs = std::filesystem;

struct Output {
  int status;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class ArchiveCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parley_archive_cli_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    db_ = (dir_ / "games.sqlite").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs `parley archive ARGS --db DB` (arguments shell-quoted by the caller).
  Output archive(const std::string& args) {
    auto out = dir_ / "stdout", err = dir_ / "stderr";
    std::string cmd = std::string(PARLEY_CLI) + " archive " + args + " --db '" + db_ + "' > " + out.string() + " 2> " +
                      err.string() + " < /dev/null";
    int raw = std::system(cmd.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(out), slurp(err)};
  }
  static std::string data(const std::string& name) {
    return (fs::path(PARLEY_SOURCE_DIR) / "tests/archive/data" / name).string();
  }

  fs::path dir_;
  std::string db_;
};

TEST_F(ArchiveCli, ImportReportsBadGamesWithFileAndLineAndIsIdempotent) {
  Output first = archive("import " + data("walther_tal.pgn") + " " + data("mixed.pgn"));
  EXPECT_EQ(first.status, 1);  // a bad game was found
  EXPECT_EQ(first.out, "imported 3 games (80 positions indexed), 0 already archived, 0 invalid logs stored, 1 rejected\n");
  EXPECT_NE(first.err.find(data("mixed.pgn") + ":13:13: illegal move"), std::string::npos) << first.err;
  Output again = archive("import " + data("walther_tal.pgn"));
  EXPECT_EQ(again.status, 0);
  EXPECT_EQ(again.out, "imported 0 games (0 positions indexed), 1 already archived, 0 invalid logs stored, 0 rejected\n");
  Output listed = archive("games");
  EXPECT_EQ(listed.status, 0);
  EXPECT_TRUE(listed.out.ends_with("\n3 games\n")) << listed.out;
  EXPECT_NE(listed.out.find("     0  1958  Olympic games  Walther - Tal,M  0-1  [chess from pgn, 66 plies]\n"),
            std::string::npos)
      << listed.out;
}

TEST_F(ArchiveCli, GamesPositionExportAndStandings) {
  ASSERT_EQ(archive("import --quiet " + data("round_robin.pgn")).status, 0);
  Output anna = archive("games --player Anna");
  EXPECT_EQ(anna.status, 0);
  EXPECT_TRUE(anna.out.ends_with("\n3 games\n")) << anna.out;
  Output draws = archive("games --result 1/2-1/2 --event 'Club Cup'");
  EXPECT_TRUE(draws.out.ends_with("\n2 games\n")) << draws.out;
  Output typo = archive("games --result 1/2");  // one seat's score, not a result
  EXPECT_EQ(typo.status, 2);
  EXPECT_EQ(typo.out, "");
  EXPECT_NE(typo.err.find("not a result: \"1/2\""), std::string::npos) << typo.err;
  EXPECT_EQ(archive("export --pgn --result 2-0").status, 2);
  EXPECT_EQ(archive("games --result 0-1-0").out, "0 games\n");  // three seats: no such game here

  // After 1. e4 e5 2. Nf3: Anna–Boris and Clara–Dmitri, at ply 3.
  Output hits = archive("position 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'");
  EXPECT_EQ(hits.status, 0);
  EXPECT_NE(hits.out.find("Anna - Boris  1-0  [chess from pgn, 6 plies] at ply 3"), std::string::npos) << hits.out;
  EXPECT_NE(hits.out.find("Clara - Dmitri"), std::string::npos) << hits.out;
  EXPECT_TRUE(hits.out.ends_with("\n2 games\n")) << hits.out;
  EXPECT_EQ(archive("position 'not a fen'").status, 2);

  // PGN → archive → PGN gives the canonical form of what went in.
  std::string expected;
  std::string original = slurp(data("round_robin.pgn"));
  parley::game::chess::pgn::Reader reader(original);
  while (auto g = reader.next()) expected += parley::game::chess::pgn::write(g->value());
  Output exported = archive("export --pgn --event 'Club Cup'");
  EXPECT_EQ(exported.status, 0);
  EXPECT_EQ(exported.out, expected);
  EXPECT_EQ(archive("export --event 'Club Cup'").status, 2);  // neither --pgn nor --plog

  Output csv = archive("standings --event 'Club Cup' --format csv");
  EXPECT_EQ(csv.status, 0);
  EXPECT_EQ(csv.out,
            "rank,name,fingerprint,points,games,sonneborn_berger,buchholz,1,2,3,4\n"
            "1,Anna,,2.5,3,2.5,3.5,x,½,1,1\n"
            "2,Clara,,2,3,2.5,4,½,x,1,½\n"
            "3,Boris,,1,3,0.5,5,0,0,x,1\n"
            "4,Dmitri,,0.5,3,1,5.5,0,½,0,x\n");
  EXPECT_NE(archive("standings --event 'Club Cup' --format html").out.find("<a href=\"#game-0\">1</a>"),
            std::string::npos);
  Output nowhere = archive("standings --event 'Club cup'");
  EXPECT_EQ(nowhere.status, 1);
  EXPECT_EQ(nowhere.err, "archive: no event named \"Club cup\"; its events: \"Club Cup\"\n");
}

TEST_F(ArchiveCli, AGzippedPgnImportsAsItsContentsAndOtherPackingsSayHowToUnpack) {
  // Written by GNU gzip, two files in one (`cat a.gz b.gz` is a gzip file too): the same 7 games
  // and 95 positions as the two files imported as they are.
  const auto gz = dir_ / "games.pgn.gz";
  const std::string zip = "gzip -c " + data("walther_tal.pgn") + " > " + gz.string() + " && gzip -c " +
                          data("round_robin.pgn") + " >> " + gz.string();
  ASSERT_EQ(std::system(zip.c_str()), 0);
  Output imported = archive("import --quiet " + gz.string());
  EXPECT_EQ(imported.status, 0) << imported.err;
  EXPECT_EQ(imported.out, "imported 7 games (95 positions indexed), 0 already archived, 0 invalid logs stored, 0 rejected\n");
  Output plain = archive("import --quiet " + data("walther_tal.pgn") + " " + data("round_robin.pgn"));
  EXPECT_EQ(plain.out, "imported 0 games (0 positions indexed), 7 already archived, 0 invalid logs stored, 0 rejected\n");

  // Cut short: no game of it is read, and the message says what to do.
  const auto cut = dir_ / "cut.pgn.gz";
  const std::string head = "head -c 200 " + gz.string() + " > " + cut.string();
  ASSERT_EQ(std::system(head.c_str()), 0);
  Output truncated = archive("import " + cut.string());
  EXPECT_EQ(truncated.status, 3);
  EXPECT_NE(truncated.err.find(cut.string() + ": cannot read: a gzip file, and the compressed data ends early"),
            std::string::npos)
      << truncated.err;

  // zstd's magic number, then anything: named, with the command that unpacks it.
  const auto zst = dir_ / "games.pgn.zst";
  std::ofstream(zst, std::ios::binary) << "\x28\xb5\x2f\xfd and the rest";
  Output packed = archive("import " + zst.string());
  EXPECT_EQ(packed.status, 3);
  EXPECT_NE(packed.err.find(zst.string() + ": cannot read: zstd-compressed: unpack it first (unzstd " + zst.string() + ")"),
            std::string::npos)
      << packed.err;
}

TEST_F(ArchiveCli, AFolderImportsThePgnFilesAndLogsInItInNameOrder) {
  // A download folder: two PGN files (one gzipped), a note and a subfolder that are not read.
  const auto folder = dir_ / "downloads";
  fs::create_directories(folder / "older");
  fs::copy_file(data("walther_tal.pgn"), folder / "b-walther-tal.pgn");
  const std::string zip = "gzip -c " + data("round_robin.pgn") + " > " + (folder / "a-club-cup.pgn.gz").string();
  ASSERT_EQ(std::system(zip.c_str()), 0);
  std::ofstream(folder / "readme.txt") << "not a game\n";
  fs::copy_file(data("mixed.pgn"), folder / "older" / "mixed.pgn");

  Output imported = archive("import --quiet " + folder.string());
  EXPECT_EQ(imported.status, 0) << imported.err;
  EXPECT_EQ(imported.out, "imported 7 games (95 positions indexed), 0 already archived, 0 invalid logs stored, 0 rejected\n");
  // Name order: the Club Cup's six games first, then Walther – Tal as game 6.
  Output walther = archive("games --event 'Olympic games'");
  EXPECT_NE(walther.out.find("     6  1958  Olympic games  Walther - Tal,M"), std::string::npos) << walther.out;

  const auto empty = dir_ / "empty";
  fs::create_directories(empty);
  Output nothing = archive("import " + empty.string());
  EXPECT_EQ(nothing.status, 1);
  EXPECT_NE(nothing.err.find(empty.string() + ": a folder with no .pgn or .plog files"), std::string::npos) << nothing.err;
}

TEST_F(ArchiveCli, LogsGoInVerifiedAndComeBackOutAsLogsThatVerify) {
  using namespace parley::game::chess;
  parley::peer::testing::Table t;
  t.start_play();
  for (auto san : {"f3", "e5", "g4", "Qh4#"}) {
    Move m = *parse_san(t.chess().position(), san);
    parley::game::Seat s = seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
  }
  for (auto& l : t.locals) t.post(l.seat(), *l.duty(*t.session, {}));
  auto bytes = parley::lobby::encode(t.lobby.log());
  auto log_path = dir_ / "fools.plog";
  std::ofstream(log_path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                  static_cast<std::streamsize>(bytes.size()));
  auto corrupt_path = dir_ / "corrupt.plog";
  std::ofstream(corrupt_path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), 40);

  Output imported = archive("import " + log_path.string() + " " + corrupt_path.string());
  EXPECT_EQ(imported.status, 1);
  EXPECT_EQ(imported.out, "imported 1 game (5 positions indexed), 0 already archived, 0 invalid logs stored, 1 rejected\n");
  EXPECT_NE(imported.err.find(corrupt_path.string() + ": not stored: "), std::string::npos) << imported.err;

  Output out = archive("export --plog " + (dir_ / "out").string() + " --kind chess");
  EXPECT_EQ(out.status, 0);
  EXPECT_EQ(out.out, (dir_ / "out" / "game-0.plog").string() + "\n");
  EXPECT_EQ(slurp(dir_ / "out" / "game-0.plog"), slurp(log_path));
  std::string verify = std::string(PARLEY_CLI) + " verify --lobby-key " +
                       parley::crypto::to_hex(t.lobby.log().lobby_key.bytes()) + " " +
                       (dir_ / "out" / "game-0.plog").string() + " > /dev/null";
  EXPECT_EQ(std::system(verify.c_str()), 0);
  // Filtered by the lobby that stamped it: its fingerprint or key finds it, another lobby's does not.
  EXPECT_TRUE(archive("games --lobby-key " + parley::crypto::fingerprint(t.lobby.log().lobby_key)).out.ends_with("\n1 games\n"));
  EXPECT_TRUE(archive("games --lobby-key " + parley::crypto::to_hex(t.lobby.log().lobby_key.bytes())).out.ends_with("\n1 games\n"));
  EXPECT_EQ(archive("games --lobby-key " +
                    parley::crypto::fingerprint(parley::peer::testing::identity_from(0xBB).public_key())).out,
            "0 games\n");
  Output pgn = archive("export --pgn");
  EXPECT_NE(pgn.out.find("1. f3 e5 2. g4 Qh4# 0-1"), std::string::npos) << pgn.out;
}

TEST_F(ArchiveCli, AProgressBarOnlyOnATerminalAndNotWhenQuiet) {
  if (std::system("command -v script > /dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1) to give parley a terminal";
  auto on_terminal = [&](const std::string& args) {
    auto out = dir_ / "terminal";
    std::string inner = std::string(PARLEY_CLI) + " archive import " + args + " --db " + db_;
    std::system(("script -qec '" + inner + "' /dev/null > " + out.string() + " 2>&1 < /dev/null").c_str());
    return slurp(out);
  };
  std::string shown = on_terminal(data("round_robin.pgn"));
  EXPECT_NE(shown.find("round_robin.pgn [####"), std::string::npos) << shown;
  EXPECT_NE(shown.find("100% 6 games"), std::string::npos) << shown;
  EXPECT_NE(shown.find("imported 6 games"), std::string::npos) << shown;
  // A file read in pieces: the bar moves with the text read, also where the games are one
  // malformed "game" that fills most of the file.
  std::string games;
  for (int i = 0; i < 10000; ++i) games += "[Event \"m" + std::to_string(i) + "\"]\n1. e4 e5 2. Nf3 Nc6 *\n";
  const fs::path large = dir_ / "large.pgn";
  std::ofstream(large) << games << std::string(1 << 20, 'x') << "\n" << games;
  std::string moving = on_terminal(large.string());
  std::set<std::string> percents;
  for (std::size_t at = moving.find("] "); at != std::string::npos; at = moving.find("] ", at + 1))
    percents.insert(moving.substr(at + 2, 4));
  EXPECT_GE(percents.size(), 5u) << moving;
  EXPECT_NE(moving.find("100% 20001 games"), std::string::npos) << moving;
  std::string quiet = on_terminal("--quiet " + data("round_robin.pgn"));
  EXPECT_EQ(quiet.find("[#"), std::string::npos) << quiet;
  EXPECT_NE(quiet.find("6 already archived"), std::string::npos) << quiet;
  // Not a terminal: no bar either.
  Output piped = archive("import " + data("round_robin.pgn"));
  EXPECT_EQ(piped.err, "");
}

// `kill -9` in the middle of a large import, which writes through a rollback journal when it has
// the file to itself: the next open rolls the open batch back, the committed batches stay whole,
// and importing the file again stores the rest and leaves the archive in write-ahead-log mode.
TEST_F(ArchiveCli, AnImportKilledMidwayKeepsItsCommittedBatchesWholeAndTheNextImportStoresTheRest) {
  constexpr std::size_t kGames = 3 * parley::archive::kGamesPerTransaction;
  constexpr std::size_t kPositionsPerGame = 4;  // the start and three plies
  const std::string file = (dir_ / "many.pgn").string();
  {
    std::ofstream out(file);
    for (std::size_t i = 0; i < kGames; ++i)
      out << "[Event \"Interrupted\"]\n[Round \"" << i << "\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n";
  }
  auto committed_games = [&]() -> std::size_t {
    try {
      parley::archive::SqliteConnection db(db_);
      return static_cast<std::size_t>(parley::archive::as_int(db.query("SELECT COUNT(*) FROM Game").at(0).at(0)));
    } catch (const parley::archive::SqlError&) {
      return 0;  // no schema yet, or the importer holds the file
    }
  };
  namespace pt = parley::peer::testing;
  pt::ParleyProcess import(dir_, "import", {"archive", "import", "--quiet", "--db", db_, file});
  // The rollback journal shows that the import has the file to itself; only then does this test
  // open connections of its own (which would keep the import in write-ahead-log mode).
  const bool journal = pt::eventually([&] { return fs::exists(db_ + "-journal"); }, 120);
  const bool first_batch = journal && pt::eventually([&] { return committed_games() >= kGames / 3; }, 120);
  const bool still_running = import.wait(1) == -1;
  import.kill9();
  ASSERT_TRUE(journal) << "the import never wrote through a rollback journal: " << import.err();
  ASSERT_TRUE(first_batch) << import.err();
  ASSERT_TRUE(still_running) << "the import ended before it could be killed";

  std::size_t stored = 0;
  {
    // Closed at the end of the block: the next import has the file to itself again.
    auto store = parley::archive::ArchiveStore::open(db_);
    ASSERT_TRUE(store.ok()) << store.error().detail;
    auto& sql = (*store)->sql();
    EXPECT_EQ(parley::archive::as_text(sql.query("PRAGMA integrity_check").at(0).at(0)), "ok");
    stored = static_cast<std::size_t>(parley::archive::as_int(sql.query("SELECT COUNT(*) FROM Game").at(0).at(0)));
    // Whole batches: 1,000 games, then 2,000, 4,000 and 5,000 at a time.
    static_assert(parley::archive::games_in_batch(0) == 1000 && parley::archive::games_in_batch(2) == 4000 &&
                  parley::archive::games_in_batch(3) == parley::archive::kGamesPerTransaction &&
                  parley::archive::games_in_batch(9) == parley::archive::kGamesPerTransaction);
    std::size_t whole = 0;
    for (std::size_t b = 0; whole < stored; ++b) whole += parley::archive::games_in_batch(b);
    EXPECT_EQ(stored, whole);
    EXPECT_GE(stored, kGames / 3);
    EXPECT_LT(stored, kGames);
    EXPECT_EQ(parley::archive::all_positions(sql).size(), stored * kPositionsPerGame);
  }

  Output again = archive("import --quiet " + file);
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, "imported " + std::to_string(kGames - stored) + " games (" +
                           std::to_string((kGames - stored) * kPositionsPerGame) + " positions indexed), " +
                           std::to_string(stored) + " already archived, 0 invalid logs stored, 0 rejected\n");
  parley::archive::SqliteConnection after(db_);
  EXPECT_EQ(parley::archive::as_text(after.query("PRAGMA journal_mode").at(0).at(0)), "wal");
  EXPECT_EQ(parley::archive::as_int(after.query("SELECT COUNT(*) FROM Game").at(0).at(0)), static_cast<std::int64_t>(kGames));
}

TEST_F(ArchiveCli, PostgresqlUrlsOpenTheServerBackEnd) {
  if (!parley::tests::PgServer::binaries()) GTEST_SKIP() << "no PostgreSQL server binaries installed";
  std::string why;
  auto* server = parley::tests::PgServer::shared(why);
  ASSERT_NE(server, nullptr) << why;
  std::string database = "parley_cli_" + std::to_string(::getpid());
  auto admin = parley::archive::ArchiveStore::open(server->url("postgres"));
  ASSERT_TRUE(admin.ok()) << admin.error().detail;
  (*admin)->sql().exec_script("CREATE DATABASE " + database);
  db_ = server->url(database);

  Output imported = archive("import " + data("round_robin.pgn"));
  EXPECT_EQ(imported.status, 0) << imported.err;
  EXPECT_EQ(imported.out, "imported 6 games (28 positions indexed), 0 already archived, 0 invalid logs stored, 0 rejected\n");
  Output csv = archive("standings --event 'Club Cup' --format csv");
  EXPECT_EQ(csv.status, 0) << csv.err;
  EXPECT_NE(csv.out.find("1,Anna,,2.5,3,2.5,3.5,x,½,1,1\n"), std::string::npos) << csv.out;

  db_ = "postgresql://parley@/no_such_database?host=/nonexistent";
  Output refused = archive("games");
  EXPECT_EQ(refused.status, 3);
  EXPECT_NE(refused.err.find("cannot connect to PostgreSQL"), std::string::npos) << refused.err;
}

}  // namespace
