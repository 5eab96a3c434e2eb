#include "cli/terminal_chess.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <sstream>

#include "cli/board_text.hpp"
#include "game/chess/notation.hpp"
#include "peer/bots/chess_bots.hpp"

namespace parley::cli {

using namespace game::chess;

void TerminalChessPlayer::prompt(const peer::Session& session, game::Seat me) {
  const Game& game = peer::chess_game(session);
  const Position& pos = game.position();
  if (game.moves().size() != shown_moves_) {
    fmt::print("\n{}", board_text(pos, me.index == 1));
    shown_moves_ = game.moves().size();
  }
  bool my_turn = peer::chess_game(session).position().side_to_move() == color_of(me);
  std::string clock;
  if (session.options().clock_base_ms > 0)
    clock = fmt::format(" [your clock {:.1f}s]", static_cast<double>(session.seat(me).clock_ms) / 1000.0);
  fmt::print("{}{}{}> ", my_turn ? "your move" : "waiting for your opponent", pos.in_check() && my_turn ? " (check)" : "",
             clock);
  std::fflush(stdout);
  prompted_ = true;
}

std::optional<game::Bytes> TerminalChessPlayer::act(const peer::Session& session, game::Seat me) {
  const Game& game = peer::chess_game(session);
  if (game.result()) return std::nullopt;
  if (!prompted_) prompt(session, me);
  auto line = input_.next();
  if (!line) return std::nullopt;
  prompted_ = false;
  std::istringstream words(*line);
  std::string cmd;
  words >> cmd;
  auto simple = [&](Action::Kind kind, std::uint16_t count = 0) {
    return peer::chess_message({kind, me, Move::none(), count});
  };
  if (cmd.empty()) return std::nullopt;
  if (cmd == "resign") return simple(Action::Kind::resign);
  if (cmd == "draw") return simple(Action::Kind::offer_draw);
  if (cmd == "claim") return simple(Action::Kind::claim_draw);
  if (cmd == "accept" || cmd == "decline") {
    bool takeback = game.takeback_request().has_value();
    bool accept = cmd == "accept";
    return simple(takeback ? (accept ? Action::Kind::accept_takeback : Action::Kind::decline_takeback)
                           : (accept ? Action::Kind::accept_draw : Action::Kind::decline_draw));
  }
  if (cmd == "undo") {
    int n = 1;
    words >> n;
    return simple(Action::Kind::request_takeback, static_cast<std::uint16_t>(std::clamp(n, 1, 1000)));
  }
  if (cmd == "help") {
    fmt::print("  a move in SAN (Nf3, O-O, e8=Q) or UCI (g1f3); resign, draw, accept, decline, undo [N], claim\n");
    return std::nullopt;
  }
  auto move = parse_san(game.position(), cmd);
  if (!move) move = parse_uci(game.position(), cmd);
  if (!move) {
    fmt::print("not a legal move: {} ({})\n", cmd, describe(move.error()));
    return std::nullopt;
  }
  return peer::chess_message({Action::Kind::move, me, *move, 0});
}

void TerminalChessPlayer::observe(const peer::Session& session, const peer::SessionEvent& event) {
  using Kind = peer::SessionEvent::Kind;
  std::string who = event.seat ? (event.seat->index == 0 ? "White" : "Black") : "";
  switch (event.kind) {
    case Kind::action: fmt::print("\n{}: {}\n", who, event.text); break;
    case Kind::blame:
      fmt::print("\n*** {} (seat {}) is caught at entry {}: {} ***\n", who, event.seat->index, event.index.value, event.text);
      break;
    case Kind::timeout: fmt::print("\n{} ran out of time\n", who); break;
    case Kind::outcome:
      fmt::print("\nresult: {} ({})\n", event.seat ? who + " wins" : std::string("no winner"), event.text);
      break;
    case Kind::presence: fmt::print("\n{} {}\n", who, event.text); break;
    default: break;
  }
  prompted_ = false;
  (void)session;
}

}  // namespace parley::cli
