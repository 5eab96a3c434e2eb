#include "lobby/server/matchmaker.hpp"

#include <algorithm>
#include <cassert>

namespace parley::lobby {

std::size_t Matchmaker::join(ConnectionId connection, const QueueKey& key) {
  assert(!queued(connection));
  auto& queue = queues_[key];
  queue.push_back(connection);
  queue_of_.emplace(connection, key);
  return queue.size();
}

std::optional<std::vector<ConnectionId>> Matchmaker::take_match(const QueueKey& key) {
  auto it = queues_.find(key);
  if (it == queues_.end() || it->second.size() < key.seats) return std::nullopt;
  std::vector<ConnectionId>& queue = it->second;
  std::vector<ConnectionId> players(queue.begin(), queue.begin() + key.seats);
  queue.erase(queue.begin(), queue.begin() + key.seats);
  if (queue.empty()) queues_.erase(it);
  for (ConnectionId c : players) queue_of_.erase(c);
  return players;
}

std::vector<QueueCount> Matchmaker::counts(std::size_t max) const {
  std::vector<QueueCount> out;
  for (const auto& [key, queue] : queues_) {
    if (out.size() == max) break;
    if (queue.empty()) continue;
    out.push_back(QueueCount{key.game, key.seats, static_cast<std::uint16_t>(std::min<std::size_t>(queue.size(), 65535))});
  }
  return out;
}

void Matchmaker::leave(ConnectionId connection) {
  auto of = queue_of_.find(connection);
  if (of == queue_of_.end()) return;
  auto it = queues_.find(of->second);
  if (it != queues_.end()) {
    std::erase(it->second, connection);
    if (it->second.empty()) queues_.erase(it);
  }
  queue_of_.erase(of);
}

}  // namespace parley::lobby
