#include "lobby/server/cluster_server.hpp"

#include <enet/enet.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "crypto/secret.hpp"
#include "lobby/client/enet_init.hpp"
#include "lobby/client/enet_link.hpp"
#include "lobby/protocol/handshake.hpp"
#include "lobby/protocol/node_link.hpp"
#include "lobby/protocol/text.hpp"
#include "lobby/server/cluster_directory.hpp"
#include "lobby/server/listen_hosts.hpp"
#include "lobby/server/lobby_core.hpp"
#include "lobby/server/pg_storage.hpp"
#include "lobby/server/rate_limiter.hpp"
#include "lobby/server/ratings_mailbox.hpp"
#include "lobby/server/storage_writer.hpp"

namespace parley::lobby {

namespace {

using Clock = std::chrono::steady_clock;

// A request for a room that is between nodes (its node failed and no node has taken it over
// yet, or its adoption is on its way) waits this long at most, then is refused as unavailable.
constexpr auto kHeldAtMost = std::chrono::seconds(20);
constexpr auto kHeldRetry = std::chrono::milliseconds(250);
// A room the database says is this node's but that it does not hold is adopted again after this.
constexpr auto kAdoptAgainAfter = std::chrono::seconds(2);
// Rooms adopted this recently are not compared with the database's view after a lapse: that
// view may predate them.
constexpr auto kRecentlyAdopted = std::chrono::seconds(5);
constexpr std::size_t kMaxNodeLinks = 64;
// Requests a client may send behind its login before the login is done.
constexpr std::size_t kMaxDeferred = 64;
constexpr auto kNodeShutdownDrain = std::chrono::milliseconds(1000);
// The node's presence in the common room is compared with what it last published this often.
constexpr auto kPresenceEvery = CommonRoom::kPulsePeriod;

// Room requests carry their room right after the request id: u8 tag ‖ u8 version ‖ u32 request ‖
// u64 room.
std::optional<RoomId> room_in(std::span<const std::uint8_t> m) {
  if (m.size() < 14) return std::nullopt;
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(m[6 + static_cast<std::size_t>(i)]) << (8 * i);
  return RoomId{v};
}

// How often connections are checked: handshakes against the login time limit, quiet channels
// for a keepalive, ENet's resend ceiling.
constexpr auto kNodeLinkCheckPeriod = std::chrono::milliseconds(250);

// Sends a packet made by sealed_packet or plain_packet (nullptr: not made).
bool send_made(ENetPeer* peer, ENetPacket* packet) {
  if (packet == nullptr) return false;
  if (peer == nullptr || enet_peer_send(peer, 0, packet) != 0) {
    enet_packet_destroy(packet);
    return false;
  }
  return true;
}

// Where a connection's secure channel is (handshake.hpp): the node hears requests, and the core
// hears of the connection, only once it is open.
enum class Stage : std::uint8_t {
  hello,    // the ENet connection is up; waiting for the ClientHello (for an out-link: the LobbyHello)
  proof,    // the LobbyHello went out; waiting for the ClientProof
  open,     // the channel is up
  closing,  // refused or faulted: whatever comes is dropped until ENet reports the end
};

// The node's key and the deployment's certificate for it.
struct NodeKey {
  crypto::Identity identity;
  NodeCertificate certificate;
};

game::Result<NodeKey, ServerError> load_node_key(const std::filesystem::path& file) {
  auto identity = crypto::load_or_create_identity(file);
  if (!identity) return ServerError{ServerError::Kind::key, file.string() + ": " + std::string(crypto::describe(identity.error()))};
  const auto cert_file = certificate_file_for(file);
  std::ifstream in(cert_file, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  const std::string text = bytes.str();
  const std::string ask = "; certify the node's key " + crypto::fingerprint(identity->public_key()) +
                          " with `parley-lobby --certify " + file.string() + " --deployment-key FILE`";
  if (!in && text.empty()) return ServerError{ServerError::Kind::key, "no certificate in " + cert_file.string() + ask};
  auto cert = decode_node_certificate({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
  if (!cert) return ServerError{ServerError::Kind::key, cert_file.string() + " is not a node certificate (" + std::string(describe(cert.error())) + ")"};
  if (cert->node_key != identity->public_key())
    return ServerError{ServerError::Kind::key, cert_file.string() + " certifies another key" + ask};
  if (!verify_certificate(*cert, cert->deployment_key))
    return ServerError{ServerError::Kind::key, cert_file.string() + ": the deployment's signature does not verify"};
  const auto now = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
  if (!covers(*cert, now)) return ServerError{ServerError::Kind::key, cert_file.string() + " is not valid now" + ask};
  return NodeKey{std::move(*identity), std::move(*cert)};
}

}  // namespace

std::filesystem::path certificate_file_for(const std::filesystem::path& node_key) {
  std::filesystem::path p = node_key;
  p += ".cert";
  return p;
}

struct ClusterServer::Impl {
  // A client connected to this node.
  struct Client {
    ENetPeer* peer = nullptr;
    std::uint32_t address = 0;
    Stage stage = Stage::hello;
    Clock::time_point opened{};
    Clock::time_point sealed_at{};  // the last packet sent on the channel
    std::optional<LobbyHandshake> handshake{};
    std::optional<Channel> channel{};
    std::optional<crypto::PublicKey> key{};  // once logged in
    std::string name{};
    std::set<std::int64_t> nodes{};  // nodes it has a proxied connection on (vc = its connection id)
    std::map<RoomId, std::int64_t> joined{};  // rooms of other nodes it asked to join, and their node
    bool queued = false;
    bool closing = false;
    bool logging_in = false;       // its login is with the core: what follows waits for it
    std::vector<Bytes> deferred{};  // requests that came right behind its login
    TokenBucket messages;  // for the requests this node answers or forwards itself
    TokenBucket bytes;
  };
  // Another node's link to this one, for its clients in the rooms this node sequences.
  struct InLink {
    ENetPeer* peer = nullptr;
    Stage stage = Stage::hello;
    Clock::time_point opened{};
    Clock::time_point sealed_at{};
    std::optional<LobbyHandshake> handshake{};
    std::optional<Channel> channel{};
    std::optional<crypto::PublicKey> proven;  // by its handshake
    std::optional<crypto::PublicKey> node;    // once its certificate for that key came
    std::map<std::uint64_t, ConnectionId> vcs;
  };
  // This node's link to another, for its own clients in the rooms that node sequences.
  struct OutLink {
    NodeId node;
    crypto::PublicKey key;  // the node's, as the cluster's database lists it
    ENetPeer* peer = nullptr;
    Clock::time_point sealed_at{};
    std::optional<ClientHandshake> handshake{};
    std::optional<Channel> channel{};
    bool up = false;
    std::vector<Bytes> pending{};  // until the link is up
    std::set<ConnectionId> clients{};
  };
  struct Held {
    ConnectionId from;
    bool proxied = false;  // from another node's link
    RoomId room;
    Bytes message;
    Clock::time_point until;
  };
  // Messages and events of one turn of the loop; the bytes events point into live until the
  // round is made.
  struct Turn {
    std::vector<NetworkEvent> events;
    std::deque<Bytes> owned;
    std::vector<ENetPacket*> packets;
    std::vector<ConnectionId> logins;  // local clients that sent a login
  };

  ClusterConfig config;
  Logger logger;
  NodeKey node_key;
  std::unique_ptr<ClusterCoordinator> coordinator;
  std::unique_ptr<ClusterDirectory> directory;
  std::unique_ptr<PgStorage> reader;  // before core, which reads through it
  std::unique_ptr<LobbyCore> core;
  PgStorage* committer = nullptr;  // owned by writer
  std::unique_ptr<StorageWriter> writer;
  std::unique_ptr<LogArchive> archive;
  std::vector<ENetHost*> hosts;
  ENetHost* link_host = nullptr;
  std::vector<pollfd> poll_fds;  // writer, coordinator, link host, then every host
  std::size_t first_host = 0;
  Endpoint bound;
  std::atomic<bool> stop{false};

  std::uint64_t next_connection = 0;
  std::map<ConnectionId, Client> clients;
  std::map<ENetPeer*, InLink> in_links;
  std::map<std::uint32_t, std::uint32_t> handshaking_per_address;
  Clock::time_point links_checked{};
  Clock::time_point ceiling_applied{};
  std::map<ConnectionId, std::pair<ENetPeer*, std::uint64_t>> proxied;  // core connection → link, vc
  std::map<std::int64_t, OutLink> out_links;
  std::map<ENetPeer*, std::int64_t> out_link_of;
  std::map<std::int64_t, NodeInfo> nodes;  // the live ones
  std::map<RoomId, std::pair<std::uint64_t, Clock::time_point>> epochs;  // rooms held: epoch, since
  std::map<RoomId, std::int64_t> located;  // rooms of other nodes, as last looked up
  std::map<RoomId, Clock::time_point> missing_since;  // this node's by the database, not held
  std::deque<Held> held;
  std::vector<RoomAdoption> adoptions;
  std::vector<NetworkEvent> carried;  // synthetic events for the next round (vcs closed here)
  std::vector<std::pair<ConnectionId, Bytes>> redo;  // requests to route again in the next turn
  Clock::time_point lease_until{};
  bool database_up = true;
  // The common room: what this node last published of its players, and when it last looked.
  std::optional<std::vector<LobbyPresence>> published;
  Clock::time_point presence_checked{};
  Clock::time_point next_held_retry{};
  bool packets_queued = false;

  std::deque<std::pair<std::uint64_t, RoundOutput>> waiting;
  std::uint64_t last_submitted = 0;
  std::deque<std::pair<std::uint64_t, RoomId>> closing;

  explicit Impl(NodeKey key) : node_key(std::move(key)) {}
  ~Impl() {
    for (ENetHost* h : hosts) enet_host_destroy(h);
    if (link_host != nullptr) enet_host_destroy(link_host);
  }

  void log(const std::string& line) const {
    if (logger) logger(line);
  }

  std::int64_t me() const { return coordinator->node().value; }
  bool can_sequence() const { return database_up && Clock::now() < lease_until; }

  ConnectionId id_of(const ENetPeer* peer) const {
    return ConnectionId{static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(peer->data))};
  }

  // ---- sending ------------------------------------------------------------------------------

  // Queues a packet; the loop flushes the hosts at the end of its turn, so that a message passed
  // on from another node leaves at once, not at the next turn.
  bool send_packet(ENetPeer* peer, ENetPacket* packet) {
    packets_queued = true;
    return send_made(peer, packet);
  }
  // Sealed in a channel (a client's, or a link's).
  bool send_sealed(ENetPeer* peer, Channel& channel, Clock::time_point& sealed_at, std::span<const std::uint8_t> bytes) {
    sealed_at = Clock::now();
    return send_packet(peer, sealed_packet(channel, bytes));
  }
  // To the other end of an in-link (a node whose clients are in this node's rooms).
  void send_in_link(ENetPeer* peer, std::span<const std::uint8_t> bytes) {
    auto it = in_links.find(peer);
    if (it == in_links.end() || it->second.stage != Stage::open || !it->second.node) return;
    send_sealed(peer, *it->second.channel, it->second.sealed_at, bytes);
  }

  // To a client of this node, now.
  void send_client(ConnectionId to, std::span<const std::uint8_t> bytes) {
    auto it = clients.find(to);
    if (it == clients.end() || it->second.peer == nullptr || it->second.stage != Stage::open) return;
    ENetPeer* peer = it->second.peer;
    if (peer->state != ENET_PEER_STATE_CONNECTED) return;
    if (backlog_bytes(peer) + Channel::sealed_size(bytes.size()) > config.server.limits.max_backlog_bytes) {
      log("connection " + std::to_string(to.value) + " is a slow reader: disconnected, it can reconnect and fetch");
      close_client(to);
      return;
    }
    send_sealed(peer, *it->second.channel, it->second.sealed_at, bytes);
  }

  void close_client(ConnectionId id) {
    auto it = clients.find(id);
    if (it == clients.end() || it->second.closing) return;
    it->second.closing = true;
    if (it->second.peer != nullptr) enet_peer_disconnect_later(it->second.peer, 0);
  }

  // Tells a client why, and closes it.
  void refuse_and_close(ConnectionId id, Refusal reason, const std::string& detail) {
    send_client(id, encode(LobbyMessage{Refused{RequestId{0}, reason, detail}}));
    close_client(id);
  }

  // A round's output: to this node's clients, and over the links to the proxied connections.
  void deliver(const RoundOutput& out) {
    for (const Outgoing& o : out.messages) {
      std::map<ENetPeer*, std::vector<std::uint64_t>> by_link;
      for (ConnectionId to : o.recipients) {
        if (auto p = proxied.find(to); p != proxied.end()) {
          by_link[p->second.first].push_back(p->second.second);
        } else {
          send_client(to, *o.message);
        }
      }
      for (const auto& [peer, vcs] : by_link) send_in_link(peer, encode_link_deliver(vcs, *o.message));
    }
    for (ConnectionId c : out.disconnect) {
      if (auto p = proxied.find(c); p != proxied.end()) {
        send_in_link(p->second.first, encode(LinkMessage{LinkClose{p->second.second}}));
        drop_proxied(c);
      } else {
        close_client(c);
      }
    }
  }

  // A proxied connection is gone: the core hears of it in the next round.
  void drop_proxied(ConnectionId c) {
    auto p = proxied.find(c);
    if (p == proxied.end()) return;
    if (auto l = in_links.find(p->second.first); l != in_links.end()) l->second.vcs.erase(p->second.second);
    proxied.erase(p);
    carried.push_back(NetworkEvent{NetworkEvent::Kind::disconnected, c, 0, {}});
  }

  // Answers made here rather than by the core wait behind the rounds made before them, as the
  // core's own do.
  void answer(ConnectionId to, const LobbyMessage& m) {
    RoundOutput out;
    out.messages.push_back(Outgoing{std::make_shared<const Bytes>(encode(m)), {to}});
    waiting.emplace_back(last_submitted, std::move(out));
  }

  // ---- links to other nodes -----------------------------------------------------------------

  OutLink* out_link(std::int64_t node) {
    if (auto it = out_links.find(node); it != out_links.end()) return &it->second;
    auto info = nodes.find(node);
    if (info == nodes.end()) return nullptr;
    ENetAddress address{};
    if (enet_address_set_host(&address, info->second.advertise.host.c_str()) != 0) return nullptr;
    address.port = info->second.advertise.port;
    ENetPeer* peer = enet_host_connect(link_host, &address, 1, kLinkConnectData);
    if (peer == nullptr) return nullptr;
    tune_peer(peer);
    OutLink& l = out_links.emplace(node, OutLink{NodeId{node}, info->second.key, peer}).first->second;
    out_link_of[peer] = node;
    return &l;
  }

  void send_link(OutLink& l, Bytes bytes) {
    if (l.up) {
      send_sealed(l.peer, *l.channel, l.sealed_at, bytes);
    } else {
      l.pending.push_back(std::move(bytes));
    }
  }

  // A request of one of this node's clients, to the node that sequences its room.
  bool forward(ConnectionId c, std::int64_t node, std::span<const std::uint8_t> message) {
    Client& cl = clients.at(c);
    OutLink* l = out_link(node);
    if (l == nullptr) return false;
    if (!cl.nodes.contains(node)) {
      send_link(*l, encode(LinkMessage{LinkAttach{c.value, *cl.key, cl.name, cl.address}}));
      cl.nodes.insert(node);
      l->clients.insert(c);
    }
    send_link(*l, encode_link_request(c.value, message));
    return true;
  }

  void out_link_down(ENetPeer* peer) {
    auto n = out_link_of.find(peer);
    if (n == out_link_of.end()) return;
    const std::int64_t node = n->second;
    out_link_of.erase(n);
    auto it = out_links.find(node);
    if (it == out_links.end()) return;
    // Its rooms are moving (or the link failed): those clients reconnect and resume.
    for (ConnectionId c : it->second.clients) {
      if (auto cl = clients.find(c); cl != clients.end()) {
        cl->second.nodes.erase(node);
        refuse_and_close(c, Refusal::room_moved, "the node of one of your rooms went away: reconnect to resume");
      }
    }
    log("link to node " + std::to_string(node) + " down");
    out_links.erase(it);
    for (auto r = located.begin(); r != located.end();) r = r->second == node ? located.erase(r) : std::next(r);
  }

  // This node's link is connected: it opens the secure channel as a client does, with its node key.
  void on_out_link_connected(ENetPeer* peer) {
    auto n = out_link_of.find(peer);
    if (n == out_link_of.end()) return;
    OutLink& l = out_links.at(n->second);
    l.handshake = ClientHandshake::start();
    send_packet(peer, plain_packet(l.handshake->hello()));
  }

  void close_out_link(ENetPeer* peer, OutLink& l, const std::string& why) {
    log("link to node " + std::to_string(l.node.value) + ": " + why + ": closed");
    l.handshake.reset();
    enet_peer_disconnect(peer, 0);
  }

  void on_out_link_message(ENetPeer* peer, enet_uint8 channel_id, std::span<std::uint8_t> packet) {
    auto n = out_link_of.find(peer);
    if (n == out_link_of.end()) return;
    OutLink& l = out_links.at(n->second);
    if (!l.channel) {
      if (!l.handshake) return;  // closing
      // The other node's LobbyHello: its key, certified by this node's own deployment, and the
      // key the database lists for it.
      auto done = l.handshake->answer(node_key.identity, packet);
      if (!done) return close_out_link(peer, l, "its handshake failed (" + std::string(describe(done.error())) + ")");
      if (!done->certificate || done->lobby_key != node_key.certificate.deployment_key || done->certificate->node_key != l.key)
        return close_out_link(peer, l, "it did not prove the certified key the cluster lists for it");
      send_packet(peer, plain_packet(done->proof));
      l.channel.emplace(done->keys, kLobbyChannels);
      l.handshake.reset();
      send_sealed(peer, *l.channel, l.sealed_at, encode(LinkMessage{LinkLogin{node_key.certificate}}));
      return;
    }
    auto plain = l.channel->open(channel_id, packet);
    if (!plain) {
      if (const auto& fault = l.channel->fault()) close_out_link(peer, l, std::string(describe(*fault)));
      return;
    }
    if (plain->empty()) return;  // a keepalive
    auto decoded = decode_link_message(*plain);
    if (!decoded) return close_out_link(peer, l, "a malformed link message");
    LinkMessage& m = *decoded;
    if (std::holds_alternative<LinkWelcome>(m)) {
      if (l.up) return;
      l.up = true;
      for (const Bytes& b : l.pending) send_sealed(peer, *l.channel, l.sealed_at, b);
      l.pending.clear();
    } else if (auto* d = std::get_if<LinkDeliver>(&m)) {
      if (!l.up) return;
      for (std::uint64_t vc : d->vcs) send_client(ConnectionId{vc}, d->message);
    } else if (auto* close = std::get_if<LinkClose>(&m)) {
      ConnectionId c{close->vc};
      l.clients.erase(c);
      if (auto cl = clients.find(c); cl != clients.end()) {
        cl->second.nodes.erase(l.node.value);
        close_client(c);
      }
    }
  }

  void on_in_link_connected(ENetPeer* peer) {
    InLink& l = in_links[peer];
    l.peer = peer;
    l.opened = Clock::now();
    tune_peer(peer);
  }

  void in_link_down(ENetPeer* peer) {
    auto it = in_links.find(peer);
    if (it == in_links.end()) return;
    std::vector<ConnectionId> gone;
    for (const auto& [vc, c] : it->second.vcs) gone.push_back(c);
    for (ConnectionId c : gone) drop_proxied(c);
    in_links.erase(it);
  }

  void close_in_link(InLink& l, const std::string& why) {
    log("a node link: " + why + ": closed");
    l.stage = Stage::closing;
    l.handshake.reset();
    enet_peer_disconnect(l.peer, 0);
  }

  void on_in_link_message(ENetPeer* peer, enet_uint8 channel_id, std::span<std::uint8_t> packet, Turn& turn) {
    InLink& l = in_links.at(peer);
    switch (l.stage) {
      case Stage::hello: {
        auto hs = LobbyHandshake::answer(node_key.identity, packet, &node_key.certificate);
        if (!hs) return close_in_link(l, "its handshake failed (" + std::string(describe(hs.error())) + ")");
        l.handshake.emplace(std::move(*hs));
        l.stage = Stage::proof;
        send_packet(peer, plain_packet(l.handshake->reply()));
        return;
      }
      case Stage::proof: {
        auto done = l.handshake->finish(packet);
        if (!done) return close_in_link(l, "its handshake failed (" + std::string(describe(done.error())) + ")");
        l.channel.emplace(done->keys, kLobbyChannels);
        l.handshake.reset();
        l.proven = done->player_key;
        l.sealed_at = Clock::now();
        l.stage = Stage::open;
        return;
      }
      case Stage::closing: return;
      case Stage::open: break;
    }
    auto plain = l.channel->open(channel_id, packet);
    if (!plain) {
      if (const auto& fault = l.channel->fault()) close_in_link(l, std::string(describe(*fault)));
      return;
    }
    if (plain->empty()) return;  // a keepalive
    auto decoded = decode_link_message(*plain);
    if (!decoded) return close_in_link(l, "a malformed link message");
    LinkMessage& m = *decoded;
    if (auto* login = std::get_if<LinkLogin>(&m)) {
      // The certificate of the key its handshake proved, from this node's deployment.
      if (l.node || login->certificate.node_key != *l.proven ||
          !verify_certificate(login->certificate, node_key.certificate.deployment_key))
        return close_in_link(l, "no certificate of this deployment for the key it proved");
      l.node = login->certificate.node_key;
      send_sealed(peer, *l.channel, l.sealed_at, encode(LinkMessage{LinkWelcome{}}));
      return;
    }
    if (!l.node) return close_in_link(l, "a message before its certificate");
    if (auto* a = std::get_if<LinkAttach>(&m)) {
      if (l.vcs.contains(a->vc)) return;
      auto name = sanitize_display_name(a->name);
      if (!name) return;
      ConnectionId c{++next_connection};
      l.vcs[a->vc] = c;
      proxied[c] = {peer, a->vc};
      turn.events.push_back(NetworkEvent{NetworkEvent::Kind::connected, c, a->address, {}, std::nullopt, ProxiedLogin{a->key, *name}});
    } else if (auto* d = std::get_if<LinkDetach>(&m)) {
      if (auto v = l.vcs.find(d->vc); v != l.vcs.end()) {
        ConnectionId c = v->second;
        l.vcs.erase(v);
        proxied.erase(c);
        turn.events.push_back(NetworkEvent{NetworkEvent::Kind::disconnected, c, 0, {}});
      }
    } else if (auto* r = std::get_if<LinkRequest>(&m)) {
      auto v = l.vcs.find(r->vc);
      if (v == l.vcs.end()) return;
      turn.owned.push_back(std::move(r->message));
      route_proxied(v->second, turn.owned.back(), turn);
    }
  }

  // ---- clients' secure channels ---------------------------------------------------------------

  void handshake_ended(Client& cl) {
    auto it = handshaking_per_address.find(cl.address);
    if (it != handshaking_per_address.end() && --it->second == 0) handshaking_per_address.erase(it);
  }

  // Refuses a client whose channel is not up, in the clear (the only way there is), and closes it.
  void refuse_plain(Client& cl, Refusal reason, std::string detail) {
    if (cl.stage == Stage::hello || cl.stage == Stage::proof) handshake_ended(cl);
    cl.stage = Stage::closing;
    cl.closing = true;
    cl.handshake.reset();
    send_packet(cl.peer, plain_packet(encode(LobbyMessage{Refused{RequestId{0}, reason, std::move(detail)}})));
    enet_peer_disconnect_later(cl.peer, static_cast<enet_uint32>(reason));
  }

  void on_client_connected(ENetPeer* peer, enet_uint32 data) {
    ConnectionId id{++next_connection};
    peer->data = reinterpret_cast<void*>(static_cast<std::uintptr_t>(id.value));
    tune_peer(peer);
    const auto now = Clock::now();
    const Limits& limits = config.server.limits;
    Client& cl = clients.emplace(id, Client{.peer = peer,
                                            .address = peer->address.host,
                                            .opened = now,
                                            .messages = TokenBucket(limits.messages_per_second, limits.message_burst, now),
                                            .bytes = TokenBucket(limits.bytes_per_second,
                                                                 std::max<std::uint64_t>(limits.byte_burst, kMaxMessageBytes), now)})
                      .first->second;
    if (data != kConnectData) {
      const bool ours = (data & 0xFFFFFF00U) == kConnectDataMagic;
      const std::string theirs = ours ? std::to_string(data & 0xFFU) : "1";
      cl.stage = Stage::closing;
      cl.closing = true;
      send_packet(peer, plain_packet(encode(LobbyMessage{Refused{
                            RequestId{0}, Refusal::unsupported_version,
                            "this lobby speaks protocol version " + std::to_string(kProtocolVersion) +
                                " (a secure channel); the client speaks " + theirs + ": update it"}})));
      enet_peer_disconnect_later(peer, static_cast<enet_uint32>(Refusal::unsupported_version));
      return;
    }
    // Each handshake costs the node an X25519 exchange and a signature: one address gets no more
    // of them at once than it may hold connections.
    if (++handshaking_per_address[cl.address] > limits.max_connections_per_address)
      refuse_plain(cl, Refusal::too_many_connections, "too many connections from this address are opening");
  }

  void on_client_packet(ConnectionId id, enet_uint8 channel_id, std::span<std::uint8_t> packet, Turn& turn) {
    Client& cl = clients.at(id);
    switch (cl.stage) {
      case Stage::hello: {
        auto hs = LobbyHandshake::answer(node_key.identity, packet, &node_key.certificate);
        if (!hs) {
          const bool version = hs.error() == HandshakeError::unsupported_protocol;
          return refuse_plain(cl, version ? Refusal::unsupported_version : Refusal::handshake_failed,
                              std::string(describe(hs.error())));
        }
        cl.handshake.emplace(std::move(*hs));
        cl.stage = Stage::proof;
        send_packet(cl.peer, plain_packet(cl.handshake->reply()));
        return;
      }
      case Stage::proof: {
        auto done = cl.handshake->finish(packet);
        if (!done) return refuse_plain(cl, Refusal::handshake_failed, std::string(describe(done.error())));
        handshake_ended(cl);
        cl.channel.emplace(done->keys, kLobbyChannels);
        cl.sealed_at = Clock::now();
        cl.handshake.reset();
        cl.stage = Stage::open;
        turn.events.push_back(NetworkEvent{NetworkEvent::Kind::connected, id, cl.address, {}, done->player_key});
        return;
      }
      case Stage::open: {
        auto plain = cl.channel->open(channel_id, packet);
        if (plain) {
          if (!plain->empty()) route(id, *plain, turn);  // empty: the client's keepalive
          return;
        }
        if (const auto& fault = cl.channel->fault()) {
          // The core hears it is gone; the client gets a sealed refusal saying why.
          const Refusal reason = *fault == ChannelFault::lost_packet ? Refusal::lost_packet : Refusal::rejected_packets;
          log("connection " + std::to_string(id.value) + ": " + std::string(describe(*fault)) + ": closed");
          send_sealed(cl.peer, *cl.channel, cl.sealed_at,
                      encode(LobbyMessage{Refused{RequestId{0}, reason, std::string(describe(*fault))}}));
          enet_peer_disconnect_later(cl.peer, static_cast<enet_uint32>(reason));
          cl.peer->data = nullptr;
          client_gone(id, turn);
        }
        return;
      }
      case Stage::closing: return;
    }
  }

  // Handshakes past the login time limit are refused; quiet channels send a keepalive; reliable
  // packets in flight come back under the resend ceiling (enet_link.hpp).
  void check_connections() {
    const auto now = Clock::now();
    if (now - ceiling_applied >= kResendCeilingPeriod) {
      ceiling_applied = now;
      for (auto& [id, cl] : clients) cap_resend_timeouts(cl.peer);
      for (auto& [peer, l] : in_links) cap_resend_timeouts(peer);
      for (auto& [node, l] : out_links) cap_resend_timeouts(l.peer);
    }
    if (now - links_checked < kNodeLinkCheckPeriod) return;
    links_checked = now;
    for (auto& [id, cl] : clients) {
      if ((cl.stage == Stage::hello || cl.stage == Stage::proof) && now - cl.opened >= config.server.limits.login_timeout) {
        refuse_plain(cl, Refusal::login_timeout, "the secure channel's handshake did not complete in time");
      } else if (cl.stage == Stage::open && now - cl.sealed_at >= kKeepaliveInterval &&
                 cl.peer->state == ENET_PEER_STATE_CONNECTED) {
        send_sealed(cl.peer, *cl.channel, cl.sealed_at, {});
      }
    }
    for (auto& [peer, l] : in_links) {
      if (l.stage != Stage::open && l.stage != Stage::closing && now - l.opened >= config.server.limits.login_timeout) {
        close_in_link(l, "its handshake did not complete in time");
      } else if (l.stage == Stage::open && now - l.sealed_at >= kKeepaliveInterval &&
                 peer->state == ENET_PEER_STATE_CONNECTED) {
        send_sealed(peer, *l.channel, l.sealed_at, {});
      }
    }
    for (auto& [node, l] : out_links) {
      if (l.channel && now - l.sealed_at >= kKeepaliveInterval && l.peer->state == ENET_PEER_STATE_CONNECTED)
        send_sealed(l.peer, *l.channel, l.sealed_at, {});
    }
  }

  // ---- routing ------------------------------------------------------------------------------

  void to_core(ConnectionId c, std::span<const std::uint8_t> message, Turn& turn) {
    turn.events.push_back(NetworkEvent{NetworkEvent::Kind::received, c, 0, message});
  }

  void hold(ConnectionId from, bool from_link, RoomId room, std::span<const std::uint8_t> message) {
    held.push_back(Held{from, from_link, room, Bytes(message.begin(), message.end()), Clock::now() + kHeldAtMost});
  }

  // Whether a room is this node's by the database (for a room the core does not hold).
  enum class Where : std::uint8_t { here, elsewhere, nowhere, unknown };
  Where where(RoomId room, std::int64_t& node) {
    if (auto it = located.find(room); it != located.end()) {
      node = it->second;
      return node == me() ? Where::here : Where::elsewhere;
    }
    auto found = directory->locate(room);
    if (!found) return Where::unknown;
    if (!*found) return Where::nowhere;
    node = (*found)->node.value;
    if (node != me()) located[room] = node;
    return node == me() ? Where::here : Where::elsewhere;
  }

  // A request of a client of this node about one room.
  void route_room(ConnectionId c, RoomId room, std::span<const std::uint8_t> message, Turn& turn) {
    if (core->has_room(room)) {
      if (can_sequence()) return to_core(c, message, turn);
      return hold(c, false, room, message);
    }
    std::int64_t node = 0;
    switch (where(room, node)) {
      case Where::nowhere: return to_core(c, message, turn);  // refused there as no such room
      case Where::unknown:
        return answer(c, Refused{peek_request_id(message), Refusal::unavailable, "the cluster's database is unavailable"});
      case Where::here: {
        missing_since.try_emplace(room, Clock::now());
        return hold(c, false, room, message);  // its adoption is on its way
      }
      case Where::elsewhere:
        if (nodes.contains(node) && forward(c, node, message)) {
          if (message[0] == static_cast<std::uint8_t>(WireTag::join_room)) clients.at(c).joined[room] = node;
          return;
        }
        return hold(c, false, room, message);  // its node failed: it is being taken over
    }
  }

  bool admit(Client& cl, ConnectionId c, std::span<const std::uint8_t> message) {
    const auto now = Clock::now();
    if (cl.messages.try_take(1, now) && cl.bytes.try_take(message.size(), now)) return true;
    answer(c, Refused{peek_request_id(message), Refusal::rate_limited, std::string(describe(Refusal::rate_limited))});
    return false;
  }

  // A request of a client of this node.
  void route(ConnectionId c, std::span<const std::uint8_t> message, Turn& turn) {
    Client& cl = clients.at(c);
    if (cl.closing) return;
    if (!cl.key) {
      // Requests sent right behind a login are routed once the login is done (to the room's
      // node, which needs to know who asks).
      if (cl.logging_in && cl.deferred.size() < kMaxDeferred) {
        cl.deferred.emplace_back(message.begin(), message.end());
        return;
      }
      if (!message.empty() && message[0] == static_cast<std::uint8_t>(WireTag::login)) {
        cl.logging_in = true;
        turn.logins.push_back(c);
      }
      return to_core(c, message, turn);
    }
    if (message.size() > kMaxMessageBytes || message.size() < 2) return to_core(c, message, turn);
    const auto tag = static_cast<WireTag>(message[0]);
    const RequestId request = peek_request_id(message);
    const bool about_rooms = tag == WireTag::list_rooms || tag == WireTag::join_room || tag == WireTag::leave_room ||
                             tag == WireTag::set_ready || tag == WireTag::chat || tag == WireTag::post ||
                             tag == WireTag::fetch_entries || tag == WireTag::quick_match ||
                             tag == WireTag::leave_queue || tag == WireTag::create_room;
    if (!about_rooms) return to_core(c, message, turn);
    // The common room's chat is this node's (and the other nodes hear it through the database).
    if (tag == WireTag::chat && room_in(message) == std::optional<RoomId>(kLobbyRoom)) return to_core(c, message, turn);
    if (!database_up) {
      return answer(c, Refused{request, Refusal::unavailable, "the cluster's database is unavailable: try again"});
    }
    if (tag == WireTag::create_room) return to_core(c, message, turn);  // this node sequences it
    if (!admit(cl, c, message)) return;
    auto decoded = decode_client_message(message);
    if (!decoded) return to_core(c, message, turn);  // refused there, typed
    if (auto* list = std::get_if<ListRooms>(&*decoded)) {
      auto page = directory->list_rooms(*list);
      if (!page) return answer(c, Refused{request, Refusal::unavailable, "the cluster's database is unavailable"});
      return answer(c, *page);
    }
    if (auto* q = std::get_if<QuickMatch>(&*decoded)) {
      if (cl.queued) return answer(c, Refused{request, Refusal::already_queued, std::string(describe(Refusal::already_queued))});
      if (!is_valid_game_name(q->game))
        return answer(c, Refused{request, Refusal::bad_room_parameters, "a game name is 1-32 characters of a-z, 0-9 and -"});
      cl.queued = true;
      coordinator->enqueue(c, request, *cl.key, cl.name, q->game, q->seats);
      return;
    }
    if (std::holds_alternative<LeaveQueue>(*decoded)) {
      if (!cl.queued) return answer(c, Refused{request, Refusal::not_queued, std::string(describe(Refusal::not_queued))});
      cl.queued = false;
      coordinator->dequeue(c, request, *cl.key);
      return;
    }
    RoomId room = *room_in(message);
    if (auto* join = std::get_if<JoinRoom>(&*decoded); join != nullptr && !join->invite_code.empty() &&
                                                        (room.value == 0 || !core->has_room(room))) {
      auto found = directory->find_invite(join->invite_code);
      if (!found) return answer(c, Refused{request, Refusal::unavailable, "the cluster's database is unavailable"});
      if (!*found) return to_core(c, message, turn);  // refused there: wrong code
      room = **found;
    }
    route_room(c, room, message, turn);
  }

  // A request of a proxied connection: its node sent it here because this node sequences the
  // room, or did.
  void route_proxied(ConnectionId c, std::span<const std::uint8_t> message, Turn& turn) {
    auto room = room_in(message);
    const auto tag = message.empty() ? WireTag::status_query : static_cast<WireTag>(message[0]);
    if (tag == WireTag::join_room && room && room->value == 0) {
      // By invite code: the code names the room.
      auto decoded = decode_client_message(message);
      if (decoded && std::holds_alternative<JoinRoom>(*decoded)) {
        if (auto found = directory->find_invite(std::get<JoinRoom>(*decoded).invite_code); found && *found) room = **found;
      }
    }
    if (!room || core->has_room(*room)) {
      if (room && !can_sequence()) return hold(c, true, *room, message);
      return to_core(c, message, turn);
    }
    std::int64_t node = 0;
    switch (where(*room, node)) {
      case Where::here:
        missing_since.try_emplace(*room, Clock::now());
        return hold(c, true, *room, message);
      case Where::elsewhere:
        // The room moved on: the forwarding node's client reconnects and finds it.
        if (auto p = proxied.find(c); p != proxied.end()) {
          std::vector<std::uint64_t> vc{p->second.second};
          send_in_link(p->second.first, encode_link_deliver(vc, encode(LobbyMessage{Refused{
                                                                    peek_request_id(message), Refusal::room_moved,
                                                                    "the room moved to another node: reconnect"}})));
          send_in_link(p->second.first, encode(LinkMessage{LinkClose{p->second.second}}));
          drop_proxied(c);
        }
        return;
      case Where::nowhere:
      case Where::unknown: return to_core(c, message, turn);
    }
  }

  // Requests held for rooms between nodes: tried again, or refused once they waited too long.
  void retry_held(Turn& turn, bool force) {
    const auto now = Clock::now();
    if (!force && now < next_held_retry) return;
    next_held_retry = now + kHeldRetry;
    std::deque<Held> again;
    again.swap(held);
    for (Held& h : again) {
      const bool gone = h.proxied ? !proxied.contains(h.from) : !clients.contains(h.from);
      if (gone) continue;
      if (now >= h.until) {
        Refused r{peek_request_id(h.message), Refusal::unavailable, "the room's node is unavailable: try again"};
        if (h.proxied) {
          auto p = proxied.at(h.from);
          std::vector<std::uint64_t> vc{p.second};
          send_in_link(p.first, encode_link_deliver(vc, encode(LobbyMessage{r})));
        } else {
          answer(h.from, r);
        }
        continue;
      }
      turn.owned.push_back(std::move(h.message));
      if (h.proxied) {
        route_proxied(h.from, turn.owned.back(), turn);
      } else {
        route_room(h.from, h.room, turn.owned.back(), turn);
      }
    }
    // Rooms the database gives this node that it has not adopted for a while: adopted again.
    for (auto it = missing_since.begin(); it != missing_since.end();) {
      if (core->has_room(it->first)) {
        it = missing_since.erase(it);
      } else if (now - it->second >= kAdoptAgainAfter) {
        coordinator->adopt_again(it->first);
        it->second = now;
        ++it;
      } else {
        ++it;
      }
    }
  }

  // ---- rooms moving -------------------------------------------------------------------------

  // Another node sequences the room now: its members here reconnect and find it there.
  void release(RoomId room) {
    if (!core->has_room(room)) return;
    for (ConnectionId c : core->release_room(room)) {
      if (auto p = proxied.find(c); p != proxied.end()) {
        std::vector<std::uint64_t> vc{p->second.second};
        send_in_link(p->second.first,
                   encode_link_deliver(vc, encode(LobbyMessage{Refused{RequestId{0}, Refusal::room_moved,
                                                                       "the room moved to another node: reconnect"}})));
        send_in_link(p->second.first, encode(LinkMessage{LinkClose{p->second.second}}));
        drop_proxied(c);
      } else {
        refuse_and_close(c, Refusal::room_moved, "the room moved to another node: reconnect");
      }
    }
    epochs.erase(room);
  }

  void on_cluster_event(ClusterEvent& e, Turn& turn) {
    if (auto* a = std::get_if<cluster_event::Adopt>(&e)) {
      const RoomId room = a->adoption.room.room;
      if (core->has_room(room)) return;
      epochs[room] = {a->adoption.epoch, Clock::now()};
      located.erase(room);
      missing_since.erase(room);
      adoptions.push_back(std::move(a->adoption));
    } else if (auto* o = std::get_if<cluster_event::Owned>(&e)) {
      const auto now = Clock::now();
      std::vector<RoomId> lost;
      for (const auto& [room, held_under] : epochs) {
        if (now - held_under.second < kRecentlyAdopted) continue;
        auto it = o->rooms.find(room);
        if (it == o->rooms.end() || it->second != held_under.first) lost.push_back(room);
      }
      for (RoomId room : lost) {
        log("room " + std::to_string(room.value) + ": its lease was lost while this node could not renew");
        release(room);
      }
    } else if (auto* q = std::get_if<cluster_event::QueueAnswer>(&e)) {
      auto it = clients.find(q->connection);
      if (it == clients.end()) return;
      if (q->queued) {
        answer(q->connection, *q->queued);
      } else {
        it->second.queued = false;
        answer(q->connection, *q->refused);
      }
    } else if (auto* l = std::get_if<cluster_event::LeftQueue>(&e)) {
      if (l->request.value != 0 && clients.contains(l->connection)) answer(l->connection, Done{l->request});
    } else if (auto* m = std::get_if<cluster_event::Matched>(&e)) {
      // This node's players of the match go in, as if they had asked to join.
      for (auto& [c, cl] : clients) {
        if (!cl.key || !cl.queued || cl.closing) continue;
        if (std::find(m->keys.begin(), m->keys.end(), *cl.key) == m->keys.end()) continue;
        cl.queued = false;
        turn.owned.push_back(encode(ClientMessage{JoinRoom{RequestId{0}, m->room, {}, Role::player}}));
        if (m->node.value == me()) {
          if (core->has_room(m->room)) {
            to_core(c, turn.owned.back(), turn);
          } else {
            hold(c, false, m->room, turn.owned.back());
          }
        } else {
          located[m->room] = m->node.value;
          route_room(c, m->room, turn.owned.back(), turn);
        }
      }
    } else if (auto* k = std::get_if<cluster_event::Kick>(&e)) {
      for (auto& [c, cl] : clients) {
        if (cl.key && *cl.key == k->key && !cl.closing) refuse_and_close(c, Refusal::logged_in_elsewhere, "");
      }
    } else if (auto* mv = std::get_if<cluster_event::Moved>(&e)) {
      // Clients here that joined the room at its old node reconnect and join it at the new one.
      for (auto& [c, cl] : clients) {
        auto j = cl.joined.find(mv->room);
        if (j != cl.joined.end() && j->second != mv->node.value && !cl.closing)
          refuse_and_close(c, Refusal::room_moved, "the room moved to another node: reconnect");
      }
      if (mv->node.value == me()) return;
      located[mv->room] = mv->node.value;
      if (core->has_room(mv->room)) {
        log("room " + std::to_string(mv->room.value) + " was taken over by node " + std::to_string(mv->node.value));
        release(mv->room);
      }
      retry_held(turn, true);
    } else if (auto* n = std::get_if<cluster_event::Nodes>(&e)) {
      nodes.clear();
      for (NodeInfo& info : n->nodes) nodes.emplace(info.id.value, std::move(info));
    } else if (auto* lease = std::get_if<cluster_event::Lease>(&e)) {
      lease_until = lease->valid_until;
    } else if (auto* lobby = std::get_if<cluster_event::Lobby>(&e)) {
      core->set_cluster_lobby(std::move(lobby->view));
    } else if (auto* chat = std::get_if<cluster_event::LobbyChat>(&e)) {
      core->relay_lobby_chat(std::move(chat->line));
    } else if (auto* db = std::get_if<cluster_event::Database>(&e)) {
      if (db->available) published.reset();  // what went out while it was away may not be there
      if (database_up != db->available)
        log(db->available ? "serving rooms again: the cluster's database is back"
                          : "not serving rooms: the cluster's database is unavailable (" + db->detail + ")");
      database_up = db->available;
    }
  }

  // ---- the loop -----------------------------------------------------------------------------

  void collect_host(ENetHost* host, Turn& turn) {
    ENetEvent ev;
    int r = enet_host_service(host, &ev, 0);
    while (r > 0) {
      switch (ev.type) {
        case ENET_EVENT_TYPE_CONNECT:
          if (ev.data == kLinkConnectData) {
            ev.peer->data = nullptr;
            on_in_link_connected(ev.peer);
          } else {
            on_client_connected(ev.peer, ev.data);
          }
          break;
        case ENET_EVENT_TYPE_RECEIVE:
          turn.packets.push_back(ev.packet);  // opened in place: the core reads it there
          if (in_links.contains(ev.peer)) {
            on_in_link_message(ev.peer, ev.channelID, {ev.packet->data, ev.packet->dataLength}, turn);
          } else if (ev.peer->data != nullptr && clients.contains(id_of(ev.peer))) {
            on_client_packet(id_of(ev.peer), ev.channelID, {ev.packet->data, ev.packet->dataLength}, turn);
          }
          break;
        case ENET_EVENT_TYPE_DISCONNECT:
          if (in_links.contains(ev.peer)) {
            in_link_down(ev.peer);
          } else if (ev.peer->data != nullptr) {
            client_gone(id_of(ev.peer), turn);
            ev.peer->data = nullptr;
          }
          break;
        case ENET_EVENT_TYPE_NONE: break;
      }
      if (turn.events.size() >= kMaxBatchEvents) break;
      r = enet_host_check_events(host, &ev);
    }
  }

  void client_gone(ConnectionId c, Turn& turn) {
    auto it = clients.find(c);
    if (it == clients.end()) return;
    Client& cl = it->second;
    for (std::int64_t node : cl.nodes) {
      if (auto l = out_links.find(node); l != out_links.end()) {
        send_link(l->second, encode(LinkMessage{LinkDetach{c.value}}));
        l->second.clients.erase(c);
      }
    }
    if (cl.key) {
      if (cl.queued) coordinator->dequeue(c, RequestId{0}, *cl.key);
      coordinator->offline(*cl.key);
    }
    // The core knows only connections whose channel opened.
    const bool known = cl.channel.has_value();
    if (cl.stage == Stage::hello || cl.stage == Stage::proof) handshake_ended(cl);
    clients.erase(it);
    if (known) turn.events.push_back(NetworkEvent{NetworkEvent::Kind::disconnected, c, 0, {}});
  }

  void collect_links(Turn& turn) {
    (void)turn;
    ENetEvent ev;
    while (enet_host_service(link_host, &ev, 0) > 0) {
      switch (ev.type) {
        case ENET_EVENT_TYPE_CONNECT: on_out_link_connected(ev.peer); break;
        case ENET_EVENT_TYPE_RECEIVE:
          on_out_link_message(ev.peer, ev.channelID, {ev.packet->data, ev.packet->dataLength});
          enet_packet_destroy(ev.packet);
          break;
        case ENET_EVENT_TYPE_DISCONNECT: out_link_down(ev.peer); break;
        case ENET_EVENT_TYPE_NONE: break;
      }
    }
  }

  // Every room the round wrote to is fenced by the epoch this node holds it under.
  void fence(WriteBatch& writes) {
    std::set<RoomId> rooms;
    for (const WriteOp& op : writes) {
      if (const auto* i = std::get_if<InsertRoom>(&op)) epochs[i->room.room] = {1, Clock::now()};
      rooms.insert(room_of(op));
    }
    for (RoomId room : rooms) {
      auto it = epochs.find(room);
      // A room released in the meantime keeps an epoch no lease has: its writes are refused.
      writes.push_back(Fence{room, it == epochs.end() ? 0 : it->second.first});
    }
  }

  void enqueue(Round round) {
    if (!round.writes.empty()) {
      for (const WriteOp& op : round.writes) {
        if (const auto* c = std::get_if<CloseRoom>(&op)) closing.emplace_back(round.number, c->room);
      }
      fence(round.writes);
      writer->submit(round.number, std::move(round.writes));
      last_submitted = round.number;
    }
    if (!round.output.messages.empty() || !round.output.disconnect.empty())
      waiting.emplace_back(last_submitted, std::move(round.output));
  }

  void release_committed() {
    // Rooms another node took while this node's writes to them were on their way: their
    // members here reconnect (nothing of those writes was committed, nor will be sent).
    for (RoomId room : committer->take_fenced()) {
      log("room " + std::to_string(room.value) + ": another node holds its lease now; this node's last writes to it were refused");
      release(room);
    }
    const std::uint64_t committed = writer->committed();
    core->durable_through(committed);
    while (!waiting.empty() && waiting.front().first <= committed) {
      deliver(waiting.front().second);
      waiting.pop_front();
    }
    if (packets_queued) {
      packets_queued = false;
      for (ENetHost* h : hosts) enet_host_flush(h);
      enet_host_flush(link_host);
    }
    for (; !closing.empty() && closing.front().first <= committed; closing.pop_front()) {
      if (archive) archive->archive(closing.front().second);
    }
  }

  void wait(bool network, int timeout_ms) {
    for (pollfd& f : poll_fds) f.revents = 0;
    ::poll(poll_fds.data(), network ? poll_fds.size() : 2, timeout_ms);
    if ((poll_fds[0].revents & POLLIN) != 0) {
      std::uint64_t n = 0;
      (void)!::read(writer->wake_fd(), &n, sizeof n);
    }
  }

  // After a round: the clients that logged in are online, and told the cluster's nodes.
  void after_logins(const Turn& turn, RoundOutput& out) {
    for (ConnectionId c : turn.logins) {
      auto it = clients.find(c);
      if (it == clients.end() || it->second.key) continue;
      it->second.logging_in = false;
      // What came behind the login goes on in the next turn: routed if it succeeded, to the core
      // (which refuses it) if not.
      for (Bytes& b : it->second.deferred) redo.emplace_back(c, std::move(b));
      it->second.deferred.clear();
      auto login = core->login_of(c);
      if (!login) continue;
      it->second.key = login->key;
      it->second.name = login->name;
      coordinator->online(login->key);
      NodeList list;
      for (const auto& [id, info] : nodes) list.nodes.push_back(info.advertise);
      out.messages.push_back(Outgoing{std::make_shared<const Bytes>(encode(LobbyMessage{list})), {c}});
    }
  }

  // The common room across the cluster (docs/lobby.md, "Cluster"): this node's lobby chat goes
  // to the other nodes, and its players (with the queues its clients wait in, which the
  // database holds rather than the core) are published when they changed, once a second at most.
  void share_common_room() {
    if (auto said = core->take_lobby_chat(); !said.empty()) coordinator->say_in_lobby(std::move(said));
    const auto now = Clock::now();
    if (now - presence_checked < kPresenceEvery) return;
    presence_checked = now;
    std::vector<LobbyPresence> players = core->presence();
    std::set<crypto::PublicKey> queued;
    for (const auto& [id, cl] : clients)
      if (cl.key && cl.queued) queued.insert(*cl.key);
    for (LobbyPresence& p : players)
      if (queued.contains(p.key)) p.activity = busier(p.activity, Activity::queued);
    if (published == players) return;
    coordinator->publish_presence(players);
    published = std::move(players);
  }

  game::Result<bool, ServerError> fail(const StorageError& e) {
    log("database failure, stopping without sending what it did not commit: " + e.detail);
    return ServerError{ServerError::Kind::storage, e.detail};
  }

  game::Result<bool, ServerError> run() {
    log("listening on " + to_string(bound) + " as node " + std::to_string(me()) + " (" +
        crypto::fingerprint(node_key.identity.public_key()) + ") of the cluster of deployment key " +
        crypto::fingerprint(node_key.certificate.deployment_key) + ", advertised as " +
        to_string(config.cluster.advertise));
    bool more_queued = false;
    while (!stop.load(std::memory_order_relaxed)) {
      const bool backlogged = waiting.size() >= kMaxRoundsAwaitingCommit;
      wait(!backlogged, more_queued && !backlogged ? 0 : kIdleWaitMs);
      if (auto failed = writer->failure()) return fail(*failed);
      Turn turn;
      for (ClusterEvent& e : coordinator->take_events()) on_cluster_event(e, turn);
      release_committed();
      if (backlogged) continue;
      turn.events.insert(turn.events.begin(), carried.begin(), carried.end());
      carried.clear();
      for (auto& [c, bytes] : std::exchange(redo, {})) {
        if (!clients.contains(c)) continue;
        turn.owned.push_back(std::move(bytes));
        route(c, turn.owned.back(), turn);
      }
      for (std::size_t i = 0; i < hosts.size() && turn.events.size() < kMaxBatchEvents; ++i)
        collect_host(hosts[(first_host + i) % hosts.size()], turn);
      first_host = (first_host + 1) % hosts.size();
      collect_links(turn);
      check_connections();
      more_queued = turn.events.size() >= kMaxBatchEvents;
      retry_held(turn, false);
      const bool adopted = !adoptions.empty();
      if (config.server.ratings)
        if (auto table = config.server.ratings->take()) core->set_ratings(std::move(*table));
      auto round = core->process(turn.events, Clock::now(), adoptions);
      adoptions.clear();
      // Requests held for the rooms just adopted go to them in the next turn.
      if (adopted) next_held_retry = Clock::now();
      for (ENetPacket* p : turn.packets) enet_packet_destroy(p);
      if (!round) return fail(round.error());
      after_logins(turn, round->output);
      enqueue(std::move(*round));
      share_common_room();
      release_committed();
    }
    return shut_down();
  }

  game::Result<bool, ServerError> shut_down() {
    auto round = core->shut_down(Clock::now());
    if (!round) return fail(round.error());
    enqueue(std::move(*round));
    // A database that is away gets a while to come back; what it did not commit is not sent.
    std::thread interrupter([this] {
      for (int i = 0; i < 100 && writer->committed() < last_submitted && !writer->failure(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      committer->interrupt();
    });
    const bool committed = writer->wait_for(last_submitted);
    interrupter.join();
    if (committed) release_committed();
    coordinator->resign();
    const auto deadline = Clock::now() + kNodeShutdownDrain;
    while (!clients.empty() && Clock::now() < deadline) {
      for (ENetHost* host : hosts) {
        ENetEvent ev;
        if (enet_host_service(host, &ev, 2) > 0) {
          if (ev.type == ENET_EVENT_TYPE_DISCONNECT && ev.peer->data != nullptr) clients.erase(id_of(ev.peer));
          if (ev.type == ENET_EVENT_TYPE_RECEIVE) enet_packet_destroy(ev.packet);
          if (ev.type == ENET_EVENT_TYPE_CONNECT) enet_peer_reset(ev.peer);
        }
      }
      enet_host_flush(link_host);
    }
    log(committed ? "stopped" : "stopped; the cluster's database did not take the last writes (nothing of them was sent)");
    return true;
  }
};

ClusterServer::ClusterServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ClusterServer::~ClusterServer() = default;

game::Result<std::unique_ptr<ClusterServer>, ServerError> ClusterServer::open(const ClusterConfig& config, LogSink sink) {
  if (!ensure_enet()) return ServerError{ServerError::Kind::network, "ENet failed to initialise"};
  auto key = load_node_key(config.node_key);
  if (!key) return key.error();
  auto impl = std::make_unique<Impl>(std::move(*key));
  impl->config = config;
  if (config.server.log) {
    impl->logger = [](std::string_view line) {
      std::fprintf(stderr, "parley-lobby: %.*s\n", static_cast<int>(line.size()), line.data());
    };
  }
  const auto storage_failure = [](const StorageError& e) { return ServerError{ServerError::Kind::storage, e.detail}; };

  // The socket first: a node that cannot listen does not join the cluster.
  const std::size_t peer_slots =
      std::min<std::size_t>(config.server.limits.max_connections + kMaxNodeLinks + 16, ENET_PROTOCOL_MAXIMUM_PEER_ID);
  auto hosts = open_listen_hosts(config.server.listen, config.server.hosts, peer_slots);
  if (!hosts) return hosts.error();
  impl->hosts = std::move(hosts).value();
  impl->link_host = enet_host_create(nullptr, kMaxNodeLinks, 1, 0, 0);
  if (impl->link_host == nullptr) return ServerError{ServerError::Kind::network, "cannot open the links to other nodes"};
  tune_host(impl->link_host);
  impl->bound = bound_endpoint(impl->hosts.front());

  ClusterOptions options = config.cluster;
  if (options.advertise.port == 0) options.advertise.port = impl->bound.port;  // tests listen on port 0
  auto coordinator = ClusterCoordinator::start(options, impl->node_key.certificate, impl->logger);
  if (!coordinator) return storage_failure(coordinator.error());
  impl->coordinator = std::move(*coordinator);
  impl->config.cluster = options;
  const NodeId node = impl->coordinator->node();
  auto directory = ClusterDirectory::open(options.database, *impl->coordinator);
  if (!directory) return storage_failure(directory.error());
  impl->directory = std::move(*directory);
  auto reader = PgStorage::open(options.database, node);
  if (!reader) return storage_failure(reader.error());
  impl->reader = std::move(*reader);
  auto committer = PgStorage::open(options.database, node);
  if (!committer) return storage_failure(committer.error());
  impl->committer = committer->get();
  impl->writer = std::make_unique<StorageWriter>(std::move(*committer), nullptr, StorageWriter::Commits::on_writer_thread);
  impl->core = LobbyCore::open_node(config.server, *impl->reader, impl->node_key.identity,
                                    NodeIdentity{impl->node_key.certificate.deployment_key, impl->node_key.certificate},
                                    *impl->directory, impl->logger);
  if (!config.server.logs_dir.empty() || sink) {
    auto archive_reader = PgStorage::open(options.database, node);
    if (!archive_reader) return storage_failure(archive_reader.error());
    std::filesystem::path dir = config.server.logs_dir;
    if (dir.empty()) dir = certificate_file_for(config.node_key).parent_path() / "logs";
    auto archive = LogArchive::open(std::unique_ptr<Storage>(std::move(*archive_reader)), dir,
                                    impl->node_key.certificate.deployment_key, impl->logger, std::move(sink));
    if (!archive) return storage_failure(archive.error());
    impl->archive = std::move(*archive);
  }
  impl->poll_fds.push_back({impl->writer->wake_fd(), POLLIN, 0});
  impl->poll_fds.push_back({impl->coordinator->wake_fd(), POLLIN, 0});
  impl->poll_fds.push_back({impl->link_host->socket, POLLIN, 0});
  for (ENetHost* h : impl->hosts) impl->poll_fds.push_back({h->socket, POLLIN, 0});
  return std::unique_ptr<ClusterServer>(new ClusterServer(std::move(impl)));
}

Endpoint ClusterServer::local_endpoint() const { return impl_->bound; }
const crypto::PublicKey& ClusterServer::public_key() const { return impl_->node_key.certificate.deployment_key; }
game::Result<bool, ServerError> ClusterServer::run() { return impl_->run(); }
void ClusterServer::request_stop() noexcept { impl_->stop.store(true, std::memory_order_relaxed); }

}  // namespace parley::lobby
