#pragma once
// What both ends of a lobby connection do with ENet beyond its defaults (docs/lobby.md,
// "Secure channel"): packets sealed by the secure channel, and its keepalive.
#include <chrono>
#include <cstdint>
#include <span>

#include "lobby/protocol/channel.hpp"

typedef struct _ENetPeer ENetPeer;
typedef struct _ENetPacket ENetPacket;

namespace parley::lobby {

// A direction of a secure channel that has sent nothing for this long sends an empty sealed
// packet (which the other end opens and drops): a packet that something on the path took out
// of the ordered channel shows as a gap within this time even when nothing else follows it.
inline constexpr std::chrono::milliseconds kKeepaliveInterval{2000};

// A reliable ENet packet holding `plaintext` sealed as the next packet of `channel`'s channel 0;
// nullptr if ENet could not allocate it.
ENetPacket* sealed_packet(Channel& channel, std::span<const std::uint8_t> plaintext);
// A reliable ENet packet holding `bytes` as they are (the handshake, refusals before it).
ENetPacket* plain_packet(std::span<const std::uint8_t> bytes);

}  // namespace parley::lobby
