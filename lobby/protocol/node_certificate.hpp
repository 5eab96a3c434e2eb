#pragma once
// A deployment's certificate for one lobby node (docs/lobby.md, "Cluster"). A deployment of
// several lobby nodes has one long-term key, kept offline; it certifies each node's own key for
// a period, and the nodes stamp entries with their own keys. The certificate travels in the
// transcript (a certified genesis, a handover entry), so a game log names the deployment's key
// as its lobby and carries everything needed to check every node that stamped it:
//   certificate = u8 130 ‖ u8 1 ‖ deployment_key[32] ‖ node_key[32] ‖ u64 valid_from_ms ‖
//                 u64 valid_until_ms ‖ signature[64]
//   signature   = Ed25519 by the deployment key of (parley/lobby-node-certificate/v1,
//                 context = deployment key, message = the bytes before the signature)
// Valid from and until are milliseconds since the Unix epoch, both included; an entry a node
// stamps must carry a lobby time inside its certificate's period.
#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/identity.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::lobby {

inline constexpr crypto::DomainLabel kNodeCertificateLabel{"lobby-node-certificate"};
inline constexpr std::size_t kNodeCertificateBytes = 2 + 2 * crypto::kPublicKeyBytes + 2 * 8 + crypto::kSignatureBytes;

struct NodeCertificate {
  crypto::PublicKey deployment_key;
  crypto::PublicKey node_key;
  std::uint64_t valid_from_ms = 0;
  std::uint64_t valid_until_ms = 0;
  crypto::Signature signature;
  friend bool operator==(const NodeCertificate&, const NodeCertificate&) = default;
};

// The deployment signs `node` for [from, until].
NodeCertificate certify_node(const crypto::Identity& deployment, const crypto::PublicKey& node,
                             std::uint64_t valid_from_ms, std::uint64_t valid_until_ms);
// Signed by `deployment` (and naming it), with a period that is not empty.
[[nodiscard]] bool verify_certificate(const NodeCertificate& certificate, const crypto::PublicKey& deployment);
// Whether a time falls in the certificate's period.
inline bool covers(const NodeCertificate& c, std::uint64_t time_ms) {
  return time_ms >= c.valid_from_ms && time_ms <= c.valid_until_ms;
}

void write_certificate(game::ByteWriter& out, const NodeCertificate& certificate);
Bytes encode(const NodeCertificate& certificate);
// Reads one certificate from inside a larger record; check reader.failed() afterwards (the
// returned value is meaningless then).
NodeCertificate read_certificate(WireReader& reader);
game::Result<NodeCertificate, WireError> decode_node_certificate(std::span<const std::uint8_t> bytes);

}  // namespace parley::lobby
