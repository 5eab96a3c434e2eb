#pragma once
// The lobby's side of LAN discovery (lobby/protocol/lan_discovery.hpp): a UDP socket on the
// discovery port that answers every well-formed probe with the lobby's table. The lobby's loop
// polls its descriptor beside the ENet host's and calls answer() when it is readable.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "game/core/result.hpp"
#include "lobby/protocol/lan_discovery.hpp"
#include "lobby/server/rate_limiter.hpp"

namespace parley::lobby {

// How busy the lobby is, as an answer tells it; asked for only when a probe is answered.
struct LanCounts {
  std::uint32_t players_online = 0;
  std::uint32_t rooms_waiting = 0;
  std::uint32_t rooms_started = 0;
};

class LanResponder {
 public:
  using Clock = std::chrono::steady_clock;
  // Answers per second, all senders together: enough for a LAN party's clients searching every
  // few seconds, too few to matter as a flood (each answer is no larger than its probe).
  static constexpr std::uint64_t kAnswersPerSecond = 50;

  // Binds 0.0.0.0:port (shared with other lobbies of this machine: broadcasts reach each) to
  // answer, signed by `lobby`, for the lobby at lobby_ipv4 (network order; 0: wherever the client reached this
  // machine) and lobby_port. `name` must be sanitised already. The error says why it cannot.
  static game::Result<std::unique_ptr<LanResponder>, std::string> open(std::uint16_t port, std::uint32_t lobby_ipv4,
                                                                      std::uint16_t lobby_port,
                                                                      const crypto::Identity& lobby,
                                                                      std::string name);
  ~LanResponder();
  LanResponder(const LanResponder&) = delete;
  LanResponder& operator=(const LanResponder&) = delete;

  int fd() const;
  std::uint16_t port() const { return port_; }

  // Reads the datagrams waiting (a bounded number) and answers each valid probe within the rate.
  // Returns how many were answered.
  std::size_t answer(const std::function<LanCounts()>& counts, Clock::time_point now);

 private:
  LanResponder(int socket, std::uint16_t port, LanAnswer answer, crypto::Identity lobby);

  int socket_;
  std::uint16_t port_;
  LanAnswer answer_;  // the nonce, counts and signature filled in per probe
  crypto::Identity lobby_;  // signs each answer
  TokenBucket rate_;
};

}  // namespace parley::lobby
