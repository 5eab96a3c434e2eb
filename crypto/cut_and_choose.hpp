#pragma once
// The cut-and-choose shuffle argument (docs/design.md, "Shuffles"). The shuffler proves that
// out_i = remask(in_{π(i)}, r_i) for some permutation π and masks r without revealing them:
//
//   for k = 1..K: a fresh 32-byte seed s_k gives (σ_k, t_k) through DeterministicStream
//                 (t_{k,j} = 64 stream bytes reduced mod ℓ, then σ_k by Fisher–Yates with
//                 rejection sampling); E^k_j = remask(in_{σ_k(j)}, t_{k,j}).
//   b = first K bits of BLAKE2b-256(parley/shuffle-cut-and-choose/v1 ‖ context ‖ Y ‖ n ‖ in ‖
//                                   out ‖ E^1 ‖ … ‖ E^K)
//   b_k = 0: reveal s_k; anyone rebuilds E^k from the input.
//   b_k = 1: reveal ρ_k = σ_k⁻¹∘π and u_{k,i} = r_i − t_{k,ρ_k(i)};
//            anyone rebuilds E^k_{ρ_k(i)} = remask(out_i, −u_{k,i}).
// The proof carries only the openings; the verifier rebuilds every E^k, rehashes and checks
// that the bits select exactly the openings given. If out is not a re-masked permutation of in,
// no E^k can be opened both ways, so a prover must guess all K bits in advance: each attempt
// (one hash evaluation at least) succeeds with probability 2^−K. K = 64 (see docs/crypto.md).
// Zero knowledge: σ_k and t_k are uniform and secret, so ρ_k and u_k are uniform too.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "crypto/context.hpp"
#include "crypto/deck.hpp"
#include "crypto/group.hpp"
#include "crypto/wire.hpp"

namespace parley::crypto {

inline constexpr std::size_t kCutAndChooseRounds = 64;
inline constexpr std::size_t kRoundSeedBytes = 32;

struct OpenedToInput {
  std::array<std::uint8_t, kRoundSeedBytes> seed{};
  friend bool operator==(const OpenedToInput&, const OpenedToInput&) = default;
};

struct OpenedToOutput {
  std::vector<std::uint16_t> link;  // ρ_k: output i came from alternative position ρ_k(i)
  std::vector<Scalar> masks;        // u_{k,i}
  friend bool operator==(const OpenedToOutput&, const OpenedToOutput&) = default;
};

using CutAndChooseRound = std::variant<OpenedToInput, OpenedToOutput>;

struct CutAndChooseProof {
  std::vector<CutAndChooseRound> rounds;  // kCutAndChooseRounds of them
  friend bool operator==(const CutAndChooseProof&, const CutAndChooseProof&) = default;
};

// `permutation[i]` is π(i), the input position output i came from; `masks[i]` is r_i.
CutAndChooseProof prove_cut_and_choose(const ProofContext& context, const Point& joint_key,
                                       std::span<const MaskedCard> input, std::span<const MaskedCard> output,
                                       std::span<const std::uint16_t> permutation, std::span<const Scalar> masks);
[[nodiscard]] bool verify_cut_and_choose(const ProofContext& context, const Point& joint_key,
                                         std::span<const MaskedCard> input, std::span<const MaskedCard> output,
                                         const CutAndChooseProof& proof);

void write_proof(game::ByteWriter& out, const CutAndChooseProof& proof);
CutAndChooseProof read_cut_and_choose_proof(WireReader& in);

}  // namespace parley::crypto
