#pragma once
// A chess log in the replay viewer (ui/core/replay.hpp): the board after every entry, the move
// that led to it and the moves so far, from the same session replay the verifier runs, and the
// whole game as PGN.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game/chess/position.hpp"
#include "peer/log/pgn_export.hpp"
#include "ui/core/replay.hpp"

namespace parley::ui {

class ChessReplay {
 public:
  // None when the log is not a chess game that replays.
  static std::optional<ChessReplay> open(const ReplayViewer& viewer);

  // After the viewer's step `step` (an index into ReplayViewer::steps()).
  const game::chess::Position& position(std::size_t step) const { return nodes_[node(step)].position; }
  std::optional<game::chess::Move> last_move(std::size_t step) const;
  std::vector<std::string> san_moves(std::size_t step) const;
  // The whole game as PGN.
  game::Result<std::string, peer::ExportError> pgn() const;

 private:
  std::uint32_t node(std::size_t step) const { return node_of_step_.at(std::min(step, node_of_step_.size() - 1)); }

  // The played lines form a tree (a take-back returns to an earlier node and grows another
  // branch), so every step names its node instead of holding its own copy of the moves.
  struct Node {
    std::uint32_t parent = 0;
    game::chess::Move move;
    game::chess::Position position;
    std::uint32_t ply = 0;
    std::string san;  // the move in the position before it
  };
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> node_of_step_;
  std::optional<peer::GameLog> log_;
};

}  // namespace parley::ui
