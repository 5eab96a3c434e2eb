#pragma once
// How a Risiko map is drawn: one outline per territory in the map's own coordinate space, read
// from a shapes file (docs/ui.md, "Risiko"; the shipped drawing of the classic world is
// games/risiko/ui/risiko_maps/classic.shapes, embedded at build time). The outlines are
// triangulated once (ear clipping) for filling, and hit-tested exactly (even-odd rule) for clicks; every
// territory has a label point, the point of its shape farthest from its edges, where the army
// count is drawn. MapFrame places the map in a rectangle of the screen, keeping its aspect.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "game/core/result.hpp"
#include "game/risiko/world.hpp"
#include "peer/session/risiko_options.hpp"
#include "ui/core/geometry.hpp"

namespace parley::ui {

struct MapPoint {
  float x = 0;
  float y = 0;
  friend bool operator==(MapPoint, MapPoint) = default;
};

struct TerritoryShape {
  game::risiko::TerritoryId id;
  std::vector<MapPoint> outline;                      // as in the file
  std::vector<std::array<std::uint16_t, 3>> triangles;  // indices into outline, covering it exactly
  MapPoint label;
};

// A border across the sea, drawn as a dashed line between the two label points (through the
// bend points, if any); `wrap`: it leaves the map's west edge and comes back at the east edge.
struct SeaLine {
  game::risiko::TerritoryId a;
  game::risiko::TerritoryId b;
  std::vector<MapPoint> bends;
  bool wrap = false;
};

// A line of text on the map (a continent's name on a laid-out map): its top-left corner, its
// height and the width it may take, in map units, so that it scales with the map.
struct MapCaption {
  std::string text;
  MapPoint at;
  float height = 0;
  float max_width = 0;
};

enum class ShapeErrorKind : std::uint8_t {
  too_large,          // the text exceeds kMaxShapesBytes
  bad_header,         // the first line is not "risiko-shapes 1"
  unknown_directive,
  bad_number,         // not a number, or outside the coordinate space
  bad_size,           // size missing, repeated, or not positive
  unknown_territory,  // a key the map does not have
  duplicate,          // a territory drawn twice
  bad_outline,        // fewer than 3 points, more than kMaxOutlinePoints, odd coordinates, not simple
  missing_territory,  // a territory of the map without an outline (line 0)
};
std::string_view describe(ShapeErrorKind kind);

struct ShapeError {
  ShapeErrorKind kind;
  std::size_t line = 0;  // 1-based; 0 for whole-file checks
  std::string detail;
};

inline constexpr std::size_t kMaxShapesBytes = 256 * 1024;
inline constexpr std::size_t kMaxOutlinePoints = 256;

class RisikoShapes {
 public:
  // The shapes of `world`'s territories; every territory must have exactly one outline.
  static game::Result<RisikoShapes, ShapeError> parse(std::string_view text, const game::risiko::World& world);
  // A plain drawing for a map nobody drew (a user's map that came in a room's options): each
  // continent a block of square territories, in file order, under a caption with its name and
  // bonus, the blocks in rows; no outlines touch, so every border shows as a dashed line
  // (undrawn_borders) and never as a shared edge.
  static RisikoShapes laid_out(const game::risiko::World& world);

  float width() const { return width_; }
  float height() const { return height_; }
  const TerritoryShape& shape(game::risiko::TerritoryId t) const { return shapes_.at(t.value); }
  const std::vector<TerritoryShape>& shapes() const { return shapes_; }
  const std::vector<SeaLine>& seas() const { return seas_; }
  const std::vector<MapCaption>& captions() const { return captions_; }
  // The territory whose outline contains the point (map coordinates), if any.
  std::optional<game::risiko::TerritoryId> hit(MapPoint p) const;
  // Pairs of territories whose outlines share an edge (each pair once, the lower id first).
  const std::vector<std::array<game::risiko::TerritoryId, 2>>& shared_edges() const { return shared_; }
  // Borders of `world` the drawing shows neither as a shared edge nor as a sea line (a map
  // variant's extra border): the screen draws them as dashed lines between the labels.
  std::vector<std::array<game::risiko::TerritoryId, 2>> undrawn_borders(const game::risiko::World& world) const;

 private:
  float width_ = 0;
  float height_ = 0;
  std::vector<TerritoryShape> shapes_;  // by territory
  std::vector<SeaLine> seas_;
  std::vector<MapCaption> captions_;
  std::vector<std::array<game::risiko::TerritoryId, 2>> shared_;
};

// Whether a point lies inside a polygon (even-odd rule; points on an edge may go either way).
bool inside(std::span<const MapPoint> polygon, MapPoint p);
// Triangles (index triples) covering a simple polygon of either winding; empty if it is not simple.
std::vector<std::array<std::uint16_t, 3>> triangulate(std::span<const MapPoint> polygon);

// The shapes drawn for a shipped map ("classic", "classic-82", "classic-84": one drawing, the
// variants differ by a border only); nullptr for a map the client has no drawing of.
std::shared_ptr<const RisikoShapes> builtin_shapes(std::string_view map_key);
// The drawing for a room's map: the shipped one for a shipped map; for a user's map, the first
// of `drawings` (shapes files' texts, e.g. the ones a person keeps for their own maps) that
// draws exactly its territories, or else laid_out.
std::shared_ptr<const RisikoShapes> shapes_for(const peer::risiko::RisikoOptions& options,
                                               const game::risiko::World& world,
                                               std::span<const std::string> drawings = {});
// The shipped shapes file's text (for the tests and for users who draw their own maps).
std::string_view classic_shapes_text();

// The map placed in a rectangle of the screen, centred, as large as fits, aspect kept.
struct MapFrame {
  float x = 0;
  float y = 0;
  float scale = 1;  // screen pixels per map unit
  float width = 0;  // of the map on screen
  float height = 0;
  // The part of the screen the map is seen through: the map's own rectangle, or a window on it
  // when zoomed (zoom_map).
  float view_x = 0, view_y = 0, view_width = 0, view_height = 0;
  MapPoint to_screen(MapPoint m) const { return {x + m.x * scale, y + m.y * scale}; }
  MapPoint to_map(Point s) const {
    return {(static_cast<float>(s.x) + 0.5f - x) / scale, (static_cast<float>(s.y) + 0.5f - y) / scale};
  }
  // The screen pixel a map point falls in.
  Point pixel(MapPoint m) const;
};
MapFrame fit_map(const RisikoShapes& shapes, Rect area);
// The fitted frame magnified `zoom` times (at least 1) in the same view, the map point `centre`
// at the view's centre as far as the map's edges allow (the map always covers the view).
MapFrame zoom_map(const MapFrame& fitted, float zoom, MapPoint centre);

}  // namespace parley::ui
