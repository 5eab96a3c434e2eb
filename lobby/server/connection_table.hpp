#pragma once
// The lobby's connections: each one's login, rate budgets and rooms, the counts the connection
// limits are checked against, and which connection each logged-in key is on (one at a time).
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "crypto/identity.hpp"
#include "lobby/protocol/ids.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/server/config.hpp"
#include "lobby/server/rate_limiter.hpp"
#include "lobby/server/round.hpp"

namespace parley::lobby {

struct Connection {
  using Clock = std::chrono::steady_clock;
  Connection(ConnectionId id, std::uint32_t address, Clock::time_point now, const Limits& limits);

  ConnectionId id;
  std::uint32_t address;
  Clock::time_point opened;
  std::optional<crypto::PublicKey> proven;  // by the secure channel's handshake
  std::optional<crypto::PublicKey> player;  // once logged in
  std::string name;
  TokenBucket messages;
  TokenBucket bytes;
  std::uint32_t limited_in_a_row = 0;
  std::set<RoomId> rooms;  // as a seat or a spectator
  bool counted = false;    // accepted: counts against the connection limits
  bool closing = false;    // told to go; its further messages are ignored
  bool status_only = false;  // over its address's cap: answered one status query, then closed
};

class ConnectionTable {
 public:
  using Clock = std::chrono::steady_clock;
  using Map = std::map<ConnectionId, Connection>;

  explicit ConnectionTable(const Limits& limits) : limits_(limits) {}

  enum class Admission : std::uint8_t {
    accepted,      // counted against the limits
    duplicate,     // the id is in the table already: nothing changed
    server_full,   // max_connections reached
    address_full,  // max_connections_per_address reached, and its status-only places taken
    status_only,   // over its address's cap, admitted to ask for the status once (uncounted)
  };
  // Connections over an address's cap that may still ask for the status, once each: an operator
  // sees the figures during a flood from their own address (docs/lobby.md, "Limits").
  static constexpr std::uint32_t kStatusOnlyPerAddress = 2;
  static constexpr std::uint32_t kStatusOnlyInAll = 8;  // within the ENet hosts' 16 spare peer slots
  // Adds a connection. One the limits refuse stays in the table, uncounted, until erase().
  Admission open(ConnectionId id, std::uint32_t address, Clock::time_point now);
  // Forgets a connection and its count against the limits.
  void erase(ConnectionId id);

  Connection* find(ConnectionId id);
  Connection& at(ConnectionId id);
  Map::iterator begin() { return connections_.begin(); }
  Map::iterator end() { return connections_.end(); }

  // The connection `key` is logged in on, if any.
  Connection* logged_in(const crypto::PublicKey& key);
  // `c` logs in as `key` under `name`; the key's previous connection, if any, must have logged
  // out first.
  void log_in(Connection& c, const crypto::PublicKey& key, std::string name);
  // The key `c` logged in as is no longer online, unless it has moved to a newer connection.
  void log_out(const Connection& c);

  std::uint32_t counted() const { return counted_; }
  // Each logged-in key and its connection, in key order.
  const std::map<crypto::PublicKey, ConnectionId>& online() const { return online_; }
  std::uint32_t players_online() const { return static_cast<std::uint32_t>(online_.size()); }

 private:
  const Limits& limits_;
  Map connections_;
  std::map<std::uint32_t, std::uint32_t> per_address_;  // counted connections per IPv4 address
  std::uint32_t counted_ = 0;
  std::map<std::uint32_t, std::uint32_t> status_only_per_address_;
  std::uint32_t status_only_ = 0;
  std::map<crypto::PublicKey, ConnectionId> online_;
};

}  // namespace parley::lobby
