#include "game/gunjin/movement.hpp"

namespace parley::game::gunjin {

namespace {

struct Direction {
  std::int8_t columns, rows;
  constexpr bool vertical() const { return rows != 0; }
};
constexpr std::array<Direction, 4> kDirections = {{{0, 1}, {0, -1}, {-1, 0}, {1, 0}}};

// Whether a step between these two cells is open to a piece that is not a plane: a vertical
// step between the two front rows (rows 3 and 4) exists only at a gate column.
bool crossing_open(Cell from, Cell to) {
  const int low = from.row < to.row ? from.row : to.row;
  if (from.column != to.column || low != kCampRows - 1) return true;
  return from.column == kGateColumns[0] || from.column == kGateColumns[1];
}

// Walks a straight line of squares from one cell of `from` and calls visit(square) for each
// new square in turn until visit returns false or the line ends. Moving along a back row
// through an HQ visits the HQ once.
template <class Visit>
void walk(Square from, Cell start, Direction d, bool ignore_gates, Visit visit) {
  Square current = from;
  Cell cell = start;
  while (true) {
    const Cell next{static_cast<std::int8_t>(cell.column + d.columns), static_cast<std::int8_t>(cell.row + d.rows)};
    const auto square = square_at(next);
    if (!square) return;
    if (!ignore_gates && !crossing_open(cell, next)) return;
    cell = next;
    if (*square == current) continue;  // still inside the HQ
    current = *square;
    if (!visit(current)) return;
  }
}

enum class Mover { stepper, charger, engineer, plane };  // charger: tank and cavalry

Mover mover_of(Kind kind) {
  switch (kind) {
    case Kind::plane: return Mover::plane;
    case Kind::tank:
    case Kind::cavalry: return Mover::charger;
    case Kind::engineer: return Mover::engineer;
    default: return Mover::stepper;
  }
}

SquareSet moves_of(Mover mover, Seat seat, Square from, const Occupancy& occ) {
  SquareSet out;
  const SquareSet own = occ.held[seat.index];
  auto add_if_not_own = [&](Square s) {
    if (!own.contains(s)) out.insert(s);
  };
  for (const Cell start : cells_of(from)) {
    for (const Direction d : kDirections) {
      const bool forward = d.rows == forward_of(seat);
      if (mover == Mover::plane && d.vertical()) {
        walk(from, start, d, /*ignore_gates=*/true, [&](Square s) {
          add_if_not_own(s);
          return true;  // flies over pieces of either side
        });
        continue;
      }
      if (mover == Mover::engineer) {
        walk(from, start, d, false, [&](Square s) {
          add_if_not_own(s);
          return occ.empty(s);  // slides on until the first piece
        });
        continue;
      }
      const int reach = (mover == Mover::charger && forward) ? 2 : 1;
      int steps = 0;
      walk(from, start, d, false, [&](Square s) {
        add_if_not_own(s);
        return ++steps < reach && occ.empty(s);
      });
    }
  }
  return out;
}

}  // namespace

SquareSet destinations(Kind kind, Seat seat, Square from, const Occupancy& occupancy) {
  if (!can_move(kind)) return {};
  return moves_of(mover_of(kind), seat, from, occupancy);
}

KindSet kinds_for_move(Seat seat, Square from, Square to, const Occupancy& occupancy) {
  KindSet kinds;
  const std::array<Mover, 4> movers = {Mover::stepper, Mover::charger, Mover::engineer, Mover::plane};
  std::array<bool, 4> reaches{};
  for (std::size_t i = 0; i < movers.size(); ++i) reaches[i] = moves_of(movers[i], seat, from, occupancy).contains(to);
  for (Kind k : kAllKinds) {
    if (!can_move(k)) continue;
    if (reaches[static_cast<std::size_t>(mover_of(k))]) kinds = kinds | KindSet::of(k);
  }
  return kinds;
}

}  // namespace parley::game::gunjin
