#include "bench/lobby/load.hpp"

#include <enet/enet.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include "lobby/client/enet_init.hpp"
#include "lobby/client/enet_link.hpp"
#include "lobby/protocol/channel.hpp"
#include "lobby/protocol/handshake.hpp"
#include "lobby/protocol/limits.hpp"
#include "lobby/protocol/messages.hpp"

namespace parley::lobby::bench {

namespace {

constexpr std::size_t kPoolSize = 256;  // posts per seat, reused in turn (never 256 in flight)
constexpr std::size_t kBodyBytes = 64;

// Datagrams the kernel dropped because a UDP socket's receive buffer was full (every socket on
// the machine: Udp RcvbufErrors in /proc/net/snmp). A dropped datagram waits for ENet's resend.
std::uint64_t udp_receive_buffer_drops() {
  std::ifstream in("/proc/net/snmp");
  std::string names, values;
  while (std::getline(in, names)) {
    if (names.rfind("Udp: ", 0) == 0 && std::getline(in, values)) {
      std::istringstream n(names), v(values);
      std::string name, value;
      while (n >> name && v >> value) {
        if (name == "RcvbufErrors") return std::stoull(value);
      }
    }
  }
  return 0;
}

double cpu_seconds(int who) {
  rusage u{};
  getrusage(who, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double percentile(std::vector<std::uint32_t>& v, double p) {
  if (v.empty()) return 0;
  auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k] / 1000.0;
}

std::int64_t nanos(SteadyClock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

}  // namespace

struct LoadGenerator::Seat {
  ENetPeer* peer = nullptr;
  int room = 0;
  int seat = 0;
  bool idle = false;
  crypto::Identity identity = crypto::Identity::generate();
  // The lobby runs: each connection's secure channel, as a client's (lobby/client/lobby_client.cpp).
  std::optional<ClientHandshake> handshake;
  std::optional<Channel> channel;
  bool welcomed = false;
  std::optional<RoomId> room_id;
  std::optional<SignedEntry> genesis;
  bool joined_echo = false;
  std::vector<Bytes> pool;
  std::vector<std::int64_t> sent_ns = std::vector<std::int64_t>(kPoolSize, 0);
  std::uint32_t next_slot = 0;
  std::uint32_t in_flight = 0;
  SteadyClock::time_point next_due{};
  std::uint32_t last_request = 0;
};

LoadGenerator::LoadGenerator(int rooms, int seats, int idle_peers) : rooms_(rooms), seats_per_room_(seats), idle_(idle_peers) {
  ensure_enet();
  std::size_t total = static_cast<std::size_t>(rooms * seats + idle_peers);
  peers_per_host_ = total <= ENET_PROTOCOL_MAXIMUM_PEER_ID ? std::max<std::size_t>(total, 1) : kPeersPerClientHost;
  for (std::size_t first = 0; first < std::max<std::size_t>(total, 1); first += peers_per_host_) {
    ENetHost* host = enet_host_create(nullptr, std::min(total - first, peers_per_host_), 1, 0, 0);
    // Many connections on one socket: larger kernel buffers, as a busy server would have.
    enet_socket_set_option(host->socket, ENET_SOCKOPT_RCVBUF, 8 * 1024 * 1024);
    enet_socket_set_option(host->socket, ENET_SOCKOPT_SNDBUF, 8 * 1024 * 1024);
    hosts_.push_back(host);
  }
  for (std::size_t i = 0; i < total; ++i) {
    auto s = std::make_unique<Seat>();
    int active = rooms * seats;
    s->idle = static_cast<int>(i) >= active;
    s->room = s->idle ? -1 : static_cast<int>(i) / seats;
    s->seat = s->idle ? -1 : static_cast<int>(i) % seats;
    seats_.push_back(std::move(s));
  }
}

LoadGenerator::~LoadGenerator() {
  disconnect_all();
  for (ENetHost* host : hosts_) enet_host_destroy(host);
}

void LoadGenerator::disconnect_all() {
  for (auto& s : seats_) {
    if (s->peer != nullptr) enet_peer_disconnect_now(s->peer, 0);
    s->peer = nullptr;
  }
  for (ENetHost* host : hosts_) enet_host_flush(host);
}

std::size_t LoadGenerator::connected() const {
  return static_cast<std::size_t>(std::count_if(seats_.begin(), seats_.end(), [](const auto& s) {
    return s->peer != nullptr && s->peer->state == ENET_PEER_STATE_CONNECTED;
  }));
}

template <class Done>
bool LoadGenerator::service_until(Done done, std::chrono::milliseconds limit) {
  auto deadline = SteadyClock::now() + limit;
  while (!done()) {
    if (SteadyClock::now() > deadline) return false;
    for (ENetHost* host : hosts_) service(host, hosts_.size() == 1 ? 1 : 0);
    if (hosts_.size() > 1) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

void LoadGenerator::service(ENetHost* host, std::uint32_t wait_ms) {
  ENetEvent ev;
  int r = enet_host_service(host, &ev, wait_ms);
  while (r > 0) {
    if (ev.type == ENET_EVENT_TYPE_RECEIVE) {
      on_receive(reinterpret_cast<std::uintptr_t>(ev.peer->data), ev.packet->data, ev.packet->dataLength);
      enet_packet_destroy(ev.packet);
    } else if (ev.type == ENET_EVENT_TYPE_DISCONNECT) {
      std::fprintf(stderr, "bench: connection %zu closed by the server\n",
                   static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(ev.peer->data)));
      seats_[reinterpret_cast<std::uintptr_t>(ev.peer->data)]->peer = nullptr;
    }
    r = enet_host_service(host, &ev, 0);
  }
}

bool LoadGenerator::connect_all(const std::vector<Endpoint>& to, std::size_t count) {
  std::vector<ENetAddress> addresses(to.size());
  for (std::size_t n = 0; n < to.size(); ++n) {
    enet_address_set_host(&addresses[n], to[n].host.c_str());
    addresses[n].port = to[n].port;
  }
  auto address_of = [&](std::size_t i) -> const ENetAddress& {
    const Seat& s = *seats_[i];
    return addresses[(s.idle ? i : static_cast<std::size_t>(s.room + s.seat)) % addresses.size()];
  };
  // In waves, so the server's connection handshakes never pile up past ENet's timeouts.
  constexpr std::size_t kWave = 250;
  for (std::size_t start = 0; start < count; start += kWave) {
    std::size_t end = std::min(count, start + kWave);
    for (std::size_t i = start; i < end; ++i) {
      seats_[i]->peer = enet_host_connect(hosts_[i / peers_per_host_], &address_of(i), 1, echo_mode_ ? 0 : kConnectData);
      if (seats_[i]->peer == nullptr) return false;
      seats_[i]->handshake.reset();
      seats_[i]->channel.reset();
      seats_[i]->peer->data = reinterpret_cast<void*>(static_cast<std::uintptr_t>(i));
    }
    bool ok = service_until([&] {
      for (std::size_t i = start; i < end; ++i) {
        if (seats_[i]->peer == nullptr || seats_[i]->peer->state != ENET_PEER_STATE_CONNECTED) return false;
      }
      return true;
    }, std::chrono::seconds(30));
    if (!ok) {
      std::fprintf(stderr, "bench: connections %zu..%zu did not all complete\n", start, end);
      return false;
    }
  }
  return true;
}

static void send_bytes(ENetPeer* peer, const Bytes& bytes) {
  ENetPacket* p = enet_packet_create(bytes.data(), bytes.size(), ENET_PACKET_FLAG_RELIABLE);
  enet_peer_send(peer, 0, p);
}

// Through the seat's secure channel when it has one (the lobby), as they are otherwise (the bare
// relay).
static void send_to(ENetPeer* peer, std::optional<Channel>& channel, const Bytes& bytes) {
  if (!channel) return send_bytes(peer, bytes);
  enet_peer_send(peer, 0, sealed_packet(*channel, bytes));
}

void LoadGenerator::on_receive(std::size_t receiver, std::uint8_t* data, std::size_t size) {
  Seat& me = *seats_[receiver];
  std::span<const std::uint8_t> bytes(data, size);
  if (!echo_mode_) {
    if (!me.channel) {
      if (!me.handshake) return;
      auto done = me.handshake->answer(me.identity, bytes);
      if (!done) {
        std::fprintf(stderr, "bench: handshake: %s\n", std::string(describe(done.error())).c_str());
        return;
      }
      send_bytes(me.peer, done->proof);
      me.channel.emplace(done->keys, kLobbyChannels);
      me.handshake.reset();
      return;
    }
    auto plain = me.channel->open(0, std::span<std::uint8_t>(data, size));
    if (!plain || plain->empty()) return;
    bytes = *plain;
  }
  const SignedEnvelope* envelope = nullptr;
  std::optional<ClientMessage> echoed;
  std::optional<LobbyMessage> message;
  if (echo_mode_) {
    if (size == 1) {
      me.joined_echo = true;
      return;
    }
    auto m = decode_client_message(bytes);
    if (!m) return;
    echoed = std::move(*m);
    if (auto* p = std::get_if<Post>(&*echoed)) envelope = &p->envelope;
  } else {
    auto m = decode_lobby_message(bytes);
    if (!m) return;
    message = std::move(*m);
    if (std::holds_alternative<Welcome>(*message)) {
      me.welcomed = true;
    } else if (auto* r = std::get_if<RoomState>(&*message)) {
      me.room_id = r->room;
    } else if (auto* e = std::get_if<EntryMessage>(&*message)) {
      if (std::holds_alternative<Genesis>(e->entry.entry.payload)) {
        me.genesis = e->entry;
      } else if (auto* env = std::get_if<SignedEnvelope>(&e->entry.entry.payload)) {
        envelope = env;
      }
    } else if (auto* refused = std::get_if<Refused>(&*message)) {
      std::fprintf(stderr, "bench: refused: %s\n", refused->detail.c_str());
    }
  }
  if (envelope == nullptr || envelope->envelope.body.size() < 8) return;
  std::uint32_t from = 0, slot = 0;
  std::memcpy(&from, envelope->envelope.body.data(), 4);
  std::memcpy(&slot, envelope->envelope.body.data() + 4, 4);
  if (from >= seats_.size() || slot >= kPoolSize) return;
  Seat& poster = *seats_[from];
  auto now = SteadyClock::now();
  std::int64_t sent = poster.sent_ns[slot];
  bool in_window = sent >= nanos(window_start_) && sent < nanos(window_end_);
  if (in_window) {
    ++delivered_;
    latencies_us_.push_back(static_cast<std::uint32_t>((nanos(now) - sent) / 1000));
  }
  if (from == receiver) {
    if (poster.in_flight > 0) --poster.in_flight;
    if (in_window) ++completed_;
    if (closed_loop_ && sending_) post(from);
  }
}

void LoadGenerator::post(std::size_t index) {
  Seat& s = *seats_[index];
  std::uint32_t slot = s.next_slot;
  s.next_slot = (s.next_slot + 1) % kPoolSize;
  s.sent_ns[slot] = nanos(SteadyClock::now());
  ++s.in_flight;
  send_to(s.peer, s.channel, s.pool[slot]);
}

bool LoadGenerator::set_up_lobby(const std::vector<Endpoint>& nodes) {
  echo_mode_ = false;
  if (!connect_all(nodes, seats_.size())) return false;
  for (auto& s : seats_) {
    s->handshake = ClientHandshake::start();
    send_bytes(s->peer, s->handshake->hello());
  }
  if (!service_until([&] { return std::all_of(seats_.begin(), seats_.end(), [](auto& s) { return s->channel.has_value(); }); },
                     std::chrono::seconds(60))) {
    std::fprintf(stderr, "bench: not every connection opened its secure channel\n");
    return false;
  }
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    Seat& s = *seats_[i];
    std::string name = "bench" + std::to_string(i);
    send_to(s.peer, s.channel, encode(ClientMessage{Login{RequestId{++s.last_request}, name}}));
  }
  if (!service_until([&] { return std::all_of(seats_.begin(), seats_.end(), [](auto& s) { return s->welcomed; }); },
                     std::chrono::seconds(60))) {
    std::fprintf(stderr, "bench: not every connection logged in\n");
    return false;
  }
  // One room per table: seat 0 creates it, the others join, everyone is ready.
  for (int r = 0; r < rooms_; ++r) {
    Seat& host = *seats_[static_cast<std::size_t>(r * seats_per_room_)];
    send_to(host.peer, host.channel, encode(ClientMessage{CreateRoom{RequestId{++host.last_request}, "bench",
                                                          static_cast<std::uint8_t>(seats_per_room_), {}, Visibility::public_room, {}}}));
  }
  auto hosts_have_rooms = [&] {
    for (int r = 0; r < rooms_; ++r) {
      if (!seats_[static_cast<std::size_t>(r * seats_per_room_)]->room_id) return false;
    }
    return true;
  };
  if (!service_until(hosts_have_rooms, std::chrono::seconds(30))) return false;
  for (std::size_t i = 0; i < static_cast<std::size_t>(rooms_ * seats_per_room_); ++i) {
    Seat& s = *seats_[i];
    RoomId room = *seats_[static_cast<std::size_t>(s.room * seats_per_room_)]->room_id;
    if (s.seat != 0) send_to(s.peer, s.channel, encode(ClientMessage{JoinRoom{RequestId{++s.last_request}, room, {}, Role::player}}));
    send_to(s.peer, s.channel, encode(ClientMessage{SetReady{RequestId{++s.last_request}, room, true}}));
  }
  auto all_started = [&] {
    for (std::size_t i = 0; i < static_cast<std::size_t>(rooms_ * seats_per_room_); ++i) {
      if (!seats_[i]->genesis) return false;
    }
    return true;
  };
  if (!service_until(all_started, std::chrono::seconds(60))) {
    std::fprintf(stderr, "bench: not every game started\n");
    return false;
  }
  // The pools: posts naming the genesis as seen, 64-byte bodies that say who posted which slot.
  for (std::size_t i = 0; i < static_cast<std::size_t>(rooms_ * seats_per_room_); ++i) {
    Seat& s = *seats_[i];
    const Genesis& g = std::get<Genesis>(s.genesis->entry.payload);
    EntryHash h0 = chain_hash(kNoPreviousHash, entry_bytes(s.genesis->entry));
    // The seat the lobby gave: on a cluster, joins that travel between nodes arrive in another
    // order than they were sent.
    const auto mine = std::find(g.seat_keys.begin(), g.seat_keys.end(), s.identity.public_key());
    if (mine == g.seat_keys.end()) return false;
    const auto seat_number = static_cast<std::uint8_t>(mine - g.seat_keys.begin());
    for (std::uint32_t slot = 0; slot < kPoolSize; ++slot) {
      Bytes body(kBodyBytes, 0);
      auto from = static_cast<std::uint32_t>(i);
      std::memcpy(body.data(), &from, 4);
      std::memcpy(body.data() + 4, &slot, 4);
      Envelope e{g.session_id, game::Seat{seat_number}, EntryIndex{0}, h0, EnvelopeKind{1}, body};
      s.pool.push_back(encode(ClientMessage{Post{RequestId{slot + 1}, *s.room_id, sign_envelope(s.identity, e)}}));
    }
  }
  return true;
}

bool LoadGenerator::set_up_echo(const Endpoint& echo) {
  disconnect_all();
  echo_mode_ = true;
  std::size_t active = static_cast<std::size_t>(rooms_ * seats_per_room_);
  for (auto& s : seats_) {
    s->in_flight = 0;
    s->joined_echo = false;
  }
  if (!connect_all({echo}, active)) return false;
  for (std::size_t i = 0; i < active; ++i) {
    auto room = static_cast<std::uint32_t>(seats_[i]->room);
    Bytes join(4);
    std::memcpy(join.data(), &room, 4);
    send_bytes(seats_[i]->peer, join);
  }
  return service_until([&] {
    for (std::size_t i = 0; i < active; ++i) {
      if (!seats_[i]->joined_echo) return false;
    }
    return true;
  }, std::chrono::seconds(30));
}

Figures LoadGenerator::run(std::optional<double> rate, std::uint32_t window, std::chrono::milliseconds warmup,
                           std::chrono::milliseconds measure) {
  std::size_t active = static_cast<std::size_t>(rooms_ * seats_per_room_);
  closed_loop_ = !rate.has_value();
  completed_ = delivered_ = 0;
  latencies_us_.clear();
  latencies_us_.reserve(1 << 22);
  auto start = SteadyClock::now();
  window_start_ = start + warmup;
  window_end_ = window_start_ + measure;
  sending_ = true;
  std::chrono::nanoseconds interval{0};
  if (rate) {
    interval = std::chrono::nanoseconds(static_cast<std::int64_t>(1e9 * static_cast<double>(active) / *rate));
    std::mt19937_64 rng(7);
    for (std::size_t i = 0; i < active; ++i) {
      seats_[i]->next_due = start + std::chrono::nanoseconds(rng() % static_cast<std::uint64_t>(interval.count()));
    }
  } else {
    for (std::uint32_t w = 0; w < window; ++w) {
      for (std::size_t i = 0; i < active; ++i) post(i);
    }
  }
  double cpu_process_0 = 0, cpu_mine_0 = 0;
  std::uint64_t drops_0 = 0;
  bool cpu_started = false;
  double cpu_process = 0, cpu_mine = 0;
  while (true) {
    auto now = SteadyClock::now();
    if (!cpu_started && now >= window_start_) {
      cpu_process_0 = cpu_seconds(RUSAGE_SELF);
      cpu_mine_0 = cpu_seconds(RUSAGE_THREAD);
      drops_0 = udp_receive_buffer_drops();
      cpu_started = true;
    }
    if (now >= window_end_) break;
    if (rate) {
      for (std::size_t i = 0; i < active; ++i) {
        Seat& s = *seats_[i];
        while (s.next_due <= now && s.in_flight < kPoolSize - 1) {
          post(i);
          s.next_due += interval;
        }
      }
    }
    // Sleep until the network has data or the next post is due, without spinning: the
    // generator shares the machine with the server it measures.
    std::uint32_t wait_ms = 1;
    if (rate) {
      auto next = SteadyClock::time_point::max();
      for (std::size_t i = 0; i < active; ++i) next = std::min(next, seats_[i]->next_due);
      auto left = next - SteadyClock::now();
      if (left < std::chrono::milliseconds(1)) {
        wait_ms = 0;
        if (left > std::chrono::nanoseconds(0)) {
          pollfd fd{hosts_.front()->socket, POLLIN, 0};
          timespec ts{0, static_cast<long>(std::chrono::duration_cast<std::chrono::nanoseconds>(left).count())};
          ::ppoll(&fd, 1, &ts, nullptr);
        }
      }
    }
    // With several hosts the measured seats (fewer than kPeersPerClientHost in the many-peers
    // run) are on the first; the others only keep their idle connections alive.
    service(hosts_.front(), wait_ms);
    for (std::size_t h = 1; h < hosts_.size(); ++h) service(hosts_[h], 0);
    for (ENetHost* host : hosts_) enet_host_flush(host);
  }
  std::uint64_t drops = udp_receive_buffer_drops() - drops_0;
  cpu_process = cpu_seconds(RUSAGE_SELF) - cpu_process_0;
  cpu_mine = cpu_seconds(RUSAGE_THREAD) - cpu_mine_0;
  sending_ = false;
  // Let what is in flight land, so the next run starts from quiet connections.
  service_until([&] {
    for (std::size_t i = 0; i < active; ++i) {
      if (seats_[i]->in_flight > 0) return false;
    }
    return true;
  }, std::chrono::seconds(10));

  double seconds = std::chrono::duration<double>(measure).count();
  Figures f;
  f.posts_per_second = static_cast<double>(completed_) / seconds;
  f.deliveries_per_second = static_cast<double>(delivered_) / seconds;
  f.samples = latencies_us_.size();
  f.p50_ms = percentile(latencies_us_, 0.50);
  f.p99_ms = percentile(latencies_us_, 0.99);
  f.server_cpu = (cpu_process - cpu_mine) / seconds;
  f.datagrams_dropped = drops;
  return f;
}

Figures LoadGenerator::run_closed(std::uint32_t window, std::chrono::milliseconds warmup,
                                  std::chrono::milliseconds measure) {
  return run(std::nullopt, window, warmup, measure);
}

Figures LoadGenerator::run_open(double posts_per_second, std::chrono::milliseconds warmup,
                                std::chrono::milliseconds measure) {
  return run(posts_per_second, 0, warmup, measure);
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string a, b, c;
  in >> a >> b >> c;
  return a + " " + b + " " + c;
}

void disk_anchor(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  std::filesystem::path file = dir / "fdatasync-probe";
  int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<double> ms;
  std::vector<char> block(4096, 'x');
  for (int i = 0; i < 200 && fd >= 0; ++i) {
    if (::write(fd, block.data(), block.size()) < 0) break;
    auto t = SteadyClock::now();
    ::fdatasync(fd);
    ms.push_back(std::chrono::duration<double, std::milli>(SteadyClock::now() - t).count());
  }
  if (fd >= 0) ::close(fd);
  std::filesystem::remove(file);
  if (ms.empty()) return;
  std::sort(ms.begin(), ms.end());
  std::printf("disk: fdatasync of a 4 KiB append in %s: p50 %.2f ms, p99 %.2f ms (%zu samples)\n", dir.c_str(),
              ms[ms.size() / 2], ms[ms.size() * 99 / 100], ms.size());
}

}  // namespace parley::lobby::bench
