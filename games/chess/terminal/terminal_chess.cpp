#include "games/chess/terminal/terminal_chess.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <sstream>

#include "cli/board_text.hpp"
#include "game/chess/notation.hpp"
#include "games/chess/chess_bots.hpp"

namespace parley::cli {

using namespace game::chess;
using ui::ChessIntent;

void TerminalChessPlayer::prompt(const peer::Session& session, game::Seat me) {
  const Game& game = peer::chess_game(session);
  const Position& pos = game.position();
  if (game.moves().size() != shown_moves_) {
    fmt::print(out_, "\n{}", board_text(pos, me.index == 1));
    shown_moves_ = game.moves().size();
  }
  bool my_turn = pos.side_to_move() == color_of(me);
  std::string clock;
  if (session.options().clock_base_ms > 0)
    clock = fmt::format(" [your clock {:.1f}s]", static_cast<double>(session.seat(me).clock_ms) / 1000.0);
  // What is asked and not yet answered, either way (a terminal has no panel of buttons).
  std::string asked;
  if (const auto by = game.draw_offered_by())
    asked += *by == color_of(me) ? " (your draw offer stands)" : " (a draw is offered: accept or decline)";
  if (const auto& t = game.takeback_request())
    asked += t->by == color_of(me) ? std::string(" (your take-back request stands)")
                                   : fmt::format(" (take back {} half-move{}? accept or decline)", t->count,
                                                 t->count == 1 ? "" : "s");
  fmt::print(out_, "{}{}{}{}> ", my_turn ? "your move" : "waiting for your opponent",
             pos.in_check() && my_turn ? " (check)" : "", asked, clock);
  std::fflush(out_);
  prompted_ = true;
}

std::optional<ChessIntent> TerminalChessPlayer::take(const std::string& line, const Game& game, game::Seat me) {
  std::istringstream words(line);
  std::string cmd;
  words >> cmd;
  if (cmd.empty()) return std::nullopt;
  if (cmd == "resign") return ChessIntent{ChessIntent::Kind::resign, Move::none(), 0};
  if (cmd == "draw") return ChessIntent{ChessIntent::Kind::offer_draw, Move::none(), 0};
  if (cmd == "claim") return ChessIntent{ChessIntent::Kind::claim_draw, Move::none(), 0};
  if (cmd == "accept" || cmd == "decline") {
    const bool takeback = game.takeback_request().has_value(), accept = cmd == "accept";
    const auto kind = takeback ? (accept ? ChessIntent::Kind::accept_takeback : ChessIntent::Kind::decline_takeback)
                               : (accept ? ChessIntent::Kind::accept_draw : ChessIntent::Kind::decline_draw);
    return ChessIntent{kind, Move::none(), 0};
  }
  if (cmd == "undo") {
    // Without a count: as many half-moves as make it this seat's turn again.
    int n = ui::takeback_count(game, me);
    words >> n;
    return ChessIntent{ChessIntent::Kind::request_takeback, Move::none(), static_cast<std::uint16_t>(std::clamp(n, 1, 1000))};
  }
  if (cmd == "help") {
    fmt::print(out_, "  a move in SAN (Nf3, O-O or oo, e8=Q) or UCI (g1f3); resign, draw, accept, decline, undo [N], claim\n");
    return std::nullopt;
  }
  // A move is read in the position on the board, which is this seat's only on its turn; the
  // rules' check below says so otherwise.
  auto move = parse_typed_move(game.position(), cmd);
  if (!move) {
    fmt::print(out_, "not a legal move: {} ({})\n", cmd, describe(move.error()));
    return std::nullopt;
  }
  return ChessIntent{ChessIntent::Kind::move, *move, 0};
}

std::optional<game::Bytes> TerminalChessPlayer::act(const peer::Session& session, game::Seat me) {
  // A post the lobby refused goes again first.
  if (auto again = person_.act(session, me)) return again;
  const Game& game = peer::chess_game(session);
  if (game.result()) return std::nullopt;
  if (!prompted_) prompt(session, me);
  auto line = input_.next();
  if (!line) return std::nullopt;
  prompted_ = false;
  auto intent = take(*line, game, me);
  if (!intent) return std::nullopt;
  // Taken at once: the person's player checks it by the rules now, so a move typed out of turn
  // is refused here rather than posted.
  person_.submit(*intent);
  auto message = person_.act(session, me);
  for (const std::string& why : person_.take_refusals()) fmt::print(out_, "refused: {}\n", why);
  return message;
}

void TerminalChessPlayer::observe(const peer::Session& session, const peer::SessionEvent& event) {
  using Kind = peer::SessionEvent::Kind;
  std::string who = event.seat ? (event.seat->index == 0 ? "White" : "Black") : "";
  switch (event.kind) {
    case Kind::action: fmt::print(out_, "\n{}: {}\n", who, event.text); break;
    case Kind::blame:
      fmt::print(out_, "\n*** {} (seat {}) is caught at entry {}: {} ***\n", who, event.seat->index, event.index.value,
                 event.text);
      break;
    case Kind::timeout: fmt::print(out_, "\n{} ran out of time\n", who); break;
    case Kind::outcome:
      fmt::print(out_, "\nresult: {} ({})\n", event.seat ? who + " wins" : std::string("no winner"), event.text);
      break;
    case Kind::presence: fmt::print(out_, "\n{} {}\n", who, event.text); break;
    case Kind::ignored:
      // A message that crossed the other side's (docs/sessions.md, "Late actions").
      if (const auto why = peer::late_reason(event)) fmt::print(out_, "\n{}: too late, not applied: {}\n", who, *why);
      break;
    default: break;
  }
  std::fflush(out_);
  prompted_ = false;
  (void)session;
}

}  // namespace parley::cli
