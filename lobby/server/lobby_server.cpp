#include "lobby/server/lobby_server.hpp"

#include <enet/enet.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>
#include <map>
#include <vector>

#include "lobby/client/enet_init.hpp"
#include "lobby/client/enet_link.hpp"
#include "lobby/protocol/handshake.hpp"
#include "lobby/server/lan_responder.hpp"
#include "lobby/server/listen_hosts.hpp"
#include "lobby/server/lobby_core.hpp"
#include "lobby/server/log_archive.hpp"
#include "lobby/server/ratings_mailbox.hpp"
#include "lobby/server/storage_writer.hpp"

namespace parley::lobby {

namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kShutdownDrain = std::chrono::milliseconds(1000);
// How often connections are checked: handshakes against the login time limit, quiet channels
// for a keepalive.
constexpr auto kLinkCheckPeriod = std::chrono::milliseconds(250);

// A lobby connection as the network layer sees it: its handshake, then its secure channel. The
// core hears of it only once the channel is up, with the key the handshake proved.
struct Link {
  enum class Stage : std::uint8_t {
    hello,    // the ENet connection is up; waiting for the ClientHello
    proof,    // the LobbyHello went out; waiting for the ClientProof
    open,     // the channel is up and the core knows the connection
    closing,  // refused or faulted: whatever comes is dropped until ENet reports the end
  };
  ENetPeer* peer = nullptr;
  std::uint32_t address = 0;
  Clock::time_point opened{};
  Clock::time_point sealed_at{};  // the last packet sent on the channel
  Stage stage = Stage::hello;
  std::optional<LobbyHandshake> handshake{};
  std::optional<Channel> channel{};
};

}  // namespace

std::string to_string(const ServerError& error) {
  switch (error.kind) {
    case ServerError::Kind::bad_address: return "bad listen address: " + error.detail;
    case ServerError::Kind::network: return "network: " + error.detail;
    case ServerError::Kind::key: return "lobby key: " + error.detail;
    case ServerError::Kind::storage: return "database: " + error.detail;
    case ServerError::Kind::lan: return "LAN discovery: " + error.detail;
  }
  return error.detail;
}

std::filesystem::path key_file_for(const ServerConfig& config) {
  if (!config.key_file.empty()) return config.key_file;
  std::filesystem::path key = config.database;
  key += ".key";
  return key;
}

std::filesystem::path logs_dir_for(const ServerConfig& config) {
  if (!config.logs_dir.empty()) return config.logs_dir;
  std::filesystem::path logs = config.database;
  logs += ".logs";
  return logs;
}

struct LobbyServer::Impl {
  ServerConfig config;
  std::unique_ptr<Storage> reader;  // before core, which reads through it
  std::unique_ptr<LobbyCore> core;
  std::unique_ptr<StorageWriter> writer;
  crypto::PublicKey key;
  crypto::Identity identity;  // proves the lobby in every handshake
  std::vector<ENetHost*> hosts;  // one, or several sharing the port (ServerConfig::hosts)
  // Connections on each host, for operators and tests (read from other threads).
  std::unique_ptr<std::atomic<std::uint32_t>[]> host_connections;
  std::size_t first_host = 0;  // where the next collect() starts, so no host waits behind another
  std::vector<pollfd> poll_fds;  // the commit wake-up, the LAN responder, then every host
  Endpoint bound;
  std::atomic<bool> stop{false};
  std::map<ConnectionId, Link> links;
  std::map<std::uint32_t, std::uint32_t> handshaking_per_address;  // links in hello or proof, per IPv4 address
  Clock::time_point links_checked{};
  Clock::time_point ceiling_applied{};
  std::atomic<std::uint64_t> forged_packets{0};
  std::atomic<std::uint64_t> replayed_packets{0};
  std::atomic<std::uint64_t> channel_faults{0};
  std::uint64_t next_connection = 0;
  // Round outputs waiting for a commit: the round that must be durable first, and the output.
  std::deque<std::pair<std::uint64_t, RoundOutput>> waiting;
  std::uint64_t last_submitted = 0;
  // Rooms whose closing waits for its commit before the archive writes their log.
  std::deque<std::pair<std::uint64_t, RoomId>> closing;
  std::unique_ptr<LogArchive> archive;
  std::unique_ptr<LanResponder> lan;

  Impl(ServerConfig c, std::unique_ptr<Storage> reader_, std::unique_ptr<LobbyCore> core_,
       std::unique_ptr<StorageWriter> writer_, std::unique_ptr<LogArchive> archive_, std::vector<ENetHost*> hosts_,
       Endpoint bound_, std::unique_ptr<LanResponder> lan_, crypto::Identity identity_)
      : config(std::move(c)),
        reader(std::move(reader_)),
        core(std::move(core_)),
        writer(std::move(writer_)),
        key(core->public_key()),
        identity(std::move(identity_)),
        hosts(std::move(hosts_)),
        host_connections(new std::atomic<std::uint32_t>[hosts.size()]()),
        bound(std::move(bound_)),
        archive(std::move(archive_)),
        lan(std::move(lan_)) {
    poll_fds.push_back({writer->wake_fd(), POLLIN, 0});
    poll_fds.push_back({lan ? lan->fd() : -1, POLLIN, 0});
    for (ENetHost* h : hosts) poll_fds.push_back({h->socket, POLLIN, 0});
  }
  ~Impl() {
    for (ENetHost* h : hosts) enet_host_destroy(h);
  }

  std::size_t host_index(const ENetPeer* peer) const {
    return static_cast<std::size_t>(std::find(hosts.begin(), hosts.end(), peer->host) - hosts.begin());
  }

  void log(std::string_view line) const {
    if (config.log) std::fprintf(stderr, "parley-lobby: %.*s\n", static_cast<int>(line.size()), line.data());
  }

  ConnectionId id_of(const ENetPeer* peer) const {
    return ConnectionId{static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(peer->data))};
  }

  void deliver(const RoundOutput& out) {
    const Clock::time_point delivered_at = Clock::now();
    std::map<ENetPeer*, std::uint64_t> backlog;  // each recipient's, counted once per delivery
    for (const Outgoing& o : out.messages) {
      const std::size_t size = Channel::sealed_size(o.message->size());
      for (ConnectionId to : o.recipients) {
        auto it = links.find(to);
        if (it == links.end() || it->second.stage != Link::Stage::open || it->second.peer->state != ENET_PEER_STATE_CONNECTED)
          continue;
        ENetPeer* peer = it->second.peer;
        auto [held, first] = backlog.try_emplace(peer, 0);
        if (first) held->second = backlog_bytes(peer);
        if (held->second + size > config.limits.max_backlog_bytes) {
          // Dropping the queue and closing the connection costs the reader nothing it cannot
          // fetch again; buffering for it without bound would cost everyone the lobby's memory.
          log("connection " + std::to_string(to.value) + " has " + std::to_string(held->second) +
              " bytes it has not taken (a slow reader): disconnected, it can reconnect and fetch");
          enet_peer_disconnect(peer, 0);
          continue;
        }
        // Each connection has its own keys: one sealed packet per recipient.
        ENetPacket* packet = sealed_packet(*it->second.channel, *o.message);
        if (packet == nullptr) continue;
        if (enet_peer_send(peer, 0, packet) == 0) {
          held->second += size;
          it->second.sealed_at = delivered_at;
        } else {
          enet_packet_destroy(packet);
        }
      }
    }
    for (ConnectionId c : out.disconnect) {
      auto it = links.find(c);
      if (it != links.end()) enet_peer_disconnect_later(it->second.peer, 0);
    }
  }

  // ---- the secure channel ----------------------------------------------------------------

  void handshake_ended(Link& link) {
    auto it = handshaking_per_address.find(link.address);
    if (it != handshaking_per_address.end() && --it->second == 0) handshaking_per_address.erase(it);
  }

  // Refuses a connection whose channel is not up, in the clear (the only way there is), and
  // closes it; the refusal's number is also the disconnection's data.
  void refuse_plain(Link& link, Refusal reason, std::string detail) {
    if (link.stage == Link::Stage::hello || link.stage == Link::Stage::proof) handshake_ended(link);
    link.stage = Link::Stage::closing;
    link.handshake.reset();
    const Bytes bytes = encode(LobbyMessage{Refused{RequestId{0}, reason, std::move(detail)}});
    if (ENetPacket* p = plain_packet(bytes); p != nullptr && enet_peer_send(link.peer, 0, p) != 0) enet_packet_destroy(p);
    enet_peer_disconnect_later(link.peer, static_cast<enet_uint32>(reason));
  }

  // Ends an open connection whose channel gave up: the core hears it is gone, the client gets a
  // sealed refusal saying why.
  void close_faulted(ConnectionId id, Link& link, ChannelFault fault, std::vector<NetworkEvent>& events) {
    const Refusal reason = fault == ChannelFault::lost_packet ? Refusal::lost_packet : Refusal::rejected_packets;
    const ChannelStats& st = link.channel->stats();
    log("connection " + std::to_string(id.value) + ": " + std::string(describe(fault)) + " (" +
        std::to_string(st.forged) + " forged, " + std::to_string(st.replayed) + " replayed): closed");
    channel_faults.fetch_add(1, std::memory_order_relaxed);
    events.push_back(NetworkEvent{NetworkEvent::Kind::disconnected, id, 0, {}});
    link.stage = Link::Stage::closing;
    const Bytes bytes = encode(LobbyMessage{Refused{RequestId{0}, reason, std::string(describe(fault))}});
    if (ENetPacket* p = sealed_packet(*link.channel, bytes); p != nullptr && enet_peer_send(link.peer, 0, p) != 0)
      enet_packet_destroy(p);
    enet_peer_disconnect_later(link.peer, static_cast<enet_uint32>(reason));
  }

  void on_connect(ENetPeer* peer, enet_uint32 data) {
    ConnectionId id{++next_connection};
    peer->data = reinterpret_cast<void*>(static_cast<std::uintptr_t>(id.value));
    host_connections[host_index(peer)].fetch_add(1, std::memory_order_relaxed);
    tune_peer(peer);
    Link& link = links.emplace(id, Link{peer, peer->address.host, Clock::now()}).first->second;
    if (data != kConnectData) {
      // A client of another protocol version: version 1 sent no data and waits for a Challenge;
      // it reads this refusal (the format of Refused has not changed) instead of waiting.
      const bool ours = (data & 0xFFFFFF00U) == kConnectDataMagic;
      const std::string theirs = ours ? std::to_string(data & 0xFFU) : "1";
      link.stage = Link::Stage::closing;
      const Bytes bytes = encode(LobbyMessage{Refused{
          RequestId{0}, Refusal::unsupported_version,
          "this lobby speaks protocol version " + std::to_string(kProtocolVersion) + " (a secure channel); the client speaks " +
              theirs + ": update it"}});
      if (ENetPacket* p = plain_packet(bytes); p != nullptr && enet_peer_send(peer, 0, p) != 0) enet_packet_destroy(p);
      enet_peer_disconnect_later(peer, static_cast<enet_uint32>(Refusal::unsupported_version));
      return;
    }
    // Each handshake costs the lobby an X25519 exchange and a signature: one address gets no more
    // of them at once than it may hold connections.
    std::uint32_t& handshaking = handshaking_per_address[link.address];
    ++handshaking;
    if (handshaking > config.limits.max_connections_per_address) {
      refuse_plain(link, Refusal::too_many_connections, "too many connections from this address are opening");
    }
  }

  void on_receive(ENetEvent& ev, std::vector<NetworkEvent>& events) {
    const ConnectionId id = id_of(ev.peer);
    auto it = links.find(id);
    if (it == links.end()) return;
    Link& link = it->second;
    std::span<std::uint8_t> packet(ev.packet->data, ev.packet->dataLength);
    switch (link.stage) {
      case Link::Stage::hello: {
        auto hs = LobbyHandshake::answer(identity, packet);
        if (!hs) {
          const bool version = hs.error() == HandshakeError::unsupported_protocol;
          return refuse_plain(link, version ? Refusal::unsupported_version : Refusal::handshake_failed,
                              std::string(describe(hs.error())));
        }
        link.handshake.emplace(std::move(*hs));
        link.stage = Link::Stage::proof;
        if (ENetPacket* p = plain_packet(link.handshake->reply()); p != nullptr && enet_peer_send(link.peer, 0, p) != 0)
          enet_packet_destroy(p);
        return;
      }
      case Link::Stage::proof: {
        auto done = link.handshake->finish(packet);
        if (!done) return refuse_plain(link, Refusal::handshake_failed, std::string(describe(done.error())));
        handshake_ended(link);
        link.channel.emplace(done->keys, kLobbyChannels);
        link.sealed_at = Clock::now();
        link.handshake.reset();  // the shared secret goes now
        link.stage = Link::Stage::open;
        events.push_back(NetworkEvent{NetworkEvent::Kind::connected, id, link.address, {}, done->player_key});
        return;
      }
      case Link::Stage::open: {
        const ChannelStats before = link.channel->stats();
        auto plain = link.channel->open(ev.channelID, packet);
        if (plain) {
          // Empty: the client's keepalive, which only moves the channel's counter.
          if (!plain->empty()) events.push_back(NetworkEvent{NetworkEvent::Kind::received, id, 0, *plain});
          return;
        }
        const ChannelStats& after = link.channel->stats();
        forged_packets.fetch_add(after.forged - before.forged, std::memory_order_relaxed);
        replayed_packets.fetch_add(after.replayed - before.replayed, std::memory_order_relaxed);
        if (const auto& fault = link.channel->fault()) close_faulted(id, link, *fault, events);
        return;
      }
      case Link::Stage::closing: return;
    }
  }

  // Connections that have not finished their handshake within the login time limit are refused;
  // open ones that have sent nothing for a while send a keepalive.
  void check_links(Clock::time_point now) {
    if (now - links_checked < kLinkCheckPeriod) return;
    links_checked = now;
    for (auto& [id, link] : links) {
      if ((link.stage == Link::Stage::hello || link.stage == Link::Stage::proof) &&
          now - link.opened >= config.limits.login_timeout) {
        refuse_plain(link, Refusal::login_timeout, "the secure channel's handshake did not complete in time");
      } else if (link.stage == Link::Stage::open && now - link.sealed_at >= kKeepaliveInterval &&
                 link.peer->state == ENET_PEER_STATE_CONNECTED) {
        if (ENetPacket* p = sealed_packet(*link.channel, {}); p != nullptr && enet_peer_send(link.peer, 0, p) != 0)
          enet_packet_destroy(p);
        link.sealed_at = now;
      }
    }
  }

  // Keeps every connection's resends under the ceiling (enet_link.hpp).
  void apply_resend_ceiling(Clock::time_point now) {
    if (now - ceiling_applied < kResendCeilingPeriod) return;
    ceiling_applied = now;
    for (auto& [id, link] : links) cap_resend_timeouts(link.peer);
  }

  // Collects what the hosts have into one batch, each host in turn from a rotating first one.
  void collect(std::vector<NetworkEvent>& events, std::vector<ENetPacket*>& packets) {
    for (std::size_t i = 0; i < hosts.size() && events.size() < kMaxBatchEvents; ++i)
      collect(hosts[(first_host + i) % hosts.size()], events, packets);
    first_host = (first_host + 1) % hosts.size();
  }

  void collect(ENetHost* host, std::vector<NetworkEvent>& events, std::vector<ENetPacket*>& packets) {
    ENetEvent ev;
    int r = enet_host_service(host, &ev, 0);
    while (r > 0) {
      switch (ev.type) {
        case ENET_EVENT_TYPE_CONNECT: on_connect(ev.peer, ev.data); break;
        case ENET_EVENT_TYPE_RECEIVE:
          packets.push_back(ev.packet);  // opened in place: the core reads it there
          on_receive(ev, events);
          break;
        case ENET_EVENT_TYPE_DISCONNECT: {
          ConnectionId id = id_of(ev.peer);
          ev.peer->data = nullptr;
          // A peer that never connected (ENet's own handshake timed out) was not counted; the
          // core knows only connections whose channel opened, and hears of a faulted one at once.
          auto it = links.find(id);
          if (it == links.end()) break;
          host_connections[host_index(ev.peer)].fetch_sub(1, std::memory_order_relaxed);
          const Link::Stage stage = it->second.stage;
          if (stage == Link::Stage::hello || stage == Link::Stage::proof) handshake_ended(it->second);
          links.erase(it);
          if (stage == Link::Stage::open) events.push_back(NetworkEvent{NetworkEvent::Kind::disconnected, id, 0, {}});
          break;
        }
        case ENET_EVENT_TYPE_NONE: break;
      }
      if (events.size() >= kMaxBatchEvents) break;
      // What that service read is queued already; another service would pass over every peer
      // twice more and try the socket again, costs that grow with the number of connections.
      r = enet_host_check_events(host, &ev);
    }
    if (r < 0) log("ENet reported a socket error; serving on");
  }

  // Hands a round's writes to the writer and queues its output behind them (and behind every
  // earlier round: messages never overtake).
  void enqueue(Round round) {
    if (!round.writes.empty()) {
      for (const WriteOp& op : round.writes) {
        if (const auto* c = std::get_if<CloseRoom>(&op)) closing.emplace_back(round.number, c->room);
      }
      writer->submit(round.number, std::move(round.writes));
      last_submitted = round.number;
    }
    bool empty = round.output.messages.empty() && round.output.disconnect.empty();
    if (!empty) waiting.emplace_back(last_submitted, std::move(round.output));
  }

  // Sends every waiting output whose writes are durable.
  void release() {
    std::uint64_t committed = writer->committed();
    core->durable_through(committed);
    bool sent = false;
    while (!waiting.empty() && waiting.front().first <= committed) {
      deliver(waiting.front().second);
      waiting.pop_front();
      sent = true;
    }
    if (sent)
      for (ENetHost* h : hosts) enet_host_flush(h);
    for (; !closing.empty() && closing.front().first <= committed; closing.pop_front()) archive->archive(closing.front().second);
  }

  // Sleeps until the socket has data, a commit completes, or the idle time is up; answers the
  // LAN searches that came meanwhile (they never wait for the disk: they change nothing).
  void wait(bool network, int timeout_ms) {
    pollfd* fds = poll_fds.data();
    for (pollfd& f : poll_fds) f.revents = 0;
    ::poll(fds, network ? poll_fds.size() : 2, timeout_ms);
    if ((fds[0].revents & POLLIN) != 0) {
      std::uint64_t count = 0;
      (void)!::read(writer->wake_fd(), &count, sizeof count);
    }
    if ((fds[1].revents & POLLIN) != 0) {
      const auto now = Clock::now();
      lan->answer(
          [&] {
            const StatusReport s = core->status(now);
            return LanCounts{s.players_online, s.rooms_waiting, s.rooms_started};
          },
          now);
    }
  }

  game::Result<bool, ServerError> fail(const StorageError& e) {
    log("database failure, stopping without sending what it did not commit: " + e.detail);
    return ServerError{ServerError::Kind::storage, e.detail};
  }

  game::Result<bool, ServerError> run() {
    std::vector<NetworkEvent> events;
    std::vector<ENetPacket*> packets;
    log("listening on " + to_string(bound) + ", lobby key " + crypto::fingerprint(key) +
        (hosts.size() > 1 ? ", " + std::to_string(hosts.size()) + " ENet hosts sharing the port" : ""));
    if (lan) log("answering LAN searches on UDP port " + std::to_string(lan->port()) + " as \"" + config.lan->name + "\"");
    bool more_queued = false;  // the last batch was cut short: ENet holds more events already
    while (!stop.load(std::memory_order_relaxed)) {
      bool backlogged = waiting.size() >= kMaxRoundsAwaitingCommit;
      wait(!backlogged, more_queued && !backlogged ? 0 : kIdleWaitMs);
      if (auto failed = writer->failure()) return fail(*failed);
      release();
      if (backlogged) continue;
      events.clear();
      packets.clear();
      collect(events, packets);
      const auto now = Clock::now();
      check_links(now);
      apply_resend_ceiling(now);
      more_queued = events.size() >= kMaxBatchEvents;
      if (config.ratings)
        if (auto table = config.ratings->take()) core->set_ratings(std::move(*table));
      auto round = core->process(events, Clock::now());
      for (ENetPacket* p : packets) enet_packet_destroy(p);
      if (!round) return fail(round.error());
      enqueue(std::move(*round));
      release();
    }
    auto round = core->shut_down(Clock::now());
    if (!round) return fail(round.error());
    for (auto& [id, link] : links) {
      if (link.stage == Link::Stage::hello || link.stage == Link::Stage::proof)
        refuse_plain(link, Refusal::shutting_down, "the lobby is stopping");
    }
    enqueue(std::move(*round));
    if (!writer->wait_for(last_submitted)) return fail(*writer->failure());
    release();
    // Let the last messages and disconnections reach the peers.
    auto deadline = Clock::now() + kShutdownDrain;
    while (!links.empty() && Clock::now() < deadline) {
      for (ENetHost* host : hosts) {
        ENetEvent ev;
        if (enet_host_service(host, &ev, hosts.size() == 1 ? 10 : 2) > 0) {
          if (ev.type == ENET_EVENT_TYPE_DISCONNECT) links.erase(id_of(ev.peer));
          if (ev.type == ENET_EVENT_TYPE_RECEIVE) enet_packet_destroy(ev.packet);
          if (ev.type == ENET_EVENT_TYPE_CONNECT) enet_peer_reset(ev.peer);
        }
      }
    }
    log("stopped");
    return true;
  }
};

LobbyServer::LobbyServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LobbyServer::~LobbyServer() = default;

game::Result<std::unique_ptr<LobbyServer>, ServerError> LobbyServer::open(const ServerConfig& config, LogSink sink) {
  if (!ensure_enet()) return ServerError{ServerError::Kind::network, "ENet failed to initialise"};
  // The table's name is checked before anything is opened: a caller may start again without.
  std::optional<std::string> lan_name;
  if (config.lan) {
    auto name = sanitize_lan_name(config.lan->name);
    if (!name) return ServerError{ServerError::Kind::lan, "the table's name: " + std::string(describe(name.error()))};
    lan_name = std::move(name).value();
  }
  auto identity = crypto::load_or_create_identity(key_file_for(config));
  if (!identity) {
    return ServerError{ServerError::Kind::key, key_file_for(config).string() + ": " +
                                                   std::string(crypto::describe(identity.error()))};
  }
  auto storage = Storage::open(config.database, config.sync);
  if (!storage) return ServerError{ServerError::Kind::storage, storage.error().detail};
  auto reader = Storage::open_reader(config.database);
  if (!reader) return ServerError{ServerError::Kind::storage, reader.error().detail};

  Logger logger;
  if (config.log) {
    logger = [](std::string_view line) {
      std::fprintf(stderr, "parley-lobby: %.*s\n", static_cast<int>(line.size()), line.data());
    };
  }
  const crypto::Identity lobby_identity = *identity;  // the network layer's, for the handshakes and LAN answers
  auto core = LobbyCore::open(config, **storage, **reader, std::move(*identity), logger);
  if (!core) return ServerError{ServerError::Kind::storage, core.error().detail};
  auto archive = LogArchive::open(config.database, logs_dir_for(config), (*core)->public_key(), logger,
                                   std::move(sink));
  if (!archive) return ServerError{ServerError::Kind::storage, archive.error().detail};
  auto checkpointer = Storage::open_checkpointer(config.database, config.sync);
  if (!checkpointer) return ServerError{ServerError::Kind::storage, checkpointer.error().detail};

  // A few peers beyond the limit, so a connection over it gets a typed refusal instead of
  // ENet's silence; ENet itself numbers peers with 12 bits.
  std::size_t peer_slots = std::min<std::size_t>(config.limits.max_connections + 16, ENET_PROTOCOL_MAXIMUM_PEER_ID);
  auto hosts = open_listen_hosts(config.listen, config.hosts, peer_slots);
  if (!hosts) return hosts.error();
  ENetHost* first = hosts->front();

  const Endpoint bound = bound_endpoint(first);
  std::unique_ptr<LanResponder> lan;
  if (lan_name) {
    auto responder = LanResponder::open(config.lan->port, first->address.host, first->address.port, lobby_identity,
                                        *lan_name);
    if (!responder) {
      for (ENetHost* h : *hosts) enet_host_destroy(h);
      return ServerError{ServerError::Kind::lan, responder.error()};
    }
    lan = std::move(*responder);
  }
  auto writer = std::make_unique<StorageWriter>(std::move(*storage), std::move(*checkpointer),
                                                config.sync == SyncMode::full ? StorageWriter::Commits::on_writer_thread
                                                                              : StorageWriter::Commits::on_caller);
  return std::unique_ptr<LobbyServer>(new LobbyServer(
      std::make_unique<Impl>(config, std::move(*reader), std::move(*core), std::move(writer), std::move(*archive),
                             std::move(*hosts), std::move(bound), std::move(lan), lobby_identity)));
}

Endpoint LobbyServer::local_endpoint() const { return impl_->bound; }
const crypto::PublicKey& LobbyServer::public_key() const { return impl_->key; }
std::vector<std::uint32_t> LobbyServer::connections_per_host() const {
  std::vector<std::uint32_t> counts;
  for (std::size_t i = 0; i < impl_->hosts.size(); ++i)
    counts.push_back(impl_->host_connections[i].load(std::memory_order_relaxed));
  return counts;
}

ChannelCounts LobbyServer::channel_counts() const {
  return ChannelCounts{impl_->forged_packets.load(std::memory_order_relaxed),
                       impl_->replayed_packets.load(std::memory_order_relaxed),
                       impl_->channel_faults.load(std::memory_order_relaxed)};
}

std::optional<std::uint16_t> LobbyServer::lan_port() const {
  if (!impl_->lan) return std::nullopt;
  return impl_->lan->port();
}
game::Result<bool, ServerError> LobbyServer::run() { return impl_->run(); }
void LobbyServer::request_stop() noexcept { impl_->stop.store(true, std::memory_order_relaxed); }

ServerThread::ServerThread(std::unique_ptr<LobbyServer> server) : server_(std::move(server)) {}

game::Result<std::unique_ptr<ServerThread>, ServerError> ServerThread::start(const ServerConfig& config, LogSink sink) {
  auto server = LobbyServer::open(config, std::move(sink));
  if (!server) return server.error();
  std::unique_ptr<ServerThread> t(new ServerThread(std::move(*server)));
  t->thread_ = std::thread([raw = t.get()] { raw->outcome_ = raw->server_->run(); });
  return t;
}

game::Result<bool, ServerError> ServerThread::stop() {
  if (thread_.joinable()) {
    server_->request_stop();
    thread_.join();
  }
  if (!outcome_) return ServerError{ServerError::Kind::network, "the server thread did not run"};
  return *outcome_;
}

ServerThread::~ServerThread() {
  if (thread_.joinable()) (void)stop();
}

}  // namespace parley::lobby
