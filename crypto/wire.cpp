#include "crypto/wire.hpp"

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

}  // namespace parley::crypto
