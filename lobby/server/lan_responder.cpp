#include "lobby/server/lan_responder.hpp"

#include <enet/enet.h>

#include <array>

#include "lobby/client/lan_search.hpp"

namespace parley::lobby {

namespace {

// Probes read per wake of the lobby's loop: the loop goes back to its players after these.
constexpr int kMaxProbesPerWake = 64;

}  // namespace

game::Result<std::unique_ptr<LanResponder>, std::string> LanResponder::open(std::uint16_t port,
                                                                           std::uint32_t lobby_ipv4,
                                                                           std::uint16_t lobby_port,
                                                                           const crypto::Identity& lobby,
                                                                           std::string name) {
  // Several lobbies of one machine may answer: each binds the port, and each gets a copy of
  // every broadcast probe.
  auto socket = open_lan_socket(port, ENET_SOCKOPT_REUSEADDR);
  if (!socket) return socket.error();
  ENetAddress bound{};
  if (enet_socket_get_address(*socket, &bound) != 0) bound.port = port;
  LanAnswer answer{{}, lobby_ipv4, lobby_port, lobby.public_key(), std::move(name)};
  return std::unique_ptr<LanResponder>(new LanResponder(*socket, bound.port, std::move(answer), lobby));
}

LanResponder::LanResponder(int socket, std::uint16_t port, LanAnswer answer, crypto::Identity lobby)
    : socket_(socket),
      port_(port),
      answer_(std::move(answer)),
      lobby_(std::move(lobby)),
      rate_(kAnswersPerSecond, kAnswersPerSecond, Clock::now()) {}

LanResponder::~LanResponder() { enet_socket_destroy(socket_); }

int LanResponder::fd() const { return socket_; }

std::size_t LanResponder::answer(const std::function<LanCounts()>& counts, Clock::time_point now) {
  std::size_t answered = 0;
  std::optional<LanCounts> known;
  for (int i = 0; i < kMaxProbesPerWake; ++i) {
    // One byte more than a probe: anything that fills it is not one.
    std::array<std::uint8_t, kLanProbeBytes + 1> datagram{};
    ENetBuffer buffer{datagram.data(), datagram.size()};
    ENetAddress from{};
    const int got = enet_socket_receive(socket_, &from, &buffer, 1);
    if (got == 0) break;   // nothing more waiting
    if (got < 0) continue;  // a datagram too large for the buffer (dropped), or a transient error
    auto probe = decode_lan_probe(std::span<const std::uint8_t>(datagram.data(), static_cast<std::size_t>(got)));
    if (!probe || !rate_.try_take(1, now)) continue;
    if (!known) known = counts();
    answer_.nonce = probe->nonce;
    answer_.players_online = known->players_online;
    answer_.rooms_waiting = known->rooms_waiting;
    answer_.rooms_started = known->rooms_started;
    sign_lan_answer(answer_, lobby_);
    const Bytes bytes = encode(answer_);
    ENetBuffer out{const_cast<std::uint8_t*>(bytes.data()), bytes.size()};
    if (enet_socket_send(socket_, &from, &out, 1) > 0) ++answered;
  }
  return answered;
}

}  // namespace parley::lobby
