// A node certificate as a node reads its certificate file, or a peer one inside a transcript:
// a typed error or a value that re-encodes to exactly the input; and none the fuzzer makes is
// signed by a deployment key it does not hold.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "lobby/protocol/node_certificate.hpp"

using namespace parley::lobby;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const parley::crypto::Identity deployment = parley::crypto::Identity::from_seed(
      parley::crypto::SecretBytes<parley::crypto::kIdentitySeedBytes>());
  std::span<const std::uint8_t> in(data, size);
  auto c = decode_node_certificate(in);
  if (!c.ok()) return 0;
  Bytes again = encode(*c);
  if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  if (c->valid_from_ms > c->valid_until_ms) std::abort();
  if (verify_certificate(*c, deployment.public_key())) std::abort();
  return 0;
}
