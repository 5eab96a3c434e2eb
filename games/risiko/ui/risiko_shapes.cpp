#include "games/risiko/ui/risiko_shapes.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "game/risiko/builtin_maps.hpp"

namespace parley::ui {

namespace rk = game::risiko;

std::string_view describe(ShapeErrorKind kind) {
  switch (kind) {
    case ShapeErrorKind::too_large: return "the shapes file is too large";
    case ShapeErrorKind::bad_header: return "the first line must be \"risiko-shapes 1\"";
    case ShapeErrorKind::unknown_directive: return "unknown directive";
    case ShapeErrorKind::bad_number: return "not a number inside the coordinate space";
    case ShapeErrorKind::bad_size: return "size missing, repeated or not positive";
    case ShapeErrorKind::unknown_territory: return "the map has no such territory";
    case ShapeErrorKind::duplicate: return "territory drawn twice";
    case ShapeErrorKind::bad_outline: return "an outline needs 3 to 256 points and must not cross itself";
    case ShapeErrorKind::missing_territory: return "a territory of the map has no outline";
  }
  return "unknown error";
}

namespace {

double cross(MapPoint o, MapPoint a, MapPoint b) {
  return (static_cast<double>(a.x) - o.x) * (static_cast<double>(b.y) - o.y) -
         (static_cast<double>(a.y) - o.y) * (static_cast<double>(b.x) - o.x);
}

double signed_area(std::span<const MapPoint> p) {
  double area = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const MapPoint a = p[i];
    const MapPoint b = p[(i + 1) % p.size()];
    area += static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
  }
  return area / 2;
}

bool segments_cross(MapPoint a, MapPoint b, MapPoint c, MapPoint d) {
  const double d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

bool simple(std::span<const MapPoint> p) {
  const std::size_t n = p.size();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      if (p[i] == p[j]) return false;
      if (j == i + 1 || (i == 0 && j == n - 1)) continue;  // adjacent edges share a point
      if (segments_cross(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n])) return false;
    }
  return std::abs(signed_area(p)) > 0;
}

// Distance from a point to a segment.
float distance(MapPoint p, MapPoint a, MapPoint b) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float length2 = dx * dx + dy * dy;
  float t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0;
  t = std::clamp(t, 0.0f, 1.0f);
  const float ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y;
  return std::sqrt(ex * ex + ey * ey);
}

// The point inside farthest from every edge, on a fine grid over the bounding box (where a
// label is easiest to read: a centroid can fall outside a concave shape).
MapPoint deepest_point(std::span<const MapPoint> p) {
  float min_x = p[0].x, max_x = p[0].x, min_y = p[0].y, max_y = p[0].y;
  for (MapPoint q : p) {
    min_x = std::min(min_x, q.x), max_x = std::max(max_x, q.x);
    min_y = std::min(min_y, q.y), max_y = std::max(max_y, q.y);
  }
  constexpr int kSteps = 48;
  MapPoint best = p[0];
  float best_distance = -1;
  for (int i = 0; i <= kSteps; ++i)
    for (int j = 0; j <= kSteps; ++j) {
      const MapPoint q{min_x + (max_x - min_x) * static_cast<float>(i) / kSteps,
                       min_y + (max_y - min_y) * static_cast<float>(j) / kSteps};
      if (!inside(p, q)) continue;
      float d = distance(q, p.back(), p.front());
      for (std::size_t k = 0; k + 1 < p.size(); ++k) d = std::min(d, distance(q, p[k], p[k + 1]));
      if (d > best_distance) {
        best_distance = d;
        best = q;
      }
    }
  return best;
}

std::vector<std::string_view> words_of(std::string_view line) {
  if (auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

std::optional<float> number(std::string_view word) {
  double value = 0;
  auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc{} || end != word.data() + word.size() || !std::isfinite(value)) return std::nullopt;
  return static_cast<float>(value);
}

}  // namespace

bool inside(std::span<const MapPoint> polygon, MapPoint p) {
  bool in = false;
  for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
    const MapPoint a = polygon[i], b = polygon[j];
    if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) in = !in;
  }
  return in;
}

std::vector<std::array<std::uint16_t, 3>> triangulate(std::span<const MapPoint> polygon) {
  std::vector<std::array<std::uint16_t, 3>> out;
  if (polygon.size() < 3 || polygon.size() > kMaxOutlinePoints || !simple(polygon)) return out;
  std::vector<std::uint16_t> left(polygon.size());
  for (std::size_t i = 0; i < left.size(); ++i) left[i] = static_cast<std::uint16_t>(i);
  const double orientation = signed_area(polygon) > 0 ? 1 : -1;
  while (left.size() > 3) {
    bool clipped = false;
    for (std::size_t i = 0; i < left.size() && !clipped; ++i) {
      const std::uint16_t a = left[(i + left.size() - 1) % left.size()], b = left[i], c = left[(i + 1) % left.size()];
      if (cross(polygon[a], polygon[b], polygon[c]) * orientation <= 0) continue;  // reflex or flat
      bool empty = true;
      for (std::uint16_t k : left) {
        if (k == a || k == b || k == c) continue;
        const MapPoint q = polygon[k];
        if (cross(polygon[a], polygon[b], q) * orientation >= 0 && cross(polygon[b], polygon[c], q) * orientation >= 0 &&
            cross(polygon[c], polygon[a], q) * orientation >= 0) {
          empty = false;
          break;
        }
      }
      if (!empty) continue;
      out.push_back({a, b, c});
      left.erase(left.begin() + static_cast<long>(i));
      clipped = true;
    }
    if (!clipped) return {};  // cannot happen for a simple polygon; refuse rather than loop
  }
  out.push_back({left[0], left[1], left[2]});
  return out;
}

game::Result<RisikoShapes, ShapeError> RisikoShapes::parse(std::string_view text, const rk::World& world) {
  if (text.size() > kMaxShapesBytes) return ShapeError{ShapeErrorKind::too_large, 0, {}};
  RisikoShapes shapes;
  std::vector<std::optional<TerritoryShape>> drawn(world.territory_count());
  std::vector<bool> labelled(world.territory_count(), false);
  bool header = false;
  std::size_t line_no = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    const auto words = words_of(line);
    if (words.empty()) {
      if (end == text.size()) break;
      continue;
    }
    auto fail = [&](ShapeErrorKind kind, std::string detail = {}) {
      return ShapeError{kind, line_no, std::move(detail)};
    };
    if (!header) {
      if (words.size() != 2 || words[0] != "risiko-shapes" || words[1] != "1") return fail(ShapeErrorKind::bad_header);
      header = true;
      continue;
    }
    auto territory = [&](std::string_view key) { return world.find_territory(key); };
    auto points = [&](std::span<const std::string_view> ws) -> std::optional<std::vector<MapPoint>> {
      if (ws.size() % 2 != 0 || ws.size() / 2 > kMaxOutlinePoints) return std::nullopt;
      std::vector<MapPoint> out;
      for (std::size_t i = 0; i < ws.size(); i += 2) {
        auto x = number(ws[i]);
        auto y = number(ws[i + 1]);
        if (!x || !y || *x < 0 || *y < 0 || *x > shapes.width_ || *y > shapes.height_) return std::nullopt;
        out.push_back({*x, *y});
      }
      return out;
    };
    const std::string_view directive = words[0];
    if (directive == "size") {
      if (shapes.width_ > 0 || words.size() != 3) return fail(ShapeErrorKind::bad_size);
      auto w = number(words[1]);
      auto h = number(words[2]);
      if (!w || !h || *w <= 0 || *h <= 0 || *w > 1e6f || *h > 1e6f) return fail(ShapeErrorKind::bad_size);
      shapes.width_ = *w;
      shapes.height_ = *h;
    } else if (directive == "territory" || directive == "label") {
      if (shapes.width_ <= 0) return fail(ShapeErrorKind::bad_size, "size must come first");
      if (words.size() < 2) return fail(ShapeErrorKind::bad_outline);
      auto t = territory(words[1]);
      if (!t) return fail(ShapeErrorKind::unknown_territory, std::string(words[1]));
      auto pts = points(std::span(words).subspan(2));
      if (!pts) {
        const bool odd_or_long = (words.size() - 2) % 2 != 0 || (words.size() - 2) / 2 > kMaxOutlinePoints;
        return fail(odd_or_long ? ShapeErrorKind::bad_outline : ShapeErrorKind::bad_number);
      }
      if (directive == "territory") {
        if (drawn[t->value]) return fail(ShapeErrorKind::duplicate, std::string(words[1]));
        auto triangles = triangulate(*pts);
        if (triangles.empty()) return fail(ShapeErrorKind::bad_outline, std::string(words[1]));
        TerritoryShape shape{*t, std::move(*pts), std::move(triangles), {}};
        if (!labelled[t->value]) shape.label = deepest_point(shape.outline);
        drawn[t->value] = std::move(shape);
      } else {
        if (!drawn[t->value] || pts->size() != 1 || labelled[t->value])
          return fail(ShapeErrorKind::bad_outline, "a label is one point, once, after its territory");
        drawn[t->value]->label = pts->front();
        labelled[t->value] = true;
      }
    } else if (directive == "sea") {
      if (words.size() < 3) return fail(ShapeErrorKind::bad_outline, "sea KEY KEY");
      auto a = territory(words[1]);
      auto b = territory(words[2]);
      if (!a || !b || a == b) return fail(ShapeErrorKind::unknown_territory);
      SeaLine sea{*a, *b, {}, false};
      if (words.size() == 4 && words[3] == "wrap") {
        sea.wrap = true;
      } else {
        auto bends = points(std::span(words).subspan(3));
        if (!bends) return fail(ShapeErrorKind::bad_number);
        sea.bends = std::move(*bends);
      }
      if (shapes.seas_.size() >= 4 * rk::kMaxTerritories) return fail(ShapeErrorKind::too_large);
      shapes.seas_.push_back(std::move(sea));
    } else {
      return fail(ShapeErrorKind::unknown_directive, std::string(directive));
    }
  }
  if (!header) return ShapeError{ShapeErrorKind::bad_header, 0, {}};
  if (shapes.width_ <= 0) return ShapeError{ShapeErrorKind::bad_size, 0, {}};
  for (std::size_t i = 0; i < drawn.size(); ++i) {
    if (!drawn[i]) return ShapeError{ShapeErrorKind::missing_territory, 0, world.countries[i].key};
    shapes.shapes_.push_back(std::move(*drawn[i]));
  }
  // Which outlines touch along an edge (the same two points in both).
  using Edge = std::pair<std::pair<float, float>, std::pair<float, float>>;
  std::map<Edge, std::vector<rk::TerritoryId>> owners;
  for (const TerritoryShape& s : shapes.shapes_)
    for (std::size_t i = 0; i < s.outline.size(); ++i) {
      std::pair<float, float> a{s.outline[i].x, s.outline[i].y};
      std::pair<float, float> b{s.outline[(i + 1) % s.outline.size()].x, s.outline[(i + 1) % s.outline.size()].y};
      owners[{std::min(a, b), std::max(a, b)}].push_back(s.id);
    }
  std::set<std::array<rk::TerritoryId, 2>> shared;
  for (const auto& [edge, ids] : owners)
    for (std::size_t i = 0; i < ids.size(); ++i)
      for (std::size_t j = i + 1; j < ids.size(); ++j)
        if (ids[i] != ids[j]) shared.insert({std::min(ids[i], ids[j]), std::max(ids[i], ids[j])});
  shapes.shared_.assign(shared.begin(), shared.end());
  return shapes;
}

std::optional<rk::TerritoryId> RisikoShapes::hit(MapPoint p) const {
  for (const TerritoryShape& s : shapes_)
    if (inside(s.outline, p)) return s.id;
  return std::nullopt;
}

std::vector<std::array<rk::TerritoryId, 2>> RisikoShapes::undrawn_borders(const rk::World& world) const {
  std::set<std::array<rk::TerritoryId, 2>> drawn(shared_.begin(), shared_.end());
  for (const SeaLine& s : seas_) drawn.insert({std::min(s.a, s.b), std::max(s.a, s.b)});
  std::vector<std::array<rk::TerritoryId, 2>> out;
  for (const auto& b : world.borders())
    if (b[0].value < shapes_.size() && b[1].value < shapes_.size() && !drawn.contains(b)) out.push_back(b);
  return out;
}

std::shared_ptr<const RisikoShapes> builtin_shapes(std::string_view map_key) {
  if (map_key != "classic" && map_key != "classic-82" && map_key != "classic-84") return nullptr;
  // The variants have the classic territories; the shipped text is checked by the tests.
  static const std::shared_ptr<const RisikoShapes> classic = []() -> std::shared_ptr<const RisikoShapes> {
    auto world = rk::classic_world();
    if (!world) return nullptr;
    auto parsed = RisikoShapes::parse(classic_shapes_text(), *world);
    return parsed ? std::make_shared<const RisikoShapes>(std::move(parsed).value()) : nullptr;
  }();
  return classic;
}

RisikoShapes RisikoShapes::laid_out(const rk::World& world) {
  // Map units: a territory is a kSide square in a kCell cell (the rest is sea between them).
  constexpr float kCell = 10;
  constexpr float kSide = 8;
  constexpr float kMargin = 3;   // around each continent's block
  constexpr float kCaption = 4;  // above it, for its name
  struct Block {
    std::size_t columns = 1;
    float width = 0;
    float height = 0;
    float x = 0;
    float y = 0;
  };
  std::vector<Block> blocks(world.continents.size());
  for (std::size_t c = 0; c < blocks.size(); ++c) {
    const std::size_t n = world.continents[c].territories.size();  // never 0 (parse_map refuses an empty continent)
    Block& b = blocks[c];
    b.columns = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(n))));
    const std::size_t rows = (n + b.columns - 1) / b.columns;
    b.width = static_cast<float>(b.columns) * kCell + 2 * kMargin;
    b.height = static_cast<float>(rows) * kCell + 2 * kMargin + kCaption;
  }
  // k blocks to a row, k chosen so that the whole is nearest twice as wide as tall, like the
  // shipped world.
  const auto place = [&blocks](std::size_t per_row) {
    float x = 0, y = 0, row_height = 0, width = 0;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
      if (i > 0 && i % per_row == 0) {
        x = 0;
        y += row_height;
        row_height = 0;
      }
      blocks[i].x = x;
      blocks[i].y = y;
      x += blocks[i].width;
      row_height = std::max(row_height, blocks[i].height);
      width = std::max(width, x);
    }
    return std::pair{width, y + row_height};
  };
  std::size_t best = 1;
  float best_error = 1e9f;
  for (std::size_t per_row = 1; per_row <= blocks.size(); ++per_row) {
    const auto [w, h] = place(per_row);
    const float error = std::abs(std::log(w / h) - std::log(2.0f));
    if (error < best_error - 1e-6f) {
      best_error = error;
      best = per_row;
    }
  }
  RisikoShapes shapes;
  std::tie(shapes.width_, shapes.height_) = place(best);
  shapes.shapes_.resize(world.countries.size());
  for (std::size_t c = 0; c < blocks.size(); ++c) {
    const Block& b = blocks[c];
    const auto& members = world.continents[c].territories;
    for (std::size_t i = 0; i < members.size(); ++i) {
      const float left = b.x + kMargin + static_cast<float>(i % b.columns) * kCell + (kCell - kSide) / 2;
      const float top = b.y + kCaption + kMargin + static_cast<float>(i / b.columns) * kCell + (kCell - kSide) / 2;
      TerritoryShape& shape = shapes.shapes_[members[i].value];
      shape.id = members[i];
      shape.outline = {{left, top}, {left + kSide, top}, {left + kSide, top + kSide}, {left, top + kSide}};
      shape.triangles = {{0, 1, 2}, {0, 2, 3}};
      shape.label = {left + kSide / 2, top + kSide / 2};
    }
    const rk::Continent& continent = world.continents[c];
    shapes.captions_.push_back(
        {continent.name + " +" + std::to_string(continent.bonus), {b.x + kMargin, b.y + kCaption / 2}, kCaption * 0.6f,
         b.width - 2 * kMargin});
  }
  return shapes;
}

std::shared_ptr<const RisikoShapes> shapes_for(const peer::risiko::RisikoOptions& options, const rk::World& world,
                                               std::span<const std::string> drawings) {
  if (options.custom_map.empty()) return builtin_shapes(options.map);
  for (const std::string& text : drawings)
    if (auto drawn = RisikoShapes::parse(text, world)) return std::make_shared<const RisikoShapes>(std::move(drawn).value());
  return std::make_shared<const RisikoShapes>(RisikoShapes::laid_out(world));
}

Point MapFrame::pixel(MapPoint m) const {
  const MapPoint s = to_screen(m);
  return {static_cast<int>(std::floor(s.x)), static_cast<int>(std::floor(s.y))};
}

MapFrame fit_map(const RisikoShapes& shapes, Rect area) {
  MapFrame f;
  f.scale = std::min(static_cast<float>(area.w) / shapes.width(), static_cast<float>(area.h) / shapes.height());
  f.scale = std::max(f.scale, 0.01f);
  f.width = shapes.width() * f.scale;
  f.height = shapes.height() * f.scale;
  f.x = static_cast<float>(area.x) + (static_cast<float>(area.w) - f.width) / 2;
  f.y = static_cast<float>(area.y) + (static_cast<float>(area.h) - f.height) / 2;
  f.view_x = f.x;
  f.view_y = f.y;
  f.view_width = f.width;
  f.view_height = f.height;
  return f;
}

MapFrame zoom_map(const MapFrame& fitted, float zoom, MapPoint centre) {
  MapFrame f = fitted;
  zoom = std::max(zoom, 1.0f);
  f.scale = fitted.scale * zoom;
  f.width = fitted.width * zoom;
  f.height = fitted.height * zoom;
  f.x = std::clamp(f.view_x + f.view_width / 2 - centre.x * f.scale, f.view_x + f.view_width - f.width, f.view_x);
  f.y = std::clamp(f.view_y + f.view_height / 2 - centre.y * f.scale, f.view_y + f.view_height - f.height, f.view_y);
  return f;
}

}  // namespace parley::ui
