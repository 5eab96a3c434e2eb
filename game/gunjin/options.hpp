#pragma once
// Room options: the variants other rule books play. The defaults are the original table's choices
// (docs/gunjin.md, "Variants"); an option only ever changes the battle table.
#include <cstdint>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"

namespace parley::game::gunjin {

struct Options {
  // A mine that wins a battle is removed with its victim (original table: the mine stays).
  bool mine_removes_both = false;
  // 工兵 beats タンク (original table: タンク beats 工兵).
  bool engineer_beats_tank = false;
  // スパイ beats 大将 only when the spy attacks (original table: whichever attacks).
  bool spy_wins_only_attacking = false;

  friend bool operator==(const Options&, const Options&) = default;
};

// One byte: bit 0 mine_removes_both, bit 1 engineer_beats_tank, bit 2 spy_wins_only_attacking;
// the other bits must be zero.
void encode(const Options& options, ByteWriter& out);
Result<Options, DecodeError> decode_options(ByteReader& in);

}  // namespace parley::game::gunjin
