#include "crypto/hash.hpp"

#include <sodium.h>

#include "crypto/sodium.hpp"

namespace parley::crypto {

std::string DomainLabel::text() const {
  std::string s = "parley/";
  s.append(purpose_);
  s.append("/v1");
  return s;
}

void DomainLabel::write_to(game::ByteWriter& out) const { out.text(text()); }

namespace {

template <std::size_t N>
std::array<std::uint8_t, N> generichash(const HashInput& input) {
  static_assert(N >= crypto_generichash_BYTES_MIN && N <= crypto_generichash_BYTES_MAX);
  ensure_sodium();
  std::array<std::uint8_t, N> out{};
  auto in = input.data();
  // Unkeyed BLAKE2b cannot fail for output sizes inside the bounds checked above.
  crypto_generichash(out.data(), N, in.data(), in.size(), nullptr, 0);
  return out;
}

}  // namespace

Digest blake2b_256(const HashInput& input) { return generichash<kDigestBytes>(input); }
WideDigest blake2b_512(const HashInput& input) { return generichash<kWideDigestBytes>(input); }

}  // namespace parley::crypto
