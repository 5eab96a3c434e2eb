#pragma once
// RoomHeader: what a room is, apart from who sits in it. One record for the three places that
// hold a room: the lobby's live Room (lobby/server/room.hpp), its database row (StoredRoom,
// lobby/server/storage.hpp) and the RoomState message its members see (messages.hpp).
#include <cstdint>
#include <string>

#include "game/core/bytes.hpp"
#include "lobby/protocol/ids.hpp"

namespace parley::lobby {

enum class Visibility : std::uint8_t { public_room = 0, invite_only = 1 };
enum class RoomPhase : std::uint8_t { waiting = 0, started = 1, closed = 2 };

struct RoomHeader {
  RoomId room;
  std::string game;
  game::Bytes options;                            // the creator's, opaque to the lobby
  Visibility visibility = Visibility::public_room;
  std::string invite_code;                        // invite-only rooms; empty for public ones
  RoomPhase phase = RoomPhase::waiting;
  SessionId session_id;                           // zero until the game starts
  friend bool operator==(const RoomHeader&, const RoomHeader&) = default;
};

}  // namespace parley::lobby
