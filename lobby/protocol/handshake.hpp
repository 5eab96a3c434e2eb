#pragma once
// The secure channel's handshake (docs/lobby.md, "Secure channel"; docs/security.md): three
// messages right after the ENet connection opens, which prove both long-term Ed25519 keys and
// give the connection its packet keys (channel.hpp).
//
//   client → lobby   ClientHello  protocol version, the client's ephemeral X25519 key e_c
//   lobby → client   LobbyHello   e_s, then sealed: the lobby's key and its signature of h1
//   client → lobby   ClientProof  sealed: the player's key and its signature of h2
//
//   shared = X25519(e_c, e_s)                      (all-zero: a low-order key, refused)
//   h1 = H(hello ‖ e_s)   h2 = H(h1 ‖ lobby key ‖ lobby signature)   h3 = H(h2 ‖ player key ‖ player signature)
//   H  = BLAKE2b-256 of parley/channel-transcript/v1 and the fields (crypto/hash.hpp framing)
//   key(h, purpose) = BLAKE2b-256 keyed with `shared` of parley/channel-key/v1 ‖ bytes h ‖ u8 purpose
//   LobbyHello's box: key(h1, 1), ClientProof's: key(h2, 2), ChaCha20-Poly1305-IETF, nonce 0,
//   additional data h1 (resp. h2); packets: client→lobby key(h3, 3), lobby→client key(h3, 4).
//   The lobby signs (parley/channel-lobby/v1, context h1, message its key); the player signs
//   (parley/channel-player/v1, context h2, message its key).
//
// A node of a lobby cluster (docs/lobby.md, "Cluster") proves its own key and shows the
// deployment's certificate for it (node_certificate.hpp), sealed after its proof:
//   LobbyHello = e_s ‖ sealed proof ‖ sealed certificate
//   sealed certificate: key(h1, 5), nonce 0, additional data h1, the certificate's bytes
//   h2 = H(h1 ‖ node key ‖ node signature ‖ certificate)
// The client takes the certificate's deployment key as the lobby's key only if the deployment
// signed it and it names the key the node proved. A single lobby's LobbyHello has no certificate,
// and its bytes and h2 are as above.
//
// Both ephemeral keys are fresh per connection and wiped after it, so a key stolen later opens
// no recorded connection (forward secrecy). Both identities travel sealed, so someone watching
// sees neither key. A client without an identity (a status query) proves a key made for the one
// connection.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "crypto/ephemeral.hpp"
#include "crypto/hash.hpp"
#include "crypto/identity.hpp"
#include "crypto/secret.hpp"
#include "game/core/result.hpp"
#include "lobby/protocol/channel.hpp"
#include "lobby/protocol/node_certificate.hpp"
#include "lobby/protocol/wire.hpp"

namespace parley::lobby {

// The lobby protocol's version. 1 was plain ENet (a Challenge, a signed Login); 2 opens every
// connection with this handshake.
inline constexpr std::uint16_t kProtocolVersion = 2;
// What a client puts in ENet's connect data: "PRL" and the version. A client of version 1 sent
// 0, and the lobby answers it with an unsupported_version refusal it can read.
inline constexpr std::uint32_t kConnectDataMagic = 0x50524C00U;
inline constexpr std::uint32_t kConnectData = kConnectDataMagic | kProtocolVersion;

inline constexpr crypto::DomainLabel kChannelTranscriptLabel{"channel-transcript"};
inline constexpr crypto::DomainLabel kChannelKeyLabel{"channel-key"};
inline constexpr crypto::DomainLabel kChannelLobbyLabel{"channel-lobby"};
inline constexpr crypto::DomainLabel kChannelPlayerLabel{"channel-player"};

inline constexpr std::size_t kExchangeKeyBytes = crypto::kBoxPublicKeyBytes;  // X25519, 32
inline constexpr std::size_t kSharedSecretBytes = crypto_scalarmult_BYTES;    // 32
// A sealed proof: a key, its signature and the AEAD tag.
inline constexpr std::size_t kSealedProofBytes = crypto::kPublicKeyBytes + crypto::kSignatureBytes + kPacketTagBytes;
inline constexpr std::size_t kClientHelloBytes = 2 + 2 + kExchangeKeyBytes;
inline constexpr std::size_t kLobbyHelloBytes = 2 + kExchangeKeyBytes + kSealedProofBytes;
inline constexpr std::size_t kClientProofBytes = 2 + kSealedProofBytes;
inline constexpr std::size_t kSealedCertificateBytes = kNodeCertificateBytes + kPacketTagBytes;
inline constexpr std::size_t kCertifiedLobbyHelloBytes = kLobbyHelloBytes + kSealedCertificateBytes;

using ExchangeKey = std::array<std::uint8_t, kExchangeKeyBytes>;
using SealedProof = std::array<std::uint8_t, kSealedProofBytes>;
using SealedCertificate = std::array<std::uint8_t, kSealedCertificateBytes>;
using SharedSecret = crypto::SecretBytes<kSharedSecretBytes>;

struct ClientHello {
  std::uint16_t protocol = kProtocolVersion;
  ExchangeKey ephemeral{};
  friend bool operator==(const ClientHello&, const ClientHello&) = default;
};
struct LobbyHello {
  ExchangeKey ephemeral{};
  SealedProof proof{};
  std::optional<SealedCertificate> certificate{};  // a cluster node's
  friend bool operator==(const LobbyHello&, const LobbyHello&) = default;
};
struct ClientProof {
  SealedProof proof{};
  friend bool operator==(const ClientProof&, const ClientProof&) = default;
};

Bytes encode(const ClientHello& hello);
Bytes encode(const LobbyHello& hello);
Bytes encode(const ClientProof& proof);
game::Result<ClientHello, WireError> decode_client_hello(std::span<const std::uint8_t> bytes);
game::Result<LobbyHello, WireError> decode_lobby_hello(std::span<const std::uint8_t> bytes);
game::Result<ClientProof, WireError> decode_client_proof(std::span<const std::uint8_t> bytes);

enum class HandshakeError : std::uint8_t {
  malformed,             // the message does not decode (docs/lobby.md has its format)
  unsupported_protocol,  // a ClientHello for another protocol version
  weak_key,              // an ephemeral key of small order: no shared secret
  cannot_open,           // the sealed proof does not open: not this handshake's keys
  invalid_key,           // the proven key is not a valid Ed25519 point
  bad_signature,         // the signature does not verify over this handshake's transcript
  bad_certificate,       // a node's certificate that its deployment did not sign, or for another key
};
std::string_view describe(HandshakeError error);

// What each purpose of key(h, purpose) derives.
enum class KeyPurpose : std::uint8_t {
  lobby_proof = 1,
  player_proof = 2,
  client_to_lobby = 3,
  lobby_to_client = 4,
  node_certificate = 5,
};

// key(h, purpose) above: a keyed BLAKE2b-256 of the transcript hash (for known-answer tests).
ChannelKey derive_channel_key(const SharedSecret& shared, const crypto::Digest& transcript, KeyPurpose purpose);

// The client's side. start() makes the ephemeral key and the hello to send.
class ClientHandshake {
 public:
  struct Done {
    // Proven: the caller compares it with the key it pinned. For a cluster's node, the
    // deployment's key that certified the key the node proved.
    crypto::PublicKey lobby_key;
    std::optional<NodeCertificate> certificate;  // a cluster node's: its proven key is node_key
    Bytes proof;                  // the ClientProof to send
    ChannelKeys keys;
    crypto::Digest transcript;    // h3
  };

  static ClientHandshake start();
  // With a given ephemeral secret: for known-answer tests only.
  static ClientHandshake start(const crypto::SecretBytes<crypto::kBoxSecretKeyBytes>& ephemeral_secret);

  const Bytes& hello() const { return hello_; }
  // Takes the lobby's hello and proves `me` (the player's identity, or a key for this connection).
  game::Result<Done, HandshakeError> answer(const crypto::Identity& me, std::span<const std::uint8_t> lobby_hello) const;

 private:
  explicit ClientHandshake(crypto::EphemeralKeyPair ephemeral);
  crypto::EphemeralKeyPair ephemeral_;
  Bytes hello_;
};

// The lobby's side: answer() takes the hello and makes the reply; finish() takes the proof.
class LobbyHandshake {
 public:
  struct Done {
    crypto::PublicKey player_key;  // proven
    ChannelKeys keys;
    crypto::Digest transcript;     // h3
  };

  // `certificate`: a cluster node's, for the key `lobby` (the node's own); none for a lobby.
  static game::Result<LobbyHandshake, HandshakeError> answer(const crypto::Identity& lobby,
                                                             std::span<const std::uint8_t> client_hello,
                                                             const NodeCertificate* certificate = nullptr);
  // With a given ephemeral secret: for known-answer tests only.
  static game::Result<LobbyHandshake, HandshakeError> answer(
      const crypto::Identity& lobby, std::span<const std::uint8_t> client_hello,
      const crypto::SecretBytes<crypto::kBoxSecretKeyBytes>& ephemeral_secret,
      const NodeCertificate* certificate = nullptr);

  const Bytes& reply() const { return reply_; }
  game::Result<Done, HandshakeError> finish(std::span<const std::uint8_t> client_proof) const;

 private:
  LobbyHandshake() = default;
  SharedSecret shared_;
  crypto::Digest h2_{};
  Bytes reply_;
};

}  // namespace parley::lobby
