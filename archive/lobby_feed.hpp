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
//
// LobbyRatings keeps the lobby's table of ratings current (docs/lobby.md, "The common room"):
// computed from the archive's verified games stamped by the lobby's key, once that key is known
// and after each log stored, and posted to the lobby's mailbox for its network loop.
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>

#include "archive/store.hpp"
#include "lobby/server/log_archive.hpp"
#include "lobby/server/ratings_mailbox.hpp"

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
  // The Glicko-2 ratings of the players of the verified games `lobby_key` stamped, per game kind
  // (archive::glicko_ratings, rounded to integers), as the lobby lists them. Safe from any
  // thread: it and store() take turns on the one connection.
  game::Result<lobby::RatingTable, StoreError> ratings(const crypto::PublicKey& lobby_key);

 private:
  LobbyFeed(std::string location, std::unique_ptr<ArchiveStore> store)
      : location_(std::move(location)), store_(std::move(store)) {}
  game::Result<ArchiveStore*, StoreError> connection();

  std::mutex mutex_;
  std::string location_;
  std::unique_ptr<ArchiveStore> store_;  // null after a database error, until the next log reopens it
};

// The ratings table of the games in `store` that `lobby_key` stamped: for each game kind that is
// a lobby game name, glicko_ratings filtered by that kind and key; a player's ratings by game,
// at most lobby::kMaxRatingsPerPlayer, each rounded (and held within 0..65535).
lobby::RatingTable lobby_ratings(ArchiveStore& store, const crypto::PublicKey& lobby_key);

class LobbyRatings {
 public:
  LobbyRatings(std::shared_ptr<LobbyFeed> feed, std::shared_ptr<lobby::RatingsMailbox> mailbox)
      : feed_(std::move(feed)), mailbox_(std::move(mailbox)) {}
  // The lobby's key (known once the lobby has opened); refresh() does nothing before it.
  void set_lobby_key(const crypto::PublicKey& key);
  // Computes the table and posts it; how many players have ratings, or why not.
  game::Result<std::size_t, StoreError> refresh();

 private:
  std::shared_ptr<LobbyFeed> feed_;
  std::shared_ptr<lobby::RatingsMailbox> mailbox_;
  std::mutex mutex_;
  std::optional<crypto::PublicKey> lobby_key_;
};

// The lobby's LogSink that stores each finished room's log through `feed` (parley-lobby
// --archive, parley host --archive); it runs on the lobby's archive thread. With `ratings`, each
// log stored is followed by a refresh of the lobby's ratings there.
lobby::LogSink lobby_sink(std::shared_ptr<LobbyFeed> feed, std::shared_ptr<LobbyRatings> ratings = {});

}  // namespace parley::archive
