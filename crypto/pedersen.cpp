#include "crypto/pedersen.hpp"

#include <array>

namespace parley::crypto {

namespace {
constexpr DomainLabel kPedersenHLabel{"pedersen-H"};
}

const Point& pedersen_h() {
  static const Point h = Point::from_hash(blake2b_512(HashInput(kPedersenHLabel)));
  return h;
}

Point value_times_h(std::uint32_t value) {
  // Built once by repeated addition: table[v] = v·H.
  static const std::array<Point, kPedersenTableSize> table = [] {
    std::array<Point, kPedersenTableSize> t;
    for (std::size_t v = 1; v < t.size(); ++v) t[v] = t[v - 1] + pedersen_h();
    return t;
  }();
  if (value < kPedersenTableSize) return table[value];
  return Scalar::from_u64(value) * pedersen_h();
}

PedersenCommitment commitment_of(const PedersenOpening& opening) {
  return {value_times_h(opening.value) + opening.blinding * Point::base()};
}

PedersenCommitted commit_pedersen(std::uint32_t value) {
  PedersenOpening opening{value, Scalar::random()};
  return {commitment_of(opening), opening};
}

bool verify_opening(const PedersenCommitment& commitment, const PedersenOpening& opening) {
  return commitment_of(opening) == commitment;
}

void encode(const PedersenCommitment& commitment, game::ByteWriter& out) {
  write_header(out, WireTag::pedersen_commitment);
  write_point(out, commitment.point);
}

game::Result<PedersenCommitment, WireError> decode_pedersen_commitment(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::pedersen_commitment);
  PedersenCommitment c{read_point(r)};
  return r.finish(c);
}

void encode(const PedersenOpening& opening, game::ByteWriter& out) {
  write_header(out, WireTag::pedersen_opening);
  out.u32(opening.value);
  write_scalar(out, opening.blinding);
}

game::Result<PedersenOpening, WireError> decode_pedersen_opening(std::span<const std::uint8_t> in) {
  WireReader r(in);
  r.header(WireTag::pedersen_opening);
  PedersenOpening o;
  o.value = r.u32();
  o.blinding = read_scalar(r);
  return r.finish(o);
}

}  // namespace parley::crypto
