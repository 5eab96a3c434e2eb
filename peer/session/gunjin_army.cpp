#include "peer/session/gunjin_army.hpp"

#include <vector>

#include "peer/session/gunjin_wire.hpp"

namespace parley::peer {

using crypto::Point;
using crypto::Scalar;
using game::gunjin::Kind;

namespace {

constexpr crypto::DomainLabel kArmyChallengeLabel{"gunjin-army-challenge"};
constexpr crypto::DomainLabel kArmyStepPurpose{"gunjin-army-step"};
constexpr crypto::DomainLabel kArmyTotalPurpose{"gunjin-army-total"};
constexpr crypto::DomainLabel kArmyGatePurpose{"gunjin-army-gate"};

crypto::ProofContext army_context(const crypto::SessionId& session, game::Seat seat, crypto::DomainLabel purpose,
                                  std::uint64_t position) {
  crypto::ProofContext ctx(session);
  ctx.purpose(purpose).seat(seat).position(position);
  return ctx;
}

// x: fixed by the commitments before any product is chosen.
Scalar challenge(const crypto::SessionId& session, game::Seat seat, const ArmyCommitments& commitments) {
  crypto::HashInput in(kArmyChallengeLabel);
  in.bytes(army_context(session, seat, kArmyChallengeLabel, 0).bytes());
  for (const auto& c : commitments) crypto::absorb(in, c.point);
  return Scalar::from_hash(in);
}

// ∏_j (x − m_j) over the army's kinds m_j, with their multiplicities.
Scalar army_product(const Scalar& x) {
  Scalar product = Scalar::from_u64(1);
  for (Kind k : game::gunjin::kAllKinds) {
    for (std::uint8_t n = 0; n < game::gunjin::army_count(k); ++n)
      product = product * (x - Scalar::from_u64(game::gunjin::index_of(k)));
  }
  return product;
}

const crypto::ValueSet& movable_values() {
  static const crypto::ValueSet set = [] {
    std::vector<std::uint32_t> values;
    for (Kind k : game::gunjin::kAllKinds)
      if (game::gunjin::can_move(k)) values.push_back(game::gunjin::index_of(k));
    return crypto::ValueSet::of(values).value();
  }();
  return set;
}

}  // namespace

CommittedArmy commit_army(const game::gunjin::Layout& layout) {
  CommittedArmy army;
  for (std::size_t slot = 0; slot < kArmyPieces; ++slot) {
    auto committed = crypto::commit_pedersen(game::gunjin::index_of(layout[slot]));
    army.commitments[slot] = committed.commitment;
    army.openings[slot] = committed.opening;
  }
  return army;
}

game::Result<ArmyProof, crypto::ProveError> prove_army(const crypto::SessionId& session, game::Seat seat,
                                                        const ArmyCommitments& commitments,
                                                        const ArmyOpenings& openings) {
  ArmyProof proof;
  for (std::size_t g = 0; g < kGateSlots.size(); ++g) {
    auto gate = crypto::prove_membership(army_context(session, seat, kArmyGatePurpose, kGateSlots[g]),
                                         openings[kGateSlots[g]], movable_values());
    if (!gate) return gate.error();
    proof.gates[g] = std::move(gate).value();
  }
  const Scalar x = challenge(session, seat, commitments);
  Point previous = crypto::pedersen_h();  // P_0 = 1·H + 0·G
  Scalar value = Scalar::from_u64(1);     // p_k, the value P_k commits to
  Scalar blinding = Scalar::zero();       // r_k, its blinding
  for (std::size_t k = 0; k < kArmyPieces; ++k) {
    const Scalar factor = x - Scalar::from_u64(openings[k].value);
    const Scalar mask = Scalar::random();
    const Point next = factor * previous + mask * Point::base();
    // R = P_{k+1} − x·P_k = v_k·(−P_k) + s_k·G: the choice relation with S = −P_k.
    const Point sender = Point::identity() - previous;
    const Point request = next - x * previous;
    proof.products[k] = next;
    proof.steps[k] = crypto::prove_choice(army_context(session, seat, kArmyStepPurpose, k), sender, request,
                                          commitments[k], openings[k], mask);
    value = factor * value;
    blinding = factor * blinding + mask;
    previous = next;
  }
  // P_23 − target·H = (p − target)·H + r·G: r·G exactly when the multisets agree.
  const Point rest = previous - army_product(x) * crypto::pedersen_h();
  proof.total = crypto::prove_schnorr(army_context(session, seat, kArmyTotalPurpose, 0), blinding, rest);
  return proof;
}

bool verify_army(const crypto::SessionId& session, game::Seat seat, const ArmyCommitments& commitments,
                 const ArmyProof& proof) {
  for (std::size_t g = 0; g < kGateSlots.size(); ++g) {
    if (!crypto::verify_membership(army_context(session, seat, kArmyGatePurpose, kGateSlots[g]),
                                   commitments[kGateSlots[g]], movable_values(), proof.gates[g]))
      return false;
  }
  const Scalar x = challenge(session, seat, commitments);
  Point previous = crypto::pedersen_h();
  for (std::size_t k = 0; k < kArmyPieces; ++k) {
    const Point sender = Point::identity() - previous;
    const Point request = proof.products[k] - x * previous;
    if (!crypto::verify_choice(army_context(session, seat, kArmyStepPurpose, k), sender, request, commitments[k],
                               proof.steps[k]))
      return false;
    previous = proof.products[k];
  }
  const Point rest = previous - army_product(x) * crypto::pedersen_h();
  return crypto::verify_schnorr(army_context(session, seat, kArmyTotalPurpose, 0), rest, proof.total);
}

void encode(const ArmyProof& proof, game::ByteWriter& out) {
  for (std::size_t k = 0; k < kArmyPieces; ++k) {
    crypto::write_point(out, proof.products[k]);
    crypto::write_proof(out, proof.steps[k]);
  }
  crypto::write_proof(out, proof.total);
  for (const auto& gate : proof.gates) write_embedded(out, gate);
}

ArmyProof read_army_proof(crypto::WireReader& in) {
  ArmyProof proof;
  for (std::size_t k = 0; k < kArmyPieces && !in.failed(); ++k) {
    proof.products[k] = crypto::read_point(in);
    proof.steps[k] = crypto::read_choice_proof(in);
  }
  proof.total = crypto::read_schnorr_proof(in);
  for (auto& gate : proof.gates) gate = read_embedded(in, kMaxMembershipProofBytes, &crypto::decode_membership_proof);
  return proof;
}

}  // namespace parley::peer
