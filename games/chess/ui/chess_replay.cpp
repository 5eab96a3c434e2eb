#include "games/chess/ui/chess_replay.hpp"

#include <algorithm>

#include "game/chess/notation.hpp"
#include "game/chess/pgn.hpp"
#include "games/chess/chess_export.hpp"
#include "games/chess/module.hpp"

namespace parley::ui {

using namespace game::chess;

std::optional<ChessReplay> ChessReplay::open(const ReplayViewer& viewer) {
  const auto& entries = viewer.log().entries;
  if (entries.empty()) return std::nullopt;
  const auto* genesis = std::get_if<lobby::Genesis>(&entries.front().entry.payload);
  if (!genesis) return std::nullopt;
  auto started = peer::Session::start(*genesis, entries.front().entry.lobby_time_ms);
  if (!started) return std::nullopt;
  peer::Session session = std::move(started).value();
  const peer::ChessRules* rules = games::chess::rules(session);
  if (!rules) return std::nullopt;

  ChessReplay replay;
  replay.log_ = viewer.log();
  replay.nodes_.push_back(Node{0, Move::none(), Position::start(), 0, {}});
  std::uint32_t node = 0;
  for (const ReplayStep& step : viewer.steps()) {
    if (step.index > 0 && step.index < entries.size() && session.next_index().value == step.index)
      session.apply(entries[step.index]);
    const auto& moves = rules->game_state().moves();
    // Back up to the longest common beginning of the shown line and the game's (a take-back),
    // then grow the line by the moves played since.
    while (replay.nodes_[node].ply > moves.size() ||
           (replay.nodes_[node].ply > 0 && replay.nodes_[node].move != moves[replay.nodes_[node].ply - 1]))
      node = replay.nodes_[node].parent;
    for (std::size_t ply = replay.nodes_[node].ply; ply < moves.size(); ++ply) {
      const Position& before = replay.nodes_[node].position;
      Node next{node, moves[ply], before.after(moves[ply]), static_cast<std::uint32_t>(ply + 1),
                to_san(before, moves[ply])};
      replay.nodes_.push_back(next);
      node = static_cast<std::uint32_t>(replay.nodes_.size() - 1);
    }
    replay.node_of_step_.push_back(node);
  }
  if (replay.node_of_step_.empty()) return std::nullopt;
  return replay;
}

std::optional<Move> ChessReplay::last_move(std::size_t step) const {
  const Node& n = nodes_[node(step)];
  if (n.ply == 0) return std::nullopt;
  return n.move;
}

std::vector<std::string> ChessReplay::san_moves(std::size_t step) const {
  std::vector<std::uint32_t> line;
  for (std::uint32_t n = node(step); nodes_[n].ply > 0; n = nodes_[n].parent) line.push_back(n);
  std::vector<std::string> out;
  out.reserve(line.size());
  for (auto it = line.rbegin(); it != line.rend(); ++it) out.push_back(nodes_[*it].san);
  return out;
}

game::Result<std::string, peer::ExportError> ChessReplay::pgn() const {
  auto record = peer::chess_pgn(*log_);
  if (!record) return peer::ExportError{record.error().detail};
  return pgn::write(*record);
}

}  // namespace parley::ui
