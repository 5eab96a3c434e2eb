#include "game/core/bytes.hpp"

namespace parley::game {

std::string_view describe(DecodeError error) {
  switch (error) {
    case DecodeError::truncated: return "input ends inside a field";
    case DecodeError::too_long: return "a length prefix exceeds its bound";
    case DecodeError::bad_value: return "a field holds a value outside its domain";
    case DecodeError::trailing_bytes: return "bytes left after a complete record";
  }
  return "unknown decode error";
}

void ByteWriter::bytes(std::span<const std::uint8_t> b) {
  u32(static_cast<std::uint32_t>(b.size()));
  raw(b);
}

void ByteWriter::text(std::string_view s) {
  bytes({reinterpret_cast<const std::uint8_t*>(s.data()), s.size()});
}

Result<std::uint64_t, DecodeError> ByteReader::le(int width) {
  if (remaining() < static_cast<std::size_t>(width)) return DecodeError::truncated;
  std::uint64_t v = 0;
  for (int i = 0; i < width; ++i) v |= static_cast<std::uint64_t>(in_[pos_ + i]) << (8 * i);
  pos_ += static_cast<std::size_t>(width);
  return v;
}

Result<std::uint8_t, DecodeError> ByteReader::u8() {
  auto v = le(1);
  if (!v) return v.error();
  return static_cast<std::uint8_t>(*v);
}
Result<std::uint16_t, DecodeError> ByteReader::u16() {
  auto v = le(2);
  if (!v) return v.error();
  return static_cast<std::uint16_t>(*v);
}
Result<std::uint32_t, DecodeError> ByteReader::u32() {
  auto v = le(4);
  if (!v) return v.error();
  return static_cast<std::uint32_t>(*v);
}
Result<std::uint64_t, DecodeError> ByteReader::u64() { return le(8); }

Result<std::span<const std::uint8_t>, DecodeError> ByteReader::raw(std::size_t n) {
  if (remaining() < n) return DecodeError::truncated;
  auto out = in_.subspan(pos_, n);
  pos_ += n;
  return out;
}

Result<Bytes, DecodeError> ByteReader::bytes(std::size_t max_len) {
  auto len = u32();
  if (!len) return len.error();
  if (*len > max_len) return DecodeError::too_long;
  auto span = raw(*len);
  if (!span) return span.error();
  return Bytes(span->begin(), span->end());
}

Result<std::string, DecodeError> ByteReader::text(std::size_t max_len) {
  auto b = bytes(max_len);
  if (!b) return b.error();
  return std::string(b->begin(), b->end());
}

Result<std::size_t, DecodeError> ByteReader::finish() const {
  if (remaining() != 0) return DecodeError::trailing_bytes;
  return pos_;
}

std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::uint8_t b : bytes) {
    h ^= b;
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace parley::game
