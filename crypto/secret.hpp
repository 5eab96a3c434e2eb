#pragma once
// Fixed-size secret bytes (seeds, keys, nonces of commitments). The bytes are wiped with
// sodium_memzero when the object dies or is overwritten, compared in constant time, and have
// no stream or format support, so they cannot end up in a log by accident. Reading them needs
// an explicit expose(), which makes every use visible in review.
#include <sodium.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/sodium.hpp"

namespace parley::crypto {

template <std::size_t N>
class SecretBytes {
 public:
  SecretBytes() { bytes_.fill(0); }
  ~SecretBytes() { sodium_memzero(bytes_.data(), N); }
  SecretBytes(const SecretBytes& other) : bytes_(other.bytes_) {}
  SecretBytes& operator=(const SecretBytes& other) {
    bytes_ = other.bytes_;
    return *this;
  }

  static SecretBytes random() {
    ensure_sodium();
    SecretBytes s;
    randombytes_buf(s.bytes_.data(), N);
    return s;
  }
  static SecretBytes copy_of(std::span<const std::uint8_t, N> bytes) {
    SecretBytes s;
    for (std::size_t i = 0; i < N; ++i) s.bytes_[i] = bytes[i];
    return s;
  }

  std::span<const std::uint8_t, N> expose() const { return bytes_; }
  std::span<std::uint8_t, N> expose_mutable() { return bytes_; }
  static constexpr std::size_t size() { return N; }

  friend bool operator==(const SecretBytes& a, const SecretBytes& b) {
    return sodium_memcmp(a.bytes_.data(), b.bytes_.data(), N) == 0;
  }

 private:
  std::array<std::uint8_t, N> bytes_;
};

}  // namespace parley::crypto
