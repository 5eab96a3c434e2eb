#pragma once
// A chess position: bitboards plus a mailbox, the side to move, castling rights, the
// en-passant square, the move counters and a Zobrist key. A value type of 168 bytes: moves are
// played by copying (after()) or in place (play()), never undone — the copy is cheaper than
// keeping the undo information (see docs/chess.md, "Copy-make").
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "game/chess/attacks.hpp"
#include "game/chess/types.hpp"
#include "game/core/result.hpp"

namespace parley::game::chess {

enum class FenError : std::uint8_t {
  field_count,      // not 4 or 6 space-separated fields
  bad_board,        // the placement field is not 8 ranks of 8 squares of known pieces
  bad_side,         // the side to move is not "w" or "b"
  bad_castling,     // unknown letters, repeats, or a right without its king and rook at home
  bad_en_passant,   // not a square, or no pawn that just made a double step
  bad_counter,      // the half-move or full-move number is not a number in range
  bad_kings,        // not exactly one king of each colour
  impossible_material,  // more than 16 pieces or 8 pawns a side, or more promoted pieces than missing pawns
  pawn_on_back_rank,
  opponent_in_check,  // the side that just moved left its king in check
};
std::string_view describe(FenError error);

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class Position {
 public:
  static Position start();
  static Result<Position, FenError> from_fen(std::string_view fen);
  std::string fen() const;

  Piece piece_on(Square s) const { return board_[s.index()]; }
  Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const { return by_color_[index(c)]; }
  Bitboard pieces(PieceType t) const { return by_type_[index(t)]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[index(c)] & by_type_[index(t)]; }
  Square king_square(Color c) const { return lsb(pieces(c, PieceType::king)); }

  Color side_to_move() const { return side_; }
  std::uint8_t castling_rights() const { return castling_; }
  // Set only when the side to move has a legal en-passant capture, so that positions that
  // differ only in an unusable en-passant square are the same position (FIDE 9.2.3).
  std::optional<Square> en_passant() const {
    return ep_ == kNoSquare ? std::nullopt : std::optional<Square>(Square(ep_));
  }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  std::uint64_t key() const { return key_; }

  Bitboard checkers() const { return checkers_; }
  bool in_check() const { return checkers_ != 0; }
  // Pieces of either colour attacking s, with the given occupancy.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  // Sliders of colour c standing on lines through s that they move along (bishops and queens on
  // its diagonals, rooks and queens on its rank and file), whatever stands between.
  Bitboard sliders_in_line(Color c, Square s) const;
  // Pieces of colour c attacking s with the given occupancy: the checkers of a king there.
  Bitboard attackers_by(Color c, Square s, Bitboard occupied) const;
  // Own pieces that shield the king of colour c from an enemy slider.
  Bitboard blockers_for_king(Color c) const;
  // Would capturing en passant from `from` leave the mover's king safe?
  bool en_passant_is_legal(Square from, Square to) const;

  // Plays a legal move in place / on a copy. The move must come from the move generator.
  void play(Move m);
  Position after(Move m) const {
    Position next = *this;
    next.play(m);
    return next;
  }

  // Same placement, side, castling rights and en-passant possibility (FIDE's repetition test).
  bool same_position(const Position& other) const;
  // Everything equal, move counters included.
  friend bool operator==(const Position&, const Position&) = default;

 private:
  static constexpr std::uint8_t kNoSquare = 64;
  void put(Piece p, Square s);
  void remove(Square s);
  void move_piece(Square from, Square to);
  void set_en_passant_if_capturable(Square ep);
  void finish_setup();

  std::array<Bitboard, kPieceTypes> by_type_{};
  std::array<Bitboard, 2> by_color_{};
  Bitboard checkers_ = 0;
  std::uint64_t key_ = 0;
  std::array<Piece, 64> board_{};
  Color side_ = Color::white;
  std::uint8_t castling_ = 0;
  std::uint8_t ep_ = kNoSquare;
  std::uint16_t halfmove_ = 0;
  std::uint32_t fullmove_ = 1;
};

char piece_char(Piece p);  // 'P', 'n', … as in FEN
constexpr char piece_letter(PieceType t) { return "PNBRQK?"[index(t)]; }

}  // namespace parley::game::chess
