#include "archive/compress.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <optional>

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

game::Result<std::string, InflateError> inflate_gzip(std::span<const std::uint8_t> data, std::size_t max_bytes) {
  z_stream z{};
  // 16 + MAX_WBITS: a gzip header and trailer around the deflate data, the trailer's CRC checked.
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return InflateError{"zlib could not start"};
  std::string out;
  std::array<char, 1 << 16> chunk;
  // zlib counts in uInt: hand it the input a piece at a time.
  constexpr std::size_t kPiece = std::size_t{1} << 30;
  std::size_t fed = 0;
  std::optional<InflateError> error;
  for (;;) {
    if (z.avail_in == 0 && fed < data.size()) {
      const std::size_t piece = std::min(kPiece, data.size() - fed);
      z.next_in = const_cast<Bytef*>(data.data() + fed);
      z.avail_in = static_cast<uInt>(piece);
      fed += piece;
    }
    z.next_out = reinterpret_cast<Bytef*>(chunk.data());
    z.avail_out = static_cast<uInt>(chunk.size());
    const int rc = inflate(&z, Z_NO_FLUSH);
    const std::size_t produced = chunk.size() - z.avail_out;
    if (out.size() + produced > max_bytes) {
      error = InflateError{"it inflates to more than " + std::to_string(max_bytes) + " bytes"};
      break;
    }
    out.append(chunk.data(), produced);
    if (rc == Z_STREAM_END) {
      const std::size_t left = z.avail_in + (data.size() - fed);
      if (left == 0) break;
      // Another member follows (`cat a.gz b.gz`); anything else is not gzip.
      const std::size_t at = data.size() - left;
      if (!is_gzip(data.subspan(at))) {
        error = InflateError{"bytes after the end of the compressed data"};
        break;
      }
      inflateReset(&z);
      continue;
    }
    if (rc == Z_BUF_ERROR && z.avail_in == 0 && fed == data.size()) {
      error = InflateError{"the compressed data ends early (a truncated file?)"};
      break;
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      error = InflateError{std::string("corrupt compressed data: ") + (z.msg ? z.msg : zError(rc))};
      break;
    }
  }
  inflateEnd(&z);
  if (error) return *error;
  return out;
}

}  // namespace parley::archive
