#include "game/chess/position.hpp"

#include <cassert>
#include <charconv>
#include <vector>

namespace parley::game::chess {
namespace {

// Zobrist keys from a fixed-seed splitmix64 stream: every peer computes the same keys.
struct Zobrist {
  std::uint64_t piece[2][kPieceTypes][64]{};
  std::uint64_t castling[16]{};
  std::uint64_t en_passant_file[8]{};
  std::uint64_t black_to_move = 0;

  constexpr Zobrist() {
    std::uint64_t state = 0x7061726c65792121ULL;  // "parley!!"
    auto next = [&] {
      std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      return z ^ (z >> 31);
    };
    for (auto& by_type : piece)
      for (auto& by_square : by_type)
        for (auto& k : by_square) k = next();
    for (auto& k : castling) k = next();
    for (auto& k : en_passant_file) k = next();
    black_to_move = next();
  }
};
constexpr Zobrist zobrist;

// Castling rights that survive a move touching each square (king or rook leaving or captured).
constexpr std::array<std::uint8_t, 64> kCastlingKept = [] {
  std::array<std::uint8_t, 64> kept{};
  for (auto& k : kept) k = 15;
  kept[0] = static_cast<std::uint8_t>(15 & ~kWhiteQueenside);   // a1
  kept[7] = static_cast<std::uint8_t>(15 & ~kWhiteKingside);    // h1
  kept[4] = static_cast<std::uint8_t>(15 & ~(kWhiteKingside | kWhiteQueenside));  // e1
  kept[56] = static_cast<std::uint8_t>(15 & ~kBlackQueenside);  // a8
  kept[63] = static_cast<std::uint8_t>(15 & ~kBlackKingside);   // h8
  kept[60] = static_cast<std::uint8_t>(15 & ~(kBlackKingside | kBlackQueenside));  // e8
  return kept;
}();

std::optional<Piece> piece_from_char(char c) {
  Color color = (c >= 'a' && c <= 'z') ? Color::black : Color::white;
  switch (c | 0x20) {
    case 'p': return Piece{color, PieceType::pawn};
    case 'n': return Piece{color, PieceType::knight};
    case 'b': return Piece{color, PieceType::bishop};
    case 'r': return Piece{color, PieceType::rook};
    case 'q': return Piece{color, PieceType::queen};
    case 'k': return Piece{color, PieceType::king};
    default: return std::nullopt;
  }
}

std::vector<std::string_view> split_fields(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size() && out.size() <= 6) {
    while (i < s.size() && s[i] == ' ') ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

bool parse_counter(std::string_view text, int min, int max, int& out) {
  if (text.empty() || text.size() > 6) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && end == text.data() + text.size() && out >= min && out <= max;
}

}  // namespace

std::string_view describe(FenError error) {
  switch (error) {
    case FenError::field_count: return "a FEN needs 4 or 6 space-separated fields";
    case FenError::bad_board: return "the piece placement is not 8 ranks of 8 squares";
    case FenError::bad_side: return "the side to move must be 'w' or 'b'";
    case FenError::bad_castling: return "castling rights must be '-' or KQkq with the king and rook at home";
    case FenError::bad_en_passant: return "the en-passant square does not follow a double pawn step";
    case FenError::bad_counter: return "a move counter is not a number in range";
    case FenError::bad_kings: return "each side needs exactly one king";
    case FenError::impossible_material:
      return "a side has more than 16 pieces, more than 8 pawns, or more promoted pieces than missing pawns";
    case FenError::pawn_on_back_rank: return "a pawn stands on the first or eighth rank";
    case FenError::opponent_in_check: return "the side not to move is in check";
  }
  return "invalid FEN";
}

char piece_char(Piece p) {
  char c = piece_letter(p.type);
  return p.color == Color::black ? static_cast<char>(c | 0x20) : c;
}

void Position::put(Piece p, Square s) {
  assert(!p.empty() && board_[s.index()].empty());
  board_[s.index()] = p;
  by_type_[index(p.type)] |= s.bb();
  by_color_[index(p.color)] |= s.bb();
  key_ ^= zobrist.piece[index(p.color)][index(p.type)][s.index()];
}

void Position::remove(Square s) {
  Piece p = board_[s.index()];
  assert(!p.empty());
  by_type_[index(p.type)] ^= s.bb();
  by_color_[index(p.color)] ^= s.bb();
  key_ ^= zobrist.piece[index(p.color)][index(p.type)][s.index()];
  board_[s.index()] = Piece{};
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from.index()];
  assert(!p.empty() && board_[to.index()].empty());
  Bitboard both = from.bb() | to.bb();
  by_type_[index(p.type)] ^= both;
  by_color_[index(p.color)] ^= both;
  key_ ^= zobrist.piece[index(p.color)][index(p.type)][from.index()] ^
          zobrist.piece[index(p.color)][index(p.type)][to.index()];
  board_[from.index()] = Piece{};
  board_[to.index()] = p;
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  return (attacks::pawn(Color::black, s) & pieces(Color::white, PieceType::pawn)) |
         (attacks::pawn(Color::white, s) & pieces(Color::black, PieceType::pawn)) |
         (attacks::knight(s) & pieces(PieceType::knight)) |
         (attacks::king(s) & pieces(PieceType::king)) |
         (attacks::bishop(s, occ) & (pieces(PieceType::bishop) | pieces(PieceType::queen))) |
         (attacks::rook(s, occ) & (pieces(PieceType::rook) | pieces(PieceType::queen)));
}

Bitboard Position::sliders_in_line(Color c, Square s) const {
  const Bitboard queens = pieces(c, PieceType::queen);
  return (attacks::line_of_bishop(s) & (pieces(c, PieceType::bishop) | queens)) |
         (attacks::line_of_rook(s) & (pieces(c, PieceType::rook) | queens));
}

Bitboard Position::attackers_by(Color c, Square s, Bitboard occupied) const {
  const Bitboard found = (attacks::pawn(~c, s) & pieces(c, PieceType::pawn)) |
                         (attacks::knight(s) & pieces(c, PieceType::knight)) |
                         (attacks::king(s) & pieces(c, PieceType::king));
  return found | attacks::seeing(s, sliders_in_line(c, s), occupied);
}

Bitboard Position::blockers_for_king(Color c) const {
  Square k = king_square(c);
  Bitboard snipers = sliders_in_line(~c, k);
  Bitboard blockers = 0;
  Bitboard occ = occupied();
  while (snipers) {
    Bitboard between = attacks::between(k, pop_lsb(snipers)) & occ;
    if (between && !more_than_one(between)) blockers |= between;
  }
  return blockers & pieces(c);
}

bool Position::en_passant_is_legal(Square from, Square to) const {
  Color us = side_;
  Square captured = Square(to.index() + (us == Color::white ? -8 : 8));
  Bitboard occ = (occupied() ^ from.bb() ^ captured.bb()) | to.bb();
  Square k = king_square(us);
  Bitboard enemy = pieces(~us) & ~captured.bb();
  return (attackers_to(k, occ) & enemy) == 0;
}

void Position::set_en_passant_if_capturable(Square ep) {
  Bitboard capturers = attacks::pawn(~side_, ep) & pieces(side_, PieceType::pawn);
  while (capturers) {
    if (en_passant_is_legal(pop_lsb(capturers), ep)) {
      ep_ = static_cast<std::uint8_t>(ep.index());
      key_ ^= zobrist.en_passant_file[ep.file()];
      return;
    }
  }
}

void Position::play(Move m) {
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Piece moving = board_[from.index()];
  // A move of the generator's: one of the mover's own pieces, onto no piece of its own and no king.
  assert(!m.is_none() && from != to);
  assert(!moving.empty() && moving.color == us);
  assert(board_[to.index()].empty() || (board_[to.index()].color != us && board_[to.index()].type != PieceType::king));
  assert(m.kind() != Move::Kind::castling || moving.type == PieceType::king);
  assert(m.kind() != Move::Kind::en_passant || (moving.type == PieceType::pawn && to.index() == ep_));

  if (ep_ != kNoSquare) {
    key_ ^= zobrist.en_passant_file[ep_ & 7];
    ep_ = kNoSquare;
  }
  ++halfmove_;

  switch (m.kind()) {
    case Move::Kind::castling: {
      bool kingside = to.file() == 6;
      Square rook_from = Square::at(kingside ? 7 : 0, from.rank());
      Square rook_to = Square::at(kingside ? 5 : 3, from.rank());
      move_piece(from, to);
      move_piece(rook_from, rook_to);
      break;
    }
    case Move::Kind::en_passant:
      remove(Square(to.index() + (us == Color::white ? -8 : 8)));
      move_piece(from, to);
      break;
    case Move::Kind::promotion:
      if (!board_[to.index()].empty()) remove(to);
      remove(from);
      put(Piece{us, m.promotion()}, to);
      break;
    case Move::Kind::normal:
      if (!board_[to.index()].empty()) {
        remove(to);
        halfmove_ = 0;
      }
      move_piece(from, to);
      break;
  }
  if (moving.type == PieceType::pawn || m.kind() == Move::Kind::promotion ||
      m.kind() == Move::Kind::en_passant)
    halfmove_ = 0;

  std::uint8_t kept = kCastlingKept[from.index()] & kCastlingKept[to.index()];
  if ((castling_ & kept) != castling_) {
    key_ ^= zobrist.castling[castling_];
    castling_ &= kept;
    key_ ^= zobrist.castling[castling_];
  }

  if (us == Color::black) ++fullmove_;
  side_ = ~us;
  key_ ^= zobrist.black_to_move;
  checkers_ = attackers_by(us, king_square(side_), occupied());

  if (moving.type == PieceType::pawn && (from.index() ^ to.index()) == 16)
    set_en_passant_if_capturable(Square((from.index() + to.index()) / 2));
}

bool Position::same_position(const Position& other) const {
  return by_type_ == other.by_type_ && by_color_ == other.by_color_ && side_ == other.side_ &&
         castling_ == other.castling_ && ep_ == other.ep_;
}

Position Position::start() {
  // Read once: every game of a PGN file starts here, and reading the FEN each time was 0.6% of an
  // archive import.
  static const Position start = *from_fen(kStartFen);
  return start;
}

Result<Position, FenError> Position::from_fen(std::string_view fen) {
  auto fields = split_fields(fen);
  if (fields.size() != 4 && fields.size() != 6) return FenError::field_count;

  Position pos;
  int rank = 7, file = 0;
  for (char c : fields[0]) {
    if (c == '/') {
      if (file != 8 || rank == 0) return FenError::bad_board;
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return FenError::bad_board;
    } else {
      auto p = piece_from_char(c);
      if (!p || file > 7) return FenError::bad_board;
      pos.put(*p, Square::at(file, rank));
      ++file;
    }
  }
  if (rank != 0 || file != 8) return FenError::bad_board;

  if (fields[1] == "w") {
    pos.side_ = Color::white;
  } else if (fields[1] == "b") {
    pos.side_ = Color::black;
    pos.key_ ^= zobrist.black_to_move;
  } else {
    return FenError::bad_side;
  }

  for (Color c : {Color::white, Color::black})
    if (popcount(pos.pieces(c, PieceType::king)) != 1) return FenError::bad_kings;
  for (Color c : {Color::white, Color::black}) {
    auto count = [&](PieceType t) { return popcount(pos.pieces(c, t)); };
    int pawns = count(PieceType::pawn);
    auto beyond = [&](PieceType t, int initial) { return count(t) > initial ? count(t) - initial : 0; };
    int promoted = beyond(PieceType::queen, 1) + beyond(PieceType::rook, 2) + beyond(PieceType::bishop, 2) +
                   beyond(PieceType::knight, 2);
    if (popcount(pos.pieces(c)) > 16 || pawns > 8 || pawns + promoted > 8) return FenError::impossible_material;
  }
  if (pos.pieces(PieceType::pawn) & (rank_bb(0) | rank_bb(7))) return FenError::pawn_on_back_rank;

  if (fields[2] != "-") {
    if (fields[2].size() > 4) return FenError::bad_castling;
    for (char c : fields[2]) {
      std::uint8_t right = c == 'K' ? kWhiteKingside : c == 'Q' ? kWhiteQueenside
                         : c == 'k' ? kBlackKingside : c == 'q' ? kBlackQueenside : 0;
      if (right == 0 || (pos.castling_ & right)) return FenError::bad_castling;
      pos.castling_ |= right;
    }
    struct Home { std::uint8_t right; Color color; int rook_file; };
    for (Home h : {Home{kWhiteKingside, Color::white, 7}, Home{kWhiteQueenside, Color::white, 0},
                   Home{kBlackKingside, Color::black, 7}, Home{kBlackQueenside, Color::black, 0}}) {
      if (!(pos.castling_ & h.right)) continue;
      int home_rank = h.color == Color::white ? 0 : 7;
      if (pos.piece_on(Square::at(4, home_rank)) != Piece{h.color, PieceType::king} ||
          pos.piece_on(Square::at(h.rook_file, home_rank)) != Piece{h.color, PieceType::rook})
        return FenError::bad_castling;
    }
  }
  pos.key_ ^= zobrist.castling[pos.castling_];

  if (fields.size() == 6) {
    int halfmove = 0, fullmove = 1;
    if (!parse_counter(fields[4], 0, 9999, halfmove) || !parse_counter(fields[5], 1, 99999, fullmove))
      return FenError::bad_counter;
    pos.halfmove_ = static_cast<std::uint16_t>(halfmove);
    pos.fullmove_ = static_cast<std::uint32_t>(fullmove);
  }

  Color us = pos.side_;
  if (pos.attackers_to(pos.king_square(~us), pos.occupied()) & pos.pieces(us))
    return FenError::opponent_in_check;
  pos.checkers_ = pos.attackers_to(pos.king_square(us), pos.occupied()) & pos.pieces(~us);

  if (fields[3] != "-") {
    auto ep = Square::parse(fields[3]);
    if (!ep) return FenError::bad_en_passant;
    // The square a pawn of the side not to move just skipped: empty, with that pawn beyond it
    // and the square it came from empty.
    int dir = us == Color::white ? 8 : -8;
    int expected_rank = us == Color::white ? 5 : 2;
    if (ep->rank() != expected_rank || !pos.piece_on(*ep).empty() ||
        pos.piece_on(Square(ep->index() - dir)) != Piece{~us, PieceType::pawn} ||
        !pos.piece_on(Square(ep->index() + dir)).empty())
      return FenError::bad_en_passant;
    pos.set_en_passant_if_capturable(*ep);
  }
  return pos;
}

std::string Position::fen() const {
  std::string out;
  out.reserve(90);
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      Piece p = piece_on(Square::at(file, rank));
      if (p.empty()) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += piece_char(p);
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  out += side_ == Color::white ? " w " : " b ";
  if (castling_ == 0) out += '-';
  if (castling_ & kWhiteKingside) out += 'K';
  if (castling_ & kWhiteQueenside) out += 'Q';
  if (castling_ & kBlackKingside) out += 'k';
  if (castling_ & kBlackQueenside) out += 'q';
  out += ' ';
  if (auto ep = en_passant()) {
    out += file_char(*ep);
    out += rank_char(*ep);
  } else {
    out += '-';
  }
  out += ' ';
  out += std::to_string(halfmove_);
  out += ' ';
  out += std::to_string(fullmove_);
  return out;
}

}  // namespace parley::game::chess
