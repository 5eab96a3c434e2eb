#pragma once
// Programs started by tests (parley-lobby, parley bots, Xvfb) that cannot outlive the test: the
// child asks the kernel to kill it when the thread that started it ends (PR_SET_PDEATHSIG). The
// fixtures kill and reap their processes in destructors, but a test binary that aborts (an ASan
// report) or is killed (ctest's timeout) runs no destructor, and its children used to stay.
// Start them from the test's own thread: a child started from a thread that ends is killed then.
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

extern char** environ;

namespace parley::tests {

// A descriptor the child gets: `path` opened with `flags` (mode 0600), or this process's
// descriptor `from` duplicated. Applied in order, so a later one may duplicate an earlier one.
struct ChildFd {
  int fd = -1;
  std::string path;
  int flags = 0;
  int from = -1;
};

inline ChildFd child_file(int fd, std::string path, int flags) { return {fd, std::move(path), flags, -1}; }
inline ChildFd child_dup(int fd, int from) { return {fd, {}, 0, from}; }

// Starts args[0] with args: the child's pid, or -1 if it could not be started (fork, a
// descriptor, or exec failed: the child then reports errno through a pipe and exits 127).
inline pid_t spawn_tied_child(const std::vector<std::string>& args, const std::vector<ChildFd>& fds) {
  // Everything the child needs is made before fork: after it, in a process with threads, only
  // async-signal-safe calls are allowed.
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  argv.push_back(nullptr);
  // Above the descriptors a child is given, so that no ChildFd replaces it. Exec closes it.
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return -1;
  const int report_read = ::fcntl(pipe_fds[0], F_DUPFD_CLOEXEC, 10);
  const int report_write = ::fcntl(pipe_fds[1], F_DUPFD_CLOEXEC, 10);
  ::close(pipe_fds[0]);
  ::close(pipe_fds[1]);
  const pid_t parent = ::getpid();
  const pid_t pid = report_read < 0 || report_write < 0 ? -1 : ::fork();
  if (pid == 0) {
    auto fail = [&] {
      const int error = errno;
      [[maybe_unused]] const auto written = ::write(report_write, &error, sizeof error);
      ::_exit(127);
    };
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || ::getppid() != parent) fail();
    for (const ChildFd& c : fds) {
      int source = c.from;
      if (source < 0 && (source = ::open(c.path.c_str(), c.flags, 0600)) < 0) fail();
      if (source == c.fd) {
        // dup2 onto itself would keep close-on-exec.
        if (::fcntl(c.fd, F_SETFD, 0) != 0) fail();
      } else {
        if (::dup2(source, c.fd) < 0) fail();
        if (c.from < 0) ::close(source);
      }
    }
    ::execve(argv[0], const_cast<char* const*>(argv.data()), environ);
    fail();
  }
  if (report_write >= 0) ::close(report_write);
  int error = 0;
  ssize_t got = -1;
  if (pid > 0) {
    // Nothing (the end of the pipe) once exec has closed the child's copy.
    do got = ::read(report_read, &error, sizeof error);
    while (got < 0 && errno == EINTR);
  }
  if (report_read >= 0) ::close(report_read);
  if (pid > 0 && got == static_cast<ssize_t>(sizeof error)) {
    ::waitpid(pid, nullptr, 0);
    return -1;
  }
  return pid;
}

}  // namespace parley::tests
