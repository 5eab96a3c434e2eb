#include "ui/sdl/text_clipping.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace parley::ui::sdl {

namespace {

struct UvRect {
  float u0, v0, u1, v1;
};

// Whether a glyph quad with these texture coordinates is a glyph cut short at its left or right:
// ImGui clips the text of a button or a clipped label on the CPU, shrinking the quad and its
// texture coordinates alike, so the quad no longer crosses the clip rectangle; its texture
// coordinates are then a strict part of a whole glyph's.
bool trimmed(const std::vector<UvRect>& glyphs, UvRect q) {
  bool inside_one = false;
  for (const UvRect& g : glyphs) {
    if (g.v0 != q.v0 || g.v1 != q.v1) continue;
    if (g.u0 == q.u0 && g.u1 == q.u1) return false;  // a whole glyph
    if (g.u0 <= q.u0 && q.u1 <= g.u1) inside_one = true;
  }
  return inside_one;
}

}  // namespace

std::vector<ClippedGlyph> clipped_glyphs(const ImDrawData* data, float tolerance) {
  std::vector<ClippedGlyph> out;
  if (data == nullptr) return out;
  const ImTextureID font = ImGui::GetIO().Fonts->TexID;
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  std::vector<UvRect> glyphs;
  for (const ImFont* f : ImGui::GetIO().Fonts->Fonts)
    for (const ImFontGlyph& g : f->Glyphs) glyphs.push_back({g.U0, g.V0, g.U1, g.V1});
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList* list = data->CmdLists[l];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback != nullptr || cmd.GetTexID() != font) continue;
      const ImVec4 c = cmd.ClipRect;
      // A glyph is a quad (two triangles, each spanning the whole quad) with texture
      // coordinates off the white pixel; other shapes use the white pixel.
      Rect last{};
      for (unsigned i = 0; i + 3 <= cmd.ElemCount; i += 3) {
        float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
        UvRect uv{1e9f, 1e9f, -1e9f, -1e9f};
        bool textured = false;
        for (unsigned k = 0; k < 3; ++k) {
          const ImDrawVert& v =
              list->VtxBuffer[static_cast<int>(cmd.VtxOffset + list->IdxBuffer[static_cast<int>(cmd.IdxOffset + i + k)])];
          textured = textured || v.uv.x != white.x || v.uv.y != white.y;
          uv = {std::min(uv.u0, v.uv.x), std::min(uv.v0, v.uv.y), std::max(uv.u1, v.uv.x), std::max(uv.v1, v.uv.y)};
          x0 = std::min(x0, v.pos.x);
          y0 = std::min(y0, v.pos.y);
          x1 = std::max(x1, v.pos.x);
          y1 = std::max(y1, v.pos.y);
        }
        if (!textured) continue;
        if (y1 <= c.y || y0 >= c.w || x1 <= c.x || x0 >= c.z) continue;  // wholly outside: not drawn at all
        const bool cut = (x0 < c.x - tolerance && x1 > c.x) || (x1 > c.z + tolerance && x0 < c.z) ||
                         (x1 - x0 > tolerance && trimmed(glyphs, uv));
        const bool scrolled = y0 < c.y || y1 > c.w;
        if (!cut || scrolled) continue;
        const Rect glyph{static_cast<int>(std::floor(x0)), static_cast<int>(std::floor(y0)),
                         static_cast<int>(std::ceil(x1 - x0)), static_cast<int>(std::ceil(y1 - y0))};
        if (glyph == last) continue;  // the quad's second triangle
        last = glyph;
        out.push_back({glyph, Rect{static_cast<int>(c.x), static_cast<int>(c.y), static_cast<int>(c.z - c.x),
                                   static_cast<int>(c.w - c.y)}});
      }
    }
  }
  return out;
}

std::string describe(const ClippedGlyph& c) {
  return "a glyph at " + std::to_string(c.glyph.x) + "," + std::to_string(c.glyph.y) + " cut by the box " +
         std::to_string(c.clip.x) + "," + std::to_string(c.clip.y) + " " + std::to_string(c.clip.w) + "x" +
         std::to_string(c.clip.h);
}

}  // namespace parley::ui::sdl
