#include "cli/board_text.hpp"

#include <fmt/core.h>

namespace parley::cli {

using namespace game::chess;

std::string board_text(const Position& pos, bool flipped) {
  std::string out;
  for (int r = 0; r < 8; ++r) {
    int rank = flipped ? r : 7 - r;
    out += fmt::format(" {} ", rank + 1);
    for (int f = 0; f < 8; ++f) {
      int file = flipped ? 7 - f : f;
      Piece p = pos.piece_on(Square::at(file, rank));
      out += ' ';
      out += p.empty() ? '.' : piece_char(p);
    }
    out += '\n';
  }
  out += flipped ? "    h g f e d c b a\n" : "    a b c d e f g h\n";
  return out;
}

}  // namespace parley::cli
