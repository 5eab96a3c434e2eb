#include "cli/board_text.hpp"

#include <fmt/core.h>

#include "i18n/i18n.hpp"

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

const char* notation_error_words(NotationError error) {
  switch (error) {
    case NotationError::malformed: return i18n::tr("not a move in SAN (Nf3, O-O) or UCI (g1f3)");
    case NotationError::illegal: return i18n::tr("no such move in this position");
    case NotationError::ambiguous: return i18n::tr("more than one legal move matches");
  }
  return i18n::tr("bad move");
}

const char* side_words(Color color) { return color == Color::white ? i18n::tr("White") : i18n::tr("Black"); }

}  // namespace parley::cli
