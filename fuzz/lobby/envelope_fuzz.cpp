// Signed envelopes: decoding is canonical, and verifying an arbitrary one against a key is a
// clean false, never a crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "lobby/protocol/envelope.hpp"

using namespace parley::lobby;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const parley::crypto::Identity seat = parley::crypto::Identity::from_seed(
      parley::crypto::SecretBytes<parley::crypto::kIdentitySeedBytes>());
  std::span<const std::uint8_t> in(data, size);
  auto e = decode_signed_envelope(in);
  if (!e.ok()) return 0;
  Bytes again = encode_signed_envelope(*e);
  if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  // Random bytes do not carry a valid signature by the fixed seat key; re-signing them does.
  if (verify_envelope(seat.public_key(), *e)) std::abort();
  SignedEnvelope resigned = sign_envelope(seat, e->envelope);
  if (!verify_envelope(seat.public_key(), resigned)) std::abort();
  return 0;
}
