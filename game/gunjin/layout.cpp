#include "game/gunjin/layout.hpp"

namespace parley::game::gunjin {

Result<Layout, PlacementError> validate_layout(const Layout& layout) {
  std::array<int, kKindCount> counts{};
  for (Kind k : layout) ++counts[index_of(k)];
  for (Kind k : kAllKinds) {
    if (counts[index_of(k)] != army_count(k)) return PlacementError{PlacementError::Problem::wrong_count, k, 0};
  }
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    if (is_gate_slot(slot) && !can_move(layout[slot])) {
      return PlacementError{PlacementError::Problem::immovable_on_gate, layout[slot], slot};
    }
  }
  return layout;
}

std::string_view describe(PlacementError::Problem problem) {
  switch (problem) {
    case PlacementError::Problem::wrong_count: return "the layout is not exactly the 23-piece army";
    case PlacementError::Problem::immovable_on_gate: return "a mine or the flag stands on a gate";
  }
  return "unknown placement problem";
}

void encode(const Layout& layout, ByteWriter& out) {
  for (Kind k : layout) out.u8(index_of(k));
}

Result<Layout, DecodeError> decode_layout(ByteReader& in) {
  Layout layout{};
  for (Kind& k : layout) {
    auto byte = in.u8();
    if (!byte) return byte.error();
    auto kind = kind_from_index(*byte);
    if (!kind) return DecodeError::bad_value;
    k = *kind;
  }
  return layout;
}

}  // namespace parley::game::gunjin
