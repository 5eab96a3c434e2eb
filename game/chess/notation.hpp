#pragma once
// Move notation: UCI ("e2e4", "e7e8q", castling as the king's move "e1g1") and SAN ("Nbd7",
// "exd6", "O-O", "e8=Q+"), both directions, always checked against the legal moves.
#include <cstdint>
#include <string>
#include <string_view>

#include "game/chess/movegen.hpp"
#include "game/core/result.hpp"

namespace parley::game::chess {

enum class NotationError : std::uint8_t {
  malformed,   // not a move in this notation
  illegal,     // well formed, but no legal move matches
  ambiguous,   // more than one legal move matches (SAN without enough disambiguation)
};
std::string_view describe(NotationError error);

std::string to_uci(Move m);
Result<Move, NotationError> parse_uci(const Position& pos, std::string_view text);

std::string to_san(const Position& pos, Move m);
// The same, appended to `out`, for a caller that has already played the move (`next` is
// pos.after(m)): writing a game's SAN then plays each move once, not twice.
void append_san(std::string& out, const Position& pos, Move m, const Position& next);
// Accepts what players and other programs write: "0-0" for "O-O", a missing "=" before the
// promotion piece, over-disambiguation ("Ng1f3"), a piece letter on pawn moves, and trailing
// check, mate and annotation marks ("+", "#", "!", "?").
Result<Move, NotationError> parse_san(const Position& pos, std::string_view text);

}  // namespace parley::game::chess
