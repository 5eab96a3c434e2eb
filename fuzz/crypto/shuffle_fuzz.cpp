// Shuffle proofs of both arguments; proofs for four cards are also verified against a fixed
// four-card deck (larger ones would make each run too slow to fuzz).
#include "crypto/shuffle.hpp"
#include "fuzz/crypto/fuzz_support.hpp"

using namespace parley::crypto;

namespace {

struct Fixture {
  DeckContext deck{SessionId{}, derive_deck_id(SessionId{}, 0)};
  CardTable table{deck.deck, 4};
  DeckKey key = DeckKey::restore(Scalar::from_u64(7));
  JointKey joint = [this] {
    std::vector seats{announce_deck_key(deck, parley::game::Seat{0}, key)};
    auto combined = JointKey::combine(deck, seats);
    if (!combined) std::abort();
    return *combined;
  }();
  std::vector<MaskedCard> input = open_deck(table);
  std::vector<MaskedCard> output = [this] {
    std::vector<MaskedCard> out;
    for (std::size_t i = 0; i < input.size(); ++i) {
      out.push_back(remask(input[(i + 1) % input.size()], joint.point(), Scalar::from_u64(i + 2)));
    }
    return out;
  }();
};

std::size_t cards_in(const ShuffleProof& proof) {
  if (const auto* p = std::get_if<PermutationProof>(&proof)) return p->permutation_commitment.size();
  for (const auto& round : std::get<CutAndChooseProof>(proof).rounds) {
    if (const auto* o = std::get_if<OpenedToOutput>(&round)) return o->link.size();
  }
  return 4;  // every round opened to the input: any deck size
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Fixture f;
  std::span<const std::uint8_t> in(data, size);
  auto proof = decode_shuffle_proof(in);
  fuzzing::expect_canonical(in, proof);
  if (proof.ok() && cards_in(*proof) == f.input.size()) {
    (void)verify_shuffle(f.deck, parley::game::Seat{0}, f.joint, f.input, f.output, *proof);
  }
  return 0;
}
