// Σ-proofs: known answers from the independent Python reference (tests/crypto/reference),
// honest runs, and every single alteration failing.
#include <gtest/gtest.h>

#include "crypto/sigma.hpp"
#include "tests/crypto/hex.hpp"

namespace parley::crypto {
namespace {

using testing::from_hex;
using testing::to_hex;

SessionId counting_session() {
  SessionId s;
  for (std::size_t i = 0; i < s.bytes.size(); ++i) s.bytes[i] = static_cast<std::uint8_t>(i);
  return s;
}

ProofContext kat_context() { return ProofContext(counting_session()).position(9); }

Point point_from_hex(std::string_view hex) { return Point::decode(from_hex(hex)).value(); }

template <class Proof>
std::vector<std::uint8_t> bytes_of(const Proof& proof) {
  game::ByteWriter w;
  encode(proof, w);
  return w.data();
}

ValueSet set_of(std::initializer_list<std::uint32_t> values) {
  std::vector<std::uint32_t> v(values);
  return ValueSet::of(v).value();
}

// Flips one bit of byte `at` of an encoding and decodes it again; nullopt if it no longer decodes.
template <class Decode>
auto altered(std::vector<std::uint8_t> bytes, std::size_t at, Decode decode) {
  bytes[at] ^= 0x01;
  auto r = decode(bytes);
  return r.ok() ? std::optional(*r) : std::nullopt;
}

// ---- Known answers -----------------------------------------------------------------------------

TEST(SigmaKnownAnswers, PythonSchnorrProofVerifies) {
  Point y = point_from_hex("bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42");
  EXPECT_EQ(y, Scalar::from_u64(11) * Point::base());
  auto bytes = from_hex(
      "0c01f169389376e562ad5bd39991a0d6c93ba2ca66e86f44c5306efd6443f2951600608d6c5318dc3f73f0149c41e638ac91f8b46af"
      "ccef07918bce356e56871f800");
  auto proof = decode_schnorr_proof(bytes);
  ASSERT_TRUE(proof.ok());
  EXPECT_TRUE(verify_schnorr(kat_context(), y, *proof));
  EXPECT_EQ(bytes_of(*proof), bytes);
}

TEST(SigmaKnownAnswers, PythonDleqProofVerifies) {
  Point y = Scalar::from_u64(11) * Point::base();
  Point a = point_from_hex("c0287ab3502a0f5c5853ebaa191d8b01c42cdc8c124c3cc76030ee08ddab8559");
  Point s = point_from_hex("204a545080b46cf363ad75d043f463d40c01786627e280070094d98acf5f3c7e");
  auto bytes = from_hex(
      "0d0117682e84543479f5ebcc64ebc913402cf806f6c472dbf990cac6692957f3ff0dae055a69b4c38f739a4aa062d910ea2aa94c927"
      "6ee6dbc3ab48a8bc7be74ff09");
  auto proof = decode_dleq_proof(bytes);
  ASSERT_TRUE(proof.ok());
  EXPECT_TRUE(verify_dleq(kat_context(), y, a, s, *proof));
  EXPECT_EQ(bytes_of(*proof), bytes);
}

TEST(SigmaKnownAnswers, PythonMembershipProofVerifies) {
  PedersenCommitment c{point_from_hex("4cfd8de1437fff373c27255b93a25dad86ecdfbb7951d32d047e890d564cea6b")};
  EXPECT_EQ(c, commitment_of({4, Scalar::from_u64(9)}));
  auto bytes = from_hex(
      "0e0102000000030000000000000000000000000000000000000000000000000000000000000008000000000000000000000000000000"
      "00000000000000000000000000000000620161b3105682127ea0215166cd73e9734fc5e087618e7fefa6530325bf78028f3873f17ba3"
      "824e98073737ba3e332013cbefe6c66d017c6bdef01d4db83e06");
  auto proof = decode_membership_proof(bytes);
  ASSERT_TRUE(proof.ok());
  EXPECT_TRUE(verify_membership(kat_context(), c, set_of({2, 4}), *proof));
  EXPECT_FALSE(verify_membership(kat_context(), c, set_of({2, 5}), *proof));
  EXPECT_EQ(bytes_of(*proof), bytes);
}

// ---- Schnorr and DLEQ --------------------------------------------------------------------------

TEST(Schnorr, HonestProofVerifiesAndEveryAlterationFails) {
  SessionId session = SessionId::random();
  ProofContext ctx = ProofContext(session).position(3);
  Scalar x = Scalar::random_nonzero();
  Point y = x * Point::base();
  SchnorrProof proof = prove_schnorr(ctx, x, y);
  ASSERT_TRUE(verify_schnorr(ctx, y, proof));

  EXPECT_FALSE(verify_schnorr(ProofContext(session).position(4), y, proof));            // another position
  EXPECT_FALSE(verify_schnorr(ProofContext(SessionId::random()).position(3), y, proof));  // another session
  EXPECT_FALSE(verify_schnorr(ctx, y + Point::base(), proof));                           // another statement
  auto bytes = bytes_of(proof);
  for (std::size_t at = 2; at < bytes.size(); at += 7) {
    auto changed = altered(bytes, at, decode_schnorr_proof);
    if (changed) {
      EXPECT_FALSE(verify_schnorr(ctx, y, *changed)) << "byte " << at;
    }
  }
  // A wrong secret gives a proof that fails.
  EXPECT_FALSE(verify_schnorr(ctx, y, prove_schnorr(ctx, x + Scalar::from_u64(1), y)));
}

TEST(Dleq, HonestProofVerifiesAndEveryAlterationFails) {
  ProofContext ctx = ProofContext(SessionId::random()).position(17);
  Scalar x = Scalar::random_nonzero();
  Point y = x * Point::base();
  Point a = Scalar::random_nonzero() * Point::base();
  Point s = x * a;
  DleqProof proof = prove_dleq(ctx, x, y, a, s);
  ASSERT_TRUE(verify_dleq(ctx, y, a, s, proof));

  EXPECT_FALSE(verify_dleq(ctx, y, a, s + Point::base(), proof));  // a wrong share
  EXPECT_FALSE(verify_dleq(ctx, y, a + Point::base(), s, proof));  // another card
  EXPECT_FALSE(verify_dleq(ctx, a, y, s, proof));                  // roles swapped
  EXPECT_FALSE(verify_dleq(ProofContext(SessionId::random()).position(17), y, a, s, proof));
  // A share made with another key cannot be proven with this key's proof, nor proven at all.
  Point wrong_share = (x + Scalar::from_u64(1)) * a;
  EXPECT_FALSE(verify_dleq(ctx, y, a, wrong_share, prove_dleq(ctx, x, y, a, wrong_share)));
  // A DLEQ proof is not a Schnorr proof, even for the same key and context.
  auto bytes = bytes_of(proof);
  EXPECT_EQ(decode_schnorr_proof(bytes).error(), WireError::wrong_kind);
  bytes[0] = static_cast<std::uint8_t>(WireTag::schnorr_proof);
  EXPECT_FALSE(verify_schnorr(ctx, y, decode_schnorr_proof(bytes).value()));
}

// ---- Membership --------------------------------------------------------------------------------

TEST(Membership, ProvesEveryMemberAndRefusesOutsiders) {
  ProofContext ctx = ProofContext(SessionId::random()).position(40);
  ValueSet one_step = set_of({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13});
  for (std::uint32_t v : one_step.values()) {
    auto c = commit_pedersen(v);
    auto proof = prove_membership(ctx, c.opening, one_step);
    ASSERT_TRUE(proof.ok());
    EXPECT_TRUE(verify_membership(ctx, c.commitment, one_step, *proof)) << v;
  }
  auto mine = commit_pedersen(14);
  auto refused = prove_membership(ctx, mine.opening, one_step);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(), ProveError::value_not_in_set);
}

TEST(Membership, EveryAlterationFails) {
  SessionId session = SessionId::random();
  ProofContext ctx = ProofContext(session).position(2).seat(game::Seat{1});
  ValueSet plane_or_engineer = set_of({3, 12});
  auto c = commit_pedersen(12);
  auto proof = prove_membership(ctx, c.opening, plane_or_engineer).value();
  ASSERT_TRUE(verify_membership(ctx, c.commitment, plane_or_engineer, proof));

  EXPECT_FALSE(verify_membership(ctx, commit_pedersen(12).commitment, plane_or_engineer, proof));  // other piece
  EXPECT_FALSE(verify_membership(ctx, c.commitment, set_of({3, 11}), proof));                     // other set
  EXPECT_FALSE(verify_membership(ctx, c.commitment, set_of({3, 12, 13}), proof));                 // wider set
  EXPECT_FALSE(verify_membership(ProofContext(session).position(3).seat(game::Seat{1}), c.commitment,
                                 plane_or_engineer, proof));                                       // replay
  auto swapped = proof;
  std::swap(swapped.branches[0], swapped.branches[1]);
  EXPECT_FALSE(verify_membership(ctx, c.commitment, plane_or_engineer, swapped));
  auto bytes = bytes_of(proof);
  for (std::size_t at = 6; at < bytes.size(); at += 5) {
    auto changed = altered(bytes, at, decode_membership_proof);
    if (changed) {
      EXPECT_FALSE(verify_membership(ctx, c.commitment, plane_or_engineer, *changed)) << at;
    }
  }
}

TEST(ValueSet, IsStrictlyIncreasingNonEmptyAndBounded) {
  std::vector<std::uint32_t> unsorted{3, 1}, repeated{1, 1}, empty{}, big(kMaxSetSize + 1);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<std::uint32_t>(i);
  EXPECT_EQ(ValueSet::of(unsorted).error(), SetError::not_increasing);
  EXPECT_EQ(ValueSet::of(repeated).error(), SetError::not_increasing);
  EXPECT_EQ(ValueSet::of(empty).error(), SetError::empty);
  EXPECT_EQ(ValueSet::of(big).error(), SetError::too_large);
  EXPECT_TRUE(set_of({1, 5}).contains(5));
  EXPECT_FALSE(set_of({1, 5}).contains(4));
}

// ---- OT choice bound to a commitment ------------------------------------------------------------

struct ChoiceFixture {
  ProofContext ctx = ProofContext(SessionId::random()).position(77);
  Point sender_key = Scalar::random_nonzero() * Point::base();
  Scalar mask = Scalar::random();
};

Point request_for(std::uint32_t c, const Point& sender_key, const Scalar& mask) {
  return Scalar::from_u64(c) * sender_key + mask * Point::base();
}

TEST(Choice, BindsTheRequestToTheCommittedValue) {
  ChoiceFixture f;
  for (std::uint32_t kind : {0u, 7u, 16u}) {
    auto piece = commit_pedersen(kind);
    Point r = request_for(kind, f.sender_key, f.mask);
    ChoiceProof proof = prove_choice(f.ctx, f.sender_key, r, piece.commitment, piece.opening, f.mask);
    EXPECT_TRUE(verify_choice(f.ctx, f.sender_key, r, piece.commitment, proof)) << kind;
  }
  // An OT choice that differs from the committed kind cannot be proven.
  auto piece = commit_pedersen(5);
  Point lying = request_for(6, f.sender_key, f.mask);
  EXPECT_FALSE(verify_choice(f.ctx, f.sender_key, lying, piece.commitment,
                             prove_choice(f.ctx, f.sender_key, lying, piece.commitment, piece.opening, f.mask)));
  PedersenOpening claimed_six{6, piece.opening.blinding};
  EXPECT_FALSE(verify_choice(f.ctx, f.sender_key, lying, piece.commitment,
                             prove_choice(f.ctx, f.sender_key, lying, piece.commitment, claimed_six, f.mask)));
}

TEST(Choice, EveryAlterationFails) {
  ChoiceFixture f;
  auto piece = commit_pedersen(9);
  Point r = request_for(9, f.sender_key, f.mask);
  ChoiceProof proof = prove_choice(f.ctx, f.sender_key, r, piece.commitment, piece.opening, f.mask);
  ASSERT_TRUE(verify_choice(f.ctx, f.sender_key, r, piece.commitment, proof));
  EXPECT_FALSE(verify_choice(f.ctx, f.sender_key + Point::base(), r, piece.commitment, proof));  // other OT
  EXPECT_FALSE(verify_choice(f.ctx, f.sender_key, r + Point::base(), piece.commitment, proof));
  EXPECT_FALSE(verify_choice(f.ctx, f.sender_key, r, commit_pedersen(9).commitment, proof));  // other piece
  EXPECT_FALSE(verify_choice(ProofContext(SessionId::random()).position(77), f.sender_key, r, piece.commitment, proof));
  auto bytes = bytes_of(proof);
  for (std::size_t at = 2; at < bytes.size(); at += 9) {
    auto changed = altered(bytes, at, decode_choice_proof);
    if (changed) {
      EXPECT_FALSE(verify_choice(f.ctx, f.sender_key, r, piece.commitment, *changed)) << at;
    }
  }
}

// ---- The defender's flag choice -----------------------------------------------------------------

constexpr std::uint32_t kFlag = 15;
constexpr std::uint32_t kLone = 16;

struct FlagCase {
  ChoiceFixture f;
  PedersenCommitted piece;
  std::optional<PedersenCommitted> behind;
  FlagChoiceStatement statement(std::uint32_t choice) const {
    return {f.sender_key, request_for(choice, f.sender_key, f.mask), piece.commitment,
            behind ? std::optional(behind->commitment) : std::nullopt, kFlag, kLone};
  }
  FlagChoiceProof prove(std::uint32_t choice) const {
    return prove_flag_choice(f.ctx, statement(choice), piece.opening, behind ? &behind->opening : nullptr, f.mask);
  }
  bool holds(std::uint32_t choice) const { return verify_flag_choice(f.ctx, statement(choice), prove(choice)); }
};

TEST(FlagChoice, AcceptsExactlyTheEffectiveKind) {
  // An ordinary piece chooses its own kind, whatever stands behind it.
  FlagCase ordinary{{}, commit_pedersen(4), commit_pedersen(0)};
  EXPECT_TRUE(ordinary.holds(4));
  EXPECT_FALSE(ordinary.holds(0));   // not the kind behind
  EXPECT_FALSE(ordinary.holds(kLone));
  // The flag with a friendly piece behind takes that piece's kind.
  FlagCase backed{{}, commit_pedersen(kFlag), commit_pedersen(2)};
  EXPECT_TRUE(backed.holds(2));
  EXPECT_FALSE(backed.holds(3));
  EXPECT_FALSE(backed.holds(kLone));
  // The lone flag takes index 16.
  FlagCase lone{{}, commit_pedersen(kFlag), std::nullopt};
  EXPECT_TRUE(lone.holds(kLone));
  EXPECT_FALSE(lone.holds(0));
  // An ordinary piece without anything behind cannot pretend to be a lone flag.
  FlagCase alone{{}, commit_pedersen(9), std::nullopt};
  EXPECT_TRUE(alone.holds(9));
  EXPECT_FALSE(alone.holds(kLone));
}

TEST(FlagChoice, EveryAlterationFails) {
  FlagCase backed{{}, commit_pedersen(kFlag), commit_pedersen(6)};
  auto statement = backed.statement(6);
  auto proof = backed.prove(6);
  ASSERT_TRUE(verify_flag_choice(backed.f.ctx, statement, proof));

  auto other_behind = statement;
  other_behind.behind = commit_pedersen(6).commitment;
  EXPECT_FALSE(verify_flag_choice(backed.f.ctx, other_behind, proof));
  auto no_behind = statement;
  no_behind.behind.reset();
  EXPECT_FALSE(verify_flag_choice(backed.f.ctx, no_behind, proof));
  auto other_flag_value = statement;
  other_flag_value.flag_value = 14;
  EXPECT_FALSE(verify_flag_choice(backed.f.ctx, other_flag_value, proof));
  EXPECT_FALSE(verify_flag_choice(ProofContext(SessionId::random()).position(77), statement, proof));
  auto swapped = proof;
  std::swap(swapped.own_kind.challenge, swapped.flag_rule.challenge);
  EXPECT_FALSE(verify_flag_choice(backed.f.ctx, statement, swapped));

  auto bytes = bytes_of(proof);
  auto decode = [](std::span<const std::uint8_t> in) { return decode_flag_choice_proof(in, true); };
  ASSERT_TRUE(decode(bytes).ok());
  EXPECT_EQ(decode_flag_choice_proof(bytes, false).error(), WireError::trailing_bytes);
  for (std::size_t at = 2; at < bytes.size(); at += 11) {
    auto changed = altered(bytes, at, decode);
    if (changed) {
      EXPECT_FALSE(verify_flag_choice(backed.f.ctx, statement, *changed)) << at;
    }
  }
}

// ---- Malformed encodings -----------------------------------------------------------------------

TEST(SigmaDecoding, RejectsTruncatedOversizedAndNonCanonicalProofs) {
  ProofContext ctx = ProofContext(SessionId::random());
  Scalar x = Scalar::random_nonzero();
  auto bytes = bytes_of(prove_schnorr(ctx, x, x * Point::base()));
  EXPECT_EQ(decode_schnorr_proof(std::span(bytes).first(bytes.size() - 1)).error(), WireError::truncated);
  EXPECT_EQ(decode_schnorr_proof(std::span(bytes).first(1)).error(), WireError::truncated);
  auto big = bytes;
  std::fill(big.begin() + 34, big.end(), 0xff);
  EXPECT_EQ(decode_schnorr_proof(big).error(), WireError::non_canonical_scalar);

  game::ByteWriter many;
  write_header(many, WireTag::membership_proof);
  many.u32(kMaxSetSize + 1);
  EXPECT_EQ(decode_membership_proof(many.data()).error(), WireError::too_long);
  game::ByteWriter none;
  write_header(none, WireTag::membership_proof);
  none.u32(0);
  EXPECT_EQ(decode_membership_proof(none.data()).error(), WireError::bad_value);
  game::ByteWriter claims_two;
  write_header(claims_two, WireTag::membership_proof);
  claims_two.u32(2);
  EXPECT_EQ(decode_membership_proof(claims_two.data()).error(), WireError::truncated);
}

}  // namespace
}  // namespace parley::crypto
