#pragma once
// A Risiko game log replayed for the replay viewer: the map after every entry (owners and
// armies), the dice of the latest roll, and the events in words up to that entry, from the same
// session replay the verifier runs and the same tracker the live map uses.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "games/risiko/ui/risiko_board.hpp"
#include "ui/core/replay.hpp"

namespace parley::ui {

struct RisikoReplayFrame {
  std::optional<rk::Table> table;  // none before the territories are dealt
  std::optional<RisikoRollShown> roll;
  std::size_t log_lines = 0;       // how many lines of log() had happened by then
};

class RisikoReplay {
 public:
  // nullopt when the log is not a Risiko game this client can draw.
  // `drawings`: as shapes_for takes them, for a user's map.
  static std::optional<RisikoReplay> open(const ReplayViewer& viewer, std::span<const std::string> drawings = {});

  const rk::World& world() const { return *world_; }
  const std::shared_ptr<const RisikoShapes>& shapes() const { return shapes_; }
  // The frame after the viewer's step `step` (an index into ReplayViewer::steps()).
  const RisikoReplayFrame& frame(std::size_t step) const { return frames_.at(std::min(step, frames_.size() - 1)); }
  const std::vector<std::string>& log() const { return log_; }
  std::size_t size() const { return frames_.size(); }

 private:
  std::shared_ptr<const rk::World> world_;
  std::shared_ptr<const RisikoShapes> shapes_;
  std::vector<RisikoReplayFrame> frames_;
  std::vector<std::string> log_;
};

}  // namespace parley::ui
