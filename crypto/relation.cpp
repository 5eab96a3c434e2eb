#include "crypto/relation.hpp"

#include <cassert>

namespace parley::crypto {

namespace {

// Σ z[k]·base − e·lhs: the commitment a response vector implies for one equation.
Point implied_commitment(const Equation& eq, std::span<const Scalar> z, const Scalar& e) {
  Point t;
  for (const Term& term : eq.terms) t = t + z[term.witness] * term.base;
  return t - e * eq.lhs;
}

bool well_formed(std::span<const Relation> branches) {
  for (const Relation& r : branches) {
    for (const Equation& eq : r.equations) {
      for (const Term& term : eq.terms) {
        if (term.witness >= r.witness_count) return false;
      }
    }
  }
  return true;
}

}  // namespace

std::vector<BranchProof> prove_any(HashInput statement, std::span<const Relation> branches,
                                   std::size_t true_branch, std::span<const Scalar> witness) {
  assert(true_branch < branches.size() && well_formed(branches));
  assert(witness.size() == branches[true_branch].witness_count);
  std::vector<BranchProof> proof(branches.size());
  std::vector<Scalar> nonces(witness.size());
  Scalar simulated_sum;

  for (std::size_t b = 0; b < branches.size(); ++b) {
    const Relation& rel = branches[b];
    if (b == true_branch) {
      for (Scalar& k : nonces) k = Scalar::random();
      for (const Equation& eq : rel.equations) {
        Point t;
        for (const Term& term : eq.terms) t = t + nonces[term.witness] * term.base;
        absorb(statement, t);
      }
    } else {
      BranchProof& sim = proof[b];
      sim.challenge = Scalar::random();
      sim.responses.resize(rel.witness_count);
      for (Scalar& z : sim.responses) z = Scalar::random();
      simulated_sum = simulated_sum + sim.challenge;
      for (const Equation& eq : rel.equations) absorb(statement, implied_commitment(eq, sim.responses, sim.challenge));
    }
  }

  Scalar e = Scalar::from_hash(statement);
  BranchProof& real = proof[true_branch];
  real.challenge = e - simulated_sum;
  real.responses.resize(witness.size());
  for (std::size_t i = 0; i < witness.size(); ++i) real.responses[i] = nonces[i] + real.challenge * witness[i];
  return proof;
}

bool verify_any(HashInput statement, std::span<const Relation> branches, std::span<const BranchProof> proof) {
  if (proof.size() != branches.size() || !well_formed(branches)) return false;
  Scalar sum;
  for (std::size_t b = 0; b < branches.size(); ++b) {
    if (proof[b].responses.size() != branches[b].witness_count) return false;
    for (const Equation& eq : branches[b].equations) {
      absorb(statement, implied_commitment(eq, proof[b].responses, proof[b].challenge));
    }
    sum = sum + proof[b].challenge;
  }
  return Scalar::from_hash(statement) == sum;
}

void write_branch(game::ByteWriter& out, const BranchProof& branch) {
  write_scalar(out, branch.challenge);
  for (const Scalar& z : branch.responses) write_scalar(out, z);
}

BranchProof read_branch(WireReader& in, std::size_t responses) {
  BranchProof b;
  b.challenge = read_scalar(in);
  b.responses.reserve(responses);
  for (std::size_t i = 0; i < responses; ++i) b.responses.push_back(read_scalar(in));
  return b;
}

}  // namespace parley::crypto
