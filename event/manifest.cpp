#include "event/manifest.hpp"

#include <algorithm>
#include <cassert>

#include "event/limits.hpp"

namespace parley::event {

namespace {

void write_manifest_body(game::ByteWriter& out, const Manifest& m) {
  write_header(out, WireTag::manifest);
  out.raw(m.event_id);
  out.u32(static_cast<std::uint32_t>(m.files.size()));
  for (const auto& f : m.files) {
    out.text(f.file);
    out.raw(f.digest);
  }
}

}  // namespace

bool is_bundle_file_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxFileNameBytes || name.front() == '.') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
  });
}

Manifest make_manifest(const Digest& event_id, std::vector<ManifestEntry> files) {
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.file < b.file; });
  for (std::size_t i = 0; i < files.size(); ++i) {
    assert(is_bundle_file_name(files[i].file));
    assert(i == 0 || files[i - 1].file != files[i].file);
  }
  return Manifest{event_id, std::move(files)};
}

Bytes manifest_bytes(const Manifest& manifest) {
  game::ByteWriter out;
  write_manifest_body(out, manifest);
  return std::move(out).take();
}

SignedManifest sign_manifest(const crypto::Identity& organizer, Manifest manifest) {
  crypto::Signature sig = organizer.sign(kManifestLabel, manifest.event_id, manifest_bytes(manifest));
  return SignedManifest{std::move(manifest), sig};
}

bool verify_manifest(const crypto::PublicKey& organizer, const SignedManifest& s) {
  return crypto::verify_signature(organizer, kManifestLabel, s.manifest.event_id, manifest_bytes(s.manifest), s.signature);
}

Bytes encode(const SignedManifest& s) {
  game::ByteWriter out;
  write_manifest_body(out, s.manifest);
  out.raw(s.signature.bytes());
  return std::move(out).take();
}

game::Result<SignedManifest, WireError> decode_manifest(std::span<const std::uint8_t> bytes) {
  WireReader r(bytes);
  SignedManifest s;
  r.header(WireTag::manifest);
  s.manifest.event_id = read_digest(r);
  const std::size_t n = r.count(kMaxManifestFiles);
  for (std::size_t i = 0; i < n && !r.failed(); ++i) {
    ManifestEntry e;
    e.file = r.text(kMaxFileNameBytes);
    e.digest = read_digest(r);
    if (r.failed()) break;
    if (!is_bundle_file_name(e.file) || (i > 0 && !(s.manifest.files.back().file < e.file))) r.fail(WireError::bad_value);
    s.manifest.files.push_back(std::move(e));
  }
  s.signature = read_signature(r);
  return r.finish(std::move(s));
}

}  // namespace parley::event
