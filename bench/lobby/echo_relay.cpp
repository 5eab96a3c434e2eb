#include "bench/lobby/echo_relay.hpp"

#include <enet/enet.h>

#include <cstring>
#include <map>
#include <stdexcept>
#include <vector>

#include "lobby/client/enet_init.hpp"
#include "lobby/protocol/limits.hpp"
#include "lobby/server/lobby_server.hpp"

namespace parley::lobby::bench {

EchoRelay::EchoRelay() {
  if (!ensure_enet()) throw std::runtime_error("ENet failed to initialise");
  ENetAddress address{};
  enet_address_set_host(&address, "127.0.0.1");
  address.port = 0;
  host_ = enet_host_create(&address, ENET_PROTOCOL_MAXIMUM_PEER_ID, 1, 0, 0);
  if (host_ == nullptr) throw std::runtime_error("cannot bind the echo relay");
  // The lobby's receive buffer, so neither drops what the other would keep.
  enet_socket_set_option(host_->socket, ENET_SOCKOPT_RCVBUF, kReceiveBufferBytes);
  host_->maximumPacketSize = 2 * kMaxMessageBytes;
  endpoint_ = Endpoint{"127.0.0.1", host_->address.port};
  thread_ = std::thread([this] { serve(); });
}

EchoRelay::~EchoRelay() {
  stop_ = true;
  thread_.join();
  enet_host_destroy(host_);
}

void EchoRelay::serve() {
  std::map<std::uint32_t, std::vector<ENetPeer*>> rooms;
  constexpr std::uintptr_t kNoRoom = 0;
  while (!stop_.load(std::memory_order_relaxed)) {
    ENetEvent ev;
    int r = enet_host_service(host_, &ev, 20);
    while (r > 0) {
      switch (ev.type) {
        case ENET_EVENT_TYPE_CONNECT: ev.peer->data = reinterpret_cast<void*>(kNoRoom); break;
        case ENET_EVENT_TYPE_RECEIVE: {
          auto room_plus_one = reinterpret_cast<std::uintptr_t>(ev.peer->data);
          if (room_plus_one == kNoRoom && ev.packet->dataLength == 4) {
            std::uint32_t room = 0;
            std::memcpy(&room, ev.packet->data, 4);
            rooms[room].push_back(ev.peer);
            ev.peer->data = reinterpret_cast<void*>(static_cast<std::uintptr_t>(room) + 1);
            ENetPacket* ack = enet_packet_create("j", 1, ENET_PACKET_FLAG_RELIABLE);
            enet_peer_send(ev.peer, 0, ack);
            enet_packet_destroy(ev.packet);
          } else {
            for (ENetPeer* member : rooms[static_cast<std::uint32_t>(room_plus_one - 1)]) {
              enet_peer_send(member, 0, ev.packet);
            }
            if (ev.packet->referenceCount == 0) enet_packet_destroy(ev.packet);
          }
          break;
        }
        case ENET_EVENT_TYPE_DISCONNECT: {
          auto room_plus_one = reinterpret_cast<std::uintptr_t>(ev.peer->data);
          if (room_plus_one != kNoRoom) std::erase(rooms[static_cast<std::uint32_t>(room_plus_one - 1)], ev.peer);
          break;
        }
        case ENET_EVENT_TYPE_NONE: break;
      }
      r = enet_host_service(host_, &ev, 0);
    }
    enet_host_flush(host_);
  }
}

}  // namespace parley::lobby::bench
