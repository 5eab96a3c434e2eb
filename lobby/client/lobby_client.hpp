#pragma once
// The lobby's client (docs/design.md, "Layers": peer/ uses it as its connection to the lobby).
// Non-blocking: nothing waits unless poll() is given a timeout, so a UI frame loop or a
// session thread drives it by calling poll() and draining next_event(). It logs in by itself
// when it has an identity, and follows the transcript of every started room it is in: each
// entry is checked (chain, lobby and seat signatures, seen hashes) before it is appended and
// reported, gaps are fetched, and a lobby that shows two versions of an entry is reported.
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/channel.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/handshake.hpp"
#include "lobby/protocol/messages.hpp"
#include "lobby/protocol/transcript.hpp"

typedef struct _ENetHost ENetHost;
typedef struct _ENetPeer ENetPeer;

namespace parley::lobby {

struct ClientOptions {
  Endpoint lobby;
  // None: a status-only connection that never logs in (its handshake proves a key made for it).
  std::optional<crypto::Identity> identity;
  std::string display_name;
  std::optional<crypto::PublicKey> expected_lobby_key;  // refuse any other lobby
};

struct ClientError {
  enum class Kind : std::uint8_t { bad_address, network } kind;
  std::string detail;
};

// The secure channel is up: the lobby proved lobby_key (the pinned one, if one was); a client
// with an identity has sent its login.
struct Connected {
  crypto::PublicKey lobby_key;
};
// An entry was verified and appended to the room's transcript (see LobbyClient::transcript).
struct EntryAppended {
  RoomId room;
  EntryIndex index;
};
// The lobby sent an entry that does not fit the transcript: a lobby fault, never the peer's.
struct TranscriptFault {
  RoomId room;
  EntryIndex index;
  TranscriptError error;
};
// The lobby sent bytes that are not a lobby message.
struct ProtocolFault {
  WireError error;
};
// Why a connection ended, for a program to act on (the reason text is for a person).
enum class DisconnectKind : std::uint8_t {
  closed,            // it closed: disconnect(), the lobby closed it, or it fell silent
  refused,           // the lobby refused and closed it (its Refused came first)
  protocol_version,  // the lobby speaks another protocol version: connecting again will not help
  wrong_lobby_key,   // the lobby proved another key than the pinned one: this client will not talk to it
  handshake_failed,  // the lobby's handshake did not decode or prove its key
  rejected_packets,  // packets that do not authenticate (or replays) in a row, on the path to either side
  lost_packet,       // a packet was taken out of the channel on the path, to either side
};
std::string_view describe(DisconnectKind kind);

struct Disconnected {
  std::string reason;
  DisconnectKind kind = DisconnectKind::closed;
  std::optional<crypto::PublicKey> lobby_key{};  // wrong_lobby_key: the key the lobby proved
};

using ClientEvent = std::variant<Connected, Welcome, Refused, Done, RoomState, RoomList, Queued, EntryAppended,
                                 EntriesEnd, ChatLine, StatusReport, TranscriptFault, ProtocolFault, Disconnected,
                                 PlayerList, LobbyPulse>;

enum class ClientState : std::uint8_t { connecting, logging_in, ready, disconnected };

enum class PostError : std::uint8_t {
  not_following,  // no transcript of that room yet (not started, or genesis not received)
  not_a_seat,     // this client's key holds no seat in the game
  too_large,      // the body exceeds kMaxEnvelopeBody
  no_identity,    // a status-only client cannot sign
};
std::string_view describe(PostError error);

class LobbyClient {
 public:
  static game::Result<std::unique_ptr<LobbyClient>, ClientError> connect(ClientOptions options);
  ~LobbyClient();  // leaves at once (the lobby sees the disconnection immediately)
  LobbyClient(const LobbyClient&) = delete;
  LobbyClient& operator=(const LobbyClient&) = delete;

  // Services the connection, waiting up to timeout_ms for the first network event.
  void poll(std::uint32_t timeout_ms);
  std::optional<ClientEvent> next_event();
  ClientState state() const { return state_; }
  const std::optional<crypto::PublicKey>& lobby_key() const { return lobby_key_; }
  // The nodes of the lobby's cluster, as the node told at login (empty for a single lobby):
  // where to reconnect when this one goes away.
  const std::vector<Endpoint>& nodes() const { return nodes_; }
  // When the lobby was last heard from (any packet, its keepalives among them; the connection's
  // start before that).
  std::chrono::steady_clock::time_point heard_at() const { return heard_at_; }
  // Packets from the lobby opened, and dropped as forged or replayed (zero before the channel).
  ChannelStats channel_stats() const { return channel_ ? channel_->stats() : ChannelStats{}; }

  // Requests: each returns the id the answer will carry. Sent once connected.
  // `reserved`: empty, or the only key each seat takes (CreateRoom::reserved).
  RequestId create_room(std::string game, std::uint8_t seats, Bytes options, Visibility visibility,
                        std::vector<crypto::PublicKey> reserved = {});
  RequestId list_rooms(std::string game = {}, RoomId after = {});
  RequestId join_room(RoomId room, Role role, std::string invite_code = {});
  RequestId join_by_code(std::string invite_code, Role role);
  RequestId leave_room(RoomId room);
  RequestId set_ready(RoomId room, bool ready);
  RequestId quick_match(std::string game, std::uint8_t seats);
  RequestId leave_queue();
  RequestId chat(RoomId room, std::string text);
  RequestId fetch_entries(RoomId room, EntryIndex from);
  RequestId status();
  // The lobby's common room: its chat (chat(kLobbyRoom, text)) and LobbyPulse pushes.
  RequestId watch_lobby(bool on);
  RequestId list_players(std::optional<crypto::PublicKey> after = {});
  // Signs and posts an envelope, naming the last entry this client has verified as seen.
  game::Result<RequestId, PostError> post(RoomId room, EnvelopeKind kind, Bytes body);

  // The verified transcript of a room, once its genesis has arrived.
  const Transcript* transcript(RoomId room) const;
  // Continues a transcript kept from an earlier connection (a restarted peer): entries after
  // its end are fetched instead of the whole game.
  void adopt_transcript(RoomId room, Transcript transcript);

  // Sends bytes as they are as one message (sealed like any): for tests of the lobby's handling
  // of hostile input.
  void send_raw(std::span<const std::uint8_t> bytes);
  // Starts a graceful disconnection; poll() until state() is disconnected.
  void disconnect();

 private:
  struct Follow {
    std::optional<Transcript> transcript;
    std::map<std::uint64_t, SignedEntry> early;  // arrived ahead of a gap
    std::optional<RequestId> fetching;  // our own FetchEntries in flight
  };

  LobbyClient(ClientOptions options, ENetHost* host, ENetPeer* peer);
  RequestId next_request() { return RequestId{++last_request_}; }
  RequestId request(ClientMessage message);
  void send_now(const Bytes& bytes);
  void on_connect();
  void on_handshake(std::span<const std::uint8_t> bytes);
  void on_packet(std::uint8_t channel, std::span<std::uint8_t> packet);
  void close(DisconnectKind kind, std::string reason);
  void on_message(std::span<const std::uint8_t> bytes);
  void on_entry(EntryMessage message);
  void on_entries_end(const EntriesEnd& end);
  void on_room_state(const RoomState& state);
  void fetch_missing(RoomId room, Follow& follow);
  void append_in_order(RoomId room, Follow& follow);
  void set_disconnected(std::string reason, DisconnectKind kind, std::optional<crypto::PublicKey> key = {});

  ClientOptions options_;
  crypto::Identity proving_;  // the key the handshake proves: the identity, or one for this connection
  ENetHost* host_;
  ENetPeer* peer_;
  std::optional<ClientHandshake> handshake_;  // between the ENet connection and the channel
  std::optional<Channel> channel_;
  std::optional<Refused> closing_refusal_;    // the last refusal of a request-less kind (it precedes a close)
  std::chrono::steady_clock::time_point capped_at_{};
  std::chrono::steady_clock::time_point sealed_at_{};  // the last packet sent on the channel
  std::chrono::steady_clock::time_point heard_at_ = std::chrono::steady_clock::now();
  ClientState state_ = ClientState::connecting;
  std::optional<crypto::PublicKey> lobby_key_;
  std::uint32_t last_request_ = 0;
  std::vector<Bytes> unsent_;  // requests made before the connection was up
  std::deque<ClientEvent> events_;
  std::map<RoomId, Follow> follows_;
  std::vector<Endpoint> nodes_;
};

}  // namespace parley::lobby
