#pragma once
// Strong types for the lobby's identifiers, so a room id can never be passed as an entry index
// or a request id as a seat.
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>

#include "crypto/hash.hpp"

namespace parley::lobby {

// A room, numbered by the lobby from 1; 0 means "no room" on the wire (e.g. join by code).
struct RoomId {
  std::uint64_t value = 0;
  friend auto operator<=>(const RoomId&, const RoomId&) = default;
};
// Chat and ChatLine with this room are the lobby's common chat (messages.hpp, WatchLobby).
inline constexpr RoomId kLobbyRoom{0};

// The position of an entry in a room's transcript; the genesis entry is 0.
struct EntryIndex {
  std::uint64_t value = 0;
  friend auto operator<=>(const EntryIndex&, const EntryIndex&) = default;
};

// Chosen by the client per request; the lobby echoes it in the answer (0 marks pushes).
struct RequestId {
  std::uint32_t value = 0;
  friend auto operator<=>(const RequestId&, const RequestId&) = default;
};

// What an envelope's body is, in the session layer's numbering. The lobby never interprets it.
struct EnvelopeKind {
  std::uint16_t value = 0;
  friend auto operator<=>(const EnvelopeKind&, const EnvelopeKind&) = default;
};

inline constexpr std::size_t kSessionIdBytes = 32;
// A game's fresh random identity, fixed by the genesis entry; every signature of the game is
// bound to it.
struct SessionId {
  std::array<std::uint8_t, kSessionIdBytes> bytes{};
  friend auto operator<=>(const SessionId&, const SessionId&) = default;
};

// h_i = BLAKE2b-256(parley/entry-hash/v1 ‖ h_{i-1} ‖ entry bytes).
using EntryHash = crypto::Digest;

}  // namespace parley::lobby
