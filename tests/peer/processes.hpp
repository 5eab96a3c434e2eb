#pragma once
// `parley` processes under test (bots), beside the real parley-lobby of tests/lobby. Output
// goes to files in the test's directory; every process is killed and reaped by its destructor,
// so a failing test leaves nothing running; waits are bounded by round counts.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace parley::peer::testing {

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class ParleyProcess {
 public:
  ParleyProcess(const std::filesystem::path& dir, const std::string& name, std::vector<std::string> args)
      : out_(dir / (name + ".out")), err_(dir / (name + ".err")) {
    args.insert(args.begin(), std::string(PARLEY_CLI));
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
  }
  ~ParleyProcess() {
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
  bool exited_ = false;
  int status_ = -1;
};

}  // namespace parley::peer::testing
