#pragma once
// The lobby's state machine, free of any network code: logins, the requests, the ordered relay
// and the limits, over its parts: the connection table (connection_table.hpp), the open rooms
// (room.hpp) and the quick-match queues (matchmaker.hpp). The network layer (lobby_server.hpp)
// feeds it batches of events and sends what it returns; the fuzz target and the unit tests
// drive it directly.
//
// Durability protocol: process() handles a batch of events in order and returns a Round: the
// messages to send and the database writes (one WriteBatch) that must be committed before any
// of those messages, or of any later round, is sent. So no client ever sees an entry, a room or
// a seat that a crash could take back. The caller commits rounds in order and reports it with
// durable_through(); until then the core serves the round's entries from memory (a fetch may
// ask for them). A failed commit is fatal: the caller stops rather than diverge from the
// database, and a restart recovers from the last commit.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/server/config.hpp"
#include "lobby/server/round.hpp"
#include "lobby/server/storage.hpp"

namespace parley::lobby {

struct NetworkEvent {
  enum class Kind : std::uint8_t { connected, received, disconnected };
  Kind kind = Kind::received;
  ConnectionId connection;
  std::uint32_t address = 0;              // connected: the peer's IPv4 address
  std::span<const std::uint8_t> data;     // received: one message
  // connected: the key the secure channel's handshake proved; a Login logs in with it.
  std::optional<crypto::PublicKey> key{};
};

using Logger = std::function<void(std::string_view)>;

class LobbyCore {
 public:
  using Clock = std::chrono::steady_clock;

  // Loads the open rooms through `writer`; seats the stored transcript still shows as present
  // are marked disconnected by a presence entry (the lobby went down under them), committed on
  // `writer` before this returns. Later reads go through `reader` (which may be the same
  // connection when one thread does everything).
  static game::Result<std::unique_ptr<LobbyCore>, StorageError> open(const ServerConfig& config, Storage& writer,
                                                                     Storage& reader, crypto::Identity lobby_key,
                                                                     Logger log);
  ~LobbyCore();
  LobbyCore(const LobbyCore&) = delete;
  LobbyCore& operator=(const LobbyCore&) = delete;

  // An error only if a read failed (fatal, like a failed commit).
  game::Result<Round, StorageError> process(std::span<const NetworkEvent> events, Clock::time_point now);
  // Writes presence entries for the seats still connected, tells every connection the lobby
  // is stopping and closes them all.
  game::Result<Round, StorageError> shut_down(Clock::time_point now);
  // Rounds up to `round` are committed.
  void durable_through(std::uint64_t round);

  StatusReport status(Clock::time_point now) const;
  const crypto::PublicKey& public_key() const;

 private:
  struct State;
  explicit LobbyCore(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Commits a round's writes on `storage` there and then, and tells the core: for tests and tools
// that run the lobby on one thread. The round's output, safe to send.
game::Result<RoundOutput, StorageError> commit_round(LobbyCore& core, Storage& storage, Round round);

}  // namespace parley::lobby
