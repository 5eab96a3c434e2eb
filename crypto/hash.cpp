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

Digest blake2b_256(const HashInput& public_prefix,
                   std::initializer_list<std::span<const std::uint8_t>> secret_fields) {
  ensure_sodium();
  crypto_generichash_state state;
  crypto_generichash_init(&state, nullptr, 0, kDigestBytes);
  auto prefix = public_prefix.data();
  crypto_generichash_update(&state, prefix.data(), prefix.size());
  for (auto field : secret_fields) {
    std::array<std::uint8_t, 4> length{};
    auto n = static_cast<std::uint32_t>(field.size());
    for (int i = 0; i < 4; ++i) length[i] = static_cast<std::uint8_t>(n >> (8 * i));
    crypto_generichash_update(&state, length.data(), length.size());
    crypto_generichash_update(&state, field.data(), field.size());
  }
  Digest out{};
  crypto_generichash_final(&state, out.data(), out.size());
  sodium_memzero(&state, sizeof state);
  return out;
}

}  // namespace parley::crypto
