#pragma once
// Everything an operator can tune, with the defaults parley-lobby runs with. docs/lobby.md
// explains each limit; the command line (apps/parley-lobby/main.cpp) exposes them.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/lan_discovery.hpp"
#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

class RatingsMailbox;

// The most connections one ENet host serves: its 4,095 peer ids less the few kept to refuse a
// connection over the limit with a typed answer (LobbyServer::open).
inline constexpr std::uint32_t kMaxConnectionsPerHost = 4079;
inline constexpr unsigned kMaxHosts = 16;

struct Limits {
  // Connections, in all. ENet numbers peers with 12 bits, so one ENet host holds at most 4095;
  // past that a lobby runs several (ServerConfig::hosts).
  std::uint32_t max_connections = 4000;
  std::uint32_t max_connections_per_address = 16;
  // Per-connection token buckets: every message costs one message token and its size in byte
  // tokens (a fetch also pays for the entries it returns).
  std::uint32_t messages_per_second = 100;
  std::uint32_t message_burst = 200;
  std::uint64_t bytes_per_second = 2 * 1024 * 1024;
  std::uint64_t byte_burst = 4 * 1024 * 1024;  // must exceed kMaxMessageBytes
  // A connection refused this many times in a row for its rate is disconnected (with a last
  // refusal saying so): answering a flood message by message would amplify it.
  std::uint32_t flood_disconnect_after = 64;
  // A connection with this much ENet has not yet delivered to it (queued, or sent and not
  // acknowledged) is a slow reader: it is disconnected rather than buffered without bound, and
  // catches up by fetching after it reconnects. Must exceed byte_burst (one fetch answer may
  // queue that much at once).
  std::uint64_t max_backlog_bytes = 16 * 1024 * 1024;
  // Rooms.
  std::uint32_t max_rooms_per_player = 8;    // open rooms in which one key holds a seat
  std::uint32_t max_spectated_rooms = 16;    // per connection
  std::uint64_t max_entries_per_room = 1'000'000;
  // Rooms whose seats are reserved to keys (an event's boards) wait for their players without
  // anyone in them: bounded per creating key, in all, and in time.
  std::uint32_t max_reserved_rooms_per_key = 2048;  // an event's largest round (event/limits.hpp)
  std::uint32_t max_reserved_rooms = 65'536;
  // Time limits (none of them affects a transcript's content).
  std::chrono::milliseconds login_timeout{10'000};
  std::chrono::milliseconds seat_grace{60'000};        // a waiting room keeps a dropped player's seat
  std::chrono::milliseconds idle_room_close{24 * 3600 * 1000};  // a started room nobody is in
  // A waiting room with reserved seats and nobody in it closes this long after it was made (or
  // the lobby restarted).
  std::chrono::milliseconds reserved_room_wait{14LL * 24 * 3600 * 1000};
};

// SQLite's synchronous setting for the write-ahead log. full: every commit is fsync'd, so an
// entry survives a power cut as well as a crash of the lobby. normal: a commit survives a crash
// of the lobby (kill -9) but the last ones may be lost on a power cut.
enum class SyncMode : std::uint8_t { full, normal };

// Answering LAN searches (docs/lobby.md, "LAN discovery"): the table's name as players see it
// in their list, and the UDP port their probes come to (0: any free one, for tests).
struct LanListing {
  std::string name;
  std::uint16_t port = kLanDiscoveryPort;
};

struct ServerConfig {
  Endpoint listen{"127.0.0.1", 7777};
  // ENet hosts sharing the listening port (SO_REUSEPORT: the kernel keeps each client on the one
  // it first reached), for more connections than one host holds (kMaxConnectionsPerHost).
  unsigned hosts = 1;
  std::filesystem::path database = "parley-lobby.db";
  std::filesystem::path key_file;  // empty: the database path with ".key" appended
  std::filesystem::path logs_dir;  // closed rooms' game logs; empty: the database path with ".logs" appended
  Limits limits;
  SyncMode sync = SyncMode::full;
  // Extra threads that verify seat signatures in parallel; 0 keeps all work on the network
  // thread.
  unsigned verify_threads = 0;
  bool log = true;  // one line per notable event on stderr
  std::optional<LanListing> lan;  // none: LAN searches go unanswered
  // Where the players' ratings come from (parley-lobby --archive posts them); none: no ratings.
  std::shared_ptr<RatingsMailbox> ratings;
};

std::filesystem::path key_file_for(const ServerConfig& config);
std::filesystem::path logs_dir_for(const ServerConfig& config);

}  // namespace parley::lobby
