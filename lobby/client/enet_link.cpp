#include "lobby/client/enet_link.hpp"

#include <enet/enet.h>

#include <algorithm>

namespace parley::lobby {

namespace {

// ENet's limit on resends counts doublings of the first timeout; with the ceiling it would
// never be reached, so only the silence timeout ends a connection (ENet multiplies this by the
// first timeout in a 32-bit field: 4,096 keeps it from overflowing below 17 minutes).
constexpr std::uint32_t kTimeoutLimit = 4096;

}  // namespace

void tune_peer(ENetPeer* peer) {
  enet_peer_timeout(peer, kTimeoutLimit, kSilenceTimeoutMs, kSilenceTimeoutMs);
  enet_peer_ping_interval(peer, kPingIntervalMs);
}

void cap_resend_timeouts(ENetPeer* peer) {
  ENetList* sent = &peer->sentReliableCommands;
  if (enet_list_empty(sent)) return;
  const std::uint32_t ceiling =
      std::max<std::uint32_t>(kResendCeilingMs, peer->roundTripTime + 4 * peer->roundTripTimeVariance);
  for (ENetListIterator it = enet_list_begin(sent); it != enet_list_end(sent); it = enet_list_next(it)) {
    auto* command = reinterpret_cast<ENetOutgoingCommand*>(it);
    command->roundTripTimeout = std::min(command->roundTripTimeout, ceiling);
  }
  // ENet looks at the first packet in flight to know when to check again.
  const auto* first = reinterpret_cast<const ENetOutgoingCommand*>(enet_list_begin(sent));
  peer->nextTimeout = first->sentTime + first->roundTripTimeout;
}

ENetPacket* sealed_packet(Channel& channel, std::span<const std::uint8_t> plaintext) {
  ENetPacket* packet = enet_packet_create(nullptr, Channel::sealed_size(plaintext.size()), ENET_PACKET_FLAG_RELIABLE);
  if (packet == nullptr) return nullptr;
  channel.seal(0, plaintext, std::span<std::uint8_t>(packet->data, packet->dataLength));
  return packet;
}

ENetPacket* plain_packet(std::span<const std::uint8_t> bytes) {
  return enet_packet_create(bytes.data(), bytes.size(), ENET_PACKET_FLAG_RELIABLE);
}

}  // namespace parley::lobby
