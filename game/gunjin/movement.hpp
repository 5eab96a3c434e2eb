#pragma once
// Movement by kind (docs/gunjin.md, "Movement"):
//   every movable kind  one square orthogonally
//   飛行機 plane         any distance vertically, jumping over pieces of either side and
//                       ignoring the gates; one square sideways
//   タンク, 騎兵         also two squares forward when the square between is empty
//   工兵 engineer        any distance orthogonally over empty squares (no jumping)
//   地雷, 軍旗           never move
// Between the camps a piece other than the plane crosses only from a gate to the facing enemy
// gate, which is one step. No piece ends on a square held by its own side; ending on an enemy
// piece is an attack. The HQ is one square: a line along the back row passes through it.
//
// The functions see only where pieces stand, never their kinds, so a peer that cannot see
// the mover's kind asks which kinds could have made a move: the set a move proof ranges over.
#include "game/core/seat.hpp"
#include "game/gunjin/board.hpp"
#include "game/gunjin/kind.hpp"

namespace parley::game::gunjin {

// Which squares each seat holds.
struct Occupancy {
  std::array<SquareSet, kSeatCount> held;
  bool empty(Square s) const { return !held[0].contains(s) && !held[1].contains(s); }
  friend bool operator==(const Occupancy&, const Occupancy&) = default;
};

// The squares a piece of `kind` belonging to `seat` on `from` may move to (empty or enemy).
SquareSet destinations(Kind kind, Seat seat, Square from, const Occupancy& occupancy);

// The kinds that may move from `from` to `to` for `seat` on this board. Empty when no kind
// can (off the lines, a blocked path, a closed crossing, an own piece on `to`).
KindSet kinds_for_move(Seat seat, Square from, Square to, const Occupancy& occupancy);

}  // namespace parley::game::gunjin
