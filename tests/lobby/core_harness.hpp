#pragma once
// Drives a LobbyCore directly (no network): connections are numbers, messages are decoded
// into per-connection inboxes, and the test controls the steady clock.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "lobby/protocol/messages.hpp"
#include "lobby/protocol/transcript.hpp"
#include "lobby/server/lobby_core.hpp"

namespace parley::lobby::testing {

class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / ("parley-lobby-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline constexpr std::uint32_t kLocalhost = 0x0100007F;  // 127.0.0.1 as ENet stores it

class CoreHarness {
 public:
  using Clock = LobbyCore::Clock;

  explicit CoreHarness(ServerConfig config = {}) : config_(std::move(config)) {
    config_.database = dir_.path() / "lobby.db";
    config_.log = false;
    lobby_ = crypto::Identity::generate();
    open();
  }

  // Opens (or reopens, as after a crash) the core on the same database and key.
  // One connection writes and reads, and every round is committed as soon as it is made.
  void open() {
    core_.reset();
    storage_.reset();
    auto storage = Storage::open(config_.database, config_.sync);
    ASSERT_TRUE(storage.ok()) << storage.error().detail;
    storage_ = std::move(*storage);
    auto core = LobbyCore::open(config_, *storage_, *storage_, *lobby_, nullptr);
    ASSERT_TRUE(core.ok()) << core.error().detail;
    core_ = std::move(*core);
  }
  // Drops the core without shutting down: what kill -9 leaves behind.
  void crash() {
    core_.reset();
    storage_.reset();
  }
  void reopen() { open(); }

  ServerConfig& config() { return config_; }
  LobbyCore& core() { return *core_; }
  const crypto::Identity& lobby() const { return *lobby_; }
  Clock::time_point now() const { return now_; }

  // A connection whose secure channel proved a key of its own (a status query's).
  ConnectionId connect(std::uint32_t address = kLocalhost) {
    return connect_as(address, crypto::Identity::generate().public_key());
  }
  // A connection whose secure channel proved `key` (none: a network layer that proved nothing).
  ConnectionId connect_as(std::uint32_t address, std::optional<crypto::PublicKey> key) {
    ConnectionId id{++next_connection_};
    run({NetworkEvent{NetworkEvent::Kind::connected, id, address, {}, key}});
    return id;
  }
  void send(ConnectionId c, const ClientMessage& m) { send_raw(c, encode(m)); }
  void send_raw(ConnectionId c, const Bytes& bytes) {
    run({NetworkEvent{NetworkEvent::Kind::received, c, 0, bytes}});
  }
  void disconnect(ConnectionId c) { run({NetworkEvent{NetworkEvent::Kind::disconnected, c, 0, {}}}); }
  void advance(std::chrono::milliseconds d) {
    now_ += d;
    run({});
  }
  void run(const std::vector<NetworkEvent>& events) {
    auto round = core_->process(events, now_);
    ASSERT_TRUE(round.ok()) << round.error().detail;
    auto out = commit_round(*core_, *storage_, std::move(*round));
    ASSERT_TRUE(out.ok()) << out.error().detail;
    deliver(*out);
  }
  // Processes a round but holds back its commit, as the server does while its writer thread
  // is busy; commit_held() finishes it.
  void run_uncommitted(const std::vector<NetworkEvent>& events) {
    auto round = core_->process(events, now_);
    ASSERT_TRUE(round.ok()) << round.error().detail;
    held_.push_back(std::move(*round));
  }
  void commit_held() {
    for (Round& r : held_) {
      auto out = commit_round(*core_, *storage_, std::move(r));
      ASSERT_TRUE(out.ok()) << out.error().detail;
      deliver(*out);
    }
    held_.clear();
  }
  void shut_down() {
    auto round = core_->shut_down(now_);
    ASSERT_TRUE(round.ok()) << round.error().detail;
    auto out = commit_round(*core_, *storage_, std::move(*round));
    ASSERT_TRUE(out.ok()) << out.error().detail;
    deliver(*out);
  }

  std::vector<LobbyMessage>& inbox(ConnectionId c) { return inbox_[c]; }
  bool closed(ConnectionId c) const { return closed_.contains(c); }

  // Removes and returns the first message of type T in c's inbox (matching pred).
  template <class T, class Pred>
  std::optional<T> take(ConnectionId c, Pred pred) {
    auto& box = inbox_[c];
    for (auto it = box.begin(); it != box.end(); ++it) {
      if (auto* m = std::get_if<T>(&*it); m != nullptr && pred(*m)) {
        T out = std::move(*m);
        box.erase(it);
        return out;
      }
    }
    return std::nullopt;
  }
  template <class T>
  std::optional<T> take(ConnectionId c) {
    return take<T>(c, [](const T&) { return true; });
  }
  std::optional<Refused> refusal(ConnectionId c, RequestId r) {
    return take<Refused>(c, [&](const Refused& x) { return x.request == r; });
  }
  template <class T>
  std::size_t count(ConnectionId c) {
    std::size_t n = 0;
    for (const auto& m : inbox_[c]) n += std::holds_alternative<T>(m);
    return n;
  }
  std::vector<SignedEntry> entries(ConnectionId c, RoomId room) {
    std::vector<SignedEntry> out;
    for (const auto& m : inbox_[c]) {
      if (auto* e = std::get_if<EntryMessage>(&m); e != nullptr && e->room == room) out.push_back(e->entry);
    }
    return out;
  }
  void clear(ConnectionId c) { inbox_[c].clear(); }

 private:
  void deliver(const RoundOutput& out) {
    for (const Outgoing& o : out.messages) {
      auto decoded = decode_lobby_message(*o.message);
      ASSERT_TRUE(decoded.ok()) << "the lobby sent an undecodable message: " << describe(decoded.error());
      for (ConnectionId to : o.recipients) inbox_[to].push_back(*decoded);
    }
    for (ConnectionId c : out.disconnect) closed_.insert(c);
  }

  TempDir dir_;
  ServerConfig config_;
  std::optional<crypto::Identity> lobby_;
  std::unique_ptr<Storage> storage_;  // before core_, which reads through it
  std::unique_ptr<LobbyCore> core_;
  std::vector<Round> held_;
  Clock::time_point now_ = Clock::now();
  std::uint64_t next_connection_ = 0;
  std::map<ConnectionId, std::vector<LobbyMessage>> inbox_;
  std::set<ConnectionId> closed_;
};

// A player on a harness connection: its identity and its request numbering.
struct Player {
  crypto::Identity identity = crypto::Identity::generate();
  ConnectionId connection;
  std::uint32_t last_request = 0;
  RequestId next() { return RequestId{++last_request}; }
};

// Connects with the player's key proven by the channel and logs in; the Welcome is left in the
// inbox.
inline Player login(CoreHarness& h, std::string name = "player", std::uint32_t address = kLocalhost) {
  Player p;
  p.connection = h.connect_as(address, p.identity.public_key());
  h.send(p.connection, Login{p.next(), name});
  return p;
}

// The same player on a new connection, logged in again.
inline Player login_again(CoreHarness& h, const crypto::Identity& identity, std::string name) {
  Player p;
  p.identity = identity;
  p.connection = h.connect_as(kLocalhost, identity.public_key());
  h.send(p.connection, Login{p.next(), name});
  return p;
}

}  // namespace parley::lobby::testing
