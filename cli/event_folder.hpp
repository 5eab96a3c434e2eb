#pragma once
// An event's working folder (docs/events.md, "The organizer's walk-through"): the signed event
// file, and beside it each round's signed pairings and results and each board's game log, under
// the bundle's names (event/bundle.hpp), so that publishing copies them as they are. One event a
// folder. Every file is read within a bound and every document checked as it is read.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "event/event.hpp"
#include "event/history.hpp"
#include "event/pairings.hpp"
#include "event/results.hpp"
#include "game/core/result.hpp"

namespace parley::cli {

// The most a document (event, pairings, results, manifest, standings) may take: an event of
// 4,096 players with names of 64 code points is under 2 MiB.
inline constexpr std::size_t kMaxDocumentBytes = 8u << 20;
// The most a game log in an event may take.
inline constexpr std::size_t kMaxEventLogBytes = 64u << 20;

// A regular file's bytes, read whole if it has at most `max` bytes; else why not.
game::Result<game::Bytes, std::string> read_file_bounded(const std::filesystem::path& path, std::size_t max);
// Written durably (peer::write_file_durably), readable by all.
game::Result<bool, std::string> write_document(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);

struct EventFolder {
  std::filesystem::path file;  // the event file
  std::filesystem::path dir;   // its folder
  event::SignedEvent signed_event;
  std::vector<event::SignedPairings> pairings;  // rounds 1..n
  std::vector<event::SignedResults> results;    // rounds 1..m, m ≤ n

  const event::Event& event() const { return signed_event.event; }
  std::filesystem::path path(const std::string& name) const { return dir / name; }
  // The rounds' documents without their signatures.
  std::vector<event::Pairings> plain_pairings() const;
  std::vector<event::Results> plain_results() const;
  game::Result<event::History, event::HistoryError> history() const;
};

// Reads the event file and the rounds beside it, each document's signature checked against the
// event's organizer; or why it cannot be used.
game::Result<EventFolder, std::string> open_event_folder(const std::string& file);

// The organizer's key (or a player's): --identity FILE, or the user's default identity.
game::Result<crypto::Identity, std::string> load_signing_identity(const std::string& file);

// Unix milliseconds now (the organizer's clock).
std::uint64_t now_ms();

}  // namespace parley::cli
