#pragma once
// The real parley-lobby executable under test, and ENet clients to drive it. Everything talks
// to 127.0.0.1 only; the lobby picks a free port itself (--listen 127.0.0.1:0) and the test
// reads it from the log line. Every process started here is killed and reaped by its
// destructor, so a failing test leaves nothing running, and is tied to the test's thread
// (tests/child_process.hpp), so an aborted or killed test binary does not either. Loops are
// bounded by round counts, never by wall-clock assertions.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "lobby/client/lobby_client.hpp"
#include "tests/child_process.hpp"
#include "tests/lobby/core_harness.hpp"

namespace parley::lobby::testing {

inline std::string lobby_binary() { return std::string(PARLEY_BINARY_DIR) + "/parley-lobby"; }

class LobbyProcess {
 public:
  // Starts parley-lobby on the database; port 0 lets it choose.
  LobbyProcess(const std::filesystem::path& dir, std::uint16_t port = 0, std::vector<std::string> extra = {}) {
    static int instance = 0;
    log_ = dir / ("lobby-" + std::to_string(++instance) + ".log");
    std::vector<std::string> args = {lobby_binary(), "--listen", "127.0.0.1:" + std::to_string(port),
                                     "--db", (dir / "lobby.db").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    pid_ = tests::spawn_tied_child(
        args, {tests::child_file(2, log_.string(), O_WRONLY | O_CREAT | O_TRUNC), tests::child_dup(1, 2)});
    if (pid_ < 0) {
      ADD_FAILURE() << "cannot start " << args[0];
      return;
    }
    wait_listening();
  }
  ~LobbyProcess() {
    if (running()) {
      ::kill(pid_, SIGKILL);
      reap();
    }
  }
  LobbyProcess(const LobbyProcess&) = delete;
  LobbyProcess& operator=(const LobbyProcess&) = delete;

  bool running() {
    if (pid_ <= 0 || exited_) return false;
    int status = 0;
    pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      exited_ = true;
      status_ = status;
      return false;
    }
    return true;
  }
  std::uint16_t port() const { return port_; }
  Endpoint endpoint() const { return Endpoint{"127.0.0.1", port_}; }
  std::string log() const {
    std::ifstream in(log_);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  void kill9() {
    ASSERT_TRUE(running());
    ::kill(pid_, SIGKILL);
    reap();
    EXPECT_TRUE(WIFSIGNALED(status_));
  }
  // SIGTERM, then waits for the exit; the exit status (or -1 if it died otherwise).
  int terminate() {
    if (!running()) return -1;
    ::kill(pid_, SIGTERM);
    reap();
    return WIFEXITED(status_) ? WEXITSTATUS(status_) : -1;
  }

 private:
  void reap() {
    if (exited_) return;
    ::waitpid(pid_, &status_, 0);
    exited_ = true;
  }
  void wait_listening() {
    const std::string marker = "listening on 127.0.0.1:";
    for (int round = 0; round < 3000 && running(); ++round) {
      std::string text = log();
      auto at = text.rfind(marker);
      if (at != std::string::npos) {
        auto end = text.find(',', at);
        if (end != std::string::npos) {
          port_ = static_cast<std::uint16_t>(std::stoi(text.substr(at + marker.size(), end - at - marker.size())));
          return;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ADD_FAILURE() << "parley-lobby did not start listening; its log:\n" << log();
  }

  std::filesystem::path log_;
  pid_t pid_ = -1;
  bool exited_ = false;
  int status_ = 0;
  std::uint16_t port_ = 0;
};

// A LobbyClient whose events are kept, so a test can wait for the one it expects.
class TestClient {
 public:
  TestClient(const Endpoint& lobby, std::optional<crypto::Identity> identity, std::string name = "player",
             std::optional<crypto::PublicKey> pinned = std::nullopt)
      : identity_(identity) {
    auto c = LobbyClient::connect(ClientOptions{lobby, std::move(identity), std::move(name), pinned});
    EXPECT_TRUE(c.ok());
    if (c.ok()) client_ = std::move(*c);
  }
  LobbyClient* operator->() { return client_.get(); }
  LobbyClient& get() { return *client_; }
  const LobbyClient& get() const { return *client_; }
  const crypto::Identity& identity() const { return *identity_; }

  void poll(std::uint32_t ms) {
    client_->poll(ms);
    while (auto e = client_->next_event()) events_.push_back(std::move(*e));
  }
  template <class T, class Pred>
  std::optional<T> take(Pred pred) {
    for (auto it = events_.begin(); it != events_.end(); ++it) {
      if (auto* m = std::get_if<T>(&*it); m != nullptr && pred(*m)) {
        T out = std::move(*m);
        events_.erase(it);
        return out;
      }
    }
    return std::nullopt;
  }
  template <class T>
  std::optional<T> take() {
    return take<T>([](const T&) { return true; });
  }
  template <class T>
  bool has() const {
    for (const auto& e : events_) {
      if (std::holds_alternative<T>(e)) return true;
    }
    return false;
  }
  const std::vector<ClientEvent>& events() const { return events_; }
  // Takes every event kept so far.
  std::vector<ClientEvent> drain() { return std::exchange(events_, {}); }
  // The entry count this client has verified for a room.
  std::uint64_t entries(RoomId room) const {
    const Transcript* t = client_->transcript(room);
    return t == nullptr ? 0 : t->next_index().value;
  }

 private:
  std::optional<crypto::Identity> identity_;
  std::unique_ptr<LobbyClient> client_;
  std::vector<ClientEvent> events_;
};

// Polls every client until `done()` holds; false if it never did within the round budget.
template <class Done>
bool pump(const std::vector<TestClient*>& clients, Done done, int rounds = 6000) {
  for (int r = 0; r < rounds; ++r) {
    for (TestClient* c : clients) c->poll(1);
    if (done()) return true;
  }
  return false;
}

// Polls until the client has an event of type T matching pred, and takes it.
template <class T, class Pred>
std::optional<T> await(const std::vector<TestClient*>& clients, TestClient& who, Pred pred) {
  std::optional<T> got;
  pump(clients, [&] {
    got = who.take<T>(pred);
    return got.has_value();
  });
  return got;
}
template <class T>
std::optional<T> await(const std::vector<TestClient*>& clients, TestClient& who) {
  return await<T>(clients, who, [](const T&) { return true; });
}

}  // namespace parley::lobby::testing
