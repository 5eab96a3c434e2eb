#include "event/wire.hpp"

#include <array>

#include "event/limits.hpp"
#include "lobby/protocol/text.hpp"

namespace parley::event {

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

void write_key(game::ByteWriter& out, const crypto::PublicKey& key) { out.raw(key.bytes()); }

const crypto::PublicKey& placeholder_key() {
  // The Ed25519 base point, y = 4/5 (RFC 8032, section 5.1).
  static const crypto::PublicKey key = [] {
    std::array<std::uint8_t, crypto::kPublicKeyBytes> b{};
    b.fill(0x66);
    b[0] = 0x58;
    return crypto::PublicKey::from_bytes(b).value();
  }();
  return key;
}

crypto::PublicKey read_key(WireReader& reader) {
  std::array<std::uint8_t, crypto::kPublicKeyBytes> raw{};
  reader.raw(raw);
  if (reader.failed()) return placeholder_key();
  auto key = crypto::PublicKey::from_bytes(raw);
  if (!key) {
    reader.fail(WireError::invalid_key);
    return placeholder_key();
  }
  return *key;
}

Digest read_digest(WireReader& reader) {
  Digest d{};
  reader.raw(d);
  return d;
}

crypto::Signature read_signature(WireReader& reader) {
  std::array<std::uint8_t, crypto::kSignatureBytes> raw{};
  reader.raw(raw);
  // Any 64 bytes make a Signature; whether it verifies is the verifier's business.
  return crypto::Signature::from_bytes(raw).value();
}

void write_optional_u16(game::ByteWriter& out, const std::optional<std::uint16_t>& value) {
  out.u8(value ? 1 : 0);
  if (value) out.u16(*value);
}

std::optional<std::uint16_t> read_optional_u16(WireReader& reader) {
  if (!reader.boolean()) return std::nullopt;
  return reader.u16();
}

std::string read_name(WireReader& reader) {
  std::string name = reader.text(kMaxNameBytes);
  if (reader.failed()) return name;
  auto clean = lobby::sanitize_text(name, kMaxNameChars);
  if (!clean || *clean != name) reader.fail(WireError::bad_value);
  return name;
}

std::string hex(std::span<const std::uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes.size());
  for (std::uint8_t b : bytes) {
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 15]);
  }
  return out;
}

}  // namespace parley::event
