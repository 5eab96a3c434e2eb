#pragma once
// A player's identity: an Ed25519 key pair (docs/design.md). Created on first use and kept
// with mode 0600 in the user's data directory; a program's `--identity FILE` option simply
// passes another path to load_or_create_identity(). Signatures always cover a domain label,
// a context (what the signature is about, e.g. the session id) and the message, so a
// signature made for one purpose or session is worthless in any other.
#include <sodium.h>

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include "crypto/hash.hpp"
#include "crypto/secret.hpp"
#include "game/core/result.hpp"

namespace parley::crypto {

inline constexpr std::size_t kPublicKeyBytes = crypto_sign_PUBLICKEYBYTES;  // 32
inline constexpr std::size_t kSecretKeyBytes = crypto_sign_SECRETKEYBYTES;  // 64
inline constexpr std::size_t kIdentitySeedBytes = crypto_sign_SEEDBYTES;    // 32
inline constexpr std::size_t kSignatureBytes = crypto_sign_BYTES;           // 64
// The identity file: length-prefixed label, seed and public key (see identity.cpp).
inline constexpr std::size_t kIdentityFileBytes = 4 + 23 + 4 + kIdentitySeedBytes + 4 + kPublicKeyBytes;

enum class KeyError : std::uint8_t {
  wrong_size,     // not exactly the key's or signature's length
  invalid_point,  // not a canonical Ed25519 point of the prime-order subgroup, or small order
};
std::string_view describe(KeyError error);

enum class IdentityError : std::uint8_t {
  no_data_directory,     // neither XDG_DATA_HOME nor HOME gives an absolute path
  not_found,             // no file at the path (load_identity only; load_or_create makes one)
  io_error,              // the file or its directory could not be read, written or synced
  not_a_regular_file,    // the path names a directory, device, …
  insecure_permissions,  // group or others may access the file: it is refused, as ssh does
  malformed_file,        // wrong size, label or field lengths
  key_mismatch,          // the stored public key is not the one the stored seed gives
};
std::string_view describe(IdentityError error);

class PublicKey {
 public:
  static game::Result<PublicKey, KeyError> from_bytes(std::span<const std::uint8_t> bytes);
  std::span<const std::uint8_t, kPublicKeyBytes> bytes() const { return bytes_; }
  friend auto operator<=>(const PublicKey&, const PublicKey&) = default;

 private:
  friend class Identity;
  PublicKey() = default;
  std::array<std::uint8_t, kPublicKeyBytes> bytes_{};
};

class Signature {
 public:
  static game::Result<Signature, KeyError> from_bytes(std::span<const std::uint8_t> bytes);
  std::span<const std::uint8_t, kSignatureBytes> bytes() const { return bytes_; }
  friend bool operator==(const Signature&, const Signature&) = default;

 private:
  friend class Identity;
  Signature() = default;
  std::array<std::uint8_t, kSignatureBytes> bytes_{};
};

class Identity {
 public:
  static Identity generate();
  // Deterministic: the same seed always gives the same key pair (known-answer tests).
  static Identity from_seed(const SecretBytes<kIdentitySeedBytes>& seed);

  const PublicKey& public_key() const { return public_key_; }

  // Signs label ‖ context ‖ message, each length-prefixed (HashInput).
  Signature sign(DomainLabel label, std::span<const std::uint8_t> context,
                 std::span<const std::uint8_t> message) const;

 private:
  friend game::Result<Identity, IdentityError> load_or_create_identity(const std::filesystem::path&);
  friend game::Result<Identity, IdentityError> decode_identity_file(std::span<const std::uint8_t>);
  Identity() = default;

  SecretBytes<kSecretKeyBytes> secret_key_;  // libsodium's layout: seed ‖ public key
  PublicKey public_key_;
};

[[nodiscard]] bool verify_signature(const PublicKey& signer, DomainLabel label,
                                    std::span<const std::uint8_t> context,
                                    std::span<const std::uint8_t> message, const Signature& signature);

// $XDG_DATA_HOME/parley/identity, or ~/.local/share/parley/identity when XDG_DATA_HOME is unset
// or not absolute (XDG Base Directory Specification).
game::Result<std::filesystem::path, IdentityError> default_identity_path();

// Loads the identity stored at `file`; creates it (and its directory, mode 0700) when absent.
// Two processes racing to create the same file end up with the same identity.
game::Result<Identity, IdentityError> load_or_create_identity(const std::filesystem::path& file);
// Loads an existing identity; never creates one.
game::Result<Identity, IdentityError> load_identity(const std::filesystem::path& file);
// Parses the bytes of an identity file (kIdentityFileBytes long).
game::Result<Identity, IdentityError> decode_identity_file(std::span<const std::uint8_t> content);

// A short, human-comparable name for a key: 80 bits of a labelled hash, base32, as
// "xxxx-xxxx-xxxx-xxxx". For display only; protocols compare whole keys.
std::string fingerprint(const PublicKey& key);

}  // namespace parley::crypto
