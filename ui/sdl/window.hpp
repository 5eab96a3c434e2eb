#pragma once
// The client's window: SDL2 window and renderer, a Dear ImGui context drawn through SDL's
// renderer, and the fonts, sized by the interface scale (the display's DPI, or what the user
// chose) and by the renderer's pixels per window coordinate (high-DPI displays), so text is
// always rasterised at the display's own resolution.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/core/result.hpp"
#include "ui/sdl/fonts.hpp"

struct SDL_Window;
struct SDL_Renderer;
union SDL_Event;
struct ImFont;
struct ImGuiContext;

namespace parley::ui::sdl {

struct WindowOptions {
  std::string title = "parley";
  int width = 1280;
  int height = 800;
  bool hidden = false;    // tests and benchmarks: nothing shown
  bool software = false;  // SDL's software renderer (exact pixels for tests; no GPU needed)
  float scale = 0;        // interface scale; 0: from the display's DPI, or PARLEY_UI_SCALE
};

// Pixels read back from the renderer, RGBA, top row first.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;
  struct Pixel {
    std::uint8_t r, g, b, a;
  };
  Pixel at(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
    return {rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]};
  }
};

// Why no window can open here, said before SDL tries (without a display, SDL goes through its
// other drivers and may wait): X11 and Wayland both unset, and no SDL_VIDEODRIVER chosen. None
// when a window may open.
std::optional<std::string> missing_display();

class Window {
 public:
  static game::Result<std::unique_ptr<Window>, std::string> open(const WindowOptions& options);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  SDL_Window* sdl_window() const { return window_; }
  SDL_Renderer* renderer() const { return renderer_; }
  // Window coordinates (what layouts use).
  int width() const;
  int height() const;
  // Interface scale (1 at 96 dpi) and renderer pixels per window coordinate.
  float scale() const { return scale_; }
  // SDL's name of the renderer in use ("software", "opengl", …).
  const std::string& renderer_name() const { return renderer_name_; }
  float pixel_ratio() const { return ratio_; }
  void set_scale(float scale);

  // Passes an event to ImGui.
  void handle(const SDL_Event& event);
  // Starts an ImGui frame (rebuilding the fonts first if the scale or pixel ratio changed).
  void begin_frame();
  // Draws the frame into the renderer's target; present() shows it.
  void end_frame();
  void present();
  // What end_frame() drew, read back (tests, screenshots).
  Image read_pixels() const;

  ImFont* text_font() const { return text_; }
  ImFont* heading_font() const { return heading_; }
  ImFont* clock_font() const { return clock_; }
  ImFont* small_font() const { return small_; }
  const FontFiles& font_files() const { return fonts_; }

 private:
  Window() = default;
  void build_fonts();

  SDL_Window* window_ = nullptr;
  SDL_Renderer* renderer_ = nullptr;
  ImGuiContext* imgui_ = nullptr;
  FontFiles fonts_;
  float scale_ = 1;
  bool software_ = false;
  std::string renderer_name_;  // the renderer in use is SDL's software one (no GPU, or asked for)
  float ratio_ = 1;
  float fonts_built_for_ = 0;  // scale × ratio of the current atlas
  ImFont* text_ = nullptr;
  ImFont* heading_ = nullptr;
  ImFont* clock_ = nullptr;
  ImFont* small_ = nullptr;
};

// PNG of an image (stb_image_write); false if the file could not be written.
bool write_png(const Image& image, const std::string& path);

}  // namespace parley::ui::sdl
