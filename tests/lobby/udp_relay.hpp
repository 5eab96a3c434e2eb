#pragma once
// An on-path relay for tests: a UDP proxy on 127.0.0.1 between ENet clients and a lobby, which
// records every datagram and does what someone on the path can: drop and delay datagrams,
// reorder them, flip bits in the data they carry, inject forged packets and replay recorded ones
// (rewriting ENet's sequence numbers, which nothing authenticates, so that ENet hands them on to
// the secure channel). Each client address gets its own socket toward the lobby, so the lobby
// sees them apart. Runs on its own thread; stopped and joined by the destructor.
#include <arpa/inet.h>
#include <enet/protocol.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <thread>
#include <vector>

#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::lobby::testing {

enum class Direction : std::uint8_t { to_lobby = 0, to_client = 1 };

struct Datagram {
  Direction direction = Direction::to_lobby;
  std::size_t client = 0;  // clients are numbered in the order they first sent
  Bytes bytes;
};

// A reliable packet's data inside an ENet datagram.
struct EnetPayload {
  std::size_t command_offset = 0;
  std::size_t offset = 0;  // of the data
  std::size_t length = 0;
  std::uint8_t channel = 0;
  std::uint16_t sequence = 0;  // ENet's reliable sequence number
};

inline std::uint16_t read_be16(std::span<const std::uint8_t> b, std::size_t at) {
  return static_cast<std::uint16_t>((b[at] << 8) | b[at + 1]);
}
inline void write_be16(std::span<std::uint8_t> b, std::size_t at, std::uint16_t v) {
  b[at] = static_cast<std::uint8_t>(v >> 8);
  b[at + 1] = static_cast<std::uint8_t>(v);
}

// The SEND_RELIABLE commands of an ENet datagram (no checksum, no compression: as parley's
// hosts are set up); empty if it does not parse.
inline std::vector<EnetPayload> reliable_payloads(std::span<const std::uint8_t> d) {
  std::vector<EnetPayload> out;
  if (d.size() < 2) return out;
  const std::uint16_t peer = read_be16(d, 0);
  if ((peer & ENET_PROTOCOL_HEADER_FLAG_COMPRESSED) != 0) return out;
  std::size_t at = (peer & ENET_PROTOCOL_HEADER_FLAG_SENT_TIME) != 0 ? 4 : 2;
  static constexpr std::size_t kSizes[] = {0,
                                           sizeof(ENetProtocolAcknowledge),
                                           sizeof(ENetProtocolConnect),
                                           sizeof(ENetProtocolVerifyConnect),
                                           sizeof(ENetProtocolDisconnect),
                                           sizeof(ENetProtocolPing),
                                           sizeof(ENetProtocolSendReliable),
                                           sizeof(ENetProtocolSendUnreliable),
                                           sizeof(ENetProtocolSendFragment),
                                           sizeof(ENetProtocolSendUnsequenced),
                                           sizeof(ENetProtocolBandwidthLimit),
                                           sizeof(ENetProtocolThrottleConfigure),
                                           sizeof(ENetProtocolSendFragment)};
  while (at + sizeof(ENetProtocolCommandHeader) <= d.size()) {
    const std::uint8_t command = d[at] & ENET_PROTOCOL_COMMAND_MASK;
    if (command == 0 || command >= ENET_PROTOCOL_COMMAND_COUNT) return {};
    const std::size_t size = kSizes[command];
    if (at + size > d.size()) return {};
    std::size_t data = 0;
    switch (command) {
      case ENET_PROTOCOL_COMMAND_SEND_RELIABLE: data = read_be16(d, at + 4); break;
      case ENET_PROTOCOL_COMMAND_SEND_UNRELIABLE:
      case ENET_PROTOCOL_COMMAND_SEND_UNSEQUENCED: data = read_be16(d, at + 6); break;
      case ENET_PROTOCOL_COMMAND_SEND_FRAGMENT:
      case ENET_PROTOCOL_COMMAND_SEND_UNRELIABLE_FRAGMENT: data = read_be16(d, at + 6); break;
      default: break;
    }
    if (at + size + data > d.size()) return {};
    if (command == ENET_PROTOCOL_COMMAND_SEND_RELIABLE) {
      out.push_back(EnetPayload{at, at + size, data, d[at + 1], read_be16(d, at + 2)});
    }
    at += size + data;
  }
  return out;
}

// One ENet datagram carrying one reliable packet: `payload` on channel 0 with sequence number
// `sequence`, as from the connection whose datagram `like` is.
inline Bytes reliable_datagram(std::span<const std::uint8_t> like, std::uint16_t sequence,
                               std::span<const std::uint8_t> payload) {
  Bytes d(2 + sizeof(ENetProtocolSendReliable) + payload.size(), 0);
  const std::uint16_t peer = static_cast<std::uint16_t>(read_be16(like, 0) & ~ENET_PROTOCOL_HEADER_FLAG_MASK);
  write_be16(d, 0, peer);
  d[2] = static_cast<std::uint8_t>(static_cast<unsigned>(ENET_PROTOCOL_COMMAND_SEND_RELIABLE) |
                                   static_cast<unsigned>(ENET_PROTOCOL_COMMAND_FLAG_ACKNOWLEDGE));
  d[3] = 0;
  write_be16(d, 4, sequence);
  write_be16(d, 6, static_cast<std::uint16_t>(payload.size()));
  std::memcpy(d.data() + 2 + sizeof(ENetProtocolSendReliable), payload.data(), payload.size());
  return d;
}

class UdpRelay {
 public:
  using Clock = std::chrono::steady_clock;

  // What the relay does to the next datagram carrying reliable data in a direction (one each).
  enum class Attack : std::uint8_t {
    flip,    // flips a bit of the data: ENet acknowledges and delivers it, the real one is gone
    forge,   // after it, a packet of random bytes with the next sequence number
    replay,  // after it, the connection's packet before it, again, with the next sequence number
    resend,  // after it, an earlier datagram of the connection exactly as it was
    swap,    // holds it back and sends it after the next datagram
    flood,   // after it, a run of forged packets with the sequence numbers that follow
  };
  static constexpr int kFloodPackets = 12;

  UdpRelay(const Endpoint& lobby, std::uint64_t seed = 1) : rng_(seed) {
    lobby_.sin_family = AF_INET;
    lobby_.sin_port = htons(lobby.port);
    inet_pton(AF_INET, lobby.host.c_str(), &lobby_.sin_addr);
    front_ = open_socket();
    sockaddr_in bound{};
    socklen_t len = sizeof bound;
    ::getsockname(front_, reinterpret_cast<sockaddr*>(&bound), &len);
    port_ = ntohs(bound.sin_port);
    thread_ = std::thread([this] { run(); });
  }
  ~UdpRelay() {
    stop_ = true;
    thread_.join();
    ::close(front_);
    for (auto& c : clients_) ::close(c.upstream);
  }
  UdpRelay(const UdpRelay&) = delete;
  UdpRelay& operator=(const UdpRelay&) = delete;

  Endpoint endpoint() const { return Endpoint{"127.0.0.1", port_}; }

  // Each datagram, each way, is dropped with probability `drop` and otherwise delayed by `delay`.
  void impair(double drop, std::chrono::milliseconds delay) {
    std::lock_guard lock(mutex_);
    drop_ = drop;
    delay_ = delay;
  }
  void attack(Direction direction, Attack attack) {
    std::lock_guard lock(mutex_);
    armed_[static_cast<std::size_t>(direction)].push_back(attack);
  }
  // Attacks armed and not yet carried out.
  std::size_t pending_attacks() const {
    std::lock_guard lock(mutex_);
    return armed_[0].size() + armed_[1].size();
  }
  // Every datagram the relay received, as received.
  std::vector<Datagram> capture() const {
    std::lock_guard lock(mutex_);
    return capture_;
  }
  std::size_t dropped() const { return dropped_.load(); }
  std::size_t injected() const { return injected_.load(); }

 private:
  struct Client {
    sockaddr_in address{};
    int upstream = -1;
    std::map<std::uint16_t, Bytes> sent_payloads[2];  // reliable data seen, per direction, by sequence
    std::vector<Bytes> datagrams[2];                  // with reliable data, per direction
    std::optional<Datagram> held[2];                  // a swapped datagram waiting for the next
  };
  struct Pending {
    int socket;
    sockaddr_in to;
    Bytes bytes;
  };

  static int open_socket() {
    int s = ::socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in any{};
    any.sin_family = AF_INET;
    any.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(s, reinterpret_cast<sockaddr*>(&any), sizeof any);
    int buffer = 4 << 20;
    ::setsockopt(s, SOL_SOCKET, SO_RCVBUF, &buffer, sizeof buffer);
    return s;
  }

  std::size_t client_for(const sockaddr_in& from) {
    for (std::size_t i = 0; i < clients_.size(); ++i) {
      if (clients_[i].address.sin_addr.s_addr == from.sin_addr.s_addr && clients_[i].address.sin_port == from.sin_port)
        return i;
    }
    Client c;
    c.address = from;
    c.upstream = open_socket();
    clients_.push_back(std::move(c));
    return clients_.size() - 1;
  }

  // Queues a datagram toward its destination, through the impairments.
  void forward(const Datagram& d, bool impaired, Clock::duration extra = {}) {
    Client& c = clients_[d.client];
    const int socket = d.direction == Direction::to_lobby ? c.upstream : front_;
    const sockaddr_in to = d.direction == Direction::to_lobby ? lobby_ : c.address;
    if (impaired && drop_ > 0 && std::uniform_real_distribution<double>(0, 1)(rng_) < drop_) {
      ++dropped_;
      return;
    }
    due_.emplace(Clock::now() + (impaired ? delay_ : std::chrono::milliseconds(0)) + extra, Pending{socket, to, d.bytes});
  }

  // Carries out the attack armed for this datagram's direction, if it carries reliable data.
  // True if the datagram itself was taken care of.
  bool carry_out(Datagram& d) {
    const auto dir = static_cast<std::size_t>(d.direction);
    Client& c = clients_[d.client];
    const auto payloads = reliable_payloads(d.bytes);
    if (payloads.empty()) return false;
    std::uint16_t last = 0;
    for (const EnetPayload& p : payloads) {
      if (!c.sent_payloads[dir].contains(p.sequence)) {
        c.sent_payloads[dir][p.sequence] = Bytes(d.bytes.begin() + static_cast<std::ptrdiff_t>(p.offset),
                                                 d.bytes.begin() + static_cast<std::ptrdiff_t>(p.offset + p.length));
      }
      last = p.sequence;
    }
    c.datagrams[dir].push_back(d.bytes);
    if (armed_[dir].empty()) return false;
    const Attack a = armed_[dir].front();
    const EnetPayload& p = payloads.back();
    const std::uint16_t next = static_cast<std::uint16_t>(last + 1);
    switch (a) {
      case Attack::flip: {
        if (p.length == 0) return false;
        const std::size_t at = p.offset + std::uniform_int_distribution<std::size_t>(0, p.length - 1)(rng_);
        d.bytes[at] ^= static_cast<std::uint8_t>(1U << std::uniform_int_distribution<int>(0, 7)(rng_));
        forward(d, true);
        break;
      }
      case Attack::forge: {
        forward(d, true);
        Bytes junk(p.length);
        for (auto& b : junk) b = static_cast<std::uint8_t>(rng_());
        inject(d, reliable_datagram(d.bytes, next, junk));
        break;
      }
      case Attack::replay: {
        // The packet this connection sent this way before this one (sealed under its key, opened).
        if (c.sent_payloads[dir].size() < 4) return false;
        forward(d, true);
        inject(d, reliable_datagram(d.bytes, next, std::prev(c.sent_payloads[dir].end(), 2)->second));
        break;
      }
      case Attack::resend: {
        if (c.datagrams[dir].size() < 2) return false;
        forward(d, true);
        inject(d, c.datagrams[dir].front());
        break;
      }
      case Attack::swap:
        c.held[dir] = d;
        break;
      case Attack::flood: {
        forward(d, true);
        for (int i = 0; i < kFloodPackets; ++i) {
          Bytes junk(p.length);
          for (auto& b : junk) b = static_cast<std::uint8_t>(rng_());
          inject(d, reliable_datagram(d.bytes, static_cast<std::uint16_t>(next + i), junk));
        }
        break;
      }
    }
    armed_[dir].erase(armed_[dir].begin());
    return true;
  }

  void inject(const Datagram& like, Bytes bytes) {
    ++injected_;
    // Just after the genuine datagram, so it takes the sequence number first.
    forward(Datagram{like.direction, like.client, std::move(bytes)}, false, delay_ + std::chrono::microseconds(1));
  }

  void on_datagram(Datagram d) {
    std::lock_guard lock(mutex_);
    capture_.push_back(d);
    const auto dir = static_cast<std::size_t>(d.direction);
    std::optional<Datagram> held = std::exchange(clients_[d.client].held[dir], std::nullopt);
    if (!carry_out(d)) forward(d, true);
    if (held) forward(*held, true, std::chrono::microseconds(2));
  }

  void run() {
    std::vector<std::uint8_t> buffer(65536);
    while (!stop_) {
      std::vector<pollfd> fds{{front_, POLLIN, 0}};
      {
        std::lock_guard lock(mutex_);
        for (const Client& c : clients_) fds.push_back({c.upstream, POLLIN, 0});
      }
      int wait_ms = 5;
      {
        std::lock_guard lock(mutex_);
        if (!due_.empty()) {
          const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(due_.begin()->first - Clock::now());
          wait_ms = static_cast<int>(std::clamp<std::int64_t>(left.count(), 0, 5));
        }
      }
      ::poll(fds.data(), fds.size(), wait_ms);
      for (std::size_t i = 0; i < fds.size(); ++i) {
        if ((fds[i].revents & POLLIN) == 0) continue;
        for (;;) {
          sockaddr_in from{};
          socklen_t len = sizeof from;
          const ssize_t got = ::recvfrom(fds[i].fd, buffer.data(), buffer.size(), MSG_DONTWAIT,
                                         reinterpret_cast<sockaddr*>(&from), &len);
          if (got < 0) break;
          Bytes bytes(buffer.begin(), buffer.begin() + got);
          if (i == 0) {
            std::size_t client = 0;
            {
              std::lock_guard lock(mutex_);
              client = client_for(from);
            }
            on_datagram(Datagram{Direction::to_lobby, client, std::move(bytes)});
          } else {
            on_datagram(Datagram{Direction::to_client, i - 1, std::move(bytes)});
          }
        }
      }
      std::lock_guard lock(mutex_);
      const auto now = Clock::now();
      while (!due_.empty() && due_.begin()->first <= now) {
        const Pending& p = due_.begin()->second;
        ::sendto(p.socket, p.bytes.data(), p.bytes.size(), 0, reinterpret_cast<const sockaddr*>(&p.to), sizeof p.to);
        due_.erase(due_.begin());
      }
    }
  }

  mutable std::mutex mutex_;
  std::mt19937_64 rng_;
  sockaddr_in lobby_{};
  int front_ = -1;
  std::uint16_t port_ = 0;
  std::vector<Client> clients_;
  std::multimap<Clock::time_point, Pending> due_;
  std::vector<Datagram> capture_;
  std::vector<Attack> armed_[2];
  double drop_ = 0;
  std::chrono::milliseconds delay_{0};
  std::atomic<std::size_t> dropped_{0};
  std::atomic<std::size_t> injected_{0};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace parley::lobby::testing
