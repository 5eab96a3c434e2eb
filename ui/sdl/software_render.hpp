#pragma once
// Dear ImGui's draw data through SDL's *software* renderer, drawn faster than the stock back
// end does it. SDL turns an axis-aligned quad of one colour into a rectangle fill, but always a
// blended one: every opaque panel, square and button then costs a multiply per channel per
// pixel, and the client's frame is mostly such rectangles, several layers deep. Here opaque
// solid rectangles are filled without blending (a plain memory fill; the pixels are identical),
// and everything else goes to SDL_RenderGeometryRaw exactly as the stock back end sends it,
// in the same order and under the same clip rectangles.
struct SDL_Renderer;
struct ImDrawData;

namespace parley::ui::sdl {

void render_draw_data_software(SDL_Renderer* renderer, ImDrawData* draw_data);

}  // namespace parley::ui::sdl
