#pragma once
// A person playing chess through the session layer at a terminal: the board as text, moves typed
// in SAN or UCI, and the commands of `parley chess play` (resign, draw, accept, decline, undo,
// claim). Reading standard input never blocks the session.
#include <cstdio>
#include <string>

#include "cli/terminal_input.hpp"
#include "peer/net/player.hpp"

namespace parley::cli {

class TerminalChessPlayer final : public peer::Player {
 public:
  std::optional<game::Bytes> act(const peer::Session& session, game::Seat me) override;
  void observe(const peer::Session& session, const peer::SessionEvent& event) override;

 private:
  void prompt(const peer::Session& session, game::Seat me);
  LineReader input_;
  bool prompted_ = false;
  std::size_t shown_moves_ = static_cast<std::size_t>(-1);
};

}  // namespace parley::cli
