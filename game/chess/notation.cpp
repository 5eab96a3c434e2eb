#include "game/chess/notation.hpp"

namespace parley::game::chess {
namespace {

std::optional<PieceType> piece_from_letter(char c) {
  switch (c) {
    case 'P': return PieceType::pawn;
    case 'N': return PieceType::knight;
    case 'B': return PieceType::bishop;
    case 'R': return PieceType::rook;
    case 'Q': return PieceType::queen;
    case 'K': return PieceType::king;
    default: return std::nullopt;
  }
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

// The shape of legal move m of a `piece` from pos, but for its mark. `rivals` are the origins of
// the other legal moves of the same kind to the same square: the SAN names the origin's file if
// that tells the move from them, else its rank, else both (a pawn's capture names its file).
SanShape unmarked_shape(const Position& pos, Move m, PieceType piece, Bitboard rivals) {
  const bool capture = !pos.piece_on(m.to()).empty() || m.kind() == Move::Kind::en_passant;
  auto origin = SanShape::Origin::none;
  if (piece == PieceType::pawn) {
    if (capture) origin = SanShape::Origin::file;
  } else if (rivals) {
    origin = !(rivals & file_bb(m.from().file()))   ? SanShape::Origin::file
             : !(rivals & rank_bb(m.from().rank())) ? SanShape::Origin::rank
                                                    : SanShape::Origin::square;
  }
  return SanShape(piece, capture, origin, SanShape::Mark::none);
}

}  // namespace

std::string_view describe(NotationError error) {
  switch (error) {
    case NotationError::malformed: return "not a move in SAN (Nf3, O-O) or UCI (g1f3)";
    case NotationError::illegal: return "no such move in this position";
    case NotationError::ambiguous: return "more than one legal move matches";
  }
  return "bad move";
}

std::string to_uci(Move m) {
  std::string out{file_char(m.from()), rank_char(m.from()), file_char(m.to()), rank_char(m.to())};
  if (m.kind() == Move::Kind::promotion) out += static_cast<char>(piece_letter(m.promotion()) | 0x20);
  return out;
}

Result<Move, NotationError> parse_uci(const Position& pos, std::string_view text) {
  if (text.size() != 4 && text.size() != 5) return NotationError::malformed;
  auto from = Square::parse(text.substr(0, 2));
  auto to = Square::parse(text.substr(2, 2));
  if (!from || !to) return NotationError::malformed;
  std::optional<PieceType> promotion;
  if (text.size() == 5) {
    promotion = piece_from_letter(static_cast<char>(text[4] & ~0x20));
    if (!promotion || *promotion == PieceType::pawn || *promotion == PieceType::king)
      return NotationError::malformed;
  }
  for (Move m : MoveList(pos)) {
    if (m.from() != *from || m.to() != *to) continue;
    bool promotes = m.kind() == Move::Kind::promotion;
    if (promotes != promotion.has_value()) continue;
    if (promotes && m.promotion() != *promotion) continue;
    return m;
  }
  return NotationError::illegal;
}

SanShape san_shape(const Position& pos, Move m, const Position& next) {
  const PieceType piece = pos.piece_on(m.from()).type;
  // Only when another piece of the kind attacks the square at all is the legal list needed
  // (rarely: most moves have no rival).
  Bitboard rivals = 0;
  if (piece != PieceType::pawn &&
      (pos.pieces(pos.side_to_move(), piece) & attacks::of(piece, m.to(), pos.occupied()) & ~m.from().bb())) {
    for (Move other : MoveList(pos, piece, m.to()))
      if (other.from() != m.from()) rivals |= other.from().bb();
  }
  return marked(unmarked_shape(pos, m, piece, rivals), next);
}

SanShape marked(SanShape shape, const Position& next) {
  if (!next.in_check()) return shape.with_mark(SanShape::Mark::none);
  return shape.with_mark(has_legal_move(next) ? SanShape::Mark::check : SanShape::Mark::mate);
}

std::string_view write_san(SanBuffer& buffer, Move m, SanShape shape) {
  char* at = buffer.data();
  auto put = [&at](char c) { *at++ = c; };
  if (m.kind() == Move::Kind::castling) {
    for (char c : m.to().file() == 6 ? std::string_view("O-O") : std::string_view("O-O-O")) put(c);
  } else {
    if (shape.piece() != PieceType::pawn) put(piece_letter(shape.piece()));
    const auto origin = static_cast<int>(shape.origin());
    if (origin & static_cast<int>(SanShape::Origin::file)) put(file_char(m.from()));
    if (origin & static_cast<int>(SanShape::Origin::rank)) put(rank_char(m.from()));
    if (shape.capture()) put('x');
    put(file_char(m.to()));
    put(rank_char(m.to()));
    if (m.kind() == Move::Kind::promotion) {
      put('=');
      put(piece_letter(m.promotion()));
    }
  }
  if (shape.mark() != SanShape::Mark::none) put(shape.mark() == SanShape::Mark::mate ? '#' : '+');
  return {buffer.data(), static_cast<std::size_t>(at - buffer.data())};
}

void append_san(std::string& out, const Position& pos, Move m, const Position& next) {
  SanBuffer buffer;
  out += write_san(buffer, m, san_shape(pos, m, next));
}

std::string to_san(const Position& pos, Move m) {
  std::string out;
  append_san(out, pos, m, pos.after(m));
  return out;
}

Result<Move, NotationError> parse_san(const Position& pos, std::string_view text) {
  auto read = read_san(pos, text);
  if (!read) return read.error();
  return read->move;
}

Result<ReadSan, NotationError> read_san(const Position& pos, std::string_view text) {
  // Strip check, mate and annotation marks.
  while (!text.empty() && (text.back() == '+' || text.back() == '#' || text.back() == '!' ||
                           text.back() == '?'))
    text.remove_suffix(1);
  if (text.empty() || text.size() > 10) return NotationError::malformed;

  if (text == "O-O" || text == "0-0" || text == "O-O-O" || text == "0-0-0") {
    const Square to = Square::at(text.size() == 3 ? 6 : 2, pos.side_to_move() == Color::white ? 0 : 7);
    for (Move m : MoveList(pos, PieceType::king, to))
      if (m.kind() == Move::Kind::castling)
        return ReadSan{m, SanShape(PieceType::king, false, SanShape::Origin::none, SanShape::Mark::none)};
    return NotationError::illegal;
  }

  std::size_t i = 0;
  PieceType type = PieceType::pawn;
  if (auto t = piece_from_letter(text[0])) {
    type = *t;
    ++i;
  }
  // The rest: [from file][from rank][x|-]to-square[[=]promotion]
  std::string_view rest = text.substr(i);
  std::optional<PieceType> promotion;
  if (!rest.empty()) {
    if (auto p = piece_from_letter(rest.back()); p && rest.size() >= 3) {
      promotion = p;
      rest.remove_suffix(1);
      if (!rest.empty() && rest.back() == '=') rest.remove_suffix(1);
    } else if (rest.size() >= 3 && (rest.back() == 'q' || rest.back() == 'r' || rest.back() == 'n') &&
               is_rank(rest[rest.size() - 2])) {
      // Lower-case promotion letters ("e8q"); "b" is left out, it would read as a file.
      promotion = piece_from_letter(static_cast<char>(rest.back() & ~0x20));
      rest.remove_suffix(1);
      if (!rest.empty() && rest.back() == '=') rest.remove_suffix(1);
    }
  }
  if (rest.size() < 2) return NotationError::malformed;
  auto to = Square::parse(rest.substr(rest.size() - 2));
  if (!to) return NotationError::malformed;
  rest.remove_suffix(2);
  if (!rest.empty() && (rest.back() == 'x' || rest.back() == '-' || rest.back() == ':')) rest.remove_suffix(1);
  int from_file = -1, from_rank = -1;
  for (char c : rest) {
    if (is_file(c) && from_file < 0 && from_rank < 0) {
      from_file = c - 'a';
    } else if (is_rank(c) && from_rank < 0) {
      from_rank = c - '1';
    } else {
      return NotationError::malformed;
    }
  }
  if (promotion && (type != PieceType::pawn || *promotion == PieceType::pawn || *promotion == PieceType::king))
    return NotationError::malformed;

  Move found = Move::none();
  int matches = 0;
  Bitboard origins = 0;  // of every legal move of the kind to the square, as san_shape's rivals
  // Only the moves of that piece kind to that square: the SAN names both.
  for (Move m : MoveList(pos, type, *to)) {
    if (m.kind() == Move::Kind::castling) continue;
    origins |= m.from().bb();
    if (from_file >= 0 && m.from().file() != from_file) continue;
    if (from_rank >= 0 && m.from().rank() != from_rank) continue;
    bool promotes = m.kind() == Move::Kind::promotion;
    if (promotes != promotion.has_value()) continue;
    if (promotes && m.promotion() != *promotion) continue;
    found = m;
    ++matches;
  }
  if (matches == 0) return NotationError::illegal;
  if (matches > 1) return NotationError::ambiguous;
  return ReadSan{found, unmarked_shape(pos, found, type, origins & ~found.from().bb())};
}

Result<Move, NotationError> parse_typed_move(const Position& pos, std::string_view text) {
  std::string lowered(text.substr(0, 8));
  for (char& c : lowered) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  if (text.size() <= 5 && (lowered == "oo" || lowered == "o-o")) return parse_san(pos, "O-O");
  if (text.size() <= 5 && (lowered == "ooo" || lowered == "o-o-o")) return parse_san(pos, "O-O-O");
  auto san = parse_san(pos, text);
  if (san || san.error() != NotationError::malformed) {
    // Text that reads as UCI too ("e2e4" is also SAN for the pawn on e2) may still be a move.
    if (san) return san;
    if (auto uci = parse_uci(pos, text)) return uci;
    return san;
  }
  return parse_uci(pos, text);
}

}  // namespace parley::game::chess
