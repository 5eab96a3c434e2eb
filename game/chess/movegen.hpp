#pragma once
// Legal move generation. Pins and checks are resolved while generating, so every move in the
// list is legal and perft can count leaves without playing them.
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "game/chess/position.hpp"

namespace parley::game::chess {

// Positions come from FEN with at most 16 pieces a side, at most 8 pawns, and no more promoted
// pieces than missing pawns (Position::from_fen). Counting each piece's most moves — queen 27,
// rook 14, bishop 13, knight 8, king 10 with castling, pawn 12 (three promotion squares x four
// pieces) — nine queens, two rooks, two bishops, two knights and a king bound any such position
// by 323 moves (legal play reaches at most 218), so 384 can never overflow.
inline constexpr std::size_t kMaxMoves = 384;

// The legal moves of a position. The storage is left uninitialised: only generated moves are
// ever read, and zeroing it would cost perft about 8%.
class MoveList {
 public:
  explicit MoveList(const Position& pos);
  // Only the legal moves of pieces of `type` that end on `to` (castling counts as a king move
  // to g1/c1 or g8/c8): what reading and writing SAN need, without the whole list. The same
  // legality tests as the full list, so it is exactly the full list filtered.
  MoveList(const Position& pos, PieceType type, Square to);

  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Move;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Move;
    Iterator() = default;
    explicit Iterator(const std::uint16_t* p) : p_(p) {}
    Move operator*() const { return Move::from_raw(*p_); }
    Iterator& operator++() {
      ++p_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator old = *this;
      ++p_;
      return old;
    }
    friend bool operator==(Iterator, Iterator) = default;

   private:
    const std::uint16_t* p_ = nullptr;
  };

  Iterator begin() const { return Iterator(raw_); }
  Iterator end() const { return Iterator(raw_ + size_); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return Move::from_raw(raw_[i]); }
  bool contains(Move m) const;

  void push(Move m) { raw_[size_++] = m.raw(); }

 private:
  std::uint16_t raw_[kMaxMoves];
  std::size_t size_ = 0;
};

// Whether the side to move has a legal move: MoveList(pos).empty() negated, but a king that can
// step to a safe square answers at once. After a check (where writing SAN asks whether it is
// mate) that is most often so, and the whole list cost 2% of an archive import.
bool has_legal_move(const Position& pos);

}  // namespace parley::game::chess
