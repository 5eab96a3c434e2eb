#pragma once
// Pedersen commitments on ristretto255: C = v·H + n·G for a small value v (a piece kind, a card
// index) and a uniform secret scalar n. H = from_hash(BLAKE2b-512(parley/pedersen-H/v1)), so
// nobody knows log_G H. Perfectly hiding (C is uniform whatever v is); binding under the
// discrete-log assumption (two openings of one C would give log_G H).
#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/group.hpp"
#include "crypto/wire.hpp"
#include "game/core/bytes.hpp"

namespace parley::crypto {

// Values 0..kPedersenTableSize−1 use a precomputed table of v·H; larger ones cost one scalar
// multiplication.
inline constexpr std::uint32_t kPedersenTableSize = 64;

const Point& pedersen_h();
Point value_times_h(std::uint32_t value);

struct PedersenCommitment {
  Point point;
  friend bool operator==(const PedersenCommitment&, const PedersenCommitment&) = default;
};

// The committed value and blinding scalar: secret until revealed (at a dispute or the game's
// end). The blinding scalar wipes itself.
struct PedersenOpening {
  std::uint32_t value = 0;
  Scalar blinding;
  friend bool operator==(const PedersenOpening&, const PedersenOpening&) = default;
};

struct PedersenCommitted {
  PedersenCommitment commitment;
  PedersenOpening opening;
};

PedersenCommitted commit_pedersen(std::uint32_t value);
PedersenCommitment commitment_of(const PedersenOpening& opening);
[[nodiscard]] bool verify_opening(const PedersenCommitment& commitment, const PedersenOpening& opening);

void encode(const PedersenCommitment& commitment, game::ByteWriter& out);
game::Result<PedersenCommitment, WireError> decode_pedersen_commitment(std::span<const std::uint8_t> in);
void encode(const PedersenOpening& opening, game::ByteWriter& out);
game::Result<PedersenOpening, WireError> decode_pedersen_opening(std::span<const std::uint8_t> in);

}  // namespace parley::crypto
