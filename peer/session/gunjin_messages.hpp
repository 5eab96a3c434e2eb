#pragma once
// Gunjin's bytes in the session layer (docs/gunjin.md, "Protocol"): the room's game options,
// each seat's setup data, the game messages of play, and the secrets each seat opens at the
// end. Every record starts with a version byte; every decoder bounds what it reads and
// rejects trailing bytes, and whatever decodes re-encodes to the same bytes.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "crypto/duel.hpp"
#include "crypto/sigma.hpp"
#include "crypto/wire.hpp"
#include "game/gunjin/action.hpp"
#include "game/gunjin/layout.hpp"
#include "game/gunjin/options.hpp"
#include "peer/session/gunjin_army.hpp"

namespace parley::peer {

// ---- Room options (RoomOptions::game_options) -----------------------------------------------
// Empty: the original rules, hidden pieces. Otherwise `u8 version (1) ‖ u8 variants (game/gunjin's
// options byte) ‖ u8 pieces (0 hidden, 1 open)`. Open pieces: both layouts are public from the
// start and no proof is exchanged (a teaching game, and the benchmark's baseline).
struct GunjinRoomOptions {
  game::gunjin::Options variants;
  bool open_pieces = false;
  friend bool operator==(const GunjinRoomOptions&, const GunjinRoomOptions&) = default;
};
game::Bytes encode(const GunjinRoomOptions& options);
game::Result<GunjinRoomOptions, crypto::WireError> decode_gunjin_room_options(std::span<const std::uint8_t> bytes);

// ---- Setup data (SetupMessage::game_setup) --------------------------------------------------
// Hidden pieces: `u8 version ‖ 23 × C` (the commitments of slots 0..22). Open pieces: `u8 version
// ‖ layout (23 kind bytes)`.
game::Bytes encode_hidden_setup(const ArmyCommitments& commitments);
game::Result<ArmyCommitments, crypto::WireError> decode_hidden_setup(std::span<const std::uint8_t> bytes);
game::Bytes encode_open_setup(const game::gunjin::Layout& layout);
game::Result<game::gunjin::Layout, crypto::WireError> decode_open_setup(std::span<const std::uint8_t> bytes);

// ---- Game messages with hidden pieces -------------------------------------------------------

// Each seat first, before any move: the proof that its commitments are a legal layout.
struct ArmyMessage {
  ArmyProof proof;
  friend bool operator==(const ArmyMessage&, const ArmyMessage&) = default;
};

// A move. `officer`: the piece ends in the enemy HQ and is one of the six officers (a win, if
// it gets there). `proof`: the move proof, present exactly when the public state does not
// already show the piece may move so. `offer`: the attacker's duel offer, present exactly when
// `to` holds an enemy piece (the move is then an attack, settled by the duel).
struct MoveMessage {
  game::gunjin::Square from;
  game::gunjin::Square to;
  bool officer = false;
  std::optional<crypto::MembershipProof> proof;
  std::optional<crypto::DuelOffer> offer;
  friend bool operator==(const MoveMessage&, const MoveMessage&) = default;
};

// Duel round 1, the defender: its offer and its OT request into the attacker's table.
struct DuelAnswerMessage {
  crypto::DuelOffer offer;
  crypto::DuelRequest request;
  friend bool operator==(const DuelAnswerMessage&, const DuelAnswerMessage&) = default;
};
// Round 2, the attacker: its request into the defender's table, and its own table.
struct DuelTableMessage {
  crypto::DuelRequest request;
  crypto::OtTable table;
  friend bool operator==(const DuelTableMessage&, const DuelTableMessage&) = default;
};
// Round 2, the defender: its table, and either its claim (the outcome and the attacker's
// token from the entry it opened) or, when that entry is not valid, its opening (a dispute).
struct DuelReplyMessage {
  crypto::OtTable table;
  std::variant<crypto::DuelClaim, crypto::DuelOpening> verdict;
  friend bool operator==(const DuelReplyMessage&, const DuelReplyMessage&) = default;
};
// Round 3, the attacker: its claim.
struct DuelClaimMessage {
  crypto::DuelClaim claim;
  friend bool operator==(const DuelClaimMessage&, const DuelClaimMessage&) = default;
};
// A dispute: the side's duel secrets, judged on their own (crypto::judge_duel_side).
struct DuelOpeningMessage {
  crypto::DuelOpening opening;
  friend bool operator==(const DuelOpeningMessage&, const DuelOpeningMessage&) = default;
};

// "I have no legal move" (on one's turn, or answering the opponent's declaration): for every
// piece whose public possible kinds include one that could move, a proof that its kind is one
// that cannot (immobile_kinds), in slot order.
struct ImmobilityProof {
  std::uint8_t slot = 0;
  crypto::MembershipProof proof;
  friend bool operator==(const ImmobilityProof&, const ImmobilityProof&) = default;
};
struct NoLegalMoveMessage {
  std::vector<ImmobilityProof> pieces;
  friend bool operator==(const NoLegalMoveMessage&, const NoLegalMoveMessage&) = default;
};
// "I have a legal move" (answering the declaration): one move the piece on `slot` can make,
// with its proof when the public state does not already show it.
struct HaveLegalMoveMessage {
  std::uint8_t slot = 0;
  game::gunjin::Square to;
  std::optional<crypto::MembershipProof> proof;
  friend bool operator==(const HaveLegalMoveMessage&, const HaveLegalMoveMessage&) = default;
};
struct ResignMessage {
  friend bool operator==(const ResignMessage&, const ResignMessage&) = default;
};
struct OfferDrawMessage {
  friend bool operator==(const OfferDrawMessage&, const OfferDrawMessage&) = default;
};
struct AcceptDrawMessage {
  friend bool operator==(const AcceptDrawMessage&, const AcceptDrawMessage&) = default;
};

using GunjinMessage =
    std::variant<ArmyMessage, MoveMessage, DuelAnswerMessage, DuelTableMessage, DuelReplyMessage, DuelClaimMessage,
                 DuelOpeningMessage, NoLegalMoveMessage, HaveLegalMoveMessage, ResignMessage, OfferDrawMessage,
                 AcceptDrawMessage>;

// `u8 version (1) ‖ u8 tag (1 + the alternative's index) ‖ fields`; crypto records inside are
// u32-length-prefixed (gunjin_wire.hpp), flags are single bytes that must be 0 or 1.
game::Bytes encode(const GunjinMessage& message);
game::Result<GunjinMessage, crypto::WireError> decode_gunjin_message(std::span<const std::uint8_t> bytes);
std::string_view message_name(const GunjinMessage& message);

// ---- End-of-game secrets (RevealMessage::game_secrets) ----------------------------------------
// Hidden pieces: `u8 version ‖ 23 × (u8 kind ‖ blinding[32])`, the openings of slots 0..22.
// Open pieces have no secrets (an empty reveal).
game::Bytes encode_army_openings(const ArmyOpenings& openings);
game::Result<ArmyOpenings, crypto::WireError> decode_army_openings(std::span<const std::uint8_t> bytes);

}  // namespace parley::peer
