#pragma once
// The bundle's manifest, signed by the organizer (parley/manifest/v1, context the event id):
// every file of the published bundle by name, with its BLAKE2b-256 (file_digest). Names are
// sorted and unique, and plain: [A-Za-z0-9._-], not starting with a dot, so a bundle can never
// name a path outside its directory (docs/events.md, "The bundle").
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/identity.hpp"
#include "event/wire.hpp"

namespace parley::event {

struct ManifestEntry {
  std::string file;
  Digest digest{};
  friend bool operator==(const ManifestEntry&, const ManifestEntry&) = default;
};

struct Manifest {
  Digest event_id{};
  std::vector<ManifestEntry> files;  // sorted by name (bytewise), no name twice
  friend bool operator==(const Manifest&, const Manifest&) = default;
};

struct SignedManifest {
  Manifest manifest;
  crypto::Signature signature = crypto::Signature::from_bytes(std::array<std::uint8_t, crypto::kSignatureBytes>{}).value();
  friend bool operator==(const SignedManifest&, const SignedManifest&) = default;
};

// 1..kMaxFileNameBytes characters of [A-Za-z0-9._-], not starting with '.'.
bool is_bundle_file_name(std::string_view name);

// Sorts the entries by name. Precondition: names are bundle file names and distinct.
Manifest make_manifest(const Digest& event_id, std::vector<ManifestEntry> files);
Bytes manifest_bytes(const Manifest& manifest);
SignedManifest sign_manifest(const crypto::Identity& organizer, Manifest manifest);
[[nodiscard]] bool verify_manifest(const crypto::PublicKey& organizer, const SignedManifest& signed_manifest);
Bytes encode(const SignedManifest& signed_manifest);
// Refuses names that are not bundle file names, out of order or repeated (bad_value).
game::Result<SignedManifest, WireError> decode_manifest(std::span<const std::uint8_t> bytes);

}  // namespace parley::event
