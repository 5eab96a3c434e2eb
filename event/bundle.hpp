#pragma once
// The file names of a published event bundle (docs/events.md, "The bundle"): one folder holding
// the signed event, each round's signed pairings and results, every game's log, the standings,
// the TRF-16 export, and the organizer's signed manifest of all of them (not of itself).
#include <cstdint>
#include <string>
#include <string_view>

namespace parley::event {

inline constexpr std::string_view kEventFile = "event.pevent";
inline constexpr std::string_view kManifestFile = "manifest.pmanifest";
inline constexpr std::string_view kStandingsText = "standings.txt";
inline constexpr std::string_view kStandingsCsv = "standings.csv";
inline constexpr std::string_view kStandingsHtml = "standings.html";
inline constexpr std::string_view kTrfFile = "event.trf";

inline std::string pairings_file(std::uint16_t round) { return "round-" + std::to_string(round) + ".ppairings"; }
inline std::string results_file(std::uint16_t round) { return "round-" + std::to_string(round) + ".presults"; }
// A board's game log, as the lobby's archive or a player's client wrote it (.plog).
inline std::string log_file(std::uint16_t round, std::uint16_t board) {
  return "round-" + std::to_string(round) + "-board-" + std::to_string(board) + ".plog";
}

}  // namespace parley::event
