#include "games/chess/chess_bots.hpp"

#include "game/chess/notation.hpp"
#include "games/chess/module.hpp"

namespace parley::peer {

using namespace game::chess;

const Game& chess_game(const Session& session) { return games::chess::rules_of(session).game_state(); }

std::optional<Bytes> answer_before_moving(const Game& game, Seat me) {
  Color mine = color_of(me);
  if (game.draw_offered_by() && *game.draw_offered_by() != mine)
    return chess_message({Action::Kind::decline_draw, me, Move::none(), 0});
  if (game.takeback_request() && game.takeback_request()->by != mine)
    return chess_message({Action::Kind::decline_takeback, me, Move::none(), 0});
  if (game.position().side_to_move() == mine && game.can_claim_draw())
    return chess_message({Action::Kind::claim_draw, me, Move::none(), 0});
  return std::nullopt;
}

bool ThinkingTime::done(std::size_t ply) {
  auto now = std::chrono::steady_clock::now();
  if (ply_ != ply) {
    ply_ = ply;
    since_ = now;
  }
  return now - since_ >= delay_;
}

std::optional<Bytes> RandomChessPlayer::act(const Session& session, Seat me) {
  const Game& game = chess_game(session);
  if (game.result()) return std::nullopt;
  if (auto answer = answer_before_moving(game, me)) return answer;
  if (seat_of(game.position().side_to_move()) != me) return std::nullopt;
  if (!thinking_.done(game.moves().size())) return std::nullopt;
  MoveList moves(game.position());
  Move m = moves[static_cast<std::size_t>(rng_() % moves.size())];
  return chess_message({Action::Kind::move, me, m, 0});
}

game::Result<std::unique_ptr<UciChessPlayer>, std::string> UciChessPlayer::start(const std::vector<std::string>& argv,
                                                                                int movetime_ms) {
  auto engine = EngineProcess::start(argv);
  if (!engine) return engine.error();
  (*engine)->send("uci");
  if (!(*engine)->read_until("uciok", 10'000)) return std::string("the engine did not answer 'uci'");
  (*engine)->send("ucinewgame");
  (*engine)->send("isready");
  if (!(*engine)->read_until("readyok", 10'000)) return std::string("the engine did not answer 'isready'");
  return std::unique_ptr<UciChessPlayer>(new UciChessPlayer(std::move(engine).value(), movetime_ms));
}

std::optional<Bytes> UciChessPlayer::act(const Session& session, Seat me) {
  const Game& game = chess_game(session);
  if (game.result()) return std::nullopt;
  if (auto answer = answer_before_moving(game, me)) return answer;
  if (seat_of(game.position().side_to_move()) != me) return std::nullopt;
  const std::size_t ply = game.moves().size();
  if (searching_ply_ != ply) {
    if (searching_ply_) {
      // The position changed under a search (a take-back): its answer is for the old one.
      engine_->send("stop");
      engine_->read_until("bestmove", 5'000);
    }
    std::string position = "position fen " + game.start().fen() + " moves";
    for (Move m : game.moves()) position += " " + to_uci(m);
    engine_->send(position);
    engine_->send("go movetime " + std::to_string(movetime_ms_));
    searching_ply_ = ply;
    return std::nullopt;
  }
  while (auto line = engine_->read_line(0)) {
    if (line->rfind("bestmove ", 0) != 0) continue;
    std::string uci = line->substr(9, line->find(' ', 9) - 9);
    searching_ply_.reset();
    auto move = parse_uci(game.position(), uci);
    if (!move) return std::nullopt;  // an engine's nonsense is never posted; ask again
    return chess_message({Action::Kind::move, me, *move, 0});
  }
  return std::nullopt;
}

}  // namespace parley::peer
