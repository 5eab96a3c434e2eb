#pragma once
// Actions, and their canonical bytes.
//
// A move carries what the protocol establishes and the mover's public claims: the squares,
// for an attack the battle's outcome (decided by the duel), and whether the mover claims the
// game by entering the enemy HQ with a piece that may occupy it (proved by the move proof).
// Everything else is a declaration: having no legal move (answered by the opponent with
// whether it has one), resigning, offering or accepting a draw.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <variant>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/core/seat.hpp"
#include "game/gunjin/battle.hpp"
#include "game/gunjin/board.hpp"

namespace parley::game::gunjin {

struct Play {
  Square from;
  Square to;
  std::optional<BattleOutcome> battle;  // present exactly when `to` holds an enemy piece
  bool hq_claim = false;                // the mover's piece enters the enemy HQ and wins
  friend bool operator==(const Play&, const Play&) = default;
};
// "I have no legal move" — on one's turn; or, answering the opponent's, "neither have I".
struct NoLegalMove {
  friend bool operator==(const NoLegalMove&, const NoLegalMove&) = default;
};
// "I have a legal move" — only as the answer to the opponent's NoLegalMove; it wins.
struct HaveLegalMove {
  friend bool operator==(const HaveLegalMove&, const HaveLegalMove&) = default;
};
struct Resign {
  friend bool operator==(const Resign&, const Resign&) = default;
};
struct OfferDraw {
  friend bool operator==(const OfferDraw&, const OfferDraw&) = default;
};
struct AcceptDraw {
  friend bool operator==(const AcceptDraw&, const AcceptDraw&) = default;
};

struct Action {
  Seat actor;
  std::variant<Play, NoLegalMove, HaveLegalMove, Resign, OfferDraw, AcceptDraw> body;
  friend bool operator==(const Action&, const Action&) = default;
};

// Which field of an encoded action was wrong.
enum class ActionField : std::uint8_t { version, actor, tag, from, to, battle, hq_claim, end };

struct ActionDecodeError {
  DecodeError error;
  ActionField field;
  friend bool operator==(const ActionDecodeError&, const ActionDecodeError&) = default;
};

// Format version 1:
//   u8 version (1) | u8 actor (0, 1) | u8 tag (0 play, 1 no legal move, 2 have legal move,
//   3 resign, 4 offer draw, 5 accept draw) | for a play: u8 from (0..45), u8 to (0..45),
//   u8 battle (0 none, 1 + outcome code), u8 hq_claim (0, 1).
// At most kMaxActionBytes; decoding rejects any other byte and any trailing byte.
inline constexpr std::size_t kMaxActionBytes = 7;
void encode(const Action& action, ByteWriter& out);
Bytes encode(const Action& action);
Result<Action, ActionDecodeError> decode_action(std::span<const std::uint8_t> bytes);

std::string_view describe(ActionField field);

}  // namespace parley::game::gunjin
