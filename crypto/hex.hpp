#pragma once
// Hex, the project's one encoder and decoder, through libsodium (sodium_bin2hex,
// sodium_hex2bin): keys, hashes and session ids in file names, logs and words for people.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "game/core/bytes.hpp"

namespace parley::crypto {

// Two lower-case hex digits per byte.
std::string to_hex(std::span<const std::uint8_t> bytes);
// The bytes `hex` spells: an even number of hex digits (either case) and nothing else; none for
// anything else.
std::optional<game::Bytes> from_hex(std::string_view hex);

}  // namespace parley::crypto
