#pragma once
// A cluster node's dealings with the other nodes through the shared PostgreSQL database
// (docs/lobby.md, "Cluster"), on a thread and a connection of its own so that the network thread
// never waits for them:
//   - the node's lease: its row in lobby_nodes, renewed every second; rooms whose node's lease
//     ran out are taken over (their epoch raised) by whichever live node claims them first
//     (FOR UPDATE SKIP LOCKED), and handed to the network thread to adopt;
//   - quick match: one queue per game and seat count, in the database; the node whose player
//     fills a queue makes the room, sequences it, and tells the players' nodes (NOTIFY);
//   - who is online: one row per logged-in key; a login elsewhere closes the older connection;
//   - the live nodes, for the clients' node lists and the links between nodes;
//   - room ids, handed out from a pool the database numbers;
//   - the common room: this node's presence published, every live node's read back with the
//     queues' counts (once a second, told to the network thread when it changed), and lobby chat
//     passed between nodes by NOTIFY.
// Results come back as events on a queue the network thread polls (wake_fd()).
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/protocol/node_certificate.hpp"
#include "lobby/server/lobby_core.hpp"
#include "lobby/server/pg_storage.hpp"

namespace parley::lobby {

struct ClusterOptions {
  std::string database;  // libpq's postgresql://… URL or key=value string
  Endpoint advertise;    // where clients and other nodes reach this node
  // A node that has not renewed its lease for this long has failed: its rooms are taken over.
  std::chrono::milliseconds lease{4000};
  std::chrono::milliseconds renew_every{1000};
  std::chrono::milliseconds sweep_every{500};
};

struct NodeInfo {
  NodeId id;
  crypto::PublicKey key;
  Endpoint advertise;
};

namespace cluster_event {
// A room to sequence: taken over, this node's own from before it restarted, or a quick match's.
struct Adopt {
  RoomAdoption adoption;
};
// The open rooms the database says this node holds, with their epochs (after its lease ran out,
// or the database came back): any other room the node holds has been taken from it.
struct Owned {
  std::map<RoomId, std::uint64_t> rooms;
};
struct QueueAnswer {
  ConnectionId connection;
  RequestId request;
  std::optional<Queued> queued;                // joined the queue
  std::optional<Refused> refused;              // or not
};
struct LeftQueue {
  ConnectionId connection;
  RequestId request;
};
// A quick match made a room on `node` for these keys: their nodes send them in.
struct Matched {
  RoomId room;
  NodeId node;
  std::vector<crypto::PublicKey> keys;
};
// The key logged in on another node: this node's connection for it goes.
struct Kick {
  crypto::PublicKey key;
};
// A room changed nodes (`node` took it over): requests for it go there.
struct Moved {
  RoomId room;
  NodeId node;
};
struct Nodes {
  std::vector<NodeInfo> nodes;  // the live ones, this node included
};
// Until when this node may sequence (its last renewal plus the lease, less a margin), by the
// steady clock.
struct Lease {
  std::chrono::steady_clock::time_point valid_until;
};
struct Database {
  bool available = true;
  std::string detail;
};
// The cluster's common room changed: every live node's players and the queues' counts.
struct Lobby {
  ClusterLobby view;
};
// A lobby chat line said on another node.
struct LobbyChat {
  ChatLine line;
};
}  // namespace cluster_event

using ClusterEvent = std::variant<cluster_event::Adopt, cluster_event::Owned, cluster_event::QueueAnswer,
                                  cluster_event::LeftQueue, cluster_event::Matched, cluster_event::Kick,
                                  cluster_event::Moved, cluster_event::Nodes, cluster_event::Lease,
                                  cluster_event::Database, cluster_event::Lobby, cluster_event::LobbyChat>;

class ClusterCoordinator {
 public:
  using Clock = std::chrono::steady_clock;
  // Connects, creates the schema if needed, registers the node (numbered by its key) and takes
  // its lease; the rooms this node held before it restarted come as its first Adopt events.
  // Fails if the database cannot be reached or another process runs this node's key.
  static game::Result<std::unique_ptr<ClusterCoordinator>, StorageError> start(ClusterOptions options,
                                                                                const NodeCertificate& certificate,
                                                                                Logger log);
  ~ClusterCoordinator();  // stops the thread
  ClusterCoordinator(const ClusterCoordinator&) = delete;
  ClusterCoordinator& operator=(const ClusterCoordinator&) = delete;

  NodeId node() const { return node_; }
  const ClusterOptions& options() const { return options_; }
  // Readable while events wait.
  int wake_fd() const { return event_fd_; }
  std::vector<ClusterEvent> take_events();

  // Requests, answered by events.
  void enqueue(ConnectionId connection, RequestId request, const crypto::PublicKey& key, std::string name,
               std::string game, std::uint8_t seats);
  void dequeue(ConnectionId connection, RequestId request, const crypto::PublicKey& key);
  void online(const crypto::PublicKey& key);
  void offline(const crypto::PublicKey& key);
  // A room the database says this node sequences but that it does not hold (it let it go, or
  // its adoption was lost): adopted again under a new epoch.
  void adopt_again(RoomId room);
  // A fresh room id, or none while the pool is empty (the database away).
  std::optional<RoomId> take_room_id();
  // A clean stop: the lease ends now, so that other nodes take the rooms over at once.
  void resign();
  // The common room: this node's players as it publishes them (by key), and its lobby chat
  // lines for the other nodes.
  void publish_presence(std::vector<LobbyPresence> players);
  void say_in_lobby(std::vector<ChatLine> lines);

 private:
  using Job = std::function<void()>;
  ClusterCoordinator(ClusterOptions options, NodeCertificate certificate, Logger log);
  void run();
  bool connect();
  void disconnect(const pg::Error& e);
  void post(ClusterEvent event);
  void submit(Job job);
  void say(const std::string& line) const;
  // Each step returns false when the connection failed (it is dropped and made again).
  bool renew();
  bool sweep();
  bool refresh_nodes();
  bool refill_room_ids();
  bool report_owned();
  bool adopt_own_rooms();
  bool try_match(const std::string& game, std::uint8_t seats);
  bool refresh_lobby();
  bool on_notification(const pg::Notification& n);
  bool check(const game::Result<pg::Rows, pg::Error>& r);
  bool check(const game::Result<bool, pg::Error>& r);

  ClusterOptions options_;
  NodeCertificate certificate_;
  Logger log_;
  NodeId node_;
  std::unique_ptr<pg::Connection> db_;
  std::optional<Clock::time_point> connected_since_;
  Clock::time_point last_renewal_{};
  Clock::time_point next_renew_{}, next_sweep_{}, next_nodes_{}, next_lobby_{};
  // The common room as last read: each live node's presence version and players, the queues.
  std::map<std::int64_t, std::pair<std::int64_t, std::vector<LobbyPresence>>> presence_;
  std::optional<std::vector<QueueCount>> queues_;

  int event_fd_ = -1;  // the network thread's wake-up
  int job_fd_ = -1;    // this thread's
  std::mutex mutex_;
  std::deque<ClusterEvent> events_;
  std::deque<Job> jobs_;
  std::deque<RoomId> room_ids_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace parley::lobby
