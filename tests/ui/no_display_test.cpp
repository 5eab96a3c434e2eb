// `parley client` where no window can open (no X11, no Wayland, no SDL driver chosen): one line
// on standard error and exit status 1, at once, never a wait (docs/ui.md, "Running it").
#include <gtest/gtest.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "tests/child_process.hpp"
#include "tests/peer/processes.hpp"

namespace parley::ui {
namespace {

namespace fs = std::filesystem;

TEST(NoDisplay, TheClientSaysSoInOneLineAndExitsWithStatusOne) {
  const fs::path dir = fs::temp_directory_path() / ("parley_no_display_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const pid_t pid = tests::spawn_tied_child(
      {"/usr/bin/env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "SDL_VIDEODRIVER", std::string(PARLEY_CLI), "client",
       "--no-lan", "--data", (dir / "data").string(), "--identity", (dir / "key").string()},
      {tests::child_file(0, "/dev/null", O_RDONLY), tests::child_file(1, (dir / "out").string(), O_WRONLY | O_CREAT | O_TRUNC),
       tests::child_file(2, (dir / "err").string(), O_WRONLY | O_CREAT | O_TRUNC)});
  ASSERT_GT(pid, 0);
  // Bounded: 20 s, against a start of well under one.
  int status = 0;
  bool ended = false;
  for (int round = 0; round < 400 && !ended; ++round) {
    ended = ::waitpid(pid, &status, WNOHANG) == pid;
    if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (!ended) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
  }
  ASSERT_TRUE(ended) << "parley client waited without a display";
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);
  const std::string err = peer::testing::read_text(dir / "err");
  EXPECT_FALSE(err.empty());
  EXPECT_EQ(err.find('\n'), err.size() - 1) << "one line: " << err;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace parley::ui
