#pragma once
// The Risiko game screen (docs/ui.md, "Risiko"): the world map on the left, clicked to place,
// attack and move; the panel on the right with the players (colour, territories, armies, cards
// held), this seat's mission and cards (select three and trade), the controls of the phase
// (dice, M_ATTACK's stop level, armies to move), the latest dice, the log of events, and chat.
// The replay viewer draws a Risiko log's map with the same code.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "ui/core/app.hpp"
#include "ui/sdl/drawn_buttons.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl {

// The map and the panel below the menu bar: the map as wide as leaves the panel its minimum.
struct RisikoLayout {
  Rect map;
  Rect panel;
  Rect below;  // under the map, when there is room: the events and the chat (else in the panel)
};
RisikoLayout risiko_layout(int width, int height, int top, float scale);

class RisikoScreen {
 public:
  RisikoScreen(Window& window, App& app) : window_(window), app_(app) {}

  // The live game (App::risiko() must exist); `chat` draws the game's chat into the panel.
  void draw(int top, std::uint64_t local_ms, const std::function<void(float height)>& chat);
  // The replay viewer's map at its current step, in `area`; the log so far below the panel's
  // other contents is drawn by panel_log().
  void draw_replay_map(Rect area);
  void replay_log();
  // Where the map is on screen (tests click on it).
  std::optional<MapFrame> frame() const { return frame_; }
  // Where the panel's button with this label was drawn in the last frame, if it was (tests click
  // on it).
  std::optional<Rect> drawn_button(std::string_view label) const { return buttons_.find(label); }

 private:
  void map_input(const RisikoShapes& shapes, const MapFrame& frame, RisikoBoard& board);
  void players(const RisikoBoard& board);
  void own_secrets(RisikoBoard& board);
  void controls(RisikoBoard& board);
  void log(const std::vector<std::string>& lines, std::size_t count, float height);
  bool button(const char* label, bool small = false) { return buttons_.button(label, small); }

  Window& window_;
  App& app_;
  std::optional<MapFrame> frame_;
  std::optional<game::risiko::TerritoryId> hovered_;
  int dice_ = 3;
  int stop_at_ = 1;
  int move_armies_ = 1;
  int move_in_ = 1;
  bool confirm_leave_ = false;
  std::size_t log_shown_ = 0;
  DrawnButtons buttons_;  // the last frame's panel buttons
};

}  // namespace parley::ui::sdl
