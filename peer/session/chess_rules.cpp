#include "peer/session/chess_rules.hpp"

#include "game/chess/notation.hpp"

namespace parley::peer {

using namespace game::chess;

Verdict ChessRules::setup(Seat, std::span<const std::uint8_t> data) {
  if (!data.empty()) return Rejection{Refusal::no_setup_data};
  return Accepted{};
}

Verdict ChessRules::act(Seat seat, std::span<const std::uint8_t> message, const ActionContext& context) {
  if (forfeited_) return Rejection{Refusal::game_over};
  auto action = decode_action(message);
  if (!action) return Rejection{Refusal::malformed, {std::string(game::describe(action.error()))}};
  if (action->seat != seat) return Rejection{Refusal::wrong_seat};
  auto next = game_.apply(*action);
  if (auto crossed = late(seat, *action, context, next.ok())) return *crossed;
  if (!next) return Rejection{next.error()};
  recent_.push_back({context.index, seat, std::move(game_)});
  game_ = std::move(next).value();
  if (recent_.size() > kRecentActions) {
    recent_.pop_front();
    forgot_ = true;
  }
  return Accepted{};
}

// A message is late when only the other seat's actions since the entry its sender had seen stand
// between it and what it meant: refused now but accepted then (two draw offers that cross, an
// answer to a take-back request its maker withdrew by moving), or accepted now on a different
// object (a move after a take-back the mover had not seen, an answer to a request made since).
std::optional<Rejection> ChessRules::late(Seat seat, const Action& action, const ActionContext& context,
                                          bool accepted_now) const {
  if (context.seen.value + 1 >= context.index.value) return std::nullopt;  // it saw everything before it
  // The state it saw: the game before the first action after the entry it names.
  const Game* then = nullptr;
  for (const Applied& a : recent_) {
    if (a.index.value <= context.seen.value) continue;
    if (a.by == seat) return std::nullopt;  // it acted after the entry it names: no race explains that
    if (then == nullptr) {
      if (&a == &recent_.front() && forgot_) return std::nullopt;  // that state is no longer kept
      then = &a.before;
    }
  }
  if (then == nullptr) return std::nullopt;  // nothing happened since
  if (!accepted_now) {
    if (!then->apply(action)) return std::nullopt;
    return Rejection{ChessRefusal::crossed_action, {std::string(describe(game_.apply(action).error()))}, true};
  }
  const bool position_moved =
      then->moves().size() != game_.moves().size() || then->position().key() != game_.position().key();
  switch (action.kind) {
    case Action::Kind::move:
    case Action::Kind::claim_draw:
      if (position_moved) return Rejection{ChessRefusal::position_changed, {}, true};
      return std::nullopt;
    case Action::Kind::accept_draw:
    case Action::Kind::decline_draw:
      if (then->draw_offered_by() != game_.draw_offered_by() || position_moved)
        return Rejection{ChessRefusal::newer_draw_offer, {}, true};
      return std::nullopt;
    case Action::Kind::accept_takeback:
    case Action::Kind::decline_takeback:
      if (then->takeback_request() != game_.takeback_request() || position_moved)
        return Rejection{ChessRefusal::newer_takeback, {}, true};
      return std::nullopt;
    default: return std::nullopt;
  }
}

std::vector<Seat> ChessRules::awaited() const {
  if (outcome()) return {};
  return {seat_of(game_.position().side_to_move())};
}

void ChessRules::time_out(Seat seat) {
  if (outcome()) return;
  if (auto next = game_.apply({Action::Kind::flag_fall, seat, Move::none(), 0})) game_ = std::move(next).value();
}

void ChessRules::forfeit(Seat seat) {
  if (outcome()) return;
  forfeited_ = game::Outcome{Seat{static_cast<std::uint8_t>(1 - seat.index)}, "forfeit"};
}

std::optional<game::Outcome> ChessRules::outcome() const {
  if (forfeited_) return forfeited_;
  return Chess::outcome(game_);
}

crypto::Digest ChessRules::public_state_hash() const {
  return state_digest(game::canonical_bytes<Chess>(game_));
}

Verdict ChessRules::reveal(Seat, std::span<const std::uint8_t> secrets) {
  if (!secrets.empty()) return Rejection{Refusal::nothing_to_reveal};
  return Accepted{};
}

std::string ChessRules::describe_action(Seat, std::span<const std::uint8_t> message) const {
  auto action = decode_action(message);
  if (!action) return "(not a chess action)";
  switch (action->kind) {
    case Action::Kind::move:
      if (!MoveList(game_.position()).contains(action->move)) return to_uci(action->move) + " (illegal)";
      return to_san(game_.position(), action->move);
    case Action::Kind::resign: return "resigns";
    case Action::Kind::offer_draw: return "offers a draw";
    case Action::Kind::accept_draw: return "accepts the draw";
    case Action::Kind::decline_draw: return "declines the draw";
    case Action::Kind::claim_draw: return "claims a draw";
    case Action::Kind::request_takeback: return "asks to take back " + std::to_string(action->count) + " half-move(s)";
    case Action::Kind::accept_takeback: return "accepts the take-back";
    case Action::Kind::decline_takeback: return "declines the take-back";
    case Action::Kind::flag_fall: return "flag falls";
  }
  return "(unknown chess action)";
}

Bytes chess_message(const Action& action) {
  game::ByteWriter out;
  encode(action, out);
  return std::move(out).take();
}

}  // namespace parley::peer
