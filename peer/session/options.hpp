#pragma once
// Room options: what the room's creator chose, carried in the lobby's genesis entry (so every
// seat and the verifier read the same, signed by the lobby) and read here. Times are lobby
// milliseconds; the lobby's time stamps decide every limit (DESIGN section 5).
#include <cstdint>
#include <span>
#include <string>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::peer {

using game::Bytes;

inline constexpr std::size_t kMaxOptionText = 128;
inline constexpr std::size_t kMaxGameOptions = 4096;

struct RoomOptions {
  // For the record (PGN's Event, Site and Round tags).
  std::string event;
  std::string site;
  std::string round;
  // Clock per seat: base time and increment per move; base 0 means no clock.
  std::uint64_t clock_base_ms = 0;
  std::uint64_t clock_increment_ms = 0;
  // Longest wait for any single move (0: none, only the clock).
  std::uint64_t move_limit_ms = 0;
  // Longest wait for a protocol step that needs no thought: setup, beacon reveal, result
  // signature, a duel's replies. Never 0: a silent seat must not stall the game.
  std::uint64_t response_limit_ms = 60'000;
  // The game's own options (Gunjin variants, Risiko map and dice), opaque here.
  Bytes game_options;
  friend bool operator==(const RoomOptions&, const RoomOptions&) = default;
};

Bytes encode(const RoomOptions& options);
// Empty bytes (a quick-match room's) are the defaults.
game::Result<RoomOptions, lobby::WireError> decode_room_options(std::span<const std::uint8_t> bytes);

}  // namespace parley::peer
