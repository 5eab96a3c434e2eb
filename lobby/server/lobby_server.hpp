#pragma once
// parley-lobby's network side: an ENet host (UDP, one reliable ordered channel) that opens a
// secure channel on every connection (lobby/protocol/handshake.hpp, channel.hpp) and feeds the
// LobbyCore in batches — everything ENet has received is handled in one round, committed to the
// database once, and then sent. The server is a library so that `parley host` can run it
// in-process; ServerThread runs it on a thread of its own.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/server/config.hpp"
#include "lobby/server/log_archive.hpp"

namespace parley::lobby {

// What the lobby asks the kernel for as its socket's receive buffer (capped at
// net.core.rmem_max). ENet asks for 256 KiB; under load from hundreds of connections that
// overflowed, and each datagram the kernel dropped waited for ENet's resend.
inline constexpr int kReceiveBufferBytes = 4 << 20;

// The network loop's tuning, a single lobby's and a cluster node's: events taken into one round
// at most; how long the loop sleeps with nothing to do (ENet needs servicing about this often for
// its resends and pings; it also bounds how long request_stop() takes to act); rounds whose
// messages wait for their commit, past which the loop stops reading the network until the disk
// catches up (the kernel's socket buffer and ENet's resends hold the rest).
inline constexpr std::size_t kMaxBatchEvents = 1024;
inline constexpr int kIdleWaitMs = 20;
inline constexpr std::size_t kMaxRoundsAwaitingCommit = 256;

// Packets dropped by the secure channels since the lobby started, and connections closed for it.
struct ChannelCounts {
  std::uint64_t forged = 0;    // did not authenticate
  std::uint64_t replayed = 0;  // repeated a counter
  std::uint64_t faults = 0;    // connections closed: a run of the above, or a lost packet
};

struct ServerError {
  enum class Kind : std::uint8_t { bad_address, network, key, storage, lan } kind;
  std::string detail;
};
std::string to_string(const ServerError& error);

class LobbyServer {
 public:
  // Loads (or creates) the lobby's key, opens the database and binds the socket. `sink`, if
  // given, also receives every finished room's log (LogArchive, off the network thread).
  static game::Result<std::unique_ptr<LobbyServer>, ServerError> open(const ServerConfig& config, LogSink sink = {});
  ~LobbyServer();
  LobbyServer(const LobbyServer&) = delete;
  LobbyServer& operator=(const LobbyServer&) = delete;

  // The bound address (with the real port when the configuration asked for port 0).
  Endpoint local_endpoint() const;
  const crypto::PublicKey& public_key() const;
  // The UDP port LAN searches are answered on, if they are.
  std::optional<std::uint16_t> lan_port() const;
  // The connections each ENet host serves now (ServerConfig::hosts of them); safe from any thread.
  std::vector<std::uint32_t> connections_per_host() const;
  // Safe from any thread.
  ChannelCounts channel_counts() const;

  // Serves until request_stop(), then shuts down cleanly (presence entries for connected seats,
  // a shutting_down refusal to every connection). An error means the database failed: the
  // lobby stopped rather than diverge from it.
  game::Result<bool, ServerError> run();
  // Safe to call from a signal handler or another thread.
  void request_stop() noexcept;

 private:
  struct Impl;
  explicit LobbyServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// A LobbyServer on its own thread: started by start(), stopped (and joined) by stop() or the
// destructor.
class ServerThread {
 public:
  static game::Result<std::unique_ptr<ServerThread>, ServerError> start(const ServerConfig& config, LogSink sink = {});
  ~ServerThread();
  ServerThread(const ServerThread&) = delete;
  ServerThread& operator=(const ServerThread&) = delete;

  Endpoint endpoint() const { return server_->local_endpoint(); }
  const crypto::PublicKey& public_key() const { return server_->public_key(); }
  std::optional<std::uint16_t> lan_port() const { return server_->lan_port(); }
  std::vector<std::uint32_t> connections_per_host() const { return server_->connections_per_host(); }
  ChannelCounts channel_counts() const { return server_->channel_counts(); }
  // Stops the server and waits for it; the outcome of its run().
  game::Result<bool, ServerError> stop();

 private:
  explicit ServerThread(std::unique_ptr<LobbyServer> server);
  std::unique_ptr<LobbyServer> server_;
  std::thread thread_;
  std::optional<game::Result<bool, ServerError>> outcome_;
};

}  // namespace parley::lobby
