#pragma once
// Bounds of an event's documents. Every decoder checks them before it allocates; docs/events.md
// explains each number.
#include <cstddef>
#include <cstdint>

namespace parley::event {

inline constexpr std::size_t kMaxPlayers = 4096;        // TRF-16's starting rank has four digits
inline constexpr std::uint16_t kMaxRounds = 255;
inline constexpr std::size_t kMaxNameChars = 64;        // a player's or event's name, in code points
inline constexpr std::size_t kMaxNameBytes = 4 * kMaxNameChars;
inline constexpr std::size_t kMaxAddressBytes = 255;    // the lobby's host:port, as typed
inline constexpr std::size_t kMaxLobbyKeys = 8;
inline constexpr std::uint16_t kMaxRating = 4000;
inline constexpr std::uint8_t kMinTableSize = 3;        // Risiko tables
inline constexpr std::uint8_t kMaxTableSize = 6;
inline constexpr std::size_t kMaxSeatsPerBoard = kMaxTableSize;
inline constexpr std::size_t kMaxBoards = kMaxPlayers / 2;
// A bundle holds the event, each round's pairings and results, the standings and every log.
inline constexpr std::size_t kMaxManifestFiles = 2 * kMaxRounds + 8 + kMaxRounds * kMaxBoards / 4;
inline constexpr std::size_t kMaxFileNameBytes = 128;

}  // namespace parley::event
