#include "game/chess/perft.hpp"

#include "game/chess/movegen.hpp"

namespace parley::game::chess {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves(pos);
  if (depth == 1) return moves.size();  // every generated move is legal: count, don't play
  std::uint64_t nodes = 0;
  for (Move m : moves) nodes += perft(pos.after(m), depth - 1);
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  for (Move m : MoveList(pos)) out.emplace_back(m, perft(pos.after(m), depth - 1));
  return out;
}

}  // namespace parley::game::chess
