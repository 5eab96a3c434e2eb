#pragma once
// The names on Gunjin pieces (大将, 飛行機, タンク, …) drawn with SDL_ttf from IPA Gothic
// (fonts-ipafont-gothic) into one texture, white on transparent, so that one texture serves
// every piece and the board tints the ink. Without a Japanese font the romaji reading is drawn
// instead. Rasterised again whenever the pieces change size, at the display's own pixels.
#include <array>
#include <filesystem>
#include <optional>

#include "game/gunjin/kind.hpp"

struct SDL_Renderer;
struct SDL_Texture;

namespace parley::ui::sdl {

class GunjinPieceAtlas {
 public:
  // `japanese`: IPA Gothic, if installed; `fallback`: DejaVu Sans (romaji names).
  GunjinPieceAtlas(SDL_Renderer* renderer, std::optional<std::filesystem::path> japanese,
                   std::filesystem::path fallback);
  ~GunjinPieceAtlas();
  GunjinPieceAtlas(const GunjinPieceAtlas&) = delete;
  GunjinPieceAtlas& operator=(const GunjinPieceAtlas&) = delete;

  // Makes sure the names exist with glyphs `pixels` high (renderer pixels); false if no font
  // could be read.
  bool prepare(int pixels);
  SDL_Texture* texture() const { return texture_; }
  struct Label {
    float u0, v0, u1, v1;  // texture coordinates of the name's ink
    int width, height;     // its size in renderer pixels
  };
  const Label& label(game::gunjin::Kind kind) const { return labels_[game::gunjin::index_of(kind)]; }

 private:
  SDL_Renderer* renderer_;
  std::optional<std::filesystem::path> japanese_;
  std::filesystem::path fallback_;
  SDL_Texture* texture_ = nullptr;
  int pixels_ = 0;
  std::array<Label, game::gunjin::kKindCount> labels_{};
};

}  // namespace parley::ui::sdl
