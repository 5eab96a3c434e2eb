// `parley host` and `parley client`: the graphical client (ui/), with the lobby embedded for
// a LAN party and, for one person alone, a bot opponent in the same process.
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "archive/lobby_feed.hpp"
#include "cli/client_command_line.hpp"
#include "cli/commands.hpp"
#include "cli/lobby_choice.hpp"
#include "i18n/i18n.hpp"
#include "lobby/client/lan_search.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "peer/bots/game_bots.hpp"
#include "peer/net/runner.hpp"
#include "peer/session/game_module.hpp"
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
  o.language_given = language_on_command_line();
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
  // Each game with house bots, and the engine its --bot name chose (an alias of the game's, e.g.
  // "random" for chess; empty for the game's own name).
  std::vector<std::pair<std::string, std::string>> games;
  for (const std::string& name : c.bot) {
    const std::string game = *peer::house_bot_game(name);  // checked by the parser
    if (std::ranges::find(games, game, &std::pair<std::string, std::string>::first) != games.end()) {
      fmt::print(stderr, "--bot {}: that game's house bots are asked for twice\n", name);
      return kUsage;
    }
    games.emplace_back(game, name == game ? std::string() : name);
  }
  lobby::LogSink archive;
  // With --archive, who is online shows each player's ratings from it (docs/lobby.md, "Ratings").
  std::shared_ptr<lobby::RatingsMailbox> mailbox;
  std::shared_ptr<archive::LobbyRatings> ratings;
  if (!c.archive.empty()) {
    auto feed = archive::LobbyFeed::open(c.archive);
    if (!feed) {
      fmt::print(stderr, "--archive {}: {}\n", c.archive, feed.error().detail);
      return kInvalidInput;
    }
    std::shared_ptr<archive::LobbyFeed> shared = std::move(*feed);
    mailbox = std::make_shared<lobby::RatingsMailbox>();
    ratings = std::make_shared<archive::LobbyRatings>(shared, mailbox);
    archive = archive::lobby_sink(shared, ratings);
  }
  // Friends' clients list this lobby under the host's name (docs/ui.md, "Connect").
  std::optional<lobby::LanListing> lan;
  const std::string table = ui::sdl::chosen_display_name(c.name, ui::sdl::load_client_memory(options->data_dir));
  if (auto name = lobby::sanitize_lan_name(table); options->lan_answer_port && name)
    lan = lobby::LanListing{std::move(name).value(), *options->lan_answer_port};
  // The lobby starts before the window opens, so a port already in use is said here.
  auto server = ui::start_embedded_lobby(static_cast<std::uint16_t>(c.port), options->data_dir, /*log=*/false,
                                         std::move(archive), lan, mailbox);
  if (!server) {
    fmt::print(stderr, "cannot start the lobby on port {}: {}\n", c.port, lobby::to_string(server.error()));
    return kInvalidInput;
  }
  if (ratings) {
    // The first table before the window opens (a person's archive: a moment); then after each game.
    ratings->set_lobby_key((*server)->public_key());
    if (auto rated = ratings->refresh(); !rated) fmt::print(stderr, "--archive {}: {}\n", c.archive, rated.error().detail);
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
  // queue per game. A game for two has one; a game for more has --bots, and a seat for the person.
  std::vector<std::unique_ptr<ui::HouseBot>> bots;
  for (const auto& [game, engine] : games) {
    const peer::GameModule* module = peer::find_game(game);
    const peer::SeatRange range = module->seats();
    const peer::GameBots* game_bots = module->facet<peer::GameBots>();
    const int count = range.min > 2 ? c.bots : range.min - 1;
    const auto seats = static_cast<std::uint8_t>(std::clamp<int>(count + 1, range.min, range.max));
    // --level and --difficulty go to the games whose bots take them.
    peer::BotRequest asked;
    asked.engine = engine;
    if (game_bots->has_levels()) asked.level = c.level;
    if (game_bots->has_difficulties()) asked.difficulty = c.difficulty;
    const auto plays = game_bots->house_bot_plays(asked);
    if (!plays) {
      fmt::print(stderr, "--bot {}: {}\n", game, plays.error());
      return kUsage;
    }
    for (int i = 0; i < count; ++i) {
      ui::HouseBotOptions bot;
      bot.lobby = lobby::Endpoint{"127.0.0.1", port};
      bot.game = game;
      bot.seats = seats;
      bot.delay_ms = static_cast<std::uint32_t>(c.bot_delay_ms);
      bot.engine = asked.engine;
      bot.level = asked.level;
      bot.difficulty = asked.difficulty;
      bot.data_dir = options->data_dir / "house-bot" / (count == 1 ? game : game + "-" + std::to_string(i + 1));
      bot.display_name = count == 1 ? "house bot" : "house bot " + std::to_string(i + 1);
      bots.push_back(std::make_unique<ui::HouseBot>(std::move(bot)));
    }
    options->house_bots.push_back(ui::QuickMatchTarget{game, seats});
    fmt::print("{}\n", i18n::trf("house bots: {0} waiting for a {1}-seat quick match of {2} ({3})", count, seats, game,
                                 plays->words));
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
