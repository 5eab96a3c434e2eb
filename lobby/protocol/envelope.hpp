#pragma once
// The envelope: what a seat posts (docs/design.md). The seat signs its canonical bytes
//   u8 128 ‖ u8 1 ‖ session_id[32] ‖ u8 seat ‖ u64 seen_index ‖ seen_hash[32] ‖ u16 kind ‖
//   u32 n ‖ body[n]
// under the label parley/envelope/v1 with the session id as context; the wire form is those
// bytes followed by the 64-byte signature. seen_index/seen_hash name the last transcript entry
// the sender had applied, so a lobby that shows different orders to different seats is caught.
#include <cstdint>
#include <span>

#include "crypto/identity.hpp"
#include "game/core/bytes.hpp"
#include "game/core/seat.hpp"
#include "lobby/protocol/ids.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::lobby {

inline constexpr crypto::DomainLabel kEnvelopeLabel{"envelope"};

struct Envelope {
  SessionId session_id;
  game::Seat seat;
  EntryIndex seen_index;
  EntryHash seen_hash{};
  EnvelopeKind kind;
  Bytes body;
  friend bool operator==(const Envelope&, const Envelope&) = default;
};

struct SignedEnvelope {
  Envelope envelope;
  crypto::Signature signature;
  friend bool operator==(const SignedEnvelope&, const SignedEnvelope&) = default;
};

// The canonical bytes the seat signs.
Bytes envelope_bytes(const Envelope& envelope);

SignedEnvelope sign_envelope(const crypto::Identity& seat_identity, Envelope envelope);
[[nodiscard]] bool verify_envelope(const crypto::PublicKey& seat_key, const SignedEnvelope& signed_envelope);

// Wire form: envelope bytes ‖ signature[64].
void write_signed_envelope(game::ByteWriter& out, const SignedEnvelope& signed_envelope);
Bytes encode_signed_envelope(const SignedEnvelope& signed_envelope);
// Reads one signed envelope from inside a larger record; check reader.failed() afterwards.
SignedEnvelope read_signed_envelope(WireReader& reader);
game::Result<SignedEnvelope, WireError> decode_signed_envelope(std::span<const std::uint8_t> bytes);

}  // namespace parley::lobby
