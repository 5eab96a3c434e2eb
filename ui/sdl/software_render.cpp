#include "ui/sdl/software_render.hpp"

#include <SDL.h>
#include <imgui.h>

#include <cstddef>

namespace parley::ui::sdl {

namespace {

// ImGui's PrimRect: vertices v, v+1, v+2, v+3 = top left, top right, bottom right, bottom left;
// triangles (v, v+1, v+2) and (v, v+2, v+3). True when the six indices at `idx` are such a
// rectangle, axis-aligned, of one opaque colour and one texture coordinate (a solid fill: ImGui
// samples its atlas's white pixel for every untextured shape).
bool opaque_solid_rect(const ImDrawVert* vtx, const ImDrawIdx* idx, SDL_FRect& rect, ImU32& colour) {
  const ImDrawIdx v = idx[0];
  if (idx[1] != v + 1 || idx[2] != v + 2 || idx[3] != v || idx[4] != v + 2 || idx[5] != v + 3) return false;
  const ImDrawVert& a = vtx[v];
  const ImDrawVert& b = vtx[v + 1];
  const ImDrawVert& c = vtx[v + 2];
  const ImDrawVert& d = vtx[v + 3];
  if ((a.col & IM_COL32_A_MASK) != IM_COL32_A_MASK) return false;
  if (b.col != a.col || c.col != a.col || d.col != a.col) return false;
  if (b.uv.x != a.uv.x || c.uv.x != a.uv.x || d.uv.x != a.uv.x) return false;
  if (b.uv.y != a.uv.y || c.uv.y != a.uv.y || d.uv.y != a.uv.y) return false;
  if (b.pos.y != a.pos.y || c.pos.x != b.pos.x || d.pos.y != c.pos.y || d.pos.x != a.pos.x) return false;
  if (c.pos.x <= a.pos.x || c.pos.y <= a.pos.y) return false;
  rect = SDL_FRect{a.pos.x, a.pos.y, c.pos.x - a.pos.x, c.pos.y - a.pos.y};
  colour = a.col;
  return true;
}

}  // namespace

void render_draw_data_software(SDL_Renderer* renderer, ImDrawData* draw_data) {
  const int fb_width = static_cast<int>(draw_data->DisplaySize.x * draw_data->FramebufferScale.x);
  const int fb_height = static_cast<int>(draw_data->DisplaySize.y * draw_data->FramebufferScale.y);
  if (fb_width <= 0 || fb_height <= 0) return;
  const ImVec2 clip_off = draw_data->DisplayPos;
  const ImVec2 clip_scale = draw_data->FramebufferScale;

  SDL_RenderSetViewport(renderer, nullptr);
  for (int n = 0; n < draw_data->CmdListsCount; ++n) {
    const ImDrawList* list = draw_data->CmdLists[n];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback != nullptr) {
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
        continue;
      }
      ImVec2 lo((cmd.ClipRect.x - clip_off.x) * clip_scale.x, (cmd.ClipRect.y - clip_off.y) * clip_scale.y);
      ImVec2 hi((cmd.ClipRect.z - clip_off.x) * clip_scale.x, (cmd.ClipRect.w - clip_off.y) * clip_scale.y);
      if (lo.x < 0) lo.x = 0;
      if (lo.y < 0) lo.y = 0;
      if (hi.x > static_cast<float>(fb_width)) hi.x = static_cast<float>(fb_width);
      if (hi.y > static_cast<float>(fb_height)) hi.y = static_cast<float>(fb_height);
      if (hi.x <= lo.x || hi.y <= lo.y) continue;
      const SDL_Rect clip{static_cast<int>(lo.x), static_cast<int>(lo.y), static_cast<int>(hi.x - lo.x),
                          static_cast<int>(hi.y - lo.y)};
      SDL_RenderSetClipRect(renderer, &clip);

      const ImDrawVert* vtx = list->VtxBuffer.Data + cmd.VtxOffset;
      const ImDrawIdx* idx = list->IdxBuffer.Data + cmd.IdxOffset;
      const int vtx_count = list->VtxBuffer.Size - static_cast<int>(cmd.VtxOffset);
      auto* texture = static_cast<SDL_Texture*>(cmd.GetTexID());
      // Triangles [pending, i) not yet drawn: sent as one batch before the next fill.
      auto draw_triangles = [&](unsigned from, unsigned to) {
        if (to == from) return;
        const char* base = reinterpret_cast<const char*>(vtx);
        SDL_RenderGeometryRaw(renderer, texture, reinterpret_cast<const float*>(base + offsetof(ImDrawVert, pos)),
                              sizeof(ImDrawVert),
                              reinterpret_cast<const SDL_Color*>(base + offsetof(ImDrawVert, col)), sizeof(ImDrawVert),
                              reinterpret_cast<const float*>(base + offsetof(ImDrawVert, uv)), sizeof(ImDrawVert),
                              vtx_count, idx + from, static_cast<int>(to - from), sizeof(ImDrawIdx));
      };
      unsigned pending = 0;
      unsigned i = 0;
      while (i + 6 <= cmd.ElemCount) {
        SDL_FRect rect;
        ImU32 colour = 0;
        if (!opaque_solid_rect(vtx, idx + i, rect, colour)) {
          i += 3;
          continue;
        }
        draw_triangles(pending, i);
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE);
        SDL_SetRenderDrawColor(renderer, static_cast<Uint8>(colour >> IM_COL32_R_SHIFT),
                               static_cast<Uint8>(colour >> IM_COL32_G_SHIFT),
                               static_cast<Uint8>(colour >> IM_COL32_B_SHIFT), 255);
        SDL_RenderFillRectF(renderer, &rect);
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
        i += 6;
        pending = i;
      }
      draw_triangles(pending, cmd.ElemCount);
    }
  }
  SDL_RenderSetClipRect(renderer, nullptr);
}

}  // namespace parley::ui::sdl
