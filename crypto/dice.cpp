#include "crypto/dice.hpp"

#include <cassert>

#include "crypto/stream.hpp"

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
  const unsigned limit = 256u - (256u % sides);
  DeterministicStream stream(seed.bytes);
  std::vector<std::uint8_t> faces;
  faces.reserve(count);
  while (faces.size() < count) {
    unsigned b = stream.byte();
    if (b < limit) faces.push_back(static_cast<std::uint8_t>(1 + b % sides));
  }
  return faces;
}

}  // namespace parley::crypto
