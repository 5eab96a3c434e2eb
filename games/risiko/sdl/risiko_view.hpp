#pragma once
// Draws a Risiko map into an ImGui draw list (which the SDL renderer back end turns into
// SDL_RenderGeometry triangles): the sea, the borders across it (dashed), every territory filled
// with its owner's colour and outlined, the selected territory lightened under a white outline,
// the territories it can attack or move to outlined in orange, and a disc with the army count
// (armies about to be placed added, on a green disc) at each territory's label point.
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "game/risiko/state.hpp"
#include "games/risiko/ui/risiko_board.hpp"
#include "games/risiko/ui/risiko_shapes.hpp"

struct ImDrawList;
struct ImFont;

namespace parley::ui::sdl {

struct Rgb {
  std::uint8_t r, g, b;
  friend bool operator==(Rgb, Rgb) = default;
};

// The colours (also what the rendering tests look for).
struct RisikoColors {
  static Rgb owner(game::risiko::Colour colour);
  static constexpr Rgb sea{24, 52, 86};
  static constexpr Rgb caption{214, 224, 240};  // a laid-out map's continent names, on the sea
  static constexpr Rgb unowned{150, 146, 132};  // before the territories are dealt
  static constexpr Rgb label{248, 246, 238};
  static constexpr Rgb label_draft{150, 230, 140};
  static constexpr Rgb label_text{20, 20, 20};
  static constexpr Rgb selected_outline{255, 255, 255};
  static constexpr Rgb target_outline{255, 150, 20};
  static constexpr Rgb attacker_die{200, 40, 40};
  static constexpr Rgb defender_die{40, 90, 200};
  // The selected territory's fill: its owner's colour this much of the way to white.
  static constexpr float selected_lighten = 0.45f;
  static Rgb lighten(Rgb c, float amount);
};

struct RisikoMapScene {
  const game::risiko::Table* table = nullptr;  // none: before the deal
  std::optional<game::risiko::TerritoryId> selected;
  std::optional<game::risiko::TerritoryId> target;
  std::vector<game::risiko::TerritoryId> targets;
  const std::map<game::risiko::TerritoryId, std::uint32_t>* draft = nullptr;
  std::optional<game::risiko::TerritoryId> hovered;
  // Borders the drawing does not show (RisikoShapes::undrawn_borders): dashed like the sea's.
  std::vector<std::array<game::risiko::TerritoryId, 2>> extra_borders;
};

// `label_font` at `label_size` pixels for the army counts.
void draw_risiko_map(ImDrawList* list, const RisikoShapes& shapes, const MapFrame& frame, const RisikoMapScene& scene,
                     ImFont* label_font, float label_size);

// The dice of a roll: the attacker's in red over the defender's in blue, `side` pixels each,
// from `x, y`; only the first `max_rounds` rounds (an M_ATTACK can have many).
void draw_dice(ImDrawList* list, float x, float y, float side, const RisikoRollShown& roll, std::size_t max_rounds);

}  // namespace parley::ui::sdl
