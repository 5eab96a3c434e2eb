// `parley host --archive DB`: the lobby a LAN party's host runs inside the client hands each
// finished room to the game database, as parley-lobby --archive does. The embedded lobby on
// 127.0.0.1 with the archive's sink, two `parley bot` processes playing chess through it, and
// the game in the archive, verified, as `parley archive games` lists it; a location that cannot
// be opened stops `parley host` before any window opens.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "archive/lobby_feed.hpp"
#include "tests/peer/processes.hpp"
#include "ui/net/lan.hpp"

namespace parley::ui {
namespace {

namespace fs = std::filesystem;
using peer::testing::ParleyProcess;

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("parley_host_archive_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(HostArchive, AGameFinishedInTheEmbeddedLobbyIsVerifiedAndStoredInTheArchive) {
  const fs::path dir = fresh_dir("stored");
  const std::string db = (dir / "party.sqlite").string();
  auto feed = archive::LobbyFeed::open(db);
  ASSERT_TRUE(feed) << feed.error().detail;
  auto server = start_embedded_lobby(0, dir / "host", false, archive::lobby_sink(std::move(*feed)));
  ASSERT_TRUE(server) << lobby::to_string(server.error());
  const std::string lobby = "127.0.0.1:" + std::to_string((*server)->endpoint().port);

  auto bot = [&](const std::string& name, const std::string& seed) {
    return std::vector<std::string>{"bot",  "chess",       "--lobby", lobby, "--data", (dir / name).string(),
                                    "--give-up", "120", "--seed",  seed};
  };
  ParleyProcess a(dir, "a", bot("a", "31"));
  ParleyProcess b(dir, "b", bot("b", "32"));
  ASSERT_EQ(a.wait(), 0) << a.err();
  ASSERT_EQ(b.wait(), 0) << b.err();

  // The room closes when both bots have left; its log reaches the archive on the lobby's archive
  // thread, so the listing is asked again (bounded) until it shows the game.
  std::string listed;
  for (int round = 0; round < 200 && !listed.ends_with("\n1 games\n"); ++round) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ParleyProcess games(dir, "games", {"archive", "games", "--db", db});
    ASSERT_EQ(games.wait(), 0) << games.err();
    listed = games.out();
  }
  EXPECT_TRUE(listed.ends_with("\n1 games\n")) << listed;
  EXPECT_NE(listed.find("[chess from plog "), std::string::npos) << listed;
  EXPECT_NE(listed.find(" plies]  verified\n"), std::string::npos) << listed;
  server->reset();
  fs::remove_all(dir);
}

TEST(HostArchive, AnArchiveThatCannotBeOpenedStopsTheHostBeforeItStarts) {
  const fs::path dir = fresh_dir("refused");
  ParleyProcess host(dir, "host",
                     {"host", "--port", "0", "--data", (dir / "host").string(), "--archive",
                      (dir / "no-such-folder" / "games.sqlite").string()});
  EXPECT_NE(host.wait(), 0);
  EXPECT_NE(host.err().find("--archive"), std::string::npos) << host.err();
  EXPECT_FALSE(fs::exists(dir / "host" / "lobby")) << "the lobby started";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace parley::ui
