#pragma once
// LobbyFeed: a running lobby's finished games into the archive, one log at a time
// (parley-lobby --archive DB, docs/archive.md). Each log is verified and stored exactly as
// `parley archive import` stores a .plog (an invalid one with its verdict; one already there is
// not stored again). The lobby calls it from its archive thread, never its network thread.
//
// The connection is opened once up front, so a wrong location fails at the start; after a
// database error it is dropped and opened again at the next log, so a PostgreSQL restart costs
// the logs that closed while it was down (the lobby offers those again at its next start), not
// every later one.
#include <memory>
#include <span>
#include <string>

#include "archive/store.hpp"
#include "lobby/server/log_archive.hpp"

namespace parley::archive {

struct FedLog {
  GameId id;
  bool inserted = false;  // false: already archived under `id`
  bool verified = true;
  std::string fault;      // the verifier's, for an invalid log
};
std::string describe(const FedLog& fed);

class LobbyFeed {
 public:
  static game::Result<std::unique_ptr<LobbyFeed>, StoreError> open(const std::string& location);

  // Verifies and stores one .plog. An error: the bytes are not a log, or the database failed.
  game::Result<FedLog, StoreError> store(std::span<const std::uint8_t> log);

 private:
  LobbyFeed(std::string location, std::unique_ptr<ArchiveStore> store)
      : location_(std::move(location)), store_(std::move(store)) {}

  std::string location_;
  std::unique_ptr<ArchiveStore> store_;  // null after a database error, until the next log reopens it
};

// The lobby's LogSink that stores each finished room's log through `feed` (parley-lobby
// --archive, parley host --archive); it runs on the lobby's archive thread.
lobby::LogSink lobby_sink(std::shared_ptr<LobbyFeed> feed);

}  // namespace parley::archive
