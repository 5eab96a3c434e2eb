#include "crypto/group.hpp"

#include <cstdio>
#include <cstdlib>

#include "crypto/sodium.hpp"

namespace parley::crypto {

namespace {

// libsodium only fails on inputs this file never passes (invalid encodings, which Point never
// holds, or an identity result, which operator* rules out first); a failure is a bug.
void must_succeed(int rc, const char* what) {
  if (rc != 0) {
    std::fprintf(stderr, "parley: %s failed on inputs it must accept\n", what);
    std::abort();
  }
}

thread_local GroupOperationCounts counts;

}  // namespace

GroupOperationCounts group_operation_counts() { return counts; }

Scalar Scalar::from_u64(std::uint64_t v) {
  Scalar s;
  for (int i = 0; i < 8; ++i) s.bytes_[i] = static_cast<std::uint8_t>(v >> (8 * i));
  return s;  // < 2^64 < ℓ: already canonical
}

Scalar Scalar::random() {
  ensure_sodium();
  Scalar s;
  crypto_core_ristretto255_scalar_random(s.bytes_.data());
  return s;
}

Scalar Scalar::random_nonzero() {
  Scalar s = random();
  while (s.is_zero()) s = random();  // probability 1/ℓ per draw
  return s;
}

Scalar Scalar::from_hash(const HashInput& input) { return reduce_wide(blake2b_512(input)); }

Scalar Scalar::reduce_wide(std::span<const std::uint8_t, 64> wide) {
  static_assert(crypto_core_ristretto255_NONREDUCEDSCALARBYTES == 64);
  Scalar s;
  crypto_core_ristretto255_scalar_reduce(s.bytes_.data(), wide.data());
  return s;
}

game::Result<Scalar, WireError> Scalar::from_canonical(std::span<const std::uint8_t> bytes) {
  if (bytes.size() != kScalarBytes) return WireError::truncated;
  // Canonical iff reducing it mod ℓ leaves it unchanged.
  std::array<std::uint8_t, crypto_core_ristretto255_NONREDUCEDSCALARBYTES> wide{};
  std::copy(bytes.begin(), bytes.end(), wide.begin());
  Scalar s;
  crypto_core_ristretto255_scalar_reduce(s.bytes_.data(), wide.data());
  if (!std::equal(bytes.begin(), bytes.end(), s.bytes_.begin())) return WireError::non_canonical_scalar;
  return s;
}

Scalar Scalar::operator+(const Scalar& o) const {
  Scalar r;
  crypto_core_ristretto255_scalar_add(r.bytes_.data(), bytes_.data(), o.bytes_.data());
  return r;
}

Scalar Scalar::operator-(const Scalar& o) const {
  Scalar r;
  crypto_core_ristretto255_scalar_sub(r.bytes_.data(), bytes_.data(), o.bytes_.data());
  return r;
}

Scalar Scalar::operator*(const Scalar& o) const {
  Scalar r;
  crypto_core_ristretto255_scalar_mul(r.bytes_.data(), bytes_.data(), o.bytes_.data());
  return r;
}

Scalar Scalar::operator-() const {
  Scalar r;
  crypto_core_ristretto255_scalar_negate(r.bytes_.data(), bytes_.data());
  return r;
}

Scalar Scalar::invert() const {
  Scalar r;
  if (crypto_core_ristretto255_scalar_invert(r.bytes_.data(), bytes_.data()) != 0) return Scalar();
  return r;
}

bool Scalar::is_zero() const { return sodium_is_zero(bytes_.data(), bytes_.size()) == 1; }

const Point& Point::base() {
  static const Point g = [] {
    Point p;
    must_succeed(crypto_scalarmult_ristretto255_base(p.bytes_.data(), Scalar::from_u64(1).bytes().data()),
                 "scalarmult_base(1)");
    return p;
  }();
  return g;
}

game::Result<Point, WireError> Point::decode(std::span<const std::uint8_t> bytes) {
  if (bytes.size() != kPointBytes) return WireError::truncated;
  if (crypto_core_ristretto255_is_valid_point(bytes.data()) != 1) return WireError::invalid_point;
  Point p;
  std::copy(bytes.begin(), bytes.end(), p.bytes_.begin());
  if (p.is_identity()) return WireError::identity_point;
  return p;
}

Point Point::from_hash(const WideDigest& digest) {
  Point p;
  must_succeed(crypto_core_ristretto255_from_hash(p.bytes_.data(), digest.data()), "ristretto255_from_hash");
  return p;
}

// Adding the identity is common (sums start from it) and costs a full decode/encode in
// libsodium, so it is short-cut here.
Point Point::operator+(const Point& o) const {
  if (is_identity()) return o;
  if (o.is_identity()) return *this;
  Point r;
  ++counts.additions;
  must_succeed(crypto_core_ristretto255_add(r.bytes_.data(), bytes_.data(), o.bytes_.data()), "ristretto255_add");
  return r;
}

Point Point::operator-(const Point& o) const {
  if (o.is_identity()) return *this;
  Point r;
  ++counts.additions;
  must_succeed(crypto_core_ristretto255_sub(r.bytes_.data(), bytes_.data(), o.bytes_.data()), "ristretto255_sub");
  return r;
}

Point operator*(const Scalar& s, const Point& p) {
  Point r;
  if (s.is_zero() || p.is_identity()) return r;
  // s ∈ [1, ℓ) and p ≠ identity in a group of prime order: s·p is never the identity.
  if (p == Point::base()) {
    ++counts.fixed_base;
    must_succeed(crypto_scalarmult_ristretto255_base(r.bytes_.data(), s.bytes().data()), "scalarmult_base");
  } else {
    ++counts.variable_base;
    must_succeed(crypto_scalarmult_ristretto255(r.bytes_.data(), s.bytes().data(), p.bytes_.data()), "scalarmult");
  }
  return r;
}

bool Point::is_identity() const { return sodium_is_zero(bytes_.data(), bytes_.size()) == 1; }

void write_point(game::ByteWriter& out, const Point& p) { out.raw(p.bytes()); }
void write_scalar(game::ByteWriter& out, const Scalar& s) { out.raw(s.bytes()); }

Point read_point(WireReader& in) {
  std::array<std::uint8_t, kPointBytes> raw{};
  in.raw(raw);
  if (in.failed()) return Point();
  auto p = Point::decode(raw);
  if (!p) {
    in.fail(p.error());
    return Point();
  }
  return *p;
}

Scalar read_scalar(WireReader& in) {
  std::array<std::uint8_t, kScalarBytes> raw{};
  in.raw(raw);
  if (in.failed()) return Scalar();
  auto s = Scalar::from_canonical(raw);
  sodium_memzero(raw.data(), raw.size());
  if (!s) {
    in.fail(s.error());
    return Scalar();
  }
  return *s;
}

void absorb(HashInput& in, const Point& p) { in.bytes(p.bytes()); }

}  // namespace parley::crypto
