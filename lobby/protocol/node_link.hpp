#pragma once
// The link between two nodes of a lobby cluster (docs/lobby.md, "Cluster"). A node that serves a
// client whose room another node sequences forwards the client's requests for that room over a
// link to the sequencer, where the client appears as a connection of its own (a "proxied
// connection", vc below, numbered by the forwarding node); the sequencer's messages to it come
// back the same way. A link is an ENet connection to the other node's advertised address, told
// apart from a client's by its connect data (kLinkConnectData). It opens with the secure
// channel's handshake (handshake.hpp) as a client's does, the connecting node proving its node key
// as the client and the other proving its own with its certificate; every message below then
// travels sealed in that channel, and the connecting node shows its certificate first:
//   101 LinkLogin       client → server   certificate (for the key its handshake proved)
//   102 LinkWelcome     server → client   (nothing: the link is up)
//   103 LinkAttach      client → server   u64 vc ‖ key[32] ‖ text name ‖ u32 address
//   104 LinkDetach      client → server   u64 vc
//   105 LinkRequest     client → server   u64 vc ‖ bytes message (a client request)
//   106 LinkDeliver     server → client   u32 n ‖ u64 vc × n ‖ bytes message (a lobby message)
//   107 LinkClose       server → client   u64 vc
// Both certificates must be of the node's own deployment key and name the key each handshake
// proved; the connecting node also expects the key the cluster's database lists for that node.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/node_certificate.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::lobby {

// ENet's connect data of a link ("PLNK"); a client connects with 0.
inline constexpr std::uint32_t kLinkConnectData = 0x504C4E4B;
// Recipients of one LinkDeliver: every member of a room at most, many times over.
inline constexpr std::size_t kMaxDeliverRecipients = 65536;

struct LinkLogin {
  NodeCertificate certificate;  // of the key the link's handshake proved
  friend bool operator==(const LinkLogin&, const LinkLogin&) = default;
};
struct LinkWelcome {
  friend bool operator==(const LinkWelcome&, const LinkWelcome&) = default;
};
struct LinkAttach {
  std::uint64_t vc = 0;
  crypto::PublicKey key;
  std::string name;  // sanitised by the forwarding node at login
  std::uint32_t address = 0;  // the client's IPv4 address, for the per-address limits
  friend bool operator==(const LinkAttach&, const LinkAttach&) = default;
};
struct LinkDetach {
  std::uint64_t vc = 0;
  friend bool operator==(const LinkDetach&, const LinkDetach&) = default;
};
struct LinkRequest {
  std::uint64_t vc = 0;
  Bytes message;
  friend bool operator==(const LinkRequest&, const LinkRequest&) = default;
};
struct LinkDeliver {
  std::vector<std::uint64_t> vcs;
  Bytes message;
  friend bool operator==(const LinkDeliver&, const LinkDeliver&) = default;
};
struct LinkClose {
  std::uint64_t vc = 0;
  friend bool operator==(const LinkClose&, const LinkClose&) = default;
};

using LinkMessage =
    std::variant<LinkLogin, LinkWelcome, LinkAttach, LinkDetach, LinkRequest, LinkDeliver, LinkClose>;

Bytes encode(const LinkMessage& message);
game::Result<LinkMessage, WireError> decode_link_message(std::span<const std::uint8_t> bytes);
// The header of a LinkDeliver around a lobby message, for one vc: what encode() writes, without
// copying the message into a LinkDeliver first.
Bytes encode_link_deliver(std::span<const std::uint64_t> vcs, std::span<const std::uint8_t> message);
Bytes encode_link_request(std::uint64_t vc, std::span<const std::uint8_t> message);

}  // namespace parley::lobby
