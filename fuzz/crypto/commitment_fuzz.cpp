// Hash commitments, commitment openings, beacon reveals and hash-chain values.
#include "crypto/beacon.hpp"
#include "crypto/commitment.hpp"
#include "crypto/hash_chain.hpp"
#include "fuzz/crypto/fuzz_support.hpp"

using namespace parley::crypto;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  fuzzing::expect_canonical(in, decode_hash_commitment(in));
  auto opening = decode_commitment_opening(in);
  fuzzing::expect_canonical(in, opening);
  if (opening.ok()) {
    static constexpr DomainLabel kPurpose{"fuzz"};
    auto c = commitment_of({kPurpose, in}, *opening);
    if (!verify_commitment(c, {kPurpose, in}, *opening)) std::abort();
  }
  fuzzing::expect_canonical(in, decode_beacon_reveal(in));
  fuzzing::expect_canonical(in, decode_chain_value(in));
  return 0;
}
