#include "lobby/server/connection_table.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

Connection::Connection(ConnectionId id_, std::uint32_t address_, Clock::time_point now, const Limits& limits)
    : id(id_),
      address(address_),
      opened(now),
      messages(limits.messages_per_second, limits.message_burst, now),
      bytes(limits.bytes_per_second, std::max<std::uint64_t>(limits.byte_burst, kMaxMessageBytes), now) {}

ConnectionTable::Admission ConnectionTable::open(ConnectionId id, std::uint32_t address, Clock::time_point now) {
  auto [it, inserted] = connections_.try_emplace(id, id, address, now, limits_);
  if (!inserted) return Admission::duplicate;
  if (counted_ >= limits_.max_connections) return Admission::server_full;
  auto from_address = per_address_.find(address);
  std::uint32_t already = from_address == per_address_.end() ? 0 : from_address->second;
  if (already >= limits_.max_connections_per_address) {
    std::uint32_t& asking = status_only_per_address_[address];
    if (asking >= kStatusOnlyPerAddress || status_only_ >= kStatusOnlyInAll) {
      if (asking == 0) status_only_per_address_.erase(address);
      return Admission::address_full;
    }
    ++asking;
    ++status_only_;
    it->second.status_only = true;
    return Admission::status_only;
  }
  per_address_[address] = already + 1;
  ++counted_;
  it->second.counted = true;
  return Admission::accepted;
}

void ConnectionTable::erase(ConnectionId id) {
  auto it = connections_.find(id);
  if (it == connections_.end()) return;
  const Connection& c = it->second;
  if (c.counted) {
    --counted_;
    auto a = per_address_.find(c.address);
    if (a != per_address_.end() && --a->second == 0) per_address_.erase(a);
  }
  if (c.status_only) {
    --status_only_;
    auto a = status_only_per_address_.find(c.address);
    if (a != status_only_per_address_.end() && --a->second == 0) status_only_per_address_.erase(a);
  }
  connections_.erase(it);
}

Connection* ConnectionTable::find(ConnectionId id) {
  auto it = connections_.find(id);
  return it == connections_.end() ? nullptr : &it->second;
}

Connection& ConnectionTable::at(ConnectionId id) { return connections_.at(id); }

Connection* ConnectionTable::logged_in(const crypto::PublicKey& key) {
  auto it = online_.find(key);
  return it == online_.end() ? nullptr : find(it->second);
}

void ConnectionTable::log_in(Connection& c, const crypto::PublicKey& key, std::string name) {
  assert(!c.player && !online_.contains(key));
  c.player = key;
  c.name = std::move(name);
  online_[key] = c.id;
}

void ConnectionTable::log_out(const Connection& c) {
  if (!c.player) return;
  auto it = online_.find(*c.player);
  if (it != online_.end() && it->second == c.id) online_.erase(it);
}

}  // namespace parley::lobby
