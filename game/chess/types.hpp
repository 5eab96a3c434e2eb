#pragma once
// The vocabulary of the chess engine: colours, pieces, squares, bitboards and moves.
// Squares run a1 = 0, b1 = 1, …, h8 = 63; a bitboard has bit s set for square s.
#include <bit>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string_view>

namespace parley::game::chess {

using Bitboard = std::uint64_t;

enum class Color : std::uint8_t { white, black };
constexpr Color operator~(Color c) { return c == Color::white ? Color::black : Color::white; }
constexpr int index(Color c) { return static_cast<int>(c); }

enum class PieceType : std::uint8_t { pawn, knight, bishop, rook, queen, king, none };
constexpr int index(PieceType t) { return static_cast<int>(t); }
inline constexpr int kPieceTypes = 6;

struct Piece {
  Color color = Color::white;
  PieceType type = PieceType::none;
  constexpr bool empty() const { return type == PieceType::none; }
  friend constexpr bool operator==(Piece, Piece) = default;
};

// A square on the board; a strong type so that a file or a count is never taken for one.
class Square {
 public:
  constexpr Square() = default;
  constexpr explicit Square(int index) : index_(static_cast<std::uint8_t>(index)) { assert(index >= 0 && index < 64); }
  static constexpr Square at(int file, int rank) {
    assert(file >= 0 && file < 8 && rank >= 0 && rank < 8);
    return Square(rank * 8 + file);
  }
  // "e4". In the header: the SAN reader asks for every move.
  static constexpr std::optional<Square> parse(std::string_view name) {
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8') return std::nullopt;
    return Square::at(name[0] - 'a', name[1] - '1');
  }

  constexpr int index() const { return index_; }
  constexpr int file() const { return index_ & 7; }
  constexpr int rank() const { return index_ >> 3; }
  constexpr Bitboard bb() const { return Bitboard{1} << index_; }
  // The same square seen from the other side of the board (a1 <-> a8).
  constexpr Square flipped() const { return Square(index_ ^ 56); }
  friend constexpr auto operator<=>(Square, Square) = default;

 private:
  std::uint8_t index_ = 0;
};

constexpr char file_char(Square s) { return static_cast<char>('a' + s.file()); }
constexpr char rank_char(Square s) { return static_cast<char>('1' + s.rank()); }

constexpr int popcount(Bitboard b) { return std::popcount(b); }
// The lowest square of a non-empty bitboard.
constexpr Square lsb(Bitboard b) {
  assert(b != 0);
  return Square(std::countr_zero(b));
}
constexpr Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xffULL;
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }
constexpr Bitboard file_bb(int file) { return kFileA << file; }

// Castling rights as four bits.
enum CastlingRight : std::uint8_t {
  kWhiteKingside = 1,
  kWhiteQueenside = 2,
  kBlackKingside = 4,
  kBlackQueenside = 8,
};

// A move in 16 bits: from (6), to (6), kind (2), promotion piece (2). Castling is encoded
// as the king's own move (e1g1), as UCI writes it.
class Move {
 public:
  enum class Kind : std::uint8_t { normal, promotion, en_passant, castling };

  constexpr Move() = default;
  constexpr Move(Square from, Square to, Kind kind = Kind::normal,
                 PieceType promotion = PieceType::knight)
      : bits_(static_cast<std::uint16_t>(
            from.index() | (to.index() << 6) | (static_cast<int>(kind) << 12) |
            ((static_cast<int>(promotion) - static_cast<int>(PieceType::knight)) << 14))) {
    assert(promotion >= PieceType::knight && promotion <= PieceType::queen);
  }

  static constexpr Move none() { return Move(); }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr Square from() const { return Square(bits_ & 63); }
  constexpr Square to() const { return Square((bits_ >> 6) & 63); }
  constexpr Kind kind() const { return static_cast<Kind>((bits_ >> 12) & 3); }
  constexpr PieceType promotion() const {
    return static_cast<PieceType>(((bits_ >> 14) & 3) + static_cast<int>(PieceType::knight));
  }
  constexpr std::uint16_t raw() const { return bits_; }
  static constexpr Move from_raw(std::uint16_t bits) {
    Move m;
    m.bits_ = bits;
    return m;
  }
  friend constexpr bool operator==(Move, Move) = default;

 private:
  std::uint16_t bits_ = 0;
};

}  // namespace parley::game::chess
