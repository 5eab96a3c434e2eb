#pragma once
// A Gunjin game log in the replay viewer: the board after every entry. While the game runs,
// the transcript shows positions and battle outcomes only; at the end both seats open their
// layouts and the verifier replays the whole game from them (GunjinRules::reveal), so a
// verified log knows both armies. Each entry then has two boards: the public one (as a
// spectator saw it live) and the open one (every piece face up, as the verifier checked it).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "game/core/result.hpp"
#include "game/gunjin/state.hpp"
#include "peer/log/plog.hpp"

namespace parley::ui {

class GunjinReplay {
 public:
  // The log's bytes (already checked by the ReplayViewer); an error if it is not a Gunjin log.
  static game::Result<GunjinReplay, std::string> open(std::span<const std::uint8_t> bytes);
  static game::Result<GunjinReplay, std::string> open(const peer::GameLog& log);

  // Both layouts were opened (and checked) at the end: open boards exist.
  bool armies_open() const { return !open_.empty(); }
  // The board after entry `index` (clamped to the log): every kind shown when `open` and the
  // armies were opened, else the public board.
  const game::gunjin::State& board(std::size_t index, bool open) const;
  std::optional<std::pair<game::gunjin::Square, game::gunjin::Square>> last_move(std::size_t index) const;
  // The referee's announcements of the battles up to entry `index`, newest last.
  std::vector<std::string> announcements(std::size_t index) const;

 private:
  GunjinReplay() = default;
  std::size_t clamp(std::size_t index) const { return std::min(index, actions_.size() - 1); }

  std::vector<std::string> names_;           // the players by name, else by colour
  std::vector<game::gunjin::State> public_;  // per entry
  std::vector<std::size_t> actions_;         // per entry: engine actions applied after it
  std::vector<game::gunjin::State> open_;    // per number of engine actions, when opened
  std::vector<std::optional<std::pair<game::gunjin::Square, game::gunjin::Square>>> last_moves_;  // per action count
};

}  // namespace parley::ui
