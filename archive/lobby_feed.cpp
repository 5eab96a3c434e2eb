#include "archive/lobby_feed.hpp"

namespace parley::archive {

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

game::Result<FedLog, StoreError> LobbyFeed::store(std::span<const std::uint8_t> log) {
  // Verification first: it needs no connection, and a log that is not one is not a database matter.
  auto record = record_from_log(log);
  if (!record) return StoreError{"not a game log: " + record.error().detail};
  if (!store_) {
    auto reopened = ArchiveStore::open(location_);
    if (!reopened) return StoreError{"cannot open the archive: " + reopened.error().detail};
    store_ = std::move(*reopened);
  }
  try {
    AddOutcome added = store_->add(*record);
    return FedLog{added.id, added.inserted, record->verified, record->fault};
  } catch (const SqlError& e) {
    store_.reset();
    return StoreError{e.what()};
  }
}

lobby::LogSink lobby_sink(std::shared_ptr<LobbyFeed> feed) {
  return [feed = std::move(feed)](lobby::RoomId, std::span<const std::uint8_t> log) {
    auto fed = feed->store(log);
    if (!fed) return lobby::LogSinkOutcome{false, fed.error().detail};
    return lobby::LogSinkOutcome{true, describe(*fed)};
  };
}

}  // namespace parley::archive
