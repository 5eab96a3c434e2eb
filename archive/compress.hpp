#pragma once
// Logs are stored zlib-compressed (RFC 1950): transcripts of signatures and hashes shrink
// little, but the message framing and names do, and zlib is on every system.
#include <cstdint>
#include <span>
#include <string>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"

namespace parley::archive {

// The largest log the archive keeps or inflates (a .plog of kMaxLogEntries short entries fits).
inline constexpr std::size_t kMaxStoredLogBytes = std::size_t{256} << 20;

game::Bytes deflate_bytes(std::span<const std::uint8_t> data);

struct InflateError {
  std::string detail;
};
// `size` is the uncompressed size recorded beside the data; anything else is an error.
game::Result<game::Bytes, InflateError> inflate_bytes(std::span<const std::uint8_t> data, std::size_t size);

}  // namespace parley::archive
