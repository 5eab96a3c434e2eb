#include "lobby/protocol/wire.hpp"

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
  out.u8(wire_version(tag));
}

std::optional<WireTag> peek_tag(std::span<const std::uint8_t> bytes) {
  if (bytes.empty()) return std::nullopt;
  return static_cast<WireTag>(bytes[0]);
}

}  // namespace parley::lobby
