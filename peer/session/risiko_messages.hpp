#pragma once
// Risiko's game messages: the bytes of a session action message (peer/session/messages.hpp)
// in a Risiko room. Each is `u8 version (1) ‖ u8 kind ‖ fields`; crypto values are embedded as
// length-prefixed fields in their own encodings (docs/crypto.md), so each is bounded and checked
// by its own decoder. docs/risiko.md ("Protocol") says when each is posted and what it proves.
//
//   kind  message            fields
//   1     deck_key           deck key announcement (Y_j and its Schnorr proof) ‖ dice chain
//                            anchor[32] ‖ u32 chain length (1..65536) ‖ X25519 key[32] (for
//                            the cards handed over when the seat conquers an eliminated seat)
//   2     shuffle            u8 n (1..2) ‖ n × (u32 deck ‖ masked deck ‖ shuffle proof)
//   3     shares             u16 n (1..64) ‖ n × (u32 deck ‖ u16 position ‖ card share)
//   4     placement_commit   hash commitment of the initial placement
//   5     placement_reveal   bytes placement (a PlaceArmies action) ‖ nonce[32]
//   6     attack             u8 0 ‖ Attack order | u8 1 ‖ M_ATTACK order, then chain value
//   7     dice               u32 roll ‖ chain value
//   8     play               a PlaceArmies, MoveIn, MoveArmies or EndTurn action
//   9     trade              3 × u8 slot ‖ 3 × u8 card ‖ 3 × card share (the holders' shares)
//   10    claim              u8 mission ‖ card share (the claimer's share of its mission)
//   11    leave              u8 0 | u8 1 ‖ scalar[32] (the seat's deck key, once announced)
//   12    transfer           u8 n (1..255) ‖ n × sealed share
//   13    dispute            (no fields): the conqueror cannot open a card handed to it
//   14    dispute_reveal     u8 n (1..255) ‖ n × card share: the hand-over's shares, in public
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "crypto/commitment.hpp"
#include "crypto/deck.hpp"
#include "crypto/hash_chain.hpp"
#include "crypto/shuffle.hpp"
#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/risiko/action.hpp"

namespace parley::peer::risiko {

using game::Bytes;
namespace rk = game::risiko;

inline constexpr std::size_t kMaxShufflesPerMessage = 2;
inline constexpr std::size_t kMaxSharesPerMessage = 64;
inline constexpr std::size_t kMaxTransfersPerMessage = 255;
inline constexpr std::size_t kMaxPlacementBytes = 2048;

struct DeckKeyMessage {
  crypto::DeckKeyAnnouncement key;
  crypto::ChainValue chain_anchor;  // the seat's dice chain for this game: x_N
  std::uint32_t chain_length = 0;   // N
  crypto::EphemeralPublicKey box_key;  // sealed card transfers to this seat
  friend bool operator==(const DeckKeyMessage&, const DeckKeyMessage&) = default;
};

struct DeckShuffle {
  std::uint32_t deck = 0;
  std::vector<crypto::MaskedCard> cards;
  crypto::ShuffleProof proof;
};
struct ShuffleMessage {
  std::vector<DeckShuffle> decks;
};

struct ShareEntry {
  std::uint32_t deck = 0;
  std::uint16_t position = 0;
  crypto::CardShare share;
  friend bool operator==(const ShareEntry&, const ShareEntry&) = default;
};
struct SharesMessage {
  std::vector<ShareEntry> shares;
  friend bool operator==(const SharesMessage&, const SharesMessage&) = default;
};

struct PlacementCommitMessage {
  crypto::HashCommitment commitment;
  friend bool operator==(const PlacementCommitMessage&, const PlacementCommitMessage&) = default;
};

struct PlacementRevealMessage {
  Bytes placement;  // the committed value: an encoded PlaceArmies
  std::array<std::uint8_t, crypto::kCommitmentNonceBytes> nonce{};
  friend bool operator==(const PlacementRevealMessage&, const PlacementRevealMessage&) = default;
};

using Order = std::variant<rk::AttackOrder, rk::MultiAttackOrder>;

struct AttackMessage {
  Order order;
  crypto::ChainValue value;  // the attacker's next hash-chain value: it reveals first
  friend bool operator==(const AttackMessage&, const AttackMessage&) = default;
};

struct DiceMessage {
  std::uint32_t roll = 0;
  crypto::ChainValue value;
  friend bool operator==(const DiceMessage&, const DiceMessage&) = default;
};

struct PlayMessage {
  rk::Action action;  // PlaceArmies, MoveIn, MoveArmies or EndTurn
  friend bool operator==(const PlayMessage&, const PlayMessage&) = default;
};

struct TradeMessage {
  std::array<std::uint8_t, 3> slots{};
  std::array<rk::CardId, 3> cards{};
  std::array<crypto::CardShare, 3> shares{};
  friend bool operator==(const TradeMessage&, const TradeMessage&) = default;
};

struct ClaimMessage {
  rk::MissionId mission;
  crypto::CardShare share;
  friend bool operator==(const ClaimMessage&, const ClaimMessage&) = default;
};

struct LeaveMessage {
  std::optional<crypto::Scalar> key;
  friend bool operator==(const LeaveMessage&, const LeaveMessage&) = default;
};

struct TransferMessage {
  std::vector<crypto::ShareTransfer> transfers;
};

struct DisputeMessage {
  friend bool operator==(const DisputeMessage&, const DisputeMessage&) = default;
};

struct DisputeRevealMessage {
  std::vector<crypto::CardShare> shares;
  friend bool operator==(const DisputeRevealMessage&, const DisputeRevealMessage&) = default;
};

using Message = std::variant<DeckKeyMessage, ShuffleMessage, SharesMessage, PlacementCommitMessage,
                             PlacementRevealMessage, AttackMessage, DiceMessage, PlayMessage, TradeMessage,
                             ClaimMessage, LeaveMessage, TransferMessage, DisputeMessage, DisputeRevealMessage>;

enum class MessageError : std::uint8_t {
  truncated,
  too_long,
  bad_value,
  trailing_bytes,
  unsupported_version,
  unknown_kind,
  bad_field,  // an embedded crypto value or engine action does not decode
};
std::string_view describe(MessageError error);

std::string_view kind_name(const Message& message);

Bytes encode(const Message& message);
game::Result<Message, MessageError> decode_message(std::span<const std::uint8_t> bytes);

}  // namespace parley::peer::risiko
