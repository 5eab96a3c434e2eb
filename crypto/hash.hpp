#pragma once
// Domain-separated BLAKE2b (docs/design.md, "Determinism and encodings"). Every hash and signature input is
//   u32 length ‖ "parley/<purpose>/v1"   then   fields written with game::ByteWriter
// (byte strings u32-length-prefixed, integers fixed-width little-endian), so two inputs for
// different purposes, or with fields split differently, never share bytes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include "game/core/bytes.hpp"

namespace parley::crypto {

inline constexpr std::size_t kDigestBytes = 32;      // BLAKE2b-256
inline constexpr std::size_t kWideDigestBytes = 64;  // BLAKE2b-512
using Digest = std::array<std::uint8_t, kDigestBytes>;
using WideDigest = std::array<std::uint8_t, kWideDigestBytes>;

// The purpose of a hash or signature, fixed at compile time: ASCII letters, digits and '-'
// only, so a label can never be built from runtime data.
class DomainLabel {
 public:
  static constexpr std::size_t kMaxPurposeLength = 48;

  consteval explicit DomainLabel(std::string_view purpose) : purpose_(purpose) {
    if (purpose.empty() || purpose.size() > kMaxPurposeLength) throw "label purpose length";
    for (char c : purpose) {
      bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
      if (!ok) throw "label purpose must be [A-Za-z0-9-]";
    }
  }

  std::string_view purpose() const { return purpose_; }
  // "parley/<purpose>/v1"
  std::string text() const;
  // Writes the label as a length-prefixed text field.
  void write_to(game::ByteWriter& out) const;

  friend bool operator==(const DomainLabel& a, const DomainLabel& b) {
    return a.purpose_ == b.purpose_;
  }

 private:
  std::string_view purpose_;
};

// The bytes a labelled hash or signature covers. Built only from a label, so an unlabelled
// input cannot reach blake2b_256/512 or a signature.
class HashInput {
 public:
  explicit HashInput(DomainLabel label) { label.write_to(out_); }

  HashInput& bytes(std::span<const std::uint8_t> field) {
    out_.bytes(field);
    return *this;
  }
  HashInput& u8(std::uint8_t v) {
    out_.u8(v);
    return *this;
  }
  HashInput& u16(std::uint16_t v) {
    out_.u16(v);
    return *this;
  }
  HashInput& u32(std::uint32_t v) {
    out_.u32(v);
    return *this;
  }
  HashInput& u64(std::uint64_t v) {
    out_.u64(v);
    return *this;
  }
  // For canonical encoders that write themselves (a game state, a proof statement).
  game::ByteWriter& writer() { return out_; }
  std::span<const std::uint8_t> data() const { return out_.data(); }

 private:
  game::ByteWriter out_;
};

Digest blake2b_256(const HashInput& input);
WideDigest blake2b_512(const HashInput& input);

// For inputs that end in secret fields (a committed value, a hash-chain value): the public
// prefix is a HashInput and the secret fields are fed to BLAKE2b directly with the same framing
// (u32 length ‖ bytes), so no copy of them is left behind in a growing heap buffer. The digest
// is the one of the HashInput with those fields appended, so a large field (a game's whole text,
// archive/record.cpp) is fed the same way to spare its copy.
Digest blake2b_256(const HashInput& public_prefix,
                   std::initializer_list<std::span<const std::uint8_t>> secret_fields);

}  // namespace parley::crypto
