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

// PGN collections are often handed round gzipped: the contents of a gzip file (RFC 1952; one
// member or several, as `cat a.gz b.gz` makes), refused past `max_bytes` of them, or if the
// file is truncated, corrupt or followed by anything but another member.
inline bool is_gzip(std::span<const std::uint8_t> data) {
  return data.size() >= 2 && data[0] == 0x1f && data[1] == 0x8b;
}
game::Result<std::string, InflateError> inflate_gzip(std::span<const std::uint8_t> data, std::size_t max_bytes);

}  // namespace parley::archive
