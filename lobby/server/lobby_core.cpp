#include "lobby/server/lobby_core.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "crypto/secret.hpp"
#include "lobby/protocol/entry.hpp"
#include "lobby/protocol/text.hpp"
#include "lobby/server/common_room.hpp"
#include "lobby/server/connection_table.hpp"
#include "lobby/server/matchmaker.hpp"
#include "lobby/server/room.hpp"
#include "lobby/server/worker_pool.hpp"

namespace parley::lobby {

namespace {

using Clock = LobbyCore::Clock;

constexpr std::size_t kFetchMaxEntries = 256;        // one FetchEntries answer
constexpr std::size_t kFetchMaxBytes = 1024 * 1024;  // … and at most about this many bytes
constexpr auto kTimerPeriod = std::chrono::milliseconds(250);
constexpr std::size_t kEntryRateWindowSeconds = 10;

std::uint64_t wall_clock_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
}

template <std::size_t N>
std::array<std::uint8_t, N> random_bytes() {
  auto secret = crypto::SecretBytes<N>::random();
  std::array<std::uint8_t, N> out{};
  std::copy(secret.expose().begin(), secret.expose().end(), out.begin());
  return out;
}

std::string random_invite_code() {
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
  auto bytes = random_bytes<kInviteCodeChars>();
  std::string code;
  for (std::uint8_t b : bytes) code.push_back(kAlphabet[b & 31]);
  return code;
}

}  // namespace

struct LobbyCore::State {
  State(const ServerConfig& config, Storage& reader_, crypto::Identity lobby_key, Logger log_)
      : limits(config.limits),
        reader(reader_),
        lobby(std::move(lobby_key)),
        root_key(lobby.public_key()),
        log(std::move(log_)),
        pool(config.verify_threads),
        started_at(Clock::now()),
        connections(limits) {}

  Limits limits;
  Storage& reader;
  crypto::Identity lobby;      // signs the entries: the lobby's key, or a cluster node's
  crypto::PublicKey root_key;  // the lobby's key as clients see it: its own, or the deployment's
  std::optional<NodeCertificate> certificate;  // a cluster node's, for the key that signs
  RoomDirectory* directory = nullptr;          // a cluster node's view of the other nodes' rooms
  Logger log;
  WorkerPool pool;
  Clock::time_point started_at;

  ConnectionTable connections;
  Matchmaker matchmaker;
  std::map<RoomId, Room> rooms;
  std::map<std::string, RoomId> invite_codes;
  std::map<crypto::PublicKey, std::set<RoomId>> seats_by_key;  // open rooms where a key holds a seat
  // Waiting rooms with reserved seats, by the key that made them, and in all.
  std::map<crypto::PublicKey, std::uint32_t> reserved_by_creator;
  std::uint32_t reserved_rooms = 0;
  RoomId last_room_id;
  CommonRoom common;  // the lobby's common room: its watchers, ratings and pulses

  std::uint64_t entries_total = 0;
  std::array<std::pair<std::int64_t, std::uint32_t>, kEntryRateWindowSeconds> entry_seconds{};

  // The round in progress, and the appended entries not yet durable (round, room) in order.
  RoundInProgress round;
  std::deque<std::pair<std::uint64_t, RoomId>> pending_order;
  std::optional<StorageError> fatal;
  Clock::time_point last_timers{};

  // ---- output ------------------------------------------------------------------------------

  void log_line(const std::string& line) const {
    if (log) log(line);
  }

  void send(ConnectionId to, const LobbyMessage& m) { round.send(to, m); }
  void send_to_members(const Room& r, const LobbyMessage& m) { round.send(r.members(), encode(m)); }

  void refuse(ConnectionId to, RequestId request, Refusal reason, std::string detail = {}) {
    if (detail.empty()) detail = std::string(describe(reason));
    if (detail.size() > kMaxDetailBytes) detail.resize(kMaxDetailBytes);
    send(to, Refused{request, reason, std::move(detail)});
  }

  void close_connection(Connection& c) {
    if (c.closing) return;
    c.closing = true;
    round.out.disconnect.push_back(c.id);
  }

  // ---- rooms -------------------------------------------------------------------------------

  Room* find_room(RoomId id) {
    auto it = rooms.find(id);
    return it == rooms.end() ? nullptr : &it->second;
  }

  // A fresh room id: the lobby's next, or the cluster's (none if the cluster cannot give one).
  std::optional<RoomId> new_room_id() {
    if (directory != nullptr) return directory->new_room_id();
    return RoomId{++last_room_id.value};
  }

  Room& create_room(RoomId id, std::string game, std::uint8_t seats, Bytes options, Visibility visibility,
                    std::optional<Reservation> reservation = std::nullopt) {
    RoomHeader h;
    h.room = id;
    h.game = std::move(game);
    h.options = std::move(options);
    h.visibility = visibility;
    if (visibility == Visibility::invite_only) {
      do {
        h.invite_code = random_invite_code();
      } while (invite_codes.contains(h.invite_code));
      invite_codes[h.invite_code] = h.room;
    }
    log_line("room " + std::to_string(h.room.value) + " created: " + h.game + ", " + std::to_string(seats) + " seats");
    if (reservation) count_reservation(reservation->creator, +1);
    return rooms.emplace(id, Room(std::move(h), seats, std::move(reservation), round)).first->second;
  }

  void count_reservation(const crypto::PublicKey& creator, int change) {
    auto& n = reserved_by_creator[creator];
    assert(change > 0 || (n > 0 && reserved_rooms > 0));
    n = static_cast<std::uint32_t>(static_cast<int>(n) + change);
    reserved_rooms = static_cast<std::uint32_t>(static_cast<int>(reserved_rooms) + change);
    if (n == 0) reserved_by_creator.erase(creator);
  }

  // A waiting room with reserved seats stops counting against its creator when it starts or goes.
  void release_reservation(const Room& r) {
    if (r.reservation() && r.phase() == RoomPhase::waiting) count_reservation(r.reservation()->creator, -1);
  }

  // A waiting room that is gone: its seats and invite code with it.
  void discard_room(Room& r, const char* why) {
    release_reservation(r);
    r.discard(round);
    if (!r.header().invite_code.empty()) invite_codes.erase(r.header().invite_code);
    log_line("room " + std::to_string(r.id().value) + " " + why);
    rooms.erase(r.id());
  }

  void take_seat(Room& r, game::Seat seat, Connection& c) {
    assert(c.player);  // only a logged-in connection sits down
    r.take_seat(seat, *c.player, c.name, c.id, round);
    seats_by_key[*c.player].insert(r.id());
    c.rooms.insert(r.id());
  }

  void forget_seat_of(const crypto::PublicKey& key, RoomId room) {
    auto it = seats_by_key.find(key);
    if (it == seats_by_key.end()) return;
    it->second.erase(room);
    if (it->second.empty()) seats_by_key.erase(it);
  }

  void free_seat(Room& r, game::Seat seat) {
    if (auto key = r.free_seat(seat, round)) forget_seat_of(*key, r.id());
  }

  // A waiting room with nobody seated and nobody watching is gone.
  void close_if_abandoned(Room& r) {
    if (r.abandoned()) discard_room(r, "closed before it started");
  }

  // A started room ends when every seat has left it, or when no seat has been connected for
  // idle_room_close. Its transcript stays in the database.
  void close_started_room(Room& r) {
    r.close(round);
    for (ConnectionId s : r.spectators()) {
      if (Connection* c = connections.find(s)) c->rooms.erase(r.id());
    }
    for (const SeatSlot& s : r.seats()) {
      if (s.connection) {
        if (Connection* c = connections.find(*s.connection)) c->rooms.erase(r.id());
      }
      if (s.key) forget_seat_of(*s.key, r.id());
    }
    if (!r.header().invite_code.empty()) invite_codes.erase(r.header().invite_code);
    log_line("room " + std::to_string(r.id().value) + " closed after " + std::to_string(r.next_index().value) + " entries");
    rooms.erase(r.id());
  }

  void start_game(Room& r) {
    release_reservation(r);
    SessionId session;
    session.bytes = random_bytes<kSessionIdBytes>();
    r.start(session, lobby, round, certificate ? &*certificate : nullptr);
    log_line("room " + std::to_string(r.id().value) + " started");
  }

  void start_if_ready(Room& r) {
    if (r.phase() == RoomPhase::waiting && r.ready_to_start()) start_game(r);
  }

  // The connection stops being a member: it left on purpose, or it is gone.
  // A cluster's room lists show how many watch each room (the single lobby's come from memory).
  void count_spectators(const Room& r) {
    if (directory != nullptr)
      round.writes.push_back(SetSpectators{r.id(), static_cast<std::uint32_t>(r.spectators().size())});
  }

  void remove_member(Room& r, Connection& c, PresenceEvent why) {
    c.rooms.erase(r.id());
    if (r.remove_spectator(c.id)) {
      count_spectators(r);
      r.send_state(round);
      close_if_abandoned(r);
      return;
    }
    auto seat = r.seat_of(c.id);
    if (!seat) return;
    r.seat_leaves(*seat, why, lobby, round);
    if (r.phase() == RoomPhase::waiting) {
      if (why == PresenceEvent::left) free_seat(r, *seat);
      r.send_state(round);
      close_if_abandoned(r);
      return;
    }
    r.send_state(round);
    if (r.everyone_left()) close_started_room(r);
  }

  // Everything a connection holds goes: its queue place, its memberships, its login.
  void detach(Connection& c) {
    matchmaker.leave(c.id);
    common.watch(c.id, false);
    std::set<RoomId> rooms_of = c.rooms;
    for (RoomId id : rooms_of) {
      if (Room* r = find_room(id)) remove_member(*r, c, PresenceEvent::disconnected);
    }
    c.rooms.clear();
    connections.log_out(c);
  }

  std::size_t seats_held(const crypto::PublicKey& key) const {
    auto it = seats_by_key.find(key);
    return it == seats_by_key.end() ? 0 : it->second.size();
  }

  // ---- limits ------------------------------------------------------------------------------

  // Charges one message of `size` bytes; refuses (and past a flood, disconnects) when over.
  bool admit(Connection& c, std::span<const std::uint8_t> data) {
    bool ok = c.messages.try_take(1, round.now) && c.bytes.try_take(data.size(), round.now);
    if (ok) {
      c.limited_in_a_row = 0;
      return true;
    }
    RequestId request = peek_request_id(data);
    if (++c.limited_in_a_row >= limits.flood_disconnect_after) {
      refuse(c.id, request, Refusal::rate_limited, "flooding: the lobby closes this connection");
      log_line("connection " + std::to_string(c.id.value) + " disconnected for flooding");
      detach(c);
      close_connection(c);
    } else {
      refuse(c.id, request, Refusal::rate_limited);
    }
    return false;
  }

  bool require_login(const Connection& c, RequestId request) {
    if (c.player) return true;
    refuse(c.id, request, Refusal::not_logged_in);
    return false;
  }

  // ---- events ------------------------------------------------------------------------------

  void on_connected(ConnectionId id, std::uint32_t address, const std::optional<crypto::PublicKey>& key,
                    const std::optional<ProxiedLogin>& proxied) {
    switch (connections.open(id, address, round.now)) {
      case ConnectionTable::Admission::duplicate: return;
      case ConnectionTable::Admission::server_full:
        refuse(id, RequestId{0}, Refusal::server_full);
        close_connection(connections.at(id));
        return;
      case ConnectionTable::Admission::address_full:
        refuse(id, RequestId{0}, Refusal::too_many_connections);
        close_connection(connections.at(id));
        return;
      case ConnectionTable::Admission::status_only:
      case ConnectionTable::Admission::accepted: break;
    }
    Connection& c = connections.at(id);
    if (proxied) {
      // Logged in by the node that holds the client; that node answered its login.
      log_in(c, proxied->key, proxied->name);
      return;
    }
    c.proven = key;
  }

  // `c` logs in as `key`; a connection logged in as the same key before is told and closed.
  void log_in(Connection& c, const crypto::PublicKey& key, std::string name) {
    if (Connection* old = connections.logged_in(key)) {
      refuse(old->id, RequestId{0}, Refusal::logged_in_elsewhere);
      detach(*old);
      close_connection(*old);
    }
    connections.log_in(c, key, std::move(name));
  }

  void on_disconnected(ConnectionId id) {
    Connection* c = connections.find(id);
    if (c == nullptr) return;
    detach(*c);
    connections.erase(id);
  }

  void on_received(ConnectionId id, std::span<const std::uint8_t> data,
                   const std::optional<game::Result<ClientMessage, WireError>>& decoded,
                   std::optional<bool> preverified) {
    Connection* found = connections.find(id);
    if (found == nullptr || found->closing) return;
    Connection& c = *found;
    if (!admit(c, data)) return;
    if (data.size() > kMaxMessageBytes) {
      refuse(id, peek_request_id(data), Refusal::too_large,
             "a message is at most " + std::to_string(kMaxMessageBytes) + " bytes");
      return;
    }
    if (!decoded || !decoded->ok()) {
      WireError e = decoded ? decoded->error() : WireError::truncated;
      refuse(id, peek_request_id(data), refusal_for(e), std::string(describe(e)));
      return;
    }
    if (c.status_only) return answer_status_only(c, decoded->value(), data);
    std::visit([&](const auto& m) { handle(c, m, preverified); }, decoded->value());
  }

  // A connection over its address's cap: its status query is answered (within its rate, as
  // any message), anything else refused as the cap; either way it is then closed.
  void answer_status_only(Connection& c, const ClientMessage& m, std::span<const std::uint8_t> data) {
    if (const auto* query = std::get_if<StatusQuery>(&m))
      handle(c, *query, std::nullopt);
    else
      refuse(c.id, peek_request_id(data), Refusal::too_many_connections,
             "this address holds its connections: one over them may only ask for the status");
    close_connection(c);
  }

  // ---- requests ----------------------------------------------------------------------------

  void handle(Connection& c, const Login& m, std::optional<bool>) {
    if (c.player) return refuse(c.id, m.request, Refusal::already_logged_in);
    if (!c.proven) return refuse(c.id, m.request, Refusal::bad_login_signature);
    const crypto::PublicKey key = *c.proven;
    auto name = sanitize_display_name(m.display_name);
    if (!name) return refuse(c.id, m.request, Refusal::bad_display_name, std::string(describe(name.error())));
    log_in(c, key, *name);
    Welcome w{m.request, c.name, {}};
    std::set<RoomId> seated_rooms;
    if (auto seated = seats_by_key.find(key); seated != seats_by_key.end()) seated_rooms = seated->second;
    // A cluster node also names the rooms other nodes sequence (when the database answers).
    if (directory != nullptr) {
      if (auto elsewhere = directory->seated_rooms(key)) seated_rooms.insert(elsewhere->begin(), elsewhere->end());
    }
    for (RoomId r : seated_rooms) {
      if (w.seated_rooms.size() < kMaxWelcomeRooms) w.seated_rooms.push_back(r);
    }
    send(c.id, w);
  }

  void handle(Connection& c, const CreateRoom& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    if (!is_valid_game_name(m.game)) {
      return refuse(c.id, m.request, Refusal::bad_room_parameters, "a game name is 1-32 characters of a-z, 0-9 and -");
    }
    if (!m.reserved.empty()) return create_reserved_room(c, m);
    if (seats_held(*c.player) >= limits.max_rooms_per_player) return refuse(c.id, m.request, Refusal::too_many_rooms);
    auto id = new_room_id();
    if (!id) return refuse(c.id, m.request, Refusal::unavailable, "the cluster cannot number a new room now");
    Room& r = create_room(*id, m.game, m.seats, m.options, m.visibility);
    take_seat(r, game::Seat{0}, c);
    send(c.id, r.state(m.request));
  }

  // A room whose seats go only to the keys given (docs/lobby.md, "Reserved seats"): its creator
  // sits down only at a seat reserved to it, and the room waits for its players though nobody is
  // in it, within the creator's and the lobby's bounds and reserved_room_wait.
  void create_reserved_room(Connection& c, const CreateRoom& m) {
    std::set<crypto::PublicKey> distinct(m.reserved.begin(), m.reserved.end());
    if (m.reserved.size() != m.seats || distinct.size() != m.reserved.size())
      return refuse(c.id, m.request, Refusal::bad_room_parameters, "reserved seats: one distinct key a seat");
    const auto mine = reserved_by_creator.find(*c.player);
    if ((mine != reserved_by_creator.end() && mine->second >= limits.max_reserved_rooms_per_key) ||
        reserved_rooms >= limits.max_reserved_rooms)
      return refuse(c.id, m.request, Refusal::too_many_rooms, "too many rooms with reserved seats wait already");
    std::optional<game::Seat> own;
    for (std::size_t i = 0; i < m.reserved.size(); ++i)
      if (m.reserved[i] == *c.player) own = game::Seat{static_cast<std::uint8_t>(i)};
    if (own && seats_held(*c.player) >= limits.max_rooms_per_player)
      return refuse(c.id, m.request, Refusal::too_many_rooms);
    auto id = new_room_id();
    if (!id) return refuse(c.id, m.request, Refusal::unavailable, "the cluster cannot number a new room now");
    Room& r = create_room(*id, m.game, m.seats, m.options, m.visibility, Reservation{*c.player, m.reserved});
    if (own) take_seat(r, *own, c);
    send(c.id, r.state(m.request));
  }

  void handle(Connection& c, const ListRooms& m, std::optional<bool>) {
    RoomList list{m.request, {}, false};
    for (auto it = rooms.upper_bound(m.after); it != rooms.end(); ++it) {
      const Room& r = it->second;
      if (r.header().visibility != Visibility::public_room) continue;
      if (!m.game.empty() && r.header().game != m.game) continue;
      if (list.rooms.size() == kMaxRoomsPerList) {
        list.more = true;
        break;
      }
      list.rooms.push_back(r.summary());
    }
    send(c.id, list);
  }

  void handle(Connection& c, const JoinRoom& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    Room* r = nullptr;
    if (!m.invite_code.empty()) {
      auto code = invite_codes.find(m.invite_code);
      if (code == invite_codes.end() || (m.room.value != 0 && code->second != m.room)) {
        return refuse(c.id, m.request, Refusal::wrong_invite_code);
      }
      r = find_room(code->second);
    } else {
      r = find_room(m.room);
      // A key that holds a seat there comes back by the room's number alone.
      if (r != nullptr && r->header().visibility == Visibility::invite_only && !r->seat_of_key(*c.player)) {
        return refuse(c.id, m.request, Refusal::wrong_invite_code);
      }
    }
    if (r == nullptr) return refuse(c.id, m.request, Refusal::no_such_room);
    if (c.rooms.contains(r->id())) return refuse(c.id, m.request, Refusal::already_in_room);

    if (m.role == Role::spectator) {
      std::size_t watching = 0;
      for (RoomId id : c.rooms) {
        if (const Room* x = find_room(id); x != nullptr && x->spectators().contains(c.id)) ++watching;
      }
      if (watching >= limits.max_spectated_rooms) return refuse(c.id, m.request, Refusal::too_many_spectated_rooms);
      r->add_spectator(c.id);
      c.rooms.insert(r->id());
      count_spectators(*r);
      send(c.id, r->state(m.request));
      r->send_state(round);
      return;
    }

    if (auto seat = r->seat_of_key(*c.player)) {
      // The key holds a seat here: the player comes back to it.
      r->return_to_seat(*seat, c.id, c.name, round);
      c.rooms.insert(r->id());
      send(c.id, r->state(m.request));
      if (r->phase() == RoomPhase::started && r->seat(*seat).presence != SeatPresence::present) {
        r->mark_reconnected(*seat, lobby, round);
      }
      r->send_state(round);
      // A quick match's room on a cluster starts when its last reserved seat arrives.
      start_if_ready(*r);
      return;
    }
    if (r->phase() != RoomPhase::waiting) return refuse(c.id, m.request, Refusal::game_started);
    // Reserved seats go to their keys only; a key holds at most one, so it is open.
    if (r->reservation() && !r->reserved_seat(*c.player)) return refuse(c.id, m.request, Refusal::seat_reserved);
    auto open = r->reservation() ? r->reserved_seat(*c.player) : r->first_open_seat();
    if (!open) return refuse(c.id, m.request, Refusal::room_full);
    if (seats_held(*c.player) >= limits.max_rooms_per_player) return refuse(c.id, m.request, Refusal::too_many_rooms);
    take_seat(*r, *open, c);
    send(c.id, r->state(m.request));
    r->send_state(round);
  }

  void handle(Connection& c, const LeaveRoom& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    Room* r = find_room(m.room);
    if (r == nullptr || !c.rooms.contains(m.room)) return refuse(c.id, m.request, Refusal::not_a_member);
    send(c.id, Done{m.request});
    remove_member(*r, c, PresenceEvent::left);
  }

  void handle(Connection& c, const SetReady& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    Room* r = find_room(m.room);
    if (r == nullptr || !c.rooms.contains(m.room)) return refuse(c.id, m.request, Refusal::not_a_member);
    auto seat = r->seat_of(c.id);
    if (!seat) return refuse(c.id, m.request, Refusal::not_a_seat);
    if (r->phase() != RoomPhase::waiting) return refuse(c.id, m.request, Refusal::game_started);
    r->set_ready(*seat, m.ready);
    send(c.id, Done{m.request});
    r->send_state(round);
    start_if_ready(*r);
  }

  void handle(Connection& c, const QuickMatch& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    if (!is_valid_game_name(m.game)) {
      return refuse(c.id, m.request, Refusal::bad_room_parameters, "a game name is 1-32 characters of a-z, 0-9 and -");
    }
    // A cluster's queues are its database's (the node that holds the client answers them).
    if (directory != nullptr) return refuse(c.id, m.request, Refusal::unknown_message, "quick match goes to the client's node");
    if (matchmaker.queued(c.id)) return refuse(c.id, m.request, Refusal::already_queued);
    if (seats_held(*c.player) >= limits.max_rooms_per_player) return refuse(c.id, m.request, Refusal::too_many_rooms);
    QueueKey key{m.game, m.seats};
    std::size_t waiting = matchmaker.join(c.id, key);
    send(c.id, Queued{m.request, m.game, m.seats, static_cast<std::uint16_t>(std::min<std::size_t>(waiting, 65535))});
    auto players = matchmaker.take_match(key);
    if (!players) return;

    // Full: the first `seats` players in the queue get a public room, seated in queue order
    // and ready (asking for a match says so), and the game starts at once.
    Room& r = create_room(RoomId{++last_room_id.value}, m.game, m.seats, {}, Visibility::public_room);
    for (std::size_t i = 0; i < players->size(); ++i) {
      game::Seat seat{static_cast<std::uint8_t>(i)};
      take_seat(r, seat, connections.at((*players)[i]));
      r.set_ready(seat, true);
    }
    start_game(r);
  }

  void handle(Connection& c, const LeaveQueue& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    if (!matchmaker.queued(c.id)) return refuse(c.id, m.request, Refusal::not_queued);
    matchmaker.leave(c.id);
    send(c.id, Done{m.request});
  }

  void handle(Connection& c, const Chat& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    if (m.room == kLobbyRoom) return lobby_chat(c, m);
    Room* r = find_room(m.room);
    if (r == nullptr || !c.rooms.contains(m.room)) return refuse(c.id, m.request, Refusal::not_a_member);
    auto text = sanitize_chat(m.text);
    if (!text) return refuse(c.id, m.request, Refusal::bad_chat_text, std::string(describe(text.error())));
    Role role = r->seat_of(c.id) ? Role::player : Role::spectator;
    send(c.id, Done{m.request});
    send_to_members(*r, ChatLine{r->id(), *c.player, c.name, role, *text});
  }

  // A read failed: a cluster's database that is away refuses the request (it may be tried
  // again); any other failure is fatal, as a failed commit is.
  void read_failed(const Connection& c, RequestId request, const StorageError& e) {
    if (e.kind == StorageError::Kind::unavailable) return refuse(c.id, request, Refusal::unavailable, e.detail);
    fatal = e;
  }

  // The hash of an entry before the room's next index: from memory, or else from the database
  // (none, and the request answered, if that read failed).
  std::optional<EntryHash> hash_of(const Connection& c, RequestId request, Room& r, EntryIndex index) {
    if (auto known = r.known_hash(index)) return known;
    auto stored = reader.entry_hash(r.id(), index);
    if (!stored) {
      read_failed(c, request, stored.error());
      return std::nullopt;
    }
    if (index.value == 0 && *stored) r.remember_genesis(**stored);
    return *stored;
  }

  void handle(Connection& c, const Post& m, std::optional<bool> preverified) {
    if (!require_login(c, m.request)) return;
    Room* r = find_room(m.room);
    if (r == nullptr) return refuse(c.id, m.request, Refusal::no_such_room);
    if (r->phase() != RoomPhase::started) return refuse(c.id, m.request, Refusal::not_started);
    auto seat = r->seat_of(c.id);
    if (!seat) return refuse(c.id, m.request, Refusal::not_a_seat);
    const Envelope& e = m.envelope.envelope;
    if (e.session_id != r->header().session_id) return refuse(c.id, m.request, Refusal::wrong_session);
    if (e.seat != *seat) return refuse(c.id, m.request, Refusal::wrong_seat);
    if (e.seen_index >= r->next_index()) {
      return refuse(c.id, m.request, Refusal::bad_seen_entry, "seen_index is beyond the transcript");
    }
    auto seen = hash_of(c, m.request, *r, e.seen_index);
    if (!seen) return;  // the read failed (refused, or the round fails)
    if (*seen != e.seen_hash) return refuse(c.id, m.request, Refusal::bad_seen_entry);
    bool valid = preverified ? *preverified : verify_envelope(*r->seat(*seat).key, m.envelope);
    if (!valid) return refuse(c.id, m.request, Refusal::bad_envelope_signature);
    if (r->next_index().value >= limits.max_entries_per_room) return refuse(c.id, m.request, Refusal::transcript_full);
    r->append(m.envelope, lobby, round);
  }

  void handle(Connection& c, const FetchEntries& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    Room* r = find_room(m.room);
    if (r == nullptr || !c.rooms.contains(m.room)) return refuse(c.id, m.request, Refusal::not_a_member);
    if (r->phase() != RoomPhase::started) return refuse(c.id, m.request, Refusal::not_started);
    EntryIndex from = std::min(m.from, r->next_index());
    // Committed entries from the database, then the not yet durable tail from memory (this
    // round's output waits for its commit anyway). The reader may already see some of the tail.
    auto stored = reader.entries(r->id(), from, kFetchMaxEntries, kFetchMaxBytes);
    if (!stored) return read_failed(c, m.request, stored.error());
    std::size_t total = 0;
    std::uint64_t next = from.value;
    for (const Bytes& wire : *stored) {
      total += wire.size();
      ++next;
      round.send({c.id}, encode_entry_message(r->id(), wire));
    }
    for (const PendingEntry& p : r->pending()) {
      if (next - from.value >= kFetchMaxEntries || total >= kFetchMaxBytes) break;
      if (p.index.value != next) continue;
      total += p.wire.size();
      ++next;
      round.send({c.id}, encode_entry_message(r->id(), p.wire));
    }
    c.bytes.charge(total, round.now);
    send(c.id, EntriesEnd{m.request, r->id(), EntryIndex{next}, r->next_index()});
  }

  void handle(Connection& c, const StatusQuery& m, std::optional<bool>) {
    StatusReport s = status_report(round.now);
    s.request = m.request;
    send(c.id, s);
  }

  // ---- the common room (docs/lobby.md, "The common room") ---------------------------------

  void handle(Connection& c, const WatchLobby& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    common.watch(c.id, m.on);
    send(c.id, Done{m.request});
    if (!m.on) return;
    LobbyPulse p = pulse();
    p.request = m.request;
    send(c.id, p);
  }

  // Only a watcher speaks in the common room: it hears the answers.
  void lobby_chat(Connection& c, const Chat& m) {
    if (!common.watching(c.id)) return refuse(c.id, m.request, Refusal::not_a_member, "watch the lobby to chat in it");
    auto text = sanitize_chat(m.text);
    if (!text) return refuse(c.id, m.request, Refusal::bad_chat_text, std::string(describe(text.error())));
    send(c.id, Done{m.request});
    ChatLine line{kLobbyRoom, *c.player, c.name, Role::player, *text};
    send_to_watchers(line);
    // A cluster node passes it on to the other nodes' watchers.
    if (directory != nullptr) {
      if (common.said.size() < kMaxRelayedChatLines) {
        common.said.push_back(std::move(line));
      } else {
        log_line("lobby chat: more lines this round than the cluster relays; one dropped");
      }
    }
  }

  void send_to_watchers(const LobbyMessage& m) {
    if (common.watchers().empty()) return;
    round.send(std::vector<ConnectionId>(common.watchers().begin(), common.watchers().end()), encode(m));
  }

  // What a logged-in connection is doing: a seat in a started room, a queue, a room watched.
  Activity activity_of(const Connection& c) const {
    bool watching = false;
    for (RoomId id : c.rooms) {
      auto it = rooms.find(id);
      if (it == rooms.end()) continue;
      if (it->second.spectators().contains(c.id)) {
        watching = true;
      } else if (it->second.phase() == RoomPhase::started) {
        return Activity::playing;
      }
    }
    if (matchmaker.queued(c.id)) return Activity::queued;
    return watching ? Activity::watching : Activity::idle;
  }

  // The players online, here and (on a cluster) on every node, in key order after `after`: at
  // most kMaxPlayersPerList, by walking the two ordered maps side by side.
  void handle(Connection& c, const ListPlayers& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    PlayerList list{m.request, {}, false};
    const auto& online = connections.online();
    auto here = m.after ? online.upper_bound(*m.after) : online.begin();
    static const std::map<crypto::PublicKey, LobbyPresence> kNone;
    const auto& elsewhere = common.cluster() ? common.cluster()->players : kNone;
    auto there = m.after ? elsewhere.upper_bound(*m.after) : elsewhere.begin();
    while (here != online.end() || there != elsewhere.end()) {
      if (list.players.size() == kMaxPlayersPerList) {
        list.more = true;
        break;
      }
      const bool take_here = here != online.end() && (there == elsewhere.end() || !(there->first < here->first));
      const bool take_there = there != elsewhere.end() && (here == online.end() || !(here->first < there->first));
      PlayerSummary p = [&] {
        if (!take_here) return PlayerSummary{there->first, there->second.name, there->second.activity, {}};
        const Connection& local = *connections.find(here->second);
        const Activity doing = activity_of(local);
        return PlayerSummary{here->first, local.name, take_there ? busier(doing, there->second.activity) : doing, {}};
      }();
      p.ratings = common.ratings_of(p.key);
      list.players.push_back(std::move(p));
      if (take_here) ++here;
      if (take_there) ++there;
    }
    send(c.id, list);
  }

  // Players online (a cluster's: every node's, each key once) and each non-empty queue.
  LobbyPulse pulse() const {
    LobbyPulse p;
    if (const auto& cluster = common.cluster()) {
      std::size_t only_here = 0;
      for (const auto& [key, id] : connections.online()) only_here += cluster->players.contains(key) ? 0 : 1;
      p.players_online = static_cast<std::uint32_t>(cluster->players.size() + only_here);
      p.queues = cluster->queues;
    } else {
      p.players_online = connections.players_online();
      p.queues = matchmaker.counts(kMaxListedQueues);
    }
    return p;
  }

  // At most once a CommonRoom::kPulsePeriod: the watchers hear what changed; and lobby chat
  // from other nodes reaches them.
  void run_common_room() {
    for (ChatLine& line : common.heard) send_to_watchers(line);
    common.heard.clear();
    if (!common.pulse_due(round.now)) return;
    LobbyPulse p = pulse();
    if (common.changed(p)) send_to_watchers(p);
  }

  // ---- timers ------------------------------------------------------------------------------

  void run_timers() {
    for (auto& [id, c] : connections) {
      if (!c.player && !c.closing && round.now - c.opened >= limits.login_timeout) {
        refuse(id, RequestId{0}, Refusal::login_timeout);
        close_connection(c);
      }
    }
    std::vector<RoomId> ids;
    for (const auto& [id, r] : rooms) ids.push_back(id);
    for (RoomId id : ids) {
      Room* r = find_room(id);
      if (r == nullptr) continue;
      if (r->phase() == RoomPhase::waiting) {
        bool changed = false;
        for (std::size_t i = 0; i < r->seat_count(); ++i) {
          game::Seat seat{static_cast<std::uint8_t>(i)};
          const SeatSlot& s = r->seat(seat);
          if (s.key && !s.connection && round.now - s.vacated >= limits.seat_grace) {
            free_seat(*r, seat);
            changed = true;
          }
        }
        if (changed) {
          r->send_state(round);
          close_if_abandoned(*r);
        }
        if ((r = find_room(id)) != nullptr && r->reservation_expired(limits.reserved_room_wait, round.now))
          discard_room(*r, "closed: its reserved seats were not taken in time");
      } else if (r->phase() == RoomPhase::started) {
        if (r->seats_gone_for(limits.idle_room_close, round.now)) close_started_room(*r);
      }
    }
  }

  // ---- status ------------------------------------------------------------------------------

  StatusReport status_report(Clock::time_point at) const {
    StatusReport s;
    s.connections = connections.counted();
    s.players_online = connections.players_online();
    for (const auto& [id, r] : rooms) {
      (r.phase() == RoomPhase::waiting ? s.rooms_waiting : s.rooms_started) += 1;
      s.seats_filled += r.seated();
      s.spectators += static_cast<std::uint32_t>(r.spectators().size());
    }
    s.queued_players = matchmaker.waiting();
    s.entries_total = entries_total;
    // Complete seconds of the window only: the current one is still filling.
    auto current = std::chrono::duration_cast<std::chrono::seconds>(at.time_since_epoch()).count();
    std::uint64_t sum = 0;
    for (const auto& [second, count] : entry_seconds) {
      if (second < current && second >= current - static_cast<std::int64_t>(kEntryRateWindowSeconds)) sum += count;
    }
    s.entries_per_second = static_cast<std::uint32_t>(sum / kEntryRateWindowSeconds);
    s.uptime_ms = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(at - started_at).count());
    return s;
  }

  // ---- rounds ------------------------------------------------------------------------------

  void begin_round(Clock::time_point at) {
    RoundInProgress next;
    next.number = round.number + 1;
    next.now = at;
    next.now_ms = wall_clock_ms();
    round = std::move(next);
  }

  // The entries the round appended: counted for the status, and pending until it is durable.
  void count_entries() {
    if (round.appended.empty()) return;
    entries_total += round.appended.size();
    auto second = std::chrono::duration_cast<std::chrono::seconds>(round.now.time_since_epoch()).count();
    auto& slot = entry_seconds[static_cast<std::size_t>(second) % kEntryRateWindowSeconds];
    if (slot.first != second) slot = {second, 0};
    slot.second += static_cast<std::uint32_t>(round.appended.size());
    for (RoomId id : round.appended) pending_order.emplace_back(round.number, id);
    round.appended.clear();
  }

  game::Result<Round, StorageError> end_round() {
    count_entries();
    if (fatal) return *fatal;
    return Round{round.number, std::move(round.out), std::move(round.writes)};
  }

  void durable_through(std::uint64_t committed) {
    assert(committed <= round.number);  // only rounds process() has made can be committed
    while (!pending_order.empty() && pending_order.front().first <= committed) {
      if (Room* r = find_room(pending_order.front().second)) r->durable_through(committed);
      pending_order.pop_front();
    }
  }

  // Seat signatures of posts in the batch are checked up front, spread over the worker pool.
  // Only posts that will be judged on them are checked (the sender holds the seat now and has
  // rate budget left), so a flood of posts costs no signature work.
  std::vector<std::optional<bool>> preverify(std::span<const NetworkEvent> events,
                                             const std::vector<std::optional<game::Result<ClientMessage, WireError>>>& decoded) {
    std::vector<std::optional<bool>> verdict(events.size());
    struct Job {
      std::size_t event;
      const crypto::PublicKey* key;
      const SignedEnvelope* envelope;
    };
    std::vector<Job> jobs;
    for (std::size_t i = 0; i < events.size(); ++i) {
      if (!decoded[i] || !decoded[i]->ok()) continue;
      const auto* post = std::get_if<Post>(&decoded[i]->value());
      if (post == nullptr) continue;
      Connection* c = connections.find(events[i].connection);
      if (c == nullptr || c->closing || !c->player || !c->messages.has(1, round.now)) continue;
      const Room* r = find_room(post->room);
      if (r == nullptr || r->phase() != RoomPhase::started) continue;
      const Envelope& e = post->envelope.envelope;
      if (e.seat.index >= r->seat_count() || r->seat(e.seat).connection != events[i].connection) continue;
      if (e.session_id != r->header().session_id) continue;
      jobs.push_back(Job{i, &*r->seat(e.seat).key, &post->envelope});
    }
    std::vector<char> ok(jobs.size(), 0);
    pool.run(jobs.size(), [&](std::size_t j) { ok[j] = verify_envelope(*jobs[j].key, *jobs[j].envelope) ? 1 : 0; });
    for (std::size_t j = 0; j < jobs.size(); ++j) verdict[jobs[j].event] = ok[j] != 0;
    return verdict;
  }

  // A cluster node takes a room to sequence (docs/lobby.md, "Cluster"): a started room gets a
  // handover entry stamped by this node, then `disconnected` for every seat its transcript shows
  // present (their connections were to the node before); a quick match's room arrives with its
  // seats taken and ready.
  void adopt(RoomAdoption& a) {
    auto loaded = Room::load(std::move(a.room), round.now);
    if (!loaded) {
      log_line("room not taken over: " + loaded.error().detail);
      return;
    }
    RoomId id = loaded->id();
    if (rooms.contains(id)) return;
    Room& placed = rooms.emplace(id, std::move(*loaded)).first->second;
    for (std::size_t i = 0; i < placed.seat_count(); ++i) {
      const SeatSlot& seat = placed.seat(game::Seat{static_cast<std::uint8_t>(i)});
      if (!seat.key) continue;
      seats_by_key[*seat.key].insert(id);
      if (a.all_ready) placed.set_ready(game::Seat{static_cast<std::uint8_t>(i)}, true);
    }
    if (!placed.header().invite_code.empty()) invite_codes[placed.header().invite_code] = id;
    if (placed.reservation() && placed.phase() == RoomPhase::waiting) count_reservation(placed.reservation()->creator, +1);
    std::size_t disconnected = 0;
    if (placed.phase() == RoomPhase::started) {
      assert(certificate);  // only a cluster node adopts
      placed.append(Handover{*certificate, a.epoch}, lobby, round);
      disconnected = placed.mark_present_seats_disconnected(lobby, round);
    }
    log_line("room " + std::to_string(id.value) + (a.all_ready ? " matched" : " taken over") + " under epoch " +
             std::to_string(a.epoch) + (placed.phase() == RoomPhase::started
                                            ? ", at entry " + std::to_string(placed.next_index().value) + "; " +
                                                  std::to_string(disconnected) + " seats marked disconnected"
                                            : ""));
  }

  std::vector<ConnectionId> release(RoomId id) {
    std::vector<ConnectionId> members;
    Room* r = find_room(id);
    if (r == nullptr) return members;
    members = r->members();
    for (ConnectionId m : members) {
      if (Connection* c = connections.find(m)) c->rooms.erase(id);
    }
    for (const SeatSlot& s : r->seats()) {
      if (s.key) forget_seat_of(*s.key, id);
    }
    if (!r->header().invite_code.empty()) invite_codes.erase(r->header().invite_code);
    release_reservation(*r);
    log_line("room " + std::to_string(id.value) + " released: another node sequences it now");
    rooms.erase(id);
    return members;
  }

  game::Result<Round, StorageError> process(std::span<const NetworkEvent> events, Clock::time_point at,
                                            std::span<RoomAdoption> adoptions) {
    begin_round(at);
    for (RoomAdoption& a : adoptions) adopt(a);
    std::vector<std::optional<game::Result<ClientMessage, WireError>>> decoded(events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
      const NetworkEvent& ev = events[i];
      if (ev.kind == NetworkEvent::Kind::received && ev.data.size() <= kMaxMessageBytes) {
        decoded[i] = decode_client_message(ev.data);
      }
    }
    std::vector<std::optional<bool>> verdict = preverify(events, decoded);
    for (std::size_t i = 0; i < events.size() && !fatal; ++i) {
      const NetworkEvent& ev = events[i];
      switch (ev.kind) {
        case NetworkEvent::Kind::connected: on_connected(ev.connection, ev.address, ev.key, ev.proxied); break;
        case NetworkEvent::Kind::received: on_received(ev.connection, ev.data, decoded[i], verdict[i]); break;
        case NetworkEvent::Kind::disconnected: on_disconnected(ev.connection); break;
      }
    }
    if (!fatal && round.now - last_timers >= kTimerPeriod) {
      last_timers = round.now;
      run_timers();
    }
    if (!fatal) run_common_room();
    return end_round();
  }

  game::Result<Round, StorageError> shut_down(Clock::time_point at) {
    begin_round(at);
    for (auto& [id, r] : rooms) r.mark_present_seats_disconnected(lobby, round);
    for (auto& [id, c] : connections) {
      if (c.closing) continue;
      refuse(id, RequestId{0}, Refusal::shutting_down);
      close_connection(c);
    }
    log_line("shutting down");
    return end_round();
  }

  // ---- loading -----------------------------------------------------------------------------

  game::Result<bool, StorageError> load(Storage& writer, Clock::time_point at) {
    begin_round(at);
    auto max_id = writer.max_room_id();
    if (!max_id) return max_id.error();
    last_room_id = *max_id;
    auto stored = writer.load_open_rooms(Room::kRecentHashes);
    if (!stored) return stored.error();
    std::size_t disconnected = 0;
    for (StoredRoom& s : *stored) {
      auto loaded = Room::load(std::move(s), round.now);
      if (!loaded) return loaded.error();
      RoomId id = loaded->id();
      Room& placed = rooms.emplace(id, std::move(*loaded)).first->second;
      for (const SeatSlot& seat : placed.seats()) {
        if (seat.key) seats_by_key[*seat.key].insert(id);
      }
      if (!placed.header().invite_code.empty()) invite_codes[placed.header().invite_code] = id;
      if (placed.reservation() && placed.phase() == RoomPhase::waiting) count_reservation(placed.reservation()->creator, +1);
      disconnected += placed.mark_present_seats_disconnected(lobby, round);
    }
    auto startup = end_round();
    if (!startup) return startup.error();
    writer.apply(startup->writes);
    if (auto committed = writer.commit(); !committed) return committed.error();
    durable_through(startup->number);
    log_line("loaded " + std::to_string(rooms.size()) + " open rooms; " + std::to_string(disconnected) +
             " seats marked disconnected by the restart");
    return true;
  }
};

LobbyCore::LobbyCore(std::unique_ptr<State> state) : state_(std::move(state)) {}
LobbyCore::~LobbyCore() = default;

game::Result<std::unique_ptr<LobbyCore>, StorageError> LobbyCore::open(const ServerConfig& config, Storage& writer,
                                                                       Storage& reader, crypto::Identity lobby_key,
                                                                       Logger log) {
  auto state = std::make_unique<State>(config, reader, std::move(lobby_key), std::move(log));
  if (auto loaded = state->load(writer, Clock::now()); !loaded) return loaded.error();
  return std::unique_ptr<LobbyCore>(new LobbyCore(std::move(state)));
}

game::Result<Round, StorageError> LobbyCore::process(std::span<const NetworkEvent> events, Clock::time_point now,
                                                     std::span<RoomAdoption> adoptions) {
  return state_->process(events, now, adoptions);
}

std::unique_ptr<LobbyCore> LobbyCore::open_node(const ServerConfig& config, Storage& reader, crypto::Identity node_key,
                                                NodeIdentity identity, RoomDirectory& directory, Logger log) {
  auto state = std::make_unique<State>(config, reader, std::move(node_key), std::move(log));
  state->root_key = identity.deployment_key;
  state->certificate = identity.certificate;
  state->directory = &directory;
  return std::unique_ptr<LobbyCore>(new LobbyCore(std::move(state)));
}

std::vector<ConnectionId> LobbyCore::release_room(RoomId room) { return state_->release(room); }

bool LobbyCore::has_room(RoomId room) const { return state_->rooms.contains(room); }

std::optional<ProxiedLogin> LobbyCore::login_of(ConnectionId connection) const {
  const Connection* c = state_->connections.find(connection);
  if (c == nullptr || !c->player) return std::nullopt;
  return ProxiedLogin{*c->player, c->name};
}

game::Result<Round, StorageError> LobbyCore::shut_down(Clock::time_point now) { return state_->shut_down(now); }

void LobbyCore::durable_through(std::uint64_t round) { state_->durable_through(round); }

game::Result<RoundOutput, StorageError> commit_round(LobbyCore& core, Storage& storage, Round round) {
  storage.apply(round.writes);
  auto committed = storage.commit();
  if (!committed) return committed.error();
  core.durable_through(round.number);
  return std::move(round.output);
}

void LobbyCore::set_ratings(RatingTable table) { state_->common.set_ratings(std::move(table)); }

std::vector<LobbyPresence> LobbyCore::presence() const {
  std::vector<LobbyPresence> out;
  for (const auto& [key, id] : state_->connections.online()) {
    const Connection* c = state_->connections.find(id);
    if (c != nullptr) out.push_back(LobbyPresence{key, c->name, state_->activity_of(*c)});
  }
  return out;
}

void LobbyCore::set_cluster_lobby(ClusterLobby view) { state_->common.set_cluster(std::move(view)); }

std::vector<ChatLine> LobbyCore::take_lobby_chat() { return std::exchange(state_->common.said, {}); }

void LobbyCore::relay_lobby_chat(ChatLine line) {
  if (state_->common.heard.size() < kMaxRelayedChatLines) state_->common.heard.push_back(std::move(line));
}

StatusReport LobbyCore::status(Clock::time_point now) const { return state_->status_report(now); }

const crypto::PublicKey& LobbyCore::public_key() const { return state_->root_key; }

}  // namespace parley::lobby
