// Whole mental-deck games simulated in one process, for 2 and 6 seats: a 44-card deck shuffled
// by every seat (each shuffle checked by every other seat), dealt round-robin, some cards
// revealed, one transferred. Every seat must end with exactly its cards and every card must
// exist exactly once.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "crypto/shuffle.hpp"

namespace parley::crypto {
namespace {

constexpr std::size_t kCards = 44;

game::Seat seat(std::size_t i) { return game::Seat{static_cast<std::uint8_t>(i)}; }
CardPosition position(std::size_t p) { return CardPosition{static_cast<std::uint16_t>(p)}; }

struct Player {
  DeckKey key = DeckKey::generate();
  EphemeralKeyPair box = EphemeralKeyPair::generate();
  std::map<CardPosition, CardIndex> hand;           // what this seat knows it holds
  std::map<CardPosition, CardShare> dealt_shares;   // its own share of each card dealt to it
};

void play(std::size_t seats, ShuffleArgument argument) {
  SessionId session = SessionId::random();
  DeckContext deck{session, derive_deck_id(session, 0)};
  CardTable table(deck.deck, kCards);
  std::vector<Player> players(seats);

  // Keys: every seat checks every announcement and computes the same joint key.
  std::vector<DeckKeyAnnouncement> announcements;
  for (std::size_t i = 0; i < seats; ++i) announcements.push_back(announce_deck_key(deck, seat(i), players[i].key));
  JointKey joint = JointKey::combine(deck, announcements).value();

  // Shuffles, each checked by every other seat.
  std::vector<MaskedCard> cards = open_deck(table);
  for (std::size_t s = 0; s < seats; ++s) {
    ShuffledDeck shuffled = shuffle_deck(deck, seat(s), joint, cards, argument);
    game::ByteWriter wire;  // what goes over the wire: the deck and its proof
    encode(shuffled.cards, wire);
    auto received_cards = decode_masked_deck(wire.data()).value();
    game::ByteWriter proof_wire;
    encode(shuffled.proof, proof_wire);
    auto received_proof = decode_shuffle_proof(proof_wire.data()).value();
    for (std::size_t v = 0; v < seats; ++v) {
      if (v == s) continue;
      ASSERT_TRUE(verify_shuffle(deck, seat(s), joint, cards, received_cards, received_proof))
          << "seat " << v << " rejects seat " << s << "'s shuffle";
    }
    cards = received_cards;
  }

  // Deal: position p to seat p mod n; every other seat publishes its share.
  std::map<CardPosition, std::vector<CardShare>> published;
  for (std::size_t p = 0; p < kCards; ++p) {
    std::size_t owner = p % seats;
    auto& shares = published[position(p)];
    shares.resize(seats);
    for (std::size_t j = 0; j < seats; ++j) {
      CardShare share = make_share(deck, seat(j), players[j].key, position(p), cards[p]);
      if (j == owner) {
        players[j].dealt_shares[position(p)] = share;  // kept private
      } else {
        shares[j] = share;
      }
    }
    auto card = receive_card(deck, table, joint, seat(owner), players[owner].key, position(p), cards[p], shares);
    ASSERT_TRUE(card.ok()) << describe(card.error().failure);
    players[owner].hand[position(p)] = *card;
  }

  // Public reveal: seat 0 shows its first two cards; every seat opens them and agrees.
  for (std::size_t p : {std::size_t{0}, seats}) {
    auto all = published[position(p)];
    all[0] = players[0].dealt_shares[position(p)];
    for (std::size_t v = 0; v < seats; ++v) {
      auto seen = open_revealed(deck, table, joint, position(p), cards[p], all);
      ASSERT_TRUE(seen.ok());
      EXPECT_EQ(*seen, players[0].hand[position(p)]);
    }
  }

  // Transfer: seat 1's card at position 1 goes to seat 0 (the last seat when there are two).
  const std::size_t from = 1, to = seats == 2 ? 0 : seats - 1;
  ShareTransfer transfer = seal_share(deck, position(1), seat(from), players[from].dealt_shares[position(1)],
                                      seat(from), players[from].box, seat(to), players[to].box.public_key());
  game::ByteWriter transfer_wire;
  encode(transfer, transfer_wire);
  auto received = receive_transfer(deck, table, joint, position(1), cards[1], published[position(1)],
                                   decode_share_transfer(transfer_wire.data()).value(), seat(from),
                                   players[from].box.public_key(), seat(to), players[to].box);
  ASSERT_TRUE(received.ok()) << describe(received.error());
  EXPECT_EQ(received->card, players[from].hand[position(1)]);
  players[to].hand[position(1)] = received->card;
  players[from].hand.erase(position(1));

  // Every seat holds exactly its positions; every card exists exactly once.
  std::set<CardIndex> all_cards;
  std::size_t held = 0;
  for (std::size_t i = 0; i < seats; ++i) {
    for (auto [pos, card] : players[i].hand) {
      std::size_t expected_owner = pos.value == 1 ? to : pos.value % seats;
      EXPECT_EQ(i, expected_owner) << "position " << pos.value;
      all_cards.insert(card);
      ++held;
    }
  }
  EXPECT_EQ(held, kCards);
  EXPECT_EQ(all_cards.size(), kCards);
}

TEST(DeckProtocol, TwoSeatsWithCutAndChoose) { play(2, ShuffleArgument::cut_and_choose); }
TEST(DeckProtocol, TwoSeatsWithThePermutationArgument) { play(2, ShuffleArgument::permutation); }
TEST(DeckProtocol, SixSeatsWithCutAndChoose) { play(6, ShuffleArgument::cut_and_choose); }
TEST(DeckProtocol, SixSeatsWithThePermutationArgument) { play(6, ShuffleArgument::permutation); }

}  // namespace
}  // namespace parley::crypto
