#include "games/gunjin/sdl/gunjin_pieces.hpp"

#include <SDL.h>
#include <SDL_ttf.h>

#include <algorithm>
#include <string>

namespace parley::ui::sdl {

using namespace game::gunjin;

namespace {

// The opaque bounds of a rendered text (ARGB8888).
SDL_Rect ink_bounds(SDL_Surface* s) {
  SDL_LockSurface(s);
  int x0 = s->w, y0 = s->h, x1 = -1, y1 = -1;
  for (int y = 0; y < s->h; ++y) {
    const auto* row = static_cast<const Uint32*>(s->pixels) + static_cast<std::ptrdiff_t>(y) * (s->pitch / 4);
    for (int x = 0; x < s->w; ++x) {
      if ((row[x] >> 24) == 0) continue;
      x0 = std::min(x0, x);
      y0 = std::min(y0, y);
      x1 = std::max(x1, x);
      y1 = std::max(y1, y);
    }
  }
  SDL_UnlockSurface(s);
  if (x1 < 0) return {0, 0, 1, 1};
  return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

}  // namespace

GunjinPieceAtlas::GunjinPieceAtlas(SDL_Renderer* renderer, std::optional<std::filesystem::path> japanese,
                                   std::filesystem::path fallback)
    : renderer_(renderer), japanese_(std::move(japanese)), fallback_(std::move(fallback)) {
  if (TTF_WasInit() == 0) TTF_Init();
}

GunjinPieceAtlas::~GunjinPieceAtlas() {
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
}

bool GunjinPieceAtlas::prepare(int pixels) {
  pixels = std::max(pixels, 8);
  if (texture_ != nullptr && pixels_ == pixels) return true;
  const bool kanji = japanese_.has_value();
  TTF_Font* font = TTF_OpenFont((kanji ? *japanese_ : fallback_).c_str(), pixels);
  if (font == nullptr) return false;
  // One row per kind, wide enough for three kanji or a romaji word.
  const int cell_w = pixels * 6, cell_h = pixels * 2;
  SDL_Surface* atlas = SDL_CreateRGBSurfaceWithFormat(0, cell_w, cell_h * static_cast<int>(kKindCount), 32,
                                                      SDL_PIXELFORMAT_ARGB8888);
  if (atlas == nullptr) {
    TTF_CloseFont(font);
    return false;
  }
  SDL_FillRect(atlas, nullptr, 0);
  for (Kind k : kAllKinds) {
    const std::string text(kanji ? japanese_name(k) : reading(k));
    SDL_Surface* rendered = TTF_RenderUTF8_Blended(font, text.c_str(), SDL_Color{255, 255, 255, 255});
    if (rendered == nullptr) continue;
    SDL_Surface* argb = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(rendered);
    if (argb == nullptr) continue;
    SDL_Rect ink = ink_bounds(argb);
    ink.w = std::min(ink.w, cell_w);
    ink.h = std::min(ink.h, cell_h);
    const int row = index_of(k) * cell_h;
    SDL_Rect to{0, row, ink.w, ink.h};
    SDL_SetSurfaceBlendMode(argb, SDL_BLENDMODE_NONE);
    SDL_BlitSurface(argb, &ink, atlas, &to);
    SDL_FreeSurface(argb);
    const float W = static_cast<float>(cell_w), H = static_cast<float>(atlas->h);
    labels_[index_of(k)] = {0, static_cast<float>(row) / H, static_cast<float>(ink.w) / W,
                            static_cast<float>(row + ink.h) / H, ink.w, ink.h};
  }
  TTF_CloseFont(font);
  SDL_Texture* texture = SDL_CreateTextureFromSurface(renderer_, atlas);
  SDL_FreeSurface(atlas);
  if (texture == nullptr) return false;
  SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
  SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear);
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
  texture_ = texture;
  pixels_ = pixels;
  return true;
}

}  // namespace parley::ui::sdl
