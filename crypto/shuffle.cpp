#include "crypto/shuffle.hpp"

#include <sodium.h>

#include <cassert>

#include "crypto/sodium.hpp"

namespace parley::crypto {

ShuffledDeck shuffle_deck(const DeckContext& deck, game::Seat shuffler, const JointKey& keys,
                          std::span<const MaskedCard> input, ShuffleArgument argument) {
  const std::size_t n = input.size();
  assert(n >= 1 && n <= kMaxDeckSize);
  ensure_sodium();
  // π uniform by Fisher–Yates over libsodium's unbiased randombytes_uniform.
  std::vector<std::uint16_t> permutation(n);
  for (std::size_t i = 0; i < n; ++i) permutation[i] = static_cast<std::uint16_t>(i);
  for (std::size_t i = n; i > 1; --i) {
    std::swap(permutation[i - 1], permutation[randombytes_uniform(static_cast<std::uint32_t>(i))]);
  }
  std::vector<Scalar> masks(n);
  ShuffledDeck out;
  out.cards.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    masks[i] = Scalar::random();
    out.cards.push_back(remask(input[permutation[i]], keys.point(), masks[i]));
  }
  ProofContext context = deck.shuffle_proof(shuffler);
  if (argument == ShuffleArgument::cut_and_choose) {
    out.proof = prove_cut_and_choose(context, keys.point(), input, out.cards, permutation, masks);
  } else {
    out.proof = prove_permutation(context, keys.point(), input, out.cards, permutation, masks);
  }
  return out;
}

bool verify_shuffle(const DeckContext& deck, game::Seat shuffler, const JointKey& keys,
                    std::span<const MaskedCard> input, std::span<const MaskedCard> output, const ShuffleProof& proof) {
  ProofContext context = deck.shuffle_proof(shuffler);
  if (const auto* cc = std::get_if<CutAndChooseProof>(&proof)) {
    return verify_cut_and_choose(context, keys.point(), input, output, *cc);
  }
  return verify_permutation(context, keys.point(), input, output, std::get<PermutationProof>(proof));
}

void encode(const ShuffleProof& proof, game::ByteWriter& out) {
  if (const auto* cc = std::get_if<CutAndChooseProof>(&proof)) {
    write_header(out, WireTag::cut_and_choose_proof);
    write_proof(out, *cc);
  } else {
    write_header(out, WireTag::permutation_proof);
    write_proof(out, std::get<PermutationProof>(proof));
  }
}

game::Result<ShuffleProof, WireError> decode_shuffle_proof(std::span<const std::uint8_t> in) {
  // The tag chooses the argument; anything else is wrong_kind.
  WireReader r(in);
  bool permutation = !in.empty() && in[0] == static_cast<std::uint8_t>(WireTag::permutation_proof);
  r.header(permutation ? WireTag::permutation_proof : WireTag::cut_and_choose_proof);
  if (permutation) {
    auto proof = read_permutation_proof(r);
    return r.finish(ShuffleProof(std::move(proof)));
  }
  auto proof = read_cut_and_choose_proof(r);
  return r.finish(ShuffleProof(std::move(proof)));
}

}  // namespace parley::crypto
