#pragma once
// Canonical encodings of the lobby protocol (docs/lobby.md). Every record starts with a kind
// tag and a format version (DESIGN section 3); fields follow game::ByteWriter's rules
// (fixed-width little-endian integers, u32-length-prefixed byte strings). Decoding goes through
// WireReader, which bounds every length before anything is allocated and keeps the first
// error: a decoder reads its fields, then asks finish() for the value or the typed reason the
// bytes are malformed. Never cereal's binary input archive: it sizes containers from the input.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"

namespace parley::lobby {

using game::Bytes;

inline constexpr std::uint8_t kWireVersion = 1;

// One tag per record kind, so the bytes of one kind never decode as another. Requests from a
// client are 1..63, messages from the lobby 64..127, transcript records 128 and up.
enum class WireTag : std::uint8_t {
  login = 1,
  create_room = 2,
  list_rooms = 3,
  join_room = 4,
  leave_room = 5,
  set_ready = 6,
  quick_match = 7,
  leave_queue = 8,
  chat = 9,
  post = 10,
  fetch_entries = 11,
  status_query = 12,

  challenge = 64,
  welcome = 65,
  refused = 66,
  done = 67,
  room_state = 68,
  room_list = 69,
  queued = 70,
  entry = 71,
  entries_end = 72,
  chat_line = 73,
  status_report = 74,

  envelope = 128,
  transcript_entry = 129,
};

enum class WireError : std::uint8_t {
  truncated,            // the input ends inside a field
  too_long,             // a length or count exceeds its bound
  bad_value,            // a field holds a value outside its domain
  trailing_bytes,       // bytes left after a complete record
  wrong_kind,           // the tag names another record kind (or none this build knows)
  unsupported_version,  // a format version this build does not know
  invalid_key,          // not a valid Ed25519 public key
};
std::string_view describe(WireError error);

void write_header(game::ByteWriter& out, WireTag tag);

class WireReader {
 public:
  explicit WireReader(std::span<const std::uint8_t> in) : in_(in) {}

  // Reads the tag and version; a mismatch is recorded as the error.
  void header(WireTag expected);
  std::uint8_t u8();
  std::uint16_t u16();
  std::uint32_t u32();
  std::uint64_t u64();
  bool boolean();  // u8 0 or 1
  // A u32-length-prefixed byte string of at most max_len bytes (checked before allocating).
  Bytes bytes(std::size_t max_len);
  std::string text(std::size_t max_len);
  // A u32 element count that must not exceed max.
  std::size_t count(std::size_t max);
  // Exactly out.size() bytes; zeros after an error.
  void raw(std::span<std::uint8_t> out);
  // A view of exactly n bytes of the input (empty after an error).
  std::span<const std::uint8_t> view(std::size_t n);

  // Records an error found by a caller's own check (the first error wins).
  void fail(WireError error);
  bool failed() const { return error_.has_value(); }
  std::size_t position() const { return pos_; }
  std::size_t remaining() const { return in_.size() - pos_; }

  // The value if every field decoded and no bytes remain, else the first error.
  template <class T>
  game::Result<T, WireError> finish(T value) {
    if (!error_ && remaining() != 0) error_ = WireError::trailing_bytes;
    if (error_) return *error_;
    return value;
  }

 private:
  std::uint64_t le(int width);
  std::span<const std::uint8_t> in_;
  std::size_t pos_ = 0;
  std::optional<WireError> error_;
};

// The tag of a record, if it has at least a tag byte (used to dispatch decoders).
std::optional<WireTag> peek_tag(std::span<const std::uint8_t> bytes);

}  // namespace parley::lobby
