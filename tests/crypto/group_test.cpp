// ristretto255 wrappers and Pedersen commitments. Reference values come from
// tests/crypto/reference/ristretto.py, an independent Python implementation of RFC 9496.
#include <gtest/gtest.h>

#include "crypto/group.hpp"
#include "crypto/pedersen.hpp"
#include "tests/crypto/hex.hpp"

namespace parley::crypto {
namespace {

using testing::from_hex;
using testing::to_hex;

// RFC 9496 appendix A.3: a hash-to-group vector, checked against libsodium itself.
TEST(Group, FromHashMatchesRfc9496) {
  std::string_view input = "Ristretto is traditionally a short shot of espresso coffee";
  WideDigest digest{};
  crypto_hash_sha512(digest.data(), reinterpret_cast<const unsigned char*>(input.data()), input.size());
  EXPECT_EQ(to_hex(Point::from_hash(digest).bytes()), "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46");
}

TEST(Group, BaseAndPedersenGeneratorMatchTheReference) {
  EXPECT_EQ(to_hex(Point::base().bytes()), "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76");
  EXPECT_EQ(to_hex(pedersen_h().bytes()), "32512376c730c4ff7d926be50341103296df1cd0328174e7694fc64b945ba84f");
  EXPECT_EQ(to_hex(value_times_h(5).bytes()), "92efa237e1c507888dda04db80cd6f1b880a85e30c9f19b4872239b59cf52056");
  EXPECT_EQ(to_hex(value_times_h(100).bytes()), "2ea21333053a303ebc37f13d768dca1881f4ac6ad4282899c747b55f53109b1a");
  EXPECT_TRUE(value_times_h(0).is_identity());
}

TEST(Group, HashToScalarMatchesTheReference) {
  HashInput in(DomainLabel{"test"});
  in.bytes(testing::as_bytes("abc"));
  EXPECT_EQ(to_hex(Scalar::from_hash(in).bytes()), "2199bea6a3c320fcea6cb573cafbe5764b2e3b393f84a22cb488a8e5ccd7640f");
}

TEST(Group, ArithmeticIsConsistent) {
  Scalar a = Scalar::random(), b = Scalar::random();
  const Point& g = Point::base();
  EXPECT_EQ((a + b) * g, a * g + b * g);
  EXPECT_EQ(a * (b * g), (a * b) * g);
  EXPECT_EQ((a - b) * g, a * g - b * g);
  EXPECT_EQ((-a) * g + a * g, Point::identity());
  EXPECT_TRUE((Scalar::zero() * g).is_identity());
  EXPECT_TRUE((a * Point::identity()).is_identity());
  EXPECT_EQ(a * g + Point::identity(), a * g);
  EXPECT_EQ(Point::identity() + a * g, a * g);
  // The fixed-base path and the generic path agree: multiply a non-base point by the same scalar.
  Point p = Scalar::from_u64(7) * g;
  EXPECT_EQ(a * p, (a * Scalar::from_u64(7)) * g);
  EXPECT_EQ(Scalar::from_u64(2) + Scalar::from_u64(3), Scalar::from_u64(5));
  EXPECT_FALSE(Scalar::random_nonzero().is_zero());
}

TEST(Group, DecodingRejectsBadPointsAndScalars) {
  std::vector<std::uint8_t> zero(32, 0);
  EXPECT_EQ(Point::decode(zero).error(), WireError::identity_point);
  EXPECT_EQ(Point::decode(std::vector<std::uint8_t>(32, 0xff)).error(), WireError::invalid_point);
  auto g = std::vector<std::uint8_t>(Point::base().bytes().begin(), Point::base().bytes().end());
  auto odd = g;
  odd[0] |= 1;  // a negative field element is never a canonical ristretto encoding
  EXPECT_EQ(Point::decode(odd).error(), WireError::invalid_point);
  EXPECT_EQ(Point::decode(std::span(g).first(31)).error(), WireError::truncated);
  EXPECT_EQ(Point::decode(g).value(), Point::base());

  auto ell = from_hex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
  EXPECT_EQ(Scalar::from_canonical(ell).error(), WireError::non_canonical_scalar);
  auto ell_minus_one = ell;
  ell_minus_one[0] -= 1;
  EXPECT_TRUE(Scalar::from_canonical(ell_minus_one).ok());
  EXPECT_EQ(Scalar::from_canonical(std::vector<std::uint8_t>(32, 0xff)).error(), WireError::non_canonical_scalar);
}

TEST(Pedersen, CommitmentMatchesTheReference) {
  PedersenOpening opening{3, Scalar::from_u64(7)};
  EXPECT_EQ(to_hex(commitment_of(opening).point.bytes()),
            "66797800bb0315025466e03c2c06d6d02e07ea87ffed293311ee99d256e77401");
}

TEST(Pedersen, OpensOnlyToItsValueAndBlinding) {
  auto c = commit_pedersen(12);
  EXPECT_TRUE(verify_opening(c.commitment, c.opening));
  EXPECT_FALSE(verify_opening(c.commitment, {13, c.opening.blinding}));
  EXPECT_FALSE(verify_opening(c.commitment, {12, c.opening.blinding + Scalar::from_u64(1)}));
  // Hiding: the same value twice gives unrelated commitments.
  EXPECT_NE(commit_pedersen(12).commitment, c.commitment);
  // Values past the table use a scalar multiplication and agree with repeated addition.
  EXPECT_EQ(value_times_h(kPedersenTableSize), value_times_h(kPedersenTableSize - 1) + pedersen_h());
}

TEST(Pedersen, EncodingsRoundTripAndRejectMalformedInput) {
  auto c = commit_pedersen(4);
  game::ByteWriter w;
  encode(c.commitment, w);
  EXPECT_EQ(decode_pedersen_commitment(w.data()).value(), c.commitment);
  auto identity = w.data();
  std::fill(identity.begin() + 2, identity.end(), 0);
  EXPECT_EQ(decode_pedersen_commitment(identity).error(), WireError::identity_point);

  game::ByteWriter o;
  encode(c.opening, o);
  auto opening = decode_pedersen_opening(o.data());
  ASSERT_TRUE(opening.ok());
  EXPECT_TRUE(verify_opening(c.commitment, *opening));
  auto big = o.data();
  std::fill(big.begin() + 6, big.end(), 0xff);  // blinding ≥ ℓ
  EXPECT_EQ(decode_pedersen_opening(big).error(), WireError::non_canonical_scalar);
  EXPECT_EQ(decode_pedersen_opening(std::span(o.data()).first(10)).error(), WireError::truncated);
}

}  // namespace
}  // namespace parley::crypto
