#pragma once
// A seat's turn at shuffling the mental deck: permute the cards, re-mask every one
// ((A, B) → (A + r·G, B + r·Y)) and prove it with one of two arguments:
//   cut_and_choose  K = 64 alternative shuffles (cut_and_choose.hpp): soundness rests on the
//                   hash alone; ~2·K·n scalar multiplications to verify.
//   permutation     Terelius–Wikström (permutation_argument.hpp): discrete-log soundness,
//                   ~8·n scalar multiplications to verify.
// Every seat shuffles in turn and checks every other seat's shuffle; as long as one seat keeps
// its permutation secret, nobody knows which card is where.
#include <cstddef>
#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "crypto/cut_and_choose.hpp"
#include "crypto/deck.hpp"
#include "crypto/permutation_argument.hpp"
#include "crypto/wire.hpp"
#include "game/core/seat.hpp"

namespace parley::crypto {

enum class ShuffleArgument : std::uint8_t { cut_and_choose = 1, permutation = 2 };

using ShuffleProof = std::variant<CutAndChooseProof, PermutationProof>;

struct ShuffledDeck {
  std::vector<MaskedCard> cards;
  ShuffleProof proof;
};

// input: 1..kMaxDeckSize cards.
ShuffledDeck shuffle_deck(const DeckContext& deck, game::Seat shuffler, const JointKey& keys,
                          std::span<const MaskedCard> input, ShuffleArgument argument);
[[nodiscard]] bool verify_shuffle(const DeckContext& deck, game::Seat shuffler, const JointKey& keys,
                                  std::span<const MaskedCard> input, std::span<const MaskedCard> output,
                                  const ShuffleProof& proof);

void encode(const ShuffleProof& proof, game::ByteWriter& out);
game::Result<ShuffleProof, WireError> decode_shuffle_proof(std::span<const std::uint8_t> in);

}  // namespace parley::crypto
