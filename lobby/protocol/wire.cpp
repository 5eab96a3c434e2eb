#include "lobby/protocol/wire.hpp"

#include <algorithm>

namespace parley::lobby {

std::string_view describe(WireError error) {
  switch (error) {
    case WireError::truncated: return "the input ends inside a field";
    case WireError::too_long: return "a length or count exceeds its bound";
    case WireError::bad_value: return "a field holds a value outside its domain";
    case WireError::trailing_bytes: return "bytes left after a complete record";
    case WireError::wrong_kind: return "the record tag names another kind";
    case WireError::unsupported_version: return "unsupported record format version";
    case WireError::invalid_key: return "a public key is not a valid Ed25519 point";
  }
  return "unknown wire error";
}

void write_header(game::ByteWriter& out, WireTag tag) {
  out.u8(static_cast<std::uint8_t>(tag));
  out.u8(kWireVersion);
}

std::uint64_t WireReader::le(int width) {
  if (error_) return 0;
  if (remaining() < static_cast<std::size_t>(width)) {
    error_ = WireError::truncated;
    return 0;
  }
  std::uint64_t v = 0;
  for (int i = 0; i < width; ++i) v |= static_cast<std::uint64_t>(in_[pos_ + static_cast<std::size_t>(i)]) << (8 * i);
  pos_ += static_cast<std::size_t>(width);
  return v;
}

void WireReader::header(WireTag expected) {
  std::uint8_t tag = u8();
  std::uint8_t version = u8();
  if (error_) return;
  if (tag != static_cast<std::uint8_t>(expected)) {
    error_ = WireError::wrong_kind;
  } else if (version != kWireVersion) {
    error_ = WireError::unsupported_version;
  }
}

std::uint8_t WireReader::u8() { return static_cast<std::uint8_t>(le(1)); }
std::uint16_t WireReader::u16() { return static_cast<std::uint16_t>(le(2)); }
std::uint32_t WireReader::u32() { return static_cast<std::uint32_t>(le(4)); }
std::uint64_t WireReader::u64() { return le(8); }

bool WireReader::boolean() {
  std::uint8_t v = u8();
  if (v > 1) fail(WireError::bad_value);
  return v == 1;
}

std::size_t WireReader::count(std::size_t max) {
  std::uint32_t n = u32();
  if (error_) return 0;
  if (n > max) {
    error_ = WireError::too_long;
    return 0;
  }
  return n;
}

std::span<const std::uint8_t> WireReader::view(std::size_t n) {
  if (error_) return {};
  if (remaining() < n) {
    error_ = WireError::truncated;
    return {};
  }
  auto out = in_.subspan(pos_, n);
  pos_ += n;
  return out;
}

Bytes WireReader::bytes(std::size_t max_len) {
  std::size_t n = count(max_len);
  auto v = view(n);
  return Bytes(v.begin(), v.end());
}

std::string WireReader::text(std::size_t max_len) {
  std::size_t n = count(max_len);
  auto v = view(n);
  return std::string(v.begin(), v.end());
}

void WireReader::raw(std::span<std::uint8_t> out) {
  auto v = view(out.size());
  if (error_) {
    std::fill(out.begin(), out.end(), std::uint8_t{0});
    return;
  }
  std::copy(v.begin(), v.end(), out.begin());
}

void WireReader::fail(WireError error) {
  if (!error_) error_ = error;
}

std::optional<WireTag> peek_tag(std::span<const std::uint8_t> bytes) {
  if (bytes.empty()) return std::nullopt;
  return static_cast<WireTag>(bytes[0]);
}

}  // namespace parley::lobby
