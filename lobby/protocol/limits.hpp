#pragma once
// Protocol-wide bounds. Every decoder checks them before it allocates; the lobby refuses
// anything beyond them with a typed error. docs/lobby.md explains each number.
#include <cstddef>
#include <cstdint>

#include "game/core/seat.hpp"

namespace parley::lobby {

// An envelope body. The largest message the session layer sends is a shuffle of the largest
// deck (crypto::kMaxDeckSize = 256 cards) with its K = 64 cut-and-choose proof, every round
// opened to the output: 256·64 B of masked cards + 64·(1 + 2·256 + 32·256) B of openings
// ≈ 574 KB. 1 MiB leaves room for that with a margin.
inline constexpr std::size_t kMaxEnvelopeBody = 1024 * 1024;
// Any single lobby message: an envelope or entry record with every fixed field around it.
inline constexpr std::size_t kMaxMessageBytes = kMaxEnvelopeBody + 4096;

inline constexpr std::uint8_t kMinSeats = 2;
inline constexpr std::uint8_t kMaxSeats = game::kMaxSeats;  // 6

inline constexpr std::size_t kMaxGameNameBytes = 32;    // [a-z0-9-], e.g. "risiko"
inline constexpr std::size_t kMaxOptionsBytes = 16 * 1024;
inline constexpr std::size_t kMaxDisplayNameChars = 32;  // code points after sanitising
inline constexpr std::size_t kMaxDisplayNameBytes = 256; // raw bytes a client may send
inline constexpr std::size_t kMaxChatChars = 500;
inline constexpr std::size_t kMaxChatBytes = 4 * kMaxChatChars;
inline constexpr std::size_t kInviteCodeChars = 10;      // base32, 50 bits
inline constexpr std::size_t kMaxInviteCodeBytes = 32;
inline constexpr std::size_t kMaxDetailBytes = 256;      // a refusal's human-readable detail
inline constexpr std::size_t kMaxRoomsPerList = 100;     // one page of a room list
inline constexpr std::size_t kMaxListedOptionsBytes = 1024;  // a room's options in a room list
// A page of rooms at its largest (every field at its bound, six named seats, options listed)
// is one lobby message.
static_assert(kMaxRoomsPerList * (8 + 4 + kMaxGameNameBytes + 1 + kMaxSeats * (1 + 4 + kMaxDisplayNameBytes) + 2 + 1 +
                                  1 + 4 + kMaxListedOptionsBytes) + 64 <=
              kMaxMessageBytes);
inline constexpr std::size_t kMaxSpectatorsCount = 65535;
inline constexpr std::size_t kMaxWelcomeRooms = 64;
inline constexpr std::size_t kMaxPlayersPerList = 100;  // one page of players online
inline constexpr std::size_t kMaxRatingsPerPlayer = 8;  // one per game
inline constexpr std::size_t kMaxListedQueues = 32;     // a LobbyPulse's queues
inline constexpr std::size_t kMaxListedNodes = 64;       // a cluster's node list
inline constexpr std::size_t kMaxEndpointBytes = 262;    // HOST:PORT, a DNS name at its longest

}  // namespace parley::lobby
