// Identity files, public keys and signatures from arbitrary bytes: a typed error or a value
// that round-trips, never a crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "crypto/identity.hpp"

using namespace parley::crypto;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  auto id = decode_identity_file(in);
  if (id.ok()) {
    // A file that decodes holds a key pair that works.
    static constexpr DomainLabel kLabel{"fuzz"};
    Signature sig = id->sign(kLabel, in, in);
    if (!verify_signature(id->public_key(), kLabel, in, in, sig)) std::abort();
  }
  auto key = PublicKey::from_bytes(in);
  if (key.ok() && !std::equal(in.begin(), in.end(), key->bytes().begin())) std::abort();
  auto sig = Signature::from_bytes(in);
  if (sig.ok() != (size == kSignatureBytes)) std::abort();
  return 0;
}
