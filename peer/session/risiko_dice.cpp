#include "peer/session/risiko_dice.hpp"

namespace parley::peer::risiko {

std::uint8_t DieStream::roll() {
  constexpr unsigned kSides = 6;
  constexpr unsigned kLimit = 256u - (256u % kSides);  // 252: every face equally likely
  for (;;) {
    const unsigned b = stream_.byte();
    if (b < kLimit) return static_cast<std::uint8_t>(1 + b % kSides);
  }
}

}  // namespace parley::peer::risiko
