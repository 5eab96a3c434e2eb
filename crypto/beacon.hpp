#pragma once
// The beacon (docs/design.md, "Beacon"): every seat commits to a random 32-byte value at setup,
// and reveals it once all commitments are in; the public seed is
//   BLAKE2b-256(parley/beacon-seed/v1 ‖ session ‖ v_1 ‖ … ‖ v_n)   (seat order).
// The seed is uniform as long as one seat is honest: no seat sees another's value before its
// own is fixed. The last seat to reveal can only abort (and is blamed), not choose.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "crypto/commitment.hpp"
#include "crypto/context.hpp"
#include "crypto/hash.hpp"
#include "crypto/wire.hpp"
#include "game/core/seat.hpp"

namespace parley::crypto {

inline constexpr std::size_t kBeaconValueBytes = 32;

struct BeaconSeed {
  Digest bytes{};
  friend bool operator==(const BeaconSeed&, const BeaconSeed&) = default;
};

// What a seat posts in the reveal round: its value and the commitment nonce.
struct BeaconReveal {
  std::array<std::uint8_t, kBeaconValueBytes> value{};
  std::array<std::uint8_t, kCommitmentNonceBytes> nonce{};
  friend bool operator==(const BeaconReveal&, const BeaconReveal&) = default;
};

// A seat's own contribution: secret until revealed. Persist reveal() (fsync'd) before posting
// the commitment, and restore() it after a crash.
class BeaconContribution {
 public:
  static BeaconContribution create(const SessionId& session, game::Seat seat);
  static BeaconContribution restore(const SessionId& session, game::Seat seat, const BeaconReveal& saved);

  const HashCommitment& commitment() const { return commitment_; }
  BeaconReveal reveal() const;

 private:
  BeaconContribution(const SessionId& session, game::Seat seat, std::span<const std::uint8_t> value,
                     const SecretBytes<kCommitmentNonceBytes>& nonce);
  SecretBytes<kBeaconValueBytes> value_;
  SecretBytes<kCommitmentNonceBytes> nonce_;
  HashCommitment commitment_;
};

enum class BeaconFailure : std::uint8_t {
  seat_count,           // commitments and reveals do not cover the same 1..kMaxSeats seats
  commitment_mismatch,  // a seat's reveal does not open its commitment
};
std::string_view describe(BeaconFailure failure);

struct BeaconError {
  BeaconFailure failure;
  game::Seat seat;  // the seat to blame (seat 0 for seat_count)
};

// Checks every reveal against its seat's commitment (both in seat order) and derives the seed.
game::Result<BeaconSeed, BeaconError> beacon_seed(const SessionId& session,
                                                  std::span<const HashCommitment> commitments,
                                                  std::span<const BeaconReveal> reveals);

void encode(const BeaconReveal& reveal, game::ByteWriter& out);
game::Result<BeaconReveal, WireError> decode_beacon_reveal(std::span<const std::uint8_t> in);

}  // namespace parley::crypto
