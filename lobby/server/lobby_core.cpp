#include "lobby/server/lobby_core.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "crypto/secret.hpp"
#include "lobby/protocol/entry.hpp"
#include "lobby/protocol/text.hpp"
#include "lobby/server/rate_limiter.hpp"
#include "lobby/server/worker_pool.hpp"

namespace parley::lobby {

namespace {

using Clock = LobbyCore::Clock;

constexpr std::size_t kRecentHashes = 1024;          // seen-hash checks beyond this read the database
constexpr std::size_t kFetchMaxEntries = 256;        // one FetchEntries answer
constexpr std::size_t kFetchMaxBytes = 1024 * 1024;  // … and at most about this many bytes
constexpr auto kTimerPeriod = std::chrono::milliseconds(250);
constexpr std::size_t kEntryRateWindowSeconds = 10;

struct QueueKey {
  std::string game;
  std::uint8_t seats = 0;
  friend auto operator<=>(const QueueKey&, const QueueKey&) = default;
};

struct Connection {
  Connection(ConnectionId id_, std::uint32_t address_, Clock::time_point now, const Limits& limits)
      : id(id_),
        address(address_),
        opened(now),
        messages(limits.messages_per_second, limits.message_burst, now),
        bytes(limits.bytes_per_second, std::max<std::uint64_t>(limits.byte_burst, kMaxMessageBytes), now) {}

  ConnectionId id;
  std::uint32_t address;
  Clock::time_point opened;
  std::optional<crypto::PublicKey> proven;  // by the secure channel's handshake
  std::optional<crypto::PublicKey> player;
  std::string name;
  TokenBucket messages;
  TokenBucket bytes;
  std::uint32_t limited_in_a_row = 0;
  std::set<RoomId> rooms;  // as a seat or a spectator
  std::optional<QueueKey> queue;
  bool counted = false;    // accepted: counts against the connection limits
  bool closing = false;    // told to go; its further messages are ignored
};

struct SeatSlot {
  std::optional<crypto::PublicKey> key;
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

struct Room {
  RoomId id;
  std::string game;
  std::uint8_t seat_count = 0;
  Bytes options;
  Visibility visibility = Visibility::public_room;
  std::string invite_code;
  RoomPhase phase = RoomPhase::waiting;
  SessionId session;
  std::vector<SeatSlot> seats;
  std::set<ConnectionId> spectators;
  EntryIndex next_index;
  EntryHash head{};
  std::uint64_t last_time_ms = 0;
  std::deque<EntryHash> recent;  // hashes of entries [next_index - recent.size(), next_index)
  std::deque<PendingEntry> pending;  // the tail of the transcript not yet durable, in order
  // Read once: every seat's first posts name the genesis, before anyone has seen another entry.
  std::optional<EntryHash> genesis_hash;
  Clock::time_point last_seat_seen{};

  std::optional<game::Seat> seat_of(ConnectionId c) const {
    for (std::size_t i = 0; i < seats.size(); ++i) {
      if (seats[i].connection == c) return game::Seat{static_cast<std::uint8_t>(i)};
    }
    return std::nullopt;
  }
  std::optional<game::Seat> seat_of_key(const crypto::PublicKey& k) const {
    for (std::size_t i = 0; i < seats.size(); ++i) {
      if (seats[i].key == k) return game::Seat{static_cast<std::uint8_t>(i)};
    }
    return std::nullopt;
  }
  std::vector<ConnectionId> members() const {
    std::vector<ConnectionId> out;
    for (const SeatSlot& s : seats) {
      if (s.connection) out.push_back(*s.connection);
    }
    out.insert(out.end(), spectators.begin(), spectators.end());
    return out;
  }
  std::uint8_t seated() const {
    return static_cast<std::uint8_t>(std::count_if(seats.begin(), seats.end(), [](const SeatSlot& s) { return s.key.has_value(); }));
  }
};

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
        log(std::move(log_)),
        pool(config.verify_threads),
        started_at(Clock::now()) {}

  Limits limits;
  Storage& reader;
  crypto::Identity lobby;
  Logger log;
  WorkerPool pool;
  Clock::time_point started_at;

  std::map<ConnectionId, Connection> connections;
  std::map<std::uint32_t, std::uint32_t> per_address;
  std::uint32_t counted_connections = 0;
  std::map<crypto::PublicKey, ConnectionId> online;
  std::map<crypto::PublicKey, std::set<RoomId>> seats_by_key;  // open rooms where a key holds a seat
  std::map<RoomId, Room> rooms;
  std::map<std::string, RoomId> invite_codes;
  std::map<QueueKey, std::vector<ConnectionId>> queues;
  RoomId last_room_id;

  std::uint64_t entries_total = 0;
  std::array<std::pair<std::int64_t, std::uint32_t>, kEntryRateWindowSeconds> entry_seconds{};

  // The round in progress, and the appended entries not yet durable (round, room) in order.
  std::uint64_t round = 0;
  RoundOutput out;
  WriteBatch writes;
  std::deque<std::pair<std::uint64_t, RoomId>> pending_order;
  Clock::time_point now{};
  std::uint64_t now_ms = 0;
  std::optional<StorageError> fatal;
  Clock::time_point last_timers{};

  // ---- output ------------------------------------------------------------------------------

  void log_line(const std::string& line) const {
    if (log) log(line);
  }

  void send_bytes(std::vector<ConnectionId> to, Bytes bytes) {
    if (to.empty()) return;
    out.messages.push_back(Outgoing{std::make_shared<const Bytes>(std::move(bytes)), std::move(to)});
  }
  void send(ConnectionId to, const LobbyMessage& m) { send_bytes({to}, encode(m)); }
  void send_to_members(const Room& r, const LobbyMessage& m) { send_bytes(r.members(), encode(m)); }

  void refuse(ConnectionId to, RequestId request, Refusal reason, std::string detail = {}) {
    if (detail.empty()) detail = std::string(describe(reason));
    if (detail.size() > kMaxDetailBytes) detail.resize(kMaxDetailBytes);
    send(to, Refused{request, reason, std::move(detail)});
  }

  void close_connection(Connection& c) {
    if (c.closing) return;
    c.closing = true;
    out.disconnect.push_back(c.id);
  }

  // ---- rooms -------------------------------------------------------------------------------

  RoomState room_state(const Room& r, RequestId request) const {
    RoomState s;
    s.request = request;
    s.room = r.id;
    s.game = r.game;
    s.options = r.options;
    s.visibility = r.visibility;
    s.invite_code = r.invite_code;
    s.phase = r.phase;
    s.session_id = r.session;
    s.entry_count = r.next_index;
    for (const SeatSlot& seat : r.seats) {
      SeatInfo info;
      info.key = seat.key;
      if (seat.key) {
        info.name = seat.name;
        info.ready = seat.ready;
        info.connected = seat.connection.has_value();
      }
      s.seats.push_back(std::move(info));
    }
    s.spectators = static_cast<std::uint16_t>(std::min<std::size_t>(r.spectators.size(), kMaxSpectatorsCount));
    return s;
  }

  static RoomSummary room_summary(const Room& r) {
    RoomSummary s;
    s.room = r.id;
    s.game = r.game;
    for (const SeatSlot& seat : r.seats) s.seats.push_back(seat.key ? std::optional<std::string>(seat.name) : std::nullopt);
    s.spectators = static_cast<std::uint16_t>(std::min<std::size_t>(r.spectators.size(), kMaxSpectatorsCount));
    s.phase = r.phase;
    if (r.options.size() <= kMaxListedOptionsBytes) s.options = r.options;
    return s;
  }

  void push_room_state(const Room& r) { send_to_members(r, room_state(r, RequestId{0})); }

  Room* find_room(RoomId id) {
    auto it = rooms.find(id);
    return it == rooms.end() ? nullptr : &it->second;
  }

  Room& create_room(std::string game, std::uint8_t seats, Bytes options, Visibility visibility) {
    RoomId id{++last_room_id.value};
    Room r;
    r.id = id;
    r.game = std::move(game);
    r.seat_count = seats;
    r.options = std::move(options);
    r.visibility = visibility;
    if (visibility == Visibility::invite_only) {
      do {
        r.invite_code = random_invite_code();
      } while (invite_codes.contains(r.invite_code));
      invite_codes[r.invite_code] = id;
    }
    r.seats.resize(seats);
    StoredRoom stored;
    stored.id = id;
    stored.game = r.game;
    stored.seat_count = seats;
    stored.options = r.options;
    stored.visibility = visibility;
    stored.invite_code = r.invite_code;
    writes.push_back(InsertRoom{std::move(stored)});
    log_line("room " + std::to_string(id.value) + " created: " + r.game + ", " + std::to_string(seats) + " seats");
    return rooms.emplace(id, std::move(r)).first->second;
  }

  void take_seat(Room& r, game::Seat seat, Connection& c) {
    SeatSlot& s = r.seats[seat.index];
    s.key = c.player;
    s.name = c.name;
    s.ready = false;
    s.connection = c.id;
    writes.push_back(PutSeat{r.id, StoredSeat{seat, *c.player, c.name, s.presence}});
    seats_by_key[*c.player].insert(r.id);
    c.rooms.insert(r.id);
  }

  void free_seat(Room& r, game::Seat seat) {
    SeatSlot& s = r.seats[seat.index];
    if (s.key) {
      auto it = seats_by_key.find(*s.key);
      if (it != seats_by_key.end()) {
        it->second.erase(r.id);
        if (it->second.empty()) seats_by_key.erase(it);
      }
    }
    s = SeatSlot{};
    writes.push_back(DeleteSeat{r.id, seat});
  }

  // A waiting room with nobody seated and nobody watching is gone.
  void close_if_abandoned(Room& r) {
    if (r.phase != RoomPhase::waiting || r.seated() > 0 || !r.spectators.empty()) return;
    writes.push_back(DeleteRoom{r.id});
    if (!r.invite_code.empty()) invite_codes.erase(r.invite_code);
    log_line("room " + std::to_string(r.id.value) + " closed before it started");
    rooms.erase(r.id);
  }

  // A started room ends when every seat has left it, or when no seat has been connected for
  // idle_room_close. Its transcript stays in the database.
  void close_started_room(Room& r) {
    r.phase = RoomPhase::closed;
    writes.push_back(CloseRoom{r.id});
    push_room_state(r);
    for (ConnectionId s : r.spectators) {
      if (auto it = connections.find(s); it != connections.end()) it->second.rooms.erase(r.id);
    }
    for (std::size_t i = 0; i < r.seats.size(); ++i) {
      SeatSlot& s = r.seats[i];
      if (s.connection) {
        if (auto it = connections.find(*s.connection); it != connections.end()) it->second.rooms.erase(r.id);
      }
      if (s.key) {
        auto it = seats_by_key.find(*s.key);
        if (it != seats_by_key.end()) {
          it->second.erase(r.id);
          if (it->second.empty()) seats_by_key.erase(it);
        }
      }
    }
    if (!r.invite_code.empty()) invite_codes.erase(r.invite_code);
    log_line("room " + std::to_string(r.id.value) + " closed after " + std::to_string(r.next_index.value) + " entries");
    rooms.erase(r.id);
  }

  void count_entry() {
    ++entries_total;
    auto second = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
    auto& slot = entry_seconds[static_cast<std::size_t>(second) % kEntryRateWindowSeconds];
    if (slot.first != second) slot = {second, 0};
    ++slot.second;
  }

  // Stamps, signs, hashes and stores the next entry of the room, and queues it for every
  // member. It reaches them only after this round's commit.
  void append_entry(Room& r, EntryPayload payload) {
    Entry e;
    e.index = r.next_index;
    e.lobby_time_ms = std::max(now_ms, r.last_time_ms);  // never backwards, even if the clock is
    e.prev_entry_hash = r.head;
    e.payload = std::move(payload);
    Bytes bytes = entry_bytes(e);
    crypto::Signature signature = sign_entry(lobby, r.session, bytes);
    EntryHash hash = chain_hash(r.head, bytes);
    Bytes wire = encode_signed_entry(bytes, signature);
    writes.push_back(InsertEntry{r.id, e.index, e.lobby_time_ms, hash, wire});
    r.pending.push_back(PendingEntry{e.index, round, hash, wire});
    pending_order.emplace_back(round, r.id);
    r.next_index.value += 1;
    r.head = hash;
    r.last_time_ms = e.lobby_time_ms;
    r.recent.push_back(hash);
    if (r.recent.size() > kRecentHashes) r.recent.pop_front();
    count_entry();
    send_bytes(r.members(), encode_entry_message(r.id, wire));
  }

  void set_presence(Room& r, game::Seat seat, SeatPresence presence, PresenceEvent event) {
    r.seats[seat.index].presence = presence;
    writes.push_back(SetPresence{r.id, seat, presence});
    append_entry(r, Presence{seat, event});
  }

  void start_game(Room& r) {
    r.phase = RoomPhase::started;
    r.session.bytes = random_bytes<kSessionIdBytes>();
    r.last_seat_seen = now;
    writes.push_back(StartRoom{r.id, r.session});
    Genesis g;
    g.game = r.game;
    g.options = r.options;
    g.session_id = r.session;
    for (std::size_t i = 0; i < r.seats.size(); ++i) {
      SeatSlot& s = r.seats[i];
      g.seat_keys.push_back(*s.key);
      s.presence = SeatPresence::present;
      writes.push_back(SetPresence{r.id, game::Seat{static_cast<std::uint8_t>(i)}, SeatPresence::present});
    }
    append_entry(r, std::move(g));
    push_room_state(r);
    log_line("room " + std::to_string(r.id.value) + " started");
  }

  void start_if_ready(Room& r) {
    if (r.phase != RoomPhase::waiting) return;
    bool all = std::all_of(r.seats.begin(), r.seats.end(),
                           [](const SeatSlot& s) { return s.key && s.connection && s.ready; });
    if (all) start_game(r);
  }

  // The connection stops being a member: it left on purpose, or it is gone.
  void remove_member(Room& r, Connection& c, PresenceEvent why) {
    c.rooms.erase(r.id);
    if (r.spectators.erase(c.id) > 0) {
      push_room_state(r);
      close_if_abandoned(r);
      return;
    }
    auto seat = r.seat_of(c.id);
    if (!seat) return;
    SeatSlot& s = r.seats[seat->index];
    bool left = why == PresenceEvent::left;
    // A leaving player still gets its own leave entry, so its log ends with it; a dropped
    // connection gets nothing more.
    if (!left) s.connection.reset();
    if (r.phase == RoomPhase::started && s.presence == SeatPresence::present) {
      set_presence(r, *seat, left ? SeatPresence::left : SeatPresence::absent, why);
    }
    s.connection.reset();
    if (r.phase == RoomPhase::waiting) {
      if (why == PresenceEvent::left) {
        free_seat(r, *seat);
      } else {
        s.ready = false;
        s.vacated = now;  // kept for seat_grace
      }
      push_room_state(r);
      close_if_abandoned(r);
      return;
    }
    push_room_state(r);
    bool everyone_left = std::all_of(r.seats.begin(), r.seats.end(),
                                     [](const SeatSlot& x) { return x.presence == SeatPresence::left; });
    if (everyone_left) close_started_room(r);
  }

  void leave_queue(Connection& c) {
    if (!c.queue) return;
    auto it = queues.find(*c.queue);
    if (it != queues.end()) {
      std::erase(it->second, c.id);
      if (it->second.empty()) queues.erase(it);
    }
    c.queue.reset();
  }

  // Everything a connection holds goes: its queue place, its memberships, its login.
  void detach(Connection& c) {
    leave_queue(c);
    std::set<RoomId> rooms_of = c.rooms;
    for (RoomId id : rooms_of) {
      if (Room* r = find_room(id)) remove_member(*r, c, PresenceEvent::disconnected);
    }
    c.rooms.clear();
    if (c.player) {
      auto it = online.find(*c.player);
      if (it != online.end() && it->second == c.id) online.erase(it);
    }
  }

  std::size_t seats_held(const crypto::PublicKey& key) const {
    auto it = seats_by_key.find(key);
    return it == seats_by_key.end() ? 0 : it->second.size();
  }

  // ---- limits ------------------------------------------------------------------------------

  // Charges one message of `size` bytes; refuses (and past a flood, disconnects) when over.
  bool admit(Connection& c, std::span<const std::uint8_t> data) {
    bool ok = c.messages.try_take(1, now) && c.bytes.try_take(data.size(), now);
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

  void on_connected(ConnectionId id, std::uint32_t address, const std::optional<crypto::PublicKey>& key) {
    auto [it, inserted] = connections.try_emplace(id, id, address, now, limits);
    if (!inserted) return;
    Connection& c = it->second;
    c.proven = key;
    if (counted_connections >= limits.max_connections) {
      refuse(id, RequestId{0}, Refusal::server_full);
      close_connection(c);
      return;
    }
    if (per_address[address] >= limits.max_connections_per_address) {
      refuse(id, RequestId{0}, Refusal::too_many_connections);
      close_connection(c);
      return;
    }
    ++per_address[address];
    ++counted_connections;
    c.counted = true;
  }

  void on_disconnected(ConnectionId id) {
    auto it = connections.find(id);
    if (it == connections.end()) return;
    Connection& c = it->second;
    detach(c);
    if (c.counted) {
      --counted_connections;
      auto a = per_address.find(c.address);
      if (a != per_address.end() && --a->second == 0) per_address.erase(a);
    }
    connections.erase(it);
  }

  void on_received(ConnectionId id, std::span<const std::uint8_t> data,
                   const std::optional<game::Result<ClientMessage, WireError>>& decoded,
                   std::optional<bool> preverified) {
    auto it = connections.find(id);
    if (it == connections.end() || it->second.closing) return;
    Connection& c = it->second;
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
    std::visit([&](const auto& m) { handle(c, m, preverified); }, decoded->value());
  }

  // ---- requests ----------------------------------------------------------------------------

  void handle(Connection& c, const Login& m, std::optional<bool>) {
    if (c.player) return refuse(c.id, m.request, Refusal::already_logged_in);
    if (!c.proven) return refuse(c.id, m.request, Refusal::bad_login_signature);
    const crypto::PublicKey key = *c.proven;
    auto name = sanitize_display_name(m.display_name);
    if (!name) return refuse(c.id, m.request, Refusal::bad_display_name, std::string(describe(name.error())));
    if (auto old = online.find(key); old != online.end()) {
      auto oc = connections.find(old->second);
      if (oc != connections.end()) {
        refuse(oc->second.id, RequestId{0}, Refusal::logged_in_elsewhere);
        detach(oc->second);
        close_connection(oc->second);
      }
    }
    c.player = key;
    c.name = *name;
    online[key] = c.id;
    Welcome w{m.request, c.name, {}};
    if (auto seated = seats_by_key.find(key); seated != seats_by_key.end()) {
      for (RoomId r : seated->second) {
        if (w.seated_rooms.size() < kMaxWelcomeRooms) w.seated_rooms.push_back(r);
      }
    }
    send(c.id, w);
  }

  void handle(Connection& c, const CreateRoom& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    if (!is_valid_game_name(m.game)) {
      return refuse(c.id, m.request, Refusal::bad_room_parameters, "a game name is 1-32 characters of a-z, 0-9 and -");
    }
    if (seats_held(*c.player) >= limits.max_rooms_per_player) return refuse(c.id, m.request, Refusal::too_many_rooms);
    Room& r = create_room(m.game, m.seats, m.options, m.visibility);
    take_seat(r, game::Seat{0}, c);
    send(c.id, room_state(r, m.request));
  }

  void handle(Connection& c, const ListRooms& m, std::optional<bool>) {
    RoomList list{m.request, {}, false};
    for (auto it = rooms.upper_bound(m.after); it != rooms.end(); ++it) {
      const Room& r = it->second;
      if (r.visibility != Visibility::public_room) continue;
      if (!m.game.empty() && r.game != m.game) continue;
      if (list.rooms.size() == kMaxRoomsPerList) {
        list.more = true;
        break;
      }
      list.rooms.push_back(room_summary(r));
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
      if (r != nullptr && r->visibility == Visibility::invite_only) {
        return refuse(c.id, m.request, Refusal::wrong_invite_code);
      }
    }
    if (r == nullptr) return refuse(c.id, m.request, Refusal::no_such_room);
    if (c.rooms.contains(r->id)) return refuse(c.id, m.request, Refusal::already_in_room);

    if (m.role == Role::spectator) {
      std::size_t watching = 0;
      for (RoomId id : c.rooms) {
        if (const Room* x = find_room(id); x != nullptr && x->spectators.contains(c.id)) ++watching;
      }
      if (watching >= limits.max_spectated_rooms) return refuse(c.id, m.request, Refusal::too_many_spectated_rooms);
      r->spectators.insert(c.id);
      c.rooms.insert(r->id);
      send(c.id, room_state(*r, m.request));
      push_room_state(*r);
      return;
    }

    if (auto seat = r->seat_of_key(*c.player)) {
      // The key holds a seat here: the player comes back to it.
      SeatSlot& s = r->seats[seat->index];
      s.connection = c.id;
      c.rooms.insert(r->id);
      if (s.name != c.name) {
        s.name = c.name;
        writes.push_back(PutSeat{r->id, StoredSeat{*seat, *s.key, s.name, s.presence}});
      }
      send(c.id, room_state(*r, m.request));
      if (r->phase == RoomPhase::started && s.presence != SeatPresence::present) {
        r->last_seat_seen = now;
        set_presence(*r, *seat, SeatPresence::present, PresenceEvent::reconnected);
      }
      push_room_state(*r);
      return;
    }
    if (r->phase != RoomPhase::waiting) return refuse(c.id, m.request, Refusal::game_started);
    auto free = std::find_if(r->seats.begin(), r->seats.end(), [](const SeatSlot& s) { return !s.key; });
    if (free == r->seats.end()) return refuse(c.id, m.request, Refusal::room_full);
    if (seats_held(*c.player) >= limits.max_rooms_per_player) return refuse(c.id, m.request, Refusal::too_many_rooms);
    take_seat(*r, game::Seat{static_cast<std::uint8_t>(free - r->seats.begin())}, c);
    send(c.id, room_state(*r, m.request));
    push_room_state(*r);
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
    if (r->phase != RoomPhase::waiting) return refuse(c.id, m.request, Refusal::game_started);
    r->seats[seat->index].ready = m.ready;
    send(c.id, Done{m.request});
    push_room_state(*r);
    start_if_ready(*r);
  }

  void handle(Connection& c, const QuickMatch& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    if (!is_valid_game_name(m.game)) {
      return refuse(c.id, m.request, Refusal::bad_room_parameters, "a game name is 1-32 characters of a-z, 0-9 and -");
    }
    if (c.queue) return refuse(c.id, m.request, Refusal::already_queued);
    if (seats_held(*c.player) >= limits.max_rooms_per_player) return refuse(c.id, m.request, Refusal::too_many_rooms);
    QueueKey key{m.game, m.seats};
    auto& queue = queues[key];
    queue.push_back(c.id);
    c.queue = key;
    send(c.id, Queued{m.request, m.game, m.seats, static_cast<std::uint16_t>(std::min<std::size_t>(queue.size(), 65535))});
    if (queue.size() < m.seats) return;

    // Full: the first `seats` players in the queue get a public room, seated in queue order
    // and ready (asking for a match says so), and the game starts at once.
    std::vector<ConnectionId> players(queue.begin(), queue.begin() + m.seats);
    queue.erase(queue.begin(), queue.begin() + m.seats);
    if (queue.empty()) queues.erase(key);
    Room& r = create_room(m.game, m.seats, {}, Visibility::public_room);
    for (std::size_t i = 0; i < players.size(); ++i) {
      Connection& p = connections.at(players[i]);
      p.queue.reset();
      take_seat(r, game::Seat{static_cast<std::uint8_t>(i)}, p);
      r.seats[i].ready = true;
    }
    start_game(r);
  }

  void handle(Connection& c, const LeaveQueue& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    if (!c.queue) return refuse(c.id, m.request, Refusal::not_queued);
    leave_queue(c);
    send(c.id, Done{m.request});
  }

  void handle(Connection& c, const Chat& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    Room* r = find_room(m.room);
    if (r == nullptr || !c.rooms.contains(m.room)) return refuse(c.id, m.request, Refusal::not_a_member);
    auto text = sanitize_chat(m.text);
    if (!text) return refuse(c.id, m.request, Refusal::bad_chat_text, std::string(describe(text.error())));
    Role role = r->seat_of(c.id) ? Role::player : Role::spectator;
    send(c.id, Done{m.request});
    send_to_members(*r, ChatLine{r->id, *c.player, c.name, role, *text});
  }

  std::optional<EntryHash> hash_of(Room& r, EntryIndex index) {
    std::uint64_t first_recent = r.next_index.value - r.recent.size();
    if (index.value >= first_recent && index < r.next_index) return r.recent[index.value - first_recent];
    if (!r.pending.empty() && index >= r.pending.front().index) {
      return r.pending[index.value - r.pending.front().index.value].hash;
    }
    if (index.value == 0 && r.genesis_hash) return r.genesis_hash;
    auto stored = reader.entry_hash(r.id, index);
    if (!stored) {
      fatal = stored.error();
      return std::nullopt;
    }
    if (index.value == 0) r.genesis_hash = *stored;
    return *stored;
  }

  void handle(Connection& c, const Post& m, std::optional<bool> preverified) {
    if (!require_login(c, m.request)) return;
    Room* r = find_room(m.room);
    if (r == nullptr) return refuse(c.id, m.request, Refusal::no_such_room);
    if (r->phase != RoomPhase::started) return refuse(c.id, m.request, Refusal::not_started);
    auto seat = r->seat_of(c.id);
    if (!seat) return refuse(c.id, m.request, Refusal::not_a_seat);
    const Envelope& e = m.envelope.envelope;
    if (e.session_id != r->session) return refuse(c.id, m.request, Refusal::wrong_session);
    if (e.seat != *seat) return refuse(c.id, m.request, Refusal::wrong_seat);
    if (e.seen_index >= r->next_index) {
      return refuse(c.id, m.request, Refusal::bad_seen_entry, "seen_index is beyond the transcript");
    }
    auto seen = hash_of(*r, e.seen_index);
    if (!seen) return;  // storage failure: the round fails
    if (*seen != e.seen_hash) return refuse(c.id, m.request, Refusal::bad_seen_entry);
    bool valid = preverified ? *preverified : verify_envelope(*r->seats[seat->index].key, m.envelope);
    if (!valid) return refuse(c.id, m.request, Refusal::bad_envelope_signature);
    if (r->next_index.value >= limits.max_entries_per_room) return refuse(c.id, m.request, Refusal::transcript_full);
    append_entry(*r, m.envelope);
  }

  void handle(Connection& c, const FetchEntries& m, std::optional<bool>) {
    if (!require_login(c, m.request)) return;
    Room* r = find_room(m.room);
    if (r == nullptr || !c.rooms.contains(m.room)) return refuse(c.id, m.request, Refusal::not_a_member);
    if (r->phase != RoomPhase::started) return refuse(c.id, m.request, Refusal::not_started);
    EntryIndex from = std::min(m.from, r->next_index);
    // Committed entries from the database, then the not yet durable tail from memory (this
    // round's output waits for its commit anyway). The reader may already see some of the tail.
    auto stored = reader.entries(r->id, from, kFetchMaxEntries, kFetchMaxBytes);
    if (!stored) {
      fatal = stored.error();
      return;
    }
    std::size_t total = 0;
    std::uint64_t next = from.value;
    for (const Bytes& wire : *stored) {
      total += wire.size();
      ++next;
      send_bytes({c.id}, encode_entry_message(r->id, wire));
    }
    for (const PendingEntry& p : r->pending) {
      if (next - from.value >= kFetchMaxEntries || total >= kFetchMaxBytes) break;
      if (p.index.value != next) continue;
      total += p.wire.size();
      ++next;
      send_bytes({c.id}, encode_entry_message(r->id, p.wire));
    }
    c.bytes.charge(total, now);
    send(c.id, EntriesEnd{m.request, r->id, EntryIndex{next}, r->next_index});
  }

  void handle(Connection& c, const StatusQuery& m, std::optional<bool>) {
    StatusReport s = status_report(now);
    s.request = m.request;
    send(c.id, s);
  }

  // ---- timers ------------------------------------------------------------------------------

  void run_timers() {
    for (auto& [id, c] : connections) {
      if (!c.player && !c.closing && now - c.opened >= limits.login_timeout) {
        refuse(id, RequestId{0}, Refusal::login_timeout);
        close_connection(c);
      }
    }
    std::vector<RoomId> ids;
    for (const auto& [id, r] : rooms) ids.push_back(id);
    for (RoomId id : ids) {
      Room* r = find_room(id);
      if (r == nullptr) continue;
      if (r->phase == RoomPhase::waiting) {
        bool changed = false;
        for (std::size_t i = 0; i < r->seats.size(); ++i) {
          SeatSlot& s = r->seats[i];
          if (s.key && !s.connection && now - s.vacated >= limits.seat_grace) {
            free_seat(*r, game::Seat{static_cast<std::uint8_t>(i)});
            changed = true;
          }
        }
        if (changed) {
          push_room_state(*r);
          close_if_abandoned(*r);
        }
      } else if (r->phase == RoomPhase::started) {
        bool anyone = std::any_of(r->seats.begin(), r->seats.end(), [](const SeatSlot& s) { return s.connection.has_value(); });
        if (anyone) {
          r->last_seat_seen = now;
        } else if (now - r->last_seat_seen >= limits.idle_room_close) {
          close_started_room(*r);
        }
      }
    }
  }

  // ---- status ------------------------------------------------------------------------------

  StatusReport status_report(Clock::time_point at) const {
    StatusReport s;
    s.connections = counted_connections;
    s.players_online = static_cast<std::uint32_t>(online.size());
    for (const auto& [id, r] : rooms) {
      (r.phase == RoomPhase::waiting ? s.rooms_waiting : s.rooms_started) += 1;
      s.seats_filled += r.seated();
      s.spectators += static_cast<std::uint32_t>(r.spectators.size());
    }
    for (const auto& [key, q] : queues) s.queued_players += static_cast<std::uint32_t>(q.size());
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
    ++round;
    out = RoundOutput{};
    writes.clear();
    now = at;
    now_ms = wall_clock_ms();
  }

  game::Result<Round, StorageError> end_round() {
    if (fatal) return *fatal;
    return Round{round, std::move(out), std::move(writes)};
  }

  void durable_through(std::uint64_t committed) {
    while (!pending_order.empty() && pending_order.front().first <= committed) {
      if (Room* r = find_room(pending_order.front().second); r != nullptr && !r->pending.empty()) {
        r->pending.pop_front();
      }
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
      auto c = connections.find(events[i].connection);
      if (c == connections.end() || c->second.closing || !c->second.player || !c->second.messages.has(1, now)) continue;
      const Room* r = find_room(post->room);
      if (r == nullptr || r->phase != RoomPhase::started) continue;
      const Envelope& e = post->envelope.envelope;
      if (e.seat.index >= r->seats.size() || r->seats[e.seat.index].connection != events[i].connection) continue;
      if (e.session_id != r->session) continue;
      jobs.push_back(Job{i, &*r->seats[e.seat.index].key, &post->envelope});
    }
    std::vector<char> ok(jobs.size(), 0);
    pool.run(jobs.size(), [&](std::size_t j) { ok[j] = verify_envelope(*jobs[j].key, *jobs[j].envelope) ? 1 : 0; });
    for (std::size_t j = 0; j < jobs.size(); ++j) verdict[jobs[j].event] = ok[j] != 0;
    return verdict;
  }

  game::Result<Round, StorageError> process(std::span<const NetworkEvent> events, Clock::time_point at) {
    begin_round(at);
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
        case NetworkEvent::Kind::connected: on_connected(ev.connection, ev.address, ev.key); break;
        case NetworkEvent::Kind::received: on_received(ev.connection, ev.data, decoded[i], verdict[i]); break;
        case NetworkEvent::Kind::disconnected: on_disconnected(ev.connection); break;
      }
    }
    if (!fatal && now - last_timers >= kTimerPeriod) {
      last_timers = now;
      run_timers();
    }
    return end_round();
  }

  game::Result<Round, StorageError> shut_down(Clock::time_point at) {
    begin_round(at);
    for (auto& [id, r] : rooms) {
      if (r.phase != RoomPhase::started) continue;
      for (std::size_t i = 0; i < r.seats.size(); ++i) {
        if (r.seats[i].presence == SeatPresence::present) {
          set_presence(r, game::Seat{static_cast<std::uint8_t>(i)}, SeatPresence::absent, PresenceEvent::disconnected);
        }
      }
    }
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
    auto stored = writer.load_open_rooms(kRecentHashes);
    if (!stored) return stored.error();
    std::size_t disconnected = 0;
    for (StoredRoom& s : *stored) {
      Room r;
      r.id = s.id;
      r.game = std::move(s.game);
      r.seat_count = s.seat_count;
      r.options = std::move(s.options);
      r.visibility = s.visibility;
      r.invite_code = std::move(s.invite_code);
      r.phase = s.phase;
      r.session = s.session_id;
      r.seats.resize(s.seat_count);
      r.next_index = s.entry_count;
      r.head = s.head_hash;
      r.last_time_ms = s.last_time_ms;
      r.recent.assign(s.recent_hashes.begin(), s.recent_hashes.end());
      r.last_seat_seen = now;
      for (const StoredSeat& seat : s.seats) {
        SeatSlot& slot = r.seats[seat.seat.index];
        slot.key = seat.key;
        slot.name = seat.name;
        slot.presence = seat.presence;
        slot.vacated = now;
        seats_by_key[seat.key].insert(r.id);
      }
      if (r.phase == RoomPhase::started &&
          !std::all_of(r.seats.begin(), r.seats.end(), [](const SeatSlot& x) { return x.key.has_value(); })) {
        return StorageError{StorageError::Kind::corrupt, "started room " + std::to_string(r.id.value) + " has an empty seat"};
      }
      if (!r.invite_code.empty()) invite_codes[r.invite_code] = r.id;
      Room& placed = rooms.emplace(r.id, std::move(r)).first->second;
      if (placed.phase == RoomPhase::started) {
        for (std::size_t i = 0; i < placed.seats.size(); ++i) {
          if (placed.seats[i].presence == SeatPresence::present) {
            set_presence(placed, game::Seat{static_cast<std::uint8_t>(i)}, SeatPresence::absent,
                         PresenceEvent::disconnected);
            ++disconnected;
          }
        }
      }
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

game::Result<Round, StorageError> LobbyCore::process(std::span<const NetworkEvent> events, Clock::time_point now) {
  return state_->process(events, now);
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

StatusReport LobbyCore::status(Clock::time_point now) const { return state_->status_report(now); }

const crypto::PublicKey& LobbyCore::public_key() const { return state_->lobby.public_key(); }

}  // namespace parley::lobby
