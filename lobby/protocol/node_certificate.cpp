#include "lobby/protocol/node_certificate.hpp"

#include <array>

#include "lobby/protocol/entry.hpp"

namespace parley::lobby {

namespace {

// The certified bytes: everything before the signature.
Bytes signed_part(const crypto::PublicKey& deployment, const crypto::PublicKey& node, std::uint64_t from,
                  std::uint64_t until) {
  game::ByteWriter out;
  write_header(out, WireTag::node_certificate);
  out.raw(deployment.bytes());
  out.raw(node.bytes());
  out.u64(from);
  out.u64(until);
  return std::move(out).take();
}

}  // namespace

NodeCertificate certify_node(const crypto::Identity& deployment, const crypto::PublicKey& node,
                             std::uint64_t valid_from_ms, std::uint64_t valid_until_ms) {
  const crypto::PublicKey& d = deployment.public_key();
  crypto::Signature s = deployment.sign(kNodeCertificateLabel, d.bytes(), signed_part(d, node, valid_from_ms, valid_until_ms));
  return NodeCertificate{d, node, valid_from_ms, valid_until_ms, s};
}

bool verify_certificate(const NodeCertificate& c, const crypto::PublicKey& deployment) {
  if (c.deployment_key != deployment || c.valid_from_ms > c.valid_until_ms) return false;
  return crypto::verify_signature(deployment, kNodeCertificateLabel, deployment.bytes(),
                                  signed_part(c.deployment_key, c.node_key, c.valid_from_ms, c.valid_until_ms),
                                  c.signature);
}

void write_certificate(game::ByteWriter& out, const NodeCertificate& c) {
  out.raw(signed_part(c.deployment_key, c.node_key, c.valid_from_ms, c.valid_until_ms));
  out.raw(c.signature.bytes());
}

Bytes encode(const NodeCertificate& certificate) {
  game::ByteWriter out;
  write_certificate(out, certificate);
  return std::move(out).take();
}

NodeCertificate read_certificate(WireReader& reader) {
  reader.header(WireTag::node_certificate);
  auto deployment = read_key(reader);
  auto node = read_key(reader);
  const std::uint64_t from = reader.u64();
  const std::uint64_t until = reader.u64();
  std::array<std::uint8_t, crypto::kSignatureBytes> sig{};
  reader.raw(sig);
  if (!reader.failed() && from > until) reader.fail(WireError::bad_value);
  // A failed read still returns a value (the caller discards it): any valid key will do.
  return NodeCertificate{deployment.value_or(any_valid_key()), node.value_or(any_valid_key()), from, until,
                         crypto::Signature::from_bytes(sig).value()};
}

game::Result<NodeCertificate, WireError> decode_node_certificate(std::span<const std::uint8_t> bytes) {
  WireReader reader(bytes);
  NodeCertificate c = read_certificate(reader);
  return reader.finish(std::move(c));
}

}  // namespace parley::lobby
