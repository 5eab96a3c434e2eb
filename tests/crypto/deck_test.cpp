// The mental deck: card points (known answers from tests/crypto/reference), keys, masking,
// shares, reveal and transfer, each with its honest run and its altered runs.
#include <gtest/gtest.h>

#include "crypto/deck.hpp"
#include "tests/crypto/hex.hpp"

namespace parley::crypto {
namespace {

using testing::to_hex;

SessionId counting_session() {
  SessionId s;
  for (std::size_t i = 0; i < s.bytes.size(); ++i) s.bytes[i] = static_cast<std::uint8_t>(i);
  return s;
}

game::Seat seat(std::size_t i) { return game::Seat{static_cast<std::uint8_t>(i)}; }

TEST(Deck, CardPointsMatchTheReference) {
  DeckId id = derive_deck_id(counting_session(), 0);
  EXPECT_EQ(to_hex(id.bytes), "4378cc5b120f242084d90d529a3de400a0fad87248afd499617a1ea7aad2a88f");
  CardTable table(id, 44);
  EXPECT_EQ(to_hex(table.point(CardIndex{0}).bytes()), "6c9f447204a4e1ecc03973e7e9e5678423c73646237459d9940cc03083dd1332");
  EXPECT_EQ(to_hex(table.point(CardIndex{1}).bytes()), "54ae92b256183ec71efa00e1c9f1a0f5baf8d1ffdc3dff51770f7d3429040253");
  EXPECT_EQ(to_hex(table.point(CardIndex{43}).bytes()), "00649e92f52f259c5886fd249c1dc08862b7b108da2dd399ec8915af0ff4ec3f");
  EXPECT_EQ(table.find(table.point(CardIndex{17})), CardIndex{17});
  EXPECT_EQ(table.find(Point::base()), std::nullopt);
  // Another deck of the same session has other cards.
  CardTable missions(derive_deck_id(counting_session(), 1), 14);
  EXPECT_EQ(missions.find(table.point(CardIndex{0})), std::nullopt);
}

// A table of n seats with their keys, for the tests below.
struct Table {
  static DeckContext fresh_deck() {
    SessionId session = SessionId::random();
    return {session, derive_deck_id(session, 0)};
  }
  explicit Table(std::size_t seats, std::size_t cards = 44) : deck(fresh_deck()), cards_(deck.deck, cards) {
    for (std::size_t i = 0; i < seats; ++i) {
      keys.push_back(DeckKey::generate());
      announcements.push_back(announce_deck_key(deck, seat(i), keys.back()));
    }
    joint = JointKey::combine(deck, announcements).value();
  }
  // A masked card as a deal would see it: card `c` under a random mask.
  MaskedCard masked(CardIndex c) const {
    return remask(open_deck(cards_)[c.value], joint.point(), Scalar::random_nonzero());
  }
  std::vector<CardShare> shares_for(CardPosition p, const MaskedCard& card) const {
    std::vector<CardShare> out;
    for (std::size_t i = 0; i < keys.size(); ++i) out.push_back(make_share(deck, seat(i), keys[i], p, card));
    return out;
  }
  DeckContext deck;
  CardTable cards_;
  std::vector<DeckKey> keys;
  std::vector<DeckKeyAnnouncement> announcements;
  JointKey joint;
};

TEST(DeckKeys, JointKeyNeedsEverySeatsProof) {
  Table t(4);
  Point sum;
  for (auto& k : t.keys) sum = sum + k.public_key();
  EXPECT_EQ(t.joint.point(), sum);

  // A key whose proof belongs to another seat (a copied key: the rogue-key attack) fails.
  auto copied = t.announcements;
  copied[3] = copied[1];
  auto rogue = JointKey::combine(t.deck, copied);
  ASSERT_FALSE(rogue.ok());
  EXPECT_EQ(rogue.error().failure, DeckFailure::bad_key_proof);
  EXPECT_EQ(rogue.error().seat, seat(3));
  // A rogue key Y' = x'·G − Y_0 (cancelling seat 0) cannot be proven.
  auto cancelling = t.announcements;
  Scalar x = Scalar::random_nonzero();
  cancelling[2].public_key = x * Point::base() - t.keys[0].public_key();
  EXPECT_EQ(JointKey::combine(t.deck, cancelling).error().seat, seat(2));
  // Announcements for another deck or session fail.
  DeckContext other{t.deck.session, derive_deck_id(t.deck.session, 1)};
  EXPECT_EQ(JointKey::combine(other, t.announcements).error().seat, seat(0));
  EXPECT_EQ(JointKey::combine(t.deck, {}).error().failure, DeckFailure::seat_count);
}

TEST(DeckShares, AnyoneOpensARevealedCardAndAWrongShareNamesItsSeat) {
  Table t(3);
  CardPosition p{5};
  MaskedCard card = t.masked(CardIndex{21});
  auto shares = t.shares_for(p, card);
  auto opened = open_revealed(t.deck, t.cards_, t.joint, p, card, shares);
  ASSERT_TRUE(opened.ok());
  EXPECT_EQ(*opened, CardIndex{21});

  auto wrong = shares;
  wrong[1].share = wrong[1].share + Point::base();  // a wrong share
  auto caught = open_revealed(t.deck, t.cards_, t.joint, p, card, wrong);
  ASSERT_FALSE(caught.ok());
  EXPECT_EQ(caught.error().failure, DeckFailure::bad_share_proof);
  EXPECT_EQ(caught.error().seat, seat(1));

  auto swapped = shares;
  std::swap(swapped[0], swapped[2]);  // shares posted under the wrong seats
  EXPECT_EQ(open_revealed(t.deck, t.cards_, t.joint, p, card, swapped).error().seat, seat(0));
  // Shares replayed for another position or another card fail.
  EXPECT_EQ(open_revealed(t.deck, t.cards_, t.joint, CardPosition{6}, card, shares).error().failure,
            DeckFailure::bad_share_proof);
  EXPECT_FALSE(open_revealed(t.deck, t.cards_, t.joint, p, t.masked(CardIndex{21}), shares).ok());
  // A correct share point without its proof's statement (proof from another seat) fails.
  auto borrowed = shares;
  borrowed[2].proof = shares[1].proof;
  EXPECT_EQ(open_revealed(t.deck, t.cards_, t.joint, p, card, borrowed).error().seat, seat(2));
}

TEST(DeckShares, OnlyTheOwnerLearnsADealtCard) {
  Table t(4);
  CardPosition p{0};
  MaskedCard card = t.masked(CardIndex{9});
  auto published = t.shares_for(p, card);
  published[2] = CardShare{};  // the owner's share is never published
  auto mine = receive_card(t.deck, t.cards_, t.joint, seat(2), t.keys[2], p, card, published);
  ASSERT_TRUE(mine.ok());
  EXPECT_EQ(*mine, CardIndex{9});
  // Another seat, lacking seat 2's share, cannot: with its own key in the owner's slot it gets
  // no card of the deck.
  auto other = receive_card(t.deck, t.cards_, t.joint, seat(2), t.keys[0], p, card, published);
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error().failure, DeckFailure::unknown_card);
  // A cheating seat's share is caught by the owner.
  auto cheating = published;
  cheating[3] = make_share(t.deck, seat(3), t.keys[1], p, card);
  EXPECT_EQ(receive_card(t.deck, t.cards_, t.joint, seat(2), t.keys[2], p, card, cheating).error().seat, seat(3));
}

TEST(DeckShares, RemaskingKeepsTheCard) {
  Table t(2);
  MaskedCard card = t.masked(CardIndex{3});
  MaskedCard again = remask(card, t.joint.point(), Scalar::random());
  EXPECT_NE(again, card);
  EXPECT_EQ(open_revealed(t.deck, t.cards_, t.joint, CardPosition{1}, again, t.shares_for(CardPosition{1}, again)).value(),
            CardIndex{3});
}

struct TransferFixture : Table {
  TransferFixture() : Table(3) {
    for (int i = 0; i < 3; ++i) box_keys.push_back(EphemeralKeyPair::generate());
    card = masked(CardIndex{30});
    published = shares_for(p, card);
    holder_share = published[0];
    published[0] = CardShare{};
  }
  CardPosition p{12};
  MaskedCard card;
  std::vector<CardShare> published;
  CardShare holder_share;
  std::vector<EphemeralKeyPair> box_keys;
  ShareTransfer send(game::Seat from, game::Seat to, const CardShare& share) const {
    return seal_share(deck, p, seat(0), share, from, box_keys[from.index], to, box_keys[to.index].public_key());
  }
  game::Result<ReceivedCard, TransferFailure> receive(const ShareTransfer& transfer, game::Seat from, game::Seat to,
                                                      CardPosition at) const {
    return receive_transfer(deck, cards_, joint, at, card, published, transfer, from, box_keys[from.index].public_key(),
                            to, box_keys[to.index]);
  }
};

TEST(DeckTransfer, TheNewOwnerLearnsTheCardAndCanPassItOn) {
  TransferFixture f;
  auto got = f.receive(f.send(seat(0), seat(1), f.holder_share), seat(0), seat(1), f.p);
  ASSERT_TRUE(got.ok()) << describe(got.error());
  EXPECT_EQ(got->card, CardIndex{30});
  // Seat 1 passes it on to seat 2, forwarding seat 0's share and proof.
  auto onward = f.receive(f.send(seat(1), seat(2), got->holder_share), seat(1), seat(2), f.p);
  ASSERT_TRUE(onward.ok());
  EXPECT_EQ(onward->card, CardIndex{30});
}

TEST(DeckTransfer, EveryAlterationFails) {
  TransferFixture f;
  auto transfer = f.send(seat(0), seat(1), f.holder_share);
  // Only the addressee can open it.
  EXPECT_EQ(f.receive(transfer, seat(0), seat(2), f.p).error(), TransferFailure::cannot_open);
  // Replayed for another position.
  EXPECT_EQ(f.receive(transfer, seat(0), seat(1), CardPosition{13}).error(), TransferFailure::cannot_open);
  // Tampered in transit.
  auto tampered = transfer;
  tampered.sealed.ciphertext[40] ^= 1;
  EXPECT_EQ(f.receive(tampered, seat(0), seat(1), f.p).error(), TransferFailure::cannot_open);
  // A wrong share, properly sealed.
  auto wrong = f.holder_share;
  wrong.share = wrong.share + Point::base();
  EXPECT_EQ(f.receive(f.send(seat(0), seat(1), wrong), seat(0), seat(1), f.p).error(),
            TransferFailure::bad_share_proof);
  // Claiming the share is another seat's.
  auto misattributed = transfer;
  misattributed.holder = seat(2);
  EXPECT_EQ(f.receive(misattributed, seat(0), seat(1), f.p).error(), TransferFailure::bad_share_proof);
}

TEST(DeckEncoding, MessagesRoundTripAndMalformedOnesAreRejected) {
  Table t(2, 5);
  game::ByteWriter k;
  encode(t.announcements[1], k);
  EXPECT_EQ(decode_deck_key(k.data()).value(), t.announcements[1]);

  std::vector<MaskedCard> cards{t.masked(CardIndex{0}), t.masked(CardIndex{4})};
  game::ByteWriter d;
  encode(cards, d);
  EXPECT_EQ(decode_masked_deck(d.data()).value(), cards);
  auto with_identity = d.data();
  std::fill(with_identity.begin() + 4, with_identity.begin() + 36, 0);
  EXPECT_EQ(decode_masked_deck(with_identity).error(), WireError::identity_point);
  game::ByteWriter empty;
  encode(std::span<const MaskedCard>(), empty);
  EXPECT_EQ(decode_masked_deck(empty.data()).error(), WireError::bad_value);
  auto oversized = d.data();
  oversized[2] = 0x01;
  oversized[3] = 0x01;  // 257 cards
  EXPECT_EQ(decode_masked_deck(oversized).error(), WireError::bad_value);
  EXPECT_EQ(decode_masked_deck(std::span(d.data()).first(70)).error(), WireError::truncated);

  auto share = make_share(t.deck, seat(0), t.keys[0], CardPosition{0}, cards[0]);
  game::ByteWriter s;
  encode(share, s);
  EXPECT_EQ(decode_card_share(s.data()).value(), share);

  auto box = EphemeralKeyPair::generate();
  auto transfer = seal_share(t.deck, CardPosition{0}, seat(0), share, seat(0), box, seat(1), box.public_key());
  game::ByteWriter tr;
  encode(transfer, tr);
  auto back = decode_share_transfer(tr.data());
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->holder, seat(0));
  EXPECT_EQ(back->sealed.ciphertext, transfer.sealed.ciphertext);
  auto bad_seat = tr.data();
  bad_seat[2] = 9;
  EXPECT_EQ(decode_share_transfer(bad_seat).error(), WireError::bad_value);
}

}  // namespace
}  // namespace parley::crypto
