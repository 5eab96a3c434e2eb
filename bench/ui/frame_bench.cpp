// Frame time of the client's two busiest screens, drawn by SDL's software renderer in a hidden
// window (the dummy video driver: no GPU, the worst case): the chess screen in the middle of a
// clocked game with a piece picked up, and the replay viewer stepping through a long game one
// entry per frame. A frame is everything the loop does but waiting for the display: ImGui's
// layout of every widget, the board and pieces, and the renderer filling the frame buffer
// (SDL batches draw calls until the present, so the present is timed too).
// Reported: median, 99th percentile and worst, next to the display's frame budget (16.7 ms at
// 60 Hz, the anchor) and the target (p99 <= 4 ms).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string_view>

#include "game/chess/movegen.hpp"
#include "games/chess/ui/chess_screen.hpp"
#include "games/register.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "ui/core/app.hpp"
#include "ui/sdl/screens.hpp"
#include "ui/sdl/window.hpp"

namespace {

using namespace parley;
using namespace parley::game::chess;
using Clock = std::chrono::steady_clock;

constexpr double kBudgetMs = 1000.0 / 60.0;
constexpr double kTargetMs = 4.0;

// Random legal moves until the game ends or `plies` are played.
void random_game(peer::testing::Table& t, std::size_t plies, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (std::size_t i = 0; i < plies && !t.chess().result(); ++i) {
    MoveList moves(t.chess().position());
    std::vector<Move> all(moves.begin(), moves.end());
    Move m = all[rng() % all.size()];
    game::Seat s = seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
  }
}

struct Figures {
  double p50, p99, worst;
};

template <class Step>
Figures measure(ui::sdl::Window& window, ui::sdl::Screens& screens, int frames, Step step) {
  std::vector<double> ms;
  ms.reserve(static_cast<std::size_t>(frames));
  std::uint64_t now = 10'000;
  for (int i = -20; i < frames; ++i) {  // the first frames settle layouts and build textures
    step(i);
    const auto start = Clock::now();
    window.begin_frame();
    screens.draw(now += 16);
    window.end_frame();
    window.present();  // SDL batches the drawing until here: the rasterising happens now
    const double took = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (i >= 0) ms.push_back(took);
  }
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms[ms.size() * 99 / 100], ms.back()};
}

void report(const char* what, const Figures& f) {
  std::printf("%-34s p50 %6.2f ms  p99 %6.2f ms  worst %6.2f ms  p99/budget %5.3f  %s\n", what, f.p50, f.p99, f.worst,
              f.p99 / kBudgetMs, f.p99 <= kTargetMs ? "meets p99 <= 4 ms" : "MISSES p99 <= 4 ms");
}

}  // namespace

int main(int argc, char** argv) {
  parley::games::register_views();
  const int frames = argc > 1 ? std::max(std::atoi(argv[1]), 100) : 2000;
  // "accelerated": SDL's OpenGL renderer on the display in $DISPLAY (Mesa's llvmpipe
  // on a machine without a GPU, e.g. under Xvfb) instead of the software renderer.
  const bool software = !(argc > 2 && std::string_view(argv[2]) == "accelerated");
  if (software) ::setenv("SDL_VIDEODRIVER", "dummy", 0);
  // The client leaves a CPU-rasterised OpenGL (llvmpipe) for its software path unless a render
  // driver is named; "accelerated" names OpenGL, to measure it.
  if (!software) ::setenv("SDL_RENDER_DRIVER", "opengl", 0);
  auto opened = ui::sdl::Window::open({"frame bench", 1280, 800, true, software, 1.0f});
  if (!opened) {
    std::fprintf(stderr, "%s\n", opened.error().c_str());
    return 1;
  }
  ui::sdl::Window& window = **opened;
  std::printf("renderer: %s, 1280x800\n", window.renderer_name().c_str());

  // The chess screen: white's view of a clocked game 40 plies in, a piece picked up.
  peer::RoomOptions options;
  options.clock_base_ms = 300'000;
  options.clock_increment_ms = 2'000;
  peer::testing::Table live(options);
  live.start_play();
  random_game(live, 40, 7);
  ui::App app(ui::AppConfig{live.lobby.seat_identity(game::Seat{0}).public_key(), "bench", "127.0.0.1:7777", 7777,
                            false, false});
  app.on_event(ui::LobbyEvent{parley::lobby::Welcome{parley::lobby::RequestId{1}, "bench", {}}}, 0);
  parley::lobby::RoomState room;
  room.room = parley::lobby::RoomId{1};
  room.game = "chess";
  room.phase = parley::lobby::RoomPhase::started;
  room.seats = {{live.lobby.seat_identity(game::Seat{0}).public_key(), "bench", true, true},
                {live.lobby.seat_identity(game::Seat{1}).public_key(), "other", true, true}};
  app.on_event(ui::LobbyEvent{room}, 0);
  app.on_event(ui::RoomEntries{room.room, live.lobby.log().lobby_key, parley::lobby::EntryIndex{0}, live.lobby.entries()},
               0);
  ui::sdl::Screens screens(window, app, std::filesystem::temp_directory_path() / "parley-frame-bench");
  if (chess_screen(app).input().may_move()) {
    Move m = *MoveList(live.chess().position()).begin();
    chess_screen(app).press(m.from());
    chess_screen(app).release(m.from());
  }
  report("chess screen (clocked, selection)", measure(window, screens, frames, [](int) {}));

  // The replay viewer stepping through a long game, one entry per frame.
  peer::testing::Table long_game;
  long_game.start_play();
  random_game(long_game, 400, 11);
  auto viewer = ui::ReplayViewer::open(lobby::encode(long_game.lobby.log()), "long.plog");
  if (!viewer) {
    std::fprintf(stderr, "%s\n", viewer.error().c_str());
    return 1;
  }
  const std::size_t entries = viewer->size();
  app.open_replay(std::move(viewer).value());
  char what[64];
  std::snprintf(what, sizeof what, "replay stepping (%zu entries)", entries);
  report(what, measure(window, screens, frames, [&](int) {
           ui::ReplayViewer& r = *app.replay();
           if (r.current() + 1 == r.size())
             r.first();
           else
             r.step_by(1);
         }));
  return 0;
}
