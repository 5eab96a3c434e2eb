#pragma once
// What both ends of a lobby connection do with ENet beyond its defaults (docs/lobby.md,
// "Transport" and "Loss"): how long a silent connection lives, how often it is pinged, a
// ceiling on the resend timeout of a reliable packet, and packets sealed by the secure channel.
#include <chrono>
#include <cstdint>
#include <span>

#include "lobby/protocol/channel.hpp"

typedef struct _ENetPeer ENetPeer;
typedef struct _ENetPacket ENetPacket;

namespace parley::lobby {

// A connection from which nothing at all has been acknowledged for this long is closed
// (ENet's default: between 5 and 30 s, depending on its resend count).
inline constexpr std::uint32_t kSilenceTimeoutMs = 20'000;
// A ping when nothing else was received for this long (ENet's default: 500 ms).
inline constexpr std::uint32_t kPingIntervalMs = 1'000;
// The ceiling on a reliable packet's resend timeout: this, or the peer's own round-trip timeout
// if larger. ENet doubles the timeout at every resend without bound, so that at 20% loss each
// way (36% of round trips fail) a run of five losses, one packet in 170, left the connection
// silent for over 10 s, which its timeouts then ended.
inline constexpr std::uint32_t kResendCeilingMs = 500;
// How often the ceiling is applied: a packet whose timeout has doubled waits at most this much
// longer than the ceiling.
inline constexpr std::chrono::milliseconds kResendCeilingPeriod{50};

// A direction of a secure channel that has sent nothing for this long sends an empty sealed
// packet (which the other end opens and drops): a packet that something on the path took out
// of the ordered channel shows as a gap within this time even when nothing else follows it.
inline constexpr std::chrono::milliseconds kKeepaliveInterval{2000};

// Applies the timeouts and ping interval above to a new connection.
void tune_peer(ENetPeer* peer);
// Brings every reliable packet in flight back under the resend ceiling.
void cap_resend_timeouts(ENetPeer* peer);

// A reliable ENet packet holding `plaintext` sealed as the next packet of `channel`'s channel 0;
// nullptr if ENet could not allocate it.
ENetPacket* sealed_packet(Channel& channel, std::span<const std::uint8_t> plaintext);
// A reliable ENet packet holding `bytes` as they are (the handshake, refusals before it).
ENetPacket* plain_packet(std::span<const std::uint8_t> bytes);

}  // namespace parley::lobby
