// End to end: the real client — window (SDL's dummy video driver, software renderer), screens,
// App, network thread — against a real lobby on 127.0.0.1 and the house bot. Moves are made
// with synthesised mouse clicks on the squares the screen drew; the bot must answer each, and
// the game log the client's seat wrote must verify.
#include <SDL.h>
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif

#include <chrono>
#include <fstream>
#include <thread>

#include "game/chess/movegen.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "ui/core/app.hpp"
#include "ui/net/house_bot.hpp"
#include "ui/net/network_thread.hpp"
#include "ui/sdl/screens.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl {
namespace {

namespace fs = std::filesystem;
using namespace game::chess;

std::uint64_t steady_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

// A virtual X display of the test's own (Xvfb, no TCP), so that the window has a pointer and
// input focus as on a desktop: SDL's dummy driver has neither, and ImGui's SDL back end reads
// the pointer from SDL's state, which only a real display moves.
class VirtualDisplay {
 public:
  VirtualDisplay() {
    for (int n = 90 + ::getpid() % 100; n < 400 && pid_ < 0; ++n) {
      if (fs::exists("/tmp/.X11-unix/X" + std::to_string(n)) || fs::exists("/tmp/.X" + std::to_string(n) + "-lock"))
        continue;
      std::string display = ":" + std::to_string(n);
      std::vector<std::string> args{"/usr/bin/Xvfb", display, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"};
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      posix_spawn_file_actions_t actions;
      posix_spawn_file_actions_init(&actions);
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
      pid_t pid = -1;
      const bool spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0;
      posix_spawn_file_actions_destroy(&actions);
      if (!spawned) return;
      for (int i = 0; i < 200 && !fs::exists("/tmp/.X11-unix/X" + std::to_string(n)); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
      pid_ = pid;
      if (!fs::exists("/tmp/.X11-unix/X" + std::to_string(n))) {
        stop();
        continue;  // another server took the number: try the next
      }
      name_ = display;
    }
  }
  ~VirtualDisplay() { stop(); }
  const std::string& name() const { return name_; }

 private:
  void stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  pid_t pid_ = -1;
  std::string name_;
};

#ifdef __SANITIZE_ADDRESS__
// SDL loads and unloads the X11 and D-Bus libraries, which keep a few blocks for the process's
// life; their frames cannot be named after the unload. Leak detection is off while the X11
// client lives; our own code is checked for leaks by the other tests (dummy driver, no X).
using LeakCheckPause = __lsan::ScopedDisabler;
#else
struct LeakCheckPause {};
#endif

struct Client {
  Client(const crypto::Identity& me, std::uint16_t port, const fs::path& dir)
      : app(AppConfig{me.public_key(), "tester", "127.0.0.1:" + std::to_string(port), port, true, true}),
        net({me, dir, std::nullopt, 5}) {
    ::setenv("SDL_VIDEODRIVER", "x11", 1);
    auto opened = Window::open({"parley e2e", 1280, 800, false, true, 1.0f});
    if (!opened) throw std::runtime_error(opened.error());
    window = std::move(opened).value();
    screens.emplace(*window, app, dir);
  }

  // One turn of the client's frame loop (client.cpp), with the events the test synthesised.
  void frame() {
    SDL_Event e;
    while (SDL_PollEvent(&e) != 0) window->handle(e);
    for (auto& ev : net.take_events()) app.on_event(ev, steady_ms());
    for (auto& c : app.take_commands()) net.send(std::move(c));
    window->begin_frame();
    screens->draw(steady_ms());
    window->end_frame();
    for (auto& c : app.take_commands()) net.send(std::move(c));
    window->present();
  }

  // A left click at a point of the window: the pointer moves there, the button goes down for
  // one frame and comes up the next, as from a mouse.
  void click(Point p) {
    SDL_WarpMouseInWindow(window->sdl_window(), p.x, p.y);
    frame();
    SDL_Event down{};
    down.type = SDL_MOUSEBUTTONDOWN;
    down.button.button = SDL_BUTTON_LEFT;
    down.button.state = SDL_PRESSED;
    down.button.clicks = 1;
    down.button.x = p.x;
    down.button.y = p.y;
    down.button.windowID = SDL_GetWindowID(window->sdl_window());
    SDL_PushEvent(&down);
    frame();
    SDL_Event up = down;
    up.type = SDL_MOUSEBUTTONUP;
    up.button.state = SDL_RELEASED;
    SDL_PushEvent(&up);
    frame();
    frame();
  }

  LeakCheckPause pause;  // first: alive for the whole client
  App app;
  NetworkThread net;
  std::unique_ptr<Window> window;
  std::optional<Screens> screens;
};

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
  lobby::ServerConfig config;
  config.listen = lobby::Endpoint{"127.0.0.1", 0};
  config.database = dir / "lobby.db";
  config.sync = lobby::SyncMode::normal;
  config.log = false;
  auto server = lobby::ServerThread::start(config);
  ASSERT_TRUE(server) << lobby::to_string(server.error());
  const std::uint16_t port = (*server)->endpoint().port;
  {
    HouseBot bot(lobby::Endpoint{"127.0.0.1", port}, dir / "bot", 0);
    Client client(peer::testing::identity_from(0x41), port, dir / "me");

    int clicked_moves = 0;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!(client.app.seat() && client.app.seat()->status == peer::RunnerStatus::finished)) {
      ASSERT_LT(std::chrono::steady_clock::now(), give_up) << "the game did not finish";
      client.frame();
      const LiveGame* g = client.app.game();
      if (!g || client.app.screen() != Screen::game || !client.app.input().may_move()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        continue;
      }
      if (clicked_moves == 4) {
        client.app.act({ChessIntent::Kind::resign, Move::none(), 0}, steady_ms());
        clicked_moves = 5;
        continue;
      }
      if (clicked_moves > 4) continue;
      ASSERT_TRUE(client.screens->board_geometry());
      const BoardGeometry geometry = *client.screens->board_geometry();
      const std::size_t plies = g->chess().moves().size();
      Move m = *MoveList(g->chess().position()).begin();
      client.click(geometry.square_rect(m.from()).center());
      ASSERT_EQ(client.app.input().selected(), m.from()) << "the click did not pick up the piece";
      client.click(geometry.square_rect(m.to()).center());
      ASSERT_TRUE(client.app.pending_move() || client.app.game()->chess().moves().size() > plies)
          << "the second click did not make the move";
      ++clicked_moves;
    }
    const LiveGame& g = *client.app.game();
    EXPECT_GE(g.chess().moves().size(), 7U) << "the bot answered every move";
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
