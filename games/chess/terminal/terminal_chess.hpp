#pragma once
// A person playing chess through the session layer at a terminal: the board as text, moves typed
// in SAN or UCI, and the commands of `parley chess play` (resign, draw, accept, decline, undo,
// claim). It is the graphical client's HumanChessPlayer with the terminal as its input: every
// typed action is checked by the rules before it is posted (a move typed ahead of the turn is
// refused here, never posted to be blamed as an illegal action), and a post the lobby refused
// is offered again. Reading standard input never blocks the session.
#include <cstdio>
#include <optional>
#include <string>

#include "cli/terminal_input.hpp"
#include "games/chess/ui/chess_intent.hpp"
#include "peer/net/player.hpp"

namespace parley::cli {

class TerminalChessPlayer final : public peer::Player {
 public:
  explicit TerminalChessPlayer(int input = STDIN_FILENO, std::FILE* output = stdout) : input_(input), out_(output) {}

  std::optional<game::Bytes> act(const peer::Session& session, game::Seat me) override;
  void observe(const peer::Session& session, const peer::SessionEvent& event) override;
  // The person has closed the input (Ctrl-D): the seat is left to be resumed later.
  bool input_ended() { return input_.ended(); }

 private:
  void prompt(const peer::Session& session, game::Seat me);
  // One typed line: an intent for the person's seat, or nothing (an answer was printed).
  std::optional<ui::ChessIntent> take(const std::string& line, const game::chess::Game& game, game::Seat me);

  ui::HumanChessPlayer person_;
  LineReader input_;
  std::FILE* out_;
  bool prompted_ = false;
  std::size_t shown_moves_ = static_cast<std::size_t>(-1);
};

}  // namespace parley::cli
