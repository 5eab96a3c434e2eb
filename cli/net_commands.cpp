#include <arpa/inet.h>
#include <fmt/core.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <filesystem>
#include <functional>
#include <random>
#include <tuple>

#include "cli/commands.hpp"
#include "cli/event_commands.hpp"
#include "cli/lobby_choice.hpp"
#include "cli/lobby_wait.hpp"
#include "cli/terminal_game.hpp"
#include "crypto/hex.hpp"
#include "i18n/i18n.hpp"
#include "lobby/client/lan_search.hpp"
#include "lobby/client/lobby_client.hpp"
#include "lobby/protocol/endpoint.hpp"
#include "lobby/protocol/text.hpp"
#include "peer/bots/game_bots.hpp"
#include "peer/log/show.hpp"
#include "peer/log/trust.hpp"
#include "peer/net/runner.hpp"
#include "peer/net/store.hpp"
#include "peer/session/game_module.hpp"
#include "peer/session/room_words.hpp"

namespace parley::cli {

namespace {

const TerminalGame* terminal_game(std::string_view game) {
  const peer::GameModule* module = peer::find_game(game);
  return module ? module->facet<TerminalGame>() : nullptr;
}

// The names of the registered games whose TerminalGame says yes: "chess, gunjin or risiko".
std::string games_where(const std::function<bool(const TerminalGame&)>& yes) {
  std::vector<std::string> names;
  for (const auto& module : peer::GameRegistry::process().all())
    if (const auto* terminal = module->facet<TerminalGame>(); terminal && yes(*terminal))
      names.emplace_back(module->name());
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? std::string() : i + 1 == names.size() ? std::string(" ") + i18n::tr("or") + " " : std::string(", ")) + names[i];
  return out;
}

// Seat options from the command line, or the reason they are wrong.
game::Result<peer::SeatOptions, std::string> seat_options(const SeatCommand& c, bool fresh_identity_by_default) {
  peer::SeatOptions o;
  if (!lobby_syntax(c.lobby)) return bad_lobby(c.lobby);
  // A lan: choice is looked for when the seat starts (run_seat), once every option is right.
  if (!lan_choice(c.lobby)) o.lobby = *lobby::parse_endpoint(c.lobby);
  o.display_name = c.name;
  o.game = c.game;
  o.data_dir = c.data_dir;
  int ways = (c.quick_match > 0) + (c.room > 0) + (c.create > 0);
  if (ways > 1) return std::string(i18n::tr("choose one of --quick-match, --room and --create"));
  const TerminalGame* terminal = terminal_game(c.game);
  if ((!c.map.empty() || !c.dice.empty()) && (c.create == 0 || !terminal || !terminal->takes_map_and_dice()))
    return i18n::trf("--map and --dice choose a new Risiko room's rules: use them with {0} and --create",
                     games_where([](const TerminalGame& t) { return t.takes_map_and_dice(); }));
  if (c.room > 0 || (c.create == 0 && c.quick_match == 0 && !c.invite.empty())) {
    // A room by its number, or by its invite code alone (room 0: the lobby finds it by the code).
    o.join = peer::SeatOptions::Join::room;
    o.room = lobby::RoomId{c.room};
    o.invite_code = c.invite;
  } else if (c.create > 0) {
    o.join = peer::SeatOptions::Join::create;
    o.seats = static_cast<std::uint8_t>(c.create);
    for (auto [typed, text, option] : {std::tuple{&c.event, &o.create_options.event, "--event"},
                                       std::tuple{&c.round, &o.create_options.round, "--round"},
                                       std::tuple{&c.site, &o.create_options.site, "--site"}}) {
      auto sanitised = peer::room_text(*typed);
      if (!sanitised)
        return i18n::trf("{0}: not UTF-8 text of at most {1} bytes", option, peer::kMaxOptionText);
      *text = std::move(*sanitised);
    }
    if (!c.invite.empty()) o.visibility = lobby::Visibility::invite_only;
    if (!c.clock.empty()) {
      auto plus = c.clock.find('+');
      std::uint64_t base = 0, inc = 0;
      auto b = std::from_chars(c.clock.data(), c.clock.data() + (plus == std::string::npos ? c.clock.size() : plus), base);
      if (b.ec != std::errc{}) return i18n::trf("bad --clock '{0}': expected BASE+INC in seconds", c.clock);
      if (plus != std::string::npos) {
        auto i = std::from_chars(c.clock.data() + plus + 1, c.clock.data() + c.clock.size(), inc);
        if (i.ec != std::errc{}) return i18n::trf("bad --clock '{0}': expected BASE+INC in seconds", c.clock);
      }
      o.create_options.clock_base_ms = base * 1000;
      o.create_options.clock_increment_ms = inc * 1000;
    }
    if (!c.map.empty() || !c.dice.empty()) {
      auto game_options = terminal->map_and_dice(c.map, c.dice);
      if (!game_options) return game_options.error();
      o.create_options.game_options = std::move(game_options).value();
    }
  } else {
    o.join = peer::SeatOptions::Join::quick_match;
    o.seats = static_cast<std::uint8_t>(c.quick_match > 0 ? c.quick_match : 2);
  }
  // Last: a key is made only for options that are right.
  if (!c.identity.empty() || !fresh_identity_by_default) {
    std::filesystem::path path = c.identity;
    if (path.empty()) {
      auto default_path = crypto::default_identity_path();
      if (!default_path) return i18n::trf("no place for your key: {0}", crypto::describe(default_path.error()));
      path = *default_path;
    }
    auto identity = crypto::load_or_create_identity(path);
    if (!identity) return path.string() + ": " + std::string(crypto::describe(identity.error()));
    o.identity = std::move(identity).value();
  }
  return o;
}

// The person at the terminal closed the input: the seat leaves the lobby without resigning. Its
// keys, secrets and entries stay in the data folder, and the lobby keeps the seat, so the same
// command resumes the game (as after a crash) while the others wait, or claim the time it ran out of.
int leave_seat(peer::SeatRunner& runner) {
  runner.disconnect(std::chrono::seconds(2));
  if (runner.status() == peer::RunnerStatus::playing && runner.room() && runner.seat()) {
    fmt::print(stderr, "{}\n{}\n",
               i18n::trf("input ended: seat {0} left room {1} without resigning; the others wait for it (a clock, if "
                         "the room has one, runs on).",
                         runner.seat()->index, runner.room()->value),
               i18n::tr("Run the same command again to resume it."));
  } else {
    fmt::print(stderr, "{}\n", i18n::tr("input ended before a game began: left the lobby"));
  }
  return kInvalidInput;
}

// Runs the seat until its game is complete; prints notes unless quiet. `input_ended`, for a
// person at a terminal, says when they have closed the input.
int run_seat(const SeatCommand& c, peer::SeatOptions options, peer::Player& player,
             const std::function<bool()>& input_ended = {}) {
  if (lan_choice(c.lobby)) {
    auto choice = choose_lobby(c.lobby);
    if (!choice) return choice.error();
    options.lobby = choice->endpoint;
    options.expected_lobby_key = choice->key;
  }
  if (!c.lobby_key.empty()) {
    auto pinned = pin_seat_lobby(c.lobby_key, options.lobby);
    if (!pinned) {
      fmt::print(stderr, "--lobby-key: {}\n", pinned.error());
      return kInvalidInput;
    }
    if (options.expected_lobby_key && *options.expected_lobby_key != *pinned) {
      fmt::print(stderr, "--lobby-key: the lobby found on the LAN proves {}, not the pinned {}\n",
                 crypto::fingerprint(*options.expected_lobby_key), crypto::fingerprint(*pinned));
      return kInvalidInput;
    }
    options.expected_lobby_key = *pinned;
  }
  // Reaching the lobby is bounded apart from the wait for the game: an address where no lobby
  // answers is said within --connect-timeout, not after --give-up.
  const LobbyWait reaching(options.lobby, c.connect_timeout_s, c.quiet);
  peer::SeatRunner runner(std::move(options), player);
  auto running = [&] {
    return runner.status() != peer::RunnerStatus::finished && runner.status() != peer::RunnerStatus::failed;
  };
  // The lobby answered (the runner left `connecting` once): later losses are reconnected to
  // until --give-up, since the game goes on there.
  bool reached = false;
  auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(c.give_up_s);
  while (running()) {
    runner.step(20);
    reached = reached || runner.status() == peer::RunnerStatus::matching || runner.status() == peer::RunnerStatus::playing;
    if (!reached && running() && reaching.expired()) {
      for (const auto& n : runner.take_notes())
        if (!c.quiet) fmt::print(stderr, "{}\n", n);
      return reaching.give_up();
    }
    for (const auto& n : runner.take_notes())
      if (!c.quiet) fmt::print(stderr, "{}\n", n);
    // A last command's post is seen through first: it may be what ends the game; and a game
    // with a result is seen to its end, whose last steps ask the person nothing.
    const bool decided = runner.session() != nullptr && runner.session()->outcome().has_value();
    if (running() && input_ended && !runner.posting() && !decided && input_ended()) return leave_seat(runner);
    if (std::chrono::steady_clock::now() > give_up) {
      // What was waited for: players to fill the room, or the game's end (the lobby lost and
      // not found again counts as the game not ending).
      if (runner.status() == peer::RunnerStatus::playing || runner.session() != nullptr)
        fmt::print(stderr, "{}\n", i18n::trf("giving up after {0} s (--give-up): the game did not end", c.give_up_s));
      else
        fmt::print(stderr, "{}\n", i18n::trf("giving up after {0} s (--give-up): no game began, not enough players came", c.give_up_s));
      return kInvalidInput;
    }
  }
  for (const auto& n : runner.take_notes())
    if (!c.quiet) fmt::print(stderr, "{}\n", n);
  if (runner.status() == peer::RunnerStatus::failed) {
    // Before any answer and with no connection made: the address itself cannot be used (a name
    // that does not resolve). A lobby that answered with the wrong key or protocol was reached.
    if (!reached && runner.client() == nullptr) return reaching.cannot_connect(runner.failure());
    fmt::print(stderr, "{}\n", runner.failure());
    return kInvalidInput;
  }
  runner.disconnect(std::chrono::seconds(2));
  const auto& outcome = runner.session()->outcome();
  fmt::print("{}\n", runner.log_path()->string());
  fmt::print("result: {} ({})\n",
             outcome->winner ? "seat " + std::to_string(outcome->winner->index) + " wins" : std::string("no winner"),
             outcome->reason);
  return kSuccess;
}

// 64 bits from the system's entropy: bots' moves and a person's default Gunjin layout.
std::uint64_t random_seed() {
  return static_cast<std::uint64_t>(std::random_device{}()) << 32 | std::random_device{}();
}

}  // namespace

int run_bot(const SeatCommand& c) {
  const peer::GameModule* module = peer::find_game(c.game);
  const peer::GameBots* bots = module ? module->facet<peer::GameBots>() : nullptr;
  if (!bots) {
    fmt::print(stderr, "{}\n", i18n::trf("no bot plays '{0}' yet", c.game));
    return kUsage;
  }
  auto options = seat_options(c, /*fresh_identity_by_default=*/true);
  if (!options) {
    fmt::print(stderr, "{}\n", options.error());
    return kUsage;
  }
  const std::uint64_t seed = c.seed ? c.seed : random_seed();
  auto bot = bots->bot({c.engine, seed, std::chrono::milliseconds(c.delay_ms), c.movetime_ms, c.level, c.difficulty});
  if (!bot) {
    fmt::print(stderr, "{}\n", bot.error());
    return kUsage;
  }
  // The house chess bot says whether stockfish plays, or random moves in its place.
  if (!c.quiet && c.engine.empty() && c.level > 0) fmt::print(stderr, "{}\n", bot->plays);
  if (options->display_name.empty()) options->display_name = bot->name;
  return run_seat(c, std::move(options).value(), *bot->player);
}

int run_play(const SeatCommand& c) {
  const TerminalGame* terminal = terminal_game(c.game);
  if (!terminal) {
    fmt::print(stderr, "{}\n", i18n::trf("no game '{0}' at a terminal: {1}", c.game, games_where([](const TerminalGame&) { return true; })));
    return kUsage;
  }
  if (!c.layout.empty() && !terminal->takes_layout()) {
    fmt::print(stderr, "{}\n", i18n::trf("--layout is for {0}", games_where([](const TerminalGame& t) { return t.takes_layout(); })));
    return kUsage;
  }
  // The player (and its layout) is made before anything else is done (a key created, a lobby
  // contacted).
  const std::filesystem::path data_dir = c.data_dir.empty() ? peer::default_data_dir() : std::filesystem::path(c.data_dir);
  auto player = terminal->player({c.layout, data_dir, random_seed()});
  if (!player) {
    fmt::print(stderr, "{}\n", player.error().message);
    return player.error().exit_status;
  }
  auto options = seat_options(c, /*fresh_identity_by_default=*/false);
  if (!options) {
    fmt::print(stderr, "{}\n", options.error());
    return kUsage;
  }
  if (options->display_name.empty()) options->display_name = "player";
  // A person at a terminal sees the lobby's key and may trust it (cli/trust_commands.cpp).
  if (::isatty(STDIN_FILENO) && !lan_choice(c.lobby) && c.lobby_key.empty()) offer_trust(c.lobby, options->lobby, options->expected_lobby_key);
  return run_seat(c, std::move(options).value(), *player->player, player->input_ended);
}

// Pages through the lobby's list (a page is at most kMaxRoomsPerList rooms; the next starts
// after the last one's id). A lobby's "more" is not trusted to end: the ids must grow, and the
// listing is bounded in pages and in the wait for each.
int list_rooms(const RoomsOptions& o) {
  if (!o.game.empty() && !lobby::is_valid_game_name(o.game)) {
    fmt::print(stderr, "bad --game '{}': a game name is 1-32 characters of a-z, 0-9 and -\n", o.game);
    return kUsage;
  }
  const auto choice = choose_lobby(o.lobby);
  if (!choice) return choice.error();
  const lobby::Endpoint* endpoint = &choice->endpoint;
  const LobbyWait reaching(*endpoint, o.connect_timeout_s, false);
  auto client = lobby::LobbyClient::connect(lobby::ClientOptions{*endpoint, std::nullopt, {}, choice->key});
  if (!client) return reaching.cannot_connect(client.error().detail);
  bool reached = false;
  constexpr int kMaxPages = 1000;
  constexpr auto kPatience = std::chrono::seconds(10);  // for each page
  auto deadline = std::chrono::steady_clock::now() + kPatience;
  std::vector<lobby::RoomSummary> rooms;
  lobby::RequestId asked = (*client)->list_rooms(o.game, {});
  for (int pages = 0; asked.value != 0;) {
    if (!reached && reaching.expired()) return reaching.give_up();
    if (std::chrono::steady_clock::now() > deadline) {
      fmt::print(stderr, "no answer from {}\n", lobby::to_string(*endpoint));
      return kInvalidInput;
    }
    (*client)->poll(50);
    while (auto event = (*client)->next_event()) {
      if (std::holds_alternative<lobby::Connected>(*event)) {
        reached = true;
        deadline = std::chrono::steady_clock::now() + kPatience;
      } else if (auto* page = std::get_if<lobby::RoomList>(&*event); page && page->request == asked) {
        for (const auto& room : page->rooms) {
          if (!rooms.empty() && room.room.value <= rooms.back().room.value) {
            fmt::print(stderr, "{} listed its rooms out of order: the lobby is at fault\n", lobby::to_string(*endpoint));
            return kInvalidInput;
          }
          rooms.push_back(room);
        }
        deadline = std::chrono::steady_clock::now() + kPatience;
        if (page->more && ++pages == kMaxPages)
          fmt::print(stderr, "{} has more rooms than the {} listed here\n", lobby::to_string(*endpoint), rooms.size());
        asked = page->more && !page->rooms.empty() && pages < kMaxPages ? (*client)->list_rooms(o.game, rooms.back().room)
                                                                        : lobby::RequestId{};
      } else if (auto* refused = std::get_if<lobby::Refused>(&*event)) {
        fmt::print(stderr, "{}: {}\n", lobby::to_string(*endpoint), peer::refused_words(*refused));
        return kInvalidInput;
      } else if (auto* fault = std::get_if<lobby::ProtocolFault>(&*event)) {
        fmt::print(stderr, "{} sent a message this parley cannot read ({}){}\n", lobby::to_string(*endpoint),
                   lobby::describe(fault->error),
                   fault->error == lobby::WireError::unsupported_version ? ": it runs another version of parley" : "");
        return kInvalidInput;
      } else if (auto* gone = std::get_if<lobby::Disconnected>(&*event)) {
        if (!reached && gone->kind == lobby::DisconnectKind::closed) return reaching.cannot_connect(gone->reason);
        fmt::print(stderr, "{}\n", gone->reason);
        return kInvalidInput;
      }
    }
  }
  if (rooms.empty()) {
    fmt::print("no public {}rooms\n", o.game.empty() ? "" : o.game + " ");
    return kSuccess;
  }
  bool open_seat = false;
  for (const auto& room : rooms) {
    open_seat = open_seat || (room.phase == lobby::RoomPhase::waiting && room.seated() < room.seat_count());
    std::string line = fmt::format("{:>5}  {:<8} {:<8} {} · {}", room.room.value, room.game, peer::phase_words(room.phase),
                                   peer::seat_names(room), peer::options_text(room));
    if (room.spectators > 0) line += fmt::format(" · {} watching", room.spectators);
    fmt::print("{}\n", line);
  }
  if (open_seat) fmt::print("Take a seat: parley play GAME --lobby {} --room ID\n", o.lobby);
  return kSuccess;
}

int search_lan(const LanOptions& o) {
  const auto port = static_cast<std::uint16_t>(o.port);
  std::vector<lobby::Endpoint> targets;
  for (const std::string& host : o.to) {
    in_addr parsed{};
    if (::inet_pton(AF_INET, host.c_str(), &parsed) != 1) {
      fmt::print(stderr, "bad --to '{}': expected an IPv4 address such as 192.168.1.20\n", host);
      return kUsage;
    }
    targets.push_back(lobby::Endpoint{host, port});
  }
  if (targets.empty()) targets = lobby::lan_probe_targets(port);
  auto tables = lobby::search_lan(std::move(targets), std::chrono::milliseconds(o.wait_ms));
  if (!tables) {
    fmt::print(stderr, "cannot search the network: {}\n", tables.error());
    return kInvalidInput;
  }
  if (tables->empty()) {
    fmt::print("no lobby answered within {} ms\n", o.wait_ms);
    return kInvalidInput;
  }
  for (const lobby::LanTable& t : *tables) {
    fmt::print("{:<24} {:<21} {} · key {}\n", t.name, lobby::to_string(t.lobby), peer::lan_table_words(t),
               crypto::fingerprint(t.lobby_key));
  }
  fmt::print("Join one: parley client --lobby HOST:PORT, or see its rooms: parley rooms --lobby HOST:PORT\n");
  return kSuccess;
}

int watch_room(const WatchOptions& o) {
  if (!lobby_syntax(o.lobby)) {
    fmt::print(stderr, "{}\n", bad_lobby(o.lobby));
    return kUsage;
  }
  if (o.room == 0 && o.invite.empty()) {
    fmt::print(stderr, "which room? --room ID (parley rooms --lobby {} lists them) or --invite CODE\n", o.lobby);
    return kUsage;
  }
  if (!o.save.empty()) {
    // Said now, not after an hour of watching.
    const std::filesystem::path folder = std::filesystem::absolute(o.save).parent_path();
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec) || ::access(folder.c_str(), W_OK) != 0) {
      fmt::print(stderr, "--save {}: {} is not a folder this user can write in\n", o.save, folder.string());
      return kUsage;
    }
  }
  // A spectator posts nothing and signs nothing that lasts: a key of the moment will do.
  const auto choice = choose_lobby(o.lobby);
  if (!choice) return choice.error();
  const lobby::Endpoint* endpoint = &choice->endpoint;
  const LobbyWait reaching(*endpoint, o.connect_timeout_s, false);
  auto client = lobby::LobbyClient::connect(
      lobby::ClientOptions{*endpoint, crypto::Identity::generate(), o.name, choice->key});
  if (!client) return reaching.cannot_connect(client.error().detail);
  bool reached = false;
  lobby::LobbyClient& lobby_client = **client;
  std::optional<lobby::RequestId> join;
  std::optional<lobby::RoomId> room;
  std::optional<peer::Narrator> narrator;
  std::size_t told = 0;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(o.give_up_s);
  auto game_over = [&] { return narrator && narrator->session() && narrator->session()->phase() == peer::Phase::complete; };
  while (!game_over()) {
    if (!reached && reaching.expired()) return reaching.give_up();
    if (std::chrono::steady_clock::now() > give_up) {
      fmt::print(stderr, "gave up after {} s, {} entries told\n", o.give_up_s, told);
      return kInvalidInput;
    }
    lobby_client.poll(50);
    while (auto event = lobby_client.next_event()) {
      if (std::holds_alternative<lobby::Connected>(*event)) {
        reached = true;
      } else if (std::holds_alternative<lobby::Welcome>(*event)) {
        join = o.room != 0 ? lobby_client.join_room(lobby::RoomId{o.room}, lobby::Role::spectator, o.invite)
                           : lobby_client.join_by_code(o.invite, lobby::Role::spectator);
      } else if (auto* state = std::get_if<lobby::RoomState>(&*event)) {
        const bool answer = join && state->request == *join;
        if (!answer && (!room || state->room != *room)) continue;
        if (!room) {
          room = state->room;
          std::vector<std::optional<std::string>> names;
          for (const auto& seat : state->seats) names.push_back(seat.key ? std::optional(seat.name) : std::nullopt);
          const lobby::RoomSummary summary{state->room, state->game, names, 0, state->phase, std::nullopt};
          fmt::print(stderr, "watching room {}: {}, {} · {}\n", room->value, state->game, peer::seat_names(summary),
                     peer::options_text(state->game, state->options));
        }
        if (state->phase == lobby::RoomPhase::closed && told == 0) {
          fmt::print(stderr, "room {} closed before its game began\n", room->value);
          return kInvalidInput;
        }
      } else if (auto* appended = std::get_if<lobby::EntryAppended>(&*event); appended && room && appended->room == *room) {
        const auto& entries = lobby_client.transcript(*room)->entries();
        for (; told < entries.size(); ++told) {
          if (told == 0) {
            narrator.emplace(lobby_client.transcript(*room)->genesis(), entries.front().entry.lobby_time_ms);
            fmt::print("{}", peer::format_line(narrator->genesis_line()));
          } else {
            fmt::print("{}", peer::format_line(narrator->tell(told, entries[told])));
          }
        }
        std::fflush(stdout);
      } else if (auto* refused = std::get_if<lobby::Refused>(&*event); refused && join && refused->request == *join) {
        fmt::print(stderr, "{}\n", peer::refused_words(*refused));
        return kInvalidInput;
      } else if (auto* fault = std::get_if<lobby::TranscriptFault>(&*event)) {
        fmt::print(stderr, "the lobby sent entry {} of room {} that does not fit the transcript ({}): the lobby is at fault\n",
                   fault->index.value, fault->room.value, lobby::describe(fault->error));
        return kInvalidInput;
      } else if (auto* gone = std::get_if<lobby::Disconnected>(&*event)) {
        if (!reached && gone->kind == lobby::DisconnectKind::closed) return reaching.cannot_connect(gone->reason);
        fmt::print(stderr, "lost the lobby ({}) after {} entries\n", gone->reason, told);
        return kInvalidInput;
      }
    }
  }
  const lobby::GameLog log{*lobby_client.lobby_key(), lobby_client.transcript(*room)->entries()};
  peer::VerifyReport report = peer::verify(log);
  // The lobby this command connected to proved its key on the channel: the one it pinned.
  peer::apply_trust(report, peer::TrustRoots{{peer::pin_of(log.lobby_key)}, {}, false});
  const std::string name = "room " + std::to_string(room->value);
  fmt::print("{}", peer::format_text(report, o.save.empty() ? name : o.save));
  if (!o.save.empty()) {
    // As a seat writes its log: public (the whole game is in it, no secret), durably.
    auto written = peer::write_file_durably(o.save, lobby::encode(log), 0644);
    if (!written) {
      fmt::print(stderr, "cannot save the log: {}\n", written.error().detail);
      return kUnreadable;
    }
  }
  return report.valid ? kSuccess : kInvalidInput;
}

}  // namespace parley::cli
