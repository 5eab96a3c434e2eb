#pragma once
// The chess pieces, drawn from DejaVu Sans' chess glyphs with SDL_ttf into one texture (one
// cell per piece, so a whole board is drawn from a single texture): white pieces are the solid
// glyph filled white under the outline glyph in black; black pieces the solid glyph in near-
// black under the outline glyph in a light grey, which keeps their inner lines. Rasterised
// again whenever the squares change size, at the display's own pixel size.
#include <filesystem>

#include "game/chess/types.hpp"

struct SDL_Renderer;
struct SDL_Texture;
typedef struct _TTF_Font TTF_Font;

namespace parley::ui::sdl {

class PieceAtlas {
 public:
  PieceAtlas(SDL_Renderer* renderer, std::filesystem::path font);
  ~PieceAtlas();
  PieceAtlas(const PieceAtlas&) = delete;
  PieceAtlas& operator=(const PieceAtlas&) = delete;

  // Makes sure the pieces exist at `pixels` per cell (renderer pixels); false if the font
  // could not be read.
  bool prepare(int pixels);
  SDL_Texture* texture() const { return texture_; }
  // The piece's cell in the texture, as texture coordinates (u0, v0, u1, v1).
  struct Uv {
    float u0, v0, u1, v1;
  };
  Uv uv(game::chess::Piece piece) const;

 private:
  SDL_Renderer* renderer_;
  std::filesystem::path font_path_;
  SDL_Texture* texture_ = nullptr;
  int cell_ = 0;
};

}  // namespace parley::ui::sdl
