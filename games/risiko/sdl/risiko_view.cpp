#include "games/risiko/sdl/risiko_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace parley::ui::sdl {

namespace rk = game::risiko;

namespace {

ImU32 col(Rgb c, std::uint8_t alpha = 255) { return IM_COL32(c.r, c.g, c.b, alpha); }

ImVec2 at(const MapFrame& f, MapPoint m) {
  const MapPoint s = f.to_screen(m);
  return {s.x, s.y};
}

void fill(ImDrawList* list, const TerritoryShape& shape, const MapFrame& frame, ImU32 colour) {
  const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
  list->PrimReserve(static_cast<int>(shape.triangles.size() * 3), static_cast<int>(shape.outline.size()));
  const auto base = static_cast<ImDrawIdx>(list->_VtxCurrentIdx);
  for (MapPoint p : shape.outline) list->PrimWriteVtx(at(frame, p), uv, colour);
  for (const auto& t : shape.triangles)
    for (std::uint16_t i : t) list->PrimWriteIdx(static_cast<ImDrawIdx>(base + i));
}

void outline(ImDrawList* list, const TerritoryShape& shape, const MapFrame& frame, ImU32 colour, float thickness) {
  std::vector<ImVec2> points;
  points.reserve(shape.outline.size());
  for (MapPoint p : shape.outline) points.push_back(at(frame, p));
  list->AddPolyline(points.data(), static_cast<int>(points.size()), colour, ImDrawFlags_Closed, thickness);
}

void dashed(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 colour, float dash, float thickness) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  if (length <= 0) return;
  for (float t = 0; t < length; t += 2 * dash) {
    const float u = std::min(t + dash, length);
    list->AddLine(ImVec2(a.x + dx * t / length, a.y + dy * t / length), ImVec2(a.x + dx * u / length, a.y + dy * u / length),
                  colour, thickness);
  }
}

}  // namespace

Rgb RisikoColors::owner(rk::Colour colour) {
  switch (colour) {
    case rk::Colour::yellow: return {226, 196, 38};
    case rk::Colour::blue: return {46, 104, 206};
    case rk::Colour::red: return {204, 44, 40};
    case rk::Colour::black: return {58, 58, 62};
    case rk::Colour::purple: return {142, 64, 176};
    case rk::Colour::green: return {46, 152, 66};
  }
  return unowned;
}

Rgb RisikoColors::lighten(Rgb c, float amount) {
  auto mix = [&](std::uint8_t v) { return static_cast<std::uint8_t>(std::lround(v + (255 - v) * amount)); };
  return {mix(c.r), mix(c.g), mix(c.b)};
}

void draw_risiko_map(ImDrawList* list, const RisikoShapes& shapes, const MapFrame& frame, const RisikoMapScene& scene,
                     ImFont* label_font, float label_size) {
  const ImVec2 top_left(frame.x, frame.y);
  const ImVec2 bottom_right(frame.x + frame.width, frame.y + frame.height);
  list->AddRectFilled(top_left, bottom_right, col(RisikoColors::sea));
  list->PushClipRect(top_left, bottom_right, true);

  // Borders across the sea, under the land.
  const float unit = frame.scale;
  const ImU32 sea_line = IM_COL32(200, 215, 235, 150);
  for (const SeaLine& sea : shapes.seas()) {
    const ImVec2 a = at(frame, shapes.shape(sea.a).label);
    const ImVec2 b = at(frame, shapes.shape(sea.b).label);
    if (sea.wrap) {
      // West of the map to one, east of the map to the other (the Pacific is cut open).
      const ImVec2& west = a.x < b.x ? a : b;
      const ImVec2& east = a.x < b.x ? b : a;
      dashed(list, west, ImVec2(frame.x, west.y), sea_line, 1.2f * unit, std::max(1.0f, 0.3f * unit));
      dashed(list, east, ImVec2(frame.x + frame.width, east.y), sea_line, 1.2f * unit, std::max(1.0f, 0.3f * unit));
      continue;
    }
    ImVec2 from = a;
    for (MapPoint bend : sea.bends) {
      dashed(list, from, at(frame, bend), sea_line, 1.2f * unit, std::max(1.0f, 0.3f * unit));
      from = at(frame, bend);
    }
    dashed(list, from, b, sea_line, 1.2f * unit, std::max(1.0f, 0.3f * unit));
  }

  for (const auto& [a, b] : scene.extra_borders)
    dashed(list, at(frame, shapes.shape(a).label), at(frame, shapes.shape(b).label), sea_line, 1.2f * unit,
           std::max(1.0f, 0.3f * unit));

  auto colour_of = [&](rk::TerritoryId t) {
    if (!scene.table || t.value >= scene.table->countries.size()) return RisikoColors::unowned;
    const game::Seat owner = scene.table->countries[t.value].owner;
    if (owner.index >= scene.table->players.size()) return RisikoColors::unowned;
    return RisikoColors::owner(scene.table->player(owner).colour);
  };
  for (const TerritoryShape& shape : shapes.shapes()) {
    Rgb c = colour_of(shape.id);
    if (scene.selected == shape.id) c = RisikoColors::lighten(c, RisikoColors::selected_lighten);
    else if (scene.hovered == shape.id) c = RisikoColors::lighten(c, 0.18f);
    fill(list, shape, frame, col(c));
  }
  const float line = std::max(1.0f, 0.28f * unit);
  for (const TerritoryShape& shape : shapes.shapes()) outline(list, shape, frame, IM_COL32(16, 20, 28, 220), line);
  for (rk::TerritoryId t : scene.targets)
    if (t != scene.target) outline(list, shapes.shape(t), frame, col(RisikoColors::target_outline), 2 * line);
  if (scene.target) outline(list, shapes.shape(*scene.target), frame, col(RisikoColors::target_outline), 3.5f * line);
  if (scene.selected) outline(list, shapes.shape(*scene.selected), frame, col(RisikoColors::selected_outline), 3.5f * line);

  // Captions (a laid-out map's continents), as large as the map allows but never past the
  // army counts' size, narrowed to their width.
  for (const MapCaption& caption : shapes.captions()) {
    float size = std::min(caption.height * unit, label_size * 1.1f);
    const float width = label_font->CalcTextSizeA(size, 1e9f, 0, caption.text.c_str()).x;
    if (width > caption.max_width * unit) size *= caption.max_width * unit / width;
    const ImVec2 at_screen = at(frame, caption.at);
    list->AddText(label_font, size, ImVec2(at_screen.x, at_screen.y), col(RisikoColors::caption), caption.text.c_str());
  }

  // Army counts.
  if (scene.table) {
    const float radius = std::max(label_size * 0.7f, 2.3f * unit);
    for (const TerritoryShape& shape : shapes.shapes()) {
      std::uint32_t armies = scene.table->countries[shape.id.value].armies;
      bool drafted = false;
      if (scene.draft)
        if (auto it = scene.draft->find(shape.id); it != scene.draft->end()) {
          armies += it->second;
          drafted = true;
        }
      const ImVec2 c = at(frame, shape.label);
      list->AddCircleFilled(c, radius, col(drafted ? RisikoColors::label_draft : RisikoColors::label), 20);
      list->AddCircle(c, radius, IM_COL32(16, 20, 28, 255), 20, std::max(1.0f, line * 0.8f));
      const std::string text = std::to_string(armies);
      const ImVec2 size = label_font->CalcTextSizeA(label_size, 1e9f, 0, text.c_str());
      list->AddText(label_font, label_size, ImVec2(c.x - size.x / 2, c.y - size.y / 2), col(RisikoColors::label_text),
                    text.c_str());
    }
  }
  list->PopClipRect();
}

void draw_dice(ImDrawList* list, float x, float y, float side, const RisikoRollShown& roll, std::size_t max_rounds) {
  // Pip positions on a 3×3 grid per face.
  static constexpr int kPips[7][9] = {
      {}, {0, 0, 0, 0, 1, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0, 1}, {1, 0, 0, 0, 1, 0, 0, 0, 1},
      {1, 0, 1, 0, 0, 0, 1, 0, 1},     {1, 0, 1, 0, 1, 0, 1, 0, 1}, {1, 0, 1, 1, 0, 1, 1, 0, 1},
  };
  auto die = [&](float dx, float dy, std::uint8_t value, Rgb colour) {
    list->AddRectFilled(ImVec2(dx, dy), ImVec2(dx + side, dy + side), col(colour), side * 0.18f);
    if (value < 1 || value > 6) return;
    for (int i = 0; i < 9; ++i)
      if (kPips[value][i])
        list->AddCircleFilled(ImVec2(dx + side * (0.25f + 0.25f * static_cast<float>(i % 3)),
                                     dy + side * (0.25f + 0.25f * static_cast<float>(i / 3))),
                              side * 0.09f, IM_COL32(255, 255, 255, 255), 8);
  };
  const float gap = side * 0.25f;
  const std::size_t rounds = std::min(max_rounds, roll.rounds.size());
  for (std::size_t r = 0; r < rounds; ++r) {
    const float rx = x + static_cast<float>(r) * (3 * (side + gap) + 2 * gap);
    const rk::Roll& round = roll.rounds[roll.rounds.size() - rounds + r];  // the last rounds
    for (std::uint8_t i = 0; i < round.attacker.count; ++i)
      die(rx + static_cast<float>(i) * (side + gap), y, round.attacker.values[i], RisikoColors::attacker_die);
    for (std::uint8_t i = 0; i < round.defender.count; ++i)
      die(rx + static_cast<float>(i) * (side + gap), y + side + gap, round.defender.values[i], RisikoColors::defender_die);
  }
}

}  // namespace parley::ui::sdl
