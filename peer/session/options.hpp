#pragma once
// Room options: what the room's creator chose, carried in the lobby's genesis entry (so every
// seat and the verifier read the same, signed by the lobby) and read here. Times are lobby
// milliseconds; the lobby's time stamps decide every limit (docs/design.md, "Liveness and time-outs").
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/limits.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::peer {

using game::Bytes;

inline constexpr std::size_t kMaxOptionText = 128;
// Large enough for a user's Risiko map carried whole (peer/session/risiko_options.hpp).
inline constexpr std::size_t kMaxGameOptions = 14 * 1024;
// Every field at its largest, with its length prefix, still fits the lobby's bound on options.
static_assert(1 + 3 * (4 + kMaxOptionText) + 4 * 8 + 4 + kMaxGameOptions + 4 + 256 <= lobby::kMaxOptionsBytes);

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
  // An event's board (event/pairings.hpp, BoardRoom: the event id, round, board and clock),
  // encoded, opaque here; empty for a game outside any event. Options that carry one are at
  // format version 2, so options without one have the bytes they always had.
  Bytes event_board;
  friend bool operator==(const RoomOptions&, const RoomOptions&) = default;
};
inline constexpr std::size_t kMaxEventBoardBytes = 256;

// An event, site or round as a person typed it, as a room carries it: sanitised as display names
// are (no control, bidirectional-override or invisible characters, space runs folded, ends
// trimmed; docs/sessions.md), empty when nothing is left. None when it is not UTF-8 or longer
// than kMaxOptionText bytes. decode_room_options takes only texts this leaves unchanged, so what
// archives, PGN and terminals show of a room is never a peer's escape sequence.
std::optional<std::string> room_text(std::string_view typed);

Bytes encode(const RoomOptions& options);
// Empty bytes (a quick-match room's) are the defaults.
game::Result<RoomOptions, lobby::WireError> decode_room_options(std::span<const std::uint8_t> bytes);

}  // namespace parley::peer
