#pragma once
// The fonts the client draws with, from Debian's font packages: DejaVu Sans (fonts-dejavu-core)
// for text and the chess pieces' glyphs, IPA Gothic (fonts-ipafont-gothic) for Japanese names
// and, later, Gunjin's pieces. PARLEY_FONT_DIR overrides where they are looked for.
#include <filesystem>
#include <optional>
#include <string>

#include "game/core/result.hpp"

namespace parley::ui::sdl {

struct FontFiles {
  std::filesystem::path sans;       // DejaVuSans.ttf
  std::filesystem::path sans_bold;  // DejaVuSans-Bold.ttf
  std::filesystem::path mono_bold;  // DejaVuSansMono-Bold.ttf (clocks)
  std::optional<std::filesystem::path> japanese;  // ipag.ttf, if installed
};

// The font files, or the reason they cannot be found (which package to install).
game::Result<FontFiles, std::string> find_fonts();

}  // namespace parley::ui::sdl
