#pragma once
// The client's screens in a hidden window under SDL's dummy video driver, for the render tests
// of each game (render_test.cpp, gunjin_render_test.cpp, risiko_render_test.cpp). Their rigs
// derive from it, open it once their App exists, and render frames into PNG files under
// tests/ui/render/ in the build tree; a rig's destructor closes it first, since the screens hold
// a reference to the rig's App. (The end-to-end client tests use client_rig.hpp instead: a real
// display, with a pointer and input.)
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "ui/core/app.hpp"
#include "ui/sdl/screens.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl::testing {

struct HiddenScreens {
  void open(App& app, const std::filesystem::path& data_dir, int width = 1280, int height = 800) {
    ::setenv("SDL_VIDEODRIVER", "dummy", 1);
    auto opened = Window::open({"parley test", width, height, true, true, 1.0f});
    if (!opened) throw std::runtime_error(opened.error());
    window = std::move(opened).value();
    screens.emplace(*window, app, data_dir);
  }

  void close() {
    screens.reset();
    window.reset();
  }

  // A few frames (ImGui settles its layout over the first ones), the last one read back and
  // written to render/<name>.png.
  Image render(const std::string& name) {
    for (int i = 0; i < 3; ++i) {
      window->begin_frame();
      screens->draw(now);
      window->end_frame();
    }
    Image image = window->read_pixels();
    const std::filesystem::path dir = std::filesystem::path(PARLEY_BINARY_DIR) / "tests/ui/render";
    std::filesystem::create_directories(dir);
    EXPECT_TRUE(write_png(image, (dir / (name + ".png")).string()));
    return image;
  }

  std::unique_ptr<Window> window;
  std::optional<Screens> screens;
  std::uint64_t now = 1000;
};

}  // namespace parley::ui::sdl::testing
