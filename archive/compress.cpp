#include "archive/compress.hpp"

#include <zlib.h>

namespace parley::archive {

game::Bytes deflate_bytes(std::span<const std::uint8_t> data) {
  uLongf size = compressBound(static_cast<uLong>(data.size()));
  game::Bytes out(size);
  // compress2 cannot fail with a buffer of compressBound bytes and a valid level.
  compress2(out.data(), &size, data.data(), static_cast<uLong>(data.size()), 6);
  out.resize(size);
  return out;
}

game::Result<game::Bytes, InflateError> inflate_bytes(std::span<const std::uint8_t> data, std::size_t size) {
  if (size > kMaxStoredLogBytes) return InflateError{"stored size " + std::to_string(size) + " exceeds the limit"};
  game::Bytes out(size);
  uLongf got = static_cast<uLongf>(size);
  int rc = uncompress(out.data(), &got, data.data(), static_cast<uLong>(data.size()));
  if (rc != Z_OK) return InflateError{std::string("corrupt compressed log: ") + zError(rc)};
  if (got != size) return InflateError{"compressed log inflates to " + std::to_string(got) + " bytes, not " + std::to_string(size)};
  return out;
}

}  // namespace parley::archive
