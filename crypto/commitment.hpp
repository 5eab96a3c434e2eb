#pragma once
// Hash commitments (docs/design.md): C = BLAKE2b-256(parley/commitment/v1 ‖ purpose ‖ context
// ‖ value ‖ r) with r 32 fresh random bytes. Hiding because r is secret and uniform; binding
// because BLAKE2b-256 is collision resistant. The purpose label and context make a commitment
// for one use (a beacon value of seat 2 in session s) worthless for any other.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "crypto/context.hpp"
#include "crypto/hash.hpp"
#include "crypto/secret.hpp"
#include "crypto/wire.hpp"

namespace parley::crypto {

inline constexpr std::size_t kCommitmentNonceBytes = 32;
inline constexpr std::size_t kMaxCommittedValueBytes = 4096;

// What a commitment is about: its purpose and the context (session, seat, …).
struct CommitmentDomain {
  DomainLabel purpose;
  std::span<const std::uint8_t> context;
};

struct HashCommitment {
  Digest digest{};
  friend bool operator==(const HashCommitment&, const HashCommitment&) = default;
};

// The committed value and nonce: secret until the committer reveals it. Both are wiped on
// destruction.
class CommitmentOpening {
 public:
  CommitmentOpening(std::span<const std::uint8_t> value, const SecretBytes<kCommitmentNonceBytes>& nonce);
  ~CommitmentOpening();
  CommitmentOpening(const CommitmentOpening&) = default;
  CommitmentOpening& operator=(const CommitmentOpening& other);

  std::span<const std::uint8_t> value() const { return value_; }
  const SecretBytes<kCommitmentNonceBytes>& nonce() const { return nonce_; }

 private:
  std::vector<std::uint8_t> value_;
  SecretBytes<kCommitmentNonceBytes> nonce_;
};

struct CommittedValue {
  HashCommitment commitment;
  CommitmentOpening opening;
};

// Commits to `value` (at most kMaxCommittedValueBytes) with a fresh random nonce.
CommittedValue commit_hash(const CommitmentDomain& domain, std::span<const std::uint8_t> value);
// The commitment a given opening produces: deterministic, for known-answer tests and restores.
HashCommitment commitment_of(const CommitmentDomain& domain, const CommitmentOpening& opening);
[[nodiscard]] bool verify_commitment(const HashCommitment& commitment, const CommitmentDomain& domain,
                                     const CommitmentOpening& opening);

void encode(const HashCommitment& commitment, game::ByteWriter& out);
game::Result<HashCommitment, WireError> decode_hash_commitment(std::span<const std::uint8_t> in);
// An opening is encoded only to be revealed (or persisted by its owner).
void encode(const CommitmentOpening& opening, game::ByteWriter& out);
game::Result<CommitmentOpening, WireError> decode_commitment_opening(std::span<const std::uint8_t> in);

}  // namespace parley::crypto
