#include "ui/sdl/drawn_buttons.hpp"

#include <imgui.h>

namespace parley::ui::sdl {

bool DrawnButtons::button(const char* label, bool small) {
  const bool pressed = small ? ImGui::SmallButton(label) : ImGui::Button(label);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  rects_.insert_or_assign(label, Rect{static_cast<int>(min.x), static_cast<int>(min.y), static_cast<int>(max.x - min.x),
                                      static_cast<int>(max.y - min.y)});
  return pressed;
}

std::optional<Rect> DrawnButtons::find(std::string_view label) const {
  auto it = rects_.find(label);
  if (it == rects_.end()) return std::nullopt;
  return it->second;
}

}  // namespace parley::ui::sdl
