#pragma once
// A person playing Gunjin through the session layer at a terminal: the board from its own side
// (its army by kind, the opponent's pieces unknown), the opponent's moves and every battle in
// the referee's words, moves typed as two square names, and the commands resign, draw, accept
// and pass. It is the graphical client's HumanGunjinPlayer with the terminal as its input, so the
// agent beneath makes every commitment, proof and duel message exactly as for a window or a bot.
// Reading standard input never blocks the session.
#include <cstdio>
#include <optional>
#include <string>

#include "cli/terminal_input.hpp"
#include "games/gunjin/ui/gunjin_player.hpp"

namespace parley::cli {

class TerminalGunjinPlayer final : public ui::HumanGunjinPlayer {
 public:
  explicit TerminalGunjinPlayer(const game::gunjin::Layout& layout, int input = STDIN_FILENO, std::FILE* output = stdout);

  std::optional<game::Bytes> act(const peer::Session& session, game::Seat me) override;
  void observe(const peer::Session& session, const peer::SessionEvent& event) override;
  // The person has closed the input (Ctrl-D): the seat is left to be resumed later.
  bool input_ended() { return input_.ended(); }

 private:
  // What changed in the seat's view since it was last shown: moves, battles, then the board.
  void show_changes(game::Seat me);
  void prompt(game::Seat me);
  // One typed line: an intent handed to the agent, or an answer printed at once.
  void take(const std::string& line, game::Seat me);
  void help();

  LineReader input_;
  std::FILE* out_;
  std::optional<game::Seat> me_;
  std::optional<game::gunjin::State> shown_;  // the view as last printed
  bool prompted_ = false;
};

}  // namespace parley::cli
