#include "lobby/protocol/messages.hpp"

#include <algorithm>
#include <tuple>
#include <type_traits>

#include "lobby/protocol/limits.hpp"
#include "lobby/protocol/text.hpp"

namespace parley::lobby {

std::uint8_t RoomSummary::seated() const {
  return static_cast<std::uint8_t>(std::count_if(seats.begin(), seats.end(), [](const auto& s) { return s.has_value(); }));
}

namespace {

using game::ByteWriter;

// ---- field helpers -----------------------------------------------------------------------

// Decoders need some key to build a value even when a field failed; the value is discarded
// then (finish() returns the error).
crypto::PublicKey read_key_or_placeholder(WireReader& r) { return read_key(r).value_or(any_valid_key()); }

RequestId read_request(WireReader& r) { return RequestId{r.u32()}; }
RoomId read_room(WireReader& r) { return RoomId{r.u64()}; }

template <class E>
E read_enum(WireReader& r, std::uint8_t max) {
  std::uint8_t v = r.u8();
  if (v > max) r.fail(WireError::bad_value);
  return static_cast<E>(v);
}

std::uint8_t read_seat_count(WireReader& r) {
  std::uint8_t seats = r.u8();
  if (!r.failed() && (seats < kMinSeats || seats > kMaxSeats)) r.fail(WireError::bad_value);
  return seats;
}

void write_bool(ByteWriter& w, bool b) { w.u8(b ? 1 : 0); }

// A game name in a message from the lobby, which takes only valid ones: anything else would
// reach a player's screen or terminal as the lobby wrote it.
std::string read_game_name(WireReader& r) {
  std::string name = r.text(kMaxGameNameBytes);
  if (!r.failed() && !is_valid_game_name(name)) r.fail(WireError::bad_value);
  return name;
}

// ---- client → lobby ----------------------------------------------------------------------

void write(ByteWriter& w, const Login& m) {
  write_header(w, WireTag::login);
  w.u32(m.request.value);
  w.text(m.display_name);
}
Login read_login(WireReader& r) {
  RequestId request = read_request(r);
  std::string name = r.text(kMaxDisplayNameBytes);
  return Login{request, std::move(name)};
}

// CreateRoom is at version 1 without reserved seats and at version 2 with them (a key a seat
// after the visibility): a request without them has the bytes it always had, and a lobby that
// does not know reserved seats refuses one with them as unsupported_version.
constexpr std::uint8_t kReservedCreateVersion = 2;

void write(ByteWriter& w, const CreateRoom& m) {
  if (m.reserved.empty()) {
    write_header(w, WireTag::create_room);
  } else {
    w.u8(static_cast<std::uint8_t>(WireTag::create_room));
    w.u8(kReservedCreateVersion);
  }
  w.u32(m.request.value);
  w.text(m.game);
  w.u8(m.seats);
  w.bytes(m.options);
  w.u8(static_cast<std::uint8_t>(m.visibility));
  if (!m.reserved.empty()) {
    w.u8(static_cast<std::uint8_t>(m.reserved.size()));
    for (const auto& key : m.reserved) w.raw(key.bytes());
  }
}
CreateRoom read_create_room(WireReader& r, bool reserved) {
  CreateRoom m;
  m.request = read_request(r);
  m.game = r.text(kMaxGameNameBytes);
  m.seats = read_seat_count(r);
  m.options = r.bytes(kMaxOptionsBytes);
  m.visibility = read_enum<Visibility>(r, 1);
  if (reserved) {
    // A key for every seat (so never none: that is version 1).
    const std::uint8_t n = r.u8();
    if (!r.failed() && n != m.seats) r.fail(WireError::bad_value);
    for (std::uint8_t i = 0; i < n && !r.failed(); ++i) {
      auto key = read_key(r);
      if (key) m.reserved.push_back(*key);
    }
  }
  return m;
}
game::Result<CreateRoom, WireError> decode_create_room(std::span<const std::uint8_t> bytes) {
  const bool reserved = bytes.size() >= 2 && bytes[1] == kReservedCreateVersion;
  WireReader r(bytes);
  r.header(WireTag::create_room, reserved ? kReservedCreateVersion : wire_version(WireTag::create_room));
  auto value = read_create_room(r, reserved);
  return r.finish(std::move(value));
}

void write(ByteWriter& w, const ListRooms& m) {
  write_header(w, WireTag::list_rooms);
  w.u32(m.request.value);
  w.text(m.game);
  w.u64(m.after.value);
}
ListRooms read_list_rooms(WireReader& r) {
  ListRooms m;
  m.request = read_request(r);
  m.game = r.text(kMaxGameNameBytes);
  m.after = read_room(r);
  return m;
}

void write(ByteWriter& w, const JoinRoom& m) {
  write_header(w, WireTag::join_room);
  w.u32(m.request.value);
  w.u64(m.room.value);
  w.text(m.invite_code);
  w.u8(static_cast<std::uint8_t>(m.role));
}
JoinRoom read_join_room(WireReader& r) {
  JoinRoom m;
  m.request = read_request(r);
  m.room = read_room(r);
  m.invite_code = r.text(kMaxInviteCodeBytes);
  m.role = read_enum<Role>(r, 1);
  return m;
}

void write(ByteWriter& w, const LeaveRoom& m) {
  write_header(w, WireTag::leave_room);
  w.u32(m.request.value);
  w.u64(m.room.value);
}
LeaveRoom read_leave_room(WireReader& r) {
  LeaveRoom m;
  m.request = read_request(r);
  m.room = read_room(r);
  return m;
}

void write(ByteWriter& w, const SetReady& m) {
  write_header(w, WireTag::set_ready);
  w.u32(m.request.value);
  w.u64(m.room.value);
  write_bool(w, m.ready);
}
SetReady read_set_ready(WireReader& r) {
  SetReady m;
  m.request = read_request(r);
  m.room = read_room(r);
  m.ready = r.boolean();
  return m;
}

void write(ByteWriter& w, const QuickMatch& m) {
  write_header(w, WireTag::quick_match);
  w.u32(m.request.value);
  w.text(m.game);
  w.u8(m.seats);
}
QuickMatch read_quick_match(WireReader& r) {
  QuickMatch m;
  m.request = read_request(r);
  m.game = r.text(kMaxGameNameBytes);
  m.seats = read_seat_count(r);
  return m;
}

void write(ByteWriter& w, const LeaveQueue& m) {
  write_header(w, WireTag::leave_queue);
  w.u32(m.request.value);
}
LeaveQueue read_leave_queue(WireReader& r) { return LeaveQueue{read_request(r)}; }

void write(ByteWriter& w, const Chat& m) {
  write_header(w, WireTag::chat);
  w.u32(m.request.value);
  w.u64(m.room.value);
  w.text(m.text);
}
Chat read_chat(WireReader& r) {
  Chat m;
  m.request = read_request(r);
  m.room = read_room(r);
  m.text = r.text(kMaxChatBytes);
  return m;
}

void write(ByteWriter& w, const Post& m) {
  write_header(w, WireTag::post);
  w.u32(m.request.value);
  w.u64(m.room.value);
  write_signed_envelope(w, m.envelope);
}
Post read_post(WireReader& r) {
  RequestId request = read_request(r);
  RoomId room = read_room(r);
  SignedEnvelope envelope = read_signed_envelope(r);
  return Post{request, room, std::move(envelope)};
}

void write(ByteWriter& w, const FetchEntries& m) {
  write_header(w, WireTag::fetch_entries);
  w.u32(m.request.value);
  w.u64(m.room.value);
  w.u64(m.from.value);
}
FetchEntries read_fetch_entries(WireReader& r) {
  FetchEntries m;
  m.request = read_request(r);
  m.room = read_room(r);
  m.from = EntryIndex{r.u64()};
  return m;
}

void write(ByteWriter& w, const StatusQuery& m) {
  write_header(w, WireTag::status_query);
  w.u32(m.request.value);
}
StatusQuery read_status_query(WireReader& r) { return StatusQuery{read_request(r)}; }

// ---- lobby → client ----------------------------------------------------------------------

void write(ByteWriter& w, const Welcome& m) {
  write_header(w, WireTag::welcome);
  w.u32(m.request.value);
  w.text(m.display_name);
  w.u32(static_cast<std::uint32_t>(m.seated_rooms.size()));
  for (RoomId room : m.seated_rooms) w.u64(room.value);
}
Welcome read_welcome(WireReader& r) {
  Welcome m;
  m.request = read_request(r);
  m.display_name = r.text(kMaxDisplayNameBytes);
  std::size_t n = r.count(kMaxWelcomeRooms);
  for (std::size_t i = 0; i < n && !r.failed(); ++i) m.seated_rooms.push_back(read_room(r));
  return m;
}

void write(ByteWriter& w, const Refused& m) {
  write_header(w, WireTag::refused);
  w.u32(m.request.value);
  w.u16(static_cast<std::uint16_t>(m.reason));
  w.text(m.detail);
}
Refused read_refused(WireReader& r) {
  Refused m;
  m.request = read_request(r);
  std::uint16_t reason = r.u16();
  if (!r.failed() && (reason < 1 || reason > static_cast<std::uint16_t>(Refusal::unavailable))) {
    r.fail(WireError::bad_value);
  }
  m.reason = static_cast<Refusal>(reason);
  m.detail = r.text(kMaxDetailBytes);
  return m;
}

void write(ByteWriter& w, const Done& m) {
  write_header(w, WireTag::done);
  w.u32(m.request.value);
}
Done read_done(WireReader& r) { return Done{read_request(r)}; }

// A room's header, as RoomState carries it after the request id.
void write_room_header(ByteWriter& w, const RoomHeader& h) {
  w.u64(h.room.value);
  w.text(h.game);
  w.bytes(h.options);
  w.u8(static_cast<std::uint8_t>(h.visibility));
  w.text(h.invite_code);
  w.u8(static_cast<std::uint8_t>(h.phase));
  w.raw(h.session_id.bytes);
}
RoomHeader read_room_header(WireReader& r) {
  RoomHeader h;
  h.room = read_room(r);
  h.game = read_game_name(r);
  h.options = r.bytes(kMaxOptionsBytes);
  h.visibility = read_enum<Visibility>(r, 1);
  h.invite_code = r.text(kMaxInviteCodeBytes);
  h.phase = read_enum<RoomPhase>(r, 2);
  r.raw(h.session_id.bytes);
  return h;
}

void write(ByteWriter& w, const RoomState& m) {
  write_header(w, WireTag::room_state);
  w.u32(m.request.value);
  write_room_header(w, m);
  w.u64(m.entry_count.value);
  w.u8(static_cast<std::uint8_t>(m.seats.size()));
  for (const SeatInfo& s : m.seats) {
    write_bool(w, s.key.has_value());
    if (!s.key) continue;
    w.raw(s.key->bytes());
    w.text(s.name);
    write_bool(w, s.ready);
    write_bool(w, s.connected);
  }
  w.u16(m.spectators);
}
RoomState read_room_state(WireReader& r) {
  RoomState m;
  m.request = read_request(r);
  static_cast<RoomHeader&>(m) = read_room_header(r);
  m.entry_count = EntryIndex{r.u64()};
  std::uint8_t seats = read_seat_count(r);
  for (std::uint8_t i = 0; i < seats && !r.failed(); ++i) {
    SeatInfo s;
    if (r.boolean()) {
      s.key = read_key_or_placeholder(r);
      s.name = r.text(kMaxDisplayNameBytes);
      s.ready = r.boolean();
      s.connected = r.boolean();
    }
    m.seats.push_back(std::move(s));
  }
  m.spectators = r.u16();
  return m;
}

void write(ByteWriter& w, const RoomList& m) {
  write_header(w, WireTag::room_list);
  w.u32(m.request.value);
  w.u32(static_cast<std::uint32_t>(m.rooms.size()));
  for (const RoomSummary& s : m.rooms) {
    w.u64(s.room.value);
    w.text(s.game);
    w.u8(s.seat_count());
    for (const auto& name : s.seats) {
      write_bool(w, name.has_value());
      if (name) w.text(*name);
    }
    w.u16(s.spectators);
    w.u8(static_cast<std::uint8_t>(s.phase));
    write_bool(w, s.options.has_value());
    if (s.options) w.bytes(*s.options);
  }
  write_bool(w, m.more);
}
RoomList read_room_list(WireReader& r) {
  RoomList m;
  m.request = read_request(r);
  std::size_t n = r.count(kMaxRoomsPerList);
  for (std::size_t i = 0; i < n && !r.failed(); ++i) {
    RoomSummary s;
    s.room = read_room(r);
    s.game = read_game_name(r);
    const std::uint8_t seats = read_seat_count(r);
    for (std::uint8_t seat = 0; seat < seats && !r.failed(); ++seat) {
      if (r.boolean())
        s.seats.emplace_back(r.text(kMaxDisplayNameBytes));
      else
        s.seats.emplace_back();
    }
    s.spectators = r.u16();
    s.phase = read_enum<RoomPhase>(r, 2);
    if (r.boolean()) s.options = r.bytes(kMaxListedOptionsBytes);
    m.rooms.push_back(std::move(s));
  }
  m.more = r.boolean();
  return m;
}

void write(ByteWriter& w, const Queued& m) {
  write_header(w, WireTag::queued);
  w.u32(m.request.value);
  w.text(m.game);
  w.u8(m.seats);
  w.u16(m.waiting);
}
Queued read_queued(WireReader& r) {
  Queued m;
  m.request = read_request(r);
  m.game = read_game_name(r);
  m.seats = read_seat_count(r);
  m.waiting = r.u16();
  return m;
}

void write(ByteWriter& w, const EntryMessage& m) {
  write_header(w, WireTag::entry);
  w.u64(m.room.value);
  w.raw(encode_signed_entry(m.entry));
}
EntryMessage read_entry_message(WireReader& r) {
  RoomId room = read_room(r);
  SignedEntry entry = read_signed_entry(r);
  return EntryMessage{room, std::move(entry)};
}

void write(ByteWriter& w, const EntriesEnd& m) {
  write_header(w, WireTag::entries_end);
  w.u32(m.request.value);
  w.u64(m.room.value);
  w.u64(m.next.value);
  w.u64(m.entry_count.value);
}
EntriesEnd read_entries_end(WireReader& r) {
  EntriesEnd m;
  m.request = read_request(r);
  m.room = read_room(r);
  m.next = EntryIndex{r.u64()};
  m.entry_count = EntryIndex{r.u64()};
  if (!r.failed() && m.next > m.entry_count) r.fail(WireError::bad_value);
  return m;
}

void write(ByteWriter& w, const ChatLine& m) {
  write_header(w, WireTag::chat_line);
  w.u64(m.room.value);
  w.raw(m.from.bytes());
  w.text(m.name);
  w.u8(static_cast<std::uint8_t>(m.role));
  w.text(m.text);
}
ChatLine read_chat_line(WireReader& r) {
  RoomId room = read_room(r);
  crypto::PublicKey from = read_key_or_placeholder(r);
  std::string name = r.text(kMaxDisplayNameBytes);
  Role role = read_enum<Role>(r, 1);
  std::string text = r.text(kMaxChatBytes);
  return ChatLine{room, from, std::move(name), role, std::move(text)};
}

void write(ByteWriter& w, const StatusReport& m) {
  write_header(w, WireTag::status_report);
  w.u32(m.request.value);
  w.u32(m.connections);
  w.u32(m.players_online);
  w.u32(m.rooms_waiting);
  w.u32(m.rooms_started);
  w.u32(m.seats_filled);
  w.u32(m.spectators);
  w.u32(m.queued_players);
  w.u64(m.entries_total);
  w.u32(m.entries_per_second);
  w.u64(m.uptime_ms);
}
StatusReport read_status_report(WireReader& r) {
  StatusReport m;
  m.request = read_request(r);
  m.connections = r.u32();
  m.players_online = r.u32();
  m.rooms_waiting = r.u32();
  m.rooms_started = r.u32();
  m.seats_filled = r.u32();
  m.spectators = r.u32();
  m.queued_players = r.u32();
  m.entries_total = r.u64();
  m.entries_per_second = r.u32();
  m.uptime_ms = r.u64();
  return m;
}

void write(ByteWriter& w, const NodeList& m) {
  write_header(w, WireTag::node_list);
  w.u32(static_cast<std::uint32_t>(m.nodes.size()));
  for (const Endpoint& e : m.nodes) w.text(to_string(e));
}
NodeList read_node_list(WireReader& r) {
  NodeList m;
  std::size_t n = r.count(kMaxListedNodes);
  for (std::size_t i = 0; i < n && !r.failed(); ++i) {
    std::string text = r.text(kMaxEndpointBytes);
    if (r.failed()) break;
    auto e = parse_endpoint(text);
    // Canonical only ("host:28", never "host:0028"): the bytes are the one encoding of the list.
    if (!e || e->port == 0 || e->host.find('*') != std::string::npos || to_string(*e) != text) {
      r.fail(WireError::bad_value);
      break;
    }
    m.nodes.push_back(std::move(*e));
  }
  return m;
}

void write(ByteWriter& w, const WatchLobby& m) {
  write_header(w, WireTag::watch_lobby);
  w.u32(m.request.value);
  write_bool(w, m.on);
}
WatchLobby read_watch_lobby(WireReader& r) {
  WatchLobby m;
  m.request = read_request(r);
  m.on = r.boolean();
  return m;
}

void write(ByteWriter& w, const ListPlayers& m) {
  write_header(w, WireTag::list_players);
  w.u32(m.request.value);
  write_bool(w, m.after.has_value());
  if (m.after) w.raw(m.after->bytes());
}
ListPlayers read_list_players(WireReader& r) {
  ListPlayers m;
  m.request = read_request(r);
  if (r.boolean()) m.after = read_key_or_placeholder(r);
  return m;
}

void write(ByteWriter& w, const PlayerList& m) {
  write_header(w, WireTag::player_list);
  w.u32(m.request.value);
  w.u32(static_cast<std::uint32_t>(m.players.size()));
  for (const PlayerSummary& p : m.players) {
    w.raw(p.key.bytes());
    w.text(p.name);
    w.u8(static_cast<std::uint8_t>(p.activity));
    w.u32(static_cast<std::uint32_t>(p.ratings.size()));
    for (const GameRating& g : p.ratings) {
      w.text(g.game);
      w.u16(g.rating);
      w.u16(g.deviation);
    }
  }
  write_bool(w, m.more);
}
// Players in strictly ascending key order and each one's ratings in strictly ascending game
// order: the bytes are the one encoding of the page.
PlayerList read_player_list(WireReader& r) {
  PlayerList m;
  m.request = read_request(r);
  std::size_t n = r.count(kMaxPlayersPerList);
  for (std::size_t i = 0; i < n && !r.failed(); ++i) {
    PlayerSummary p{read_key_or_placeholder(r), {}, Activity::idle, {}};
    p.name = r.text(kMaxDisplayNameBytes);
    p.activity = read_enum<Activity>(r, 3);
    std::size_t k = r.count(kMaxRatingsPerPlayer);
    for (std::size_t j = 0; j < k && !r.failed(); ++j) {
      GameRating g;
      g.game = read_game_name(r);
      g.rating = r.u16();
      g.deviation = r.u16();
      if (!r.failed() && !p.ratings.empty() && !(p.ratings.back().game < g.game)) r.fail(WireError::bad_value);
      p.ratings.push_back(std::move(g));
    }
    if (!r.failed() && !m.players.empty() && !(m.players.back().key < p.key))
      r.fail(WireError::bad_value);
    m.players.push_back(std::move(p));
  }
  m.more = r.boolean();
  return m;
}

void write(ByteWriter& w, const LobbyPulse& m) {
  write_header(w, WireTag::lobby_pulse);
  w.u32(m.request.value);
  w.u32(m.players_online);
  w.u32(static_cast<std::uint32_t>(m.queues.size()));
  for (const QueueCount& q : m.queues) {
    w.text(q.game);
    w.u8(q.seats);
    w.u16(q.waiting);
  }
}
// Queues in strictly ascending (game, seats) order, each with someone waiting.
LobbyPulse read_lobby_pulse(WireReader& r) {
  LobbyPulse m;
  m.request = read_request(r);
  m.players_online = r.u32();
  std::size_t n = r.count(kMaxListedQueues);
  for (std::size_t i = 0; i < n && !r.failed(); ++i) {
    QueueCount q;
    q.game = read_game_name(r);
    q.seats = read_seat_count(r);
    q.waiting = r.u16();
    if (r.failed()) break;
    if (q.waiting == 0) r.fail(WireError::bad_value);
    if (!m.queues.empty() && !(std::tie(m.queues.back().game, m.queues.back().seats) < std::tie(q.game, q.seats)))
      r.fail(WireError::bad_value);
    m.queues.push_back(std::move(q));
  }
  return m;
}

template <class Message, class ReadFn>
auto decode_with(std::span<const std::uint8_t> bytes, WireTag tag, ReadFn read) {
  WireReader r(bytes);
  r.header(tag, wire_version(tag));
  auto value = read(r);
  return r.finish(std::move(value));
}

template <class Variant, class T>
game::Result<Variant, WireError> widen(game::Result<T, WireError>&& r) {
  if (!r) return r.error();
  return Variant{std::move(r).value()};
}

}  // namespace

std::string_view describe(Refusal refusal) {
  switch (refusal) {
    case Refusal::malformed: return "the message does not decode";
    case Refusal::unsupported_version: return "unsupported record format version";
    case Refusal::unknown_message: return "not a request the lobby knows";
    case Refusal::not_logged_in: return "log in first";
    case Refusal::already_logged_in: return "this connection has logged in already";
    case Refusal::bad_login_signature: return "the connection proved no key to log in with";
    case Refusal::bad_display_name: return "the display name is invalid, empty or too long";
    case Refusal::login_timeout: return "no login within the time limit";
    case Refusal::logged_in_elsewhere: return "the same key logged in on another connection";
    case Refusal::rate_limited: return "too many messages or bytes; slow down";
    case Refusal::too_large: return "a message or field is larger than allowed";
    case Refusal::too_many_connections: return "too many connections from this address";
    case Refusal::server_full: return "the lobby has no room for another connection";
    case Refusal::no_such_room: return "no open room with that id or code";
    case Refusal::room_full: return "every seat of the room is taken";
    case Refusal::wrong_invite_code: return "the room needs its invite code";
    case Refusal::too_many_rooms: return "you hold seats in the maximum number of rooms";
    case Refusal::bad_room_parameters: return "game name, seat count or options out of range";
    case Refusal::already_in_room: return "you are in that room already";
    case Refusal::not_a_member: return "you are not in that room";
    case Refusal::not_a_seat: return "only players seated in the room may do that";
    case Refusal::game_started: return "the game has started";
    case Refusal::not_started: return "the game has not started";
    case Refusal::already_queued: return "you are in a quick-match queue already";
    case Refusal::not_queued: return "you are not in a quick-match queue";
    case Refusal::wrong_session: return "the envelope names another session";
    case Refusal::wrong_seat: return "the envelope names another seat than yours";
    case Refusal::bad_seen_entry: return "seen index and hash do not name an entry of the transcript";
    case Refusal::bad_envelope_signature: return "the envelope's signature does not verify";
    case Refusal::transcript_full: return "the room's transcript is full";
    case Refusal::bad_chat_text: return "the chat text is invalid, empty or too long";
    case Refusal::shutting_down: return "the lobby is shutting down";
    case Refusal::too_many_spectated_rooms: return "you watch the maximum number of rooms";
    case Refusal::handshake_failed: return "the secure channel's handshake failed";
    case Refusal::rejected_packets: return "packets that do not authenticate, one after another";
    case Refusal::lost_packet: return "a packet was lost on the path (something took its place)";
    case Refusal::seat_reserved: return "the seats of this room are reserved to other keys";
    case Refusal::room_moved: return "a room of yours moved to another lobby node: reconnect";
    case Refusal::unavailable: return "the lobby cannot serve that now (its database or the room's node is away): try again";
  }
  return "unknown refusal";
}

Refusal refusal_for(WireError error) {
  switch (error) {
    case WireError::too_long: return Refusal::too_large;
    case WireError::wrong_kind: return Refusal::unknown_message;
    case WireError::unsupported_version: return Refusal::unsupported_version;
    case WireError::truncated:
    case WireError::bad_value:
    case WireError::trailing_bytes:
    case WireError::invalid_key: return Refusal::malformed;
  }
  return Refusal::malformed;
}

Bytes encode(const ClientMessage& message) {
  ByteWriter w;
  std::visit([&](const auto& m) { write(w, m); }, message);
  return std::move(w).take();
}

Bytes encode(const LobbyMessage& message) {
  ByteWriter w;
  std::visit([&](const auto& m) { write(w, m); }, message);
  return std::move(w).take();
}

game::Result<ClientMessage, WireError> decode_client_message(std::span<const std::uint8_t> bytes) {
  auto tag = peek_tag(bytes);
  if (!tag) return WireError::truncated;
  using V = ClientMessage;
  switch (*tag) {
    case WireTag::login: return widen<V>(decode_with<Login>(bytes, *tag, read_login));
    case WireTag::create_room: return widen<V>(decode_create_room(bytes));
    case WireTag::list_rooms: return widen<V>(decode_with<ListRooms>(bytes, *tag, read_list_rooms));
    case WireTag::join_room: return widen<V>(decode_with<JoinRoom>(bytes, *tag, read_join_room));
    case WireTag::leave_room: return widen<V>(decode_with<LeaveRoom>(bytes, *tag, read_leave_room));
    case WireTag::set_ready: return widen<V>(decode_with<SetReady>(bytes, *tag, read_set_ready));
    case WireTag::quick_match: return widen<V>(decode_with<QuickMatch>(bytes, *tag, read_quick_match));
    case WireTag::leave_queue: return widen<V>(decode_with<LeaveQueue>(bytes, *tag, read_leave_queue));
    case WireTag::chat: return widen<V>(decode_with<Chat>(bytes, *tag, read_chat));
    case WireTag::post: return widen<V>(decode_with<Post>(bytes, *tag, read_post));
    case WireTag::fetch_entries: return widen<V>(decode_with<FetchEntries>(bytes, *tag, read_fetch_entries));
    case WireTag::status_query: return widen<V>(decode_with<StatusQuery>(bytes, *tag, read_status_query));
    case WireTag::watch_lobby: return widen<V>(decode_with<WatchLobby>(bytes, *tag, read_watch_lobby));
    case WireTag::list_players: return widen<V>(decode_with<ListPlayers>(bytes, *tag, read_list_players));
    default: return WireError::wrong_kind;
  }
}

game::Result<LobbyMessage, WireError> decode_lobby_message(std::span<const std::uint8_t> bytes) {
  auto tag = peek_tag(bytes);
  if (!tag) return WireError::truncated;
  using V = LobbyMessage;
  switch (*tag) {
    case WireTag::welcome: return widen<V>(decode_with<Welcome>(bytes, *tag, read_welcome));
    case WireTag::refused: return widen<V>(decode_with<Refused>(bytes, *tag, read_refused));
    case WireTag::done: return widen<V>(decode_with<Done>(bytes, *tag, read_done));
    case WireTag::room_state: return widen<V>(decode_with<RoomState>(bytes, *tag, read_room_state));
    case WireTag::room_list: return widen<V>(decode_with<RoomList>(bytes, *tag, read_room_list));
    case WireTag::queued: return widen<V>(decode_with<Queued>(bytes, *tag, read_queued));
    case WireTag::entry: return widen<V>(decode_with<EntryMessage>(bytes, *tag, read_entry_message));
    case WireTag::entries_end: return widen<V>(decode_with<EntriesEnd>(bytes, *tag, read_entries_end));
    case WireTag::chat_line: return widen<V>(decode_with<ChatLine>(bytes, *tag, read_chat_line));
    case WireTag::status_report: return widen<V>(decode_with<StatusReport>(bytes, *tag, read_status_report));
    case WireTag::node_list: return widen<V>(decode_with<NodeList>(bytes, *tag, read_node_list));
    case WireTag::player_list: return widen<V>(decode_with<PlayerList>(bytes, *tag, read_player_list));
    case WireTag::lobby_pulse: return widen<V>(decode_with<LobbyPulse>(bytes, *tag, read_lobby_pulse));
    default: return WireError::wrong_kind;
  }
}

RequestId peek_request_id(std::span<const std::uint8_t> bytes) {
  // Every request is u8 tag ‖ u8 version ‖ u32 request id ‖ …
  if (bytes.size() < 6) return RequestId{0};
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(bytes[2 + static_cast<std::size_t>(i)]) << (8 * i);
  return RequestId{v};
}

RequestId request_id_of(const ClientMessage& message) {
  return std::visit([](const auto& m) { return m.request; }, message);
}

Bytes encode_entry_message(RoomId room, std::span<const std::uint8_t> signed_entry_wire) {
  ByteWriter w;
  write_header(w, WireTag::entry);
  w.u64(room.value);
  w.raw(signed_entry_wire);
  return std::move(w).take();
}

}  // namespace parley::lobby
