// parley-lobby: the matchmaking and ordered-relay server (docs/lobby.md). Thin: options, signal
// handling, the status query, and wiring --archive (the game database of archive/, which the
// lobby library does not depend on) to the lobby's log archive; the work is in parley_lobby.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <chrono>
#include <csignal>
#include <cstdio>

#include "archive/lobby_feed.hpp"
#include "games/register.hpp"
#include "lobby/client/lobby_client.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/server/lobby_server.hpp"

namespace {

using namespace parley::lobby;

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;  // could not start, or the database failed while running
constexpr int kExitUsage = 2;

LobbyServer* g_server = nullptr;

extern "C" void on_signal(int) {
  if (g_server != nullptr) g_server->request_stop();
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
  if (!archive.empty()) {
    auto feed = parley::archive::LobbyFeed::open(archive);
    if (!feed) {
      fmt::print(stderr, "parley-lobby: --archive {}: {}\n", archive, feed.error().detail);
      return kExitFailure;
    }
    sink = parley::archive::lobby_sink(std::move(*feed));
  }
  auto server = LobbyServer::open(config, std::move(sink));
  if (!server) {
    fmt::print(stderr, "parley-lobby: {}\n", to_string(server.error()));
    return kExitFailure;
  }
  g_server = server->get();
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
