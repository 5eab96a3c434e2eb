// Both shuffle arguments: the honest shuffle verifies and keeps every card; every way of
// cheating or replaying fails; malformed proofs are rejected.
#include <gtest/gtest.h>

#include <set>

#include "crypto/shuffle.hpp"

namespace parley::crypto {
namespace {

game::Seat seat(std::size_t i) { return game::Seat{static_cast<std::uint8_t>(i)}; }

struct ShuffleTable {
  explicit ShuffleTable(std::size_t n = 12) : deck(make_deck()), table(deck.deck, n) {
    for (std::size_t i = 0; i < 3; ++i) {
      keys.push_back(DeckKey::generate());
      announcements.push_back(announce_deck_key(deck, seat(i), keys.back()));
    }
    joint = JointKey::combine(deck, announcements).value();
    // Start from a deck seat 0 already shuffled, so inputs are properly masked.
    input = shuffle_deck(deck, seat(0), joint, open_deck(table), ShuffleArgument::permutation).cards;
  }
  static DeckContext make_deck() {
    SessionId s = SessionId::random();
    return {s, derive_deck_id(s, 0)};
  }
  CardIndex open(const MaskedCard& card, CardPosition p) const {
    std::vector<CardShare> shares;
    for (std::size_t i = 0; i < keys.size(); ++i) shares.push_back(make_share(deck, seat(i), keys[i], p, card));
    return open_revealed(deck, table, joint, p, card, shares).value();
  }
  DeckContext deck;
  CardTable table;
  std::vector<DeckKey> keys;
  std::vector<DeckKeyAnnouncement> announcements;
  JointKey joint;
  std::vector<MaskedCard> input;
};

class ShuffleArgumentTest : public ::testing::TestWithParam<ShuffleArgument> {};

TEST_P(ShuffleArgumentTest, HonestShuffleVerifiesAndKeepsEveryCard) {
  ShuffleTable s;
  auto shuffled = shuffle_deck(s.deck, seat(1), s.joint, s.input, GetParam());
  ASSERT_TRUE(verify_shuffle(s.deck, seat(1), s.joint, s.input, shuffled.cards, shuffled.proof));
  std::set<CardIndex> seen;
  for (std::size_t i = 0; i < shuffled.cards.size(); ++i) {
    EXPECT_NE(shuffled.cards[i], s.input[i]);  // every card re-masked
    seen.insert(s.open(shuffled.cards[i], CardPosition{static_cast<std::uint16_t>(i)}));
  }
  EXPECT_EQ(seen.size(), s.table.size());
}

TEST_P(ShuffleArgumentTest, AlteredOutputsFail) {
  ShuffleTable s;
  auto shuffled = shuffle_deck(s.deck, seat(1), s.joint, s.input, GetParam());
  const Point& y = s.joint.point();
  auto fails = [&](const std::vector<MaskedCard>& out) {
    return !verify_shuffle(s.deck, seat(1), s.joint, s.input, out, shuffled.proof);
  };
  auto swapped = shuffled.cards;
  std::swap(swapped[2], swapped[7]);
  EXPECT_TRUE(fails(swapped));
  auto duplicated = shuffled.cards;
  duplicated[4] = remask(duplicated[5], y, Scalar::random());
  EXPECT_TRUE(fails(duplicated));
  auto replaced = shuffled.cards;
  replaced[0] = remask(open_deck(s.table)[0], y, Scalar::random());  // a chosen card, freshly masked
  EXPECT_TRUE(fails(replaced));
  auto dropped = shuffled.cards;
  dropped.pop_back();
  EXPECT_TRUE(fails(dropped));
  auto remasked = shuffled.cards;
  remasked[3] = remask(remasked[3], y, Scalar::random());  // same card, other mask
  EXPECT_TRUE(fails(remasked));
}

TEST_P(ShuffleArgumentTest, ReplayedProofsFail) {
  ShuffleTable s;
  auto shuffled = shuffle_deck(s.deck, seat(1), s.joint, s.input, GetParam());
  EXPECT_FALSE(verify_shuffle(s.deck, seat(2), s.joint, s.input, shuffled.cards, shuffled.proof));  // other seat
  DeckContext other_session{SessionId::random(), s.deck.deck};
  EXPECT_FALSE(verify_shuffle(other_session, seat(1), s.joint, s.input, shuffled.cards, shuffled.proof));
  DeckContext other_deck{s.deck.session, derive_deck_id(s.deck.session, 7)};
  EXPECT_FALSE(verify_shuffle(other_deck, seat(1), s.joint, s.input, shuffled.cards, shuffled.proof));
  auto other_input = s.input;
  std::swap(other_input[0], other_input[1]);
  EXPECT_FALSE(verify_shuffle(s.deck, seat(1), s.joint, other_input, shuffled.cards, shuffled.proof));
  // A proof from another, honest shuffle of the same input.
  auto second = shuffle_deck(s.deck, seat(1), s.joint, s.input, GetParam());
  EXPECT_FALSE(verify_shuffle(s.deck, seat(1), s.joint, s.input, shuffled.cards, second.proof));
}

// A shuffler that drops a card and duplicates another runs the honest prover on its
// inconsistent witness: the proof does not verify.
TEST_P(ShuffleArgumentTest, ACheatingShufflerCannotProve) {
  ShuffleTable s;
  const std::size_t n = s.input.size();
  std::vector<std::uint16_t> permutation(n);
  std::vector<Scalar> masks(n);
  std::vector<MaskedCard> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    permutation[i] = static_cast<std::uint16_t>((i + 5) % n);
    masks[i] = Scalar::random();
    out[i] = remask(s.input[permutation[i]], s.joint.point(), masks[i]);
  }
  out[0] = remask(s.input[permutation[1]], s.joint.point(), masks[0]);  // card 1 twice, card 0 gone
  ProofContext ctx = s.deck.shuffle_proof(seat(1));
  if (GetParam() == ShuffleArgument::cut_and_choose) {
    auto proof = prove_cut_and_choose(ctx, s.joint.point(), s.input, out, permutation, masks);
    EXPECT_FALSE(verify_cut_and_choose(ctx, s.joint.point(), s.input, out, proof));
  } else {
    auto proof = prove_permutation(ctx, s.joint.point(), s.input, out, permutation, masks);
    EXPECT_FALSE(verify_permutation(ctx, s.joint.point(), s.input, out, proof));
  }
  // A "permutation" that is not one (two outputs from input 1) cannot be proven either.
  auto not_a_permutation = permutation;
  not_a_permutation[0] = not_a_permutation[1];
  if (GetParam() == ShuffleArgument::cut_and_choose) {
    auto proof = prove_cut_and_choose(ctx, s.joint.point(), s.input, out, not_a_permutation, masks);
    EXPECT_FALSE(verify_cut_and_choose(ctx, s.joint.point(), s.input, out, proof));
  } else {
    auto proof = prove_permutation(ctx, s.joint.point(), s.input, out, not_a_permutation, masks);
    EXPECT_FALSE(verify_permutation(ctx, s.joint.point(), s.input, out, proof));
  }
}

TEST_P(ShuffleArgumentTest, EncodingRoundTripsAndAlteredBytesFail) {
  ShuffleTable s(6);
  auto shuffled = shuffle_deck(s.deck, seat(1), s.joint, s.input, GetParam());
  game::ByteWriter w;
  encode(shuffled.proof, w);
  auto back = decode_shuffle_proof(w.data());
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, shuffled.proof);
  EXPECT_TRUE(verify_shuffle(s.deck, seat(1), s.joint, s.input, shuffled.cards, *back));
  EXPECT_EQ(decode_shuffle_proof(std::span(w.data()).first(w.data().size() - 1)).error(), WireError::truncated);
  auto bytes = w.data();
  std::size_t rejected = 0, failed = 0;
  for (std::size_t at = 2; at < bytes.size(); at += 37) {
    auto changed = bytes;
    changed[at] ^= 0x10;
    auto proof = decode_shuffle_proof(changed);
    if (!proof.ok()) {
      ++rejected;
    } else {
      EXPECT_FALSE(verify_shuffle(s.deck, seat(1), s.joint, s.input, shuffled.cards, *proof)) << at;
      ++failed;
    }
  }
  EXPECT_GT(rejected + failed, 10u);
}

INSTANTIATE_TEST_SUITE_P(BothArguments, ShuffleArgumentTest,
                         ::testing::Values(ShuffleArgument::cut_and_choose, ShuffleArgument::permutation),
                         [](const auto& info) {
                           return info.param == ShuffleArgument::cut_and_choose ? std::string("CutAndChoose")
                                                                                : std::string("Permutation");
                         });

TEST(CutAndChoose, OpensRoundsBothWaysAndDoesTheDocumentedWork) {
  ShuffleTable s(10);
  auto shuffled = shuffle_deck(s.deck, seat(1), s.joint, s.input, ShuffleArgument::cut_and_choose);
  const auto& proof = std::get<CutAndChooseProof>(shuffled.proof);
  ASSERT_EQ(proof.rounds.size(), kCutAndChooseRounds);
  std::size_t to_output = 0;
  for (const auto& round : proof.rounds) to_output += std::holds_alternative<OpenedToOutput>(round) ? 1 : 0;
  EXPECT_GT(to_output, 0u);
  EXPECT_LT(to_output, kCutAndChooseRounds);
  // Verifying re-masks every card of every alternative once: K·n of each multiplication.
  auto before = group_operation_counts();
  ASSERT_TRUE(verify_shuffle(s.deck, seat(1), s.joint, s.input, shuffled.cards, shuffled.proof));
  auto after = group_operation_counts();
  EXPECT_EQ(after.variable_base - before.variable_base, kCutAndChooseRounds * 10);
  EXPECT_EQ(after.fixed_base - before.fixed_base, kCutAndChooseRounds * 10);
}

TEST(CutAndChoose, MalformedRoundsAreRejected) {
  game::ByteWriter w;
  write_header(w, WireTag::cut_and_choose_proof);
  w.u8(static_cast<std::uint8_t>(kCutAndChooseRounds));
  w.u16(3);
  w.u8(1);
  w.u16(0);
  w.u16(3);  // link out of range
  EXPECT_EQ(decode_shuffle_proof(w.data()).error(), WireError::bad_value);
  game::ByteWriter rounds;
  write_header(rounds, WireTag::cut_and_choose_proof);
  rounds.u8(63);
  rounds.u16(3);
  EXPECT_EQ(decode_shuffle_proof(rounds.data()).error(), WireError::bad_value);
  game::ByteWriter kind;
  write_header(kind, WireTag::cut_and_choose_proof);
  kind.u8(static_cast<std::uint8_t>(kCutAndChooseRounds));
  kind.u16(3);
  kind.u8(2);
  EXPECT_EQ(decode_shuffle_proof(kind.data()).error(), WireError::bad_value);
  EXPECT_EQ(decode_shuffle_proof(std::vector<std::uint8_t>{99, 1}).error(), WireError::wrong_kind);
  // A card count with no round opened to the output is not the canonical encoding.
  game::ByteWriter stray_count;
  write_header(stray_count, WireTag::cut_and_choose_proof);
  stray_count.u8(static_cast<std::uint8_t>(kCutAndChooseRounds));
  stray_count.u16(3);
  for (std::size_t k = 0; k < kCutAndChooseRounds; ++k) {
    stray_count.u8(0);
    stray_count.raw(std::array<std::uint8_t, kRoundSeedBytes>{});
  }
  EXPECT_EQ(decode_shuffle_proof(stray_count.data()).error(), WireError::bad_value);
}

TEST(Permutation, DoesTheDocumentedWork) {
  ShuffleTable s(10);
  auto shuffled = shuffle_deck(s.deck, seat(1), s.joint, s.input, ShuffleArgument::permutation);
  auto before = group_operation_counts();
  ASSERT_TRUE(verify_shuffle(s.deck, seat(1), s.joint, s.input, shuffled.cards, shuffled.proof));
  auto after = group_operation_counts();
  // 8n + 3 variable-base (Σu·c, Σu·A, Σu·B, Σs̃·h, Σs̃·A', Σs̃·B', s̃·ĉ, e·ĉ; e·c̄, U·h, e·ĉ_n,
  // s4·Y, e·c̃, e·Ã, e·B̃ — minus none) and n + 4 fixed-base multiplications.
  EXPECT_EQ(after.variable_base - before.variable_base, 8u * 10 + 7);
  EXPECT_EQ(after.fixed_base - before.fixed_base, 10u + 4);
}

}  // namespace
}  // namespace parley::crypto
