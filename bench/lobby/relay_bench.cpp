// parley-lobby's relay against the bare ENet relay (the physical limit), same machine, same
// load generator, same message bytes, in one run (docs/performance.md, section Lobby):
//   - closed loop, one post in flight per seat (each posts again when its entry is back) and
//     enough in flight to saturate (about 320 posts in all): relayed entries per second;
//   - open loop at 50% of the lobby's saturated peak: post-to-delivery latency p50/p99;
//   - 2,000 connected, logged-in peers on one lobby process while games run (--peers; past
//     4,079, --hosts gives the lobby several ENet hosts on its port);
//   - the disk's fdatasync latency, which bounds every durable commit;
//   - per run, the datagrams the kernel dropped for a full socket receive buffer (each waits
//     for ENet's resend, so they explain tails and stalls).
// The lobby runs in-process (the library parley-lobby is built on) with its database on disk.
#include <CLI/CLI.hpp>
#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <vector>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>

#include "bench/lobby/echo_relay.hpp"
#include "bench/lobby/load.hpp"
#include "lobby/server/lobby_server.hpp"

using namespace parley::lobby;
using namespace parley::lobby::bench;
using namespace std::chrono_literals;

namespace {

// Posts in flight in all for the saturated runs: enough to keep the server busy, few enough not
// to overflow the socket buffers (which would measure ENet's resend timers instead).
constexpr int kSaturatingPostsInFlight = 320;

std::uint32_t saturating_window(int connections) {
  return static_cast<std::uint32_t>(std::max(1, (kSaturatingPostsInFlight + connections - 1) / connections));
}

// Another program keeping one core busy while the lobby is measured (--busy-core): a thread
// spinning at normal priority, as a second service on the machine would.
class BusyCore {
 public:
  explicit BusyCore(bool on) {
    if (on) thread_ = std::thread([this] {
        while (!stop_.load(std::memory_order_relaxed)) spins_.fetch_add(1, std::memory_order_relaxed);
      });
  }
  ~BusyCore() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<std::uint64_t> spins_{0};
  std::thread thread_;
};

struct Options {
  std::chrono::milliseconds warmup{1000};
  std::chrono::milliseconds measure{3000};
  unsigned verify_threads = 0;
  SyncMode sync = SyncMode::full;
  std::filesystem::path db_dir;
  unsigned hosts = 1;  // the lobby's ENet hosts (ServerConfig::hosts)
  bool busy_core = false;
  double open_rate = 0;  // > 0: only the open loop at this rate (comparing settings run after run)
};

std::unique_ptr<ServerThread> start_lobby(const Options& o, const std::filesystem::path& dir) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ServerConfig c;
  c.listen = Endpoint{"127.0.0.1", 0};
  c.database = dir / "bench.db";
  c.sync = o.sync;
  c.verify_threads = o.verify_threads;
  c.log = false;
  // The load generator is one address with thousands of connections posting as fast as it can:
  // lift the per-address and rate limits (they are tested elsewhere).
  c.hosts = o.hosts;
  c.limits.max_connections = kMaxConnectionsPerHost * o.hosts;
  c.limits.max_connections_per_address = c.limits.max_connections;
  c.limits.messages_per_second = 10'000'000;
  c.limits.message_burst = 10'000'000;
  c.limits.bytes_per_second = 1ull << 40;
  c.limits.byte_burst = 1ull << 40;
  auto t = ServerThread::start(c);
  if (!t) {
    fmt::print(stderr, "bench: {}\n", to_string(t.error()));
    return nullptr;
  }
  return std::move(*t);
}

constexpr const char* kTableHeader =
    "| run | posts/s | deliveries/s | p50 ms | p99 ms | server CPU | dropped |\n|---|---:|---:|---:|---:|---:|---:|\n";

void row(const std::string& what, const Figures& f) {
  fmt::print("| {:<40} | {:>9.0f} | {:>11.0f} | {:>6.2f} | {:>6.2f} | {:>5.0f}% | {:>7} |\n", what, f.posts_per_second,
             f.deliveries_per_second, f.p50_ms, f.p99_ms, 100 * f.server_cpu, f.datagrams_dropped);
}

bool scenario(const Options& o, int rooms, int seats) {
  fmt::print("\n## {} rooms of {} seats ({} connections); load average before: {}\n\n", rooms, seats, rooms * seats,
             load_average());
  fmt::print(kTableHeader);
  LoadGenerator gen(rooms, seats);
  auto lobby = start_lobby(o, o.db_dir / ("relay-" + std::to_string(rooms) + "x" + std::to_string(seats)));
  if (!lobby || !gen.set_up_lobby(lobby->endpoint())) return false;
  BusyCore busy(o.busy_core);
  if (o.open_rate > 0) {
    row(fmt::format("lobby, open loop {:.0f}/s", o.open_rate), gen.run_open(o.open_rate, o.warmup, o.measure));
    gen.disconnect_all();
    (void)lobby->stop();
    return true;
  }
  Figures lobby_one = gen.run_closed(1, o.warmup, o.measure);
  row("lobby, 1 in flight per seat", lobby_one);
  const std::uint32_t window = saturating_window(rooms * seats);
  Figures lobby_peak = gen.run_closed(window, o.warmup, o.measure);
  row(fmt::format("lobby, {} in flight per seat (peak)", window), lobby_peak);
  double half = lobby_peak.posts_per_second / 2;
  Figures lobby_half = gen.run_open(half, o.warmup, o.measure);
  row(fmt::format("lobby, open loop {:.0f}/s (50%)", half), lobby_half);
  gen.disconnect_all();
  (void)lobby->stop();
  lobby.reset();
  if (o.busy_core) return true;  // the bare relay against a busy core says nothing new

  EchoRelay echo;
  if (!gen.set_up_echo(echo.endpoint())) return false;
  Figures echo_one = gen.run_closed(1, o.warmup, o.measure);
  row("bare relay, 1 in flight per seat", echo_one);
  Figures echo_peak = gen.run_closed(window, o.warmup, o.measure);
  row(fmt::format("bare relay, {} in flight per seat (peak)", window), echo_peak);
  Figures echo_half = gen.run_open(half, o.warmup, o.measure);
  row(fmt::format("bare relay, open loop {:.0f}/s", half), echo_half);
  fmt::print("\nratio lobby/bare relay: {:.2f} at peak, {:.2f} with 1 in flight; load average after: {}\n",
             lobby_peak.posts_per_second / echo_peak.posts_per_second,
             lobby_one.posts_per_second / echo_one.posts_per_second, load_average());
  return true;
}

bool many_peers(const Options& o, int peers) {
  const int rooms = 10, seats = 2;
  fmt::print("\n## {} connected peers: {} rooms of {} playing, {} logged in and idle; {} lobby ENet host{}; load average "
             "before: {}\n\n",
             peers, rooms, seats, peers - rooms * seats, o.hosts, o.hosts == 1 ? "" : "s", load_average());
  if (static_cast<std::uint32_t>(peers) > kMaxConnectionsPerHost * o.hosts) {
    fmt::print(stderr, "bench: {} peers need --hosts {} at least\n", peers,
               (peers + kMaxConnectionsPerHost - 1) / kMaxConnectionsPerHost);
    return false;
  }
  auto lobby = start_lobby(o, o.db_dir / "many-peers");
  if (!lobby) return false;
  LoadGenerator gen(rooms, seats, peers - rooms * seats);
  auto t0 = SteadyClock::now();
  if (!gen.set_up_lobby(lobby->endpoint())) return false;
  double setup_s = std::chrono::duration<double>(SteadyClock::now() - t0).count();
  fmt::print("connected and logged in: {} of {} in {:.1f} s (including signing the post pools)\n\n", gen.connected(), peers,
             setup_s);
  fmt::print(kTableHeader);
  Figures idle = gen.run_open(1, o.warmup, o.measure);
  row("all idle (1 post/s in all)", idle);
  const std::uint32_t window = saturating_window(rooms * seats);
  Figures peak = gen.run_closed(window, o.warmup, o.measure);
  row(fmt::format("lobby, {} in flight per seat (peak)", window), peak);
  Figures half = gen.run_open(peak.posts_per_second / 2, o.warmup, o.measure);
  row(fmt::format("lobby, open loop {:.0f}/s (50%)", peak.posts_per_second / 2), half);
  std::string spread;
  for (std::uint32_t n : lobby->connections_per_host()) spread += (spread.empty() ? "" : " + ") + std::to_string(n);
  fmt::print("\nstill connected after the runs: {} (the lobby's hosts: {}); load average after: {}\n", gen.connected(),
             spread, load_average());
  gen.disconnect_all();
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"lobby relay benchmark: parley-lobby against a bare ENet relay"};
  Options o;
  int warmup_ms = 1000, measure_ms = 3000, peers = 2000;
  std::string sync = "full";
  bool quick = false, only_many_peers = false;
  std::vector<int> one;  // rooms, seats
  o.db_dir = std::filesystem::current_path() / "lobby-bench-db";
  app.add_option("--warmup-ms", warmup_ms)->capture_default_str();
  app.add_option("--measure-ms", measure_ms)->capture_default_str();
  app.add_option("--verify-threads", o.verify_threads)->capture_default_str();
  app.add_option("--sync", sync)->check(CLI::IsMember({"full", "normal"}))->capture_default_str();
  app.add_option("--peers", peers, "connections for the many-peers run")->capture_default_str();
  app.add_option("--db-dir", o.db_dir, "where the lobby's databases go (use a real disk)")->capture_default_str();
  app.add_flag("--quick", quick, "one small scenario only");
  app.add_flag("--many-peers", only_many_peers, "the many-peers run only");
  app.add_flag("--busy-core", o.busy_core, "keep one core busy (a spinning thread) while the lobby is measured");
  app.add_option("--open-rate", o.open_rate, "only the lobby's open loop at this many posts/s (with --scenario)");
  app.add_option("--hosts", o.hosts, "the lobby's ENet hosts on its port")->check(CLI::Range(1u, kMaxHosts))->capture_default_str();
  app.add_option("--scenario", one, "one scenario only: ROOMS (1-500) SEATS (2-6)")->expected(2);
  CLI11_PARSE(app, argc, argv);
  if (!one.empty() && (one[0] < 1 || one[0] > 500 || one[1] < 2 || one[1] > 6)) {
    fmt::print(stderr, "--scenario: ROOMS is 1 to 500, SEATS 2 to 6\n");
    return 2;
  }
  o.warmup = std::chrono::milliseconds(warmup_ms);
  o.measure = std::chrono::milliseconds(measure_ms);
  o.sync = sync == "full" ? SyncMode::full : SyncMode::normal;
  fmt::print("# lobby relay benchmark: sync={}, verify threads={}, warmup {} ms, measure {} ms, {} cores{}\n", sync,
             o.verify_threads, warmup_ms, measure_ms, std::thread::hardware_concurrency(),
             o.busy_core ? ", one kept busy" : "");
  disk_anchor(o.db_dir);
  bool ok = true;
  if (quick) {
    ok = scenario(o, 10, 2);
  } else if (only_many_peers) {
    ok = many_peers(o, peers);
  } else if (!one.empty()) {
    ok = scenario(o, one[0], one[1]);
  } else {
    for (auto [rooms, seats] : {std::pair{10, 2}, std::pair{100, 2}, std::pair{10, 6}, std::pair{50, 6}}) {
      ok = scenario(o, rooms, seats) && ok;
    }
    ok = many_peers(o, peers) && ok;
  }
  std::filesystem::remove_all(o.db_dir);
  return ok ? 0 : 1;
}
