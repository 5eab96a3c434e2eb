#include "archive/compress.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>

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

struct GzipReader::Stream {
  z_stream z{};
  std::array<char, kGzipPieceBytes> out;
};

GzipReader::GzipReader() : z_(std::make_unique<Stream>()) {
  // 16 + MAX_WBITS: a gzip header and trailer around the deflate data, the trailer's CRC checked.
  if (inflateInit2(&z_->z, 16 + MAX_WBITS) != Z_OK) error_ = InflateError{"zlib could not start"};
}

GzipReader::~GzipReader() { inflateEnd(&z_->z); }

std::optional<InflateError> GzipReader::fail(std::string detail) {
  error_ = InflateError{std::move(detail)};
  return error_;
}

game::Result<std::size_t, InflateError> GzipReader::inflate_some(std::span<const std::uint8_t> bytes, const Take& take) {
  z_stream& z = z_->z;
  // zlib counts in uInt: hand it the input a piece at a time.
  constexpr std::size_t kPiece = std::size_t{1} << 30;
  z.next_in = const_cast<Bytef*>(bytes.data());
  z.avail_in = static_cast<uInt>(std::min(kPiece, bytes.size()));
  const std::size_t given = z.avail_in;
  for (;;) {
    z.next_out = reinterpret_cast<Bytef*>(z_->out.data());
    z.avail_out = static_cast<uInt>(z_->out.size());
    const int rc = inflate(&z, Z_NO_FLUSH);
    const std::size_t produced = z_->out.size() - z.avail_out;
    inflated_ += produced;
    if (produced != 0 && !take(std::string_view(z_->out.data(), produced))) {
      stopped_ = true;
      break;
    }
    if (rc == Z_STREAM_END) {
      between_members_ = true;
      break;
    }
    if (rc == Z_BUF_ERROR) break;  // no progress without more input
    if (rc != Z_OK) return InflateError{std::string("corrupt compressed data: ") + (z.msg ? z.msg : zError(rc))};
    if (z.avail_in == 0 && z.avail_out != 0) break;  // the input used up, and nothing more to give out
  }
  return given - z.avail_in;
}

std::optional<InflateError> GzipReader::feed(std::span<const std::uint8_t> bytes, const Take& take) {
  static constexpr std::uint8_t kMagic[] = {0x1f, 0x8b};
  while (!error_ && !stopped_ && !bytes.empty()) {
    if (between_members_) {
      // Another member may follow (`cat a.gz b.gz`); anything else is not gzip.
      for (; magic_seen_ < 2 && !bytes.empty(); ++magic_seen_, bytes = bytes.subspan(1))
        if (bytes[0] != kMagic[magic_seen_]) return fail("bytes after the end of the compressed data");
      if (magic_seen_ < 2) break;
      inflateReset(&z_->z);
      between_members_ = false;
      magic_seen_ = 0;
      if (auto used = inflate_some(kMagic, take); !used) return fail(used.error().detail);
      continue;
    }
    auto used = inflate_some(bytes, take);
    if (!used) return fail(used.error().detail);
    bytes = bytes.subspan(*used);
  }
  return error_;
}

std::optional<InflateError> GzipReader::finish() {
  if (error_ || stopped_) return error_;
  if (!between_members_) return fail("the compressed data ends early (a truncated file?)");
  if (magic_seen_ != 0) return fail("bytes after the end of the compressed data");
  return std::nullopt;
}

game::Result<std::string, InflateError> inflate_gzip(std::span<const std::uint8_t> data, std::size_t max_bytes) {
  std::string out;
  bool over = false;
  GzipReader reader;
  auto error = reader.feed(data, [&](std::string_view piece) {
    if (out.size() + piece.size() > max_bytes) return !(over = true);
    out.append(piece);
    return true;
  });
  if (over) return InflateError{"it inflates to more than " + std::to_string(max_bytes) + " bytes"};
  if (!error) error = reader.finish();
  if (error) return *error;
  return out;
}

}  // namespace parley::archive
