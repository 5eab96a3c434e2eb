#include "crypto/ephemeral.hpp"

#include <algorithm>
#include <cassert>

#include "crypto/hash.hpp"
#include "crypto/sodium.hpp"

namespace parley::crypto {

namespace {

constexpr DomainLabel kPrivateContextLabel{"private-message"};

Digest context_tag(const ProofContext& context) {
  return blake2b_256(HashInput(kPrivateContextLabel).bytes(context.bytes()));
}

}  // namespace

std::string_view describe(PrivateMessageError error) {
  switch (error) {
    case PrivateMessageError::cannot_open: return "the private message does not open with these keys";
    case PrivateMessageError::wrong_context: return "the private message was sealed for another context";
  }
  return "unknown private message error";
}

EphemeralKeyPair EphemeralKeyPair::generate() { return restore(SecretBytes<kBoxSecretKeyBytes>::random()); }

EphemeralKeyPair EphemeralKeyPair::restore(const SecretBytes<kBoxSecretKeyBytes>& secret) {
  ensure_sodium();
  EphemeralKeyPair pair;
  pair.secret_ = secret;
  crypto_scalarmult_base(pair.public_.bytes.data(), pair.secret_.expose().data());
  return pair;
}

PrivateMessage seal_private(const EphemeralKeyPair& sender, const EphemeralPublicKey& recipient,
                            const ProofContext& context, std::span<const std::uint8_t> plaintext) {
  assert(plaintext.size() <= kMaxPrivateMessageBytes);
  ensure_sodium();
  Digest tag = context_tag(context);
  std::vector<std::uint8_t> framed(tag.size() + plaintext.size());
  std::copy(tag.begin(), tag.end(), framed.begin());
  std::copy(plaintext.begin(), plaintext.end(), framed.begin() + static_cast<std::ptrdiff_t>(tag.size()));

  PrivateMessage message;
  randombytes_buf(message.nonce.data(), message.nonce.size());
  message.ciphertext.resize(kBoxMacBytes + framed.size());
  // Fails only for a low-order recipient key; the ciphertext is then all zeros and cannot open.
  if (crypto_box_easy(message.ciphertext.data(), framed.data(), framed.size(), message.nonce.data(),
                      recipient.bytes.data(), sender.secret().expose().data()) != 0) {
    std::fill(message.ciphertext.begin(), message.ciphertext.end(), std::uint8_t{0});
  }
  sodium_memzero(framed.data(), framed.size());
  return message;
}

game::Result<std::vector<std::uint8_t>, PrivateMessageError> open_private(const EphemeralKeyPair& recipient,
                                                                          const EphemeralPublicKey& sender,
                                                                          const ProofContext& context,
                                                                          const PrivateMessage& message) {
  ensure_sodium();
  if (message.ciphertext.size() < kBoxMacBytes + kDigestBytes) return PrivateMessageError::cannot_open;
  std::vector<std::uint8_t> framed(message.ciphertext.size() - kBoxMacBytes);
  if (crypto_box_open_easy(framed.data(), message.ciphertext.data(), message.ciphertext.size(),
                           message.nonce.data(), sender.bytes.data(), recipient.secret().expose().data()) != 0) {
    return PrivateMessageError::cannot_open;
  }
  Digest tag = context_tag(context);
  if (sodium_memcmp(framed.data(), tag.data(), tag.size()) != 0) {
    sodium_memzero(framed.data(), framed.size());
    return PrivateMessageError::wrong_context;
  }
  framed.erase(framed.begin(), framed.begin() + static_cast<std::ptrdiff_t>(tag.size()));
  return framed;
}

void write_private_message(game::ByteWriter& out, const PrivateMessage& message) {
  out.raw(message.nonce);
  out.bytes(message.ciphertext);
}

PrivateMessage read_private_message(WireReader& in) {
  PrivateMessage m;
  in.raw(m.nonce);
  std::size_t n = in.count(kBoxMacBytes + kDigestBytes + kMaxPrivateMessageBytes);
  m.ciphertext.resize(n);
  in.raw(m.ciphertext);
  return m;
}

}  // namespace parley::crypto
