#include "lobby/client/enet_link.hpp"

#include <enet/enet.h>

namespace parley::lobby {

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
