#include "games/risiko/sdl/risiko_view.hpp"

#include "games/risiko/ui/risiko_dice.hpp"
#include "games/risiko/terminal/risiko_map_text.hpp"
#include "i18n/i18n.hpp"

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

Rgb RisikoColors::continent(std::size_t index) {
  static constexpr Rgb kTints[] = {{236, 160, 60}, {110, 200, 110}, {110, 170, 240}, {220, 120, 210},
                                   {232, 222, 100}, {120, 222, 212}, {240, 120, 120}, {176, 150, 240}};
  return kTints[index % std::size(kTints)];
}

Rgb RisikoColors::lighten(Rgb c, float amount) {
  auto mix = [&](std::uint8_t v) { return static_cast<std::uint8_t>(std::lround(v + (255 - v) * amount)); };
  return {mix(c.r), mix(c.g), mix(c.b)};
}

void draw_risiko_map(ImDrawList* list, const RisikoShapes& shapes, const MapFrame& frame, const RisikoMapScene& scene,
                     ImFont* label_font, float label_size) {
  // The view (the whole map, or a window on it when zoomed).
  const ImVec2 top_left(frame.view_x, frame.view_y);
  const ImVec2 bottom_right(frame.view_x + frame.view_width, frame.view_y + frame.view_height);
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
  // The continents as tinted regions: a band of the continent's tint around each of its
  // territories, which the land then covers but for the coasts.
  const float line = std::max(1.0f, 0.28f * unit);
  if (scene.world)
    for (std::size_t ci = 0; ci < scene.world->continents.size(); ++ci)
      for (rk::TerritoryId t : scene.world->continents[ci].territories)
        if (t.value < shapes.shapes().size()) outline(list, shapes.shape(t), frame, col(RisikoColors::continent(ci), 200), 5 * line);
  // Each continent's name and bonus in a pill of its tint, over the top left of its territories, under
  // the land (a laid-out map's captions say the same already).
  if (scene.world && shapes.captions().empty()) {
    const float size = std::max(11.0f, label_size * 0.85f);
    for (std::size_t ci = 0; ci < scene.world->continents.size(); ++ci) {
      const rk::Continent& continent = scene.world->continents[ci];
      float left = 1e9f, top = 1e9f;
      for (rk::TerritoryId t : continent.territories) {
        if (t.value >= shapes.shapes().size()) continue;
        for (MapPoint p : shapes.shape(t).outline) {
          left = std::min(left, p.x);
          top = std::min(top, p.y);
        }
      }
      if (left > 1e8f) continue;
      const std::string text = i18n::trf("{0} +{1}", cli::risiko_place_name(continent), continent.bonus);
      const ImVec2 extent = label_font->CalcTextSizeA(size, 1e9f, 0, text.c_str());
      const ImVec2 corner = at(frame, {left, top});
      // Zoomed in, a continent whose corner is out of view has no pill (it would name what is not seen).
      const bool zoomed = frame.width > frame.view_width + 0.5f || frame.height > frame.view_height + 0.5f;
      if (zoomed && (corner.x < top_left.x || corner.x > bottom_right.x || corner.y < top_left.y || corner.y > bottom_right.y))
        continue;
      const float pad = size * 0.25f;
      const float x = std::clamp(corner.x, frame.view_x + 2, frame.view_x + frame.view_width - extent.x - 2 * pad - 2);
      const float y = std::clamp(corner.y - extent.y - 2 * pad, frame.view_y + 2,
                                 frame.view_y + frame.view_height - extent.y - 2 * pad - 2);
      list->AddRectFilled(ImVec2(x, y), ImVec2(x + extent.x + 2 * pad, y + extent.y + 2 * pad), col(RisikoColors::continent(ci)),
                          size * 0.3f);
      list->AddText(label_font, size, ImVec2(x + pad, y + pad), col(RisikoColors::label_text), text.c_str());
    }
  }

  for (const TerritoryShape& shape : shapes.shapes()) {
    Rgb c = colour_of(shape.id);
    if (scene.selected == shape.id) c = RisikoColors::lighten(c, RisikoColors::selected_lighten);
    else if (scene.hovered == shape.id) c = RisikoColors::lighten(c, 0.18f);
    fill(list, shape, frame, col(c));
  }
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
    if (at_screen.x < top_left.x || at_screen.x + std::min(width, caption.max_width * unit) > bottom_right.x) continue;
    list->AddText(label_font, size, ImVec2(at_screen.x, at_screen.y), col(RisikoColors::caption), caption.text.c_str());
  }

  // Territory names (in the person's language) where the map is large enough for them, or zoomed
  // in: under the army's disc, where the name fits the territory's width and is at least 11
  // pixels high (the hover names every one). A name the view would cut at its edge is left out.
  if (scene.world) {
    const float size = label_size * 0.72f;
    if (size >= 11.0f)
      for (const TerritoryShape& shape : shapes.shapes()) {
        if (shape.id.value >= scene.world->countries.size()) continue;
        float left = 1e9f, right = -1e9f;
        for (MapPoint p : shape.outline) {
          left = std::min(left, p.x);
          right = std::max(right, p.x);
        }
        const std::string& name = cli::risiko_place_name(scene.world->country(shape.id));
        const ImVec2 extent = label_font->CalcTextSizeA(size, 1e9f, 0, name.c_str());
        if (extent.x > (right - left) * unit * 0.9f) continue;
        const ImVec2 c = at(frame, shape.label);
        const ImVec2 pos(c.x - extent.x / 2, c.y + std::max(label_size * 0.7f, 2.3f * unit) + 1);
        if (pos.x < top_left.x || pos.x + extent.x + 1 > bottom_right.x) continue;
        list->AddText(label_font, size, ImVec2(pos.x + 1, pos.y + 1), IM_COL32(0, 0, 0, 200), name.c_str());
        list->AddText(label_font, size, pos, IM_COL32(255, 255, 255, 255), name.c_str());
      }
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
      // Zoomed in, a count the view's edge would cut is left out (its disc shows where it is).
      if (c.x - size.x / 2 < top_left.x || c.x + size.x / 2 > bottom_right.x) continue;
      list->AddText(label_font, label_size, ImVec2(c.x - size.x / 2, c.y - size.y / 2), col(RisikoColors::label_text),
                    text.c_str());
    }
  }
  list->PopClipRect();
}

void draw_risiko_card(ImDrawList* list, Rect rect, rk::Symbol symbol, const std::string& name, bool chosen, ImFont* font,
                      float font_size) {
  const ImVec2 a(static_cast<float>(rect.x), static_cast<float>(rect.y));
  const ImVec2 b(a.x + static_cast<float>(rect.w), a.y + static_cast<float>(rect.h));
  const float w = b.x - a.x;
  list->AddRectFilled(a, b, col(RisikoCardColors::paper), w * 0.08f);
  list->AddRect(a, b, col(chosen ? RisikoCardColors::chosen : RisikoCardColors::ink), w * 0.08f, 0, chosen ? w * 0.06f : 1.5f);
  // The symbol in the upper part, `u` units of a 10-unit box.
  const float box = std::min(w * 0.7f, (b.y - a.y) * 0.55f);
  const ImVec2 o(a.x + (w - box) / 2, a.y + box * 0.18f);
  const float u = box / 10;
  const ImU32 ink = col(RisikoCardColors::ink);
  auto p = [&](float x, float y) { return ImVec2(o.x + x * u, o.y + y * u); };
  switch (symbol) {
    case rk::Symbol::infantry:  // a foot soldier: head, body, legs, a rifle
      list->AddCircleFilled(p(5, 1.6f), 1.4f * u, ink, 16);
      list->AddRectFilled(p(3.6f, 3.2f), p(6.4f, 6.6f), ink);
      list->AddRectFilled(p(3.7f, 6.6f), p(4.8f, 9.8f), ink);
      list->AddRectFilled(p(5.2f, 6.6f), p(6.3f, 9.8f), ink);
      list->AddLine(p(7.4f, 1.0f), p(7.4f, 7.0f), ink, 0.7f * u);
      break;
    case rk::Symbol::cavalry:  // a horseshoe, open side down
      list->PathLineTo(p(1.6f, 9.4f));
      list->PathArcTo(p(5, 4.8f), 3.4f * u, 3.14159f, 2 * 3.14159f, 20);
      list->PathLineTo(p(8.4f, 9.4f));
      list->PathStroke(ink, 0, 1.6f * u);
      break;
    case rk::Symbol::artillery:  // a cannon: the barrel, raised, on its wheel
      list->AddQuadFilled(p(1.0f, 5.2f), p(8.8f, 1.6f), p(9.6f, 3.2f), p(1.8f, 6.8f), ink);
      list->AddCircleFilled(p(4.2f, 7.4f), 2.2f * u, ink, 20);
      list->AddCircleFilled(p(4.2f, 7.4f), 0.8f * u, col(RisikoCardColors::paper), 12);
      break;
    case rk::Symbol::joker: {  // a star
      ImVec2 points[10];
      for (int i = 0; i < 10; ++i) {
        const float r = (i % 2 == 0 ? 4.8f : 2.0f) * u;
        const float angle = -3.14159f / 2 + static_cast<float>(i) * 3.14159f / 5;
        points[i] = ImVec2(o.x + 5 * u + r * std::cos(angle), o.y + 5 * u + r * std::sin(angle));
      }
      for (int i = 0; i < 10; i += 2)
        list->AddTriangleFilled(points[i], points[(i + 1) % 10], points[(i + 9) % 10], ink);
      list->AddCircleFilled(p(5, 5), 2.1f * u, ink, 12);
      break;
    }
  }
  if (!name.empty()) {
    const float wrap = w - 8;
    const ImVec2 extent = font->CalcTextSizeA(font_size, 1e9f, wrap, name.c_str());
    list->AddText(font, font_size, ImVec2(a.x + (w - std::min(extent.x, wrap)) / 2, b.y - extent.y - 4), ink, name.c_str(),
                  nullptr, wrap);
  }
}

std::vector<DrawnDie> draw_dice(ImDrawList* list, float x, float y, float side, const RisikoRollShown& roll,
                                std::size_t max_rounds) {
  // Pip positions on a 3×3 grid per face.
  static constexpr int kPips[7][9] = {
      {}, {0, 0, 0, 0, 1, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0, 1}, {1, 0, 0, 0, 1, 0, 0, 0, 1},
      {1, 0, 1, 0, 0, 0, 1, 0, 1},     {1, 0, 1, 0, 1, 0, 1, 0, 1}, {1, 0, 1, 1, 0, 1, 1, 0, 1},
  };
  std::vector<DrawnDie> drawn;
  auto die = [&](float dx, float dy, std::uint8_t value, bool attacker, bool compared, bool lost) {
    const Rgb colour = attacker ? RisikoColors::attacker_die : RisikoColors::defender_die;
    list->AddRectFilled(ImVec2(dx, dy), ImVec2(dx + side, dy + side), col(colour), side * 0.18f);
    if (value >= 1 && value <= 6)
      for (int i = 0; i < 9; ++i)
        if (kPips[value][i])
          list->AddCircleFilled(ImVec2(dx + side * (0.25f + 0.25f * static_cast<float>(i % 3)),
                                       dy + side * (0.25f + 0.25f * static_cast<float>(i / 3))),
                                side * 0.09f, IM_COL32(255, 255, 255, 255), 8);
    if (lost)
      list->AddLine(ImVec2(dx + side * 0.08f, dy + side * 0.92f), ImVec2(dx + side * 0.92f, dy + side * 0.08f),
                    IM_COL32(20, 20, 20, 255), std::max(2.0f, side * 0.08f));
    drawn.push_back({Rect{static_cast<int>(dx), static_cast<int>(dy), static_cast<int>(side), static_cast<int>(side)}, value,
                     attacker, compared, lost});
  };
  const float gap = side * 0.3f;
  const std::size_t rounds = std::min(max_rounds, roll.rounds.size());
  for (std::size_t r = 0; r < rounds; ++r) {
    const float rx = x + static_cast<float>(r) * (3 * (side + gap) + 2 * gap);
    const RisikoSortedDice dice = sorted_dice(roll.rounds[roll.rounds.size() - rounds + r]);  // the last rounds
    for (std::size_t i = 0; i < dice.attacker.size(); ++i) {
      const bool compared = i < dice.pairs.size();
      die(rx + static_cast<float>(i) * (side + gap), y, dice.attacker[i], true, compared,
          compared && !dice.pairs[i].attacker_wins);
    }
    for (std::size_t i = 0; i < dice.defender.size(); ++i) {
      const bool compared = i < dice.pairs.size();
      die(rx + static_cast<float>(i) * (side + gap), y + side + gap, dice.defender[i], false, compared,
          compared && dice.pairs[i].attacker_wins);
    }
    // Each compared pair joined across the gap by a bar in its winner's colour.
    for (std::size_t i = 0; i < dice.pairs.size(); ++i) {
      const float cx = rx + static_cast<float>(i) * (side + gap) + side / 2;
      const Rgb winner = dice.pairs[i].attacker_wins ? RisikoColors::attacker_die : RisikoColors::defender_die;
      list->AddRectFilled(ImVec2(cx - side * 0.12f, y + side), ImVec2(cx + side * 0.12f, y + side + gap), col(winner));
    }
  }
  return drawn;
}

}  // namespace parley::ui::sdl
