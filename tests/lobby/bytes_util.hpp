#pragma once
// Hex and byte helpers for the lobby tests (hex: the crypto tests' known-answer helpers).
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "crypto/identity.hpp"
#include "tests/crypto/hex.hpp"

namespace parley::lobby::testing {

using crypto::testing::from_hex;
using crypto::testing::to_hex;

inline std::vector<std::uint8_t> as_bytes(std::string_view s) { return {s.begin(), s.end()}; }

inline crypto::Identity identity_from_seed(std::span<const std::uint8_t> seed) {
  return crypto::Identity::from_seed(crypto::SecretBytes<crypto::kIdentitySeedBytes>::copy_of(
      std::span<const std::uint8_t, crypto::kIdentitySeedBytes>(seed.data(), crypto::kIdentitySeedBytes)));
}

}  // namespace parley::lobby::testing
