#pragma once
// Logs are stored zlib-compressed (RFC 1950): transcripts of signatures and hashes shrink
// little, but the message framing and names do, and zlib is on every system.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

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

// The same contents handed over as they inflate, a piece of at most kGzipPieceBytes at a time,
// so that a reader can look at the first bytes before the rest is inflated (a file that inflates
// to gigabytes of something else is refused after its first piece) and a stream need not be
// held whole. feed() takes the file's bytes in order, in pieces of any size; `take` gets each
// piece of contents and returns false to stop reading (stopped(): nothing more is inflated).
// finish() says whether the file ended where a member ends. The first error stays.
inline constexpr std::size_t kGzipPieceBytes = std::size_t{64} << 10;
class GzipReader {
 public:
  using Take = std::function<bool(std::string_view piece)>;
  GzipReader();
  ~GzipReader();
  GzipReader(const GzipReader&) = delete;
  GzipReader& operator=(const GzipReader&) = delete;

  std::optional<InflateError> feed(std::span<const std::uint8_t> bytes, const Take& take);
  std::optional<InflateError> finish();
  bool stopped() const { return stopped_; }
  std::uint64_t inflated() const { return inflated_; }  // bytes of contents handed over

 private:
  // Inflates from the start of `bytes` until they are used up, a member ends, or `take` stops;
  // returns how many were used.
  game::Result<std::size_t, InflateError> inflate_some(std::span<const std::uint8_t> bytes, const Take& take);
  std::optional<InflateError> fail(std::string detail);

  struct Stream;
  std::unique_ptr<Stream> z_;
  std::optional<InflateError> error_;
  bool between_members_ = false;  // a member ended: only another member's magic may follow
  std::size_t magic_seen_ = 0;    // of that magic, split between feeds
  bool stopped_ = false;
  std::uint64_t inflated_ = 0;
};

}  // namespace parley::archive
