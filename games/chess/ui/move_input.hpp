#pragma once
// Moving pieces with a pointer, as chess sites do: click a piece and then its destination
// (click-click), or drag it there and let go (drag-and-drop); the legal destinations of the
// picked-up piece are shown; a pawn reaching the last rank asks which piece it becomes; a king
// may also be dropped on its own rook to castle. Nothing here draws or knows about a window:
// the screen feeds it the square under the pointer and draws what it reports.
#include <optional>

#include "game/chess/movegen.hpp"
#include "ui/core/geometry.hpp"

namespace parley::ui {

class MoveInput {
 public:
  struct PromotionChoice {
    game::chess::Square from;
    game::chess::Square to;
  };

  // The position to move in, and whether the user may move now (their turn, game running).
  // Drops any selection, drag or open promotion choice.
  void reset(const game::chess::Position& position, bool may_move);

  // The pointer went down / up over a square (nullopt: off the board). Each returns the move
  // the user completed, if any.
  std::optional<game::chess::Move> press(std::optional<game::chess::Square> at);
  std::optional<game::chess::Move> release(std::optional<game::chess::Square> at);
  // The pointer moved while down: a press on a piece turns into dragging it.
  void drag(Point pointer);
  // The piece a pawn promotes to, while a promotion choice is open.
  std::optional<game::chess::Move> choose_promotion(game::chess::PieceType type);
  // Puts the piece back: no selection, no drag, no open choice (right click, Escape).
  void cancel();

  bool may_move() const { return may_move_; }
  std::optional<game::chess::Square> selected() const { return selected_; }
  // The legal destinations of the selected piece.
  game::chess::Bitboard targets() const { return targets_; }
  // Dragging: the piece has left its square and follows the pointer.
  bool dragging() const { return dragging_; }
  Point drag_point() const { return drag_point_; }
  const std::optional<PromotionChoice>& promotion() const { return promotion_; }

 private:
  std::optional<game::chess::Move> complete(game::chess::Square from, game::chess::Square to);
  void select(game::chess::Square s);
  void deselect();

  game::chess::Position position_ = game::chess::Position::start();
  bool may_move_ = false;
  std::optional<game::chess::Square> selected_;
  game::chess::Bitboard targets_ = 0;
  bool pressed_ = false;            // the pointer went down on the selected piece
  bool was_selected_ = false;       // … which was already selected before (a second click lets go)
  bool dragging_ = false;
  Point drag_point_;
  std::optional<PromotionChoice> promotion_;
};

}  // namespace parley::ui
