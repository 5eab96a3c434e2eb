#pragma once
// A lobby cluster under test: a private PostgreSQL server (tests/pg_server.hpp), a deployment
// key, and parley-lobby nodes on 127.0.0.1 (each picks a free port and advertises it), each with
// its own key certified by the deployment. Every process is killed and reaped by its destructor
// and tied to the test's thread (tests/child_process.hpp); waits are bounded by round counts.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "lobby/protocol/node_certificate.hpp"
#include "pg/connection.hpp"
#include "tests/child_process.hpp"
#include "tests/lobby/lobby_process.hpp"
#include "crypto/hex.hpp"
#include "tests/pg_server.hpp"

namespace parley::lobby::testing {

// Hex as parley writes keys (crypto/hex.hpp).
inline std::string hex_of(std::span<const std::uint8_t> bytes) { return crypto::to_hex(bytes); }

// One node: `parley-lobby --cluster`.
class NodeProcess {
 public:
  NodeProcess(const std::filesystem::path& log, std::vector<std::string> args) : log_(log), args_(std::move(args)) {
    start();
  }
  ~NodeProcess() { kill9(); }
  NodeProcess(const NodeProcess&) = delete;
  NodeProcess& operator=(const NodeProcess&) = delete;

  // Starts it again (after kill9()) with the same key, database and log file (appended).
  void start() {
    exited_ = false;
    port_ = 0;
    const std::size_t before = log().size();
    pid_ = tests::spawn_tied_child(args_, {tests::child_file(2, log_.string(), O_WRONLY | O_CREAT | O_APPEND),
                                           tests::child_dup(1, 2)});
    if (pid_ < 0) {
      ADD_FAILURE() << "cannot start " << args_[0];
      return;
    }
    const std::string marker = "listening on 127.0.0.1:";
    for (int round = 0; round < 3000 && running(); ++round) {
      std::string text = log().substr(before);
      auto at = text.find(marker);
      if (at != std::string::npos) {
        auto end = text.find(' ', at + marker.size());
        auto node_at = text.find(" as node ", at);
        if (end != std::string::npos && node_at != std::string::npos) {
          port_ = static_cast<std::uint16_t>(std::stoi(text.substr(at + marker.size(), end - at - marker.size())));
          node_ = std::stoll(text.substr(node_at + 9));
          return;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ADD_FAILURE() << "the node did not start listening; its log:\n" << log();
  }

  bool running() {
    if (pid_ <= 0 || exited_) return false;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      exited_ = true;
      status_ = status;
      return false;
    }
    return true;
  }
  void kill9() {
    if (!running()) return;
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &status_, 0);
    exited_ = true;
  }
  void pause() { ::kill(pid_, SIGSTOP); }
  void resume() { ::kill(pid_, SIGCONT); }
  int terminate() {
    if (!running()) return -1;
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, &status_, 0);
    exited_ = true;
    return WIFEXITED(status_) ? WEXITSTATUS(status_) : -1;
  }

  std::uint16_t port() const { return port_; }
  Endpoint endpoint() const { return Endpoint{"127.0.0.1", port_}; }
  std::int64_t node() const { return node_; }
  pid_t pid() const { return pid_; }
  std::string log() const {
    std::ifstream in(log_);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

 private:
  std::filesystem::path log_;
  std::vector<std::string> args_;
  pid_t pid_ = -1;
  bool exited_ = false;
  int status_ = 0;
  std::uint16_t port_ = 0;
  std::int64_t node_ = 0;
};

class Cluster {
 public:
  // Skips the test when PostgreSQL's server binaries are not installed.
  bool start(const std::filesystem::path& dir, int nodes, std::vector<std::string> extra = {}) {
    dir_ = dir;
    std::string why;
    pg_ = tests::PgServer::start_new(tests::PgServer::Durability::server_crash, why);
    if (!pg_) {
      ADD_FAILURE() << why;
      return false;
    }
    if (!pg_->create_database("cluster")) {
      ADD_FAILURE() << "createdb failed";
      return false;
    }
    for (int i = 0; i < nodes; ++i) add_node(extra);
    return true;
  }

  NodeProcess& add_node(std::vector<std::string> extra = {}) {
    const std::size_t i = nodes_.size();
    const auto key_file = dir_ / ("node-" + std::to_string(i) + ".key");
    auto key = crypto::load_or_create_identity(key_file);
    EXPECT_TRUE(key.ok());
    const auto cert = certify_node(deployment_, key->public_key(), 0, ~std::uint64_t{0} >> 1);
    const Bytes bytes = encode(cert);
    std::ofstream out(key_file.string() + ".cert", std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    std::vector<std::string> args = {lobby_binary(), "--listen", "127.0.0.1:0", "--cluster", url(), "--node-key",
                                     key_file.string(), "--advertise", "127.0.0.1:0"};
    args.insert(args.end(), extra.begin(), extra.end());
    nodes_.push_back(std::make_unique<NodeProcess>(dir_ / ("node-" + std::to_string(i) + ".log"), args));
    return *nodes_.back();
  }

  NodeProcess& node(std::size_t i) { return *nodes_.at(i); }
  std::size_t size() const { return nodes_.size(); }
  // The node that sequences a room now, by the database.
  NodeProcess* sequencer_of(RoomId room) {
    auto rows = sql("SELECT node_id FROM lobby_rooms WHERE room_id = " + std::to_string(room.value));
    if (!rows || rows->size() != 1) return nullptr;
    for (auto& n : nodes_)
      if (n->node() == rows->integer(0, 0)) return n.get();
    return nullptr;
  }
  std::string url() const { return pg_->url("cluster"); }
  tests::PgServer& postgres() { return *pg_; }
  const crypto::Identity& deployment() const { return deployment_; }
  std::string deployment_hex() const { return hex_of(deployment_.public_key().bytes()); }

  // A query on a connection of the test's own (made again after a restart of the server).
  std::optional<pg::Rows> sql(const std::string& statement) {
    for (int attempt = 0; attempt < 2; ++attempt) {
      if (!db_ || db_->broken()) {
        auto db = pg::Connection::open(url());
        if (!db) return std::nullopt;
        db_ = std::move(*db);
      }
      auto rows = db_->query(statement);
      if (rows) return std::move(*rows);
      db_.reset();  // lost with a restart of the server: once more on a new connection
    }
    return std::nullopt;
  }
  // The room's entries as the database holds them, in index order.
  std::vector<Bytes> stored_entries(RoomId room) {
    std::vector<Bytes> out;
    auto rows = sql("SELECT idx, entry FROM lobby_entries WHERE room_id = " + std::to_string(room.value) + " ORDER BY idx");
    if (!rows) return out;
    for (int i = 0; i < rows->size(); ++i) {
      EXPECT_EQ(rows->integer(i, 0), i);  // no gap, no second entry at an index
      auto b = rows->bytes(i, 1);
      out.emplace_back(b.begin(), b.end());
    }
    return out;
  }

 private:
  std::filesystem::path dir_;
  std::unique_ptr<tests::PgServer> pg_;
  crypto::Identity deployment_ = crypto::Identity::generate();
  std::vector<std::unique_ptr<NodeProcess>> nodes_;
  std::unique_ptr<pg::Connection> db_;
};

}  // namespace parley::lobby::testing
