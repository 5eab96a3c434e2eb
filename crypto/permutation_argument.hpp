#pragma once
// A commitment-consistent proof of a shuffle (Terelius–Wikström 2010, "Proofs of restricted
// shuffles"; Wikström 2009; in the form of Haenni, Locher, Koenig, Dubuis 2017, "Pseudo-code
// algorithms for verifiable re-encryption mix-nets", algorithms 8.4/8.5), written additively
// for ristretto255 and Barnett–Smart cards. Same statement as the cut-and-choose argument —
// out_i = remask(in_{π(i)}, r_i) — at about 8n scalar multiplications to verify instead of
// 2Kn. Sound under the discrete-log assumption (independent generators h, h_1..h_n from
// hash-to-group) in the random-oracle model; honest-verifier zero knowledge.
//
// Prover (π, r̃ = the shuffle's masks; all ω, r, r̂ fresh uniform scalars):
//   c_{π(i)} = r_{π(i)}·G + h_{i+1}                      permutation commitment (by input j)
//   u_j = Hs(parley/shuffle-permutation-u/v1 ‖ D ‖ j),   D = BLAKE2b-256(statement ‖ c)
//   ũ_i = u_{π(i)};  ĉ_0 = h,  ĉ_i = r̂_i·G + ũ_i·ĉ_{i−1}      commitment chain
//   t1 = ω1·G   t2 = ω2·G   t3 = ω3·G + Σ ω̃_i·h_i
//   t4A = −ω4·G + Σ ω̃_i·A'_i   t4B = −ω4·Y + Σ ω̃_i·B'_i   t̂_i = ω̂_i·G + ω̃_i·ĉ_{i−1}
//   e = Hs(parley/shuffle-permutation/v1 ‖ statement ‖ c ‖ ĉ ‖ t1 ‖ t2 ‖ t3 ‖ t4A ‖ t4B ‖ t̂)
//   s1 = ω1 + e·Σr_j   s2 = ω2 + e·Σ r̂_i·∏_{k>i} ũ_k   s3 = ω3 + e·Σ r_j·u_j
//   s4 = ω4 + e·Σ r̃_i·ũ_i   ŝ_i = ω̂_i + e·r̂_i   s̃_i = ω̃_i + e·ũ_i
// Verifier recomputes every t from (e, s) and the public values, rehashes and compares e.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "crypto/context.hpp"
#include "crypto/deck.hpp"
#include "crypto/group.hpp"
#include "crypto/wire.hpp"

namespace parley::crypto {

struct PermutationProof {
  std::vector<Point> permutation_commitment;  // c_j, by input position
  std::vector<Point> chain;                   // ĉ_1..ĉ_n
  Scalar challenge;                           // e
  Scalar s1, s2, s3, s4;
  std::vector<Scalar> chain_responses;        // ŝ_i
  std::vector<Scalar> value_responses;        // s̃_i
  friend bool operator==(const PermutationProof&, const PermutationProof&) = default;
};

PermutationProof prove_permutation(const ProofContext& context, const Point& joint_key,
                                   std::span<const MaskedCard> input, std::span<const MaskedCard> output,
                                   std::span<const std::uint16_t> permutation, std::span<const Scalar> masks);
[[nodiscard]] bool verify_permutation(const ProofContext& context, const Point& joint_key,
                                      std::span<const MaskedCard> input, std::span<const MaskedCard> output,
                                      const PermutationProof& proof);

void write_proof(game::ByteWriter& out, const PermutationProof& proof);
PermutationProof read_permutation_proof(WireReader& in);

}  // namespace parley::crypto
