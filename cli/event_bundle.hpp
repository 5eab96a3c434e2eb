#pragma once
// An event's bundle re-checked from its folder alone, offline (docs/events.md, "The bundle"):
// the manifest's signature and every file's digest; the event's signature and checks; each
// round's pairings re-derived from the roster and the earlier rounds and compared, its results
// checked; every game's log verified against the event's pinned lobby keys and held against its
// board; the standings and the TRF-16 recomputed and compared. Each failure is a problem with a
// stable code and where it is; nothing in the folder can make the check crash or run unbounded.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"

namespace parley::cli {

struct BundleProblem {
  std::string code;    // stable: manifest_mismatch, wrong_lobby, missing_game, … (docs/cli.md)
  std::string where;   // the file, or "round R board B"
  std::string detail;  // in words
};

struct GameVerdict {
  std::uint16_t board = 0;
  std::string result;                     // "1-0", "0-1", "1/2-1/2", "forfeit (…)", "seat 2 wins"
  std::vector<std::string> seats;         // name (fingerprint), in seat order
  std::optional<std::string> lobby;       // the log's lobby fingerprint, if there is a log
  std::vector<BundleProblem> problems;    // none: the game holds
};

struct RoundVerdict {
  std::uint16_t round = 0;
  std::vector<BundleProblem> problems;  // the round's documents
  std::vector<GameVerdict> games;
};

struct BundleReport {
  std::string event_name;
  std::string event_id;   // hex, when the event file was read
  std::string organizer;  // fingerprint
  std::vector<std::string> lobbies;  // fingerprints of the pinned lobby keys
  std::size_t files = 0;             // in the manifest
  std::vector<BundleProblem> problems;  // the manifest, the event, the standings
  std::vector<RoundVerdict> rounds;
  bool valid() const;
};

// Checks the bundle in `dir`; `organizer`, if given, must be the event's organizer.
BundleReport check_bundle(const std::filesystem::path& dir, const std::optional<crypto::PublicKey>& organizer);

std::string format_text(const BundleReport& report, const std::string& dir);
std::string format_json(const BundleReport& report, const std::string& dir);

}  // namespace parley::cli
