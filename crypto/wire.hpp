#pragma once
// Canonical encodings of crypto messages. Every message starts with a kind tag and a format
// version (docs/design.md); fields follow game::ByteWriter's rules (fixed-width little-endian
// integers, u32 counts). Decoding goes through WireReader, which bounds every count before
// anything is allocated and keeps the first error: a decoder reads its fields, then asks
// finish() for the value or the typed reason it is malformed.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/core/wire_reader.hpp"

namespace parley::crypto {

inline constexpr std::uint8_t kWireVersion = 1;

// One tag per message kind, so bytes of one kind never decode as another.
enum class WireTag : std::uint8_t {
  hash_commitment = 1,
  commitment_opening = 2,
  beacon_reveal = 3,
  chain_value = 4,
  pedersen_commitment = 10,
  pedersen_opening = 11,
  schnorr_proof = 12,
  dleq_proof = 13,
  membership_proof = 14,
  choice_proof = 15,
  flag_choice_proof = 16,
  deck_key = 20,
  masked_deck = 21,
  cut_and_choose_proof = 22,
  permutation_proof = 23,
  card_share = 24,
  sealed_share = 25,
  duel_offer = 30,
  duel_request = 31,
  duel_table = 32,
  duel_claim = 33,
  duel_opening = 34,
};

enum class WireError : std::uint8_t {
  truncated,             // the input ends inside a field
  too_long,              // a count or length exceeds its bound
  bad_value,             // a field holds a value outside its domain
  trailing_bytes,        // bytes left after a complete message
  wrong_kind,            // the tag names another message kind
  unsupported_version,   // a format version this build does not know
  invalid_point,         // not a canonical ristretto255 encoding
  identity_point,        // the identity element where a proper point is required
  non_canonical_scalar,  // a scalar encoding ≥ the group order ℓ
};
std::string_view describe(WireError error);

void write_header(game::ByteWriter& out, WireTag tag);

using WireReader = game::WireReader<WireTag, WireError, kWireVersion>;

}  // namespace parley::crypto
