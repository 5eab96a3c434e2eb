#include "crypto/dice.hpp"

#include <sodium.h>

#include <cassert>

#include "crypto/sodium.hpp"

namespace parley::crypto {

namespace {
constexpr DomainLabel kDiceLabel{"dice"};
}

DiceSeed dice_seed(const SessionId& session, std::uint64_t roll_number, const ChainValue& first_revealed,
                   const ChainValue& second_revealed) {
  HashInput in(kDiceLabel);
  in.bytes(session.bytes).u64(roll_number).bytes(first_revealed.bytes).bytes(second_revealed.bytes);
  return DiceSeed{blake2b_256(in)};
}

std::vector<std::uint8_t> roll_dice(const DiceSeed& seed, std::size_t count, std::uint8_t sides) {
  assert(count <= kMaxDicePerRoll && sides >= 2);
  ensure_sodium();
  static_assert(randombytes_SEEDBYTES == kDigestBytes);
  const unsigned limit = 256u - (256u % sides);
  // The deterministic stream for a seed is prefix-stable, so a longer buffer after many
  // rejections continues the same sequence.
  std::vector<std::uint8_t> stream(2 * count + 16);
  randombytes_buf_deterministic(stream.data(), stream.size(), seed.bytes.data());
  std::vector<std::uint8_t> faces;
  std::size_t next = 0;
  while (faces.size() < count) {
    if (next == stream.size()) {
      stream.resize(stream.size() * 2);
      randombytes_buf_deterministic(stream.data(), stream.size(), seed.bytes.data());
    }
    unsigned b = stream[next++];
    if (b < limit) faces.push_back(static_cast<std::uint8_t>(1 + b % sides));
  }
  return faces;
}

}  // namespace parley::crypto
