#pragma once
// The ENet hosts a lobby or a cluster node listens with: one bound as ENet binds it, or several
// sharing one port (SO_REUSEPORT), each tuned for the protocol's largest messages.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "game/core/result.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/server/lobby_server.hpp"

typedef struct _ENetHost ENetHost;
typedef struct _ENetPeer ENetPeer;

namespace parley::lobby {

// Lets packets up to twice the protocol's largest message through ENet (so that a larger one
// can be refused as too large) and asks for kReceiveBufferBytes of socket buffer.
void tune_host(ENetHost* host);

// `hosts` hosts (at least one) on `listen` ("*" or "0.0.0.0": every address), each with
// `peer_slots` peers and tuned. With several, the kernel hands each client's datagrams to the
// socket its address hashes to, always the same one, so each host sees whole connections.
game::Result<std::vector<ENetHost*>, ServerError> open_listen_hosts(const Endpoint& listen, unsigned hosts,
                                                                    std::size_t peer_slots);

// The address a host is bound to, as HOST:PORT.
Endpoint bound_endpoint(const ENetHost* host);

// Bytes ENet still holds for a peer: commands queued and reliable data sent but not
// acknowledged (what a connection's backlog limit counts).
std::uint64_t backlog_bytes(ENetPeer* peer);

}  // namespace parley::lobby
