#pragma once
// The link between two nodes of a lobby cluster (docs/lobby.md, "Cluster"). A node that serves a
// client whose room another node sequences forwards the client's requests for that room over a
// link to the sequencer, where the client appears as a connection of its own (a "proxied
// connection", vc below, numbered by the forwarding node); the sequencer's messages to it come
// back the same way. A link is an ENet connection to the other node's advertised address, told
// apart from a client's by its connect data (kLinkConnectData), and opens with a mutual proof of
// the two nodes' certified keys:
//   100 LinkChallenge   server → client   certificate ‖ nonce[32]
//   101 LinkLogin       client → server   certificate ‖ nonce[32] ‖ signature[64]
//   102 LinkWelcome     server → client   signature[64]
//   103 LinkAttach      client → server   u64 vc ‖ key[32] ‖ text name ‖ u32 address
//   104 LinkDetach      client → server   u64 vc
//   105 LinkRequest     client → server   u64 vc ‖ bytes message (a client request)
//   106 LinkDeliver     server → client   u32 n ‖ u64 vc × n ‖ bytes message (a lobby message)
//   107 LinkClose       server → client   u64 vc
// Each signature is Ed25519 of (parley/lobby-node-link/v1, context = the other node's key,
// message = the other node's nonce), so a login answers one challenge of one node only. Both
// certificates must name the same deployment key.
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

inline constexpr crypto::DomainLabel kNodeLinkLabel{"lobby-node-link"};
// ENet's connect data of a link ("PLNK"); a client connects with 0.
inline constexpr std::uint32_t kLinkConnectData = 0x504C4E4B;
// Recipients of one LinkDeliver: every member of a room at most, many times over.
inline constexpr std::size_t kMaxDeliverRecipients = 65536;
inline constexpr std::size_t kLinkNonceBytes = 32;
using LinkNonce = std::array<std::uint8_t, kLinkNonceBytes>;

struct LinkChallenge {
  NodeCertificate certificate;
  LinkNonce nonce{};
  friend bool operator==(const LinkChallenge&, const LinkChallenge&) = default;
};
struct LinkLogin {
  NodeCertificate certificate;
  LinkNonce nonce{};
  crypto::Signature signature;  // over the challenge's nonce, context the server's node key
  friend bool operator==(const LinkLogin&, const LinkLogin&) = default;
};
struct LinkWelcome {
  crypto::Signature signature;  // over the login's nonce, context the client's node key
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
    std::variant<LinkChallenge, LinkLogin, LinkWelcome, LinkAttach, LinkDetach, LinkRequest, LinkDeliver, LinkClose>;

Bytes encode(const LinkMessage& message);
game::Result<LinkMessage, WireError> decode_link_message(std::span<const std::uint8_t> bytes);
// The header of a LinkDeliver around a lobby message, for one vc: what encode() writes, without
// copying the message into a LinkDeliver first.
Bytes encode_link_deliver(std::span<const std::uint64_t> vcs, std::span<const std::uint8_t> message);
Bytes encode_link_request(std::uint64_t vc, std::span<const std::uint8_t> message);

crypto::Signature sign_link(const crypto::Identity& node, const crypto::PublicKey& other, const LinkNonce& nonce);
[[nodiscard]] bool verify_link(const crypto::PublicKey& node, const crypto::PublicKey& other, const LinkNonce& nonce,
                               const crypto::Signature& signature);

}  // namespace parley::lobby
