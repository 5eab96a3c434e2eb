#pragma once
// Hex for known-answer tests: the project's one codec (crypto/hex.hpp), with a decoder that
// stops the test at a typo in an expected value.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/hex.hpp"

namespace parley::crypto::testing {

using crypto::to_hex;

inline std::vector<std::uint8_t> from_hex(std::string_view hex) {
  auto bytes = crypto::from_hex(hex);
  if (!bytes) throw std::invalid_argument("bad hex: " + std::string(hex));
  return std::move(bytes).value();
}

inline std::span<const std::uint8_t> as_bytes(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

}  // namespace parley::crypto::testing
