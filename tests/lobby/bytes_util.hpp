#pragma once
// Hex and byte helpers for the lobby tests.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/identity.hpp"

namespace parley::lobby::testing {

inline std::vector<std::uint8_t> from_hex(std::string_view hex) {
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    throw std::invalid_argument("bad hex");
  };
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<std::uint8_t>(nibble(hex[i]) * 16 + nibble(hex[i + 1])));
  }
  return out;
}

inline std::string to_hex(std::span<const std::uint8_t> bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::uint8_t b : bytes) {
    out.push_back(kHex[b >> 4]);
    out.push_back(kHex[b & 15]);
  }
  return out;
}

inline std::vector<std::uint8_t> as_bytes(std::string_view s) { return {s.begin(), s.end()}; }

inline crypto::Identity identity_from_seed(std::span<const std::uint8_t> seed) {
  return crypto::Identity::from_seed(crypto::SecretBytes<crypto::kIdentitySeedBytes>::copy_of(
      std::span<const std::uint8_t, crypto::kIdentitySeedBytes>(seed.data(), crypto::kIdentitySeedBytes)));
}

}  // namespace parley::lobby::testing
