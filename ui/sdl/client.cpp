#include "ui/sdl/client.hpp"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include <unistd.h>

#include "i18n/i18n.hpp"
#include "peer/net/store.hpp"
#include "ui/core/app.hpp"
#include "ui/net/network_thread.hpp"
#include "ui/sdl/screens.hpp"

namespace parley::ui::sdl {

namespace {

std::uint64_t steady_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

}  // namespace

ClientMemory load_client_memory(const std::filesystem::path& data_dir) {
  const std::filesystem::path file = data_dir / "client.txt";
  std::error_code ec;
  if (std::filesystem::file_size(file, ec) > kMaxClientMemoryBytes || ec) return {};
  std::ifstream in(file, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return read_client_memory(text);
}

bool save_client_memory(const std::filesystem::path& data_dir, const ClientMemory& memory) {
  // Nothing secret in it; written whole, durably, so a crash never leaves half a file.
  std::error_code ec;
  std::filesystem::create_directories(data_dir, ec);
  const std::string text = format_client_memory(memory);
  return peer::write_file_durably(data_dir / "client.txt", {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()},
                                  0644)
      .ok();
}

std::string chosen_display_name(const std::string& given, const ClientMemory& memory) {
  if (!given.empty()) return given;
  if (!memory.display_name.empty()) return memory.display_name;
  if (const char* user = std::getenv("USER"); user != nullptr && *user != '\0') return user;
  return "player";
}

std::vector<std::string> restart_arguments(const std::vector<std::string>& args, std::string_view language) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i > 0 && a == "--") {
      out.insert(out.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (i > 0 && (a == "--lang" || a == "--replay")) {
      ++i;  // and its value
      continue;
    }
    if (i > 0 && (a.starts_with("--lang=") || a.starts_with("--replay=") || a == "--quick-match")) continue;
    out.push_back(a);
  }
  out.insert(out.begin() + (out.empty() ? 0 : 1), "--lang=" + std::string(language));
  return out;
}

namespace {

// This process's command line, as the kernel keeps it.
std::vector<std::string> own_arguments() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> args;
  for (std::size_t start = 0; start < all.size();) {
    const std::size_t end = std::min(all.find('\0', start), all.size());
    args.push_back(all.substr(start, end - start));
    start = end + 1;
  }
  return args;
}

// Replaces this process with the client in `language`; returns only if that failed (said).
int restart_in(std::string_view language) {
  const std::vector<std::string> args = restart_arguments(own_arguments(), language);
  if (args.empty()) return 0;
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::fflush(stdout);
  ::execv("/proc/self/exe", argv.data());
  std::fprintf(stderr, "parley: %s\n", i18n::tr("cannot restart the client: start it again to use the language chosen"));
  return 0;
}

int run_window(ClientOptions options, std::optional<std::string>& restart);

}  // namespace

int run_client(ClientOptions options) {
  std::optional<std::string> restart;
  const int status = run_window(std::move(options), restart);
  // Everything is closed (the window, the network thread, the connection) before the restart.
  return restart ? restart_in(*restart) : status;
}

namespace {

int run_window(ClientOptions options, std::optional<std::string>& restart) {
  if (auto missing = missing_display()) {
    std::fprintf(stderr, "parley: %s\n", missing->c_str());
    return 1;
  }
  const ClientMemory memory = load_client_memory(options.data_dir);
  // Before any thread of the client starts (docs/i18n.md, "Choosing the language").
  if (!options.language_given && !memory.language.empty()) i18n::set_language(memory.language);
  auto window = Window::open(options.window);
  if (!window) {
    std::fprintf(stderr, "parley: %s\n", window.error().c_str());
    return 1;
  }
  Window& w = **window;
  // The network thread wakes the frame loop with an event of our own kind.
  const Uint32 wake_event = SDL_RegisterEvents(1);

  AppConfig config{options.identity.public_key()};
  config.display_name = chosen_display_name(options.display_name, memory);
  config.lobby_address = options.lobby_address;
  if (!options.connect_now && !memory.lobbies.empty()) config.lobby_address = memory.lobbies.front();
  config.recent_lobbies = memory.lobbies;
  config.language = memory.language;
  config.quick_match = options.quick_match;
  config.house_bots = options.house_bots;
  config.seat_house_bot = options.seat_house_bot;
  config.connect_now = options.connect_now && !options.hosted;
  config.lobby_key = options.expected_lobby_key;
  config.data_dir = options.data_dir;
  std::optional<std::uint16_t> hosted_port;
  if (options.hosted) {
    hosted_port = options.hosted->endpoint().port;
    config.host_port = *hosted_port;
    config.lobby_address = "127.0.0.1:" + std::to_string(*hosted_port);
  }
  App app(config);

  NetworkThread net({options.identity, options.data_dir, 5, options.lan_targets, options.lan_answer_port},
                    [wake_event] {
    SDL_Event e{};
    e.type = wake_event;
    SDL_PushEvent(&e);
  });
  if (options.hosted) {
    net.keep_lobby(std::move(options.hosted));
    app.host(*hosted_port, steady_ms());
  }
  Screens screens(w, app, options.data_dir);
  if (options.replay) screens.open_log(*options.replay, steady_ms());

  const std::uint64_t started = steady_ms();
  bool quit = false;
  while (!quit) {
    const std::uint64_t now = steady_ms();
    // Sleep until something happens; a frame at the display's rate while something moves.
    SDL_Event event;
    const int timeout = screens.animating(now) ? 16 : 250;
    if (SDL_WaitEventTimeout(&event, timeout) != 0) {
      do {
        w.handle(event);
        // Closing the window mid-game asks first, as Ctrl+Q does.
        if (event.type == SDL_QUIT || (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE))
          screens.request_quit();
        if (event.type == SDL_KEYDOWN && !ImGui::GetIO().WantTextInput) screens.shortcut(event, steady_ms());
      } while (SDL_PollEvent(&event) != 0);
    }
    for (auto& e : net.take_events()) app.on_event(e, steady_ms());
    app.tick(steady_ms());
    for (auto& c : app.take_commands()) net.send(std::move(c));
    if (auto memory = app.take_memory_to_save(); memory && !save_client_memory(options.data_dir, *memory))
      std::fprintf(stderr, "parley: cannot write %s\n", (options.data_dir / "client.txt").c_str());
    for (const auto& line : app.take_log_lines()) std::printf("parley: %s\n", line.c_str());
    std::fflush(stdout);

    w.begin_frame();
    screens.draw(steady_ms());
    w.end_frame();
    // Commands made while drawing (a button) leave at once, not with the next event.
    for (auto& c : app.take_commands()) net.send(std::move(c));
    if (options.quit_after_ms > 0 && steady_ms() - started >= options.quit_after_ms) quit = true;
    if ((quit || screens.quit_requested()) && options.screenshot) write_png(w.read_pixels(), options.screenshot->string());
    w.present();
    quit = quit || screens.quit_requested();
  }
  for (const auto& line : app.take_log_lines()) std::printf("parley: %s\n", line.c_str());
  if (auto memory = app.take_memory_to_save(); memory && !save_client_memory(options.data_dir, *memory))
    std::fprintf(stderr, "parley: cannot write %s\n", (options.data_dir / "client.txt").c_str());
  restart = screens.restart_language();
  return 0;
}

}  // namespace

}  // namespace parley::ui::sdl
