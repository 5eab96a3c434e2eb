#include "game/gunjin/options.hpp"

namespace parley::game::gunjin {

namespace {
constexpr std::uint8_t kMineRemovesBoth = 1U << 0;
constexpr std::uint8_t kEngineerBeatsTank = 1U << 1;
constexpr std::uint8_t kSpyWinsOnlyAttacking = 1U << 2;
constexpr std::uint8_t kKnownBits = kMineRemovesBoth | kEngineerBeatsTank | kSpyWinsOnlyAttacking;
}  // namespace

void encode(const Options& options, ByteWriter& out) {
  std::uint8_t bits = 0;
  if (options.mine_removes_both) bits |= kMineRemovesBoth;
  if (options.engineer_beats_tank) bits |= kEngineerBeatsTank;
  if (options.spy_wins_only_attacking) bits |= kSpyWinsOnlyAttacking;
  out.u8(bits);
}

Result<Options, DecodeError> decode_options(ByteReader& in) {
  auto bits = in.u8();
  if (!bits) return bits.error();
  if ((*bits & ~kKnownBits) != 0) return DecodeError::bad_value;
  Options options;
  options.mine_removes_both = (*bits & kMineRemovesBoth) != 0;
  options.engineer_beats_tank = (*bits & kEngineerBeatsTank) != 0;
  options.spy_wins_only_attacking = (*bits & kSpyWinsOnlyAttacking) != 0;
  return options;
}

}  // namespace parley::game::gunjin
