#pragma once
// The lobby's state machine, free of any network code: connections, logins, rooms, quick-match
// queues, the ordered relay and the limits. The network layer (lobby_server.hpp) feeds it
// batches of events and sends what it returns; the fuzz target and the unit tests drive it
// directly.
//
// Durability protocol: process() handles a batch of events in order, writing every change
// (rooms, seats, entries) into one database transaction, then commits it, and only then returns
// the messages to send. So no client ever sees an entry, a room or a seat that a crash could
// take back. A failed commit is fatal: the caller stops the lobby rather than diverge from its
// database; a restart recovers from the last commit.
#include <chrono>
#include <compare>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/server/config.hpp"
#include "lobby/server/storage.hpp"

namespace parley::lobby {

// One network connection, numbered by the network layer and never reused.
struct ConnectionId {
  std::uint64_t value = 0;
  friend auto operator<=>(const ConnectionId&, const ConnectionId&) = default;
};

struct NetworkEvent {
  enum class Kind : std::uint8_t { connected, received, disconnected };
  Kind kind = Kind::received;
  ConnectionId connection;
  std::uint32_t address = 0;              // connected: the peer's IPv4 address
  std::span<const std::uint8_t> data;     // received: one message
};

struct Outgoing {
  std::shared_ptr<const Bytes> message;
  std::vector<ConnectionId> recipients;
};

// What one processing round produced, to be sent in this order; then the connections to close
// (after their queued messages).
struct RoundOutput {
  std::vector<Outgoing> messages;
  std::vector<ConnectionId> disconnect;
};

using Logger = std::function<void(std::string_view)>;

class LobbyCore {
 public:
  using Clock = std::chrono::steady_clock;

  // Loads the open rooms. Seats the stored transcript still shows as present are marked
  // disconnected by a presence entry (the lobby went down under them).
  static game::Result<std::unique_ptr<LobbyCore>, StorageError> open(const ServerConfig& config,
                                                                     std::unique_ptr<Storage> storage,
                                                                     crypto::Identity lobby_key, Logger log);
  ~LobbyCore();
  LobbyCore(const LobbyCore&) = delete;
  LobbyCore& operator=(const LobbyCore&) = delete;

  game::Result<RoundOutput, StorageError> process(std::span<const NetworkEvent> events, Clock::time_point now);
  // Writes presence entries for the seats still connected, tells every connection the lobby
  // is stopping and closes them all.
  game::Result<RoundOutput, StorageError> shut_down(Clock::time_point now);

  StatusReport status(Clock::time_point now) const;
  const crypto::PublicKey& public_key() const;

 private:
  struct State;
  explicit LobbyCore(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace parley::lobby
