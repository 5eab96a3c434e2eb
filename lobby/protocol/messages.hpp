#pragma once
// The messages between a client and the lobby (docs/lobby.md has every field). Requests carry
// a client-chosen RequestId that the lobby echoes in its answer — the answer itself, Done, or a
// Refused with a typed reason; pushes (room changes, entries, chat) carry RequestId 0.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/entry.hpp"
#include "lobby/protocol/envelope.hpp"
#include "lobby/protocol/ids.hpp"
#include "lobby/protocol/room_header.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::lobby {

enum class Role : std::uint8_t { player = 0, spectator = 1 };

// Why the lobby refused a request. Stable numbers: clients switch on them.
enum class Refusal : std::uint16_t {
  malformed = 1,                // the message does not decode
  unsupported_version = 2,      // a record format version this lobby does not know
  unknown_message = 3,          // a tag that is not a request
  not_logged_in = 4,            // log in first
  already_logged_in = 5,        // this connection has logged in already
  bad_login_signature = 6,      // the connection proved no key to log in with (protocol 1: a bad signature)
  bad_display_name = 7,         // invalid UTF-8, empty or too long once sanitised
  login_timeout = 8,            // no login within the time limit; the lobby disconnects
  logged_in_elsewhere = 9,      // the same key logged in on a newer connection; this one closes
  rate_limited = 10,            // over the connection's message or byte budget
  too_large = 11,               // a message, envelope or field beyond its bound
  too_many_connections = 12,    // this address has the maximum number of connections
  server_full = 13,             // the lobby holds the maximum number of connections
  no_such_room = 14,            // no open room with that id or invite code
  room_full = 15,               // every seat is taken
  wrong_invite_code = 16,       // invite-only room without (the right) code
  too_many_rooms = 17,          // the player holds seats in the maximum number of rooms
  bad_room_parameters = 18,     // game name, seat count or options out of range
  already_in_room = 19,         // this connection is a member already
  not_a_member = 20,            // this connection is not in that room
  not_a_seat = 21,              // only seats may do that (ready, post)
  game_started = 22,            // the game has begun: no new players
  not_started = 23,             // the game has not begun: nothing to post or fetch
  already_queued = 24,          // one quick-match queue per connection
  not_queued = 25,              // leave_queue without a queue
  wrong_session = 26,           // the envelope names another session
  wrong_seat = 27,              // the envelope names another seat than the sender's
  bad_seen_entry = 28,          // seen_index/seen_hash do not name an entry of this transcript
  bad_envelope_signature = 29,  // the seat's signature does not verify
  transcript_full = 30,         // the room has the maximum number of entries
  bad_chat_text = 31,           // invalid UTF-8, empty or too long once sanitised
  shutting_down = 32,           // the lobby is stopping; reconnect later
  too_many_spectated_rooms = 33,  // this connection watches the maximum number of rooms
  // The secure channel (docs/lobby.md): each ends the connection.
  handshake_failed = 34,        // the handshake message did not decode or did not prove its key
  rejected_packets = 35,        // packets that do not authenticate (or replays), one after another
  lost_packet = 36,             // a packet was taken out of the ordered channel on the path
  seat_reserved = 37,           // the room's seats are reserved to other keys (an event's board)
  // A lobby cluster's (docs/lobby.md, "Cluster").
  room_moved = 38,              // a room of this connection moved to another lobby node: reconnect
  unavailable = 39,             // the lobby's database or the room's node is unavailable now: try again
};
std::string_view describe(Refusal refusal);
// The refusal for a request that did not decode.
Refusal refusal_for(WireError error);

// ---- client → lobby ----------------------------------------------------------------------

// Logs in with the key the secure channel's handshake proved (handshake.hpp) under a display
// name.
struct Login {
  RequestId request;
  std::string display_name;  // as typed; the lobby sanitises it
  friend bool operator==(const Login&, const Login&) = default;
};
struct CreateRoom {
  RequestId request;
  std::string game;
  std::uint8_t seats = 0;
  Bytes options;
  Visibility visibility = Visibility::public_room;
  // Empty, or one distinct key a seat: seat i goes only to reserved[i] (an event's board,
  // docs/lobby.md, "Reserved seats"). A request with them is at format version 2, one without
  // them has the bytes it always had (version 1).
  std::vector<crypto::PublicKey> reserved;
  friend bool operator==(const CreateRoom&, const CreateRoom&) = default;
};
struct ListRooms {
  RequestId request;
  std::string game;  // empty: every game
  RoomId after;      // paging: rooms with a larger id
  friend bool operator==(const ListRooms&, const ListRooms&) = default;
};
struct JoinRoom {
  RequestId request;
  RoomId room;              // 0 when joining by invite code
  std::string invite_code;  // empty for public rooms
  Role role = Role::player;
  friend bool operator==(const JoinRoom&, const JoinRoom&) = default;
};
struct LeaveRoom {
  RequestId request;
  RoomId room;
  friend bool operator==(const LeaveRoom&, const LeaveRoom&) = default;
};
struct SetReady {
  RequestId request;
  RoomId room;
  bool ready = false;
  friend bool operator==(const SetReady&, const SetReady&) = default;
};
struct QuickMatch {
  RequestId request;
  std::string game;
  std::uint8_t seats = 0;
  friend bool operator==(const QuickMatch&, const QuickMatch&) = default;
};
struct LeaveQueue {
  RequestId request;
  friend bool operator==(const LeaveQueue&, const LeaveQueue&) = default;
};
struct Chat {
  RequestId request;
  RoomId room;
  std::string text;
  friend bool operator==(const Chat&, const Chat&) = default;
};
struct Post {
  RequestId request;
  RoomId room;
  SignedEnvelope envelope;
  friend bool operator==(const Post&, const Post&) = default;
};
struct FetchEntries {
  RequestId request;
  RoomId room;
  EntryIndex from;
  friend bool operator==(const FetchEntries&, const FetchEntries&) = default;
};
struct StatusQuery {
  RequestId request;
  friend bool operator==(const StatusQuery&, const StatusQuery&) = default;
};
// Joins (on) or leaves (off) the lobby's common room: its chat (Chat and ChatLine with room
// kLobbyRoom) and LobbyPulse pushes of who is online and who waits in each queue. Answered
// by Done and, when on, a LobbyPulse at once.
struct WatchLobby {
  RequestId request;
  bool on = true;
  friend bool operator==(const WatchLobby&, const WatchLobby&) = default;
};
// Asks for a page of the players online (logged in), in key order after `after` (none: from
// the first). Answered by PlayerList.
struct ListPlayers {
  RequestId request;
  std::optional<crypto::PublicKey> after;
  friend bool operator==(const ListPlayers&, const ListPlayers&) = default;
};

using ClientMessage = std::variant<Login, CreateRoom, ListRooms, JoinRoom, LeaveRoom, SetReady, QuickMatch,
                                   LeaveQueue, Chat, Post, FetchEntries, StatusQuery, WatchLobby, ListPlayers>;

// ---- lobby → client ----------------------------------------------------------------------

struct Welcome {
  RequestId request;
  std::string display_name;         // sanitised, as other players see it
  std::vector<RoomId> seated_rooms;  // open rooms where this key holds a seat (to resume)
  friend bool operator==(const Welcome&, const Welcome&) = default;
};
struct Refused {
  RequestId request;
  Refusal reason = Refusal::malformed;
  std::string detail;
  friend bool operator==(const Refused&, const Refused&) = default;
};
struct Done {
  RequestId request;
  friend bool operator==(const Done&, const Done&) = default;
};
struct SeatInfo {
  std::optional<crypto::PublicKey> key;  // empty seat: none
  std::string name;
  bool ready = false;
  bool connected = false;
  friend bool operator==(const SeatInfo&, const SeatInfo&) = default;
};
// A room as its members see it; pushed to every member whenever it changes. Members of an
// invite-only room see its invite code, to pass it on.
struct RoomState : RoomHeader {
  RequestId request;
  EntryIndex entry_count;   // entries in the transcript so far
  std::vector<SeatInfo> seats;
  std::uint16_t spectators = 0;
  friend bool operator==(const RoomState&, const RoomState&) = default;
};
// A public room as a room list shows it to anyone deciding where to sit.
struct RoomSummary {
  RoomId room;
  std::string game;
  std::vector<std::optional<std::string>> seats;  // per seat, its player's name; none: open
  std::uint16_t spectators = 0;
  RoomPhase phase = RoomPhase::waiting;
  // The creator's options (clock, event, the game's own), when at most kMaxListedOptionsBytes;
  // none when longer (a Risiko room carrying its own map), to keep a page of rooms small.
  std::optional<Bytes> options;
  std::uint8_t seat_count() const { return static_cast<std::uint8_t>(seats.size()); }
  std::uint8_t seated() const;
  friend bool operator==(const RoomSummary&, const RoomSummary&) = default;
};
struct RoomList {
  RequestId request;
  std::vector<RoomSummary> rooms;  // public rooms in id order, at most kMaxRoomsPerList
  bool more = false;               // ask again with after = the last id
  friend bool operator==(const RoomList&, const RoomList&) = default;
};
struct Queued {
  RequestId request;
  std::string game;
  std::uint8_t seats = 0;
  std::uint16_t waiting = 0;  // players in this queue, the sender included
  friend bool operator==(const Queued&, const Queued&) = default;
};
struct EntryMessage {
  RoomId room;
  SignedEntry entry;
  friend bool operator==(const EntryMessage&, const EntryMessage&) = default;
};
// Ends the answer to FetchEntries: entries [from, next) were sent; the transcript has
// entry_count entries now (fetch again from next if next < entry_count).
struct EntriesEnd {
  RequestId request;
  RoomId room;
  EntryIndex next;
  EntryIndex entry_count;
  friend bool operator==(const EntriesEnd&, const EntriesEnd&) = default;
};
struct ChatLine {
  RoomId room;
  crypto::PublicKey from;
  std::string name;
  Role role = Role::player;
  std::string text;  // sanitised
  friend bool operator==(const ChatLine&, const ChatLine&) = default;
};
struct StatusReport {
  RequestId request;
  std::uint32_t connections = 0;
  std::uint32_t players_online = 0;  // logged-in connections
  std::uint32_t rooms_waiting = 0;
  std::uint32_t rooms_started = 0;
  std::uint32_t seats_filled = 0;
  std::uint32_t spectators = 0;
  std::uint32_t queued_players = 0;
  std::uint64_t entries_total = 0;        // appended since the lobby started
  std::uint32_t entries_per_second = 0;   // over the last 10 s
  std::uint64_t uptime_ms = 0;
  friend bool operator==(const StatusReport&, const StatusReport&) = default;
};

// A cluster's nodes, sent after Welcome by a node of a cluster (docs/lobby.md, "Cluster"): where
// to reconnect, and resume, when this node goes away. A single lobby never sends it.
struct NodeList {
  std::vector<Endpoint> nodes;  // at most kMaxListedNodes, each as HOST:PORT
  friend bool operator==(const NodeList&, const NodeList&) = default;
};

// What a player online is doing, as others see it.
enum class Activity : std::uint8_t { idle = 0, queued = 1, playing = 2, watching = 3 };
// A player's rating in one game, from the lobby's archive of verified games (Glicko-2, rounded).
struct GameRating {
  std::string game;
  std::uint16_t rating = 0;     // e.g. 1500
  std::uint16_t deviation = 0;  // RD, e.g. 350
  friend bool operator==(const GameRating&, const GameRating&) = default;
};
struct PlayerSummary {
  crypto::PublicKey key;
  std::string name;  // sanitised, as in Welcome
  Activity activity = Activity::idle;
  std::vector<GameRating> ratings;  // at most kMaxRatingsPerPlayer, one per game, by game name
  friend bool operator==(const PlayerSummary&, const PlayerSummary&) = default;
};
struct PlayerList {
  RequestId request;
  std::vector<PlayerSummary> players;  // in key order, at most kMaxPlayersPerList
  bool more = false;                   // ask again with after = the last key
  friend bool operator==(const PlayerList&, const PlayerList&) = default;
};
struct QueueCount {
  std::string game;
  std::uint8_t seats = 0;
  std::uint16_t waiting = 0;
  friend bool operator==(const QueueCount&, const QueueCount&) = default;
};
// Pushed (request 0) to the lobby room's watchers when it changes, at most about once a second,
// and answered at once to WatchLobby: players online, and each non-empty quick-match queue.
struct LobbyPulse {
  RequestId request;
  std::uint32_t players_online = 0;
  std::vector<QueueCount> queues;  // by (game, seats), at most kMaxListedQueues
  friend bool operator==(const LobbyPulse&, const LobbyPulse&) = default;
};

using LobbyMessage = std::variant<Welcome, Refused, Done, RoomState, RoomList, Queued, EntryMessage,
                                  EntriesEnd, ChatLine, StatusReport, NodeList, PlayerList, LobbyPulse>;

// ---- encodings ---------------------------------------------------------------------------

Bytes encode(const ClientMessage& message);
Bytes encode(const LobbyMessage& message);
game::Result<ClientMessage, WireError> decode_client_message(std::span<const std::uint8_t> bytes);
game::Result<LobbyMessage, WireError> decode_lobby_message(std::span<const std::uint8_t> bytes);

// The request id of a request that failed to decode, when its first bytes hold one (0 if not).
RequestId peek_request_id(std::span<const std::uint8_t> bytes);
RequestId request_id_of(const ClientMessage& message);

// An EntryMessage built straight from a stored signed entry (entry bytes ‖ signature).
Bytes encode_entry_message(RoomId room, std::span<const std::uint8_t> signed_entry_wire);

}  // namespace parley::lobby
