#include "games/chess/ui/chess_intent.hpp"

#include "game/chess/notation.hpp"
#include "games/chess/module.hpp"

namespace parley::ui {

using namespace game::chess;

std::string_view describe(ChessIntent::Kind kind) {
  switch (kind) {
    case ChessIntent::Kind::move: return "move";
    case ChessIntent::Kind::resign: return "resign";
    case ChessIntent::Kind::offer_draw: return "offer a draw";
    case ChessIntent::Kind::accept_draw: return "accept the draw";
    case ChessIntent::Kind::decline_draw: return "decline the draw";
    case ChessIntent::Kind::claim_draw: return "claim a draw";
    case ChessIntent::Kind::request_takeback: return "ask for a take-back";
    case ChessIntent::Kind::accept_takeback: return "accept the take-back";
    case ChessIntent::Kind::decline_takeback: return "decline the take-back";
  }
  return "unknown";
}

namespace {

Action::Kind action_kind(ChessIntent::Kind kind) {
  switch (kind) {
    case ChessIntent::Kind::move: return Action::Kind::move;
    case ChessIntent::Kind::resign: return Action::Kind::resign;
    case ChessIntent::Kind::offer_draw: return Action::Kind::offer_draw;
    case ChessIntent::Kind::accept_draw: return Action::Kind::accept_draw;
    case ChessIntent::Kind::decline_draw: return Action::Kind::decline_draw;
    case ChessIntent::Kind::claim_draw: return Action::Kind::claim_draw;
    case ChessIntent::Kind::request_takeback: return Action::Kind::request_takeback;
    case ChessIntent::Kind::accept_takeback: return Action::Kind::accept_takeback;
    case ChessIntent::Kind::decline_takeback: return Action::Kind::decline_takeback;
  }
  return Action::Kind::resign;
}

}  // namespace

game::Result<game::Bytes, std::string> chess_intent_message(const Game& game, game::Seat me, const ChessIntent& intent) {
  Action action{action_kind(intent.kind), me, Move::none(), 0};
  if (intent.kind == ChessIntent::Kind::move) action.move = intent.move;
  if (intent.kind == ChessIntent::Kind::request_takeback) action.count = intent.count;
  auto next = game.apply(action);
  if (!next) {
    std::string what = intent.kind == ChessIntent::Kind::move ? to_uci(intent.move) : std::string(describe(intent.kind));
    return what + ": " + std::string(describe(next.error()));
  }
  return peer::chess_message(action);
}

std::uint16_t takeback_count(const Game& game, game::Seat me) {
  const std::size_t played = game.moves().size();
  const bool my_turn = game.position().side_to_move() == color_of(me);
  const std::uint16_t wanted = my_turn ? 2 : 1;
  return played >= wanted ? wanted : 0;
}

std::optional<game::Bytes> HumanChessPlayer::act(const peer::Session& session, game::Seat me) {
  const peer::ChessRules* rules = games::chess::rules(session);
  if (!rules) return std::nullopt;
  const Game& game = rules->game_state();
  if (auto again = std::exchange(last_, std::nullopt); again && session.state_hash() == last_state_) {
    if (auto message = chess_intent_message(game, me, *again)) {
      last_ = again;
      return std::move(message).value();
    }
  }
  while (!queue_.empty()) {
    ChessIntent intent = queue_.front();
    queue_.pop_front();
    auto message = chess_intent_message(game, me, intent);
    if (message) {
      last_ = intent;
      last_state_ = session.state_hash();
      return std::move(message).value();
    }
    refusals_.push_back(message.error());
  }
  return std::nullopt;
}

}  // namespace parley::ui
