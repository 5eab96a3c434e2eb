#pragma once
// Windows a person opens beside any screen — a game's rules in short, Gunjin's battle chart —
// each a registered view: a game's module provides the InfoViews facet (games/NAME/sdl/views.cpp)
// and Screens lists every one in the Help menu, the game in question's first; a game's own view
// may open one from a button (Screens::open_info). Adding one edits no central class.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ui/sdl/game_view.hpp"

namespace parley::ui::sdl {

class InfoView {
 public:
  virtual ~InfoView() = default;
  // Its name among its game's windows ("rules", "battle-chart"), for Screens::open_info.
  virtual std::string_view id() const = 0;
  // Its title, in the person's language (the menu item and the window's title bar).
  virtual std::string title() const = 0;
  // Its size when first opened, at scale 1.
  virtual float width() const { return 620; }
  virtual float height() const { return 520; }
  // The window's content, every frame while it is open.
  virtual void draw(std::uint64_t local_ms) = 0;
};

// The facet: a game's windows, made once per Screens.
class InfoViews {
 public:
  virtual ~InfoViews() = default;
  virtual std::vector<std::unique_ptr<InfoView>> views(const ViewContext& context) const = 0;
};

}  // namespace parley::ui::sdl

namespace parley::ui::sdl {

// A heading in the window's heading font, then one wrapped bullet per line: the rules windows'
// paragraphs. The texts are already translated.
void info_section(const Window& window, const char* heading, const std::vector<const char*>& bullets);

}  // namespace parley::ui::sdl
