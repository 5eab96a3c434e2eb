#pragma once
// ImGui buttons whose place on screen is kept from the last frame, so that a test can click
// where a button really was drawn (end-to-end tests drive the real window with the mouse).
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "ui/core/geometry.hpp"

namespace parley::ui::sdl {

class DrawnButtons {
 public:
  // ImGui's Button (or SmallButton), its rectangle kept under its label.
  bool button(const char* label, bool small = false);
  // Where the button with this label was drawn since the last clear(), if it was.
  std::optional<Rect> find(std::string_view label) const;
  void clear() { rects_.clear(); }

 private:
  std::map<std::string, Rect, std::less<>> rects_;
};

}  // namespace parley::ui::sdl
