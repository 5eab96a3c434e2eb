#pragma once
// A private PostgreSQL server for the tests: initdb in a temporary directory, started with
// pg_ctl listening only on a unix socket in that directory, stopped and removed at exit. Runs
// the server binaries as the `postgres` user when the tests run as root (initdb refuses root).
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace parley::archive::testing {

class PgServer {
 public:
  // The directory of initdb and pg_ctl (Debian keeps them outside PATH), or nullopt.
  static std::optional<std::filesystem::path> binaries() {
    namespace fs = std::filesystem;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", ec)) {
      fs::path bin = entry.path() / "bin";
      if (fs::exists(bin / "initdb") && fs::exists(bin / "pg_ctl") && fs::exists(bin / "postgres")) return bin;
    }
    return std::nullopt;
  }

  // Started once per test process; nullptr with `why` set if it cannot be.
  static PgServer* shared(std::string& why) {
    static std::string failure;
    static std::unique_ptr<PgServer> server = [] {
      auto s = std::unique_ptr<PgServer>(new PgServer);
      if (!s->start(failure)) s.reset();
      return s;
    }();
    why = failure;
    return server.get();
  }

  // A libpq URL for a database of this server.
  std::string url(const std::string& database) const {
    return "postgresql://parley@/" + database + "?host=" + dir_.string();
  }

  ~PgServer() {
    if (started_) run(as_owner(bin_ / "pg_ctl") + " -D " + (dir_ / "data").string() + " -m immediate -w stop");
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

 private:
  PgServer() = default;

  static int run(const std::string& command) { return std::system((command + " >/dev/null 2>&1").c_str()); }

  std::string as_owner(const std::filesystem::path& program) const {
    return (::getuid() == 0 ? "runuser -u postgres -- " : "") + program.string();
  }

  bool start(std::string& why) {
    auto bin = binaries();
    if (!bin) {
      why = "PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql; install Debian's postgresql";
      return false;
    }
    bin_ = *bin;
    stop_orphans();
    std::string pattern =
        (std::filesystem::temp_directory_path() / ("parley_pg_" + std::to_string(::getpid()) + "_XXXXXX")).string();
    if (!::mkdtemp(pattern.data())) {
      why = "cannot create a temporary directory";
      return false;
    }
    dir_ = pattern;
    if (::getuid() == 0 && run("chown postgres " + dir_.string()) != 0) {
      why = "running as root and cannot hand the data directory to the postgres user";
      return false;
    }
    std::string data = (dir_ / "data").string();
    if (run(as_owner(bin_ / "initdb") + " -D " + data + " -U parley -A trust -E UTF8 --no-sync") != 0) {
      why = "initdb failed in " + data;
      return false;
    }
    std::string options = "-c listen_addresses='' -c unix_socket_directories=" + dir_.string() +
                          " -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
    if (run(as_owner(bin_ / "pg_ctl") + " -D " + data + " -l " + (dir_ / "log").string() + " -o \"" + options +
            "\" -w -t 60 start") != 0) {
      why = "pg_ctl could not start the server (see " + (dir_ / "log").string() + ")";
      return false;
    }
    started_ = true;
    return true;
  }

  // A test process that crashed (a sanitizer abort runs no destructors) leaves its server
  // running: stop the servers whose test process is gone.
  void stop_orphans() const {
    namespace fs = std::filesystem;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(fs::temp_directory_path(), ec)) {
      std::string name = entry.path().filename().string();
      if (!name.starts_with("parley_pg_")) continue;
      long owner = std::strtol(name.c_str() + 10, nullptr, 10);
      if (owner <= 0 || ::kill(static_cast<pid_t>(owner), 0) == 0 || errno != ESRCH) continue;
      if (fs::exists(entry.path() / "data" / "postmaster.pid"))
        run(as_owner(bin_ / "pg_ctl") + " -D " + (entry.path() / "data").string() + " -m immediate -w stop");
      fs::remove_all(entry.path(), ec);
    }
  }

  std::filesystem::path bin_, dir_;
  bool started_ = false;
};

}  // namespace parley::archive::testing
