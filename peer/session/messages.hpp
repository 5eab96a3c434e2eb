#pragma once
// What seats post, inside the lobby's envelopes (the envelope's `kind` says which message its
// body is). Each body is `u8 version ‖ fields`, canonical, decoded with every length bounded.
//
//   setup          once per seat, first: ephemeral key, beacon commitment, hash-chain anchor,
//                  display name, the game's own setup data (docs/design.md, "The protocol lifecycle", step 2)
//   beacon_reveal  once per seat, after every setup: opens the beacon commitment (step 3)
//   action         a game message, with the hash of the public state the sender had reached
//                  at the envelope's seen_index (peers compare it: a desync is caught at once)
//   timeout_claim  "seat S has not answered in time": valid iff the lobby's stamps say so
//   final          the result the seat agrees to, with the final state hash (step 5)
//   reveal         secrets the game opens at its end for a full audit (Gunjin layouts)
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>

#include "crypto/commitment.hpp"
#include "crypto/ephemeral.hpp"
#include "crypto/hash.hpp"
#include "crypto/hash_chain.hpp"
#include "crypto/beacon.hpp"
#include "game/core/seat.hpp"
#include "lobby/protocol/ids.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::peer {

using game::Bytes;
using game::Seat;

enum class MessageKind : std::uint16_t {
  setup = 1,
  beacon_reveal = 2,
  action = 3,
  timeout_claim = 4,
  final = 5,
  reveal = 6,
};
std::string_view describe(MessageKind kind);

inline constexpr std::size_t kMaxDisplayName = 64;
inline constexpr std::size_t kMaxGameSetup = 256 * 1024;
inline constexpr std::size_t kMaxGameAction = 1024 * 1024 - 64;
inline constexpr std::size_t kMaxReason = 64;

struct SetupMessage {
  crypto::EphemeralPublicKey ephemeral;
  crypto::HashCommitment beacon;
  crypto::ChainValue chain_anchor;  // x_N
  std::uint32_t chain_length = 0;   // N (0: no chain)
  std::string display_name;
  Bytes game_setup;
  friend bool operator==(const SetupMessage&, const SetupMessage&) = default;
};

struct BeaconRevealMessage {
  crypto::BeaconReveal reveal;
  friend bool operator==(const BeaconRevealMessage&, const BeaconRevealMessage&) = default;
};

struct ActionMessage {
  crypto::Digest state_hash{};  // the public state after the entry the envelope's seen_index names
  Bytes game_message;
  friend bool operator==(const ActionMessage&, const ActionMessage&) = default;
};

struct TimeoutClaimMessage {
  Seat seat;  // the seat that has not answered
  friend bool operator==(const TimeoutClaimMessage&, const TimeoutClaimMessage&) = default;
};

struct FinalMessage {
  std::optional<Seat> winner;  // nullopt: a draw or no result
  std::string reason;          // the engine's reason text ("checkmate", "forfeit", …)
  crypto::Digest state_hash{};
  friend bool operator==(const FinalMessage&, const FinalMessage&) = default;
};

struct RevealMessage {
  Bytes game_secrets;
  friend bool operator==(const RevealMessage&, const RevealMessage&) = default;
};

using Message = std::variant<SetupMessage, BeaconRevealMessage, ActionMessage, TimeoutClaimMessage, FinalMessage,
                             RevealMessage>;

MessageKind kind_of(const Message& message);
lobby::EnvelopeKind envelope_kind(MessageKind kind);
Bytes encode(const Message& message);
game::Result<Message, lobby::WireError> decode_message(lobby::EnvelopeKind kind, std::span<const std::uint8_t> body);

}  // namespace parley::peer
