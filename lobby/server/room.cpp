#include "lobby/server/room.hpp"

#include <algorithm>
#include <cassert>
#include <string>
#include <utility>

#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

Room::Room(RoomHeader header, std::uint8_t seat_count, std::optional<Reservation> reservation, RoundInProgress& round)
    : header_(std::move(header)), reservation_(std::move(reservation)), created_(round.now) {
  assert(header_.phase == RoomPhase::waiting);
  assert(seat_count >= kMinSeats && seat_count <= kMaxSeats);
  assert(!reservation_ || reservation_->seats.size() == seat_count);
  seats_.resize(seat_count);
  round.writes.push_back(InsertRoom{header_, seat_count, reservation_});
}

game::Result<Room, StorageError> Room::load(StoredRoom stored, Clock::time_point now) {
  Room r;
  r.seats_.resize(stored.seat_count);
  r.next_index_ = stored.entry_count;
  r.head_ = stored.head_hash;
  r.last_time_ms_ = stored.last_time_ms;
  r.recent_.assign(stored.recent_hashes.begin(), stored.recent_hashes.end());
  r.last_seat_seen_ = now;
  r.created_ = now;
  r.reservation_ = std::move(stored.reservation);
  for (StoredSeat& seat : stored.seats) {
    assert(seat.seat.index < r.seats_.size());  // Storage checks every seat against the room's count
    SeatSlot& slot = r.seats_[seat.seat.index];
    slot.key = seat.key;
    slot.name = std::move(seat.name);
    slot.presence = seat.presence;
    slot.vacated = now;
  }
  r.header_ = std::move(static_cast<RoomHeader&>(stored));
  if (r.phase() == RoomPhase::started &&
      !std::all_of(r.seats_.begin(), r.seats_.end(), [](const SeatSlot& x) { return x.key.has_value(); })) {
    return StorageError{StorageError::Kind::corrupt, "started room " + std::to_string(r.id().value) + " has an empty seat"};
  }
  return r;
}

RoomState Room::state(RequestId request) const {
  RoomState s;
  static_cast<RoomHeader&>(s) = header_;
  s.request = request;
  s.entry_count = next_index_;
  for (const SeatSlot& seat : seats_) {
    SeatInfo info;
    info.key = seat.key;
    if (seat.key) {
      info.name = seat.name;
      info.ready = seat.ready;
      info.connected = seat.connection.has_value();
    }
    s.seats.push_back(std::move(info));
  }
  s.spectators = static_cast<std::uint16_t>(std::min<std::size_t>(spectators_.size(), kMaxSpectatorsCount));
  return s;
}

RoomSummary Room::summary() const {
  RoomSummary s;
  s.room = header_.room;
  s.game = header_.game;
  for (const SeatSlot& seat : seats_) s.seats.push_back(seat.key ? std::optional<std::string>(seat.name) : std::nullopt);
  s.spectators = static_cast<std::uint16_t>(std::min<std::size_t>(spectators_.size(), kMaxSpectatorsCount));
  s.phase = header_.phase;
  if (header_.options.size() <= kMaxListedOptionsBytes) s.options = header_.options;
  return s;
}

void Room::send_state(RoundInProgress& round) const { round.send(members(), encode(state(RequestId{0}))); }

const SeatSlot& Room::seat(game::Seat seat) const {
  assert(seat.index < seats_.size());
  return seats_[seat.index];
}

std::optional<game::Seat> Room::seat_of(ConnectionId connection) const {
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].connection == connection) return game::Seat{static_cast<std::uint8_t>(i)};
  }
  return std::nullopt;
}

std::optional<game::Seat> Room::seat_of_key(const crypto::PublicKey& key) const {
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].key == key) return game::Seat{static_cast<std::uint8_t>(i)};
  }
  return std::nullopt;
}

std::optional<game::Seat> Room::first_open_seat() const {
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!seats_[i].key) return game::Seat{static_cast<std::uint8_t>(i)};
  }
  return std::nullopt;
}

std::uint8_t Room::seated() const {
  return static_cast<std::uint8_t>(std::count_if(seats_.begin(), seats_.end(), [](const SeatSlot& s) { return s.key.has_value(); }));
}

std::vector<ConnectionId> Room::members() const {
  std::vector<ConnectionId> out;
  for (const SeatSlot& s : seats_) {
    if (s.connection) out.push_back(*s.connection);
  }
  out.insert(out.end(), spectators_.begin(), spectators_.end());
  return out;
}

bool Room::abandoned() const {
  return header_.phase == RoomPhase::waiting && seated() == 0 && spectators_.empty() && !reservation_;
}

std::optional<game::Seat> Room::reserved_seat(const crypto::PublicKey& key) const {
  if (!reservation_) return std::nullopt;
  for (std::size_t i = 0; i < reservation_->seats.size(); ++i)
    if (reservation_->seats[i] == key) return game::Seat{static_cast<std::uint8_t>(i)};
  return std::nullopt;
}

bool Room::reservation_expired(Clock::duration limit, Clock::time_point now) const {
  return reservation_ && header_.phase == RoomPhase::waiting && seated() == 0 && spectators_.empty() &&
         now - created_ >= limit;
}

bool Room::ready_to_start() const {
  return std::all_of(seats_.begin(), seats_.end(), [](const SeatSlot& s) { return s.key && s.connection && s.ready; });
}

bool Room::everyone_left() const {
  return std::all_of(seats_.begin(), seats_.end(), [](const SeatSlot& s) { return s.presence == SeatPresence::left; });
}

bool Room::seats_gone_for(Clock::duration limit, Clock::time_point now) {
  assert(header_.phase == RoomPhase::started);
  if (std::any_of(seats_.begin(), seats_.end(), [](const SeatSlot& s) { return s.connection.has_value(); })) {
    last_seat_seen_ = now;
    return false;
  }
  return now - last_seat_seen_ >= limit;
}

void Room::take_seat(game::Seat seat, const crypto::PublicKey& key, const std::string& name, ConnectionId connection,
                     RoundInProgress& round) {
  assert(seat.index < seats_.size() && !seats_[seat.index].key);
  SeatSlot& s = seats_[seat.index];
  s.key = key;
  s.name = name;
  s.ready = false;
  s.connection = connection;
  round.writes.push_back(PutSeat{id(), StoredSeat{seat, key, name, s.presence}});
}

std::optional<crypto::PublicKey> Room::free_seat(game::Seat seat, RoundInProgress& round) {
  assert(seat.index < seats_.size());
  std::optional<crypto::PublicKey> key = std::move(seats_[seat.index].key);
  seats_[seat.index] = SeatSlot{};
  round.writes.push_back(DeleteSeat{id(), seat});
  return key;
}

void Room::return_to_seat(game::Seat seat, ConnectionId connection, const std::string& name, RoundInProgress& round) {
  assert(seat.index < seats_.size() && seats_[seat.index].key);
  SeatSlot& s = seats_[seat.index];
  s.connection = connection;
  if (s.name != name) {
    s.name = name;
    round.writes.push_back(PutSeat{id(), StoredSeat{seat, *s.key, s.name, s.presence}});
  }
}

void Room::set_ready(game::Seat seat, bool ready) {
  assert(seat.index < seats_.size() && seats_[seat.index].key);
  seats_[seat.index].ready = ready;
}

void Room::seat_leaves(game::Seat seat, PresenceEvent why, const crypto::Identity& lobby, RoundInProgress& round) {
  assert(seat.index < seats_.size());
  SeatSlot& s = seats_[seat.index];
  bool left = why == PresenceEvent::left;
  // A leaving player still gets its own leave entry, so its log ends with it; a dropped
  // connection gets nothing more.
  if (!left) s.connection.reset();
  if (header_.phase == RoomPhase::started && s.presence == SeatPresence::present) {
    set_presence(seat, left ? SeatPresence::left : SeatPresence::absent, why, lobby, round);
  }
  s.connection.reset();
  if (header_.phase == RoomPhase::waiting && !left) {
    s.ready = false;
    s.vacated = round.now;  // kept for seat_grace
  }
}

void Room::start(const SessionId& session, const crypto::Identity& lobby, RoundInProgress& round,
                 const NodeCertificate* certificate) {
  assert(header_.phase == RoomPhase::waiting);
  header_.phase = RoomPhase::started;
  header_.session_id = session;
  last_seat_seen_ = round.now;
  round.writes.push_back(StartRoom{id(), session});
  Genesis g;
  g.game = header_.game;
  g.options = header_.options;
  g.session_id = session;
  if (certificate != nullptr) g.certificate = *certificate;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    SeatSlot& s = seats_[i];
    assert(s.key);  // a game starts with every seat taken
    g.seat_keys.push_back(*s.key);
    s.presence = SeatPresence::present;
    round.writes.push_back(SetPresence{id(), game::Seat{static_cast<std::uint8_t>(i)}, SeatPresence::present});
  }
  append(std::move(g), lobby, round);
  send_state(round);
}

void Room::append(EntryPayload payload, const crypto::Identity& lobby, RoundInProgress& round) {
  assert(header_.phase == RoomPhase::started);  // only a started room has a session to sign under
  Entry e;
  e.index = next_index_;
  e.lobby_time_ms = std::max(round.now_ms, last_time_ms_);  // never backwards, even if the clock is
  e.prev_entry_hash = head_;
  e.payload = std::move(payload);
  Bytes bytes = entry_bytes(e);
  crypto::Signature signature = sign_entry(lobby, header_.session_id, bytes);
  EntryHash hash = chain_hash(head_, bytes);
  Bytes wire = encode_signed_entry(bytes, signature);
  round.writes.push_back(InsertEntry{id(), e.index, e.lobby_time_ms, hash, wire});
  pending_.push_back(PendingEntry{e.index, round.number, hash, wire});
  round.appended.push_back(id());
  next_index_.value += 1;
  head_ = hash;
  last_time_ms_ = e.lobby_time_ms;
  recent_.push_back(hash);
  if (recent_.size() > kRecentHashes) recent_.pop_front();
  round.send(members(), encode_entry_message(id(), wire));
}

void Room::set_presence(game::Seat seat, SeatPresence presence, PresenceEvent event, const crypto::Identity& lobby,
                        RoundInProgress& round) {
  assert(seat.index < seats_.size());
  seats_[seat.index].presence = presence;
  round.writes.push_back(SetPresence{id(), seat, presence});
  append(Presence{seat, event}, lobby, round);
}

void Room::mark_reconnected(game::Seat seat, const crypto::Identity& lobby, RoundInProgress& round) {
  last_seat_seen_ = round.now;
  set_presence(seat, SeatPresence::present, PresenceEvent::reconnected, lobby, round);
}

std::size_t Room::mark_present_seats_disconnected(const crypto::Identity& lobby, RoundInProgress& round) {
  if (header_.phase != RoomPhase::started) return 0;
  std::size_t marked = 0;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].presence == SeatPresence::present) {
      set_presence(game::Seat{static_cast<std::uint8_t>(i)}, SeatPresence::absent, PresenceEvent::disconnected, lobby,
                   round);
      ++marked;
    }
  }
  return marked;
}

void Room::close(RoundInProgress& round) {
  assert(header_.phase == RoomPhase::started);
  header_.phase = RoomPhase::closed;
  round.writes.push_back(CloseRoom{id()});
  send_state(round);
}

void Room::discard(RoundInProgress& round) const {
  assert(header_.phase == RoomPhase::waiting);
  round.writes.push_back(DeleteRoom{id()});
}

std::optional<EntryHash> Room::known_hash(EntryIndex index) const {
  assert(index < next_index_);
  std::uint64_t first_recent = next_index_.value - recent_.size();
  if (index.value >= first_recent) return recent_[index.value - first_recent];
  if (!pending_.empty() && index >= pending_.front().index) return pending_[index.value - pending_.front().index.value].hash;
  if (index.value == 0 && genesis_hash_) return genesis_hash_;
  return std::nullopt;
}

void Room::durable_through(std::uint64_t round) {
  while (!pending_.empty() && pending_.front().round <= round) pending_.pop_front();
}

}  // namespace parley::lobby
