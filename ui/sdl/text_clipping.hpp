#pragma once
// Text cut off by its box, measured on a frame's draw data (docs/ui.md, "Tests"): a glyph of the
// font whose quad crosses the left or right edge of the clip rectangle it is drawn under (a
// name wider than its column, a line wider than its window), or that ImGui trimmed itself (a
// label wider than its button). A glyph cut at the top or bottom edge is a list scrolled, not
// text too wide, and is not counted. Not seen: glyphs ImGui left out whole past a button's edge
// when none straddles it (a fixed-width button's label is checked by its own width instead).
#include <string>
#include <vector>

#include "ui/core/geometry.hpp"

struct ImDrawData;

namespace parley::ui::sdl {

struct ClippedGlyph {
  Rect glyph;  // the glyph's quad, in window pixels
  Rect clip;   // the rectangle that cuts it
};

// Every glyph of the frame's text (the font atlas's texture) cut by more than `tolerance`
// pixels at the left or right of its clip rectangle. Call after ImGui::Render (Window::end_frame).
std::vector<ClippedGlyph> clipped_glyphs(const ImDrawData* data, float tolerance = 1.0f);
// "a glyph at X,Y cut by the box X,Y WxH", for a test's failure message.
std::string describe(const ClippedGlyph& clipped);

}  // namespace parley::ui::sdl
