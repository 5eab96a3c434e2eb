#include "archive/lobby_feed.hpp"

#include <algorithm>
#include <cmath>

#include "archive/ratings.hpp"
#include "lobby/protocol/limits.hpp"
#include "lobby/protocol/text.hpp"

namespace parley::archive {

namespace {

std::uint16_t rounded(double v) { return static_cast<std::uint16_t>(std::clamp(std::lround(v), 0L, 65535L)); }

}  // namespace

std::string describe(const FedLog& fed) {
  const std::string game = "game " + std::to_string(fed.id.value);
  if (!fed.inserted) return "already archived as " + game;
  if (!fed.verified) return game + ", stored as INVALID: " + fed.fault;
  return game + ", verified";
}

game::Result<std::unique_ptr<LobbyFeed>, StoreError> LobbyFeed::open(const std::string& location) {
  auto store = ArchiveStore::open(location);
  if (!store) return store.error();
  return std::unique_ptr<LobbyFeed>(new LobbyFeed(location, std::move(*store)));
}

game::Result<ArchiveStore*, StoreError> LobbyFeed::connection() {
  if (!store_) {
    auto reopened = ArchiveStore::open(location_);
    if (!reopened) return StoreError{"cannot open the archive: " + reopened.error().detail};
    store_ = std::move(*reopened);
  }
  return store_.get();
}

game::Result<FedLog, StoreError> LobbyFeed::store(std::span<const std::uint8_t> log) {
  // Verification first: it needs no connection, and a log that is not one is not a database matter.
  auto record = record_from_log(log);
  if (!record) return StoreError{"not a game log: " + record.error().detail};
  std::lock_guard lock(mutex_);
  auto db = connection();
  if (!db) return db.error();
  try {
    AddOutcome added = (*db)->add(*record);
    return FedLog{added.id, added.inserted, record->verified, record->fault};
  } catch (const SqlError& e) {
    store_.reset();
    return StoreError{e.what()};
  }
}

game::Result<lobby::RatingTable, StoreError> LobbyFeed::ratings(const crypto::PublicKey& lobby_key) {
  std::lock_guard lock(mutex_);
  auto db = connection();
  if (!db) return db.error();
  try {
    return lobby_ratings(**db, lobby_key);
  } catch (const SqlError& e) {
    store_.reset();
    return StoreError{e.what()};
  }
}

lobby::RatingTable lobby_ratings(ArchiveStore& store, const crypto::PublicKey& lobby_key) {
  const game::Bytes key(lobby_key.bytes().begin(), lobby_key.bytes().end());
  auto kinds = store.sql().query("SELECT DISTINCT Kind FROM Game WHERE Verified = 1 AND Origin = 'plog' AND LobbyKey = ? "
                                 "ORDER BY Kind",
                                 {SqlValue{key}});
  lobby::RatingTable table;
  for (const SqlRow& row : kinds) {
    const std::string kind = as_text(row[0]);
    if (!lobby::is_valid_game_name(kind)) continue;
    for (const PlayerRating& r : glicko_ratings(store, RatingFilter{kind, key})) {
      auto player = crypto::PublicKey::from_bytes(r.public_key);
      if (!player) continue;
      auto& ratings = table[*player];
      if (ratings.size() < lobby::kMaxRatingsPerPlayer)
        ratings.push_back(lobby::GameRating{kind, rounded(r.rating.rating), rounded(r.rating.deviation)});
    }
  }
  return table;
}

void LobbyRatings::set_lobby_key(const crypto::PublicKey& key) {
  std::lock_guard lock(mutex_);
  lobby_key_ = key;
}

game::Result<std::size_t, StoreError> LobbyRatings::refresh() {
  std::optional<crypto::PublicKey> key;
  {
    std::lock_guard lock(mutex_);
    key = lobby_key_;
  }
  if (!key) return std::size_t{0};
  auto table = feed_->ratings(*key);
  if (!table) return table.error();
  const std::size_t players = table->size();
  mailbox_->post(std::move(*table));
  return players;
}

lobby::LogSink lobby_sink(std::shared_ptr<LobbyFeed> feed, std::shared_ptr<LobbyRatings> ratings) {
  return [feed = std::move(feed), ratings = std::move(ratings)](lobby::RoomId, std::span<const std::uint8_t> log) {
    auto fed = feed->store(log);
    if (!fed) return lobby::LogSinkOutcome{false, fed.error().detail};
    std::string detail = describe(*fed);
    if (ratings && fed->inserted) {
      auto refreshed = ratings->refresh();
      detail += refreshed ? "; ratings of " + std::to_string(*refreshed) + " players" : "; ratings not updated: " + refreshed.error().detail;
    }
    return lobby::LogSinkOutcome{true, std::move(detail)};
  };
}

}  // namespace parley::archive
