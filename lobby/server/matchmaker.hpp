#pragma once
// Quick match: one queue per game and seat count. A connection waits in at most one; when a
// queue holds as many players as the game has seats, the first of them make a room.
#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "lobby/server/round.hpp"

namespace parley::lobby {

struct QueueKey {
  std::string game;
  std::uint8_t seats = 0;
  friend auto operator<=>(const QueueKey&, const QueueKey&) = default;
};

class Matchmaker {
 public:
  // Queues a connection that is in no queue; how many wait in that queue now, it included.
  std::size_t join(ConnectionId connection, const QueueKey& key);
  // Takes the first key.seats connections out of the queue, in queue order, once it holds
  // that many; none before.
  std::optional<std::vector<ConnectionId>> take_match(const QueueKey& key);
  // Takes a connection out of its queue, if it is in one.
  void leave(ConnectionId connection);

  bool queued(ConnectionId connection) const { return queue_of_.contains(connection); }
  // The first `max` queues by (game, seats), each with how many wait in it (never 0).
  std::vector<QueueCount> counts(std::size_t max) const;
  std::uint32_t waiting() const { return static_cast<std::uint32_t>(queue_of_.size()); }  // in all queues

 private:
  std::map<QueueKey, std::vector<ConnectionId>> queues_;
  std::map<ConnectionId, QueueKey> queue_of_;
};

}  // namespace parley::lobby
