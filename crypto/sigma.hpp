#pragma once
// Typed Σ-proofs (Fiat–Shamir, ristretto255; docs/design.md, "Σ-proofs"), all built on relation.hpp.
// Every challenge hashes the proof's own label, the ProofContext (session and position) and the
// whole public statement, so a proof for one statement, session or position fails for every
// other one, and a proof of one kind is never accepted as another.
//
//   Schnorr       know x with Y = x·G                                      (parley/schnorr/v1)
//   DLEQ          know x with Y = x·G and S = x·A  (Chaum–Pedersen)         (parley/dleq/v1)
//   Membership    C = v·H + n·G opens to some v ∈ V (CDS OR over V)         (parley/membership/v1)
//   Choice        R = c·S + x·G and C = c·H + n·G with the same c           (parley/ot-choice/v1)
//   FlagChoice    Choice for a Gunjin defender whose piece may be the flag  (parley/flag-choice/v1)
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "crypto/context.hpp"
#include "crypto/group.hpp"
#include "crypto/pedersen.hpp"
#include "crypto/relation.hpp"
#include "crypto/wire.hpp"

namespace parley::crypto {

inline constexpr std::size_t kMaxSetSize = 64;

// ---- Schnorr proof of knowledge of a discrete log -------------------------------------------

struct SchnorrProof {
  BranchProof proof;  // (e, z)
  friend bool operator==(const SchnorrProof&, const SchnorrProof&) = default;
};

SchnorrProof prove_schnorr(const ProofContext& context, const Scalar& secret, const Point& public_key);
[[nodiscard]] bool verify_schnorr(const ProofContext& context, const Point& public_key, const SchnorrProof& proof);

// ---- Chaum–Pedersen: equality of two discrete logs ------------------------------------------

struct DleqProof {
  BranchProof proof;  // (e, z)
  friend bool operator==(const DleqProof&, const DleqProof&) = default;
};

// Proves log_G public_key = log_base image (= secret).
DleqProof prove_dleq(const ProofContext& context, const Scalar& secret, const Point& public_key, const Point& base,
                     const Point& image);
[[nodiscard]] bool verify_dleq(const ProofContext& context, const Point& public_key, const Point& base,
                               const Point& image, const DleqProof& proof);

// ---- Membership of a committed value in a public set ----------------------------------------

enum class SetError : std::uint8_t { empty, too_large, not_increasing };
std::string_view describe(SetError error);

// A set of allowed values: 1..kMaxSetSize members, strictly increasing, so a set has exactly one
// representation and prover and verifier hash the same statement.
class ValueSet {
 public:
  static game::Result<ValueSet, SetError> of(std::span<const std::uint32_t> sorted_values);
  std::span<const std::uint32_t> values() const { return values_; }
  bool contains(std::uint32_t v) const;

 private:
  std::vector<std::uint32_t> values_;
};

struct MembershipProof {
  std::vector<BranchProof> branches;  // one (e_j, z_j) per member, in the set's order
  friend bool operator==(const MembershipProof&, const MembershipProof&) = default;
};

enum class ProveError : std::uint8_t { value_not_in_set };
std::string_view describe(ProveError error);

// The commitment is the one `opening` opens (computed here, so they cannot disagree).
game::Result<MembershipProof, ProveError> prove_membership(const ProofContext& context, const PedersenOpening& opening,
                                                           const ValueSet& allowed);
[[nodiscard]] bool verify_membership(const ProofContext& context, const PedersenCommitment& commitment,
                                     const ValueSet& allowed, const MembershipProof& proof);

// ---- An oblivious-transfer choice bound to a committed value ---------------------------------

struct ChoiceProof {
  BranchProof proof;  // (e, z_c, z_x, z_n)
  friend bool operator==(const ChoiceProof&, const ChoiceProof&) = default;
};

// request = c·sender_key + mask·G and commitment = c·H + n·G with c = opening.value.
ChoiceProof prove_choice(const ProofContext& context, const Point& sender_key, const Point& request,
                         const PedersenCommitment& commitment, const PedersenOpening& opening, const Scalar& mask);
[[nodiscard]] bool verify_choice(const ProofContext& context, const Point& sender_key, const Point& request,
                                 const PedersenCommitment& commitment, const ChoiceProof& proof);

// ---- The Gunjin defender's choice: its kind, or the flag's effective kind --------------------
// Either "piece opens to c, and c is not flag_value", or, when the piece is the flag, "piece
// opens to flag_value and behind opens to c" if a friendly piece stands behind it, else
// "piece opens to flag_value and c = lone_flag_value". Whether a friendly piece stands behind
// is public (positions are public, kinds are not), so the statement has exactly two branches.
// "c is not the flag" is shown by knowing α, β with H = α·(C_piece − flag·H) + β·G
// (α = 1/(c − flag), β = −n·α): for a flag, C_piece − flag·H = n·G and such α, β would give
// log_G H.

struct FlagChoiceStatement {
  Point sender_key;  // S of the OT whose choice this is
  Point request;     // R = c·S + x·G
  PedersenCommitment piece;
  std::optional<PedersenCommitment> behind;  // the friendly piece behind, if any
  std::uint32_t flag_value;
  std::uint32_t lone_flag_value;
};

struct FlagChoiceProof {
  BranchProof own_kind;   // (e, z_c, z_x, z_n, z_α, z_β)
  BranchProof flag_rule;  // behind: (e, z_np, z_c, z_x, z_nb); lone: (e, z_np, z_x)
  friend bool operator==(const FlagChoiceProof&, const FlagChoiceProof&) = default;
};

// `behind` must be given iff statement.behind is; `mask` is the request's x.
FlagChoiceProof prove_flag_choice(const ProofContext& context, const FlagChoiceStatement& statement,
                                  const PedersenOpening& piece, const PedersenOpening* behind, const Scalar& mask);
[[nodiscard]] bool verify_flag_choice(const ProofContext& context, const FlagChoiceStatement& statement,
                                      const FlagChoiceProof& proof);

// ---- Encodings ---------------------------------------------------------------------------------

void encode(const SchnorrProof& proof, game::ByteWriter& out);
game::Result<SchnorrProof, WireError> decode_schnorr_proof(std::span<const std::uint8_t> in);
void encode(const DleqProof& proof, game::ByteWriter& out);
game::Result<DleqProof, WireError> decode_dleq_proof(std::span<const std::uint8_t> in);
void encode(const MembershipProof& proof, game::ByteWriter& out);
game::Result<MembershipProof, WireError> decode_membership_proof(std::span<const std::uint8_t> in);
void encode(const ChoiceProof& proof, game::ByteWriter& out);
game::Result<ChoiceProof, WireError> decode_choice_proof(std::span<const std::uint8_t> in);
// The flag rule's shape depends on whether a piece stands behind; the decoder takes it from the
// public statement.
void encode(const FlagChoiceProof& proof, game::ByteWriter& out);
game::Result<FlagChoiceProof, WireError> decode_flag_choice_proof(std::span<const std::uint8_t> in,
                                                                  bool piece_behind);

// Readers/writers for embedding in larger messages (deck keys, shares, duel messages).
void write_proof(game::ByteWriter& out, const SchnorrProof& proof);
SchnorrProof read_schnorr_proof(WireReader& in);
void write_proof(game::ByteWriter& out, const DleqProof& proof);
DleqProof read_dleq_proof(WireReader& in);
void write_proof(game::ByteWriter& out, const ChoiceProof& proof);
ChoiceProof read_choice_proof(WireReader& in);
void write_proof(game::ByteWriter& out, const FlagChoiceProof& proof);
FlagChoiceProof read_flag_choice_proof(WireReader& in, bool piece_behind);

}  // namespace parley::crypto
