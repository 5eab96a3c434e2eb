#pragma once
// Dice from two seats' hash-chain values (docs/design.md):
//   seed = BLAKE2b-256(parley/dice/v1 ‖ session ‖ roll_no ‖ value_a ‖ value_b)
// where value_a is the contribution of the seat that must reveal first and value_b the other's.
// Faces come from randombytes_buf_deterministic(seed) (ChaCha20, DeterministicStream) by
// rejection sampling, one byte per attempt: a byte b is used iff b < 256 − (256 mod sides), and gives 1 + b mod sides,
// so every face has exactly the same probability.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "crypto/context.hpp"
#include "crypto/hash.hpp"
#include "crypto/hash_chain.hpp"

namespace parley::crypto {

inline constexpr std::size_t kMaxDicePerRoll = 64;

struct DiceSeed {
  Digest bytes{};
  friend bool operator==(const DiceSeed&, const DiceSeed&) = default;
};

DiceSeed dice_seed(const SessionId& session, std::uint64_t roll_number, const ChainValue& first_revealed,
                   const ChainValue& second_revealed);

// `count` ≤ kMaxDicePerRoll faces in [1, sides], sides in [2, 255]. Deterministic in the seed.
std::vector<std::uint8_t> roll_dice(const DiceSeed& seed, std::size_t count, std::uint8_t sides);

}  // namespace parley::crypto
