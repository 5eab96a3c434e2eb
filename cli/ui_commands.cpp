// `parley host` and `parley client`: the graphical client (ui/), with the lobby embedded for
// a LAN party and, for one person alone, a bot opponent in the same process.
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "archive/lobby_feed.hpp"
#include "cli/commands.hpp"
#include "cli/lobby_choice.hpp"
#include "i18n/i18n.hpp"
#include "lobby/client/lan_search.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "peer/bots/chess_bots.hpp"
#include "peer/net/runner.hpp"
#include "ui/net/house_bot.hpp"
#include "ui/net/lan.hpp"
#include "ui/sdl/client.hpp"

namespace parley::cli {

namespace {

// The options every client run shares, or the reason they are wrong.
game::Result<ui::sdl::ClientOptions, std::string> client_options(const ClientCommand& c) {
  std::filesystem::path key = c.identity;
  if (key.empty()) {
    auto default_path = crypto::default_identity_path();
    if (!default_path) return std::string("no place for your key: ") + std::string(crypto::describe(default_path.error()));
    key = *default_path;
  }
  auto identity = crypto::load_or_create_identity(key);
  if (!identity) return key.string() + ": " + std::string(crypto::describe(identity.error()));
  ui::sdl::ClientOptions o{std::move(identity).value()};
  o.data_dir = c.data_dir.empty() ? peer::default_data_dir() : std::filesystem::path(c.data_dir);
  o.display_name = c.name;  // empty: the name remembered, or the login name (run_client)
  o.quick_match = c.quick_match;
  if (!c.replay.empty()) o.replay = c.replay;
  o.quit_after_ms = static_cast<std::uint64_t>(std::max(c.quit_after_ms, 0));
  if (!c.screenshot.empty()) o.screenshot = c.screenshot;
  if (!c.no_lan) {
    o.lan_targets = lobby::lan_probe_targets(static_cast<std::uint16_t>(c.lan_port));
    o.lan_answer_port = static_cast<std::uint16_t>(c.lan_port);
  }
  return o;
}

}  // namespace

int run_client(const ClientCommand& c) {
  auto options = client_options(c);
  if (!options) {
    fmt::print(stderr, "{}\n", options.error());
    return kUsage;
  }
  if (!c.lobby.empty()) {
    auto choice = choose_lobby(c.lobby);
    if (!choice) return choice.error();
    options->lobby_address = lobby::to_string(choice->endpoint);
    options->expected_lobby_key = choice->key;
    options->connect_now = true;
  }
  return ui::sdl::run_client(std::move(options).value());
}

int run_host(const ClientCommand& c) {
  auto options = client_options(c);
  if (!options) {
    fmt::print(stderr, "{}\n", options.error());
    return kUsage;
  }
  std::vector<ui::HouseBotKind> kinds;
  for (const std::string& name : c.bot) {
    const ui::HouseBotKind kind = *ui::parse_house_bot_kind(name);  // checked by the parser
    if (std::ranges::find(kinds, kind) != kinds.end()) {
      fmt::print(stderr, "--bot {}: that game's house bots are asked for twice\n", name);
      return kUsage;
    }
    kinds.push_back(kind);
  }
  lobby::LogSink archive;
  if (!c.archive.empty()) {
    auto feed = archive::LobbyFeed::open(c.archive);
    if (!feed) {
      fmt::print(stderr, "--archive {}: {}\n", c.archive, feed.error().detail);
      return kInvalidInput;
    }
    archive = archive::lobby_sink(std::move(*feed));
  }
  // Friends' clients list this lobby under the host's name (docs/ui.md, "Connect").
  std::optional<lobby::LanListing> lan;
  const std::string table = ui::sdl::chosen_display_name(c.name, ui::sdl::load_client_memory(options->data_dir));
  if (auto name = lobby::sanitize_lan_name(table); options->lan_answer_port && name)
    lan = lobby::LanListing{std::move(name).value(), *options->lan_answer_port};
  // The lobby starts before the window opens, so a port already in use is said here.
  auto server = ui::start_embedded_lobby(static_cast<std::uint16_t>(c.port), options->data_dir, /*log=*/false,
                                         std::move(archive), lan);
  if (!server) {
    fmt::print(stderr, "cannot start the lobby on port {}: {}\n", c.port, lobby::to_string(server.error()));
    return kInvalidInput;
  }
  const std::uint16_t port = (*server)->endpoint().port;
  fmt::print("lobby listening on port {}; friends connect to:\n", port);
  for (const auto& address : ui::lan_addresses(port)) fmt::print("  {}\n", address);
  if (const auto lan_port = (*server)->lan_port()) {
    fmt::print("answering LAN searches as \"{}\" (UDP port {}): friends find this lobby on their connect screen\n",
               lan->name, *lan_port);
  } else if (lan) {
    fmt::print("not answering LAN searches: UDP port {} cannot be had (friends enter an address above)\n", lan->port);
  }
  std::fflush(stdout);
  options->hosted = std::move(server).value();
  // The house bots keep their keys and sessions apart from the host player's (they share the
  // data directory), one folder each; the person finds them by quick match (docs/ui.md), in a
  // queue per game.
  std::vector<std::unique_ptr<ui::HouseBot>> bots;
  const int chess_level = std::ranges::find(c.bot, "random") != c.bot.end() ? 0 : c.level;
  for (const ui::HouseBotKind kind : kinds) {
    const int count = kind == ui::HouseBotKind::risiko ? c.bots : 1;
    const auto seats = static_cast<std::uint8_t>(kind == ui::HouseBotKind::risiko ? count + 1 : 2);
    for (int i = 0; i < count; ++i) {
      ui::HouseBotOptions bot;
      bot.lobby = lobby::Endpoint{"127.0.0.1", port};
      bot.kind = kind;
      bot.seats = seats;
      bot.delay_ms = static_cast<std::uint32_t>(c.bot_delay_ms);
      bot.chess_level = chess_level;
      bot.difficulty = *peer::risiko::parse_difficulty(c.difficulty);  // checked by the parser
      const std::string game(ui::game_of(kind));
      bot.data_dir = options->data_dir / "house-bot" / (count == 1 ? game : game + "-" + std::to_string(i + 1));
      bot.display_name = count == 1 ? "house bot" : "house bot " + std::to_string(i + 1);
      bots.push_back(std::make_unique<ui::HouseBot>(std::move(bot)));
    }
    options->house_bots.push_back(ui::QuickMatchTarget{std::string(ui::game_of(kind)), seats});
    const std::string plays = kind == ui::HouseBotKind::chess
                                  ? (chess_level > 0 ? peer::house_chess_description(chess_level) : i18n::tr("random moves"))
                              : kind == ui::HouseBotKind::risiko ? peer::risiko::describe(bots.back()->difficulty())
                                                                 : i18n::tr("the tracking bot");
    fmt::print("{}\n", i18n::trf("house bots: {0} waiting for a {1}-seat quick match of {2} ({3})", count, seats,
                                 ui::game_of(kind), plays));
  }
  // "Seat a house bot" in a room the person opened: the first of that game's bots that is free.
  options->seat_house_bot = [&bots](std::string_view game, lobby::RoomId room) {
    return ui::invite_free_bot(bots, game, room);
  };
  // The window closes and the lobby stops inside run_client; the bots, left waiting to
  // reconnect, stop last (each thread joined).
  return ui::sdl::run_client(std::move(options).value());
}

}  // namespace parley::cli
