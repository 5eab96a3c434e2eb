#include "games/chess/sdl/pieces.hpp"

#include <SDL.h>
#include <SDL_ttf.h>

#include <algorithm>

namespace parley::ui::sdl {

using game::chess::Color;
using game::chess::Piece;
using game::chess::PieceType;

namespace {

// U+2654 … U+2659 are the outline glyphs (white king … white pawn), U+265A … U+265F the solid
// ones, in the order king, queen, rook, bishop, knight, pawn.
Uint32 glyph_offset(PieceType t) {
  switch (t) {
    case PieceType::king: return 0;
    case PieceType::queen: return 1;
    case PieceType::rook: return 2;
    case PieceType::bishop: return 3;
    case PieceType::knight: return 4;
    case PieceType::pawn: return 5;
    case PieceType::none: break;
  }
  return 5;
}

struct Surface {
  SDL_Surface* s = nullptr;
  ~Surface() { SDL_FreeSurface(s); }
};

// The opaque bounds of a rendered glyph.
SDL_Rect ink_bounds(SDL_Surface* s) {
  SDL_LockSurface(s);
  int x0 = s->w, y0 = s->h, x1 = -1, y1 = -1;
  for (int y = 0; y < s->h; ++y) {
    const auto* row = static_cast<const Uint32*>(s->pixels) + static_cast<std::ptrdiff_t>(y) * (s->pitch / 4);
    for (int x = 0; x < s->w; ++x) {
      if ((row[x] >> 24) == 0) continue;  // ARGB8888: alpha in the top byte
      x0 = std::min(x0, x);
      y0 = std::min(y0, y);
      x1 = std::max(x1, x);
      y1 = std::max(y1, y);
    }
  }
  SDL_UnlockSurface(s);
  if (x1 < 0) return {0, 0, 0, 0};
  return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

SDL_Surface* render(TTF_Font* font, Uint32 codepoint, SDL_Color color) {
  SDL_Surface* glyph = TTF_RenderGlyph32_Blended(font, codepoint, color);
  if (glyph == nullptr) return nullptr;
  SDL_Surface* argb = SDL_ConvertSurfaceFormat(glyph, SDL_PIXELFORMAT_ARGB8888, 0);
  SDL_FreeSurface(glyph);
  return argb;
}

}  // namespace

PieceAtlas::PieceAtlas(SDL_Renderer* renderer, std::filesystem::path font, std::uint32_t light_square,
                       std::uint32_t dark_square)
    : renderer_(renderer), font_path_(std::move(font)), square_colours_{dark_square, light_square} {
  if (TTF_WasInit() == 0) TTF_Init();
}

PieceAtlas::~PieceAtlas() {
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
  if (tiles_ != nullptr) SDL_DestroyTexture(tiles_);
}

bool PieceAtlas::prepare(int pixels) {
  pixels = std::max(pixels, 8);
  if (texture_ != nullptr && cell_ == pixels) return true;
  // The glyphs are drawn a little larger than needed and then fitted to 88% of the cell, so
  // every piece stands on the same baseline with the same margins whatever the font's metrics.
  TTF_Font* font = TTF_OpenFont(font_path_.c_str(), pixels);
  if (font == nullptr) return false;
  Surface atlas{SDL_CreateRGBSurfaceWithFormat(0, pixels * 6, pixels * 2, 32, SDL_PIXELFORMAT_ARGB8888)};
  if (atlas.s == nullptr) {
    TTF_CloseFont(font);
    return false;
  }
  SDL_FillRect(atlas.s, nullptr, 0);
  const SDL_Color white{250, 250, 248, 255}, black{28, 28, 30, 255}, line_dark{20, 20, 22, 255},
      line_light{200, 200, 196, 255};
  // One scale for every piece, from the tallest glyph (the king), so the pieces keep their
  // relative sizes.
  Surface king{render(font, 0x265A, black)};
  SDL_Rect king_ink = king.s ? ink_bounds(king.s) : SDL_Rect{0, 0, pixels, pixels};
  const float fit = 0.86f * static_cast<float>(pixels) / static_cast<float>(std::max(king_ink.h, 1));
  for (int colour = 0; colour < 2; ++colour) {
    for (int t = 0; t < 6; ++t) {
      auto type = static_cast<PieceType>(t);
      Uint32 offset = glyph_offset(type);
      const bool is_white = colour == 0;
      Surface fill{render(font, 0x265A + offset, is_white ? white : black)};
      Surface line{render(font, 0x2654 + offset, is_white ? line_dark : line_light)};
      if (fill.s == nullptr || line.s == nullptr) continue;
      SDL_SetSurfaceBlendMode(fill.s, SDL_BLENDMODE_BLEND);
      SDL_SetSurfaceBlendMode(line.s, SDL_BLENDMODE_BLEND);
      // Both glyphs share the font's advance and baseline: lay the outline over the fill.
      SDL_Surface* piece = SDL_CreateRGBSurfaceWithFormat(0, fill.s->w, fill.s->h, 32, SDL_PIXELFORMAT_ARGB8888);
      SDL_FillRect(piece, nullptr, 0);
      SDL_SetSurfaceBlendMode(piece, SDL_BLENDMODE_BLEND);
      SDL_BlitSurface(fill.s, nullptr, piece, nullptr);
      SDL_BlitSurface(line.s, nullptr, piece, nullptr);
      SDL_Rect ink = ink_bounds(piece);
      const int w = std::max(1, static_cast<int>(static_cast<float>(ink.w) * fit));
      const int h = std::max(1, static_cast<int>(static_cast<float>(ink.h) * fit));
      // Centred across, standing on a common base line 6% above the cell's bottom.
      SDL_Rect to{static_cast<int>(offset) * pixels + (pixels - w) / 2, colour * pixels + pixels - h - pixels * 6 / 100, w, h};
      SDL_BlitScaled(piece, &ink, atlas.s, &to);
      SDL_FreeSurface(piece);
    }
  }
  TTF_CloseFont(font);
  // The tiles: rows of white then black pieces on the dark squares, then the same on the light.
  Surface tiles{SDL_CreateRGBSurfaceWithFormat(0, pixels * 6, pixels * 4, 32, SDL_PIXELFORMAT_ARGB8888)};
  if (tiles.s == nullptr) return false;
  SDL_SetSurfaceBlendMode(atlas.s, SDL_BLENDMODE_BLEND);
  for (int light = 0; light < 2; ++light) {
    const std::uint32_t c = square_colours_[light];
    SDL_Rect rows{0, light * 2 * pixels, pixels * 6, pixels * 2};
    SDL_FillRect(tiles.s, &rows, SDL_MapRGBA(tiles.s->format, c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, 255));
    SDL_BlitSurface(atlas.s, nullptr, tiles.s, &rows);
  }
  SDL_Texture* texture = SDL_CreateTextureFromSurface(renderer_, atlas.s);
  SDL_Texture* tile_texture = SDL_CreateTextureFromSurface(renderer_, tiles.s);
  if (texture == nullptr || tile_texture == nullptr) {
    if (texture != nullptr) SDL_DestroyTexture(texture);
    if (tile_texture != nullptr) SDL_DestroyTexture(tile_texture);
    return false;
  }
  SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
  SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear);
  SDL_SetTextureBlendMode(tile_texture, SDL_BLENDMODE_NONE);
  SDL_SetTextureScaleMode(tile_texture, SDL_ScaleModeLinear);
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
  if (tiles_ != nullptr) SDL_DestroyTexture(tiles_);
  texture_ = texture;
  tiles_ = tile_texture;
  cell_ = pixels;
  return true;
}

PieceAtlas::Uv PieceAtlas::uv(Piece piece) const {
  // Cells are laid out in glyph order: king, queen, rook, bishop, knight, pawn.
  const float c = static_cast<float>(glyph_offset(piece.type));
  const float r = piece.color == Color::white ? 0.0f : 1.0f;
  return {c / 6.0f, r / 2.0f, (c + 1.0f) / 6.0f, (r + 1.0f) / 2.0f};
}

PieceAtlas::Uv PieceAtlas::tile_uv(Piece piece, bool light_square) const {
  const float c = static_cast<float>(glyph_offset(piece.type));
  const float r = (piece.color == Color::white ? 0.0f : 1.0f) + (light_square ? 2.0f : 0.0f);
  return {c / 6.0f, r / 4.0f, (c + 1.0f) / 6.0f, (r + 1.0f) / 4.0f};
}

}  // namespace parley::ui::sdl
