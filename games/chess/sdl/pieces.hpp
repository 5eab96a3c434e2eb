#pragma once
// The chess pieces, drawn from DejaVu Sans' chess glyphs with SDL_ttf into one texture (one
// cell per piece, so a whole board is drawn from a single texture): white pieces are the solid
// glyph filled white under the outline glyph in black; black pieces the solid glyph in near-
// black under the outline glyph in a light grey, which keeps their inner lines. Rasterised
// again whenever the squares change size, at the display's own pixel size.
// A second texture holds every piece already standing on each of the board's two square
// colours, opaque: drawing a square with its piece is then one plain copy instead of a fill and
// a blend of every pixel (most of a board's cost with SDL's software renderer).
#include <cstdint>
#include <filesystem>

#include "game/chess/types.hpp"

struct SDL_Renderer;
struct SDL_Texture;
typedef struct _TTF_Font TTF_Font;

namespace parley::ui::sdl {

class PieceAtlas {
 public:
  // Square colours as ImGui packs them (IM_COL32: red in the low byte).
  PieceAtlas(SDL_Renderer* renderer, std::filesystem::path font, std::uint32_t light_square, std::uint32_t dark_square);
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
  // The pieces on their squares (drawn without blending), and a piece's cell on a light or dark square.
  SDL_Texture* tiles() const { return tiles_; }
  Uv tile_uv(game::chess::Piece piece, bool light_square) const;

 private:
  SDL_Renderer* renderer_;
  std::filesystem::path font_path_;
  std::uint32_t square_colours_[2];  // dark, light
  SDL_Texture* texture_ = nullptr;
  SDL_Texture* tiles_ = nullptr;
  int cell_ = 0;
};

}  // namespace parley::ui::sdl
