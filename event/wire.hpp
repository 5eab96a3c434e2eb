#pragma once
// Canonical encodings of an event's documents (docs/events.md, "Documents"). Every record
// starts with a kind tag and a format version; fields follow game::ByteWriter's rules
// (fixed-width little-endian integers, u32 counts and length prefixes). Decoding goes through
// WireReader, which bounds every count before anything is allocated and keeps the first error.
// A signed document is its body followed by the 64-byte Ed25519 signature of that body.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "crypto/hash.hpp"
#include "crypto/identity.hpp"
#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/core/wire_reader.hpp"

namespace parley::event {

using game::Bytes;
using crypto::Digest;

inline constexpr std::uint8_t kWireVersion = 1;

// One tag per document kind, so the bytes of one kind never decode as another. The values are
// apart from the lobby's and crypto's tags, so no parley record of another layer decodes as one.
enum class WireTag : std::uint8_t {
  event = 0xe1,
  registration = 0xe2,
  pairings = 0xe3,
  results = 0xe4,
  manifest = 0xe5,
  board_room = 0xe6,
};

enum class WireError : std::uint8_t {
  truncated,            // the input ends inside a field
  too_long,             // a length or count exceeds its bound
  bad_value,            // a field holds a value outside its domain, or is not in canonical form
  trailing_bytes,       // bytes left after a complete record
  wrong_kind,           // the tag names another record kind
  unsupported_version,  // a format version this build does not know
  invalid_key,          // not a valid Ed25519 public key
};
std::string_view describe(WireError error);

using WireReader = game::WireReader<WireTag, WireError, kWireVersion>;

void write_header(game::ByteWriter& out, WireTag tag);
void write_key(game::ByteWriter& out, const crypto::PublicKey& key);
// A key that is not a valid point fails the reader with invalid_key; the value returned then is
// a placeholder the caller must not use.
crypto::PublicKey read_key(WireReader& reader);
Digest read_digest(WireReader& reader);
crypto::Signature read_signature(WireReader& reader);
// An optional u16: a presence byte (0 or 1) then the value when present.
void write_optional_u16(game::ByteWriter& out, const std::optional<std::uint16_t>& value);
std::optional<std::uint16_t> read_optional_u16(WireReader& reader);
// A name: UTF-8 that sanitising leaves unchanged (no control or invisible characters, no space
// runs), 1..kMaxNameChars code points. Anything else fails the reader with bad_value.
std::string read_name(WireReader& reader);

// A stand-in key (the Ed25519 base point) for fields whose real key is not known yet.
const crypto::PublicKey& placeholder_key();

// Lower-case hexadecimal, for the JSON and text views.
std::string hex(std::span<const std::uint8_t> bytes);

// The labels of the organizer's and players' signatures and of the documents' digests.
inline constexpr crypto::DomainLabel kEventLabel{"event"};
inline constexpr crypto::DomainLabel kEventIdLabel{"event-id"};
inline constexpr crypto::DomainLabel kEventDigestLabel{"event-digest"};
inline constexpr crypto::DomainLabel kRegistrationLabel{"registration"};
inline constexpr crypto::DomainLabel kPairingsLabel{"pairings"};
inline constexpr crypto::DomainLabel kResultsLabel{"results"};
inline constexpr crypto::DomainLabel kManifestLabel{"manifest"};
inline constexpr crypto::DomainLabel kBundleFileLabel{"bundle-file"};

}  // namespace parley::event
