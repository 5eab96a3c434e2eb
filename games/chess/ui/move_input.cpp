#include "games/chess/ui/move_input.hpp"

namespace parley::ui {

using namespace game::chess;

void MoveInput::reset(const Position& position, bool may_move) {
  position_ = position;
  may_move_ = may_move;
  cancel();
}

void MoveInput::cancel() {
  deselect();
  promotion_.reset();
}

void MoveInput::deselect() {
  selected_.reset();
  targets_ = 0;
  pressed_ = false;
  was_selected_ = false;
  dragging_ = false;
}

void MoveInput::select(Square s) {
  selected_ = s;
  targets_ = 0;
  for (Move m : MoveList(position_)) {
    if (m.from() != s) continue;
    targets_ |= m.to().bb();
    // A king may be dropped on its own rook to castle, as well as on its castling square.
    if (m.kind() == Move::Kind::castling) {
      Square rook = m.to().file() > s.file() ? Square::at(7, s.rank()) : Square::at(0, s.rank());
      if (position_.piece_on(rook) == Piece{position_.side_to_move(), PieceType::rook}) targets_ |= rook.bb();
    }
  }
}

std::optional<Move> MoveInput::complete(Square from, Square to) {
  std::optional<Move> found;
  int promotions = 0;
  for (Move m : MoveList(position_)) {
    if (m.from() != from) continue;
    bool castles_onto_rook = m.kind() == Move::Kind::castling && position_.piece_on(to).type == PieceType::rook &&
                             position_.piece_on(to).color == position_.side_to_move() &&
                             (to.file() > from.file()) == (m.to().file() > from.file());
    if (m.to() != to && !castles_onto_rook) continue;
    found = m;
    if (m.kind() == Move::Kind::promotion) ++promotions;
  }
  deselect();
  if (!found) return std::nullopt;
  if (promotions > 0) {
    promotion_ = PromotionChoice{from, found->to()};
    return std::nullopt;
  }
  return found;
}

std::optional<Move> MoveInput::press(std::optional<Square> at) {
  if (promotion_) {
    promotion_.reset();  // a click beside the choice puts the pawn back
    return std::nullopt;
  }
  if (!may_move_) return std::nullopt;
  if (!at) {
    deselect();
    return std::nullopt;
  }
  if (selected_ && *at != *selected_ && (targets_ & at->bb())) return complete(*selected_, *at);
  Piece piece = position_.piece_on(*at);
  if (!piece.empty() && piece.color == position_.side_to_move()) {
    bool again = selected_ == at;
    select(*at);
    if (targets_ == 0) {
      deselect();  // a piece that cannot move is not picked up
      return std::nullopt;
    }
    pressed_ = true;
    was_selected_ = again;
    return std::nullopt;
  }
  deselect();
  return std::nullopt;
}

void MoveInput::drag(Point pointer) {
  if (!pressed_ || !selected_) return;
  dragging_ = true;
  drag_point_ = pointer;
}

std::optional<Move> MoveInput::release(std::optional<Square> at) {
  if (!pressed_ || !selected_) return std::nullopt;
  const bool dragged = dragging_;
  pressed_ = false;
  dragging_ = false;
  if (at == selected_) {
    // Let go where it was picked up: the first half of a click-click move, or a second click
    // on the same piece, which puts it down.
    if (was_selected_) deselect();
    was_selected_ = false;
    return std::nullopt;
  }
  if (at && (targets_ & at->bb())) return complete(*selected_, *at);
  // Dropped off the board or on a square it cannot reach: back home. A pointer that only
  // wandered (no drag) keeps the selection for a second click.
  if (dragged) deselect();
  return std::nullopt;
}

std::optional<Move> MoveInput::choose_promotion(PieceType type) {
  if (!promotion_) return std::nullopt;
  PromotionChoice choice = *promotion_;
  promotion_.reset();
  for (Move m : MoveList(position_))
    if (m.from() == choice.from && m.to() == choice.to && m.kind() == Move::Kind::promotion && m.promotion() == type)
      return m;
  return std::nullopt;
}

}  // namespace parley::ui
