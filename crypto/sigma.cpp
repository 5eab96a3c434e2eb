#include "crypto/sigma.hpp"

#include <algorithm>
#include <cassert>
#include <array>

namespace parley::crypto {

namespace {

constexpr DomainLabel kSchnorrLabel{"schnorr"};
constexpr DomainLabel kDleqLabel{"dleq"};
constexpr DomainLabel kMembershipLabel{"membership"};
constexpr DomainLabel kChoiceLabel{"ot-choice"};
constexpr DomainLabel kFlagChoiceLabel{"flag-choice"};

HashInput statement_input(DomainLabel label, const ProofContext& context) {
  HashInput in(label);
  in.bytes(context.bytes());
  return in;
}

Scalar value_scalar(std::uint32_t v) { return Scalar::from_u64(v); }

// ---- Relations -------------------------------------------------------------------------------

Relation schnorr_relation(const Point& y) { return {1, {{y, {{0, Point::base()}}}}}; }

Relation dleq_relation(const Point& y, const Point& base, const Point& image) {
  return {1, {{y, {{0, Point::base()}}}, {image, {{0, base}}}}};
}

// "commitment − v·H = n·G": the commitment opens to v.
Equation opens_to(const PedersenCommitment& c, std::uint32_t v, std::size_t blinding_witness) {
  return {c.point - value_times_h(v), {{blinding_witness, Point::base()}}};
}

// Witnesses (c, x, n): R = c·S + x·G and C = c·H + n·G.
Relation choice_relation(const Point& sender_key, const Point& request, const PedersenCommitment& c) {
  return {3,
          {{request, {{0, sender_key}, {1, Point::base()}}},
           {c.point, {{0, pedersen_h()}, {2, Point::base()}}}}};
}

// Flag with a friendly piece behind, witnesses (n_p, c, x, n_b).
Relation flag_behind_relation(const FlagChoiceStatement& s) {
  return {4,
          {opens_to(s.piece, s.flag_value, 0),
           {s.request, {{1, s.sender_key}, {2, Point::base()}}},
           {s.behind->point, {{1, pedersen_h()}, {3, Point::base()}}}}};
}

// Lone flag, witnesses (n_p, x): piece opens to the flag and R − L·S = x·G.
Relation flag_lone_relation(const FlagChoiceStatement& s) {
  return {2,
          {opens_to(s.piece, s.flag_value, 0),
           {s.request - value_scalar(s.lone_flag_value) * s.sender_key, {{1, Point::base()}}}}};
}

// Not the flag, witnesses (c, x, n, α, β): the choice relation and H = α·(C − F·H) + β·G.
Relation flag_own_kind_relation(const FlagChoiceStatement& s) {
  Relation r = choice_relation(s.sender_key, s.request, s.piece);
  r.witness_count = 5;
  r.equations.push_back({pedersen_h(), {{3, s.piece.point - value_times_h(s.flag_value)}, {4, Point::base()}}});
  return r;
}

std::array<Relation, 2> flag_relations(const FlagChoiceStatement& s) {
  return {flag_own_kind_relation(s), s.behind ? flag_behind_relation(s) : flag_lone_relation(s)};
}

HashInput flag_statement(const ProofContext& context, const FlagChoiceStatement& s) {
  HashInput in = statement_input(kFlagChoiceLabel, context);
  absorb(in, s.sender_key);
  absorb(in, s.request);
  absorb(in, s.piece.point);
  in.u8(s.behind ? 1 : 0);
  if (s.behind) absorb(in, s.behind->point);
  in.u32(s.flag_value).u32(s.lone_flag_value);
  return in;
}

std::size_t flag_rule_responses(bool piece_behind) { return piece_behind ? 4 : 2; }

HashInput membership_statement(const ProofContext& context, const PedersenCommitment& c, const ValueSet& set) {
  HashInput in = statement_input(kMembershipLabel, context);
  absorb(in, c.point);
  in.u32(static_cast<std::uint32_t>(set.values().size()));
  for (std::uint32_t v : set.values()) in.u32(v);
  return in;
}

std::vector<Relation> membership_relations(const PedersenCommitment& c, const ValueSet& set) {
  std::vector<Relation> branches;
  branches.reserve(set.values().size());
  for (std::uint32_t v : set.values()) branches.push_back({1, {opens_to(c, v, 0)}});
  return branches;
}

}  // namespace

// ---- Schnorr ---------------------------------------------------------------------------------

SchnorrProof prove_schnorr(const ProofContext& context, const Scalar& secret, const Point& public_key) {
  HashInput in = statement_input(kSchnorrLabel, context);
  absorb(in, public_key);
  std::array<Relation, 1> rel{schnorr_relation(public_key)};
  return {std::move(prove_any(std::move(in), rel, 0, std::span(&secret, 1))[0])};
}

bool verify_schnorr(const ProofContext& context, const Point& public_key, const SchnorrProof& proof) {
  HashInput in = statement_input(kSchnorrLabel, context);
  absorb(in, public_key);
  std::array<Relation, 1> rel{schnorr_relation(public_key)};
  return verify_any(std::move(in), rel, std::span(&proof.proof, 1));
}

// ---- DLEQ ------------------------------------------------------------------------------------

namespace {
HashInput dleq_statement(const ProofContext& context, const Point& y, const Point& base, const Point& image) {
  HashInput in = statement_input(kDleqLabel, context);
  absorb(in, y);
  absorb(in, base);
  absorb(in, image);
  return in;
}
}  // namespace

DleqProof prove_dleq(const ProofContext& context, const Scalar& secret, const Point& public_key, const Point& base,
                     const Point& image) {
  std::array<Relation, 1> rel{dleq_relation(public_key, base, image)};
  return {std::move(prove_any(dleq_statement(context, public_key, base, image), rel, 0, std::span(&secret, 1))[0])};
}

bool verify_dleq(const ProofContext& context, const Point& public_key, const Point& base, const Point& image,
                 const DleqProof& proof) {
  std::array<Relation, 1> rel{dleq_relation(public_key, base, image)};
  return verify_any(dleq_statement(context, public_key, base, image), rel, std::span(&proof.proof, 1));
}

// ---- Membership ------------------------------------------------------------------------------

std::string_view describe(SetError error) {
  switch (error) {
    case SetError::empty: return "a value set must have at least one member";
    case SetError::too_large: return "a value set has more than kMaxSetSize members";
    case SetError::not_increasing: return "a value set must be strictly increasing";
  }
  return "unknown set error";
}

std::string_view describe(ProveError error) {
  switch (error) {
    case ProveError::value_not_in_set: return "the committed value is not in the set";
  }
  return "unknown prove error";
}

game::Result<ValueSet, SetError> ValueSet::of(std::span<const std::uint32_t> sorted_values) {
  if (sorted_values.empty()) return SetError::empty;
  if (sorted_values.size() > kMaxSetSize) return SetError::too_large;
  for (std::size_t i = 1; i < sorted_values.size(); ++i) {
    if (sorted_values[i] <= sorted_values[i - 1]) return SetError::not_increasing;
  }
  ValueSet set;
  set.values_.assign(sorted_values.begin(), sorted_values.end());
  return set;
}

bool ValueSet::contains(std::uint32_t v) const { return std::binary_search(values_.begin(), values_.end(), v); }

game::Result<MembershipProof, ProveError> prove_membership(const ProofContext& context, const PedersenOpening& opening,
                                                           const ValueSet& allowed) {
  auto position = std::lower_bound(allowed.values().begin(), allowed.values().end(), opening.value);
  if (position == allowed.values().end() || *position != opening.value) return ProveError::value_not_in_set;
  PedersenCommitment c = commitment_of(opening);
  auto branches = membership_relations(c, allowed);
  auto true_branch = static_cast<std::size_t>(position - allowed.values().begin());
  return MembershipProof{
      prove_any(membership_statement(context, c, allowed), branches, true_branch, std::span(&opening.blinding, 1))};
}

bool verify_membership(const ProofContext& context, const PedersenCommitment& commitment, const ValueSet& allowed,
                       const MembershipProof& proof) {
  if (proof.branches.size() != allowed.values().size()) return false;
  auto branches = membership_relations(commitment, allowed);
  return verify_any(membership_statement(context, commitment, allowed), branches, proof.branches);
}

// ---- Choice ----------------------------------------------------------------------------------

namespace {
HashInput choice_statement(const ProofContext& context, const Point& sender_key, const Point& request,
                           const PedersenCommitment& commitment) {
  HashInput in = statement_input(kChoiceLabel, context);
  absorb(in, sender_key);
  absorb(in, request);
  absorb(in, commitment.point);
  return in;
}
}  // namespace

ChoiceProof prove_choice(const ProofContext& context, const Point& sender_key, const Point& request,
                         const PedersenCommitment& commitment, const PedersenOpening& opening, const Scalar& mask) {
  std::array<Relation, 1> rel{choice_relation(sender_key, request, commitment)};
  std::array<Scalar, 3> witness{value_scalar(opening.value), mask, opening.blinding};
  return {std::move(prove_any(choice_statement(context, sender_key, request, commitment), rel, 0, witness)[0])};
}

bool verify_choice(const ProofContext& context, const Point& sender_key, const Point& request,
                   const PedersenCommitment& commitment, const ChoiceProof& proof) {
  std::array<Relation, 1> rel{choice_relation(sender_key, request, commitment)};
  return verify_any(choice_statement(context, sender_key, request, commitment), rel, std::span(&proof.proof, 1));
}

// ---- Flag choice -----------------------------------------------------------------------------

FlagChoiceProof prove_flag_choice(const ProofContext& context, const FlagChoiceStatement& statement,
                                  const PedersenOpening& piece, const PedersenOpening* behind, const Scalar& mask) {
  assert((behind != nullptr) == statement.behind.has_value());
  auto relations = flag_relations(statement);
  std::vector<Scalar> witness;
  std::size_t true_branch = 0;
  if (piece.value != statement.flag_value) {
    Scalar alpha = (value_scalar(piece.value) - value_scalar(statement.flag_value)).invert();
    witness = {value_scalar(piece.value), mask, piece.blinding, alpha, -(piece.blinding * alpha)};
  } else if (statement.behind) {
    // A flag with a friendly piece behind proves with that piece's opening.
    true_branch = 1;
    witness = {piece.blinding, value_scalar(behind->value), mask, behind->blinding};
  } else {
    true_branch = 1;
    witness = {piece.blinding, mask};
  }
  auto branches = prove_any(flag_statement(context, statement), relations, true_branch, witness);
  return {std::move(branches[0]), std::move(branches[1])};
}

bool verify_flag_choice(const ProofContext& context, const FlagChoiceStatement& statement,
                        const FlagChoiceProof& proof) {
  auto relations = flag_relations(statement);
  std::array<BranchProof, 2> branches{proof.own_kind, proof.flag_rule};
  return verify_any(flag_statement(context, statement), relations, branches);
}

// ---- Encodings -------------------------------------------------------------------------------

void write_proof(game::ByteWriter& out, const SchnorrProof& proof) { write_branch(out, proof.proof); }
SchnorrProof read_schnorr_proof(WireReader& in) { return {read_branch(in, 1)}; }
void write_proof(game::ByteWriter& out, const DleqProof& proof) { write_branch(out, proof.proof); }
DleqProof read_dleq_proof(WireReader& in) { return {read_branch(in, 1)}; }
void write_proof(game::ByteWriter& out, const ChoiceProof& proof) { write_branch(out, proof.proof); }
ChoiceProof read_choice_proof(WireReader& in) { return {read_branch(in, 3)}; }
void write_proof(game::ByteWriter& out, const FlagChoiceProof& proof) {
  write_branch(out, proof.own_kind);
  write_branch(out, proof.flag_rule);
}
FlagChoiceProof read_flag_choice_proof(WireReader& in, bool piece_behind) {
  BranchProof own = read_branch(in, 5);
  BranchProof rule = read_branch(in, flag_rule_responses(piece_behind));
  return {std::move(own), std::move(rule)};
}

void encode(const SchnorrProof& proof, game::ByteWriter& out) {
  write_header(out, WireTag::schnorr_proof);
  write_proof(out, proof);
}
game::Result<SchnorrProof, WireError> decode_schnorr_proof(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::schnorr_proof);
  auto proof = read_schnorr_proof(r);
  return r.finish(std::move(proof));
}

void encode(const DleqProof& proof, game::ByteWriter& out) {
  write_header(out, WireTag::dleq_proof);
  write_proof(out, proof);
}
game::Result<DleqProof, WireError> decode_dleq_proof(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::dleq_proof);
  auto proof = read_dleq_proof(r);
  return r.finish(std::move(proof));
}

void encode(const MembershipProof& proof, game::ByteWriter& out) {
  write_header(out, WireTag::membership_proof);
  out.u32(static_cast<std::uint32_t>(proof.branches.size()));
  for (const BranchProof& b : proof.branches) write_branch(out, b);
}
game::Result<MembershipProof, WireError> decode_membership_proof(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::membership_proof);
  std::size_t n = r.count(kMaxSetSize);
  if (!r.failed() && n == 0) r.fail(WireError::bad_value);
  MembershipProof proof;
  proof.branches.reserve(n);
  for (std::size_t i = 0; i < n && !r.failed(); ++i) proof.branches.push_back(read_branch(r, 1));
  return r.finish(std::move(proof));
}

void encode(const ChoiceProof& proof, game::ByteWriter& out) {
  write_header(out, WireTag::choice_proof);
  write_proof(out, proof);
}
game::Result<ChoiceProof, WireError> decode_choice_proof(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::choice_proof);
  auto proof = read_choice_proof(r);
  return r.finish(std::move(proof));
}

void encode(const FlagChoiceProof& proof, game::ByteWriter& out) {
  write_header(out, WireTag::flag_choice_proof);
  write_proof(out, proof);
}
game::Result<FlagChoiceProof, WireError> decode_flag_choice_proof(std::span<const std::uint8_t> in,
                                                                  bool piece_behind) {
  WireReader r(in);
  r.header(WireTag::flag_choice_proof);
  auto proof = read_flag_choice_proof(r, piece_behind);
  return r.finish(std::move(proof));
}

}  // namespace parley::crypto
