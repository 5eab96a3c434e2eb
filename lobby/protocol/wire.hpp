#pragma once
// Canonical encodings of the lobby protocol (docs/lobby.md). Every record starts with a kind
// tag and a format version (docs/design.md); fields follow game::ByteWriter's rules
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
#include "game/core/wire_reader.hpp"

namespace parley::lobby {

using game::Bytes;

inline constexpr std::uint8_t kWireVersion = 1;

// One tag per record kind, so the bytes of one kind never decode as another. Requests from a
// client are 1..63, messages from the lobby 64..99, messages between the nodes of a cluster
// 100..127 (node_link.hpp), transcript records 128 and up.
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
  lan_probe = 13,
  client_hello = 14,  // the secure channel's handshake (handshake.hpp)
  client_proof = 15,
  watch_lobby = 16,
  list_players = 17,

  // Protocol 1's first message, retired: a client of protocol 2 knows an older lobby by it.
  legacy_challenge = 64,
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
  lan_answer = 75,
  lobby_hello = 76,
  node_list = 77,  // a cluster's nodes (messages.hpp)
  player_list = 78,
  lobby_pulse = 79,

  // Messages between the nodes of a cluster (node_link.hpp), inside their secure channel.
  link_login = 101,
  link_welcome = 102,
  link_attach = 103,
  link_detach = 104,
  link_request = 105,
  link_deliver = 106,
  link_close = 107,

  envelope = 128,
  transcript_entry = 129,
  node_certificate = 130,
};

// A kind's format version. RoomList is at 2: its rooms name their seated players and carry
// their options (docs/lobby.md); a client and a lobby a format apart refuse each other's
// lists as unsupported instead of misreading them. Login is at 2: the key it logs in with is
// the one the secure channel proved. The LAN probe and answer are at 2: the answer is signed
// and the probe padded to its size. Every other kind is at kWireVersion.
constexpr std::uint8_t wire_version(WireTag tag) {
  switch (tag) {
    case WireTag::room_list:
    case WireTag::login:
    case WireTag::lan_probe:
    case WireTag::lan_answer: return 2;
    default: return kWireVersion;
  }
}

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

using WireReader = game::WireReader<WireTag, WireError, kWireVersion>;

// The tag of a record, if it has at least a tag byte (used to dispatch decoders).
std::optional<WireTag> peek_tag(std::span<const std::uint8_t> bytes);

}  // namespace parley::lobby
