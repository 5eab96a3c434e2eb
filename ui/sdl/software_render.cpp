#include "ui/sdl/software_render.hpp"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace parley::ui::sdl {

namespace {

// Whole pixels [x0, x1) × [y0, y1).
struct Box {
  int x0, y0, x1, y1;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
};

Box intersect(const Box& a, const Box& b) {
  return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}

// The parts of `a` outside `cut` (at most four) appended to `out`.
void subtract(const Box& a, const Box& cut, std::vector<Box>& out) {
  const Box c = intersect(a, cut);
  if (c.empty()) {
    out.push_back(a);
    return;
  }
  if (a.y0 < c.y0) out.push_back({a.x0, a.y0, a.x1, c.y0});
  if (c.y1 < a.y1) out.push_back({a.x0, c.y1, a.x1, a.y1});
  if (a.x0 < c.x0) out.push_back({a.x0, c.y0, c.x0, c.y1});
  if (c.x1 < a.x1) out.push_back({c.x1, c.y0, a.x1, c.y1});
}

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

// The pixels SDL's software renderer fills for a float rectangle (its SW_QueueFillRects).
Box fill_box(const SDL_FRect& rect) {
  const int x = static_cast<int>(rect.x);
  const int y = static_cast<int>(rect.y);
  return {x, y, x + std::max(static_cast<int>(rect.w), 1), y + std::max(static_cast<int>(rect.h), 1)};
}

// SDL's 32-bit fill writes each row's 64-byte runs with non-temporal stores and the pixels
// before and after them one by one. When a run does not start a cache line, or a row's last run
// and its trailing pixels share a line with nothing cached, the stores wait on memory: a 93-pixel
// square costs ten times what it does split. So a fill is split at the columns where the
// target's rows start a cache line (16 pixels apart when the rows are whole lines, as in a
// window 1280 wide): the middle is whole lines and the edges, narrower than a run, are written
// one by one and stay in the cache. The pixels are the same.
constexpr int kLinePixels = 16;

// The x (mod kLinePixels) at which a pixel of the renderer's window surface starts a cache line.
int cache_line_column(SDL_Renderer* renderer) {
  SDL_Window* window = SDL_RenderGetWindow(renderer);
  const SDL_Surface* surface = window != nullptr ? SDL_GetWindowSurface(window) : nullptr;
  if (surface == nullptr || surface->format->BytesPerPixel != 4) return 0;
  const auto offset = static_cast<int>(reinterpret_cast<std::uintptr_t>(surface->pixels) % (kLinePixels * 4));
  return (kLinePixels * 4 - offset) % (kLinePixels * 4) / 4;
}

void fill_opaque(SDL_Renderer* renderer, const Box& b, int line_column) {
  // Pixels from the last line start at or before x.
  const auto past_line_start = [line_column](int x) {
    return ((x - line_column) % kLinePixels + kLinePixels) % kLinePixels;
  };
  const int inner_left = b.x0 + (kLinePixels - past_line_start(b.x0)) % kLinePixels;
  const int inner_right = b.x1 - past_line_start(b.x1);
  const auto fill = [renderer, &b](int x0, int x1) {
    if (x1 <= x0) return;
    const SDL_Rect r{x0, b.y0, x1 - x0, b.y1 - b.y0};
    SDL_RenderFillRect(renderer, &r);
  };
  if (inner_right <= inner_left) {
    fill(b.x0, b.x1);
    return;
  }
  fill(b.x0, inner_left);
  fill(inner_left, inner_right);
  fill(inner_right, b.x1);
}

// One step of the frame, in drawing order.
struct Op {
  enum class Kind { fill, triangles, callback };
  Kind kind;
  Box clip;  // the clip rectangle it is drawn under
  Box area;  // every pixel it may change (fills: exactly the pixels they set)
  ImU32 colour = 0;
  const ImDrawList* list = nullptr;
  const ImDrawCmd* cmd = nullptr;
  unsigned from = 0, to = 0;  // triangles: indices [from, to) of cmd
  // From the occlusion pass: whether to draw it at all, and for a fill the pieces of its area
  // to fill (pieces [first_piece, first_piece + pieces) of the frame's list).
  bool drawn = true;
  std::size_t first_piece = 0, pieces = 0;
};

// Beyond this many pieces a fill is drawn whole (still correct: only slower).
constexpr std::size_t kMaxPieces = 32;

// The parts of `area` that no box of `occluders` covers, in `visible`; false when none is left.
// Beyond kMaxPieces pieces, `visible` is `area` itself.
bool uncovered(const Box& area, const std::vector<Box>& occluders, std::vector<Box>& visible, std::vector<Box>& scratch) {
  visible.assign(1, area);
  for (const Box& o : occluders) {
    scratch.clear();
    for (const Box& v : visible) subtract(v, o, scratch);
    visible.swap(scratch);
    if (visible.empty()) return false;
    if (visible.size() > kMaxPieces) {
      visible.assign(1, area);
      return true;
    }
  }
  return true;
}

// The frame as a list of steps: the clear, then ImGui's commands with every opaque solid
// rectangle a fill of its own and the triangles between them batched as ImGui sent them.
std::vector<Op> frame_ops(const ImDrawData* draw_data, Box screen, ImU32 background) {
  std::vector<Op> ops;
  ops.push_back({Op::Kind::fill, screen, screen, background});
  const ImVec2 clip_off = draw_data->DisplayPos;
  const ImVec2 clip_scale = draw_data->FramebufferScale;
  for (int n = 0; n < draw_data->CmdListsCount; ++n) {
    const ImDrawList* list = draw_data->CmdLists[n];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback != nullptr) {
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState)
          ops.push_back({Op::Kind::callback, screen, screen, 0, list, &cmd});
        continue;
      }
      const float lo_x = std::max((cmd.ClipRect.x - clip_off.x) * clip_scale.x, 0.0f);
      const float lo_y = std::max((cmd.ClipRect.y - clip_off.y) * clip_scale.y, 0.0f);
      const float hi_x = std::min((cmd.ClipRect.z - clip_off.x) * clip_scale.x, static_cast<float>(screen.x1));
      const float hi_y = std::min((cmd.ClipRect.w - clip_off.y) * clip_scale.y, static_cast<float>(screen.y1));
      if (hi_x <= lo_x || hi_y <= lo_y) continue;
      // The stock back end's integer clip rectangle: origin and size truncated.
      const int cx = static_cast<int>(lo_x);
      const int cy = static_cast<int>(lo_y);
      const Box clip{cx, cy, cx + static_cast<int>(hi_x - lo_x), cy + static_cast<int>(hi_y - lo_y)};
      if (clip.empty()) continue;

      const ImDrawVert* vtx = list->VtxBuffer.Data + cmd.VtxOffset;
      const ImDrawIdx* idx = list->IdxBuffer.Data + cmd.IdxOffset;
      const auto triangles = [&](unsigned from, unsigned to) {
        if (to == from) return;
        float x0 = vtx[idx[from]].pos.x, x1 = x0, y0 = vtx[idx[from]].pos.y, y1 = y0;
        for (unsigned i = from + 1; i < to; ++i) {
          const ImVec2& p = vtx[idx[i]].pos;
          x0 = std::min(x0, p.x);
          x1 = std::max(x1, p.x);
          y0 = std::min(y0, p.y);
          y1 = std::max(y1, p.y);
        }
        // A pixel of margin on every side for the rasteriser's rounding.
        const Box bounds{static_cast<int>(std::floor(x0)) - 1, static_cast<int>(std::floor(y0)) - 1,
                         static_cast<int>(std::ceil(x1)) + 1, static_cast<int>(std::ceil(y1)) + 1};
        ops.push_back({Op::Kind::triangles, clip, intersect(bounds, clip), 0, list, &cmd, from, to});
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
        triangles(pending, i);
        ops.push_back({Op::Kind::fill, clip, intersect(fill_box(rect), clip), colour});
        i += 6;
        pending = i;
      }
      triangles(pending, cmd.ElemCount);
    }
  }
  return ops;
}

// Adds `box` to the occluders, merged with any it makes one rectangle with (the squares of a
// board become one box), so that what they cover is cut out in few pieces.
void add_occluder(std::vector<Box>& occluders, Box box) {
  for (bool merged = true; merged;) {
    merged = false;
    for (auto o = occluders.begin(); o != occluders.end(); ++o) {
      const bool same_rows = o->y0 == box.y0 && o->y1 == box.y1 && o->x0 <= box.x1 && box.x0 <= o->x1;
      const bool same_columns = o->x0 == box.x0 && o->x1 == box.x1 && o->y0 <= box.y1 && box.y0 <= o->y1;
      const bool inside = o->x0 <= box.x0 && box.x1 <= o->x1 && o->y0 <= box.y0 && box.y1 <= o->y1;
      const bool around = box.x0 <= o->x0 && o->x1 <= box.x1 && box.y0 <= o->y0 && o->y1 <= box.y1;
      if (inside) return;
      if (!same_rows && !same_columns && !around) continue;
      box = {std::min(o->x0, box.x0), std::min(o->y0, box.y0), std::max(o->x1, box.x1), std::max(o->y1, box.y1)};
      occluders.erase(o);
      merged = true;
      break;
    }
  }
  occluders.push_back(box);
}

// Back to front: a step whose area later opaque fills cover entirely is dropped, and a fill
// keeps only the pieces of its area that no later fill covers.
std::vector<Box> cull_covered(std::vector<Op>& ops) {
  std::vector<Box> pieces;
  std::vector<Box> occluders;
  std::vector<Box> visible;
  std::vector<Box> scratch;
  for (auto op = ops.rbegin(); op != ops.rend(); ++op) {
    if (op->area.empty()) {
      op->drawn = false;
      continue;
    }
    if (op->kind == Op::Kind::callback) continue;
    op->drawn = uncovered(op->area, occluders, visible, scratch);
    if (op->kind != Op::Kind::fill) continue;
    if (op->drawn) {
      op->first_piece = pieces.size();
      op->pieces = visible.size();
      pieces.insert(pieces.end(), visible.begin(), visible.end());
    }
    add_occluder(occluders, op->area);
  }
  return pieces;
}

}  // namespace

void render_draw_data_software(SDL_Renderer* renderer, ImDrawData* draw_data, Rgb8 background) {
  const int fb_width = static_cast<int>(draw_data->DisplaySize.x * draw_data->FramebufferScale.x);
  const int fb_height = static_cast<int>(draw_data->DisplaySize.y * draw_data->FramebufferScale.y);
  if (fb_width <= 0 || fb_height <= 0) return;
  SDL_RenderSetViewport(renderer, nullptr);
  std::vector<Op> ops =
      frame_ops(draw_data, Box{0, 0, fb_width, fb_height}, IM_COL32(background.r, background.g, background.b, 255));
  const std::vector<Box> pieces = cull_covered(ops);
  const int line_column = cache_line_column(renderer);

  for (const Op& op : ops) {
    if (!op.drawn) continue;
    const SDL_Rect clip{op.clip.x0, op.clip.y0, op.clip.x1 - op.clip.x0, op.clip.y1 - op.clip.y0};
    SDL_RenderSetClipRect(renderer, &clip);
    switch (op.kind) {
      case Op::Kind::fill:
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE);
        SDL_SetRenderDrawColor(renderer, static_cast<Uint8>(op.colour >> IM_COL32_R_SHIFT),
                               static_cast<Uint8>(op.colour >> IM_COL32_G_SHIFT),
                               static_cast<Uint8>(op.colour >> IM_COL32_B_SHIFT), 255);
        for (std::size_t p = 0; p < op.pieces; ++p) fill_opaque(renderer, pieces[op.first_piece + p], line_column);
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
        break;
      case Op::Kind::triangles: {
        const ImDrawVert* vtx = op.list->VtxBuffer.Data + op.cmd->VtxOffset;
        const ImDrawIdx* idx = op.list->IdxBuffer.Data + op.cmd->IdxOffset;
        const char* base = reinterpret_cast<const char*>(vtx);
        SDL_RenderGeometryRaw(renderer, static_cast<SDL_Texture*>(op.cmd->GetTexID()),
                              reinterpret_cast<const float*>(base + offsetof(ImDrawVert, pos)), sizeof(ImDrawVert),
                              reinterpret_cast<const SDL_Color*>(base + offsetof(ImDrawVert, col)), sizeof(ImDrawVert),
                              reinterpret_cast<const float*>(base + offsetof(ImDrawVert, uv)), sizeof(ImDrawVert),
                              op.list->VtxBuffer.Size - static_cast<int>(op.cmd->VtxOffset), idx + op.from,
                              static_cast<int>(op.to - op.from), sizeof(ImDrawIdx));
        break;
      }
      case Op::Kind::callback:
        op.cmd->UserCallback(op.list, op.cmd);
        break;
    }
  }
  SDL_RenderSetClipRect(renderer, nullptr);
}

}  // namespace parley::ui::sdl
