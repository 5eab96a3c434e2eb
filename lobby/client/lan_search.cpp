#include "lobby/client/lan_search.hpp"

#include <arpa/inet.h>
#include <enet/enet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sodium.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "crypto/sodium.hpp"
#include "lobby/client/enet_init.hpp"

namespace parley::lobby {

namespace {

// Answers read per receive(): a loop that polls often takes the rest at its next pass.
constexpr int kMaxAnswersPerReceive = 256;

std::string ipv4_text(std::uint32_t network_order) {
  char text[INET_ADDRSTRLEN] = {};
  in_addr a{};
  a.s_addr = network_order;
  if (::inet_ntop(AF_INET, &a, text, sizeof text) == nullptr) return {};
  return text;
}

}  // namespace

std::vector<Endpoint> lan_probe_targets(std::uint16_t port) {
  std::vector<Endpoint> targets;
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) == 0) {
    for (ifaddrs* i = list; i != nullptr; i = i->ifa_next) {
      if (i->ifa_addr == nullptr || i->ifa_netmask == nullptr || i->ifa_addr->sa_family != AF_INET) continue;
      if (!(i->ifa_flags & IFF_UP) || !(i->ifa_flags & IFF_BROADCAST) || (i->ifa_flags & IFF_LOOPBACK)) continue;
      // The subnet's broadcast address, from the address and its mask: an interface configured
      // without one reports its own address as ifa_broadaddr.
      const std::uint32_t address = ntohl(reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr.s_addr);
      const std::uint32_t mask = ntohl(reinterpret_cast<const sockaddr_in*>(i->ifa_netmask)->sin_addr.s_addr);
      if (~mask <= 1) continue;  // a /31 or /32 has no broadcast address
      Endpoint e{ipv4_text(htonl(address | ~mask)), port};
      if (!e.host.empty() && std::ranges::find(targets, e) == targets.end()) targets.push_back(std::move(e));
    }
    ::freeifaddrs(list);
  }
  // A machine on no network still finds a lobby of its own (a broadcast on a network reaches
  // this machine's lobbies too).
  if (targets.empty()) targets.push_back(Endpoint{"127.0.0.1", port});
  return targets;
}

game::Result<int, std::string> open_lan_socket(std::uint16_t port, int option) {
  if (!ensure_enet()) return std::string("ENet failed to initialise");
  ENetSocket socket = enet_socket_create(ENET_SOCKET_TYPE_DATAGRAM);
  if (socket == ENET_SOCKET_NULL) return std::string("cannot create a UDP socket");
  enet_socket_set_option(socket, ENET_SOCKOPT_NONBLOCK, 1);
  enet_socket_set_option(socket, static_cast<ENetSocketOption>(option), 1);
  ENetAddress any{};
  any.host = ENET_HOST_ANY;
  any.port = port;
  if (enet_socket_bind(socket, &any) != 0) {
    enet_socket_destroy(socket);
    return "cannot bind UDP port " + std::to_string(port) + " (in use?)";
  }
  return socket;
}

game::Result<std::unique_ptr<LanSearch>, std::string> LanSearch::open(std::vector<Endpoint> targets) {
  auto socket = open_lan_socket(0, ENET_SOCKOPT_BROADCAST);
  if (!socket) return socket.error();
  return std::unique_ptr<LanSearch>(new LanSearch(*socket, std::move(targets)));
}

LanSearch::LanSearch(int socket, std::vector<Endpoint> targets) : socket_(socket), targets_(std::move(targets)) {}

LanSearch::~LanSearch() { enet_socket_destroy(socket_); }

void LanSearch::probe() {
  crypto::ensure_sodium();
  randombytes_buf(nonce_.data(), nonce_.size());
  probed_ = true;
  seen_.clear();
  const Bytes bytes = encode(LanProbe{nonce_});
  for (const Endpoint& target : targets_) {
    ENetAddress to{};
    if (enet_address_set_host_ip(&to, target.host.c_str()) != 0) continue;
    to.port = target.port;
    ENetBuffer buffer{const_cast<std::uint8_t*>(bytes.data()), bytes.size()};
    (void)enet_socket_send(socket_, &to, &buffer, 1);
  }
}

std::vector<LanTable> LanSearch::receive() {
  std::vector<LanTable> found;
  for (int i = 0; i < kMaxAnswersPerReceive; ++i) {
    // One byte more than the largest answer: anything that fills it is not one.
    std::array<std::uint8_t, kMaxLanAnswerBytes + 1> datagram{};
    ENetBuffer buffer{datagram.data(), datagram.size()};
    ENetAddress from{};
    const int got = enet_socket_receive(socket_, &from, &buffer, 1);
    if (got == 0) break;
    if (got < 0) continue;
    if (!probed_) continue;
    auto answer = decode_lan_answer(std::span<const std::uint8_t>(datagram.data(), static_cast<std::size_t>(got)));
    if (!answer || sodium_memcmp(answer->nonce.data(), nonce_.data(), nonce_.size()) != 0) continue;
    LanTable table{Endpoint{ipv4_text(answer->lobby_ipv4 != 0 ? answer->lobby_ipv4 : from.host), answer->lobby_port},
                   std::move(answer->name),
                   answer->lobby_key,
                   answer->players_online,
                   answer->rooms_waiting,
                   answer->rooms_started};
    // A lobby reached through several targets (two interfaces on one network) answers each:
    // it is one table, at the first address it answered from.
    const bool again = std::ranges::any_of(seen_, [&](const LanTable& t) { return same_lobby(t, table); });
    if (again || seen_.size() == kMaxTables) continue;
    seen_.push_back(table);
    found.push_back(std::move(table));
  }
  return found;
}

game::Result<LanTable, std::string> find_lan_table(const std::vector<LanTable>& tables, std::string_view name) {
  const auto same_name = [&](const LanTable& t) {
    return std::ranges::equal(t.name, name, [](char a, char b) {
      return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
  };
  std::vector<const LanTable*> matching;
  for (const LanTable& t : tables)
    if (name.empty() || same_name(t)) matching.push_back(&t);
  if (matching.size() == 1) return *matching.front();
  std::string listed;
  for (const LanTable* t : matching)
    listed += (listed.empty() ? "" : ", ") + t->name + " at " + to_string(t->lobby);
  if (matching.empty()) {
    std::string answered;
    for (const LanTable& t : tables) answered += (answered.empty() ? "" : ", ") + t.name;
    if (tables.empty()) return std::string("no lobby on this network answered");
    return "no lobby on this network answers as '" + std::string(name) + "' (those that do: " + answered + ")";
  }
  return (name.empty() ? std::string("several lobbies answer") : "several lobbies answer as '" + std::string(name) + "'") +
         ": " + listed + "; give one's address instead";
}

game::Result<std::vector<LanTable>, std::string> search_lan(std::vector<Endpoint> targets,
                                                           std::chrono::milliseconds wait) {
  auto search = LanSearch::open(std::move(targets));
  if (!search) return search.error();
  (*search)->probe();
  std::vector<LanTable> tables;
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    for (LanTable& t : (*search)->receive()) tables.push_back(std::move(t));
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd fd{(*search)->fd(), POLLIN, 0};
    ::poll(&fd, 1, static_cast<int>(left.count()));
  }
  return tables;
}

}  // namespace parley::lobby
