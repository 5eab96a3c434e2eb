// What a person types at a board (parse_typed_move): any text either fails with a typed error or
// gives a legal move of the position, whose own SAN and UCI read back as the same move.
#include <cstdlib>
#include <string_view>

#include "game/chess/notation.hpp"

using namespace parley::game::chess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The first byte picks a position: the start, one with every castling right, one with
  // promotions and an en-passant capture, and one with rival knights and rooks.
  static const Position positions[] = {
      *Position::from_fen(kStartFen),
      *Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
      *Position::from_fen("4k3/1P6/8/3pP3/8/8/6p1/4K3 w - d6 0 1"),
      *Position::from_fen("4k3/8/8/8/8/8/8/RN2KN1R w - - 0 1"),
  };
  if (size == 0) return 0;
  const Position& pos = positions[data[0] % 4];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto move = parse_typed_move(pos, text);
  if (!move) return 0;
  bool legal = false;
  for (Move m : MoveList(pos)) legal = legal || m == *move;
  if (!legal) std::abort();
  const auto san = parse_typed_move(pos, to_san(pos, *move));
  const auto uci = parse_typed_move(pos, to_uci(*move));
  if (!san || *san != *move || !uci || *uci != *move) std::abort();
  return 0;
}
