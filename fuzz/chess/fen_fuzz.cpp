// FEN reader: any bytes either fail with a typed error or give a position whose FEN reads back
// to the same position, and whose moves all play without breaking the board's invariants.
#include <cstdlib>
#include <string_view>

#include "game/chess/movegen.hpp"

using namespace parley::game::chess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto pos = Position::from_fen(text);
  if (!pos) return 0;
  auto again = Position::from_fen(pos->fen());
  if (!again || !(*again == *pos)) std::abort();
  MoveList moves(*pos);
  for (Move m : moves) {
    Position next = pos->after(m);
    // The mover's king is never left in check, and keys stay incremental-equal-to-fresh.
    if (next.attackers_to(next.king_square(pos->side_to_move()), next.occupied()) & next.pieces(next.side_to_move()))
      std::abort();
    auto fresh = Position::from_fen(next.fen());
    if (!fresh || fresh->key() != next.key()) std::abort();
  }
  return 0;
}
