#pragma once
// The graphical client's frame loop: one window, the screens over App, the network thread.
// The loop sleeps until there is input, a network event (the thread wakes it) or something
// animates (a running clock, a drag, a fading notice), so an idle client costs nothing.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "crypto/identity.hpp"
#include "lobby/server/lobby_server.hpp"
#include "ui/core/app.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl {

struct ClientOptions {
  explicit ClientOptions(crypto::Identity key) : identity(std::move(key)) {}
  crypto::Identity identity;
  std::string display_name;  // empty: the one remembered (<data>/client.txt), or $USER, or "player"
  std::string lobby_address = "127.0.0.1:7777";  // unless connect_now: the lobby last joined, if any
  std::optional<crypto::PublicKey> expected_lobby_key;  // the key lobby_address must prove (--lobby lan:NAME)
  bool connect_now = false;  // connect to lobby_address at once
  bool quick_match = false;  // then queue for a two-player chess game (or the house bots' game)
  std::vector<QuickMatchTarget> house_bots;  // `parley host --bot`: the queues the bots wait in
  std::function<bool(std::string_view game, lobby::RoomId room)> seat_house_bot;  // AppConfig's
  std::filesystem::path data_dir;  // sessions/, logs/, pgn/, risiko-shapes/
  // `parley host`: a lobby already listening in this process; the client connects to it and
  // shows the addresses friends should enter. Stopped when the client closes.
  std::unique_ptr<lobby::ServerThread> hosted;
  std::optional<std::filesystem::path> replay;  // open this game log at start
  // LAN discovery (NetworkConfig's): where the connect screen's searches go (none: it does not
  // search), and the UDP port a lobby hosted from the connect screen answers on.
  std::vector<lobby::Endpoint> lan_targets;
  std::optional<std::uint16_t> lan_answer_port;
  bool language_given = false;  // --lang was on the command line: the remembered language yields
  WindowOptions window;
  // Tests: close after this long (0: when the user does), writing the last frame as a PNG.
  std::uint64_t quit_after_ms = 0;
  std::optional<std::filesystem::path> screenshot;
};

// What the client remembers (ui/core/client_memory.hpp), read from and written to
// <data>/client.txt; a file that cannot be read is an empty memory.
ClientMemory load_client_memory(const std::filesystem::path& data_dir);
bool save_client_memory(const std::filesystem::path& data_dir, const ClientMemory& memory);

// The name this client goes by: the one given (--name), else the one remembered, else $USER,
// else "player".
std::string chosen_display_name(const std::string& given, const ClientMemory& memory);

// The command line the client restarts with in another language: `args` (argv, the program
// first) without --lang, --quick-match and --replay (done once already), with --lang=CODE.
std::vector<std::string> restart_arguments(const std::vector<std::string>& args, std::string_view language);

// Runs until the window closes; returns the process exit status. Notable events (connected,
// moves, the result, the log's path) are printed on standard output as they happen.
int run_client(ClientOptions options);

}  // namespace parley::ui::sdl
