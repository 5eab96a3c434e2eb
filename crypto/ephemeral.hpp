#pragma once
// Private messages between seats (docs/design.md: an ephemeral X25519 key per seat, for the rare
// private message), e.g. a card's share sent to its new owner. Each seat posts a fresh
// X25519 public key at setup; a message is crypto_box (X25519 + XSalsa20-Poly1305) from the
// sender's ephemeral key to the recipient's, with a random nonce. The plaintext starts with a
// labelled hash of the message's context, so a box replayed into another context (another
// session, card or recipient) fails to open.
#include <sodium.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "crypto/context.hpp"
#include "crypto/secret.hpp"
#include "crypto/wire.hpp"
#include "game/core/bytes.hpp"

namespace parley::crypto {

inline constexpr std::size_t kBoxPublicKeyBytes = crypto_box_PUBLICKEYBYTES;  // 32
inline constexpr std::size_t kBoxSecretKeyBytes = crypto_box_SECRETKEYBYTES;  // 32
inline constexpr std::size_t kBoxNonceBytes = crypto_box_NONCEBYTES;          // 24
inline constexpr std::size_t kBoxMacBytes = crypto_box_MACBYTES;              // 16
inline constexpr std::size_t kMaxPrivateMessageBytes = 4096;

struct EphemeralPublicKey {
  std::array<std::uint8_t, kBoxPublicKeyBytes> bytes{};
  friend bool operator==(const EphemeralPublicKey&, const EphemeralPublicKey&) = default;
};

class EphemeralKeyPair {
 public:
  static EphemeralKeyPair generate();
  // Rebuilds a key pair from its persisted secret (crash recovery).
  static EphemeralKeyPair restore(const SecretBytes<kBoxSecretKeyBytes>& secret);
  const EphemeralPublicKey& public_key() const { return public_; }
  const SecretBytes<kBoxSecretKeyBytes>& secret() const { return secret_; }

 private:
  EphemeralKeyPair() = default;
  SecretBytes<kBoxSecretKeyBytes> secret_;
  EphemeralPublicKey public_;
};

struct PrivateMessage {
  std::array<std::uint8_t, kBoxNonceBytes> nonce{};
  std::vector<std::uint8_t> ciphertext;  // crypto_box_easy output: MAC ‖ encrypted payload
};

enum class PrivateMessageError : std::uint8_t {
  cannot_open,     // wrong keys, tampered, or a low-order public key
  wrong_context,   // authentic, but sealed for another context
};
std::string_view describe(PrivateMessageError error);

// `plaintext` is at most kMaxPrivateMessageBytes.
PrivateMessage seal_private(const EphemeralKeyPair& sender, const EphemeralPublicKey& recipient,
                            const ProofContext& context, std::span<const std::uint8_t> plaintext);
game::Result<std::vector<std::uint8_t>, PrivateMessageError> open_private(const EphemeralKeyPair& recipient,
                                                                          const EphemeralPublicKey& sender,
                                                                          const ProofContext& context,
                                                                          const PrivateMessage& message);

void write_private_message(game::ByteWriter& out, const PrivateMessage& message);
PrivateMessage read_private_message(WireReader& in);

}  // namespace parley::crypto
