#include "peer/session/chess_rules.hpp"

#include "game/chess/notation.hpp"

namespace parley::peer {

using namespace game::chess;

Verdict ChessRules::setup(Seat, std::span<const std::uint8_t> data) {
  if (!data.empty()) return Rejection{"chess has no setup data"};
  return Accepted{};
}

Verdict ChessRules::act(Seat seat, std::span<const std::uint8_t> message, const ActionContext&) {
  if (forfeited_) return Rejection{"the game is over"};
  auto action = decode_action(message);
  if (!action) return Rejection{"not a chess action: " + std::string(game::describe(action.error()))};
  if (action->seat != seat) return Rejection{"an action on behalf of the other seat"};
  auto next = game_.apply(*action);
  if (!next) return Rejection{std::string(describe(next.error()))};
  game_ = std::move(next).value();
  return Accepted{};
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
  if (!secrets.empty()) return Rejection{"chess has no secrets to reveal"};
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
