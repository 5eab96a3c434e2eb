#pragma once
// A layout (布陣): the kind on each of a camp's 23 placement squares, by slot (board.hpp),
// written from the owner's side so that one layout fits either seat. All 23 squares are
// filled, since an army has exactly 23 pieces.
//
// Placement rules (docs/gunjin.md, "Placement"): the pieces are exactly the 23-piece army,
// and the two immovable kinds, 地雷 and 軍旗, may not stand on a gate (momokka.com: 地雷、軍旗
// という二種類の動かせない駒は、突入口に配置することが出来ません), where they would close it
// for good. Everything else is free: a mine may stand in the HQ, the flag on the back row.
#include <array>
#include <cstdint>
#include <string_view>

#include "game/core/bytes.hpp"
#include "game/core/result.hpp"
#include "game/gunjin/kind.hpp"

namespace parley::game::gunjin {

using Layout = std::array<Kind, kArmySize>;

struct PlacementError {
  enum class Problem : std::uint8_t {
    wrong_count,        // `kind` appears more or fewer times than the army has
    immovable_on_gate,  // `kind` (a mine or the flag) stands on gate slot `slot`
  };
  Problem problem;
  Kind kind;
  std::uint8_t slot = 0;  // meaningful for immovable_on_gate
  friend bool operator==(const PlacementError&, const PlacementError&) = default;
};

// Slots 18 and 21: the front row's columns 1 and 4 seen from the owner's side.
constexpr bool is_gate_slot(std::uint8_t slot) { return slot == 18 || slot == 21; }

// The first rule the layout breaks (counts first, in kind order; then gates, in slot order).
Result<Layout, PlacementError> validate_layout(const Layout& layout);

std::string_view describe(PlacementError::Problem problem);

// 23 bytes, one kind index per slot. Decoding checks the kinds' domain only; use
// validate_layout for the placement rules.
void encode(const Layout& layout, ByteWriter& out);
Result<Layout, DecodeError> decode_layout(ByteReader& in);

}  // namespace parley::game::gunjin
