#pragma once
// A private PostgreSQL server for the tests and benchmarks: initdb in a temporary directory,
// started with pg_ctl listening only on a unix socket in that directory, stopped and removed at
// exit. Runs the server binaries as the `postgres` user when the tests run as root (initdb
// refuses root). The archive's tests share one per test process (shared()); the lobby's cluster
// tests own theirs, so that they can stop and restart it under running lobby nodes.
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace parley::tests {

class PgServer {
 public:
  // How the server keeps its data. none: a commit returns before its log is written and nothing
  // is flushed to disk (fastest); server_crash: a commit's log is written before it returns, so
  // it survives a crash of the server (the tests that restart it under running lobbies), though
  // not of the machine; power_loss: what a deployment runs, every commit flushed (benchmarks).
  enum class Durability : std::uint8_t { none, server_crash, power_loss };

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
    static std::unique_ptr<PgServer> server = [] { return start_new(Durability::none, failure); }();
    why = failure;
    return server.get();
  }

  // A server of the caller's own; nullptr with `why` set if it cannot be started.
  static std::unique_ptr<PgServer> start_new(Durability durability, std::string& why) {
    auto s = std::unique_ptr<PgServer>(new PgServer);
    s->durability_ = durability;
    if (!s->create(why) || !s->start(why)) s.reset();
    return s;
  }

  // A libpq URL for a database of this server.
  std::string url(const std::string& database) const {
    return "postgresql://parley@/" + database + "?host=" + dir_.string();
  }
  const std::filesystem::path& directory() const { return dir_; }

  // Creates a database; false if createdb failed.
  bool create_database(const std::string& name) const {
    return run(as_owner(bin_ / "createdb") + " -h " + dir_.string() + " -U parley " + name) == 0;
  }
  // Stops the server as a crash would (immediate: no checkpoint, clients cut off), or cleanly.
  bool stop(bool immediate = true) {
    if (!started_) return true;
    started_ = run(as_owner(bin_ / "pg_ctl") + " -D " + (dir_ / "data").string() + " -m " +
                   (immediate ? "immediate" : "fast") + " -w stop") != 0;
    return !started_;
  }
  // Starts it again after stop(), on the same socket and data.
  bool start(std::string& why) {
    std::string options = "-c listen_addresses='' -c unix_socket_directories=" + dir_.string() +
                          " -c max_connections=200";
    if (durability_ != Durability::power_loss) options += " -c fsync=off -c full_page_writes=off";
    if (durability_ == Durability::none) options += " -c synchronous_commit=off";
    if (run(as_owner(bin_ / "pg_ctl") + " -D " + (dir_ / "data").string() + " -l " + (dir_ / "log").string() +
            " -o \"" + options + "\" -w -t 60 start") != 0) {
      why = "pg_ctl could not start the server (see " + (dir_ / "log").string() + ")";
      return false;
    }
    started_ = true;
    return true;
  }
  // The postmaster's pid (its processes are its children), or 0.
  pid_t pid() const {
    std::FILE* f = std::fopen((dir_ / "data" / "postmaster.pid").c_str(), "r");
    if (f == nullptr) return 0;
    long p = 0;
    if (std::fscanf(f, "%ld", &p) != 1) p = 0;
    std::fclose(f);
    return static_cast<pid_t>(p);
  }

  ~PgServer() {
    if (started_) stop();
    std::error_code ec;
    if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
  }

 private:
  PgServer() = default;

  static int run(const std::string& command) { return std::system((command + " >/dev/null 2>&1").c_str()); }

  std::string as_owner(const std::filesystem::path& program) const {
    return (::getuid() == 0 ? "runuser -u postgres -- " : "") + program.string();
  }

  bool create(std::string& why) {
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
  Durability durability_ = Durability::none;
  bool started_ = false;
};

}  // namespace parley::tests
