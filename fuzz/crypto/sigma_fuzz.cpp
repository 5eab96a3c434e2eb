// Pedersen commitments and openings and every Σ-proof: decoded proofs are checked against a
// fixed statement (they must simply fail, never crash).
#include "crypto/sigma.hpp"
#include "fuzz/crypto/fuzz_support.hpp"

using namespace parley::crypto;

namespace {

struct Statement {
  ProofContext context = ProofContext(SessionId{}).position(1);
  Point key = Scalar::from_u64(5) * Point::base();
  Point other = Scalar::from_u64(9) * Point::base();
  PedersenCommitment piece = commitment_of({3, Scalar::from_u64(11)});
  ValueSet set = [] {
    std::vector<std::uint32_t> v{1, 3, 5};
    return ValueSet::of(v).value();
  }();
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Statement s;
  std::span<const std::uint8_t> in(data, size);
  fuzzing::expect_canonical(in, decode_pedersen_commitment(in));
  fuzzing::expect_canonical(in, decode_pedersen_opening(in));

  auto schnorr = decode_schnorr_proof(in);
  fuzzing::expect_canonical(in, schnorr);
  if (schnorr.ok()) (void)verify_schnorr(s.context, s.key, *schnorr);
  auto dleq = decode_dleq_proof(in);
  fuzzing::expect_canonical(in, dleq);
  if (dleq.ok()) (void)verify_dleq(s.context, s.key, s.other, s.key, *dleq);
  auto membership = decode_membership_proof(in);
  fuzzing::expect_canonical(in, membership);
  if (membership.ok()) (void)verify_membership(s.context, s.piece, s.set, *membership);
  auto choice = decode_choice_proof(in);
  fuzzing::expect_canonical(in, choice);
  if (choice.ok()) (void)verify_choice(s.context, s.key, s.other, s.piece, *choice);
  for (bool behind : {false, true}) {
    auto flag = decode_flag_choice_proof(in, behind);
    if (!flag.ok()) continue;
    FlagChoiceStatement st{s.key, s.other, s.piece, behind ? std::optional(s.piece) : std::nullopt, 15, 16};
    (void)verify_flag_choice(s.context, st, *flag);
  }
  return 0;
}
