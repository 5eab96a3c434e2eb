#pragma once
// Attack sets for every piece, from tables built once at program start. Sliding pieces use
// magic bitboards: the relevant blockers, multiplied by a per-square constant found at start-up
// by a deterministic search, index a table of precomputed attack sets.
#include <cassert>
#include <type_traits>

#include "game/chess/types.hpp"

namespace parley::game::chess::attacks {

// Trivially constructible on purpose: the tables are zero-initialised at load time and filled
// by a start-up builder, never reset by a later dynamic initialiser.
struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* table;
  unsigned shift;
  unsigned index(Bitboard occupied) const {
    return static_cast<unsigned>(((occupied & mask) * magic) >> shift);
  }
};

struct Tables {
  Magic rook[64];
  Magic bishop[64];
  Bitboard pawn[2][64];
  Bitboard knight[64];
  Bitboard king[64];
  Bitboard between[64][64];  // squares strictly between two aligned squares, else empty
  Bitboard line[64][64];     // the whole line through two aligned squares, else empty
  Bitboard rook_rays[64];    // a rook's attacks on an empty board
  Bitboard bishop_rays[64];  // a bishop's
};

namespace detail {
static_assert(std::is_trivially_default_constructible_v<Tables>);
extern Tables tables;
}  // namespace detail

inline Bitboard pawn(Color c, Square s) { return detail::tables.pawn[index(c)][s.index()]; }
inline Bitboard knight(Square s) { return detail::tables.knight[s.index()]; }
inline Bitboard king(Square s) { return detail::tables.king[s.index()]; }
inline Bitboard bishop(Square s, Bitboard occupied) {
  const Magic& m = detail::tables.bishop[s.index()];
  return m.table[m.index(occupied)];
}
inline Bitboard rook(Square s, Bitboard occupied) {
  const Magic& m = detail::tables.rook[s.index()];
  return m.table[m.index(occupied)];
}
inline Bitboard queen(Square s, Bitboard occupied) { return bishop(s, occupied) | rook(s, occupied); }
inline Bitboard line_of_rook(Square s) { return detail::tables.rook_rays[s.index()]; }
inline Bitboard line_of_bishop(Square s) { return detail::tables.bishop_rays[s.index()]; }
inline Bitboard between(Square a, Square b) { return detail::tables.between[a.index()][b.index()]; }
inline Bitboard line(Square a, Square b) { return detail::tables.line[a.index()][b.index()]; }

// The sliders among `sliders` that see s along their lines, with nothing of `occupied` between:
// the squares their attacks from s would pick out, found from the 32 KB table of squares between
// instead of the 800 KB of rook attacks, which a lookup or two per move mostly missed in the cache
// (`sliders` must stand on lines through s that their kind moves along).
inline Bitboard seeing(Square s, Bitboard sliders, Bitboard occupied) {
  Bitboard seen = 0;
  while (sliders) {
    const Square slider = pop_lsb(sliders);
    assert(line(s, slider) && "a slider on a line through s");
    if (!(between(s, slider) & occupied)) seen |= slider.bb();
  }
  return seen;
}

// Attacks of a piece of the given type (not a pawn) from s.
inline Bitboard of(PieceType type, Square s, Bitboard occupied) {
  switch (type) {
    case PieceType::knight: return knight(s);
    case PieceType::bishop: return bishop(s, occupied);
    case PieceType::rook: return rook(s, occupied);
    case PieceType::queen: return queen(s, occupied);
    case PieceType::king: return king(s);
    default: return 0;
  }
}

}  // namespace parley::game::chess::attacks
