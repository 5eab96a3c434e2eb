// Hash commitments, the beacon, hash chains and dice. Reference values are computed with
// Python's hashlib (BLAKE2b) and `cryptography` (ChaCha20 for randombytes_buf_deterministic)
// over the byte layouts docs/crypto.md specifies.
#include <gtest/gtest.h>

#include <array>
#include <map>

#include "crypto/beacon.hpp"
#include "crypto/commitment.hpp"
#include "crypto/dice.hpp"
#include "crypto/hash_chain.hpp"
#include "crypto/stream.hpp"
#include "tests/crypto/hex.hpp"

namespace parley::crypto {
namespace {

using testing::as_bytes;
using testing::to_hex;

constexpr DomainLabel kPurpose{"test-purpose"};

SessionId counting_session() {
  SessionId s;
  for (std::size_t i = 0; i < s.bytes.size(); ++i) s.bytes[i] = static_cast<std::uint8_t>(i);
  return s;
}

template <std::size_t N>
std::array<std::uint8_t, N> filled(std::uint8_t b) {
  std::array<std::uint8_t, N> a;
  a.fill(b);
  return a;
}

TEST(HashCommitment, MatchesTheReferenceLayout) {
  CommitmentOpening opening(as_bytes("value"), SecretBytes<32>::copy_of(filled<32>(1)));
  HashCommitment c = commitment_of({kPurpose, as_bytes("ctx")}, opening);
  EXPECT_EQ(to_hex(c.digest), "85176d541076126c15e43bd199dad4123a67b34ffdffeb81ea23f2417b08ec93");
}

TEST(HashCommitment, OpensOnlyWithTheSameValueNonceAndDomain) {
  auto committed = commit_hash({kPurpose, as_bytes("seat 1")}, as_bytes("secret"));
  EXPECT_TRUE(verify_commitment(committed.commitment, {kPurpose, as_bytes("seat 1")}, committed.opening));
  EXPECT_FALSE(verify_commitment(committed.commitment, {kPurpose, as_bytes("seat 2")}, committed.opening));
  EXPECT_FALSE(verify_commitment(committed.commitment, {DomainLabel{"other"}, as_bytes("seat 1")}, committed.opening));
  CommitmentOpening wrong_value(as_bytes("secreT"), committed.opening.nonce());
  EXPECT_FALSE(verify_commitment(committed.commitment, {kPurpose, as_bytes("seat 1")}, wrong_value));
  CommitmentOpening wrong_nonce(as_bytes("secret"), SecretBytes<32>::random());
  EXPECT_FALSE(verify_commitment(committed.commitment, {kPurpose, as_bytes("seat 1")}, wrong_nonce));
  // Fresh nonces hide equal values.
  auto again = commit_hash({kPurpose, as_bytes("seat 1")}, as_bytes("secret"));
  EXPECT_NE(again.commitment, committed.commitment);
}

TEST(HashCommitment, EncodingsRoundTripAndRejectMalformedInput) {
  auto committed = commit_hash({kPurpose, as_bytes("c")}, as_bytes("v"));
  game::ByteWriter w;
  encode(committed.commitment, w);
  auto back = decode_hash_commitment(w.data());
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, committed.commitment);
  auto truncated = w.data();
  truncated.pop_back();
  EXPECT_EQ(decode_hash_commitment(truncated).error(), WireError::truncated);
  auto extra = w.data();
  extra.push_back(0);
  EXPECT_EQ(decode_hash_commitment(extra).error(), WireError::trailing_bytes);
  auto wrong_version = w.data();
  wrong_version[1] = 2;
  EXPECT_EQ(decode_hash_commitment(wrong_version).error(), WireError::unsupported_version);

  game::ByteWriter o;
  encode(committed.opening, o);
  EXPECT_EQ(decode_hash_commitment(o.data()).error(), WireError::wrong_kind);
  auto opening = decode_commitment_opening(o.data());
  ASSERT_TRUE(opening.ok());
  EXPECT_TRUE(verify_commitment(committed.commitment, {kPurpose, as_bytes("c")}, *opening));
  auto too_long = o.data();
  too_long[2] = 0xff;
  too_long[3] = 0xff;  // value length 65535 > kMaxCommittedValueBytes
  EXPECT_EQ(decode_commitment_opening(too_long).error(), WireError::too_long);
}

std::array<BeaconReveal, 3> reference_reveals() {
  std::array<BeaconReveal, 3> r;
  for (std::uint8_t i = 0; i < 3; ++i) {
    r[i].value.fill(static_cast<std::uint8_t>(0x10 + i));
    r[i].nonce.fill(static_cast<std::uint8_t>(0x20 + i));
  }
  return r;
}

TEST(Beacon, CommitmentsAndSeedMatchTheReferenceLayout) {
  SessionId session = counting_session();
  auto reveals = reference_reveals();
  std::array<HashCommitment, 3> commitments;
  for (std::uint8_t i = 0; i < 3; ++i) {
    commitments[i] = BeaconContribution::restore(session, game::Seat{i}, reveals[i]).commitment();
  }
  EXPECT_EQ(to_hex(commitments[0].digest), "01f8727f022d906b66eb2a8bd249cd360cd3951b0e89c3d885853ba9ec7cf923");
  EXPECT_EQ(to_hex(commitments[1].digest), "d96bcb4622ad279eb94798b467093fdabd6cc5ec848d6eb6aff9227fddb45751");
  EXPECT_EQ(to_hex(commitments[2].digest), "ff74c64d2491e7b89a0d6ce23c808463df194727165fcd5fc78380dc857e5ff7");
  auto seed = beacon_seed(session, commitments, reveals);
  ASSERT_TRUE(seed.ok());
  EXPECT_EQ(to_hex(seed->bytes), "c76b0de85e3737b51cee795d844dd0cf00ea7dc452474f89e3f6153748a96d1c");
}

TEST(Beacon, SixSeatsAgreeAndAnyAlteredRevealNamesItsSeat) {
  SessionId session = SessionId::random();
  std::vector<BeaconContribution> seats;
  std::vector<HashCommitment> commitments;
  std::vector<BeaconReveal> reveals;
  for (std::uint8_t i = 0; i < 6; ++i) {
    seats.push_back(BeaconContribution::create(session, game::Seat{i}));
    commitments.push_back(seats.back().commitment());
    reveals.push_back(seats.back().reveal());
  }
  auto seed = beacon_seed(session, commitments, reveals);
  ASSERT_TRUE(seed.ok());
  // A restored contribution is the same contribution.
  EXPECT_EQ(BeaconContribution::restore(session, game::Seat{3}, reveals[3]).commitment(), commitments[3]);

  for (std::size_t i = 0; i < 6; ++i) {
    auto altered = reveals;
    altered[i].value[0] ^= 1;
    auto result = beacon_seed(session, commitments, altered);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().failure, BeaconFailure::commitment_mismatch);
    EXPECT_EQ(result.error().seat.index, i);
  }
  // Swapping two seats' reveals fails: each commitment is bound to its seat.
  auto swapped = reveals;
  std::swap(swapped[1], swapped[2]);
  EXPECT_EQ(beacon_seed(session, commitments, swapped).error().seat.index, 1);
  // A reveal from another session fails.
  EXPECT_FALSE(beacon_seed(SessionId::random(), commitments, reveals).ok());
  // Missing or surplus seats.
  EXPECT_EQ(beacon_seed(session, std::span(commitments).first(5), reveals).error().failure, BeaconFailure::seat_count);
  EXPECT_EQ(beacon_seed(session, {}, {}).error().failure, BeaconFailure::seat_count);
}

TEST(Beacon, RevealEncodingRoundTrips) {
  auto reveal = reference_reveals()[1];
  game::ByteWriter w;
  encode(reveal, w);
  EXPECT_EQ(w.data().size(), 2u + 64u);
  auto back = decode_beacon_reveal(w.data());
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, reveal);
  EXPECT_EQ(decode_beacon_reveal(std::span(w.data()).first(40)).error(), WireError::truncated);
}

TEST(HashChain, StepsMatchTheReferenceLayout) {
  SessionId session = counting_session();
  auto chain = HashChain::restore(session, game::Seat{2}, SecretBytes<32>::copy_of(filled<32>(7)), 3);
  EXPECT_EQ(to_hex(chain.anchor().bytes), "2711344a49bf1e7e4e889f70287a58492ab466cc13e3f63e415377bb85cd67ad");
}

TEST(HashChain, EveryContributionChecksByOneHashUntilTheChainIsUsedUp) {
  SessionId session = SessionId::random();
  auto chain = HashChain::create(session, game::Seat{1}, 50);
  ChainVerifier verifier(session, game::Seat{1}, chain.anchor());
  for (std::uint32_t k = 1; k <= 50; ++k) {
    auto value = chain.contribution(k);
    ASSERT_TRUE(value.has_value());
    ASSERT_TRUE(verifier.accept(*value)) << k;
  }
  EXPECT_EQ(verifier.accepted(), 50u);
  EXPECT_EQ(chain.contribution(51), std::nullopt);
  EXPECT_EQ(chain.contribution(0), std::nullopt);
  // The last contribution is x_0, the seed the owner persists.
  auto seed = chain.seed().expose();
  EXPECT_TRUE(std::equal(seed.begin(), seed.end(), verifier.last().bytes.begin()));
}

TEST(HashChain, RejectsSkippedRepeatedForeignAndAlteredValues) {
  SessionId session = SessionId::random();
  auto chain = HashChain::create(session, game::Seat{0}, 5);
  ChainVerifier verifier(session, game::Seat{0}, chain.anchor());
  EXPECT_FALSE(verifier.accept(*chain.contribution(2)));  // skipped one
  ASSERT_TRUE(verifier.accept(*chain.contribution(1)));
  EXPECT_FALSE(verifier.accept(*chain.contribution(1)));  // replayed
  auto altered = *chain.contribution(2);
  altered.bytes[31] ^= 0x80;
  EXPECT_FALSE(verifier.accept(altered));
  // The same seed under another seat or session gives an unrelated chain.
  auto other_seat = HashChain::restore(session, game::Seat{1}, chain.seed(), 5);
  EXPECT_NE(other_seat.anchor(), chain.anchor());
  ChainVerifier wrong_seat(session, game::Seat{1}, chain.anchor());
  EXPECT_FALSE(wrong_seat.accept(*chain.contribution(1)));
  ChainVerifier wrong_session(SessionId::random(), game::Seat{0}, chain.anchor());
  EXPECT_FALSE(wrong_session.accept(*chain.contribution(1)));
  EXPECT_EQ(verifier.accepted(), 1u);
}

TEST(DeterministicStream, IsRandombytesBufDeterministicAcrossBlocks) {
  auto seed = filled<32>(9);
  std::vector<std::uint8_t> expected(300);
  randombytes_buf_deterministic(expected.data(), expected.size(), seed.data());
  DeterministicStream stream(seed);
  for (std::size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(stream.byte(), expected[i]) << i;
}

TEST(DeterministicStream, DrawsBelowABoundUniformly) {
  DeterministicStream stream(filled<32>(4));
  std::array<int, 44> counts{};
  for (int i = 0; i < 44 * 500; ++i) {
    std::uint32_t v = stream.below(44);
    ASSERT_LT(v, 44u);
    ++counts[v];
  }
  for (int c : counts) EXPECT_NEAR(c, 500, 100);  // > 4.5σ (σ ≈ 22): deterministic seed
}

TEST(Dice, SeedAndFacesMatchAnIndependentChaCha20) {
  SessionId session = counting_session();
  ChainValue a{filled<32>(0xaa)}, b{filled<32>(0xbb)};
  DiceSeed seed = dice_seed(session, 5, a, b);
  EXPECT_EQ(to_hex(seed.bytes), "1c011d2651f916fba5f86c48ee49973b36a3dbb1632ad9ec0baf46ff93b2aedf");
  EXPECT_EQ(roll_dice(seed, 10, 6), (std::vector<std::uint8_t>{3, 3, 6, 2, 6, 5, 4, 5, 4, 2}));
  EXPECT_EQ(roll_dice(seed, 10, 100), (std::vector<std::uint8_t>{15, 8, 50, 12, 85, 94, 20, 45, 74, 8}));
  // Order matters: the seat that revealed first is `a`.
  EXPECT_NE(dice_seed(session, 5, b, a), seed);
  EXPECT_NE(dice_seed(session, 6, a, b), seed);
}

TEST(Dice, LongRunsContinueTheSameStreamPastTheFirstBlock) {
  // 129 sides rejects about half of all bytes, so 64 dice read past the first 64-byte block.
  DiceSeed seed{};
  seed.bytes.fill(3);
  auto many = roll_dice(seed, kMaxDicePerRoll, 129);
  ASSERT_EQ(many.size(), kMaxDicePerRoll);
  auto prefix = roll_dice(seed, 10, 129);
  EXPECT_TRUE(std::equal(prefix.begin(), prefix.end(), many.begin()));
  for (auto f : many) EXPECT_TRUE(f >= 1 && f <= 129);
}

// Faces are uniform: over 6000 fixed seeds × 5 dice every face of a d6 appears 5000 ± 250 times
// (a 4.5σ band; the seeds are fixed, so the test is deterministic).
TEST(Dice, FacesAreUniform) {
  std::map<int, int> counts;
  for (std::uint32_t i = 0; i < 6000; ++i) {
    ChainValue a{}, b{};
    a.bytes[0] = static_cast<std::uint8_t>(i);
    a.bytes[1] = static_cast<std::uint8_t>(i >> 8);
    for (auto f : roll_dice(dice_seed(counting_session(), i, a, b), 5, 6)) ++counts[f];
  }
  ASSERT_EQ(counts.size(), 6u);
  for (auto [face, n] : counts) EXPECT_NEAR(n, 5000, 250) << face;
}

}  // namespace
}  // namespace parley::crypto
