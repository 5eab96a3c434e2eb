#include "crypto/beacon.hpp"

namespace parley::crypto {

namespace {

constexpr DomainLabel kBeaconCommitLabel{"beacon-commit"};
constexpr DomainLabel kBeaconSeedLabel{"beacon-seed"};

// The commitment's context: which session and which seat it belongs to.
game::Bytes beacon_context(const SessionId& session, game::Seat seat) {
  game::ByteWriter w;
  w.bytes(session.bytes);
  w.u8(seat.index);
  return std::move(w).take();
}

HashCommitment beacon_commitment(const SessionId& session, game::Seat seat, const BeaconReveal& reveal) {
  auto context = beacon_context(session, seat);
  CommitmentOpening opening(reveal.value, SecretBytes<kCommitmentNonceBytes>::copy_of(reveal.nonce));
  return commitment_of({kBeaconCommitLabel, context}, opening);
}

}  // namespace

std::string_view describe(BeaconFailure failure) {
  switch (failure) {
    case BeaconFailure::seat_count: return "commitments and reveals do not cover the same seats";
    case BeaconFailure::commitment_mismatch: return "a beacon reveal does not open its commitment";
  }
  return "unknown beacon failure";
}

BeaconContribution::BeaconContribution(const SessionId& session, game::Seat seat,
                                       std::span<const std::uint8_t> value,
                                       const SecretBytes<kCommitmentNonceBytes>& nonce)
    : nonce_(nonce) {
  std::copy(value.begin(), value.end(), value_.expose_mutable().begin());
  auto context = beacon_context(session, seat);
  commitment_ = commitment_of({kBeaconCommitLabel, context}, CommitmentOpening(value_.expose(), nonce_));
}

BeaconContribution BeaconContribution::create(const SessionId& session, game::Seat seat) {
  auto value = SecretBytes<kBeaconValueBytes>::random();
  return BeaconContribution(session, seat, value.expose(), SecretBytes<kCommitmentNonceBytes>::random());
}

BeaconContribution BeaconContribution::restore(const SessionId& session, game::Seat seat,
                                               const BeaconReveal& saved) {
  return BeaconContribution(session, seat, saved.value, SecretBytes<kCommitmentNonceBytes>::copy_of(saved.nonce));
}

BeaconReveal BeaconContribution::reveal() const {
  BeaconReveal r;
  std::copy(value_.expose().begin(), value_.expose().end(), r.value.begin());
  std::copy(nonce_.expose().begin(), nonce_.expose().end(), r.nonce.begin());
  return r;
}

game::Result<BeaconSeed, BeaconError> beacon_seed(const SessionId& session,
                                                  std::span<const HashCommitment> commitments,
                                                  std::span<const BeaconReveal> reveals) {
  if (commitments.empty() || commitments.size() > game::kMaxSeats || commitments.size() != reveals.size()) {
    return BeaconError{BeaconFailure::seat_count, game::Seat{0}};
  }
  HashInput seed_input(kBeaconSeedLabel);
  seed_input.bytes(session.bytes);
  for (std::size_t i = 0; i < commitments.size(); ++i) {
    game::Seat seat{static_cast<std::uint8_t>(i)};
    if (beacon_commitment(session, seat, reveals[i]) != commitments[i]) {
      return BeaconError{BeaconFailure::commitment_mismatch, seat};
    }
    seed_input.bytes(reveals[i].value);
  }
  return BeaconSeed{blake2b_256(seed_input)};
}

void encode(const BeaconReveal& reveal, game::ByteWriter& out) {
  write_header(out, WireTag::beacon_reveal);
  out.raw(reveal.value);
  out.raw(reveal.nonce);
}

game::Result<BeaconReveal, WireError> decode_beacon_reveal(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::beacon_reveal);
  BeaconReveal reveal;
  r.raw(reveal.value);
  r.raw(reveal.nonce);
  return r.finish(reveal);
}

}  // namespace parley::crypto
