#pragma once
// Risiko's dice from two hash-chain values (docs/design.md and docs/crypto.md, "Hash chains and
// dice"): seed = dice_seed(session, roll, first, second), the first value from the attacker (it
// reveals it with its order), the second from the defender or its stand-in. One pair of values
// decides a whole roll: an ATTACK's dice, or every round of an M_ATTACK, drawn in the engine's
// order (attacker's dice, then defender's, round by round) from one DeterministicStream by the
// same rejection rule as crypto::roll_dice, so an ATTACK's dice are exactly roll_dice(seed, n, 6).
#include <cstdint>

#include "crypto/dice.hpp"
#include "crypto/stream.hpp"
#include "game/risiko/engine.hpp"

namespace parley::peer::risiko {

class DieStream {
 public:
  explicit DieStream(const crypto::DiceSeed& seed) : stream_(seed.bytes) {}
  // One die, 1..6, uniform.
  std::uint8_t roll();
  game::risiko::DieSource source() {
    return [this] { return roll(); };
  }

 private:
  crypto::DeterministicStream stream_;
};

}  // namespace parley::peer::risiko
