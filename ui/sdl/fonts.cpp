#include "ui/sdl/fonts.hpp"

#include <cstdlib>
#include <vector>

#include "i18n/i18n.hpp"

namespace parley::ui::sdl {

namespace fs = std::filesystem;

namespace {

std::optional<fs::path> find(const std::vector<fs::path>& dirs, const char* name) {
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (fs::is_regular_file(dir / name, ec)) return dir / name;
  }
  return std::nullopt;
}

}  // namespace

game::Result<FontFiles, std::string> find_fonts() {
  std::vector<fs::path> dirs;
  if (const char* env = std::getenv("PARLEY_FONT_DIR"); env != nullptr && *env != '\0') dirs.emplace_back(env);
  dirs.insert(dirs.end(), {"/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu",
                           "/usr/local/share/fonts", "/usr/share/fonts/opentype/ipafont-gothic",
                           "/usr/share/fonts/truetype/fonts-japanese-gothic"});
  auto sans = find(dirs, "DejaVuSans.ttf");
  auto bold = find(dirs, "DejaVuSans-Bold.ttf");
  auto mono = find(dirs, "DejaVuSansMono-Bold.ttf");
  if (!sans || !bold || !mono)
    return std::string(
        i18n::tr("the DejaVu fonts are missing: install fonts-dejavu-core (scripts/setup), or set PARLEY_FONT_DIR"));
  return FontFiles{*sans, *bold, *mono, find(dirs, "ipag.ttf")};
}

}  // namespace parley::ui::sdl
