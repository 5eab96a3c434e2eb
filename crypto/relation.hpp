#pragma once
// The engine under every Σ-proof in parley: proofs of knowledge for linear relations over
// ristretto255, OR-composed (Cramer–Damgård–Schoenmakers 1994) and made non-interactive with
// Fiat–Shamir. sigma.hpp wraps it in typed, hard-to-misuse proofs; nothing else calls it.
//
// A Relation is a set of equations  lhs_i = Σ_j w[k_ij]·base_ij  sharing one witness vector w.
// An OR-proof over branches R_1..R_m shows knowledge of a witness for at least one branch
// without revealing which:
//   - simulated branch j: pick e_j, z_j at random; T_ji = Σ z_j[k]·base − e_j·lhs_i;
//   - true branch t:      pick k at random;          T_ti = Σ k[k]·base;
//   - e = Hs(statement ‖ all T);  e_t = e − Σ_{j≠t} e_j;  z_t = k + e_t·w.
// The proof is every (e_j, z_j); the verifier recomputes every T from them, rehashes, and
// checks Σ e_j = e. A single branch is the plain Schnorr-style proof (e, z). Special soundness
// and honest-verifier zero knowledge of each branch carry over (CDS94); Fiat–Shamir in the
// random-oracle model, with the statement hashed in full by the caller.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "crypto/group.hpp"
#include "crypto/hash.hpp"

namespace parley::crypto {

struct Term {
  std::size_t witness;  // index into the branch's witness vector
  Point base;
};

struct Equation {
  Point lhs;
  std::vector<Term> terms;
};

struct Relation {
  std::size_t witness_count;
  std::vector<Equation> equations;
};

struct BranchProof {
  Scalar challenge;
  std::vector<Scalar> responses;  // one per witness of the branch
  friend bool operator==(const BranchProof&, const BranchProof&) = default;
};

// `statement` already holds the proof's label, context and public statement; the engine adds
// the commitments T. `witness` satisfies branches[true_branch] (the caller's duty: a wrong
// witness simply yields a proof that fails verification).
std::vector<BranchProof> prove_any(HashInput statement, std::span<const Relation> branches,
                                   std::size_t true_branch, std::span<const Scalar> witness);
[[nodiscard]] bool verify_any(HashInput statement, std::span<const Relation> branches,
                              std::span<const BranchProof> proof);

// Canonical encoding of branch proofs whose shape (branch count, responses per branch) the
// decoder knows from the statement.
void write_branch(game::ByteWriter& out, const BranchProof& branch);
BranchProof read_branch(WireReader& in, std::size_t responses);

}  // namespace parley::crypto
