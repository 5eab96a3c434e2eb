// parley-lobby --archive: a real lobby on 127.0.0.1, two `parley bot` processes playing chess,
// and the finished room's game in the archive with its verdict, through `parley archive` as an
// organiser would read it; on SQLite and on PostgreSQL (a private server, pg_server.hpp). And
// when the archive cannot take a room: the relay serves on, the .plog stays, and the next start
// stores it.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "archive/store.hpp"
#include "lobby/server/log_archive.hpp"
#include "peer/log/verify.hpp"
#include "tests/pg_server.hpp"
#include "tests/lobby/lobby_process.hpp"
#include "tests/peer/processes.hpp"

namespace {

namespace fs = std::filesystem;
using parley::lobby::LogArchive;
using parley::lobby::RoomId;
using parley::lobby::testing::LobbyProcess;
using parley::peer::testing::ParleyProcess;
using parley::peer::testing::read_text;

class LobbyArchive : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parley_lobby_archive_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    db_ = (dir_ / "games.sqlite").string();
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }

  // Two random bots play one game through the lobby (quick match) and leave, which closes room 1.
  void play_a_game(const LobbyProcess& lobby, const std::string& tag) {
    auto bot = [&](const std::string& name, const std::string& seed) {
      return std::vector<std::string>{"bot", "chess", "--lobby", "127.0.0.1:" + std::to_string(lobby.port()),
                                      "--data", (dir_ / name).string(), "--give-up", "120", "--seed", seed};
    };
    ParleyProcess a(dir_, tag + "a", bot(tag + "a", "21"));
    ParleyProcess b(dir_, tag + "b", bot(tag + "b", "22"));
    ASSERT_EQ(a.wait(), 0) << a.err();
    ASSERT_EQ(b.wait(), 0) << b.err();
    peer_log_ = a.log_path();
  }

  // Waits (bounded by rounds) until the lobby's log holds `line`.
  static bool await_line(const LobbyProcess& lobby, const std::string& line) {
    for (int round = 0; round < 1200; ++round) {
      if (lobby.log().find(line) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }

  ParleyProcess archive(const std::string& name, std::vector<std::string> args) {
    args.insert(args.begin(), "archive");
    args.push_back("--db");
    args.push_back(db_);
    return ParleyProcess(dir_, name, std::move(args));
  }

  // `parley archive games` lists the lobby's game, verified; its stored log is the lobby's
  // .plog byte for byte and `parley verify` accepts it.
  void expect_archived_and_verifiable() {
    ParleyProcess games = archive("games", {"games"});
    ASSERT_EQ(games.wait(), 0) << games.err();
    const std::string listed = games.out();
    EXPECT_TRUE(listed.ends_with("\n1 games\n")) << listed;
    // The lobby that stamped it, by its key's fingerprint.
    const auto lobby_key = parley::crypto::load_identity(dir_ / "lobby.db.key");
    ASSERT_TRUE(lobby_key.ok());
    EXPECT_NE(listed.find("[chess from plog by lobby " + parley::crypto::fingerprint(lobby_key->public_key()) + ", "),
              std::string::npos)
        << listed;
    EXPECT_NE(listed.find(" plies]  verified\n"), std::string::npos) << listed;

    ParleyProcess exported = archive("export", {"export", "--plog", (dir_ / "exported").string()});
    ASSERT_EQ(exported.wait(), 0) << exported.err();
    const fs::path stored = dir_ / "exported" / "game-0.plog";
    ASSERT_TRUE(fs::exists(stored));
    const fs::path lobby_file = LogArchive::file_for(dir_ / "lobby.db.logs", RoomId{1});
    EXPECT_EQ(read_text(stored), read_text(lobby_file));
    std::string bytes = read_text(stored);
    auto report = parley::peer::verify_bytes({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
    EXPECT_TRUE(report.valid) << report.fault;
    ParleyProcess verify(dir_, "verify", {"verify", "--lobby-key", (dir_ / "lobby.db.key").string(), stored.string()});
    EXPECT_EQ(verify.wait(), 0) << verify.out() << verify.err();

    // The result is the one the players' own log reached.
    std::string peer = read_text(peer_log_);
    auto peer_report = parley::peer::verify_bytes({reinterpret_cast<const std::uint8_t*>(peer.data()), peer.size()});
    EXPECT_EQ(report.outcome, peer_report.outcome);
  }

  fs::path dir_;
  std::string db_;
  std::string peer_log_;
};

TEST_F(LobbyArchive, AFinishedRoomIsVerifiedAndStoredInTheSqliteArchive) {
  LobbyProcess lobby(dir_, 0, {"--archive", db_});
  ASSERT_NO_FATAL_FAILURE(play_a_game(lobby, ""));
  ASSERT_TRUE(await_line(lobby, "room 1 stored in the archive: game 0, verified")) << lobby.log();
  // Its two players are rated now, for the lobby's list of players (docs/lobby.md, "The common room").
  EXPECT_TRUE(await_line(lobby, "game 0, verified; ratings of 2 players")) << lobby.log();
  expect_archived_and_verifiable();
  EXPECT_EQ(read_text(LogArchive::ledger_for(dir_ / "lobby.db.logs")), "1\n");

  // A restart offers nothing again: the ledger records room 1 as taken.
  EXPECT_EQ(lobby.terminate(), 0);
  LobbyProcess again(dir_, 0, {"--archive", db_});
  EXPECT_EQ(again.terminate(), 0);
  EXPECT_EQ(again.log().find("stored in the archive"), std::string::npos) << again.log();
}

TEST_F(LobbyArchive, WhenTheArchiveIsBusyTheRelayServesOnTheLogStaysAndTheNextStartStoresIt) {
  // Another writer holds the archive's lock for the whole game: the lobby's archive thread
  // waits its 10 s for it and gives up.
  auto opened = parley::archive::ArchiveStore::open(db_);
  ASSERT_TRUE(opened.ok()) << opened.error().detail;
  std::unique_ptr<parley::archive::ArchiveStore> holder = std::move(*opened);
  auto lock = std::make_optional<parley::archive::Transaction>(holder->sql());

  LobbyProcess lobby(dir_, 0, {"--archive", db_});
  ASSERT_NO_FATAL_FAILURE(play_a_game(lobby, ""));
  ASSERT_TRUE(await_line(lobby, "room 1 archived to ")) << lobby.log();
  // The archive thread is now waiting for the lock; the network thread answers meanwhile.
  std::string status_command = parley::lobby::testing::lobby_binary() + " --status 127.0.0.1:" +
                               std::to_string(lobby.port()) + " > " + (dir_ / "status.out").string() + " 2>&1";
  EXPECT_EQ(std::system(status_command.c_str()), 0) << read_text(dir_ / "status.out");
  EXPECT_NE(read_text(dir_ / "status.out").find("rooms started"), std::string::npos);

  ASSERT_TRUE(await_line(lobby, "room 1 not stored in the archive: ")) << lobby.log();
  EXPECT_NE(lobby.log().find("its log stays in " + LogArchive::file_for(dir_ / "lobby.db.logs", RoomId{1}).string() +
                             " and is offered again at the next start"),
            std::string::npos)
      << lobby.log();
  EXPECT_TRUE(fs::exists(LogArchive::file_for(dir_ / "lobby.db.logs", RoomId{1})));
  EXPECT_FALSE(fs::exists(LogArchive::ledger_for(dir_ / "lobby.db.logs")));
  EXPECT_EQ(lobby.terminate(), 0);  // still serving, and stops cleanly

  lock.reset();  // rolled back: the lock is free
  holder.reset();
  LobbyProcess restarted(dir_, 0, {"--archive", db_});
  ASSERT_TRUE(await_line(restarted, "room 1 stored in the archive: game 0, verified")) << restarted.log();
  expect_archived_and_verifiable();
  EXPECT_EQ(restarted.terminate(), 0);
}

TEST_F(LobbyArchive, AnArchiveThatCannotBeOpenedStopsTheLobbyAtTheStart) {
  std::string command = parley::lobby::testing::lobby_binary() + " --listen 127.0.0.1:0 --db " +
                        (dir_ / "lobby.db").string() + " --archive " + (dir_ / "missing" / "games.sqlite").string() +
                        " > " + (dir_ / "out").string() + " 2>&1";
  int raw = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 1);
  EXPECT_NE(read_text(dir_ / "out").find("parley-lobby: --archive "), std::string::npos) << read_text(dir_ / "out");
}

TEST_F(LobbyArchive, AFinishedRoomIsStoredInAPostgresqlArchive) {
  if (!parley::tests::PgServer::binaries()) GTEST_SKIP() << "no PostgreSQL server binaries installed";
  std::string why;
  auto* server = parley::tests::PgServer::shared(why);
  ASSERT_NE(server, nullptr) << why;
  std::string database = "parley_lobby_" + std::to_string(::getpid());
  auto admin = parley::archive::ArchiveStore::open(server->url("postgres"));
  ASSERT_TRUE(admin.ok()) << admin.error().detail;
  (*admin)->sql().exec_script("CREATE DATABASE " + database);
  db_ = server->url(database);

  LobbyProcess lobby(dir_, 0, {"--archive", db_});
  ASSERT_NO_FATAL_FAILURE(play_a_game(lobby, ""));
  ASSERT_TRUE(await_line(lobby, "room 1 stored in the archive: game 0, verified")) << lobby.log();
  expect_archived_and_verifiable();
  EXPECT_EQ(lobby.terminate(), 0);
}

}  // namespace
