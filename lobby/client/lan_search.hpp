#pragma once
// The client's side of LAN discovery (lobby/protocol/lan_discovery.hpp): probes sent to every
// broadcast address of this machine's interfaces, and the tables that answer. Non-blocking, so
// a caller's loop (the client's network thread, `parley lan`) polls it.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "game/core/result.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/lan_discovery.hpp"

namespace parley::lobby {

// A non-blocking UDP socket bound to 0.0.0.0:port (0: any free one), with one more socket option
// (ENET_SOCKOPT_BROADCAST for a search, ENET_SOCKOPT_REUSEADDR for a lobby answering); the
// error says why it cannot be had. LAN discovery's two sides share it.
game::Result<int, std::string> open_lan_socket(std::uint16_t port, int option);

// Where probes go by default: the broadcast address of every IPv4 network this machine is on
// (the loopback aside), or 127.0.0.1 when it is on none, at `port`.
std::vector<Endpoint> lan_probe_targets(std::uint16_t port = kLanDiscoveryPort);

// One lobby, whichever address it answered from: its key and its port.
inline bool same_lobby(const LanTable& a, const LanTable& b) {
  return a.lobby_key == b.lobby_key && a.lobby.port == b.lobby.port;
}

class LanSearch {
 public:
  // Tables taken per probe: a LAN party has a few; anyone on the network sees the probe's nonce
  // and could answer as thousands.
  static constexpr std::size_t kMaxTables = 64;

  // A UDP socket on a free port, allowed to broadcast. `targets` are IPv4 addresses (tests
  // give 127.0.0.1 and a free port); the error says why the socket cannot be had.
  static game::Result<std::unique_ptr<LanSearch>, std::string> open(std::vector<Endpoint> targets);
  ~LanSearch();
  LanSearch(const LanSearch&) = delete;
  LanSearch& operator=(const LanSearch&) = delete;

  int fd() const { return socket_; }

  // Sends a probe with a new nonce to every target; answers to earlier probes are ignored
  // from now on. A target that cannot be sent to (no route) is passed over.
  void probe();
  // The tables whose answers to the last probe are waiting now (each table once per probe,
  // however many targets reached it; at most kMaxTables per probe). Never blocks.
  std::vector<LanTable> receive();

 private:
  LanSearch(int socket, std::vector<Endpoint> targets);

  int socket_;
  std::vector<Endpoint> targets_;
  LanNonce nonce_{};
  bool probed_ = false;
  std::vector<LanTable> seen_;  // answers to this probe so far
};

// The one table answering as `name` (ASCII letters matched whatever their case; an empty name:
// the only table there is), or why there is not one: none, or several — each said with its
// address, so the person can pick one by it.
game::Result<LanTable, std::string> find_lan_table(const std::vector<LanTable>& tables, std::string_view name);

// Probes, then collects answers for `wait` (`parley lan`): the tables in the order they
// answered.
game::Result<std::vector<LanTable>, std::string> search_lan(std::vector<Endpoint> targets,
                                                           std::chrono::milliseconds wait);

}  // namespace parley::lobby
