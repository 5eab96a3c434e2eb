#pragma once
// Dear ImGui's draw data through SDL's *software* renderer, drawn faster than the stock back
// end (SDL_RenderClear, then ImGui_ImplSDLRenderer_RenderDrawData) and to the same pixels:
// - SDL turns an axis-aligned quad of one colour into a rectangle fill, but always a blended
//   one: every opaque panel, square and button then costs a multiply per channel per pixel.
//   Here opaque solid rectangles are filled without blending (a plain memory fill).
// - The frame is mostly such rectangles, several layers deep (the background, a panel, the
//   child regions on it, the board's squares). Whatever a later opaque rectangle covers
//   completely is not drawn at all, and an opaque rectangle is filled only where no later one
//   covers it.
// - Fills are split where SDL's own fill is slow (see fill_opaque).
// Everything else goes to SDL_RenderGeometryRaw exactly as the stock back end sends it, in the
// same order and under the same clip rectangles.
struct SDL_Renderer;
struct ImDrawData;

namespace parley::ui::sdl {

struct Rgb8 {
  unsigned char r, g, b;
};

// Clears the renderer's target to `background` and draws `draw_data` over it.
void render_draw_data_software(SDL_Renderer* renderer, ImDrawData* draw_data, Rgb8 background);

}  // namespace parley::ui::sdl
