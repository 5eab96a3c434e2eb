#include "crypto/stream.hpp"

#include <sodium.h>

#include <cstdio>
#include <cstdlib>

#include "crypto/sodium.hpp"

namespace parley::crypto {

namespace {
// randombytes_buf_deterministic's nonce (libsodium randombytes.c).
constexpr std::array<std::uint8_t, crypto_stream_chacha20_ietf_NONCEBYTES> kNonce{'L', 'i', 'b', 's', 'o', 'd',
                                                                                  'i', 'u', 'm', 'D', 'R', 'G'};
}

DeterministicStream::DeterministicStream(std::span<const std::uint8_t, kStreamSeedBytes> seed)
    : key_(SecretBytes<kStreamSeedBytes>::copy_of(seed)) {
  ensure_sodium();
}

DeterministicStream::~DeterministicStream() { sodium_memzero(block_.data(), block_.size()); }

void DeterministicStream::refill() {
  // 2^32 blocks = 256 GiB per seed; no caller comes near it, and wrapping would repeat bytes.
  if (counter_ == UINT32_MAX) {
    std::fputs("parley: deterministic stream exhausted\n", stderr);
    std::abort();
  }
  block_.fill(0);
  crypto_stream_chacha20_ietf_xor_ic(block_.data(), block_.data(), block_.size(), kNonce.data(), counter_++,
                                     key_.expose().data());
  used_ = 0;
}

std::uint8_t DeterministicStream::byte() {
  if (used_ == block_.size()) refill();
  return block_[used_++];
}

std::uint32_t DeterministicStream::below(std::uint32_t bound) {
  const std::uint64_t range = std::uint64_t{1} << 32;
  const std::uint64_t limit = range - range % bound;
  for (;;) {
    std::uint64_t x = 0;
    for (int i = 0; i < 4; ++i) x |= std::uint64_t{byte()} << (8 * i);
    if (x < limit) return static_cast<std::uint32_t>(x % bound);
  }
}

Scalar DeterministicStream::scalar() {
  SecretBytes<64> wide;
  for (auto& b : wide.expose_mutable()) b = byte();
  return Scalar::reduce_wide(wide.expose());
}

}  // namespace parley::crypto
