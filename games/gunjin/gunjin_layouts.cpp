#include "games/gunjin/gunjin_layouts.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <optional>

#include "game/gunjin/board.hpp"

namespace parley::peer {

using namespace game::gunjin;

namespace {

constexpr game::Seat kOwner{0};  // slots read as seat 0's squares: row and column from its side
constexpr std::uint8_t kNoSlot = 0xff;

int row_of_slot(std::uint8_t slot) { return cells_of(square_of_slot(kOwner, slot)).front().row; }
// The column of a one-cell square; the HQ's is -1 (it belongs to neither half).
int column_of_slot(std::uint8_t slot) {
  const auto cells = cells_of(square_of_slot(kOwner, slot));
  return cells.size() == 1 ? cells.front().column : -1;
}
std::uint8_t slot_behind(std::uint8_t slot) {
  const auto behind = square_behind(square_of_slot(kOwner, slot), kOwner);
  return behind ? slot_of_square(*behind) : kNoSlot;
}
std::optional<std::uint8_t> slot_at(int row, int column) {
  const auto square = square_at(Cell{static_cast<std::int8_t>(column), static_cast<std::int8_t>(row)});
  if (!square) return std::nullopt;
  return slot_of_square(*square);
}

bool strong(Kind k) {
  return k == Kind::general || k == Kind::lieutenant_general || k == Kind::major_general || k == Kind::plane ||
         k == Kind::tank;
}
bool protector(Kind k) {
  return k == Kind::general || k == Kind::lieutenant_general || k == Kind::major_general || k == Kind::mine;
}
bool fighter(Kind k) {
  return k == Kind::lieutenant_general || k == Kind::major_general || k == Kind::plane || k == Kind::tank ||
         k == Kind::colonel || k == Kind::lieutenant_colonel || k == Kind::major || k == Kind::cavalry;
}
constexpr int kFrontRow = 3;

// Draws one of `options` with the given weights (all > 0).
template <class T>
T pick(std::mt19937_64& rng, const std::vector<std::pair<T, int>>& options) {
  int total = 0;
  for (const auto& [value, weight] : options) total += weight;
  int at = static_cast<int>(rng() % static_cast<std::uint64_t>(total));
  for (const auto& [value, weight] : options) {
    if (at < weight) return value;
    at -= weight;
  }
  return options.back().first;
}

// The layout under construction: the pieces left to place, and the slots left to fill.
struct Builder {
  std::array<std::optional<Kind>, kArmySize> slots{};
  std::vector<Kind> left;

  Builder() {
    for (Kind k : kAllKinds)
      for (std::uint8_t i = 0; i < army_count(k); ++i) left.push_back(k);
  }
  bool has(Kind k) const { return std::find(left.begin(), left.end(), k) != left.end(); }
  bool free(std::uint8_t slot) const { return slot < kArmySize && !slots[slot]; }
  void put(std::uint8_t slot, Kind k) {
    assert(free(slot) && has(k));
    slots[slot] = k;
    left.erase(std::find(left.begin(), left.end(), k));
  }
  std::vector<std::uint8_t> free_slots() const {
    std::vector<std::uint8_t> out;
    for (std::uint8_t s = 0; s < kArmySize; ++s)
      if (free(s)) out.push_back(s);
    return out;
  }
};

}  // namespace

std::vector<LayoutConcern> layout_concerns(const Layout& layout) {
  std::vector<LayoutConcern> out;
  const auto flag = static_cast<std::uint8_t>(std::find(layout.begin(), layout.end(), Kind::flag) - layout.begin());
  const std::uint8_t behind = slot_behind(flag);
  if (row_of_slot(flag) == 0 || row_of_slot(flag) == kFrontRow || behind == kNoSlot || !protector(layout[behind]))
    out.push_back(LayoutConcern::flag_exposed);
  std::array<int, 2> halves{};
  for (std::uint8_t s = 0; s < kArmySize; ++s)
    if (strong(layout[s]) && column_of_slot(s) >= 0) ++halves[column_of_slot(s) < 3 ? 0 : 1];
  if (halves[0] < 2 || halves[1] < 2) out.push_back(LayoutConcern::strength_bunched);
  for (std::uint8_t s = 0; s < kArmySize; ++s)
    if (is_gate_slot(s) && !fighter(layout[s])) {
      out.push_back(LayoutConcern::weak_gate);
      break;
    }
  return out;
}

Layout mirrored(const Layout& layout) {
  Layout out = layout;
  for (std::uint8_t s = 0; s < kArmySize; ++s) {
    const int column = column_of_slot(s);
    if (column < 0) continue;  // the HQ maps onto itself
    out[*slot_at(row_of_slot(s), 5 - column)] = layout[s];
  }
  return out;
}

Layout sensible_layout(std::mt19937_64& rng) {
  Builder b;
  // The flag, in the second or third row (more often the second, and nearer the middle), and
  // its protector behind it.
  std::vector<std::pair<std::uint8_t, int>> flag_slots;
  for (std::uint8_t s = 0; s < kArmySize; ++s) {
    const int row = row_of_slot(s), column = column_of_slot(s);
    if (row != 1 && row != 2) continue;
    flag_slots.push_back({s, (row == 1 ? 3 : 1) * (column == 0 || column == 5 ? 1 : 2)});
  }
  const std::uint8_t flag = pick(rng, flag_slots);
  b.put(flag, Kind::flag);
  const std::uint8_t behind = slot_behind(flag);
  b.put(behind, pick<Kind>(rng, {{Kind::general, 4}, {Kind::lieutenant_general, 3}, {Kind::major_general, 2}, {Kind::mine, 3}}));

  // Mines beside the flag or by the HQ (its flanks, or in it): out of the way of the army's
  // own advance, which cannot pass them.
  while (b.has(Kind::mine)) {
    std::vector<std::pair<std::uint8_t, int>> spots;
    const int row = row_of_slot(flag), column = column_of_slot(flag);
    for (int c : {column - 1, column + 1})
      if (auto s = slot_at(row, c); s && b.free(*s)) spots.push_back({*s, 2});
    for (std::uint8_t s : {std::uint8_t{1}, std::uint8_t{2}, std::uint8_t{3}})
      if (b.free(s)) spots.push_back({s, 3});
    for (std::uint8_t s : {std::uint8_t{0}, std::uint8_t{4}})
      if (b.free(s)) spots.push_back({s, 1});
    b.put(pick(rng, spots), Kind::mine);
  }

  // A fighter on each gate.
  for (std::uint8_t gate : {std::uint8_t{18}, std::uint8_t{21}}) {
    std::vector<std::pair<Kind, int>> fighters;
    for (auto [k, w] : {std::pair{Kind::plane, 4}, std::pair{Kind::tank, 4}, std::pair{Kind::major_general, 2},
                        std::pair{Kind::lieutenant_general, 1}, std::pair{Kind::colonel, 2},
                        std::pair{Kind::lieutenant_colonel, 1}, std::pair{Kind::cavalry, 1}})
      if (b.has(k)) fighters.push_back({k, w});
    b.put(gate, pick(rng, fighters));
  }

  // The strong movers left, each into the half of the camp that has fewer of them so far (the
  // back row only for the 大将, which keeps out of the first fights).
  std::vector<Kind> strong_left;
  for (Kind k : b.left)
    if (strong(k)) strong_left.push_back(k);
  std::shuffle(strong_left.begin(), strong_left.end(), rng);
  for (Kind k : strong_left) {
    std::array<int, 2> halves{};
    for (std::uint8_t s = 0; s < kArmySize; ++s)
      if (b.slots[s] && strong(*b.slots[s]) && column_of_slot(s) >= 0) ++halves[column_of_slot(s) < 3 ? 0 : 1];
    const int half = halves[0] == halves[1] ? static_cast<int>(rng() % 2) : halves[0] < halves[1] ? 0 : 1;
    std::vector<std::pair<std::uint8_t, int>> spots;
    for (std::uint8_t s : b.free_slots()) {
      const int column = column_of_slot(s), row = row_of_slot(s);
      if (column < 0 || (column < 3 ? 0 : 1) != half) continue;
      if (row == 0 && k != Kind::general) continue;
      spots.push_back({s, k == Kind::general ? (row <= 1 ? 3 : 1) : (row >= 2 ? 3 : 1)});
    }
    if (spots.empty())
      for (std::uint8_t s : b.free_slots()) spots.push_back({s, 1});
    b.put(pick(rng, spots), k);
  }

  // The officers that can take the enemy HQ, the engineers and the cavalry lean forward;
  // everything else goes anywhere still free.
  std::vector<Kind> rest = b.left;
  std::shuffle(rest.begin(), rest.end(), rng);
  std::stable_partition(rest.begin(), rest.end(), [](Kind k) {
    return k == Kind::colonel || k == Kind::lieutenant_colonel || k == Kind::major || k == Kind::engineer ||
           k == Kind::cavalry;
  });
  for (Kind k : rest) {
    const bool forward = k == Kind::colonel || k == Kind::lieutenant_colonel || k == Kind::major ||
                         k == Kind::engineer || k == Kind::cavalry;
    std::vector<std::pair<std::uint8_t, int>> spots;
    for (std::uint8_t s : b.free_slots()) spots.push_back({s, forward && row_of_slot(s) >= 2 ? 4 : 1});
    b.put(pick(rng, spots), k);
  }

  Layout layout{};
  for (std::uint8_t s = 0; s < kArmySize; ++s) layout[s] = *b.slots[s];
  return layout;
}

}  // namespace parley::peer
