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
#include <string>
#include <span>
#include <string_view>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/protocol/node_certificate.hpp"
#include "lobby/server/common_room.hpp"
#include "lobby/server/config.hpp"
#include "lobby/server/round.hpp"
#include "lobby/server/storage.hpp"

namespace parley::lobby {

// A connection another node of a cluster forwards here (node_link.hpp): its client logged in
// there, as this key under this (sanitised) name.
struct ProxiedLogin {
  crypto::PublicKey key;
  std::string name;
};

struct NetworkEvent {
  enum class Kind : std::uint8_t { connected, received, disconnected };
  Kind kind = Kind::received;
  ConnectionId connection;
  std::uint32_t address = 0;              // connected: the peer's IPv4 address
  std::span<const std::uint8_t> data;     // received: one message
  // connected: the key the secure channel's handshake proved; a Login logs in with it.
  std::optional<crypto::PublicKey> key{};
  std::optional<ProxiedLogin> proxied = std::nullopt;  // connected: logged in already, by another node
};

// What a node of a cluster is (docs/lobby.md, "Cluster"): the deployment's key, which clients
// see as the lobby's and logs name as their lobby, and the certificate of the node's own key,
// which stamps the entries.
struct NodeIdentity {
  crypto::PublicKey deployment_key;
  NodeCertificate certificate;
};

// The cluster-wide facts a node's core asks for (cluster_directory.hpp gives them from the
// shared database).
class RoomDirectory {
 public:
  virtual ~RoomDirectory() = default;
  // A room id no node has given; none when the cluster cannot give one now.
  virtual std::optional<RoomId> new_room_id() = 0;
  // The open rooms, on every node, where the key holds a seat.
  virtual game::Result<std::vector<RoomId>, StorageError> seated_rooms(const crypto::PublicKey& key) = 0;
};

// A room a cluster node takes to sequence: one it took over from a node that failed (or from its
// own previous run), or a quick match's new room, whose seats are taken and ready.
struct RoomAdoption {
  StoredRoom room;
  std::uint64_t epoch = 0;  // of the node's lease on the room, stated in the handover entry
  bool all_ready = false;
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
  // A node of a cluster: it signs with `node_key` (certified by `identity`), loads no rooms (it
  // adopts them, process()), takes room ids and seated rooms from `directory`, and reads through
  // `reader`.
  static std::unique_ptr<LobbyCore> open_node(const ServerConfig& config, Storage& reader, crypto::Identity node_key,
                                              NodeIdentity identity, RoomDirectory& directory, Logger log);
  ~LobbyCore();
  LobbyCore(const LobbyCore&) = delete;
  LobbyCore& operator=(const LobbyCore&) = delete;

  // An error only if a read failed (fatal, like a failed commit). A cluster node first adopts
  // `adoptions` (a handover entry, then `disconnected` for the seats present).
  game::Result<Round, StorageError> process(std::span<const NetworkEvent> events, Clock::time_point now,
                                            std::span<RoomAdoption> adoptions = {});
  // Writes presence entries for the seats still connected, tells every connection the lobby
  // is stopping and closes them all.
  game::Result<Round, StorageError> shut_down(Clock::time_point now);
  // Rounds up to `round` are committed.
  void durable_through(std::uint64_t round);

  // A cluster node lost the room to another node: it forgets the room (its entries not yet
  // durable with it) and returns the connections that were members, for the caller to close.
  std::vector<ConnectionId> release_room(RoomId room);
  bool has_room(RoomId room) const;
  // The key and name a connection logged in as.
  std::optional<ProxiedLogin> login_of(ConnectionId connection) const;

  StatusReport status(Clock::time_point now) const;

  // The common room (docs/lobby.md, "The common room"). Each player's ratings, computed outside
  // the lobby (parley-lobby --archive); ListPlayers shows them from the next request on.
  void set_ratings(RatingTable table);
  // A cluster node's: its logged-in connections (proxied ones included) and what each does, to
  // publish; the cluster's view from the database, merged with its own into ListPlayers and
  // the pulses; its lobby chat lines for the other nodes (said since the last call), and theirs
  // for its watchers (sent in the next round).
  std::vector<LobbyPresence> presence() const;
  void set_cluster_lobby(ClusterLobby view);
  std::vector<ChatLine> take_lobby_chat();
  void relay_lobby_chat(ChatLine line);
  // The lobby's key as clients see it (a cluster's deployment key).
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
