// A lobby cluster on this machine against the single lobby (docs/performance.md, "Lobby
// cluster"), in one run:
//   - the anchor: the single lobby (in-process, SQLite, --sync full) under the load of the relay
//     benchmark (bench/lobby/load.hpp): one post in flight per seat, the peak, 50% of the peak;
//   - the same load on clusters of 1, 2 and 3 parley-lobby node processes sharing one private
//     PostgreSQL server that flushes every commit (tests/pg_server.hpp), the seats of each room
//     spread over the nodes: posts/s, p50/p99, each node's CPU, PostgreSQL's CPU and commits,
//     and from them the server's cost per entry;
//   - with --failover N: three nodes holding started rooms; N times the node that sequences the
//     most rooms is killed (SIGKILL) and the time from the kill to the next entry of each of its
//     rooms (the handover another node writes) is measured; then it is started again.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/lobby/load.hpp"
#include "lobby/protocol/node_certificate.hpp"
#include "lobby/server/lobby_server.hpp"
#include "pg/connection.hpp"
#include "tests/child_process.hpp"
#include "tests/pg_server.hpp"

using namespace parley::lobby;
using namespace parley::lobby::bench;

namespace {

constexpr int kSaturatingPostsInFlight = 320;

std::uint32_t saturating_window(int connections) {
  return static_cast<std::uint32_t>(std::max(1, (kSaturatingPostsInFlight + connections - 1) / connections));
}

// CPU seconds a process (and its threads) has used, from /proc/PID/stat.
double process_cpu(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  std::getline(in, text);
  auto close = text.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(text.substr(close + 2));
  std::string f;
  double utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> f; ++i) {
    if (i == 14) utime = std::stod(f);
    if (i == 15) stime = std::stod(f);
  }
  return (utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

// The processes whose parent is `parent` (a PostgreSQL server's backends), and itself.
std::vector<pid_t> family(pid_t parent) {
  std::vector<pid_t> out{parent};
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
    std::ifstream in(entry.path() / "stat");
    std::string text;
    std::getline(in, text);
    auto close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream fields(text.substr(close + 2));
    std::string state;
    long ppid = 0;
    fields >> state >> ppid;
    if (ppid == parent) out.push_back(static_cast<pid_t>(std::stol(name)));
  }
  return out;
}

double family_cpu(pid_t parent) {
  double sum = 0;
  for (pid_t p : family(parent)) sum += process_cpu(p);
  return sum;
}

struct Node {
  pid_t pid = -1;
  std::uint16_t port = 0;
  std::filesystem::path log;
  std::vector<std::string> args;
};

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Starts a node and waits for its listening line.
bool start_node(Node& n) {
  const std::size_t before = read_file(n.log).size();
  n.pid = parley::tests::spawn_tied_child(
      n.args, {parley::tests::child_file(2, n.log.string(), O_WRONLY | O_CREAT | O_APPEND), parley::tests::child_dup(1, 2)});
  if (n.pid < 0) return false;
  const std::string marker = "listening on 127.0.0.1:";
  for (int i = 0; i < 3000; ++i) {
    const std::string text = read_file(n.log).substr(std::min(before, read_file(n.log).size()));
    auto at = text.find(marker);
    if (at != std::string::npos) {
      auto end = text.find(' ', at + marker.size());
      if (end != std::string::npos) {
        n.port = static_cast<std::uint16_t>(std::stoi(text.substr(at + marker.size(), end - at - marker.size())));
        return true;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  fmt::print(stderr, "bench: a node did not start: {}\n", read_file(n.log));
  return false;
}

void stop_node(Node& n, int signal = SIGTERM) {
  if (n.pid <= 0) return;
  ::kill(n.pid, signal);
  ::waitpid(n.pid, nullptr, 0);
  n.pid = -1;
}

// A deployment key, and per node a key file with its certificate.
struct Deployment {
  parley::crypto::Identity key = parley::crypto::Identity::generate();
  std::filesystem::path dir;

  std::filesystem::path node_key(int i) const {
    const auto file = dir / ("node-" + std::to_string(i) + ".key");
    if (!std::filesystem::exists(file.string() + ".cert")) {
      auto identity = parley::crypto::load_or_create_identity(file);
      const auto bytes = encode(certify_node(key, identity->public_key(), 0, ~std::uint64_t{0} >> 1));
      std::ofstream out(file.string() + ".cert", std::ios::binary);
      out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    return file;
  }
};

Node make_node(const Deployment& d, int i, const std::string& url, const std::filesystem::path& dir) {
  Node n;
  n.log = dir / ("node-" + std::to_string(i) + ".log");
  n.args = {PARLEY_LOBBY_BINARY, "--listen", "127.0.0.1:0", "--cluster", url, "--node-key", d.node_key(i).string(),
            "--advertise", "127.0.0.1:0", "--max-connections-per-address", "4000", "--rate", "10000000", "--burst",
            "10000000", "--byte-rate", "1099511627776"};
  return n;
}

struct Options {
  int rooms = 20;
  int seats = 6;
  int idle = 0;  // more connections, logged in and idle, spread over the nodes
  std::chrono::milliseconds warmup{1000};
  std::chrono::milliseconds measure{3000};
  std::filesystem::path dir;
};

constexpr const char* kHeader =
    "| run | posts/s | p50 ms | p99 ms | each node's CPU | PostgreSQL CPU | commits/s | entries/commit | server CPU µs/entry | PostgreSQL µs/entry |\n"
    "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|\n";

struct Sample {
  Figures f;
  std::vector<double> node_cpu;  // share of a core each
  double pg_cpu = 0;
  double commits_per_second = 0;
};

void print_row(const std::string& what, const Sample& s) {
  std::string nodes;
  double total = 0;
  for (double c : s.node_cpu) {
    nodes += (nodes.empty() ? "" : " + ") + fmt::format("{:.0f}%", 100 * c);
    total += c;
  }
  if (s.node_cpu.empty()) {
    nodes = fmt::format("{:.0f}% (in-process)", 100 * s.f.server_cpu);
    total = s.f.server_cpu;
  }
  const double entries = s.f.posts_per_second;
  fmt::print("| {:<34} | {:>7.0f} | {:>6.2f} | {:>6.2f} | {} | {:>4.0f}% | {:>7.0f} | {:>5.1f} | {:>6.0f} | {:>6.0f} |\n", what,
             s.f.posts_per_second, s.f.p50_ms, s.f.p99_ms, nodes, 100 * s.pg_cpu, s.commits_per_second,
             s.commits_per_second > 0 ? entries / s.commits_per_second : 0.0, entries > 0 ? 1e6 * total / entries : 0.0,
             entries > 0 ? 1e6 * s.pg_cpu / entries : 0.0);
}

// The single lobby: the anchor.
void anchor(const Options& o) {
  const auto dir = o.dir / "single";
  std::filesystem::create_directories(dir);
  ServerConfig c;
  c.listen = Endpoint{"127.0.0.1", 0};
  c.database = dir / "bench.db";
  c.log = false;
  c.limits.max_connections_per_address = c.limits.max_connections;
  c.limits.messages_per_second = c.limits.message_burst = 10'000'000;
  c.limits.bytes_per_second = c.limits.byte_burst = 1ull << 40;
  auto lobby = ServerThread::start(c);
  if (!lobby) return;
  LoadGenerator gen(o.rooms, o.seats, o.idle);
  if (!gen.set_up_lobby((*lobby)->endpoint())) return;
  Sample one{gen.run_closed(1, o.warmup, o.measure), {}, 0, 0};
  print_row("single lobby (SQLite), 1 in flight", one);
  Sample peak{gen.run_closed(saturating_window(o.rooms * o.seats), o.warmup, o.measure), {}, 0, 0};
  print_row("single lobby (SQLite), peak", peak);
  Sample half{gen.run_open(peak.f.posts_per_second / 2, o.warmup, o.measure), {}, 0, 0};
  print_row(fmt::format("single lobby (SQLite), {:.0f}/s (50%)", peak.f.posts_per_second / 2), half);
  gen.disconnect_all();
  (void)(*lobby)->stop();
}

struct ClusterRun {
  std::vector<Node> nodes;
  pid_t postgres = 0;
  std::unique_ptr<parley::pg::Connection> db;
  std::string database;

  std::int64_t commits() {
    auto r = db->query("SELECT xact_commit FROM pg_stat_database WHERE datname = $1", {parley::pg::text(database)});
    return r && r->size() == 1 ? r->integer(0, 0) : 0;
  }

  // One load run with each node's and PostgreSQL's CPU around its measured window.
  template <class Run>
  Sample measure(const Options& o, Run run) {
    // The window starts after the warm-up: sample then, from another thread.
    std::vector<double> node_0(nodes.size()), node_1(nodes.size());
    double pg_0 = 0, pg_1 = 0;
    std::int64_t commits_0 = 0, commits_1 = 0;
    std::thread sampler([&] {
      std::this_thread::sleep_for(o.warmup);
      for (std::size_t i = 0; i < nodes.size(); ++i) node_0[i] = process_cpu(nodes[i].pid);
      pg_0 = family_cpu(postgres);
      commits_0 = commits();
      std::this_thread::sleep_for(o.measure);
      for (std::size_t i = 0; i < nodes.size(); ++i) node_1[i] = process_cpu(nodes[i].pid);
      pg_1 = family_cpu(postgres);
      commits_1 = commits();
    });
    Sample s;
    s.f = run();
    sampler.join();
    const double seconds = std::chrono::duration<double>(o.measure).count();
    for (std::size_t i = 0; i < nodes.size(); ++i) s.node_cpu.push_back((node_1[i] - node_0[i]) / seconds);
    s.pg_cpu = (pg_1 - pg_0) / seconds;
    s.commits_per_second = static_cast<double>(commits_1 - commits_0) / seconds;
    return s;
  }
};

bool cluster(const Options& o, parley::tests::PgServer& pg, const Deployment& d, int count) {
  const std::string database = "bench" + std::to_string(count);
  if (!pg.create_database(database)) return false;
  const auto dir = o.dir / database;
  std::filesystem::create_directories(dir);
  ClusterRun run;
  run.postgres = pg.pid();
  run.database = database;
  auto db = parley::pg::Connection::open(pg.url("postgres"));
  if (!db) return false;
  run.db = std::move(*db);
  std::vector<Endpoint> endpoints;
  for (int i = 0; i < count; ++i) {
    run.nodes.push_back(make_node(d, i, pg.url(database), dir));
    if (!start_node(run.nodes.back())) return false;
    endpoints.push_back(Endpoint{"127.0.0.1", run.nodes.back().port});
  }
  LoadGenerator gen(o.rooms, o.seats, o.idle);
  if (!gen.set_up_lobby(endpoints)) return false;
  const std::string name = fmt::format("{} node{}", count, count == 1 ? "" : "s");
  Sample one = run.measure(o, [&] { return gen.run_closed(1, o.warmup, o.measure); });
  print_row(name + ", 1 in flight", one);
  Sample peak = run.measure(o, [&] { return gen.run_closed(saturating_window(o.rooms * o.seats), o.warmup, o.measure); });
  print_row(name + ", peak", peak);
  Sample half = run.measure(o, [&] { return gen.run_open(peak.f.posts_per_second / 2, o.warmup, o.measure); });
  print_row(fmt::format("{}, {:.0f}/s (50%)", name, peak.f.posts_per_second / 2), half);
  fmt::print("|   still connected: {} of {} | | | | | | | | | |\n", gen.connected(), o.rooms * o.seats + o.idle);
  gen.disconnect_all();
  for (Node& n : run.nodes) stop_node(n);
  return true;
}

// Kill to the next entry of each moved room, over `kills` kills.
bool failover(const Options& o, parley::tests::PgServer& pg, const Deployment& d, int kills) {
  if (!pg.create_database("failover")) return false;
  const auto dir = o.dir / "failover";
  std::filesystem::create_directories(dir);
  std::vector<Node> nodes;
  std::vector<Endpoint> endpoints;
  for (int i = 0; i < 3; ++i) {
    nodes.push_back(make_node(d, 10 + i, pg.url("failover"), dir));
    if (!start_node(nodes.back())) return false;
    endpoints.push_back(Endpoint{"127.0.0.1", nodes.back().port});
  }
  auto db = parley::pg::Connection::open(pg.url("failover"));
  if (!db) return false;
  {
    LoadGenerator gen(o.rooms, o.seats);
    if (!gen.set_up_lobby(endpoints)) return false;
    gen.disconnect_all();
  }
  // Which node number each process is, from its log.
  auto node_id = [&](const Node& n) {
    const std::string text = read_file(n.log);
    auto at = text.rfind(" as node ");
    return at == std::string::npos ? -1 : std::stoll(text.substr(at + 9));
  };
  std::vector<double> all_ms;
  std::vector<double> slowest_ms;
  for (int k = 0; k < kills; ++k) {
    std::map<std::int64_t, std::vector<std::pair<std::int64_t, std::int64_t>>> rooms_of;  // node → (room, next_idx)
    auto rows = (*db)->query("SELECT node_id, room_id, next_idx FROM lobby_rooms WHERE phase = 1");
    if (!rows) return false;
    for (int i = 0; i < rows->size(); ++i) rooms_of[rows->integer(i, 0)].emplace_back(rows->integer(i, 1), rows->integer(i, 2));
    std::size_t victim = 0;
    std::size_t most = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const auto& r = rooms_of[node_id(nodes[i])];
      if (r.size() > most) {
        most = r.size();
        victim = i;
      }
    }
    const auto moved = rooms_of[node_id(nodes[victim])];
    if (moved.empty()) break;
    const auto killed_at = SteadyClock::now();
    stop_node(nodes[victim], SIGKILL);
    std::map<std::int64_t, double> done;
    while (done.size() < moved.size() && SteadyClock::now() - killed_at < std::chrono::seconds(30)) {
      auto now_rows = (*db)->query("SELECT room_id, next_idx FROM lobby_rooms WHERE phase = 1");
      const double ms = std::chrono::duration<double, std::milli>(SteadyClock::now() - killed_at).count();
      if (now_rows) {
        std::map<std::int64_t, std::int64_t> next;
        for (int i = 0; i < now_rows->size(); ++i) next[now_rows->integer(i, 0)] = now_rows->integer(i, 1);
        for (const auto& [room, before] : moved)
          if (!done.contains(room) && next[room] > before) done[room] = ms;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    double slowest = 0;
    for (const auto& [room, ms] : done) {
      all_ms.push_back(ms);
      slowest = std::max(slowest, ms);
    }
    slowest_ms.push_back(slowest);
    fmt::print("kill {:>2}: node {} held {} rooms; {} moved, the last after {:.0f} ms\n", k + 1, node_id(nodes[victim]),
               moved.size(), done.size(), slowest);
    if (!start_node(nodes[victim])) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  for (Node& n : nodes) stop_node(n);
  auto pct = [](std::vector<double> v, double p) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
  };
  fmt::print("\nfailover, kill to each moved room's next entry: {} rooms over {} kills: p50 {:.0f} ms, p99 {:.0f} ms, "
             "slowest {:.0f} ms; per kill, the last room: p50 {:.0f} ms, p99 {:.0f} ms\n",
             all_ms.size(), slowest_ms.size(), pct(all_ms, 0.5), pct(all_ms, 0.99), pct(all_ms, 1.0),
             pct(slowest_ms, 0.5), pct(slowest_ms, 0.99));
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"lobby cluster benchmark: 1, 2 and 3 nodes on PostgreSQL against the single lobby"};
  Options o;
  int warmup_ms = 1000, measure_ms = 3000, kills = 0;
  std::vector<int> sizes{1, 2, 3};
  o.dir = std::filesystem::current_path() / "lobby-cluster-bench";
  app.add_option("--rooms", o.rooms)->capture_default_str();
  app.add_option("--seats", o.seats)->check(CLI::Range(2, 6))->capture_default_str();
  app.add_option("--idle", o.idle, "more connections, logged in and idle")->capture_default_str();
  app.add_option("--warmup-ms", warmup_ms)->capture_default_str();
  app.add_option("--measure-ms", measure_ms)->capture_default_str();
  app.add_option("--nodes", sizes, "cluster sizes to measure")->capture_default_str();
  app.add_option("--failover", kills, "instead: kill the busiest of three nodes this many times")->capture_default_str();
  app.add_option("--dir", o.dir, "where the databases and logs go (a real disk)")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  o.warmup = std::chrono::milliseconds(warmup_ms);
  o.measure = std::chrono::milliseconds(measure_ms);
  std::filesystem::remove_all(o.dir);
  std::filesystem::create_directories(o.dir);
  fmt::print("# lobby cluster benchmark: {} rooms of {} seats, {} idle connections, warmup {} ms, measure {} ms, {} cores; "
             "load average {}\n",
             o.rooms, o.seats, o.idle, warmup_ms, measure_ms, std::thread::hardware_concurrency(), load_average());
  disk_anchor(o.dir);
  std::string why;
  auto pg = parley::tests::PgServer::start_new(parley::tests::PgServer::Durability::power_loss, why);
  if (!pg) {
    fmt::print(stderr, "bench: {}\n", why);
    return 1;
  }
  Deployment d;
  d.dir = o.dir;
  bool ok = true;
  if (kills > 0) {
    ok = failover(o, *pg, d, kills);
  } else {
    fmt::print("\n{}", kHeader);
    anchor(o);
    for (int n : sizes) ok = cluster(o, *pg, d, n) && ok;
    fmt::print("\nload average after: {}\n", load_average());
  }
  pg.reset();
  std::filesystem::remove_all(o.dir);
  return ok ? 0 : 1;
}
