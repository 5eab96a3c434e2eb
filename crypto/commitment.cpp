#include "crypto/commitment.hpp"

#include <sodium.h>

#include <cassert>

namespace parley::crypto {

namespace {
constexpr DomainLabel kCommitmentLabel{"commitment"};
}

CommitmentOpening::CommitmentOpening(std::span<const std::uint8_t> value,
                                     const SecretBytes<kCommitmentNonceBytes>& nonce)
    : value_(value.begin(), value.end()), nonce_(nonce) {}

CommitmentOpening::~CommitmentOpening() {
  if (!value_.empty()) sodium_memzero(value_.data(), value_.size());
}

CommitmentOpening& CommitmentOpening::operator=(const CommitmentOpening& other) {
  if (this != &other) {
    if (!value_.empty()) sodium_memzero(value_.data(), value_.size());
    value_ = other.value_;
    nonce_ = other.nonce_;
  }
  return *this;
}

HashCommitment commitment_of(const CommitmentDomain& domain, const CommitmentOpening& opening) {
  HashInput in(kCommitmentLabel);
  domain.purpose.write_to(in.writer());
  in.bytes(domain.context);
  return {blake2b_256(in, {opening.value(), opening.nonce().expose()})};
}

CommittedValue commit_hash(const CommitmentDomain& domain, std::span<const std::uint8_t> value) {
  assert(value.size() <= kMaxCommittedValueBytes);
  CommitmentOpening opening(value, SecretBytes<kCommitmentNonceBytes>::random());
  return {commitment_of(domain, opening), opening};
}

bool verify_commitment(const HashCommitment& commitment, const CommitmentDomain& domain,
                       const CommitmentOpening& opening) {
  if (opening.value().size() > kMaxCommittedValueBytes) return false;
  HashCommitment expected = commitment_of(domain, opening);
  return sodium_memcmp(expected.digest.data(), commitment.digest.data(), kDigestBytes) == 0;
}

void encode(const HashCommitment& commitment, game::ByteWriter& out) {
  write_header(out, WireTag::hash_commitment);
  out.raw(commitment.digest);
}

game::Result<HashCommitment, WireError> decode_hash_commitment(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::hash_commitment);
  HashCommitment c;
  r.raw(c.digest);
  return r.finish(c);
}

void encode(const CommitmentOpening& opening, game::ByteWriter& out) {
  write_header(out, WireTag::commitment_opening);
  out.bytes(opening.value());
  out.raw(opening.nonce().expose());
}

game::Result<CommitmentOpening, WireError> decode_commitment_opening(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::commitment_opening);
  std::size_t n = r.count(kMaxCommittedValueBytes);
  std::vector<std::uint8_t> value(n);
  r.raw(value);
  SecretBytes<kCommitmentNonceBytes> nonce;
  r.raw(nonce.expose_mutable());
  CommitmentOpening opening(value, nonce);
  if (!value.empty()) sodium_memzero(value.data(), value.size());
  return r.finish(opening);
}

}  // namespace parley::crypto
