#pragma once
// `parley` processes under test (bots), beside the real parley-lobby of tests/lobby. Output
// goes to files in the test's directory; every process is killed and reaped by its destructor,
// so a failing test leaves nothing running, and is tied to the test's thread
// (tests/child_process.hpp), so an aborted test binary does not either; waits are bounded by
// round counts.
//
// NetworkFixture is the base of the network tests of every game (tests/peer/network_test.cpp,
// tests/peer/gunjin/gunjin_network_test.cpp, tests/peer/risiko_network_test.cpp): a directory
// of the test's own, `parley bot` arguments, and the helpers they share.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "peer/log/verify.hpp"
#include "tests/child_process.hpp"
#include "tests/lobby/lobby_process.hpp"

namespace parley::peer::testing {

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class ParleyProcess {
 public:
  // Its standard input is /dev/null, or with `Keyboard::typed` a pipe the test types into.
  enum class Keyboard : bool { none, typed };

  ParleyProcess(const std::filesystem::path& dir, const std::string& name, std::vector<std::string> args,
                Keyboard keyboard = Keyboard::none)
      : out_(dir / (name + ".out")), err_(dir / (name + ".err")) {
    args.insert(args.begin(), std::string(PARLEY_CLI));
    int keys[2] = {-1, -1};
    if (keyboard == Keyboard::typed && ::pipe2(keys, O_CLOEXEC) != 0) return;
    pid_ = tests::spawn_tied_child(
        args, {keyboard == Keyboard::typed ? tests::child_dup(0, keys[0]) : tests::child_file(0, "/dev/null", O_RDONLY),
               tests::child_file(1, out_.string(), O_WRONLY | O_CREAT | O_TRUNC),
               tests::child_file(2, err_.string(), O_WRONLY | O_CREAT | O_TRUNC)});
    if (keyboard == Keyboard::typed) {
      ::close(keys[0]);
      keys_ = keys[1];
    }
  }
  ~ParleyProcess() {
    close_keyboard();
    if (pid_ > 0 && !exited_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  ParleyProcess(const ParleyProcess&) = delete;
  ParleyProcess& operator=(const ParleyProcess&) = delete;

  // Waits for the process to end, up to rounds × 50 ms; the exit status, or -1 if it did not end.
  int wait(int rounds = 2400) {
    for (int r = 0; r < rounds && !exited_; ++r) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return exited_ ? status_ : -1;
  }
  void kill9() {
    if (pid_ > 0 && !exited_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
      exited_ = true;
      status_ = -1;
    }
  }
  // A line typed at the process's keyboard (Keyboard::typed).
  void type_line(const std::string& line) {
    const std::string bytes = line + "\n";
    ASSERT_EQ(::write(keys_, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }
  // The end of its input (Ctrl-D at a terminal).
  void close_keyboard() {
    if (keys_ >= 0) ::close(keys_);
    keys_ = -1;
  }
  std::string out() const { return read_text(out_); }
  std::string err() const { return read_text(err_); }
  // The bot's first output line: its log file.
  std::string log_path() const {
    std::string o = out();
    return o.substr(0, o.find('\n'));
  }
  std::string result() const {
    std::string o = out();
    auto at = o.find("result: ");
    return at == std::string::npos ? "" : o.substr(at + 8, o.find('\n', at) - at - 8);
  }

 private:
  std::filesystem::path out_, err_;
  pid_t pid_ = -1;
  int keys_ = -1;  // the write end of its keyboard
  bool exited_ = false;
  int status_ = -1;
};

// Waits, polling every 20 ms for up to `seconds`, for a condition on the processes' files.
template <class Done>
bool eventually(Done done, int seconds = 30) {
  for (int r = 0; r < seconds * 50; ++r) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return done();
}

// The bytes of verified entries a peer has kept for its (first) game under its data directory.
inline std::uintmax_t stored_entry_bytes(const std::filesystem::path& data) {
  std::error_code ec;
  if (!std::filesystem::is_directory(data / "sessions", ec)) return 0;
  for (const auto& s : std::filesystem::directory_iterator(data / "sessions", ec)) {
    const std::uintmax_t size = std::filesystem::file_size(s.path() / "entries", ec);
    return ec ? 0 : size;  // not written yet: file_size reports -1
  }
  return 0;
}

inline VerifyReport verify_file(const std::string& path) {
  const std::string bytes = read_text(path);
  return verify_bytes({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
}

// A network test of one game: SetUp makes a fresh directory named after the test (kept when it
// fails, for its processes' output), bot() the arguments of a `parley bot` in it. `Base` is
// ::testing::Test or a ::testing::TestWithParam.
template <class Base = ::testing::Test>
class NetworkFixture : public Base {
 protected:
  NetworkFixture(std::string game, int give_up_s) : game_(std::move(game)), give_up_s_(give_up_s) {}

  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(test->test_suite_name()) + "_" + test->name();
    std::replace(name.begin(), name.end(), '/', '_');
    dir_ = std::filesystem::temp_directory_path() / ("parley_" + name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    if (!this->HasFailure()) std::filesystem::remove_all(dir_);
  }

  // `parley bot GAME` on `lobby`, keeping its sessions and logs in the directory `name`.
  std::vector<std::string> bot(const lobby::testing::LobbyProcess& lobby, const std::string& name,
                               std::vector<std::string> extra) const {
    std::vector<std::string> args = {"bot",    game_, "--lobby", "127.0.0.1:" + std::to_string(lobby.port()),
                                     "--data", (dir_ / name).string(), "--give-up", std::to_string(give_up_s_)};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }

  std::filesystem::path dir_;

 private:
  std::string game_;
  int give_up_s_;
};

}  // namespace parley::peer::testing
