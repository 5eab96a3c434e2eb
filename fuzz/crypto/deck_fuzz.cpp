// Deck keys, masked decks, card shares and sealed share transfers (including opening the
// sealed message with real keys).
#include "crypto/deck.hpp"
#include "fuzz/crypto/fuzz_support.hpp"

using namespace parley::crypto;

namespace {

struct Fixture {
  DeckContext deck{SessionId{}, derive_deck_id(SessionId{}, 0)};
  CardTable table{deck.deck, 4};
  DeckKey key = DeckKey::restore(Scalar::from_u64(7));
  JointKey joint = [this] {
    std::vector seats{announce_deck_key(deck, parley::game::Seat{0}, key),
                      announce_deck_key(deck, parley::game::Seat{1}, key)};
    auto combined = JointKey::combine(deck, seats);
    if (!combined) std::abort();
    return *combined;
  }();
  EphemeralKeyPair box = EphemeralKeyPair::restore(SecretBytes<kBoxSecretKeyBytes>());
  MaskedCard card = remask(open_deck(table)[1], joint.point(), Scalar::from_u64(3));
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Fixture f;
  std::span<const std::uint8_t> in(data, size);
  auto key = decode_deck_key(in);
  fuzzing::expect_canonical(in, key);
  if (key.ok()) (void)JointKey::combine(f.deck, std::span(&*key, 1));
  fuzzing::expect_canonical(in, decode_masked_deck(in));
  auto share = decode_card_share(in);
  fuzzing::expect_canonical(in, share);
  if (share.ok()) (void)verify_share(f.deck, parley::game::Seat{0}, f.joint, CardPosition{0}, f.card, *share);
  auto transfer = decode_share_transfer(in);
  fuzzing::expect_canonical(in, transfer);
  if (transfer.ok()) {
    std::vector<CardShare> published(2);
    (void)receive_transfer(f.deck, f.table, f.joint, CardPosition{0}, f.card, published, *transfer,
                           parley::game::Seat{0}, f.box.public_key(), parley::game::Seat{1}, f.box);
  }
  return 0;
}
