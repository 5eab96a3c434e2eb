#include "ui/sdl/window.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>
#include <stb/stb_image_write.h>

#include "i18n/i18n.hpp"
#include "ui/sdl/software_render.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string_view>

namespace parley::ui::sdl {

namespace {

float display_scale(SDL_Window* window) {
  if (const char* env = std::getenv("PARLEY_UI_SCALE"); env != nullptr && *env != '\0') {
    float s = std::strtof(env, nullptr);
    if (s >= 0.5f && s <= 4.0f) return s;
  }
  float ddpi = 0;
  int display = SDL_GetWindowDisplayIndex(window);
  if (display < 0 || SDL_GetDisplayDPI(display, &ddpi, nullptr, nullptr) != 0 || ddpi <= 0) return 1.0f;
  // Quarter steps from 96 dpi; displays that report silly figures stay readable.
  return std::clamp(std::round(ddpi / 96.0f * 4.0f) / 4.0f, 1.0f, 3.0f);
}

// `software`: SDL's software renderer draws axis-aligned quads as fast rectangle fills and
// copies but rasterises every other triangle pixel by pixel; square corners and no
// anti-aliased fringes keep all of ImGui's geometry on the fast path.
void apply_style(float scale, bool software) {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 6;
  style.ChildRounding = 6;
  style.FrameRounding = 5;
  style.PopupRounding = 6;
  style.GrabRounding = 4;
  style.TabRounding = 5;
  style.WindowPadding = ImVec2(12, 12);
  style.FramePadding = ImVec2(9, 6);
  style.ItemSpacing = ImVec2(10, 8);
  style.WindowBorderSize = 0;
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.13f, 0.14f, 0.16f, 1.0f);
  c[ImGuiCol_ChildBg] = ImVec4(0.17f, 0.18f, 0.21f, 1.0f);
  c[ImGuiCol_PopupBg] = ImVec4(0.15f, 0.16f, 0.19f, 0.98f);
  c[ImGuiCol_MenuBarBg] = ImVec4(0.10f, 0.11f, 0.13f, 1.0f);
  c[ImGuiCol_Button] = ImVec4(0.27f, 0.42f, 0.62f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.33f, 0.52f, 0.76f, 1.0f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.22f, 0.36f, 0.55f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.27f, 0.42f, 0.62f, 0.55f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.33f, 0.52f, 0.76f, 0.70f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.33f, 0.52f, 0.76f, 0.90f);
  c[ImGuiCol_FrameBg] = ImVec4(0.22f, 0.23f, 0.27f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.28f, 0.30f, 0.35f, 1.0f);
  c[ImGuiCol_TableHeaderBg] = ImVec4(0.20f, 0.21f, 0.25f, 1.0f);
  if (software) {
    style.WindowRounding = style.ChildRounding = style.FrameRounding = style.PopupRounding = 0;
    style.GrabRounding = style.TabRounding = style.ScrollbarRounding = 0;
    style.AntiAliasedLines = style.AntiAliasedLinesUseTex = style.AntiAliasedFill = false;
    // A table's alternate rows are a faint white wash (6%) over a child region: blended pixel by
    // pixel, the rows of the move list cost more than the rest of the panel. Mixed with the
    // child's colour beforehand (every table with row colours sits in one), they are opaque
    // fills that look the same.
    const ImVec4 child = c[ImGuiCol_ChildBg];
    const ImVec4 wash = c[ImGuiCol_TableRowBgAlt];
    const auto mix = [&](float under, float over) { return under + (over - under) * wash.w; };
    c[ImGuiCol_TableRowBgAlt] = ImVec4(mix(child.x, wash.x), mix(child.y, wash.y), mix(child.z, wash.z), 1.0f);
  }
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

// Whether `renderer` draws through an OpenGL driver that rasterises on the CPU (Mesa's
// llvmpipe, softpipe or swrast: a machine without a GPU driver). SDL's software renderer with
// the client's own drawing (software_render.hpp) is then faster: on this machine's Xvfb,
// llvmpipe frames took 16 ms (held to the 60 Hz swap, every core busy), software ones 2-3 ms.
bool cpu_rasterised_gl(SDL_Renderer* renderer) {
  SDL_RendererInfo info;
  if (SDL_GetRendererInfo(renderer, &info) != 0 || std::string_view(info.name).find("opengl") == std::string_view::npos)
    return false;
  using GetString = const unsigned char* (*)(unsigned);
  constexpr unsigned kGlRenderer = 0x1F01;
  auto get_string = reinterpret_cast<GetString>(SDL_GL_GetProcAddress("glGetString"));
  const unsigned char* name = get_string != nullptr ? get_string(kGlRenderer) : nullptr;
  if (name == nullptr) return false;
  const std::string_view gl(reinterpret_cast<const char*>(name));
  return gl.find("llvmpipe") != std::string_view::npos || gl.find("softpipe") != std::string_view::npos ||
         gl.find("Software Rasterizer") != std::string_view::npos;
}

bool env_set(const char* variable) {
  const char* value = std::getenv(variable);
  return value != nullptr && *value != '\0';
}

}  // namespace

std::optional<std::string> missing_display() {
#if defined(__unix__) && !defined(__APPLE__)
  if (!env_set("DISPLAY") && !env_set("WAYLAND_DISPLAY") && !env_set("SDL_VIDEODRIVER"))
    return std::string(i18n::tr(
        "no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset): run it in a desktop session, or play at "
        "the terminal with `parley play`"));
#endif
  return std::nullopt;
}

game::Result<std::unique_ptr<Window>, std::string> Window::open(const WindowOptions& options) {
  auto fonts = find_fonts();
  if (!fonts) return fonts.error();
  if (SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0)
    return i18n::trf("cannot start SDL's video: {0}", SDL_GetError());
  std::unique_ptr<Window> w(new Window());
  w->fonts_ = *fonts;
  Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI | (options.hidden ? SDL_WINDOW_HIDDEN : SDL_WINDOW_SHOWN);
  w->window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, options.width,
                                options.height, flags);
  if (w->window_ == nullptr) return i18n::trf("cannot open a window: {0}", SDL_GetError());
  SDL_SetWindowMinimumSize(w->window_, 480, 400);
  if (!options.software) w->renderer_ = SDL_CreateRenderer(w->window_, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (w->renderer_ != nullptr && SDL_GetHint(SDL_HINT_RENDER_DRIVER) == nullptr && cpu_rasterised_gl(w->renderer_)) {
    SDL_DestroyRenderer(w->renderer_);
    w->renderer_ = nullptr;
  }
  if (w->renderer_ == nullptr) {
    // SDL would present the software renderer's frame through an OpenGL texture on X11 (its
    // "framebuffer acceleration"): on a CPU-rasterised GL that present alone took 6-7.5 ms
    // here, whatever the size of the update; X11's shared-memory image took 0.7 ms.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    w->renderer_ = SDL_CreateRenderer(w->window_, -1, SDL_RENDERER_SOFTWARE);
  }
  if (w->renderer_ == nullptr) return i18n::trf("cannot create a renderer: {0}", SDL_GetError());
  SDL_SetRenderDrawBlendMode(w->renderer_, SDL_BLENDMODE_BLEND);
  SDL_RendererInfo info;
  if (SDL_GetRendererInfo(w->renderer_, &info) == 0) {
    w->software_ = (info.flags & SDL_RENDERER_SOFTWARE) != 0;
    w->renderer_name_ = info.name;
  }

  IMGUI_CHECKVERSION();
  w->imgui_ = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini next to wherever the client was started
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui_ImplSDL2_InitForSDLRenderer(w->window_);
  ImGui_ImplSDLRenderer_Init(w->renderer_);
  w->set_scale(options.scale > 0 ? options.scale : display_scale(w->window_));
  return w;
}

Window::~Window() {
  if (imgui_ != nullptr) {
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext(imgui_);
  }
  if (renderer_ != nullptr) SDL_DestroyRenderer(renderer_);
  if (window_ != nullptr) SDL_DestroyWindow(window_);
  SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS);
}

int Window::width() const {
  int w = 0, h = 0;
  SDL_GetWindowSize(window_, &w, &h);
  return w;
}

int Window::height() const {
  int w = 0, h = 0;
  SDL_GetWindowSize(window_, &w, &h);
  return h;
}

void Window::set_scale(float scale) {
  scale_ = std::clamp(scale, 0.5f, 4.0f);
  apply_style(scale_, software_);
  fonts_built_for_ = 0;  // rebuilt at the next frame
}

void Window::handle(const SDL_Event& event) { ImGui_ImplSDL2_ProcessEvent(&event); }

void Window::build_fonts() {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const float px = scale_ * ratio_;
  // Latin, Greek, Cyrillic, general punctuation, arrows, geometric shapes, chess symbols.
  static const ImWchar ranges[] = {0x0020, 0x024F, 0x0370, 0x03FF, 0x0400, 0x04FF, 0x2000, 0x206F, 0x2190, 0x21FF,
                                   0x2500, 0x25FF, 0x2600, 0x26FF, 0x2700, 0x27BF, 0};
  ImFontConfig config;
  config.OversampleH = 2;
  config.OversampleV = 1;
  text_ = io.Fonts->AddFontFromFileTTF(fonts_.sans.c_str(), 17.0f * px, &config, ranges);
  if (fonts_.japanese) {
    // Names in kana and the commonest kanji (Gunjin's pieces will need these too).
    ImFontConfig merge;
    merge.MergeMode = true;
    merge.OversampleH = 1;
    io.Fonts->AddFontFromFileTTF(fonts_.japanese->c_str(), 17.0f * px, &merge, io.Fonts->GetGlyphRangesJapanese());
  }
  // The small and heading fonts carry Japanese only when the client speaks it (headings and
  // notes are then in Japanese): kanji at 24 px would quadruple the atlas for every language.
  const bool japanese = fonts_.japanese && i18n::language() == "ja";
  auto add_japanese = [&](float size) {
    ImFontConfig merge;
    merge.MergeMode = true;
    merge.OversampleH = 1;
    io.Fonts->AddFontFromFileTTF(fonts_.japanese->c_str(), size * px, &merge, io.Fonts->GetGlyphRangesJapanese());
  };
  small_ = io.Fonts->AddFontFromFileTTF(fonts_.sans.c_str(), 14.0f * px, &config, ranges);
  if (japanese) add_japanese(14.0f);
  heading_ = io.Fonts->AddFontFromFileTTF(fonts_.sans_bold.c_str(), 24.0f * px, &config, ranges);
  if (japanese) add_japanese(24.0f);
  clock_ = io.Fonts->AddFontFromFileTTF(fonts_.mono_bold.c_str(), 30.0f * px, &config, ranges);
  io.FontGlobalScale = 1.0f / ratio_;
  io.FontDefault = text_;
  ImGui_ImplSDLRenderer_DestroyFontsTexture();
  ImGui_ImplSDLRenderer_CreateFontsTexture();
  fonts_built_for_ = px;
}

void Window::begin_frame() {
  int out_w = 0, out_h = 0;
  SDL_GetRendererOutputSize(renderer_, &out_w, &out_h);
  const int w = std::max(width(), 1);
  ratio_ = std::max(static_cast<float>(out_w) / static_cast<float>(w), 1.0f);
  if (fonts_built_for_ != scale_ * ratio_) build_fonts();
  ImGui_ImplSDLRenderer_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  // Imgui 1.86's SDL back end asks OpenGL for the drawable size; with SDL's renderer the
  // renderer's output size is the truth.
  ImGui::GetIO().DisplayFramebufferScale = ImVec2(ratio_, ratio_);
  ImGui::NewFrame();
}

void Window::end_frame() {
  ImGui::Render();
  // ImGui lays out in window coordinates; on a high-DPI window (pixel ratio above 1) SDL scales
  // them to the renderer's pixels, clip rectangles included (ImGui 1.86's back end then leaves
  // its own framebuffer scale aside). The glyphs and pieces, rasterised at the pixel size, land
  // one texel per pixel.
  SDL_RenderSetScale(renderer_, ratio_, ratio_);
  constexpr Rgb8 kBackground{33, 36, 41};
  // The software path computes in renderer pixels, which are window coordinates only at ratio 1.
  if (software_ && ratio_ == 1.0f) {
    render_draw_data_software(renderer_, ImGui::GetDrawData(), kBackground);
  } else {
    SDL_SetRenderDrawColor(renderer_, kBackground.r, kBackground.g, kBackground.b, 255);
    SDL_RenderClear(renderer_);
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
  }
}

void Window::present() { SDL_RenderPresent(renderer_); }

Image Window::read_pixels() const {
  Image image;
  SDL_GetRendererOutputSize(renderer_, &image.width, &image.height);
  image.rgba.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4);
  SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_ABGR8888, image.rgba.data(), image.width * 4);
  return image;
}

bool write_png(const Image& image, const std::string& path) {
  return stbi_write_png(path.c_str(), image.width, image.height, 4, image.rgba.data(), image.width * 4) != 0;
}

}  // namespace parley::ui::sdl
