// tests/child_process.hpp: the children of a test cannot outlive it.
#include "tests/child_process.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace parley::tests {
namespace {

// The child's wait status once it has ended, or nothing after 10 s (it is then killed).
std::optional<int> wait_for_end(pid_t pid) {
  for (int round = 0; round < 1000; ++round) {
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) return status;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  return std::nullopt;
}

TEST(ChildProcess, AChildIsKilledWhenTheThreadThatStartedItEnds) {
  pid_t pid = -1;
  std::thread starter([&] { pid = spawn_tied_child({"/bin/sleep", "60"}, {}); });
  starter.join();
  ASSERT_GT(pid, 0);
  const auto status = wait_for_end(pid);
  ASSERT_TRUE(status.has_value()) << "the child outlived the thread that started it";
  ASSERT_TRUE(WIFSIGNALED(*status));
  EXPECT_EQ(WTERMSIG(*status), SIGKILL);
}

TEST(ChildProcess, AChildRunsWhileItsStarterLives) {
  const pid_t pid = spawn_tied_child({"/bin/sh", "-c", "exit 7"}, {});
  ASSERT_GT(pid, 0);
  const auto status = wait_for_end(pid);
  ASSERT_TRUE(status.has_value());
  ASSERT_TRUE(WIFEXITED(*status));
  EXPECT_EQ(WEXITSTATUS(*status), 7);
}

TEST(ChildProcess, AProgramThatCannotBeRunIsNotStarted) {
  EXPECT_EQ(spawn_tied_child({"/nonexistent/parley-test-program"}, {}), -1);
  const auto dir = std::filesystem::temp_directory_path();
  EXPECT_EQ(spawn_tied_child({"/bin/true"}, {child_file(1, (dir / "no-such-folder/out").string(), O_WRONLY | O_CREAT)}),
            -1);
}

TEST(ChildProcess, DescriptorsAreGivenInOrder) {
  const auto out = std::filesystem::temp_directory_path() /
                   ("parley-child-process-test-" + std::to_string(::getpid()) + ".out");
  // Standard error duplicates standard output, opened first; the file is created 0600.
  const pid_t pid = spawn_tied_child({"/bin/sh", "-c", "echo one; echo two >&2"},
                                     {child_file(1, out.string(), O_WRONLY | O_CREAT | O_TRUNC), child_dup(2, 1)});
  ASSERT_GT(pid, 0);
  const auto status = wait_for_end(pid);
  ASSERT_TRUE(status.has_value());
  EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0);
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "one\ntwo\n");
  EXPECT_EQ(std::filesystem::status(out).permissions() & std::filesystem::perms::all,
            std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  std::filesystem::remove(out);
}

}  // namespace
}  // namespace parley::tests
