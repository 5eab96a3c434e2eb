#include "lobby/client/lobby_client.hpp"

#include <enet/enet.h>

#include <algorithm>

#include "lobby/client/enet_init.hpp"
#include "lobby/client/enet_link.hpp"
#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

namespace {

// Entries that arrived ahead of a gap are kept up to this many; beyond that they are dropped
// and fetched again once the gap is filled.
constexpr std::size_t kMaxEarlyEntries = 4096;

}  // namespace

std::string_view describe(DisconnectKind kind) {
  switch (kind) {
    case DisconnectKind::closed: return "the connection closed";
    case DisconnectKind::refused: return "the lobby refused and closed the connection";
    case DisconnectKind::protocol_version: return "the lobby speaks another protocol version";
    case DisconnectKind::wrong_lobby_key: return "the lobby proved another key than the pinned one";
    case DisconnectKind::handshake_failed: return "the secure channel's handshake failed";
    case DisconnectKind::rejected_packets: return "packets that do not authenticate, one after another";
    case DisconnectKind::lost_packet: return "a packet was lost on the path (something took its place)";
  }
  return "unknown disconnection";
}

namespace {

// Refusals the lobby closes the connection after.
bool ends_connection(Refusal refusal) {
  switch (refusal) {
    case Refusal::login_timeout:
    case Refusal::logged_in_elsewhere:
    case Refusal::too_many_connections:
    case Refusal::server_full:
    case Refusal::shutting_down:
    case Refusal::handshake_failed:
    case Refusal::rejected_packets:
    case Refusal::lost_packet: return true;
    default: return false;
  }
}

// How a refusal that ends the connection is reported.
DisconnectKind kind_of(Refusal refusal) {
  switch (refusal) {
    case Refusal::unsupported_version: return DisconnectKind::protocol_version;
    case Refusal::handshake_failed: return DisconnectKind::handshake_failed;
    case Refusal::rejected_packets: return DisconnectKind::rejected_packets;
    case Refusal::lost_packet: return DisconnectKind::lost_packet;
    default: return DisconnectKind::refused;
  }
}

}  // namespace

std::string_view describe(PostError error) {
  switch (error) {
    case PostError::not_following: return "no transcript of that room yet";
    case PostError::not_a_seat: return "this key holds no seat in that game";
    case PostError::too_large: return "the body is larger than an envelope may be";
    case PostError::no_identity: return "a client without an identity cannot post";
  }
  return "unknown post error";
}

LobbyClient::LobbyClient(ClientOptions options, ENetHost* host, ENetPeer* peer)
    : options_(std::move(options)),
      proving_(options_.identity ? *options_.identity : crypto::Identity::generate()),
      host_(host),
      peer_(peer) {}

LobbyClient::~LobbyClient() {
  if (peer_ != nullptr && state_ != ClientState::disconnected) {
    enet_peer_disconnect_now(peer_, 0);
  }
  enet_host_destroy(host_);
}

game::Result<std::unique_ptr<LobbyClient>, ClientError> LobbyClient::connect(ClientOptions options) {
  if (!ensure_enet()) return ClientError{ClientError::Kind::network, "ENet failed to initialise"};
  ENetAddress address{};
  if (enet_address_set_host(&address, options.lobby.host.c_str()) != 0) {
    return ClientError{ClientError::Kind::bad_address, "cannot resolve " + options.lobby.host};
  }
  address.port = options.lobby.port;
  ENetHost* host = enet_host_create(nullptr, 1, 1, 0, 0);
  if (host == nullptr) return ClientError{ClientError::Kind::network, "cannot create an ENet host"};
  host->maximumPacketSize = 2 * kMaxMessageBytes;
  // The connect data names the protocol, so a lobby of another version refuses it in words.
  ENetPeer* peer = enet_host_connect(host, &address, 1, kConnectData);
  if (peer == nullptr) {
    enet_host_destroy(host);
    return ClientError{ClientError::Kind::network, "cannot start connecting to " + to_string(options.lobby)};
  }
  tune_peer(peer);
  return std::unique_ptr<LobbyClient>(new LobbyClient(std::move(options), host, peer));
}

void LobbyClient::set_disconnected(std::string reason, DisconnectKind kind, std::optional<crypto::PublicKey> key) {
  if (state_ == ClientState::disconnected) return;
  state_ = ClientState::disconnected;
  handshake_.reset();  // its ephemeral secret goes now
  events_.push_back(Disconnected{std::move(reason), kind, key});
}

void LobbyClient::close(DisconnectKind kind, std::string reason) {
  if (peer_ != nullptr) enet_peer_disconnect_now(peer_, 0);
  peer_ = nullptr;
  set_disconnected(std::move(reason), kind);
}

void LobbyClient::poll(std::uint32_t timeout_ms) {
  if (state_ == ClientState::disconnected) return;
  ENetEvent ev;
  int r = enet_host_service(host_, &ev, timeout_ms);
  while (r > 0) {
    switch (ev.type) {
      case ENET_EVENT_TYPE_CONNECT: on_connect(); break;
      case ENET_EVENT_TYPE_RECEIVE:
        heard_at_ = std::chrono::steady_clock::now();
        on_packet(ev.channelID, std::span<std::uint8_t>(ev.packet->data, ev.packet->dataLength));
        enet_packet_destroy(ev.packet);
        break;
      case ENET_EVENT_TYPE_DISCONNECT: {
        peer_ = nullptr;
        // The lobby says why in a refusal before it closes (and in the disconnection's data).
        std::optional<Refusal> why;
        if (closing_refusal_) why = closing_refusal_->reason;
        else if (ev.data != 0) why = static_cast<Refusal>(ev.data);
        if (why) {
          set_disconnected("the lobby closed the connection: " + std::string(describe(*why)), kind_of(*why));
        } else {
          set_disconnected("the connection to the lobby closed", DisconnectKind::closed);
        }
        return;
      }
      case ENET_EVENT_TYPE_NONE: break;
    }
    if (state_ == ClientState::disconnected) return;
    r = enet_host_service(host_, &ev, 0);
  }
  if (peer_ != nullptr) {
    const auto now = std::chrono::steady_clock::now();
    if (now - capped_at_ >= kResendCeilingPeriod) {
      cap_resend_timeouts(peer_);
      capped_at_ = now;
    }
    if (channel_ && now - sealed_at_ >= kKeepaliveInterval) send_now({});
  }
  enet_host_flush(host_);
}

void LobbyClient::on_connect() {
  // Requests wait for the secure channel, not just the transport.
  handshake_ = ClientHandshake::start();
  if (ENetPacket* p = plain_packet(handshake_->hello()); p != nullptr && enet_peer_send(peer_, 0, p) != 0) {
    enet_packet_destroy(p);
  }
}

void LobbyClient::on_packet(std::uint8_t channel, std::span<std::uint8_t> packet) {
  if (!channel_) return on_handshake(packet);
  auto plain = channel_->open(channel, packet);
  if (plain) {
    if (!plain->empty()) on_message(*plain);  // empty: the lobby's keepalive
    return;
  }
  if (const auto& fault = channel_->fault()) {
    close(*fault == ChannelFault::lost_packet ? DisconnectKind::lost_packet : DisconnectKind::rejected_packets,
          "the channel from the lobby: " + std::string(describe(*fault)));
  }
}

void LobbyClient::on_handshake(std::span<const std::uint8_t> bytes) {
  if (!handshake_) return;  // before the ENet connection (cannot happen) or after a failure
  const auto tag = peek_tag(bytes);
  if (tag == WireTag::refused) {
    // Before the channel the lobby can only refuse in the clear: a wrong protocol version, a
    // failed handshake, too many connections from this address. Unauthenticated, as the
    // transport's own disconnection is.
    auto m = decode_lobby_message(bytes);
    if (!m || !std::holds_alternative<Refused>(*m)) {
      return close(DisconnectKind::handshake_failed, "the lobby's first message does not decode");
    }
    const Refused r = std::get<Refused>(*m);
    events_.push_back(r);
    return close(kind_of(r.reason), "the lobby refused the connection: " + std::string(describe(r.reason)) +
                                         (r.detail.empty() ? "" : " (" + r.detail + ")"));
  }
  if (tag == WireTag::legacy_challenge) {
    return close(DisconnectKind::protocol_version,
                 "the lobby speaks protocol version 1 (no secure channel); this client speaks version " +
                     std::to_string(kProtocolVersion));
  }
  auto done = handshake_->answer(proving_, bytes);
  if (!done) {
    return close(DisconnectKind::handshake_failed, "the lobby's handshake: " + std::string(describe(done.error())));
  }
  if (options_.expected_lobby_key &&
      sodium_memcmp(done->lobby_key.bytes().data(), options_.expected_lobby_key->bytes().data(), crypto::kPublicKeyBytes) !=
          0) {
    if (peer_ != nullptr) enet_peer_disconnect_now(peer_, 0);
    peer_ = nullptr;
    return set_disconnected("the lobby proved the key " + crypto::fingerprint(done->lobby_key) + ", not the pinned " +
                                crypto::fingerprint(*options_.expected_lobby_key) + ": this client will not talk to it",
                            DisconnectKind::wrong_lobby_key, done->lobby_key);
  }
  if (ENetPacket* p = plain_packet(done->proof); p != nullptr && enet_peer_send(peer_, 0, p) != 0) enet_packet_destroy(p);
  channel_.emplace(done->keys, kLobbyChannels);
  sealed_at_ = std::chrono::steady_clock::now();
  handshake_.reset();
  lobby_key_ = done->lobby_key;
  events_.push_back(Connected{done->lobby_key});
  if (options_.identity) {
    state_ = ClientState::logging_in;
    send_now(encode(Login{next_request(), options_.display_name}));
  } else {
    state_ = ClientState::ready;
  }
  for (const Bytes& b : unsent_) send_now(b);
  unsent_.clear();
}

std::optional<ClientEvent> LobbyClient::next_event() {
  if (events_.empty()) return std::nullopt;
  ClientEvent e = std::move(events_.front());
  events_.pop_front();
  return e;
}

void LobbyClient::send_now(const Bytes& bytes) {
  if (peer_ == nullptr || !channel_) return;
  ENetPacket* packet = sealed_packet(*channel_, bytes);
  if (packet == nullptr) return;
  if (enet_peer_send(peer_, 0, packet) != 0) enet_packet_destroy(packet);
  sealed_at_ = std::chrono::steady_clock::now();
}

RequestId LobbyClient::request(ClientMessage message) {
  RequestId id = request_id_of(message);
  Bytes bytes = encode(message);
  if (state_ == ClientState::connecting) {
    unsent_.push_back(std::move(bytes));
  } else {
    send_now(bytes);
  }
  return id;
}

void LobbyClient::send_raw(std::span<const std::uint8_t> bytes) {
  Bytes copy(bytes.begin(), bytes.end());
  if (state_ == ClientState::connecting) {
    unsent_.push_back(std::move(copy));
  } else {
    send_now(copy);
  }
}

void LobbyClient::disconnect() {
  if (peer_ != nullptr && state_ != ClientState::disconnected) enet_peer_disconnect(peer_, 0);
}

RequestId LobbyClient::create_room(std::string game, std::uint8_t seats, Bytes options, Visibility visibility,
                                   std::vector<crypto::PublicKey> reserved) {
  return request(CreateRoom{next_request(), std::move(game), seats, std::move(options), visibility, std::move(reserved)});
}
RequestId LobbyClient::list_rooms(std::string game, RoomId after) {
  return request(ListRooms{next_request(), std::move(game), after});
}
RequestId LobbyClient::join_room(RoomId room, Role role, std::string invite_code) {
  return request(JoinRoom{next_request(), room, std::move(invite_code), role});
}
RequestId LobbyClient::join_by_code(std::string invite_code, Role role) {
  return request(JoinRoom{next_request(), RoomId{0}, std::move(invite_code), role});
}
RequestId LobbyClient::leave_room(RoomId room) { return request(LeaveRoom{next_request(), room}); }
RequestId LobbyClient::set_ready(RoomId room, bool ready) { return request(SetReady{next_request(), room, ready}); }
RequestId LobbyClient::quick_match(std::string game, std::uint8_t seats) {
  return request(QuickMatch{next_request(), std::move(game), seats});
}
RequestId LobbyClient::leave_queue() { return request(LeaveQueue{next_request()}); }
RequestId LobbyClient::chat(RoomId room, std::string text) { return request(Chat{next_request(), room, std::move(text)}); }
RequestId LobbyClient::fetch_entries(RoomId room, EntryIndex from) {
  return request(FetchEntries{next_request(), room, from});
}
RequestId LobbyClient::status() { return request(StatusQuery{next_request()}); }
RequestId LobbyClient::watch_lobby(bool on) { return request(WatchLobby{next_request(), on}); }
RequestId LobbyClient::list_players(std::optional<crypto::PublicKey> after) {
  return request(ListPlayers{next_request(), after});
}

game::Result<RequestId, PostError> LobbyClient::post(RoomId room, EnvelopeKind kind, Bytes body) {
  if (!options_.identity) return PostError::no_identity;
  if (body.size() > kMaxEnvelopeBody) return PostError::too_large;
  auto it = follows_.find(room);
  if (it == follows_.end() || !it->second.transcript) return PostError::not_following;
  const Transcript& t = *it->second.transcript;
  const auto& keys = t.genesis().seat_keys;
  auto mine = std::find(keys.begin(), keys.end(), options_.identity->public_key());
  if (mine == keys.end()) return PostError::not_a_seat;
  Envelope e;
  e.session_id = t.session_id();
  e.seat = game::Seat{static_cast<std::uint8_t>(mine - keys.begin())};
  e.seen_index = EntryIndex{t.next_index().value - 1};
  e.seen_hash = t.head_hash();
  e.kind = kind;
  e.body = std::move(body);
  return request(Post{next_request(), room, sign_envelope(*options_.identity, std::move(e))});
}

const Transcript* LobbyClient::transcript(RoomId room) const {
  auto it = follows_.find(room);
  if (it == follows_.end() || !it->second.transcript) return nullptr;
  return &*it->second.transcript;
}

void LobbyClient::adopt_transcript(RoomId room, Transcript transcript) {
  Follow& f = follows_[room];
  f.transcript = std::move(transcript);
  f.early.clear();
}

void LobbyClient::on_message(std::span<const std::uint8_t> bytes) {
  auto decoded = decode_lobby_message(bytes);
  if (!decoded) {
    events_.push_back(ProtocolFault{decoded.error()});
    return;
  }
  LobbyMessage& m = decoded.value();
  if (auto* nodes = std::get_if<NodeList>(&m)) {
    nodes_ = std::move(nodes->nodes);
    return;
  }
  if (std::holds_alternative<Welcome>(m)) state_ = ClientState::ready;
  if (auto* e = std::get_if<EntryMessage>(&m)) return on_entry(std::move(*e));
  if (auto* end = std::get_if<EntriesEnd>(&m)) on_entries_end(*end);
  if (auto* s = std::get_if<RoomState>(&m)) on_room_state(*s);
  if (auto* r = std::get_if<Refused>(&m)) {
    for (auto& [room, f] : follows_) {
      if (f.fetching == r->request) f.fetching.reset();
    }
    if (ends_connection(r->reason)) closing_refusal_ = *r;
  }
  std::visit([&](auto& v) {
    using T = std::decay_t<decltype(v)>;
    if constexpr (!std::is_same_v<T, EntryMessage> && !std::is_same_v<T, NodeList>) events_.push_back(std::move(v));
  }, m);
}

void LobbyClient::fetch_missing(RoomId room, Follow& follow) {
  if (follow.fetching) return;
  RequestId id = next_request();
  follow.fetching = id;
  EntryIndex from = follow.transcript ? follow.transcript->next_index() : EntryIndex{0};
  send_now(encode(FetchEntries{id, room, from}));
}

// Appends every early entry that now fits, in order.
void LobbyClient::append_in_order(RoomId room, Follow& follow) {
  while (follow.transcript) {
    auto it = follow.early.find(follow.transcript->next_index().value);
    if (it == follow.early.end()) break;
    SignedEntry e = std::move(it->second);
    follow.early.erase(it);
    auto appended = follow.transcript->append(e);
    if (!appended) {
      events_.push_back(TranscriptFault{room, e.entry.index, appended.error()});
      return;
    }
    events_.push_back(EntryAppended{room, e.entry.index});
  }
  // Anything left below the head is a duplicate already checked on arrival.
  while (!follow.early.empty() && follow.transcript && follow.early.begin()->first < follow.transcript->next_index().value) {
    follow.early.erase(follow.early.begin());
  }
}

void LobbyClient::on_entry(EntryMessage message) {
  Follow& f = follows_[message.room];
  const SignedEntry& e = message.entry;
  std::uint64_t index = e.entry.index.value;
  if (!f.transcript) {
    if (index == 0) {
      if (!lobby_key_) return;
      auto t = Transcript::start(*lobby_key_, e);
      if (!t) {
        events_.push_back(TranscriptFault{message.room, e.entry.index, t.error()});
        return;
      }
      f.transcript = std::move(*t);
      events_.push_back(EntryAppended{message.room, e.entry.index});
      append_in_order(message.room, f);
      return;
    }
    if (f.early.size() < kMaxEarlyEntries) f.early.emplace(index, std::move(message.entry));
    fetch_missing(message.room, f);
    return;
  }
  Transcript& t = *f.transcript;
  if (index < t.next_index().value) {
    // Sent twice (a fetch overlapping a push): it must be the very same entry.
    if (!(t.entries()[index] == e)) {
      events_.push_back(TranscriptFault{message.room, e.entry.index, TranscriptError::wrong_previous_hash});
    }
    return;
  }
  if (index > t.next_index().value) {
    if (f.early.size() < kMaxEarlyEntries) f.early.emplace(index, std::move(message.entry));
    fetch_missing(message.room, f);
    return;
  }
  auto appended = t.append(e);
  if (!appended) {
    events_.push_back(TranscriptFault{message.room, e.entry.index, appended.error()});
    return;
  }
  events_.push_back(EntryAppended{message.room, e.entry.index});
  append_in_order(message.room, f);
}

void LobbyClient::on_entries_end(const EntriesEnd& end) {
  auto it = follows_.find(end.room);
  if (it == follows_.end()) return;
  Follow& f = it->second;
  if (f.fetching != end.request) return;  // someone else's fetch (the application's own)
  f.fetching.reset();
  EntryIndex have = f.transcript ? f.transcript->next_index() : EntryIndex{0};
  if (have < end.entry_count) fetch_missing(end.room, f);
}

void LobbyClient::on_room_state(const RoomState& state) {
  if (state.phase != RoomPhase::started) return;
  Follow& f = follows_[state.room];
  EntryIndex have = f.transcript ? f.transcript->next_index() : EntryIndex{0};
  if (have < state.entry_count) fetch_missing(state.room, f);
}

}  // namespace parley::lobby
