#include "games/gunjin/sdl/gunjin_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace parley::ui::sdl {

using namespace game::gunjin;
using game::Seat;

namespace {

ImVec2 v(int x, int y) { return ImVec2(static_cast<float>(x), static_cast<float>(y)); }

// A piece in a cell-sized box centred on `centre`, pointing up (toward the top of the screen)
// or down.
void draw_piece(ImDrawList* list, ImVec2 centre, float cell, bool points_up, std::optional<Kind> kind, Seat owner,
                GunjinPieceAtlas& atlas, bool readings, ImFont* small) {
  const float w = cell * 0.80f, h = cell * 0.84f;
  const float x0 = centre.x - w / 2, x1 = centre.x + w / 2;
  const float top = centre.y - h / 2, bottom = centre.y + h / 2;
  const float shoulder = h * 0.22f;
  ImVec2 pts[5];
  if (points_up) {
    pts[0] = ImVec2(centre.x, top);
    pts[1] = ImVec2(x1, top + shoulder);
    pts[2] = ImVec2(x1, bottom);
    pts[3] = ImVec2(x0, bottom);
    pts[4] = ImVec2(x0, top + shoulder);
  } else {
    pts[0] = ImVec2(centre.x, bottom);
    pts[1] = ImVec2(x0, bottom - shoulder);
    pts[2] = ImVec2(x0, top);
    pts[3] = ImVec2(x1, top);
    pts[4] = ImVec2(x1, bottom - shoulder);
  }
  const unsigned fill = !kind ? GunjinColors::back : owner.index == 0 ? GunjinColors::tile_seat0 : GunjinColors::tile_seat1;
  list->AddConvexPolyFilled(pts, 5, fill);
  list->AddPolyline(pts, 5, 0xFF101010, ImDrawFlags_Closed, std::max(1.0f, cell / 40));
  if (!kind) return;
  // The name fitted into the body of the piece (below the point), centred.
  const GunjinPieceAtlas::Label& label = atlas.label(*kind);
  const float box_w = w * 0.80f, box_h = h * (readings ? 0.40f : 0.50f);
  const float lw = static_cast<float>(std::max(label.width, 1)), lh = static_cast<float>(std::max(label.height, 1));
  const float fit = std::min(box_w / lw, box_h / lh);
  const float dw = lw * fit, dh = lh * fit;
  const float body_mid = points_up ? (top + shoulder * 0.6f + bottom) / 2 : (top + bottom - shoulder * 0.6f) / 2;
  const float ly = readings ? body_mid - dh * 0.75f : body_mid - dh / 2;
  list->AddImage(reinterpret_cast<ImTextureID>(atlas.texture()), ImVec2(centre.x - dw / 2, ly),
                 ImVec2(centre.x + dw / 2, ly + dh), ImVec2(label.u0, label.v0), ImVec2(label.u1, label.v1),
                 GunjinColors::ink);
  if (readings && small != nullptr) {
    const std::string r(reading(*kind));
    const float size = std::max(9.0f, cell * 0.17f);
    const ImVec2 ts = small->CalcTextSizeA(size, 1e6f, 0, r.c_str());
    list->AddText(small, size, ImVec2(centre.x - ts.x / 2, ly + dh + cell * 0.04f), GunjinColors::ink, r.c_str());
  }
}

}  // namespace

void draw_gunjin_board(ImDrawList* list, const GunjinBoardGeometry& g, const GunjinScene& scene,
                       GunjinPieceAtlas& pieces, float pixel_ratio, ImFont* small) {
  const State& state = *scene.state;
  const int cell = g.cell_size();
  const float fcell = static_cast<float>(cell);
  pieces.prepare(static_cast<int>(fcell * 0.5f * pixel_ratio));

  // Squares: the HQ as one, gates in green.
  for (std::uint8_t i = 0; i < kSquareCount; ++i) {
    const Square s{i};
    const Rect r = g.square_rect(s);
    const unsigned colour = s == hq_of(Seat{0}) || s == hq_of(Seat{1}) ? GunjinColors::hq
                            : is_gate(s)                               ? GunjinColors::gate
                                                                       : GunjinColors::cell;
    list->AddRectFilled(v(r.x, r.y), v(r.x + r.w, r.y + r.h), colour);
    list->AddRect(v(r.x, r.y), v(r.x + r.w, r.y + r.h), GunjinColors::cell_line, 0, 0, std::max(1.0f, fcell / 48));
  }
  // The HQ: its name in the middle of the square, quietly, under any piece.
  if (small != nullptr)
    for (Seat s : {Seat{0}, Seat{1}}) {
      const Rect r = g.square_rect(hq_of(s));
      const float size = std::max(9.0f, fcell * 0.16f);
      list->AddText(small, size, ImVec2(static_cast<float>(r.x) + 4, static_cast<float>(r.y) + 2), GunjinColors::cell_line,
                    "HQ");
    }
  // The river and the two bridges between the facing gates.
  const Rect river = g.river();
  list->AddRectFilled(v(river.x, river.y), v(river.x + river.w, river.y + river.h), GunjinColors::river);
  for (int column : kGateColumns) {
    const Rect b = g.bridge(column);
    list->AddRectFilled(v(b.x, b.y), v(b.x + b.w, b.y + b.h), GunjinColors::bridge);
    for (int k = 1; k < 4; ++k) {  // planks
      const int y = b.y + b.h * k / 4;
      list->AddLine(v(b.x, y), v(b.x + b.w, y), 0xFF1E3A5A, 1.0f);
    }
  }

  auto tint = [&](Square s, unsigned colour) {
    const Rect r = g.square_rect(s);
    list->AddRectFilled(v(r.x, r.y), v(r.x + r.w, r.y + r.h), colour);
  };
  if (scene.last_move) {
    tint(scene.last_move->first, GunjinColors::last_move);
    tint(scene.last_move->second, GunjinColors::last_move);
  }
  if (scene.selected) tint(*scene.selected, GunjinColors::selected);
  if (scene.camp_only)
    for (std::uint8_t i = kCampSquareCount; i < kSquareCount; ++i) tint(Square{i}, GunjinColors::dimmed);

  // Pieces; each points away from its owner's back row.
  const bool seat0_points_up = !g.flipped();
  std::optional<std::pair<std::optional<Kind>, Seat>> dragged;
  for (std::uint8_t seat = 0; seat < kSeatCount; ++seat)
    for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
      const Piece& p = state.piece(PieceId{Seat{seat}, slot});
      if (!p.square) continue;
      if (scene.dragging_from == p.square) {
        dragged.emplace(p.kind, Seat{seat});
        continue;
      }
      const Rect r = g.square_rect(*p.square);
      const ImVec2 centre(static_cast<float>(r.x) + static_cast<float>(r.w) / 2, static_cast<float>(r.y) + fcell / 2);
      draw_piece(list, centre, fcell, (seat == 0) == seat0_points_up, p.kind, Seat{seat}, pieces, scene.readings, small);
    }
  // Targets: a dot on an empty square, a ring around an enemy piece (an attack).
  for (std::uint8_t i = 0; i < kSquareCount; ++i) {
    const Square s{i};
    if (!scene.targets.contains(s)) continue;
    const Rect r = g.square_rect(s);
    const ImVec2 c(static_cast<float>(r.x) + static_cast<float>(r.w) / 2, static_cast<float>(r.y) + fcell / 2);
    if (state.piece_at(s))
      list->AddCircle(c, fcell * 0.46f, GunjinColors::target, 32, fcell * 0.07f);
    else
      list->AddCircleFilled(c, fcell * 0.15f, GunjinColors::target, 24);
  }
  for (std::uint8_t i = 0; i < kSquareCount; ++i)
    if (scene.marked.contains(Square{i})) {
      const Rect r = g.square_rect(Square{i});
      list->AddRect(v(r.x + 1, r.y + 1), v(r.x + r.w - 1, r.y + r.h - 1), 0xFF2020E0, 0, 0, std::max(2.0f, fcell / 16));
    }
  if (dragged) {
    const ImVec2 centre(static_cast<float>(scene.pointer.x), static_cast<float>(scene.pointer.y));
    draw_piece(list, centre, fcell, (dragged->second.index == 0) == seat0_points_up, dragged->first, dragged->second,
               pieces, scene.readings, small);
  }
}

}  // namespace parley::ui::sdl
