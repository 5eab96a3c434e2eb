// parley-lobby: the matchmaking and ordered-relay server (docs/lobby.md). Thin: options, signal
// handling, the status query, the cluster's key ceremony (docs/deploy.md), and wiring --archive
// (the game database of archive/, which the lobby library does not depend on) to the lobby's log
// archive; the work is in parley_lobby (a single lobby) and parley_lobby_cluster (a node of a
// cluster, --cluster).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <thread>

#include "archive/lobby_feed.hpp"
#include "games/register.hpp"
#include "lobby/client/lobby_client.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/node_certificate.hpp"
#include "lobby/server/cluster_server.hpp"
#include "lobby/server/lobby_server.hpp"
#include "lobby/server/ratings_mailbox.hpp"

namespace {

using namespace parley::lobby;

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;  // could not start, or the database failed while running
constexpr int kExitUsage = 2;

LobbyServer* g_server = nullptr;
ClusterServer* g_node = nullptr;

extern "C" void on_signal(int) {
  if (g_server != nullptr) g_server->request_stop();
  if (g_node != nullptr) g_node->request_stop();
}

std::string hex(std::span<const std::uint8_t> bytes) {
  std::string out;
  for (std::uint8_t b : bytes) out += fmt::format("{:02x}", b);
  return out;
}

std::optional<parley::crypto::PublicKey> key_from_hex(const std::string& text) {
  if (text.size() != 2 * parley::crypto::kPublicKeyBytes) return std::nullopt;
  std::vector<std::uint8_t> raw;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    unsigned v = 0;
    if (std::sscanf(text.c_str() + i, "%2x", &v) != 1) return std::nullopt;
    raw.push_back(static_cast<std::uint8_t>(v));
  }
  auto key = parley::crypto::PublicKey::from_bytes(raw);
  if (!key) return std::nullopt;
  return *key;
}

// The key ceremony (docs/deploy.md): a key made for the deployment or a node; its public key.
int create_key(const std::filesystem::path& file) {
  std::error_code ec;
  if (std::filesystem::exists(file, ec)) {
    fmt::print(stderr, "parley-lobby: {} exists already; --public-key prints its public key\n", file.string());
    return kExitFailure;
  }
  auto identity = parley::crypto::load_or_create_identity(file);
  if (!identity) {
    fmt::print(stderr, "parley-lobby: {}: {}\n", file.string(), parley::crypto::describe(identity.error()));
    return kExitFailure;
  }
  fmt::print("{}\n", hex(identity->public_key().bytes()));
  return kExitOk;
}

int print_public_key(const std::filesystem::path& file) {
  auto identity = parley::crypto::load_identity(file);
  if (!identity) {
    fmt::print(stderr, "parley-lobby: {}: {}\n", file.string(), parley::crypto::describe(identity.error()));
    return kExitFailure;
  }
  fmt::print("{}\n", hex(identity->public_key().bytes()));
  return kExitOk;
}

// The deployment's key certifies a node's public key for `days` days, from now.
int certify(const std::string& node_hex, const std::filesystem::path& deployment_file, unsigned days,
            const std::filesystem::path& out) {
  auto node = key_from_hex(node_hex);
  if (!node) {
    fmt::print(stderr, "parley-lobby: --certify takes a node's public key: 64 hex digits (--public-key prints it)\n");
    return kExitUsage;
  }
  auto deployment = parley::crypto::load_identity(deployment_file);
  if (!deployment) {
    fmt::print(stderr, "parley-lobby: {}: {}\n", deployment_file.string(), parley::crypto::describe(deployment.error()));
    return kExitFailure;
  }
  const auto now = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                  std::chrono::system_clock::now().time_since_epoch())
                                                  .count());
  // A minute before now, for nodes whose clocks run a little behind this machine's.
  const std::uint64_t from = now - 60'000;
  const std::uint64_t until = now + std::uint64_t{days} * 86'400'000;
  const auto bytes = encode(certify_node(*deployment, *node, from, until));
  std::ofstream file(out, std::ios::binary | std::ios::trunc);
  file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  file.close();
  if (!file) {
    fmt::print(stderr, "parley-lobby: cannot write {}\n", out.string());
    return kExitFailure;
  }
  fmt::print("{}: node {} certified by deployment {} for {} days\n", out.string(), parley::crypto::fingerprint(*node),
             parley::crypto::fingerprint(deployment->public_key()), days);
  return kExitOk;
}

// --status HOST:PORT: asks a running lobby for its figures and prints them.
int print_status(const Endpoint& lobby) {
  auto client = LobbyClient::connect(ClientOptions{lobby, std::nullopt, {}, std::nullopt});
  if (!client) {
    fmt::print(stderr, "parley-lobby: {}\n", client.error().detail);
    return kExitFailure;
  }
  (*client)->status();
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < deadline) {
    (*client)->poll(50);
    while (auto ev = (*client)->next_event()) {
      if (auto* s = std::get_if<StatusReport>(&*ev)) {
        fmt::print("connections      {}\nplayers online   {}\nrooms waiting    {}\nrooms started    {}\n"
                   "seats filled     {}\nspectators       {}\nqueued players   {}\nentries total    {}\n"
                   "entries/second   {}\nuptime           {} s\n",
                   s->connections, s->players_online, s->rooms_waiting, s->rooms_started, s->seats_filled,
                   s->spectators, s->queued_players, s->entries_total, s->entries_per_second, s->uptime_ms / 1000);
        return kExitOk;
      }
      if (auto* r = std::get_if<Refused>(&*ev)) {
        fmt::print(stderr, "parley-lobby: refused: {}\n", r->detail);
        return kExitFailure;
      }
      if (auto* d = std::get_if<Disconnected>(&*ev)) {
        fmt::print(stderr, "parley-lobby: {}\n", d->reason);
        return kExitFailure;
      }
    }
  }
  fmt::print(stderr, "parley-lobby: no answer from {}\n", to_string(lobby));
  return kExitFailure;
}

}  // namespace

int main(int argc, char** argv) {
  parley::games::register_modules();  // the archive feed verifies every game it stores
  CLI::App app{"parley-lobby: matches players and relays their messages in one signed order"};
  ServerConfig config;
  Limits& limits = config.limits;
  std::string listen = to_string(config.listen);
  std::string status_of;
  std::string sync = "full";
  std::string archive;
  std::string lan_name;
  std::uint16_t lan_port = kLanDiscoveryPort;
  std::string cluster;
  std::filesystem::path node_key;
  std::string advertise;
  std::filesystem::path create_key_file, public_key_file, deployment_key;
  std::string certify_hex;
  std::filesystem::path certificate_out;
  unsigned certify_days = 365;
  app.add_option("--listen", listen, "HOST:PORT to serve on (UDP; port 0 picks a free one)")->capture_default_str();
  app.add_option("--db", config.database, "SQLite database (WAL); the lobby's key is kept in FILE.key")
      ->capture_default_str();
  app.add_option("--key", config.key_file, "the lobby's Ed25519 key file (default: the database path + .key)");
  app.add_option("--logs", config.logs_dir,
                 "where each finished room's game log is archived as room-ID.plog (default: the database path + .logs)");
  app.add_option("--archive", archive,
                 "also store each finished room's game in this archive (an SQLite file or a postgresql:// URL; "
                 "verified, as by `parley archive import`)");
  app.add_option("--sync", sync, "full: fsync every commit; normal: survive a crash of the lobby, not of the machine")
      ->check(CLI::IsMember({"full", "normal"}))
      ->capture_default_str();
  app.add_option("--verify-threads", config.verify_threads, "extra threads verifying seat signatures")
      ->capture_default_str();
  app.add_option("--max-connections", limits.max_connections,
                 "connections in all (at most 4079 per ENet host: raise --hosts for more)")
      ->check(CLI::Range(1u, kMaxConnectionsPerHost * kMaxHosts))
      ->capture_default_str();
  app.add_option("--hosts", config.hosts, "ENet hosts sharing the port, each serving up to 4079 connections")
      ->check(CLI::Range(1u, kMaxHosts))
      ->capture_default_str();
  app.add_option("--max-connections-per-address", limits.max_connections_per_address)->capture_default_str();
  app.add_option("--rate", limits.messages_per_second, "messages per second per connection")->capture_default_str();
  app.add_option("--burst", limits.message_burst, "messages a connection may send at once")->capture_default_str();
  app.add_option("--byte-rate", limits.bytes_per_second, "bytes per second per connection")->capture_default_str();
  app.add_option("--max-rooms-per-player", limits.max_rooms_per_player)->capture_default_str();
  app.add_option("--max-reserved-rooms-per-key", limits.max_reserved_rooms_per_key,
                 "rooms with reserved seats (an event's boards) one key may have waiting")
      ->capture_default_str();
  app.add_option("--max-backlog", limits.max_backlog_bytes,
                 "bytes a connection may leave untaken before it is disconnected as a slow reader")
      ->capture_default_str();
  app.add_option("--lan", lan_name,
                 "answer LAN searches (parley lan, the client's connect screen) under this table name");
  app.add_option("--lan-port", lan_port, "the UDP port LAN searches come to")->capture_default_str();
  app.add_option("--status", status_of, "print the figures of the lobby at HOST:PORT and exit");
  app.add_option("--cluster", cluster,
                 "run as a node of a cluster sharing this PostgreSQL database (a postgresql:// URL); "
                 "needs --node-key and --advertise (docs/deploy.md)");
  app.add_option("--node-key", node_key, "the node's key file (its certificate in FILE.cert)");
  app.add_option("--advertise", advertise,
                 "HOST:PORT where clients and the other nodes reach this node (port 0: the port it listens on)");
  app.add_option("--create-key", create_key_file, "create a key (the deployment's or a node's), print its public key, exit");
  app.add_option("--public-key", public_key_file, "print the public key of a key file and exit");
  app.add_option("--certify", certify_hex,
                 "certify a node's public key (hex) with --deployment-key, write the certificate to --out and exit");
  app.add_option("--deployment-key", deployment_key, "the deployment's key file, for --certify");
  app.add_option("--days", certify_days, "how long a certificate is valid")->capture_default_str();
  app.add_option("--out", certificate_out, "where --certify writes the certificate (the node key's path + .cert)");
  app.add_flag("!--quiet", config.log, "no log lines on stderr");
  app.footer("Exit status: 0 stopped by SIGINT/SIGTERM, 1 could not start or the database failed, 2 usage error.");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  }

  if (!create_key_file.empty()) return create_key(create_key_file);
  if (!public_key_file.empty()) return print_public_key(public_key_file);
  if (!certify_hex.empty()) {
    if (deployment_key.empty() || certificate_out.empty()) {
      fmt::print(stderr, "parley-lobby: --certify needs --deployment-key and --out\n");
      return kExitUsage;
    }
    return certify(certify_hex, deployment_key, certify_days, certificate_out);
  }
  if (!status_of.empty()) {
    auto endpoint = parse_endpoint(status_of);
    if (!endpoint) {
      fmt::print(stderr, "parley-lobby: --status {}: {}\n", status_of, describe(endpoint.error()));
      return kExitUsage;
    }
    return print_status(*endpoint);
  }
  auto endpoint = parse_endpoint(listen);
  if (!endpoint) {
    fmt::print(stderr, "parley-lobby: --listen {}: {}\n", listen, describe(endpoint.error()));
    return kExitUsage;
  }
  config.listen = *endpoint;
  config.sync = sync == "full" ? SyncMode::full : SyncMode::normal;
  if (limits.max_connections > kMaxConnectionsPerHost * config.hosts) {
    fmt::print(stderr, "parley-lobby: --max-connections {} needs --hosts {} at least ({} connections per ENet host)\n",
               limits.max_connections, (limits.max_connections + kMaxConnectionsPerHost - 1) / kMaxConnectionsPerHost,
               kMaxConnectionsPerHost);
    return kExitUsage;
  }
  if (!lan_name.empty()) {
    auto name = sanitize_lan_name(lan_name);
    if (!name) {
      fmt::print(stderr, "parley-lobby: --lan '{}': {}\n", lan_name, describe(name.error()));
      return kExitUsage;
    }
    config.lan = LanListing{*name, lan_port};
  }

  LogSink sink;
  // With --archive the players' ratings come from it: computed once the lobby's key is known
  // (below) and after each log stored, posted to the mailbox the network loop reads.
  std::shared_ptr<parley::archive::LobbyRatings> ratings;
  if (!archive.empty()) {
    auto feed = parley::archive::LobbyFeed::open(archive);
    if (!feed) {
      fmt::print(stderr, "parley-lobby: --archive {}: {}\n", archive, feed.error().detail);
      return kExitFailure;
    }
    config.ratings = std::make_shared<RatingsMailbox>();
    std::shared_ptr<parley::archive::LobbyFeed> shared = std::move(*feed);
    ratings = std::make_shared<parley::archive::LobbyRatings>(shared, config.ratings);
    sink = parley::archive::lobby_sink(shared, ratings);
  }
  // The first table, off the network thread; joined before the process ends.
  std::thread first_ratings;
  struct Joiner {
    std::thread& t;
    ~Joiner() {
      if (t.joinable()) t.join();
    }
  } joiner{first_ratings};
  auto rate_from = [&](const parley::crypto::PublicKey& lobby_key, bool log) {
    if (!ratings) return;
    ratings->set_lobby_key(lobby_key);
    first_ratings = std::thread([ratings, log] {
      auto players = ratings->refresh();
      if (!log) return;
      if (players) {
        fmt::print(stderr, "parley-lobby: ratings of {} players from the archive\n", *players);
      } else {
        fmt::print(stderr, "parley-lobby: no ratings from the archive: {}\n", players.error().detail);
      }
    });
  };
  if (!cluster.empty()) {
    for (const char* option : {"--db", "--key", "--sync", "--lan"}) {
      if (app.count(option) > 0) {
        fmt::print(stderr, "parley-lobby: {} does not apply to a node of a cluster (--cluster: the database is PostgreSQL's, "
                           "the key --node-key's; docs/deploy.md)\n",
                   option);
        return kExitUsage;
      }
    }
    auto at = parse_endpoint(advertise);
    if (node_key.empty() || !at || at->host == "*" || at->host == "0.0.0.0") {
      fmt::print(stderr, "parley-lobby: --cluster needs --node-key FILE and --advertise HOST:PORT (an address others "
                         "can reach; port 0: the port it listens on)\n");
      return kExitUsage;
    }
    ClusterConfig node_config;
    node_config.server = config;
    node_config.cluster.database = cluster;
    node_config.cluster.advertise = *at;
    node_config.node_key = node_key;
    auto node = ClusterServer::open(node_config, std::move(sink));
    if (!node) {
      fmt::print(stderr, "parley-lobby: {}\n", to_string(node.error()));
      return kExitFailure;
    }
    g_node = node->get();
    rate_from((*node)->public_key(), config.log);
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    auto outcome = (*node)->run();
    g_node = nullptr;
    if (!outcome) {
      fmt::print(stderr, "parley-lobby: {}\n", to_string(outcome.error()));
      return kExitFailure;
    }
    return kExitOk;
  }
  auto server = LobbyServer::open(config, std::move(sink));
  if (!server) {
    fmt::print(stderr, "parley-lobby: {}\n", to_string(server.error()));
    return kExitFailure;
  }
  g_server = server->get();
  rate_from((*server)->public_key(), config.log);
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  auto outcome = (*server)->run();
  g_server = nullptr;
  if (!outcome) {
    fmt::print(stderr, "parley-lobby: {}\n", to_string(outcome.error()));
    return kExitFailure;
  }
  return kExitOk;
}
