#pragma once
// The lobby's common room (docs/lobby.md, "The common room"): who watches it, the ratings the
// lobby was given, a cluster's view of the other nodes, and the throttle of its pulses. The core
// (lobby_core.hpp) serves WatchLobby, ListPlayers and the lobby chat over it; nothing here is
// durable: presence is rebuilt from the connections after a restart.
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/server/round.hpp"

namespace parley::lobby {

// Each player's ratings, one per game, sorted by game name, at most kMaxRatingsPerPlayer.
using RatingTable = std::map<crypto::PublicKey, std::vector<GameRating>>;
// A table as the wire wants it: each player's ratings sorted by game, one per game (the first
// kept), valid game names only, at most kMaxRatingsPerPlayer of them.
RatingTable normalise_ratings(RatingTable table);

// One logged-in player as a node reports it (its own connections, proxied ones included).
struct LobbyPresence {
  crypto::PublicKey key;
  std::string name;
  Activity activity = Activity::idle;
  friend bool operator==(const LobbyPresence&, const LobbyPresence&) = default;
};
// Which of two activities a player shown once is listed with: playing, then queued, then
// watching, then idle.
Activity busier(Activity a, Activity b);

// A cluster's lobby as the shared database shows it (cluster_coordinator.hpp): every live node's
// players, merged by key, and the shared quick-match queues' counts.
struct ClusterLobby {
  std::map<crypto::PublicKey, LobbyPresence> players;
  std::vector<QueueCount> queues;  // by (game, seats), waiting > 0, at most kMaxListedQueues
};

// A node's presence as it publishes it: u32 n ‖ (key[32] ‖ text name ‖ u8 activity) × n, keys
// strictly ascending. The decoder takes at most `max_players` and checks every field.
inline constexpr std::size_t kMaxPresencePlayers = 1u << 20;
Bytes encode_presence(const std::vector<LobbyPresence>& players);
std::optional<std::vector<LobbyPresence>> decode_presence(std::span<const std::uint8_t> bytes,
                                                          std::size_t max_players = kMaxPresencePlayers);

// Lobby chat waiting to cross to or from other nodes: at most this many lines a round each way
// (more are dropped, and the node's log says so).
inline constexpr std::size_t kMaxRelayedChatLines = 1024;

class CommonRoom {
 public:
  using Clock = std::chrono::steady_clock;
  // Pulses go out at most this often, and only when something they show changed.
  static constexpr auto kPulsePeriod = std::chrono::seconds(1);

  bool watching(ConnectionId c) const { return watchers_.contains(c); }
  void watch(ConnectionId c, bool on);
  const std::set<ConnectionId>& watchers() const { return watchers_; }

  void set_ratings(RatingTable table) { ratings_ = normalise_ratings(std::move(table)); }
  std::vector<GameRating> ratings_of(const crypto::PublicKey& key) const;

  void set_cluster(ClusterLobby view) { cluster_ = std::move(view); }
  const std::optional<ClusterLobby>& cluster() const { return cluster_; }

  // Whether a pulse check is due at `now` (then not again for kPulsePeriod).
  bool pulse_due(Clock::time_point now);
  // Whether `pulse` differs from the last one sent to every watcher; records it if so.
  bool changed(const LobbyPulse& pulse);

  // Lines said here for the other nodes, and lines from them for the watchers here.
  std::vector<ChatLine> said;
  std::vector<ChatLine> heard;

 private:
  std::set<ConnectionId> watchers_;
  RatingTable ratings_;
  std::optional<ClusterLobby> cluster_;
  std::optional<Clock::time_point> last_check_;
  std::optional<LobbyPulse> last_sent_;
};

}  // namespace parley::lobby
