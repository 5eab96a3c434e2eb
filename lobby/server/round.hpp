#pragma once
// One processing round of the lobby core (the durability protocol is in lobby_core.hpp): the
// connections it talks to, the messages it sends, the writes they wait for, and the round in
// progress that the core's parts (rooms, the connection table) record into.
#include <chrono>
#include <compare>
#include <cstdint>
#include <memory>
#include <vector>

#include "lobby/protocol/ids.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/server/storage.hpp"

namespace parley::lobby {

// One network connection, numbered by the network layer and never reused.
struct ConnectionId {
  std::uint64_t value = 0;
  friend auto operator<=>(const ConnectionId&, const ConnectionId&) = default;
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

struct Round {
  std::uint64_t number = 0;  // rounds are numbered 1, 2, … in the order process() made them
  RoundOutput output;
  WriteBatch writes;         // to commit before output (and every later round's) is sent
};

// The round being made: its clocks, the messages queued so far, the writes they wait for, and
// the entries appended (served from memory until the round is durable).
struct RoundInProgress {
  using Clock = std::chrono::steady_clock;

  std::uint64_t number = 0;
  Clock::time_point now{};    // the steady clock: timers and rate limits
  std::uint64_t now_ms = 0;   // the wall clock, in ms since 1970: entries' time stamps
  RoundOutput out;
  WriteBatch writes;
  std::vector<RoomId> appended;  // the room of each entry appended this round, in order

  // Queues one message for `to` (nothing if nobody).
  void send(std::vector<ConnectionId> to, Bytes message);
  void send(ConnectionId to, const LobbyMessage& message) { send({to}, encode(message)); }
};

}  // namespace parley::lobby
