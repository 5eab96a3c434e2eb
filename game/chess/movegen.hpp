#pragma once
// Legal move generation. Pins and checks are resolved while generating, so every move in the
// list is legal and perft can count leaves without playing them.
#include <array>
#include <cstddef>

#include "game/chess/position.hpp"

namespace parley::game::chess {

// No legal chess position has more than 218 moves.
inline constexpr std::size_t kMaxMoves = 256;

class MoveList {
 public:
  explicit MoveList(const Position& pos);

  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  bool contains(Move m) const;

  void push(Move m) { moves_[size_++] = m; }

 private:
  std::array<Move, kMaxMoves> moves_;
  std::size_t size_ = 0;
};

}  // namespace parley::game::chess
