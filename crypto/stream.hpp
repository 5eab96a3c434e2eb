#pragma once
// A deterministic random stream: exactly the bytes randombytes_buf_deterministic(seed) gives
// (ChaCha20-IETF, nonce "LibsodiumDRG"), produced block by block so a consumer can draw as many
// as rejection sampling needs. Peers that share a seed draw the same values in the same order.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/group.hpp"
#include "crypto/secret.hpp"

namespace parley::crypto {

inline constexpr std::size_t kStreamSeedBytes = 32;

class DeterministicStream {
 public:
  explicit DeterministicStream(std::span<const std::uint8_t, kStreamSeedBytes> seed);
  ~DeterministicStream();
  DeterministicStream(const DeterministicStream&) = delete;
  DeterministicStream& operator=(const DeterministicStream&) = delete;

  std::uint8_t byte();
  // Uniform in [0, bound) for bound in [1, 2^32), by rejection sampling of 32-bit draws.
  std::uint32_t below(std::uint32_t bound);
  // A uniform scalar: 64 stream bytes reduced mod ℓ.
  Scalar scalar();

 private:
  void refill();
  SecretBytes<kStreamSeedBytes> key_;
  std::array<std::uint8_t, 64> block_{};
  std::size_t used_ = 64;
  std::uint32_t counter_ = 0;
};

}  // namespace parley::crypto
