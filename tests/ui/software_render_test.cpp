// The client's software drawing of ImGui's frames (ui/sdl/software_render) against the stock
// back end (SDL_RenderClear, then ImGui_ImplSDLRenderer_RenderDrawData) on the same draw data:
// the same pixels, byte for byte, for the real screens and for random heaps of overlapping
// rectangles, clip rectangles, text and translucent shapes — where its culling of covered
// drawing and its split fills would show a mistake first.
#include <SDL.h>
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_impl_sdlrenderer.h>

#include <cstdlib>
#include <random>

#include "game/chess/movegen.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "ui/core/app.hpp"
#include "ui/sdl/screens.hpp"
#include "ui/sdl/software_render.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl {
namespace {

using namespace game::chess;

constexpr Rgb8 kBackground{33, 36, 41};

std::unique_ptr<Window> open_window() {
  ::setenv("SDL_VIDEODRIVER", "dummy", 1);
  auto opened = Window::open({"parley test", 1280, 800, true, true, 1.0f});
  if (!opened) throw std::runtime_error(opened.error());
  return std::move(opened).value();
}

// The ImGui frame that `draw` builds, drawn both ways; the number of pixels that differ.
template <class Draw>
long differing_pixels(Window& window, Draw draw) {
  window.begin_frame();
  draw();
  ImGui::Render();
  SDL_Renderer* renderer = window.renderer();
  render_draw_data_software(renderer, ImGui::GetDrawData(), kBackground);
  const Image ours = window.read_pixels();
  SDL_SetRenderDrawColor(renderer, kBackground.r, kBackground.g, kBackground.b, 255);
  SDL_RenderClear(renderer);
  ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
  const Image stock = window.read_pixels();
  EXPECT_EQ(ours.rgba.size(), stock.rgba.size());
  long differ = 0;
  for (std::size_t i = 0; i + 3 < ours.rgba.size() && i + 3 < stock.rgba.size(); i += 4)
    differ += ours.rgba[i] != stock.rgba[i] || ours.rgba[i + 1] != stock.rgba[i + 1] ||
              ours.rgba[i + 2] != stock.rgba[i + 2];
  return differ;
}

TEST(SoftwareRender, RandomOverlappingShapesDrawTheStockBackEndsPixels) {
  auto window = open_window();
  std::mt19937 rng(20261201);
  const auto coordinate = [&](float limit) {
    // Whole, half and odd fractional positions, some off the screen.
    return std::uniform_real_distribution<float>(-40.0f, limit + 40.0f)(rng);
  };
  const auto colour = [&]() {
    const ImU32 rgb = rng() & 0x00ffffffu;
    const ImU32 alpha = rng() % 3 == 0 ? (rng() % 256) : 255;  // a third translucent
    return rgb | (alpha << IM_COL32_A_SHIFT);
  };
  long drawn_rectangles = 0;
  for (int frame = 0; frame < 40; ++frame) {
    const long differ = differing_pixels(*window, [&] {
      // A window with widgets of its own, placed at random, over the shapes behind it.
      ImGui::SetNextWindowPos(ImVec2(coordinate(1000), coordinate(600)));
      ImGui::SetNextWindowSize(ImVec2(200 + static_cast<float>(rng() % 400), 100 + static_cast<float>(rng() % 300)));
      ImGui::Begin("shapes");
      ImGui::Text("frame %d", frame);
      ImGui::Button("a button");
      ImGui::End();
      ImDrawList* behind = ImGui::GetBackgroundDrawList();
      ImDrawList* front = ImGui::GetForegroundDrawList();
      for (int i = 0; i < 120; ++i) {
        ImDrawList* list = rng() % 2 ? behind : front;
        const bool clipped = rng() % 4 == 0;
        if (clipped) list->PushClipRect(ImVec2(coordinate(1280), coordinate(800)), ImVec2(coordinate(1280), coordinate(800)));
        const float x = coordinate(1280), y = coordinate(800);
        // Board-like squares on exact pixels as often as arbitrary rectangles.
        const ImVec2 a = rng() % 2 ? ImVec2(x, y) : ImVec2(std::floor(x), std::floor(y));
        const ImVec2 b(a.x + static_cast<float>(rng() % 400) + 0.5f * static_cast<float>(rng() % 2),
                       a.y + static_cast<float>(rng() % 300));
        switch (rng() % 5) {
          case 0: list->AddText(a, colour(), "parley: Gunjin, Risiko, chess"); break;
          case 1: list->AddRectFilled(a, b, colour(), 6.0f); break;  // rounded: not a plain rectangle
          case 2: list->AddCircleFilled(a, static_cast<float>(rng() % 60), colour()); break;
          default: list->AddRectFilled(a, b, colour()); ++drawn_rectangles; break;
        }
        if (clipped) list->PopClipRect();
      }
    });
    EXPECT_EQ(differ, 0) << "frame " << frame;
  }
  EXPECT_GT(drawn_rectangles, 40 * 120 / 3);
}

// A screen of the client: every widget the player sees, drawn both ways.
TEST(SoftwareRender, TheChessScreenAndTheReplayDrawTheStockBackEndsPixels) {
  auto window = open_window();
  peer::RoomOptions options;
  options.clock_base_ms = 300'000;
  peer::testing::Table table(options);
  table.start_play();
  std::mt19937_64 rng(7);
  for (int i = 0; i < 30 && !table.chess().result(); ++i) {
    const MoveList moves(table.chess().position());
    const std::vector<Move> legal(moves.begin(), moves.end());
    const Move m = legal[rng() % legal.size()];
    const game::Seat s = seat_of(table.chess().position().side_to_move());
    table.post(s, table.chess_action({Action::Kind::move, s, m, 0}));
  }
  App app(AppConfig{table.lobby.seat_identity(game::Seat{0}).public_key(), "alice", "127.0.0.1:7777", 7777, false, false});
  app.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{1}, "alice", {}}}, 0);
  lobby::RoomState room;
  room.room = lobby::RoomId{1};
  room.game = "chess";
  room.phase = lobby::RoomPhase::started;
  room.seats = {{table.lobby.seat_identity(game::Seat{0}).public_key(), "alice", true, true},
                {table.lobby.seat_identity(game::Seat{1}).public_key(), "bob", true, true}};
  app.on_event(LobbyEvent{room}, 0);
  app.on_event(RoomEntries{room.room, table.lobby.log().lobby_key, lobby::EntryIndex{0}, table.lobby.entries()}, 0);
  Screens screens(*window, app, std::filesystem::temp_directory_path() / "parley-software-render-test");
  std::uint64_t now = 10'000;
  for (int frame = 0; frame < 4; ++frame)  // ImGui settles its layout over the first frames
    EXPECT_EQ(differing_pixels(*window, [&] { screens.draw(now += 16); }), 0) << "chess, frame " << frame;

  auto viewer = ReplayViewer::open(lobby::encode(table.lobby.log()), "game.plog");
  ASSERT_TRUE(viewer) << viewer.error();
  app.open_replay(std::move(viewer).value());
  for (int step = 0; step < 6; ++step) {
    EXPECT_EQ(differing_pixels(*window, [&] { screens.draw(now += 16); }), 0) << "replay, step " << step;
    app.replay()->step_by(5);
  }
}

}  // namespace
}  // namespace parley::ui::sdl
