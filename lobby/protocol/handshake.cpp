#include "lobby/protocol/handshake.hpp"

#include <algorithm>
#include <cassert>

#include "crypto/sodium.hpp"

namespace parley::lobby {

namespace {

using game::ByteWriter;

constexpr std::array<std::uint8_t, kPacketNonceBytes> kProofNonce{};  // each proof key seals once

crypto::Digest transcript_hash(std::initializer_list<std::span<const std::uint8_t>> fields) {
  crypto::HashInput in(kChannelTranscriptLabel);
  for (auto f : fields) in.bytes(f);
  return crypto::blake2b_256(in);
}

// X25519 of our secret and their public key; none for a small-order key (an all-zero result).
std::optional<SharedSecret> agree(const crypto::EphemeralKeyPair& mine, const ExchangeKey& theirs) {
  SharedSecret shared;
  if (crypto_scalarmult(shared.expose_mutable().data(), mine.secret().expose().data(), theirs.data()) != 0) {
    return std::nullopt;
  }
  return shared;
}

// The sealed proof of a key: key ‖ signature, under `key` with the transcript as additional data.
SealedProof seal_proof(const ChannelKey& key, const crypto::Digest& ad, const crypto::PublicKey& who,
                       const crypto::Signature& signature) {
  std::array<std::uint8_t, crypto::kPublicKeyBytes + crypto::kSignatureBytes> plain{};
  std::copy(who.bytes().begin(), who.bytes().end(), plain.begin());
  std::copy(signature.bytes().begin(), signature.bytes().end(), plain.begin() + crypto::kPublicKeyBytes);
  SealedProof out{};
  unsigned long long written = 0;
  crypto_aead_chacha20poly1305_ietf_encrypt(out.data(), &written, plain.data(), plain.size(), ad.data(), ad.size(),
                                            nullptr, kProofNonce.data(), key.expose().data());
  return out;
}

struct Proof {
  crypto::PublicKey key;
  crypto::Signature signature;
};

// Opens a sealed proof and checks its signature: (label, context = transcript, message = key).
game::Result<Proof, HandshakeError> open_proof(const ChannelKey& key, const crypto::Digest& transcript,
                                               const SealedProof& sealed, crypto::DomainLabel label) {
  std::array<std::uint8_t, crypto::kPublicKeyBytes + crypto::kSignatureBytes> plain{};
  unsigned long long length = 0;
  if (crypto_aead_chacha20poly1305_ietf_decrypt(plain.data(), &length, nullptr, sealed.data(), sealed.size(),
                                                transcript.data(), transcript.size(), kProofNonce.data(),
                                                key.expose().data()) != 0) {
    return HandshakeError::cannot_open;
  }
  auto who = crypto::PublicKey::from_bytes(std::span(plain).first(crypto::kPublicKeyBytes));
  if (!who) return HandshakeError::invalid_key;
  auto signature = crypto::Signature::from_bytes(std::span(plain).subspan(crypto::kPublicKeyBytes));
  if (!signature) return HandshakeError::malformed;
  if (!crypto::verify_signature(*who, label, transcript, who->bytes(), *signature)) return HandshakeError::bad_signature;
  return Proof{*who, *signature};
}

SealedCertificate seal_certificate(const ChannelKey& key, const crypto::Digest& ad, const NodeCertificate& certificate) {
  const Bytes plain = encode(certificate);
  assert(plain.size() == kNodeCertificateBytes);
  SealedCertificate out{};
  unsigned long long written = 0;
  crypto_aead_chacha20poly1305_ietf_encrypt(out.data(), &written, plain.data(), plain.size(), ad.data(), ad.size(),
                                            nullptr, kProofNonce.data(), key.expose().data());
  return out;
}

// Opens a node's sealed certificate and checks it certifies `node` under its deployment's key.
game::Result<NodeCertificate, HandshakeError> open_certificate(const ChannelKey& key, const crypto::Digest& ad,
                                                               const SealedCertificate& sealed,
                                                               const crypto::PublicKey& node) {
  std::array<std::uint8_t, kNodeCertificateBytes> plain{};
  unsigned long long length = 0;
  if (crypto_aead_chacha20poly1305_ietf_decrypt(plain.data(), &length, nullptr, sealed.data(), sealed.size(), ad.data(),
                                                ad.size(), kProofNonce.data(), key.expose().data()) != 0) {
    return HandshakeError::cannot_open;
  }
  auto certificate = decode_node_certificate(plain);
  if (!certificate) return HandshakeError::malformed;
  if (certificate->node_key != node || !verify_certificate(*certificate, certificate->deployment_key))
    return HandshakeError::bad_certificate;
  return std::move(*certificate);
}

ChannelKeys packet_keys(const SharedSecret& shared, const crypto::Digest& h3, bool client) {
  ChannelKey to_lobby = derive_channel_key(shared, h3, KeyPurpose::client_to_lobby);
  ChannelKey to_client = derive_channel_key(shared, h3, KeyPurpose::lobby_to_client);
  return client ? ChannelKeys{to_lobby, to_client} : ChannelKeys{to_client, to_lobby};
}

}  // namespace

std::string_view describe(HandshakeError error) {
  switch (error) {
    case HandshakeError::malformed: return "the handshake message is malformed";
    case HandshakeError::unsupported_protocol: return "the client speaks another protocol version";
    case HandshakeError::weak_key: return "an ephemeral key of small order";
    case HandshakeError::cannot_open: return "the sealed proof does not open with this handshake's keys";
    case HandshakeError::invalid_key: return "the proven key is not a valid Ed25519 key";
    case HandshakeError::bad_signature: return "the signature does not verify over this handshake";
    case HandshakeError::bad_certificate: return "the node's certificate is not its deployment's for the key it proved";
  }
  return "unknown handshake error";
}

// ---- encodings ---------------------------------------------------------------------------

Bytes encode(const ClientHello& hello) {
  ByteWriter w;
  write_header(w, WireTag::client_hello);
  w.u16(hello.protocol);
  w.raw(hello.ephemeral);
  return std::move(w).take();
}

Bytes encode(const LobbyHello& hello) {
  ByteWriter w;
  write_header(w, WireTag::lobby_hello);
  w.raw(hello.ephemeral);
  w.raw(hello.proof);
  if (hello.certificate) w.raw(*hello.certificate);
  return std::move(w).take();
}

Bytes encode(const ClientProof& proof) {
  ByteWriter w;
  write_header(w, WireTag::client_proof);
  w.raw(proof.proof);
  return std::move(w).take();
}

game::Result<ClientHello, WireError> decode_client_hello(std::span<const std::uint8_t> bytes) {
  WireReader r(bytes);
  r.header(WireTag::client_hello, wire_version(WireTag::client_hello));
  ClientHello hello;
  hello.protocol = r.u16();
  r.raw(hello.ephemeral);
  return r.finish(hello);
}

game::Result<LobbyHello, WireError> decode_lobby_hello(std::span<const std::uint8_t> bytes) {
  WireReader r(bytes);
  r.header(WireTag::lobby_hello, wire_version(WireTag::lobby_hello));
  LobbyHello hello;
  r.raw(hello.ephemeral);
  r.raw(hello.proof);
  // A cluster node's certificate follows; a single lobby's hello ends here.
  if (!r.failed() && r.remaining() > 0) {
    hello.certificate.emplace();
    r.raw(*hello.certificate);
  }
  return r.finish(hello);
}

game::Result<ClientProof, WireError> decode_client_proof(std::span<const std::uint8_t> bytes) {
  WireReader r(bytes);
  r.header(WireTag::client_proof, wire_version(WireTag::client_proof));
  ClientProof proof;
  r.raw(proof.proof);
  return r.finish(proof);
}

ChannelKey derive_channel_key(const SharedSecret& shared, const crypto::Digest& transcript, KeyPurpose purpose) {
  crypto::ensure_sodium();
  crypto::HashInput in(kChannelKeyLabel);
  in.bytes(transcript).u8(static_cast<std::uint8_t>(purpose));
  ChannelKey key;
  crypto_generichash(key.expose_mutable().data(), key.size(), in.data().data(), in.data().size(),
                     shared.expose().data(), shared.size());
  return key;
}

// ---- ClientHandshake ---------------------------------------------------------------------

ClientHandshake::ClientHandshake(crypto::EphemeralKeyPair ephemeral) : ephemeral_(std::move(ephemeral)) {
  hello_ = encode(ClientHello{kProtocolVersion, ephemeral_.public_key().bytes});
}

ClientHandshake ClientHandshake::start() { return ClientHandshake(crypto::EphemeralKeyPair::generate()); }

ClientHandshake ClientHandshake::start(const crypto::SecretBytes<crypto::kBoxSecretKeyBytes>& ephemeral_secret) {
  return ClientHandshake(crypto::EphemeralKeyPair::restore(ephemeral_secret));
}

game::Result<ClientHandshake::Done, HandshakeError> ClientHandshake::answer(
    const crypto::Identity& me, std::span<const std::uint8_t> lobby_hello) const {
  auto hello = decode_lobby_hello(lobby_hello);
  if (!hello) return HandshakeError::malformed;
  auto shared = agree(ephemeral_, hello->ephemeral);
  if (!shared) return HandshakeError::weak_key;
  const crypto::Digest h1 = transcript_hash({hello_, hello->ephemeral});
  auto lobby = open_proof(derive_channel_key(*shared, h1, KeyPurpose::lobby_proof), h1, hello->proof, kChannelLobbyLabel);
  if (!lobby) return lobby.error();
  std::optional<NodeCertificate> certificate;
  Bytes certificate_bytes;
  if (hello->certificate) {
    auto opened = open_certificate(derive_channel_key(*shared, h1, KeyPurpose::node_certificate), h1,
                                   *hello->certificate, lobby->key);
    if (!opened) return opened.error();
    certificate = std::move(*opened);
    certificate_bytes = encode(*certificate);
  }
  const crypto::Digest h2 =
      certificate ? transcript_hash({h1, lobby->key.bytes(), lobby->signature.bytes(), certificate_bytes})
                  : transcript_hash({h1, lobby->key.bytes(), lobby->signature.bytes()});
  const crypto::Signature mine = me.sign(kChannelPlayerLabel, h2, me.public_key().bytes());
  const SealedProof sealed =
      seal_proof(derive_channel_key(*shared, h2, KeyPurpose::player_proof), h2, me.public_key(), mine);
  const crypto::Digest h3 = transcript_hash({h2, me.public_key().bytes(), mine.bytes()});
  const crypto::PublicKey lobby_key = certificate ? certificate->deployment_key : lobby->key;
  return Done{lobby_key, std::move(certificate), encode(ClientProof{sealed}), packet_keys(*shared, h3, true), h3};
}

// ---- LobbyHandshake ----------------------------------------------------------------------

game::Result<LobbyHandshake, HandshakeError> LobbyHandshake::answer(const crypto::Identity& lobby,
                                                                    std::span<const std::uint8_t> client_hello,
                                                                    const NodeCertificate* certificate) {
  return answer(lobby, client_hello, crypto::SecretBytes<crypto::kBoxSecretKeyBytes>::random(), certificate);
}

game::Result<LobbyHandshake, HandshakeError> LobbyHandshake::answer(
    const crypto::Identity& lobby, std::span<const std::uint8_t> client_hello,
    const crypto::SecretBytes<crypto::kBoxSecretKeyBytes>& ephemeral_secret, const NodeCertificate* certificate) {
  assert(certificate == nullptr || certificate->node_key == lobby.public_key());
  auto hello = decode_client_hello(client_hello);
  if (!hello) return HandshakeError::malformed;
  if (hello->protocol != kProtocolVersion) return HandshakeError::unsupported_protocol;
  const crypto::EphemeralKeyPair ephemeral = crypto::EphemeralKeyPair::restore(ephemeral_secret);
  auto shared = agree(ephemeral, hello->ephemeral);
  if (!shared) return HandshakeError::weak_key;
  const ExchangeKey& e_s = ephemeral.public_key().bytes;
  const crypto::Digest h1 = transcript_hash({client_hello, e_s});
  const crypto::Signature signature = lobby.sign(kChannelLobbyLabel, h1, lobby.public_key().bytes());
  LobbyHandshake hs;
  hs.shared_ = *shared;
  LobbyHello reply{e_s, seal_proof(derive_channel_key(*shared, h1, KeyPurpose::lobby_proof), h1, lobby.public_key(), signature)};
  if (certificate != nullptr) {
    hs.h2_ = transcript_hash({h1, lobby.public_key().bytes(), signature.bytes(), encode(*certificate)});
    reply.certificate = seal_certificate(derive_channel_key(*shared, h1, KeyPurpose::node_certificate), h1, *certificate);
  } else {
    hs.h2_ = transcript_hash({h1, lobby.public_key().bytes(), signature.bytes()});
  }
  hs.reply_ = encode(reply);
  return hs;
}

game::Result<LobbyHandshake::Done, HandshakeError> LobbyHandshake::finish(std::span<const std::uint8_t> client_proof) const {
  auto proof = decode_client_proof(client_proof);
  if (!proof) return HandshakeError::malformed;
  auto player = open_proof(derive_channel_key(shared_, h2_, KeyPurpose::player_proof), h2_, proof->proof,
                           kChannelPlayerLabel);
  if (!player) return player.error();
  const crypto::Digest h3 = transcript_hash({h2_, player->key.bytes(), player->signature.bytes()});
  return Done{player->key, packet_keys(shared_, h3, false), h3};
}

}  // namespace parley::lobby
