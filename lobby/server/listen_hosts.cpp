#include "lobby/server/listen_hosts.hpp"

#include <enet/enet.h>
#include <sys/socket.h>

#include <algorithm>

#include "lobby/protocol/limits.hpp"

namespace parley::lobby {

void tune_host(ENetHost* host) {
  host->maximumPacketSize = 2 * kMaxMessageBytes;
  host->maximumWaitingData = 4 * kMaxMessageBytes;
  enet_socket_set_option(host->socket, ENET_SOCKOPT_RCVBUF, kReceiveBufferBytes);
}

game::Result<std::vector<ENetHost*>, ServerError> open_listen_hosts(const Endpoint& listen, unsigned hosts,
                                                                    std::size_t peer_slots) {
  ENetAddress address{};
  if (listen.host == "*" || listen.host == "0.0.0.0") {
    address.host = ENET_HOST_ANY;
  } else if (enet_address_set_host(&address, listen.host.c_str()) != 0) {
    return ServerError{ServerError::Kind::bad_address, "cannot resolve " + listen.host};
  }
  address.port = listen.port;
  std::vector<ENetHost*> opened;
  const auto fail = [&] {
    for (ENetHost* h : opened) enet_host_destroy(h);
    return ServerError{ServerError::Kind::network, "cannot listen on " + to_string(listen) + " (in use?)"};
  };
  if (hosts <= 1) {
    ENetHost* host = enet_host_create(&address, peer_slots, 1, 0, 0);
    if (host == nullptr) return fail();
    tune_host(host);
    return std::vector<ENetHost*>{host};
  }
  for (unsigned i = 0; i < hosts; ++i) {
    ENetHost* host = enet_host_create(nullptr, peer_slots, 1, 0, 0);  // bound below
    if (host == nullptr) return fail();
    opened.push_back(host);
    const int one = 1;
    if (::setsockopt(host->socket, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one) != 0 ||
        enet_socket_bind(host->socket, &address) != 0 || enet_socket_get_address(host->socket, &host->address) != 0)
      return fail();
    address.port = host->address.port;  // asked for port 0: the others share the one the first got
    tune_host(host);
  }
  return opened;
}

Endpoint bound_endpoint(const ENetHost* host) {
  char ip[64] = {0};
  enet_address_get_host_ip(&host->address, ip, sizeof ip);
  return Endpoint{ip, host->address.port};
}

std::uint64_t backlog_bytes(ENetPeer* peer) {
  std::uint64_t bytes = peer->reliableDataInTransit;
  for (ENetListIterator it = enet_list_begin(&peer->outgoingCommands); it != enet_list_end(&peer->outgoingCommands);
       it = enet_list_next(it))
    bytes += reinterpret_cast<const ENetOutgoingCommand*>(it)->fragmentLength;
  return bytes;
}

}  // namespace parley::lobby
