#pragma once
// The real client for end-to-end tests: a private Xvfb display, the window, the screens, App and
// the network thread, turned frame by frame with synthesised mouse and keyboard input
// (client_test.cpp, gunjin_client_test.cpp, risiko_client_test.cpp).
#include <SDL.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/child_process.hpp"
#include "tests/ui/x11_leak_check.hpp"
#include "ui/core/app.hpp"
#include "ui/net/network_thread.hpp"
#include "ui/sdl/screens.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl::testing {

namespace fs = std::filesystem;

inline std::uint64_t steady_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

// A virtual X display of the test's own (Xvfb, no TCP), so that the window has a pointer and
// input focus as on a desktop: SDL's dummy driver has neither, and ImGui's SDL back end reads
// the pointer from SDL's state, which only a real display moves.
class VirtualDisplay {
 public:
  // Xvfb picks a free display number itself and writes it to a pipe once it accepts clients
  // (-displayfd), instead of this guessing a number and waiting for its socket file. -noreset:
  // by default the server resets when its last client leaves, and a window opened during the
  // reset fails with "x11 not available" (seen when a test closed one window and opened the next
  // while the machine was busy).
  VirtualDisplay() {
    int pipe_fds[2];
    if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return;
    // The write end goes to the server as fd 3; above 3 here, so that dup2 really copies it.
    const int write_end = ::fcntl(pipe_fds[1], F_DUPFD_CLOEXEC, 10);
    ::close(pipe_fds[1]);
    std::vector<std::string> args{"/usr/bin/Xvfb", "-displayfd", "3", "-noreset", "-screen", "0", "1280x1024x24",
                                  "-nolisten", "tcp"};
    const pid_t pid = write_end < 0 ? -1
                                    : tests::spawn_tied_child(args, {tests::child_file(1, "/dev/null", O_WRONLY),
                                                                     tests::child_file(2, "/dev/null", O_WRONLY),
                                                                     tests::child_dup(3, write_end)});
    if (write_end >= 0) ::close(write_end);
    const bool spawned = pid > 0;
    if (spawned) pid_ = pid;
    // The number and a newline, within 10 s; nothing (the server failed) ends the read early.
    std::string number;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (spawned && std::chrono::steady_clock::now() < give_up) {
      pollfd ready{pipe_fds[0], POLLIN, 0};
      if (::poll(&ready, 1, 100) <= 0) continue;
      char c = 0;
      if (::read(pipe_fds[0], &c, 1) != 1 || c == '\n') break;
      number += c;
    }
    ::close(pipe_fds[0]);
    if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos) {
      stop();
      return;
    }
    name_ = ":" + number;
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


struct Client {
  Client(const crypto::Identity& me, std::uint16_t port, const fs::path& dir, bool quick_match = true)
      : app(AppConfig{me.public_key(), "tester", "127.0.0.1:" + std::to_string(port), port, true, quick_match}),
        net({me, dir, 5}) {
    ::setenv("SDL_VIDEODRIVER", "x11", 1);
    auto opened = Window::open({"parley e2e", 1280, 800, false, true, 1.0f});
    if (!opened) throw std::runtime_error(opened.error());
    window = std::move(opened).value();
    screens.emplace(*window, app, dir);
  }

  // One turn of the client's frame loop (client.cpp), with the events the test synthesised.
  void frame() {
    SDL_Event e;
    while (SDL_PollEvent(&e) != 0) {
      window->handle(e);
      if (e.type == SDL_KEYDOWN) screens->shortcut(e, steady_ms());
    }
    for (auto& ev : net.take_events()) app.on_event(ev, steady_ms());
    for (auto& c : app.take_commands()) net.send(std::move(c));
    window->begin_frame();
    screens->draw(steady_ms());
    window->end_frame();
    for (auto& c : app.take_commands()) net.send(std::move(c));
    window->present();
  }

  // Frames until done() holds or `seconds` pass; whether it holds.
  template <class Predicate>
  bool frames_until(Predicate done, int seconds) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (!done() && std::chrono::steady_clock::now() < give_up) {
      frame();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return done();
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

  // A key pressed in the window, as the client's shortcuts see it.
  void key(SDL_Keycode sym) {
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = sym;
    e.key.windowID = SDL_GetWindowID(window->sdl_window());
    SDL_PushEvent(&e);
    frame();
    frame();
  }

  LeakCheckPause pause;  // first: alive for the whole client
  App app;
  NetworkThread net;
  std::unique_ptr<Window> window;
  std::optional<Screens> screens;
};

}  // namespace parley::ui::sdl::testing
