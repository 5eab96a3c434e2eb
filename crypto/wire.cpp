#include "crypto/wire.hpp"

#include <algorithm>

namespace parley::crypto {

std::string_view describe(WireError error) {
  switch (error) {
    case WireError::truncated: return "input ends inside a field";
    case WireError::too_long: return "a count or length exceeds its bound";
    case WireError::bad_value: return "a field holds a value outside its domain";
    case WireError::trailing_bytes: return "bytes left after a complete message";
    case WireError::wrong_kind: return "the message is of another kind";
    case WireError::unsupported_version: return "unsupported format version";
    case WireError::invalid_point: return "not a canonical ristretto255 point";
    case WireError::identity_point: return "the identity point where a proper point is required";
    case WireError::non_canonical_scalar: return "a scalar is not reduced below the group order";
  }
  return "unknown wire error";
}

void write_header(game::ByteWriter& out, WireTag tag) {
  out.u8(static_cast<std::uint8_t>(tag));
  out.u8(kWireVersion);
}

void WireReader::fail(WireError error) {
  if (!error_) error_ = error;
}

std::uint64_t WireReader::le(int width) {
  if (error_) return 0;
  if (remaining() < static_cast<std::size_t>(width)) {
    fail(WireError::truncated);
    return 0;
  }
  std::uint64_t v = 0;
  for (int i = 0; i < width; ++i) v |= static_cast<std::uint64_t>(in_[pos_ + i]) << (8 * i);
  pos_ += static_cast<std::size_t>(width);
  return v;
}

void WireReader::header(WireTag expected) {
  auto tag = u8();
  auto version = u8();
  if (error_) return;
  if (tag != static_cast<std::uint8_t>(expected)) {
    fail(WireError::wrong_kind);
  } else if (version != kWireVersion) {
    fail(WireError::unsupported_version);
  }
}

std::uint8_t WireReader::u8() { return static_cast<std::uint8_t>(le(1)); }
std::uint16_t WireReader::u16() { return static_cast<std::uint16_t>(le(2)); }
std::uint32_t WireReader::u32() { return static_cast<std::uint32_t>(le(4)); }

std::size_t WireReader::count(std::size_t max) {
  std::uint32_t n = u32();
  if (error_) return 0;
  if (n > max) {
    fail(WireError::too_long);
    return 0;
  }
  return n;
}

void WireReader::raw(std::span<std::uint8_t> out) {
  if (!error_ && remaining() < out.size()) fail(WireError::truncated);
  if (error_) {
    std::fill(out.begin(), out.end(), std::uint8_t{0});
    return;
  }
  std::copy_n(in_.begin() + static_cast<std::ptrdiff_t>(pos_), out.size(), out.begin());
  pos_ += out.size();
}

}  // namespace parley::crypto
