#pragma once
// One open room of the lobby, apart from the server and the connections (as wesnothd keeps its
// `game`): its header, seats and spectators, and the tail of its transcript. A room changes
// itself when the core (lobby_core.hpp) tells it to, records every change in the round's
// writes, and queues for its members the entries it appends and its new state. Who may do what,
// and the indexes across rooms (seats by key, invite codes), are the core's.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "game/core/seat.hpp"
#include "lobby/protocol/entry.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/protocol/room_header.hpp"
#include "lobby/server/round.hpp"
#include "lobby/server/storage.hpp"

namespace parley::lobby {

struct SeatSlot {
  using Clock = std::chrono::steady_clock;
  std::optional<crypto::PublicKey> key;  // none: the seat is open
  std::string name;
  bool ready = false;
  std::optional<ConnectionId> connection;
  SeatPresence presence = SeatPresence::absent;  // started rooms, as the transcript says
  Clock::time_point vacated{};                   // waiting rooms: when the holder's connection went
};

// An entry appended but not yet known to be committed: fetches are served from here.
struct PendingEntry {
  EntryIndex index;
  std::uint64_t round = 0;
  EntryHash hash{};
  Bytes wire;
};

class Room {
 public:
  using Clock = std::chrono::steady_clock;
  // The hashes of the last this many entries stay in memory; a seen-hash check further back
  // reads the database.
  static constexpr std::size_t kRecentHashes = 1024;

  // A new room: waiting, every seat open, each reserved to its key if `reservation` says so.
  // Recorded in the round's writes.
  Room(RoomHeader header, std::uint8_t seat_count, std::optional<Reservation> reservation, RoundInProgress& round);
  // An open room as the database holds it, loaded at `now`. Corrupt if a started room has an
  // open seat.
  static game::Result<Room, StorageError> load(StoredRoom stored, Clock::time_point now);

  const RoomHeader& header() const { return header_; }
  RoomId id() const { return header_.room; }
  RoomPhase phase() const { return header_.phase; }
  // The state its members see (request 0: a push), and the summary a room list shows.
  RoomState state(RequestId request) const;
  RoomSummary summary() const;
  // Pushes state() to every member.
  void send_state(RoundInProgress& round) const;

  // ---- seats and spectators
  std::uint8_t seat_count() const { return static_cast<std::uint8_t>(seats_.size()); }
  const std::vector<SeatSlot>& seats() const { return seats_; }
  const SeatSlot& seat(game::Seat seat) const;
  std::optional<game::Seat> seat_of(ConnectionId connection) const;
  std::optional<game::Seat> seat_of_key(const crypto::PublicKey& key) const;
  std::optional<game::Seat> first_open_seat() const;
  // Reserved seats (an event's board): who made the room and each seat's only key.
  const std::optional<Reservation>& reservation() const { return reservation_; }
  // The seat reserved to `key`; none if the room reserves none to it (or reserves none at all).
  std::optional<game::Seat> reserved_seat(const crypto::PublicKey& key) const;
  // A waiting room with reserved seats, nobody in it, made (or loaded) `limit` ago or more.
  bool reservation_expired(Clock::duration limit, Clock::time_point now) const;
  std::uint8_t seated() const;  // seats taken
  const std::set<ConnectionId>& spectators() const { return spectators_; }
  // Seats' connections, then spectators.
  std::vector<ConnectionId> members() const;
  // A waiting room with nobody seated and nobody watching; one with reserved seats waits for its
  // players instead (reservation_expired).
  bool abandoned() const;
  // Every seat taken, connected and ready.
  bool ready_to_start() const;
  // Every seat has left on purpose (started rooms).
  bool everyone_left() const;
  // Whether no seat has been connected for `limit` (started rooms); a connected seat restarts
  // the count.
  bool seats_gone_for(Clock::duration limit, Clock::time_point now);

  void add_spectator(ConnectionId connection) { spectators_.insert(connection); }
  bool remove_spectator(ConnectionId connection) { return spectators_.erase(connection) > 0; }
  // An open seat goes to `key`, not ready, on `connection`.
  void take_seat(game::Seat seat, const crypto::PublicKey& key, const std::string& name, ConnectionId connection,
                 RoundInProgress& round);
  // The seat opens again; the key that held it, if any.
  std::optional<crypto::PublicKey> free_seat(game::Seat seat, RoundInProgress& round);
  // The seat's key is back on `connection`, under `name` (which may have changed).
  void return_to_seat(game::Seat seat, ConnectionId connection, const std::string& name, RoundInProgress& round);
  void set_ready(game::Seat seat, bool ready);
  // The seat's connection leaves the room: on purpose (left) or because it is gone. A started
  // room records it as a presence entry (the leaver still gets its own); a waiting room keeps
  // the seat of a dropped connection for the grace period, not ready.
  void seat_leaves(game::Seat seat, PresenceEvent why, const crypto::Identity& lobby, RoundInProgress& round);

  // ---- the game and its transcript
  // Starts the game (every seat taken): a fresh session, every seat present, the genesis entry,
  // certified when a cluster node stamps it.
  void start(const SessionId& session, const crypto::Identity& lobby, RoundInProgress& round,
             const NodeCertificate* certificate = nullptr);
  // Stamps, signs, hashes and stores the next entry, and queues it for every member. It reaches
  // them only after this round's commit.
  void append(EntryPayload payload, const crypto::Identity& lobby, RoundInProgress& round);
  // Records the seat's presence and appends its presence entry (started rooms).
  void set_presence(game::Seat seat, SeatPresence presence, PresenceEvent event, const crypto::Identity& lobby,
                    RoundInProgress& round);
  // The seat's player is back in a started room: present again, by a `reconnected` entry.
  void mark_reconnected(game::Seat seat, const crypto::Identity& lobby, RoundInProgress& round);
  // Seats the transcript shows as present get a `disconnected` entry (the lobby stops or
  // restarted under them); how many.
  std::size_t mark_present_seats_disconnected(const crypto::Identity& lobby, RoundInProgress& round);
  // A started room closes; its transcript stays in the database.
  void close(RoundInProgress& round);
  // A waiting room is deleted with its seats.
  void discard(RoundInProgress& round) const;

  EntryIndex next_index() const { return next_index_; }
  // The hash of an entry before next_index() if memory has it (recent entries, the pending
  // tail, the genesis once read); none: read the database.
  std::optional<EntryHash> known_hash(EntryIndex index) const;
  void remember_genesis(const EntryHash& hash) { genesis_hash_ = hash; }
  // The entries appended and not yet durable, in index order.
  const std::deque<PendingEntry>& pending() const { return pending_; }
  // Rounds up to `round` are committed: their entries are no longer pending.
  void durable_through(std::uint64_t round);

 private:
  Room() = default;

  RoomHeader header_;
  std::optional<Reservation> reservation_;
  Clock::time_point created_{};  // or loaded: when the reservation's wait began
  std::vector<SeatSlot> seats_;
  std::set<ConnectionId> spectators_;
  EntryIndex next_index_;
  EntryHash head_{};
  std::uint64_t last_time_ms_ = 0;
  std::deque<EntryHash> recent_;        // hashes of entries [next_index - recent.size(), next_index)
  std::deque<PendingEntry> pending_;    // the tail of the transcript not yet durable, in order
  // Read once: every seat's first posts name the genesis, before anyone has seen another entry.
  std::optional<EntryHash> genesis_hash_;
  Clock::time_point last_seat_seen_{};
};

}  // namespace parley::lobby
