#pragma once
// Risiko in the client's window (ui/sdl/game_view.hpp), over its RisikoScreen (docs/ui.md,
// "Risiko"): the world map on the left, clicked to place, attack and move; the panel on the right
// with the players (colour, territories, armies, cards held), this seat's mission and cards
// (select three and trade), the controls of the phase (dice, M_ATTACK's stop level, armies to
// move), the latest dice, the log of events, and chat. The replay viewer draws a Risiko log's map
// with the same code; the lobby gets its quick match, and the create-room form its map and dice.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/risiko/sdl/risiko_view.hpp"
#include "games/risiko/ui/risiko_screen.hpp"
#include "ui/sdl/drawn_buttons.hpp"
#include "ui/sdl/game_view.hpp"
#include "ui/sdl/window.hpp"
#include "i18n/i18n.hpp"

namespace parley::ui::sdl {

// The map and the panel below the menu bar: the map as wide as leaves the panel its minimum.
struct RisikoLayout {
  Rect map;
  Rect panel;
  Rect below;  // under the map, when there is room: the events and the chat (else in the panel)
};
RisikoLayout risiko_layout(int width, int height, int top, float scale);

class RisikoGameView final : public GameView {
 public:
  explicit RisikoGameView(const ViewContext& context);

  // Where the map is on screen (tests click on it).
  std::optional<MapFrame> frame() const { return frame_; }
  // The map's magnification (1: the whole map; up to kMaxZoom) and the map point at the view's
  // centre: the mouse wheel over the map and its + and - buttons change them.
  static constexpr float kMaxZoom = 4.0f;
  float zoom() const { return zoom_; }
  void set_zoom(float zoom, MapPoint centre);
  // Where the panel's button with this label was drawn in the last frame, if it was (tests click
  // on it).
  std::optional<Rect> drawn_button(std::string_view label) const { return buttons_.find(label); }
  // The dice the last frame drew (the latest roll in the panel, or the replay's on the map).
  const std::vector<DrawnDie>& drawn_dice() const { return drawn_dice_; }
  // The cards of the seat's hand the last frame drew, and their symbols (none: being dealt).
  struct DrawnCard {
    Rect rect;
    std::optional<game::risiko::Symbol> symbol;
  };
  const std::vector<DrawnCard>& drawn_cards() const { return drawn_cards_; }

  bool shortcut(const SDL_Event& key, std::uint64_t local_ms) override;
  std::string button_name() const override { return i18n::tr("Risiko"); }
  // The room's seats by the colour each plays (seat i plays colour i, docs/risiko.md).
  std::string room_seat_label(std::size_t seat) const override;
  void room_form(CreateRoomForm& form) override;
  bool before_create(std::uint64_t local_ms) override;
  void game_screen(std::uint64_t local_ms, int top,
                   const std::function<void(const char* id, float height)>& chat) override;
  std::optional<Rect> replay_board(const ReplayViewer& viewer, int top) override;
  void replay_log(const ReplayViewer& viewer) override;

 private:
  // The live game (the screen's board must exist); `chat` draws the game's chat into the panel.
  void draw(int top, std::uint64_t local_ms, const std::function<void(float height)>& chat);
  void map_input(const RisikoShapes& shapes, const MapFrame& frame, RisikoBoard& board);
  // The map in `area`, as zoomed; then the zoom's input (wheel, buttons) over it, after the map.
  MapFrame zoomed_frame(const RisikoShapes& shapes, Rect area) const;
  void zoom_controls(const MapFrame& frame);
  Rect zoom_buttons(const MapFrame& frame) const;  // where the + and - buttons are
  void players(const RisikoBoard& board);
  void own_secrets(RisikoBoard& board);
  void controls(RisikoBoard& board);
  void log(const std::vector<std::string>& lines, std::size_t count, float height);
  bool button(const char* label, bool small = false) { return buttons_.button(label, small); }

  Window& window_;
  App& app_;
  RisikoScreen& screen_;
  std::optional<MapFrame> frame_;
  std::optional<game::risiko::TerritoryId> hovered_;
  float zoom_ = 1.0f;
  MapPoint zoom_centre_{};
  int dice_ = 3;
  int stop_at_ = 1;
  int move_armies_ = 1;
  int move_in_ = 1;
  bool confirm_leave_ = false;
  std::size_t log_shown_ = 0;
  DrawnButtons buttons_;  // the last frame's panel buttons
  std::vector<DrawnDie> drawn_dice_;
  std::vector<DrawnCard> drawn_cards_;
  // The create-room form's widgets.
  bool own_map_ = false;
  std::string map_path_;
};

// The Risiko view of `screens` (Risiko is registered with its views).
RisikoGameView& risiko_view(const Screens& screens);

}  // namespace parley::ui::sdl
