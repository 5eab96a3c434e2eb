#pragma once
// Transcript entries (docs/design.md). The lobby stamps everything that happens in a
// started room into one chain per room:
//   entry bytes = u8 129 ‖ u8 1 ‖ u64 index ‖ u64 lobby_time_ms ‖ prev_entry_hash[32] ‖
//                 u8 payload kind ‖ payload
//   payload 0 genesis:  u32 n ‖ game ‖ u32 n ‖ options ‖ u8 seat count ‖ seat keys[32]·count ‖
//                       session_id[32]                              (always entry 0)
//   payload 1 envelope: a signed envelope in its wire form (envelope.hpp)
//   payload 2 presence: u8 seat ‖ u8 event (1 disconnected, 2 reconnected, 3 left)
//   payload 3 certified genesis: the genesis fields ‖ node certificate   (a cluster's entry 0)
//   payload 4 handover: node certificate ‖ u64 epoch   (a cluster node takes the room over)
// The lobby signs the entry bytes (label parley/lobby-entry/v1, context the session id); the
// wire form is entry bytes ‖ signature[64]. In a cluster (node_certificate.hpp) the signer is
// the node whose certificate the last certified genesis or handover carried. The chain hash is
//   h_i = BLAKE2b-256(parley/entry-hash/v1 ‖ h_{i-1} ‖ entry bytes), h_{-1} = 32 zero bytes,
// with both fields length-prefixed (crypto::HashInput); prev_entry_hash of entry i is h_{i-1}.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/seat.hpp"
#include "lobby/protocol/envelope.hpp"
#include "lobby/protocol/ids.hpp"
#include "lobby/protocol/node_certificate.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::lobby {

inline constexpr crypto::DomainLabel kEntrySignatureLabel{"lobby-entry"};
inline constexpr crypto::DomainLabel kEntryHashLabel{"entry-hash"};
inline constexpr EntryHash kNoPreviousHash{};  // h_{-1}

// Entry 0 of every game: what is played, with which options, by which keys in seat order. A
// cluster node adds the certificate of the key it stamps with (payload 3).
struct Genesis {
  std::string game;
  Bytes options;
  std::vector<crypto::PublicKey> seat_keys;
  SessionId session_id;
  std::optional<NodeCertificate> certificate = std::nullopt;
  friend bool operator==(const Genesis&, const Genesis&) = default;
};

enum class PresenceEvent : std::uint8_t {
  disconnected = 1,  // the seat's connection dropped (or the lobby restarted under it)
  reconnected = 2,   // the seat's key is back in the room
  left = 3,          // the seat left the room on purpose; it may still come back
};
std::string_view describe(PresenceEvent event);

// Written by the lobby, never by a seat: the session layer's timeouts rely on them.
struct Presence {
  game::Seat seat;
  PresenceEvent event = PresenceEvent::disconnected;
  friend bool operator==(const Presence&, const Presence&) = default;
};

// A cluster node took the room over (its sequencer failed, or the node restarted): from this
// entry on, entries are stamped by the certificate's node, which holds the room's lease under
// `epoch` (docs/lobby.md, "Cluster"). Written by the lobby, never by a seat.
struct Handover {
  NodeCertificate certificate;
  std::uint64_t epoch = 0;
  friend bool operator==(const Handover&, const Handover&) = default;
};

enum class PayloadKind : std::uint8_t { genesis = 0, envelope = 1, presence = 2, certified_genesis = 3, handover = 4 };

using EntryPayload = std::variant<Genesis, SignedEnvelope, Presence, Handover>;

struct Entry {
  EntryIndex index;
  std::uint64_t lobby_time_ms = 0;  // milliseconds since the Unix epoch; never decreases in a room
  EntryHash prev_entry_hash{};
  EntryPayload payload;
  friend bool operator==(const Entry&, const Entry&) = default;
};

struct SignedEntry {
  Entry entry;
  crypto::Signature signature;
  friend bool operator==(const SignedEntry&, const SignedEntry&) = default;
};

PayloadKind payload_kind(const EntryPayload& payload);

// The canonical entry bytes: what the lobby signs and the chain hashes.
Bytes entry_bytes(const Entry& entry);
EntryHash chain_hash(const EntryHash& previous, std::span<const std::uint8_t> entry_bytes);

crypto::Signature sign_entry(const crypto::Identity& lobby, const SessionId& session,
                             std::span<const std::uint8_t> entry_bytes);
[[nodiscard]] bool verify_entry_signature(const crypto::PublicKey& lobby_key, const SessionId& session,
                                          std::span<const std::uint8_t> entry_bytes,
                                          const crypto::Signature& signature);

// Wire form: entry bytes ‖ signature[64].
Bytes encode_signed_entry(std::span<const std::uint8_t> entry_bytes, const crypto::Signature& signature);
Bytes encode_signed_entry(const SignedEntry& signed_entry);
// A public key field: nothing, and the reader failed, when the bytes are not a valid key.
std::optional<crypto::PublicKey> read_key(WireReader& reader);
// A valid key for decoders to fill a value with when a field failed (the value is discarded).
const crypto::PublicKey& any_valid_key();
// Reads one signed entry from inside a larger record; check reader.failed() afterwards.
SignedEntry read_signed_entry(WireReader& reader);
game::Result<SignedEntry, WireError> decode_signed_entry(std::span<const std::uint8_t> bytes);

}  // namespace parley::lobby
