#include "games/chess/sdl/board_view.hpp"

#include <imgui.h>

#include <cmath>

namespace parley::ui::sdl {

using namespace game::chess;

namespace {

ImVec2 v(int x, int y) { return ImVec2(static_cast<float>(x), static_cast<float>(y)); }

bool is_light(Square s) { return (s.file() + s.rank()) % 2 == 1; }

}  // namespace

void draw_board(ImDrawList* list, const BoardGeometry& g, const BoardScene& scene, PieceAtlas& pieces,
                float pixel_ratio, ImFont* coordinates) {
  const int sq = g.square_size();
  const Position& pos = *scene.position;
  const float fsq = static_cast<float>(sq);

  const bool atlas_ok = pieces.prepare(static_cast<int>(std::lround(fsq * pixel_ratio)));
  // Squares drawn with their piece as one opaque tile: every occupied square but those tinted,
  // glowing or left by a dragged piece, which get their piece blended over them below.
  Bitboard plain = 0;
  if (atlas_ok) {
    for (int i = 0; i < 64; ++i)
      if (!pos.piece_on(Square(i)).empty()) plain |= Square(i).bb();
    if (scene.last_move) plain &= ~(scene.last_move->from().bb() | scene.last_move->to().bb());
    if (scene.selected) plain &= ~scene.selected->bb();
    if (scene.dragging_from) plain &= ~scene.dragging_from->bb();
    if (pos.in_check()) plain &= ~pos.king_square(pos.side_to_move()).bb();
  }
  for (int i = 0; i < 64; ++i) {
    Square s(i);
    Rect r = g.square_rect(s);
    if (plain & s.bb()) {
      const auto uv = pieces.tile_uv(pos.piece_on(s), is_light(s));
      list->AddImage(reinterpret_cast<ImTextureID>(pieces.tiles()), v(r.x, r.y), v(r.x + r.w, r.y + r.h),
                     ImVec2(uv.u0, uv.v0), ImVec2(uv.u1, uv.v1));
    } else {
      list->AddRectFilled(v(r.x, r.y), v(r.x + r.w, r.y + r.h), is_light(s) ? BoardColors::light : BoardColors::dark);
    }
  }
  auto tint = [&](Square s, unsigned colour) {
    Rect r = g.square_rect(s);
    list->AddRectFilled(v(r.x, r.y), v(r.x + r.w, r.y + r.h), colour);
  };
  if (scene.last_move) {
    tint(scene.last_move->from(), BoardColors::last_move);
    tint(scene.last_move->to(), BoardColors::last_move);
  }
  if (scene.selected) tint(*scene.selected, BoardColors::selected);
  if (pos.in_check()) {
    // A red glow under the king in check.
    Rect r = g.square_rect(pos.king_square(pos.side_to_move()));
    ImVec2 c(static_cast<float>(r.x) + fsq / 2, static_cast<float>(r.y) + fsq / 2);
    list->AddCircleFilled(c, fsq * 0.48f, BoardColors::check, 40);
    list->AddCircleFilled(c, fsq * 0.30f, 0xFF3030F0, 40);
  }

  // Coordinates: files along the bottom row, ranks down the left column, in the colour of the
  // other square so they read on both.
  if (coordinates != nullptr && sq >= 28) {
    const float size = std::max(11.0f, fsq * 0.2f);
    for (int k = 0; k < 8; ++k) {
      Square file_sq = g.square_at({g.bounds().x + k * sq + 1, g.bounds().y + 8 * sq - 2}).value();
      Rect fr = g.square_rect(file_sq);
      char file[2] = {file_char(file_sq), 0};
      list->AddText(coordinates, size, ImVec2(static_cast<float>(fr.x + fr.w) - size * 0.62f, static_cast<float>(fr.y + fr.h) - size * 1.08f),
                    is_light(file_sq) ? BoardColors::dark : BoardColors::light, file);
      Square rank_sq = g.square_at({g.bounds().x + 1, g.bounds().y + k * sq + 1}).value();
      Rect rr = g.square_rect(rank_sq);
      char rank[2] = {rank_char(rank_sq), 0};
      list->AddText(coordinates, size, ImVec2(static_cast<float>(rr.x) + size * 0.18f, static_cast<float>(rr.y) + size * 0.05f),
                    is_light(rank_sq) ? BoardColors::dark : BoardColors::light, rank);
    }
  }

  auto draw_piece = [&](Piece p, float x, float y) {
    if (!atlas_ok) return;
    auto uv = pieces.uv(p);
    list->AddImage(reinterpret_cast<ImTextureID>(pieces.texture()), ImVec2(x, y), ImVec2(x + fsq, y + fsq),
                   ImVec2(uv.u0, uv.v0), ImVec2(uv.u1, uv.v1));
  };
  for (int i = 0; i < 64; ++i) {
    Square s(i);
    Piece p = pos.piece_on(s);
    if (p.empty() || scene.dragging_from == s || (plain & s.bb())) continue;
    Rect r = g.square_rect(s);
    draw_piece(p, static_cast<float>(r.x), static_cast<float>(r.y));
  }

  // Legal destinations over the pieces: a dot on an empty square, a ring around a capture.
  for (Bitboard t = scene.targets; t != 0;) {
    Square s = pop_lsb(t);
    Rect r = g.square_rect(s);
    ImVec2 c(static_cast<float>(r.x) + fsq / 2, static_cast<float>(r.y) + fsq / 2);
    if (pos.piece_on(s).empty())
      list->AddCircleFilled(c, fsq * 0.16f, BoardColors::target, 24);
    else
      list->AddCircle(c, fsq * 0.45f, BoardColors::target, 40, fsq * 0.08f);
  }

  if (scene.dragging_from) {
    Piece p = pos.piece_on(*scene.dragging_from);
    if (!p.empty()) draw_piece(p, static_cast<float>(scene.pointer.x) - fsq / 2, static_cast<float>(scene.pointer.y) - fsq / 2);
  }
}

}  // namespace parley::ui::sdl
