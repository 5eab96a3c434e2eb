#pragma once
// ristretto255 (libsodium crypto_core_ristretto255_*, crypto_scalarmult_ristretto255*): a group
// of prime order ℓ = 2^252 + 27742317777372353535851937790883648493 with canonical 32-byte
// encodings. Point and Scalar are strong types over those encodings:
//  - a Point is always a valid group element (decoding checks it; the identity is representable
//    because sums can reach it, but decode_point() refuses it, as every wire point must be a
//    proper element);
//  - a Scalar is always reduced below ℓ (decoding refuses non-canonical encodings), is wiped
//    when it dies and compares in constant time, because most scalars here are secrets.
// Arithmetic cannot fail: x·P for x = 0 or P = identity is the identity (libsodium reports
// those as errors; here they are handled before the call, and any other failure aborts).
#include <sodium.h>

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/hash.hpp"
#include "crypto/wire.hpp"
#include "game/core/bytes.hpp"
#include "game/core/result.hpp"

namespace parley::crypto {

inline constexpr std::size_t kPointBytes = crypto_core_ristretto255_BYTES;         // 32
inline constexpr std::size_t kScalarBytes = crypto_core_ristretto255_SCALARBYTES;  // 32

class Scalar {
 public:
  Scalar() { bytes_.fill(0); }
  ~Scalar() { sodium_memzero(bytes_.data(), bytes_.size()); }
  Scalar(const Scalar& other) = default;
  Scalar& operator=(const Scalar& other) = default;

  static Scalar zero() { return Scalar(); }
  static Scalar from_u64(std::uint64_t v);
  // Uniform in [0, ℓ) from libsodium's generator.
  static Scalar random();
  // Uniform in [1, ℓ): for secret keys and masks that must not be zero.
  static Scalar random_nonzero();
  // BLAKE2b-512 of a labelled input reduced mod ℓ (statistically uniform): Fiat–Shamir
  // challenges and every other hash-to-scalar.
  static Scalar from_hash(const HashInput& input);
  // 64 uniform bytes reduced mod ℓ (statistically uniform).
  static Scalar reduce_wide(std::span<const std::uint8_t, 64> wide);
  static game::Result<Scalar, WireError> from_canonical(std::span<const std::uint8_t> bytes);

  Scalar operator+(const Scalar& o) const;
  Scalar operator-(const Scalar& o) const;
  Scalar operator*(const Scalar& o) const;
  Scalar operator-() const;
  // 1/s for s ≠ 0 (the inverse of zero is reported as zero).
  Scalar invert() const;
  bool is_zero() const;

  std::span<const std::uint8_t, kScalarBytes> bytes() const { return bytes_; }
  friend bool operator==(const Scalar& a, const Scalar& b) {
    return sodium_memcmp(a.bytes_.data(), b.bytes_.data(), kScalarBytes) == 0;
  }

 private:
  std::array<std::uint8_t, kScalarBytes> bytes_;
};

class Point {
 public:
  Point() { bytes_.fill(0); }  // the identity (its encoding is all zeros)

  static Point identity() { return Point(); }
  static const Point& base();  // G
  // A valid, non-identity point from its canonical encoding.
  static game::Result<Point, WireError> decode(std::span<const std::uint8_t> bytes);
  // Elligator map of 64 hash bytes (crypto_core_ristretto255_from_hash): a point whose discrete
  // log nobody knows.
  static Point from_hash(const WideDigest& digest);

  Point operator+(const Point& o) const;
  Point operator-(const Point& o) const;
  // s·P; uses the fixed-base table when P is G.
  friend Point operator*(const Scalar& s, const Point& p);
  bool is_identity() const;

  std::span<const std::uint8_t, kPointBytes> bytes() const { return bytes_; }
  friend auto operator<=>(const Point&, const Point&) = default;

 private:
  std::array<std::uint8_t, kPointBytes> bytes_;
};

// How much group arithmetic this thread has done: benchmarks price operations with it and tests
// check that each construction does the work docs/crypto.md says it does.
struct GroupOperationCounts {
  std::uint64_t variable_base = 0;  // crypto_scalarmult_ristretto255
  std::uint64_t fixed_base = 0;     // crypto_scalarmult_ristretto255_base
  std::uint64_t additions = 0;      // crypto_core_ristretto255_add / _sub
  friend bool operator==(const GroupOperationCounts&, const GroupOperationCounts&) = default;
};
GroupOperationCounts group_operation_counts();

// Wire and hash helpers: points and scalars are fixed-size, written raw on the wire and as
// length-prefixed fields in hash inputs (like every other hashed field).
void write_point(game::ByteWriter& out, const Point& p);
void write_scalar(game::ByteWriter& out, const Scalar& s);
Point read_point(WireReader& in);    // records invalid_point / identity_point
Scalar read_scalar(WireReader& in);  // records non_canonical_scalar
void absorb(HashInput& in, const Point& p);

}  // namespace parley::crypto
