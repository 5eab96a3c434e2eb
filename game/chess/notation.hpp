#pragma once
// Move notation: UCI ("e2e4", "e7e8q", castling as the king's move "e1g1") and SAN ("Nbd7",
// "exd6", "O-O", "e8=Q+"), both directions, always checked against the legal moves.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "game/chess/movegen.hpp"
#include "game/core/result.hpp"

namespace parley::game::chess {

enum class NotationError : std::uint8_t {
  malformed,   // not a move in this notation ("not SAN")
  illegal,     // well formed, but no legal move matches ("no such move here": Qxf7 with no queen
               // that can take on f7)
  ambiguous,   // more than one legal move matches (SAN without enough disambiguation)
};
std::string_view describe(NotationError error);

std::string to_uci(Move m);
Result<Move, NotationError> parse_uci(const Position& pos, std::string_view text);

std::string to_san(const Position& pos, Move m);
// The same, appended to `out`, for a caller that has already played the move (`next` is
// pos.after(m)): writing a game's SAN then plays each move once, not twice.
void append_san(std::string& out, const Position& pos, Move m, const Position& next);

// What a move's SAN says beyond its squares and promotion, in one byte: the piece, whether it
// captures, which coordinates of its origin tell it from rivals of the same kind (a pawn's
// capture names its file), and check or mate. A reader that has replayed a move keeps this, so
// that a writer can spell the move without the position (pgn::Node::replayed).
class SanShape {
 public:
  enum class Origin : std::uint8_t { none = 0, file = 1, rank = 2, square = 3 };
  enum class Mark : std::uint8_t { none = 0, check = 1, mate = 2 };
  SanShape(PieceType piece, bool capture, Origin origin, Mark mark)
      : bits_(static_cast<std::uint8_t>(index(piece) | (capture ? 8 : 0) | static_cast<int>(origin) << 4 |
                                        static_cast<int>(mark) << 6)) {}
  PieceType piece() const { return static_cast<PieceType>(bits_ & 7); }
  bool capture() const { return (bits_ & 8) != 0; }
  Origin origin() const { return static_cast<Origin>((bits_ >> 4) & 3); }
  Mark mark() const { return static_cast<Mark>(bits_ >> 6); }
  SanShape with_mark(Mark mark) const { return SanShape(piece(), capture(), origin(), mark); }
  friend bool operator==(SanShape, SanShape) = default;

 private:
  std::uint8_t bits_;
};
// The shape of legal move m from pos; `next` is pos.after(m).
SanShape san_shape(const Position& pos, Move m, const Position& next);
// The shape with the mark of the position a move leads to, `next`: check, mate or none.
SanShape marked(SanShape shape, const Position& next);
// The SAN of m, from its shape alone, in `buffer`: the same text as append_san(out, pos, m, next),
// for a writer that copies it on (the longest SAN, "Qa1xb2+" or "exd8=Q#", has 7 characters).
using SanBuffer = std::array<char, 8>;
std::string_view write_san(SanBuffer& buffer, Move m, SanShape shape);
// Accepts what players and other programs write: "0-0" for "O-O", a missing "=" before the
// promotion piece, over-disambiguation ("Ng1f3"), a piece letter on pawn moves, and trailing
// check, mate and annotation marks ("+", "#", "!", "?").
Result<Move, NotationError> parse_san(const Position& pos, std::string_view text);
// parse_san that also gives the shape of the move's SAN as written by append_san, but for its
// mark (marked() adds it once the move is played): the legal moves it reads the text against
// are the ones that say how to tell the move from its rivals, so a reader that keeps shapes
// needs no second list (san_shape).
struct ReadSan {
  Move move;
  SanShape shape;
};
Result<ReadSan, NotationError> read_san(const Position& pos, std::string_view text);

// A move as a person types it at a board (the terminal, `parley chess play`): SAN, UCI, or
// castling as "oo" and "ooo" (any case; the original design's spelling). The error is the most
// telling one: `illegal` or `ambiguous` when the text reads as a move in either notation,
// `malformed` only when it reads as neither.
Result<Move, NotationError> parse_typed_move(const Position& pos, std::string_view text);

}  // namespace parley::game::chess
