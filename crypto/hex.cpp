#include "crypto/hex.hpp"

#include <sodium.h>

namespace parley::crypto {

std::string to_hex(std::span<const std::uint8_t> bytes) {
  if (bytes.empty()) return {};  // libsodium's arguments must not be null
  std::string out(bytes.size() * 2 + 1, '\0');  // sodium_bin2hex writes a terminating NUL
  sodium_bin2hex(out.data(), out.size(), bytes.data(), bytes.size());
  out.pop_back();
  return out;
}

std::optional<game::Bytes> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  if (hex.empty()) return game::Bytes{};  // libsodium's arguments must not be null
  game::Bytes out(hex.size() / 2);
  std::size_t length = 0;
  const char* end = nullptr;
  if (sodium_hex2bin(out.data(), out.size(), hex.data(), hex.size(), nullptr, &length, &end) != 0) return std::nullopt;
  // It stops at the first character that is not a hex digit: all of them must be.
  if (end != hex.data() + hex.size() || length != out.size()) return std::nullopt;
  return out;
}

}  // namespace parley::crypto
