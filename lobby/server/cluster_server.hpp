#pragma once
// A node of a lobby cluster (docs/lobby.md, "Cluster"): parley-lobby --cluster. Clients connect
// to any node. Each room is sequenced by one node, which holds it in its LobbyCore exactly as a
// single lobby does; a request of a client for a room another node sequences is forwarded over
// a link to that node (node_link.hpp), where the client appears as a proxied connection, and
// the answers and pushes come back the same way. Requests about no room in particular are the
// client's node's: its login and status, new rooms (it sequences them), the room list and quick
// match (from the shared database). Writes go to the shared PostgreSQL database (pg_storage.hpp)
// under the node's lease on each room; the coordinator (cluster_coordinator.hpp) renews the
// lease, takes over the rooms of failed nodes and tells of quick matches and logins elsewhere.
//
// The durability rule is the single lobby's: a round's writes are committed before any message
// of it, or of a later round, is sent; a message another node sends was committed there.
#include <filesystem>
#include <memory>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/server/cluster_coordinator.hpp"
#include "lobby/server/config.hpp"
#include "lobby/server/lobby_server.hpp"
#include "lobby/server/log_archive.hpp"

namespace parley::lobby {

struct ClusterConfig {
  // Listening address, ENet hosts, limits, verify threads, logging and the logs folder (its
  // `database` and `key_file` are not used: the cluster's database and the node key are below).
  ServerConfig server;
  ClusterOptions cluster;
  // The node's Ed25519 key (created if missing); its certificate is in certificate_file_for().
  std::filesystem::path node_key;
};

// Where the certificate of a node key file is kept: the key file's path with ".cert" appended.
std::filesystem::path certificate_file_for(const std::filesystem::path& node_key);

class ClusterServer {
 public:
  // Loads the node's key and certificate, joins the cluster (the database, the lease) and binds
  // the socket.
  static game::Result<std::unique_ptr<ClusterServer>, ServerError> open(const ClusterConfig& config, LogSink sink = {});
  ~ClusterServer();
  ClusterServer(const ClusterServer&) = delete;
  ClusterServer& operator=(const ClusterServer&) = delete;

  Endpoint local_endpoint() const;
  // The deployment's key: what clients see as the lobby's, and logs name.
  const crypto::PublicKey& public_key() const;

  // Serves until request_stop(), then shuts down cleanly (presence entries, a shutting_down
  // refusal to every connection, the lease given up so that other nodes take its rooms at once).
  game::Result<bool, ServerError> run();
  // Safe to call from a signal handler or another thread.
  void request_stop() noexcept;

 private:
  struct Impl;
  explicit ClusterServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace parley::lobby
