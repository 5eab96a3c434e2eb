// End to end: the real client — window (SDL's dummy video driver, software renderer), screens,
// App, network thread — against a real lobby on 127.0.0.1 and the house bot. Moves are made
// with synthesised mouse clicks on the squares the screen drew; the bot must answer each, and
// the game log the client's seat wrote must verify.
#include <gtest/gtest.h>

#include <fstream>

#include "game/chess/movegen.hpp"
#include "games/chess/sdl/chess_game_view.hpp"
#include "games/chess/ui/chess_screen.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/ui/client_rig.hpp"
#include "tests/ui/local_lobby.hpp"
#include "ui/core/app.hpp"
#include "ui/net/house_bot.hpp"
#include "ui/net/network_thread.hpp"
#include "ui/sdl/screens.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl {
namespace {

namespace fs = std::filesystem;
using namespace game::chess;

using testing::Client;
using testing::steady_ms;
using testing::VirtualDisplay;

// Xvfb's OpenGL is Mesa's, rasterised on the CPU, as on a machine without a GPU driver: a window
// that asks for the accelerated renderer draws with SDL's software one and the client's own
// drawing instead (docs/ui.md, "Frame time"), unless a render driver is named.
TEST(Client, WithoutAGpuTheWindowDrawsInSoftwareUnlessOpenGlIsNamed) {
  if (!fs::exists("/usr/bin/Xvfb")) GTEST_SKIP() << "Xvfb is not installed (scripts/setup installs xvfb)";
  VirtualDisplay display;
  ASSERT_FALSE(display.name().empty()) << "Xvfb did not start";
  ::setenv("DISPLAY", display.name().c_str(), 1);
  ::setenv("SDL_VIDEODRIVER", "x11", 1);
  LeakCheckPause pause;  // SDL's X11 and GL libraries, loaded and unloaded
  ::unsetenv("SDL_RENDER_DRIVER");
  {
    auto window = Window::open({"parley test", 640, 480, true, false, 1.0f});
    ASSERT_TRUE(window) << window.error();
    EXPECT_EQ((*window)->renderer_name(), "software");
  }
  ::setenv("SDL_RENDER_DRIVER", "opengl", 1);
  {
    auto window = Window::open({"parley test", 640, 480, true, false, 1.0f});
    ASSERT_TRUE(window) << window.error();
    EXPECT_EQ((*window)->renderer_name(), "opengl");
  }
  ::unsetenv("SDL_RENDER_DRIVER");
}

TEST(Client, PlaysTheHouseBotWithMouseClicksAndTheLogVerifies) {
  if (!fs::exists("/usr/bin/Xvfb")) GTEST_SKIP() << "Xvfb is not installed (scripts/setup installs xvfb)";
  VirtualDisplay display;
  ASSERT_FALSE(display.name().empty()) << "Xvfb did not start";
  ::setenv("DISPLAY", display.name().c_str(), 1);
  struct RemovedAtEnd {
    fs::path path;
    ~RemovedAtEnd() {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  } scratch{fs::temp_directory_path() / ("parley-ui-e2e-" + std::to_string(::getpid()))};
  const fs::path& dir = scratch.path;
  fs::create_directories(dir);
  auto server = lobby::ServerThread::start(ui::testing::local_lobby_config(dir));
  ASSERT_TRUE(server) << lobby::to_string(server.error());
  const std::uint16_t port = (*server)->endpoint().port;
  {
    HouseBot bot(HouseBotOptions{lobby::Endpoint{"127.0.0.1", port}, dir / "bot", "chess", 2, 0, "house bot", {}, 0, {}});
    Client client(peer::testing::identity_from(0x41), port, dir / "me");

    int clicked_moves = 0;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!(client.app.seat() && client.app.seat()->status == peer::RunnerStatus::finished)) {
      ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the game did not finish";
      client.frame();
      const LiveGame* g = client.app.game();
      if (!g || client.app.screen() != Screen::game || !chess_screen(client.app).input().may_move()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        continue;
      }
      if (clicked_moves == 4) {
        chess_screen(client.app).act({ChessIntent::Kind::resign, Move::none(), 0}, steady_ms());
        clicked_moves = 5;
        continue;
      }
      if (clicked_moves > 4) continue;
      ASSERT_TRUE(chess_view(*client.screens).board_geometry());
      const BoardGeometry geometry = *chess_view(*client.screens).board_geometry();
      const std::size_t plies = chess_screen(client.app).chess()->moves().size();
      Move m = *MoveList(chess_screen(client.app).chess()->position()).begin();
      client.click(geometry.square_rect(m.from()).center());
      ASSERT_EQ(chess_screen(client.app).input().selected(), m.from()) << "the click did not pick up the piece";
      client.click(geometry.square_rect(m.to()).center());
      ASSERT_TRUE(chess_screen(client.app).pending_move() || chess_screen(client.app).chess()->moves().size() > plies)
          << "the second click did not make the move";
      ++clicked_moves;
    }
    const LiveGame& g = *client.app.game();
    ASSERT_TRUE(chess_screen(client.app).chess());
    EXPECT_GE(chess_screen(client.app).chess()->moves().size(), 7U) << "the bot answered every move";
    EXPECT_EQ(g.session().outcome()->reason, "resignation");

    std::ifstream in(*client.app.seat()->log, std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto log = peer::decode_log(bytes);
    ASSERT_TRUE(log);
    auto report = peer::verify(*log);
    EXPECT_TRUE(report.valid) << report.fault;
    for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest);
    // The result dialog is up: the last frame as a picture to look at.
    client.frame();
    EXPECT_TRUE(write_png(client.window->read_pixels(), (fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/e2e-result.png").string()));
  }
}

}  // namespace
}  // namespace parley::ui::sdl
