#include "ui/sdl/info_view.hpp"

#include <imgui.h>

#include "ui/sdl/window.hpp"

namespace parley::ui::sdl {

void info_section(const Window& window, const char* heading, const std::vector<const char*>& bullets) {
  ImGui::Spacing();
  ImGui::PushFont(window.heading_font());
  ImGui::TextUnformatted(heading);
  ImGui::PopFont();
  for (const char* line : bullets) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", line);
  }
}

}  // namespace parley::ui::sdl
