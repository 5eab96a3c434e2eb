#pragma once
// Canonical byte encodings: little-endian fixed-width integers and u32-length-prefixed byte
// strings. States encode themselves with ByteWriter; their hash for peers (BLAKE2b-256) is taken
// outside game/. ByteReader bounds every length against what is left before it allocates.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "game/core/result.hpp"

namespace parley::game {

using Bytes = std::vector<std::uint8_t>;

enum class DecodeError : std::uint8_t {
  truncated,       // the input ends inside a field
  too_long,        // a length prefix exceeds the caller's bound
  bad_value,       // a field holds a value outside its domain
  trailing_bytes,  // bytes are left after a complete record
};

std::string_view describe(DecodeError error);

class ByteWriter {
 public:
  void u8(std::uint8_t v) { out_.push_back(v); }
  void u16(std::uint16_t v) { put_le(v, 2); }
  void u32(std::uint32_t v) { put_le(v, 4); }
  void u64(std::uint64_t v) { put_le(v, 8); }
  void raw(std::span<const std::uint8_t> bytes) { out_.insert(out_.end(), bytes.begin(), bytes.end()); }
  // A length-prefixed field: u32 length, then the bytes.
  void bytes(std::span<const std::uint8_t> b);
  void text(std::string_view s);

  const Bytes& data() const { return out_; }
  Bytes take() && { return std::move(out_); }

 private:
  void put_le(std::uint64_t v, int width) {
    for (int i = 0; i < width; ++i) out_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  Bytes out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::span<const std::uint8_t> in) : in_(in) {}

  Result<std::uint8_t, DecodeError> u8();
  Result<std::uint16_t, DecodeError> u16();
  Result<std::uint32_t, DecodeError> u32();
  Result<std::uint64_t, DecodeError> u64();
  // A length-prefixed field whose length must not exceed max_len.
  Result<Bytes, DecodeError> bytes(std::size_t max_len);
  Result<std::string, DecodeError> text(std::size_t max_len);
  // Exactly n raw bytes (no prefix).
  Result<std::span<const std::uint8_t>, DecodeError> raw(std::size_t n);

  std::size_t remaining() const { return in_.size() - pos_; }
  // Succeeds only when the whole input was consumed.
  Result<std::size_t, DecodeError> finish() const;

 private:
  Result<std::uint64_t, DecodeError> le(int width);
  std::span<const std::uint8_t> in_;
  std::size_t pos_ = 0;
};

// A 64-bit FNV-1a over canonical bytes: deterministic on every peer, for engines without a
// cheaper incremental key. It is an index, not a commitment: peers compare BLAKE2b digests.
std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes);

}  // namespace parley::game
