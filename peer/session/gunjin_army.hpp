#pragma once
// A Gunjin seat's army, hidden: one Pedersen commitment per piece (C_k = v_k·H + n_k·G for the
// kind v_k on slot k, docs/crypto.md), and the proof that the commitments hold a legal layout
// without opening any of them (docs/gunjin.md, "Protocol"):
//
//   1. the multiset {v_0, …, v_22} is exactly the 23-piece army. With the challenge
//      x = Hs(parley/gunjin-army-challenge/v1 ‖ context ‖ C_0 … C_22), the prover commits to the
//      running products P_0 = H (the value 1), P_{k+1} = (x − v_k)·P_k + s_k·G and proves each
//      step with an OT-choice proof (sigma.hpp: "R = c·S + s·G and C = c·H + n·G, the same c")
//      for S = −P_k, R = P_{k+1} − x·P_k, C = C_k, c = v_k. The last product is shown to open to
//      the public ∏_j (x − m_j) over the army's kinds m_j by a Schnorr proof of its blinding.
//      Equal polynomials ∏(X − v_k) = ∏(X − m_j) except with probability 23/ℓ at a random x,
//      so the committed kinds are the army's, in some order that stays secret.
//   2. the gate slots (18, 21) hold movable kinds: a membership proof for each (the two
//      immovable kinds may not stand on a gate).
// Every proof is bound to the session, the seat and its step.
#include <array>
#include <cstdint>
#include <span>

#include "crypto/context.hpp"
#include "crypto/pedersen.hpp"
#include "crypto/sigma.hpp"
#include "game/core/seat.hpp"
#include "game/gunjin/layout.hpp"

namespace parley::peer {

inline constexpr std::size_t kArmyPieces = game::gunjin::kArmySize;
inline constexpr std::array<std::uint8_t, 2> kGateSlots = {18, 21};

using ArmyCommitments = std::array<crypto::PedersenCommitment, kArmyPieces>;
using ArmyOpenings = std::array<crypto::PedersenOpening, kArmyPieces>;

struct CommittedArmy {
  ArmyCommitments commitments;
  ArmyOpenings openings;
};

// Commits to each slot's kind with fresh blinding scalars. Any 23 kinds can be committed (a
// cheater's too): whether they form a legal layout is what the proof shows.
CommittedArmy commit_army(const game::gunjin::Layout& layout);

struct ArmyProof {
  std::array<crypto::Point, kArmyPieces> products{};        // P_1 … P_23
  std::array<crypto::ChoiceProof, kArmyPieces> steps{};     // P_{k+1} = (x − v_k)·P_k + s_k·G
  crypto::SchnorrProof total;                               // P_23 opens to ∏ (x − m_j)
  std::array<crypto::MembershipProof, kGateSlots.size()> gates{};  // the gates hold movable kinds
  friend bool operator==(const ArmyProof&, const ArmyProof&) = default;
};

// The proof the openings give. It verifies only when they hold a legal layout: for any other
// multiset of kinds the result is a proof that fails verification (a cheater's), and a mine
// or the flag on a gate cannot be proved movable at all (value_not_in_set).
game::Result<ArmyProof, crypto::ProveError> prove_army(const crypto::SessionId& session, game::Seat seat,
                                                        const ArmyCommitments& commitments,
                                                        const ArmyOpenings& openings);
[[nodiscard]] bool verify_army(const crypto::SessionId& session, game::Seat seat, const ArmyCommitments& commitments,
                               const ArmyProof& proof);

// Encoding: 23 × (P ‖ ChoiceProof) ‖ SchnorrProof ‖ 2 × (u32 length ‖ MembershipProof).
void encode(const ArmyProof& proof, game::ByteWriter& out);
ArmyProof read_army_proof(crypto::WireReader& in);

}  // namespace parley::peer
