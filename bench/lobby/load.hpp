#pragma once
// The load generator: one ENet host holding every seat's connection (or, past the 4,095 one
// host holds, one per kPeersPerClientHost: each its own socket, so a lobby with several hosts on
// its port sees many sources to spread), driven from one thread.
// Seats post small envelopes (64-byte bodies, pre-signed before the measurement so signing
// costs the clients nothing while it runs) and measure, for every delivery to every member, the
// time from post to receipt. The same generator, with the same message bytes, drives the lobby
// and the bare echo relay.
#include <chrono>
#include <cstdint>
#include <memory>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/ids.hpp"

typedef struct _ENetHost ENetHost;
typedef struct _ENetPeer ENetPeer;

namespace parley::lobby::bench {

using SteadyClock = std::chrono::steady_clock;

struct Figures {
  double posts_per_second = 0;       // posts whose entry came back to the poster
  double deliveries_per_second = 0;  // entries received by all members
  double p50_ms = 0;
  double p99_ms = 0;
  double server_cpu = 0;             // share of one core the server used (process minus generator)
  std::size_t samples = 0;
  std::uint64_t datagrams_dropped = 0;  // by full receive buffers, machine-wide, in the window
};

class LoadGenerator {
 public:
  // rooms × seats connections; for the lobby, each logs in with its own key; idle_peers more
  // connections log in and stay idle.
  LoadGenerator(int rooms, int seats, int idle_peers = 0);
  ~LoadGenerator();
  LoadGenerator(const LoadGenerator&) = delete;
  LoadGenerator& operator=(const LoadGenerator&) = delete;

  // Connects to the lobby, logs every seat in and starts one game per room; then signs the
  // seats' post pools. False (with a message on stderr) if the setup did not complete.
  bool set_up_lobby(const Endpoint& lobby) { return set_up_lobby(std::vector<Endpoint>{lobby}); }
  // The same on the nodes of a cluster: seat k of room r connects to node (r + k) mod n, so
  // every room of two seats or more has players on two nodes.
  bool set_up_lobby(const std::vector<Endpoint>& nodes);
  // Connects to the echo relay and joins every seat to its room. Uses the pools signed for the
  // lobby, so both runs send byte-identical posts.
  bool set_up_echo(const Endpoint& echo);

  // Closed loop: every seat keeps `window` posts in flight (1: it posts again as soon as its
  // last post came back).
  Figures run_closed(std::uint32_t window, std::chrono::milliseconds warmup, std::chrono::milliseconds measure);
  // Open loop: posts_per_second in all, spread evenly over the seats.
  Figures run_open(double posts_per_second, std::chrono::milliseconds warmup, std::chrono::milliseconds measure);

  void disconnect_all();
  std::size_t connected() const;

 private:
  struct Seat;
  bool connect_all(const std::vector<Endpoint>& to, std::size_t count);
  template <class Done>
  bool service_until(Done done, std::chrono::milliseconds limit);
  void on_receive(std::size_t receiver, std::uint8_t* data, std::size_t size);
  void post(std::size_t seat);
  Figures run(std::optional<double> rate, std::uint32_t window, std::chrono::milliseconds warmup,
              std::chrono::milliseconds measure);

  int rooms_;
  int seats_per_room_;
  int idle_;
  // How many of the generator's connections share one client host (and source port) when they
  // do not all fit in one: few enough that the kernel's hash spreads them evenly.
  static constexpr std::size_t kPeersPerClientHost = 64;
  std::size_t peers_per_host_;
  void service(ENetHost* host, std::uint32_t wait_ms);
  std::vector<ENetHost*> hosts_;
  std::vector<std::unique_ptr<Seat>> seats_;
  bool echo_mode_ = false;
  // Measurement state.
  bool closed_loop_ = false;
  bool sending_ = false;
  SteadyClock::time_point window_start_{}, window_end_{};
  std::uint64_t completed_ = 0;
  std::uint64_t delivered_ = 0;
  std::vector<std::uint32_t> latencies_us_;
};

// "a b c": the machine's load averages.
std::string load_average();
// The disk's anchor: prints the fdatasync latency of a 4 KiB append in `dir`.
void disk_anchor(const std::filesystem::path& dir);

}  // namespace parley::lobby::bench
