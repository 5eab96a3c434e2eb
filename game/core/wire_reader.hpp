#pragma once
// The reader under parley's tagged wire formats (crypto/wire.hpp, lobby/protocol/wire.hpp):
// a tag and a format version first (docs/design.md), then fixed-width little-endian integers,
// u32 counts and u32-length-prefixed byte strings, each count bounded by the caller before
// anything is allocated. The first error is kept and every later read yields zeros, so a decoder
// reads all its fields and then asks finish() for the value or the typed reason the bytes are
// malformed. `Error` is the format's own error enum; it names at least truncated, too_long,
// bad_value, trailing_bytes, wrong_kind and unsupported_version.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"

namespace parley::game {

template <class Tag, class Error, std::uint8_t Version>
class WireReader {
 public:
  explicit WireReader(std::span<const std::uint8_t> in) : in_(in) {}

  // Reads the tag and version; a mismatch is recorded as the error. A kind whose format moved
  // on names its own version.
  void header(Tag expected, std::uint8_t expected_version = Version) {
    const std::uint8_t tag = u8();
    const std::uint8_t version = u8();
    if (error_) return;
    if (tag != static_cast<std::uint8_t>(expected)) {
      fail(Error::wrong_kind);
    } else if (version != expected_version) {
      fail(Error::unsupported_version);
    }
  }
  std::uint8_t u8() { return static_cast<std::uint8_t>(le(1)); }
  std::uint16_t u16() { return static_cast<std::uint16_t>(le(2)); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(le(4)); }
  std::uint64_t u64() { return le(8); }
  bool boolean() {  // u8 0 or 1
    const std::uint8_t v = u8();
    if (v > 1) fail(Error::bad_value);
    return v == 1;
  }
  // A u32 element count that must not exceed `max` (checked before any allocation).
  std::size_t count(std::size_t max) {
    const std::uint32_t n = u32();
    if (error_) return 0;
    if (n > max) {
      fail(Error::too_long);
      return 0;
    }
    return n;
  }
  // A u32-length-prefixed byte string of at most max_len bytes.
  Bytes bytes(std::size_t max_len) {
    auto v = view(count(max_len));
    return Bytes(v.begin(), v.end());
  }
  std::string text(std::size_t max_len) {
    auto v = view(count(max_len));
    return std::string(v.begin(), v.end());
  }
  // Exactly out.size() bytes; zeros after an error.
  void raw(std::span<std::uint8_t> out) {
    auto v = view(out.size());
    if (error_) {
      std::fill(out.begin(), out.end(), std::uint8_t{0});
      return;
    }
    std::copy(v.begin(), v.end(), out.begin());
  }
  // A view of exactly n bytes of the input (empty after an error).
  std::span<const std::uint8_t> view(std::size_t n) {
    if (error_) return {};
    if (remaining() < n) {
      fail(Error::truncated);
      return {};
    }
    auto out = in_.subspan(pos_, n);
    pos_ += n;
    return out;
  }

  // Records an error found by a caller's own check (the first error wins).
  void fail(Error error) {
    if (!error_) error_ = error;
  }
  bool failed() const { return error_.has_value(); }
  std::size_t position() const { return pos_; }
  std::size_t remaining() const { return in_.size() - pos_; }

  // The value if every field decoded and no bytes remain, else the first error.
  template <class T>
  Result<T, Error> finish(T value) {
    if (!error_ && remaining() != 0) error_ = Error::trailing_bytes;
    if (error_) return *error_;
    return value;
  }

 private:
  std::uint64_t le(int width) {
    auto v = view(static_cast<std::size_t>(width));
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < v.size(); ++i) value |= static_cast<std::uint64_t>(v[i]) << (8 * i);
    return value;
  }

  std::span<const std::uint8_t> in_;
  std::size_t pos_ = 0;
  std::optional<Error> error_;
};

}  // namespace parley::game
