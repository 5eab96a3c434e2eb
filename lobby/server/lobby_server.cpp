#include "lobby/server/lobby_server.hpp"

#include <arpa/inet.h>
#include <enet/enet.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <vector>

#include "lobby/client/enet_init.hpp"
#include "lobby/server/lobby_core.hpp"

namespace parley::lobby {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxBatchEvents = 1024;
constexpr std::uint32_t kServiceWaitMs = 20;  // also bounds how long request_stop() takes to act
constexpr auto kShutdownDrain = std::chrono::milliseconds(1000);

std::string storage_detail(const StorageError& e) { return e.detail; }

}  // namespace

std::string to_string(const ServerError& error) {
  switch (error.kind) {
    case ServerError::Kind::bad_address: return "bad listen address: " + error.detail;
    case ServerError::Kind::network: return "network: " + error.detail;
    case ServerError::Kind::key: return "lobby key: " + error.detail;
    case ServerError::Kind::storage: return "database: " + error.detail;
  }
  return error.detail;
}

std::filesystem::path key_file_for(const ServerConfig& config) {
  if (!config.key_file.empty()) return config.key_file;
  std::filesystem::path key = config.database;
  key += ".key";
  return key;
}

struct LobbyServer::Impl {
  ServerConfig config;
  std::unique_ptr<LobbyCore> core;
  crypto::PublicKey key;
  ENetHost* host = nullptr;
  Endpoint bound;
  std::atomic<bool> stop{false};
  std::map<ConnectionId, ENetPeer*> peers;
  std::uint64_t next_connection = 0;

  Impl(ServerConfig c, std::unique_ptr<LobbyCore> core_, ENetHost* host_, Endpoint bound_)
      : config(std::move(c)), core(std::move(core_)), key(core->public_key()), host(host_), bound(std::move(bound_)) {}
  ~Impl() {
    if (host != nullptr) enet_host_destroy(host);
  }

  void log(std::string_view line) const {
    if (config.log) std::fprintf(stderr, "parley-lobby: %.*s\n", static_cast<int>(line.size()), line.data());
  }

  ConnectionId id_of(const ENetPeer* peer) const {
    return ConnectionId{static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(peer->data))};
  }

  void deliver(const RoundOutput& out) {
    for (const Outgoing& o : out.messages) {
      ENetPacket* packet = enet_packet_create(o.message->data(), o.message->size(), ENET_PACKET_FLAG_RELIABLE);
      if (packet == nullptr) continue;
      for (ConnectionId to : o.recipients) {
        auto it = peers.find(to);
        if (it != peers.end()) enet_peer_send(it->second, 0, packet);
      }
      if (packet->referenceCount == 0) enet_packet_destroy(packet);
    }
    for (ConnectionId c : out.disconnect) {
      auto it = peers.find(c);
      if (it != peers.end()) enet_peer_disconnect_later(it->second, 0);
    }
    enet_host_flush(host);
  }

  // Collects what ENet has (waiting up to wait_ms for the first event) into one batch.
  void collect(std::vector<NetworkEvent>& events, std::vector<ENetPacket*>& packets, std::uint32_t wait_ms) {
    ENetEvent ev;
    int r = enet_host_service(host, &ev, wait_ms);
    while (r > 0) {
      switch (ev.type) {
        case ENET_EVENT_TYPE_CONNECT: {
          ConnectionId id{++next_connection};
          ev.peer->data = reinterpret_cast<void*>(static_cast<std::uintptr_t>(id.value));
          peers[id] = ev.peer;
          events.push_back(NetworkEvent{NetworkEvent::Kind::connected, id, ev.peer->address.host, {}});
          break;
        }
        case ENET_EVENT_TYPE_RECEIVE:
          packets.push_back(ev.packet);
          events.push_back(NetworkEvent{NetworkEvent::Kind::received, id_of(ev.peer), 0,
                                        std::span<const std::uint8_t>(ev.packet->data, ev.packet->dataLength)});
          break;
        case ENET_EVENT_TYPE_DISCONNECT: {
          ConnectionId id = id_of(ev.peer);
          peers.erase(id);
          ev.peer->data = nullptr;
          events.push_back(NetworkEvent{NetworkEvent::Kind::disconnected, id, 0, {}});
          break;
        }
        case ENET_EVENT_TYPE_NONE: break;
      }
      if (events.size() >= kMaxBatchEvents) break;
      r = enet_host_service(host, &ev, 0);
    }
    if (r < 0) log("ENet reported a socket error; serving on");
  }

  game::Result<bool, ServerError> run() {
    std::vector<NetworkEvent> events;
    std::vector<ENetPacket*> packets;
    log("listening on " + to_string(bound) + ", lobby key " + crypto::fingerprint(key));
    while (!stop.load(std::memory_order_relaxed)) {
      events.clear();
      packets.clear();
      collect(events, packets, kServiceWaitMs);
      auto out = core->process(events, Clock::now());
      for (ENetPacket* p : packets) enet_packet_destroy(p);
      if (!out) {
        log("database failure, stopping: " + storage_detail(out.error()));
        return ServerError{ServerError::Kind::storage, out.error().detail};
      }
      deliver(*out);
    }
    auto out = core->shut_down(Clock::now());
    if (!out) {
      log("database failure while shutting down: " + storage_detail(out.error()));
      return ServerError{ServerError::Kind::storage, out.error().detail};
    }
    deliver(*out);
    // Let the last messages and disconnections reach the peers.
    auto deadline = Clock::now() + kShutdownDrain;
    while (!peers.empty() && Clock::now() < deadline) {
      ENetEvent ev;
      if (enet_host_service(host, &ev, 10) > 0) {
        if (ev.type == ENET_EVENT_TYPE_DISCONNECT) peers.erase(id_of(ev.peer));
        if (ev.type == ENET_EVENT_TYPE_RECEIVE) enet_packet_destroy(ev.packet);
        if (ev.type == ENET_EVENT_TYPE_CONNECT) enet_peer_reset(ev.peer);
      }
    }
    log("stopped");
    return true;
  }
};

LobbyServer::LobbyServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LobbyServer::~LobbyServer() = default;

game::Result<std::unique_ptr<LobbyServer>, ServerError> LobbyServer::open(const ServerConfig& config) {
  if (!ensure_enet()) return ServerError{ServerError::Kind::network, "ENet failed to initialise"};
  ENetAddress address{};
  if (config.listen.host == "*" || config.listen.host == "0.0.0.0") {
    address.host = ENET_HOST_ANY;
  } else if (enet_address_set_host(&address, config.listen.host.c_str()) != 0) {
    return ServerError{ServerError::Kind::bad_address, "cannot resolve " + config.listen.host};
  }
  address.port = config.listen.port;

  auto identity = crypto::load_or_create_identity(key_file_for(config));
  if (!identity) {
    return ServerError{ServerError::Kind::key, key_file_for(config).string() + ": " +
                                                   std::string(crypto::describe(identity.error()))};
  }
  auto storage = Storage::open(config.database, config.sync);
  if (!storage) return ServerError{ServerError::Kind::storage, storage.error().detail};

  Logger logger;
  if (config.log) {
    logger = [](std::string_view line) {
      std::fprintf(stderr, "parley-lobby: %.*s\n", static_cast<int>(line.size()), line.data());
    };
  }
  auto core = LobbyCore::open(config, std::move(*storage), std::move(*identity), logger);
  if (!core) return ServerError{ServerError::Kind::storage, core.error().detail};

  // A few peers beyond the limit, so a connection over it gets a typed refusal instead of
  // ENet's silence; ENet itself numbers peers with 12 bits.
  std::size_t peer_slots = std::min<std::size_t>(config.limits.max_connections + 16, ENET_PROTOCOL_MAXIMUM_PEER_ID);
  ENetHost* host = enet_host_create(&address, peer_slots, 1, 0, 0);
  if (host == nullptr) {
    return ServerError{ServerError::Kind::network, "cannot listen on " + to_string(config.listen) + " (in use?)"};
  }
  // Messages up to twice the protocol's maximum still arrive, so the lobby can refuse them as
  // too large; ENet drops anything bigger before the lobby sees it.
  host->maximumPacketSize = 2 * kMaxMessageBytes;
  host->maximumWaitingData = 4 * kMaxMessageBytes;

  char ip[64] = {0};
  enet_address_get_host_ip(&host->address, ip, sizeof ip);
  Endpoint bound{ip, host->address.port};
  return std::unique_ptr<LobbyServer>(
      new LobbyServer(std::make_unique<Impl>(config, std::move(*core), host, std::move(bound))));
}

Endpoint LobbyServer::local_endpoint() const { return impl_->bound; }
const crypto::PublicKey& LobbyServer::public_key() const { return impl_->key; }
game::Result<bool, ServerError> LobbyServer::run() { return impl_->run(); }
void LobbyServer::request_stop() noexcept { impl_->stop.store(true, std::memory_order_relaxed); }

ServerThread::ServerThread(std::unique_ptr<LobbyServer> server) : server_(std::move(server)) {}

game::Result<std::unique_ptr<ServerThread>, ServerError> ServerThread::start(const ServerConfig& config) {
  auto server = LobbyServer::open(config);
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
