#include "ui/core/app.hpp"

#include <algorithm>

#include "i18n/i18n.hpp"
#include "peer/session/room_words.hpp"
#include "ui/core/game_ui.hpp"

namespace parley::ui {

std::string_view describe(Screen screen) {
  switch (screen) {
    case Screen::connect: return "connect";
    case Screen::lobby: return "lobby";
    case Screen::room: return "room";
    case Screen::game: return "game";
    case Screen::replay: return "replay";
  }
  return "unknown";
}

bool playable(std::string_view game) { return game_ui(game) != nullptr; }

std::string describe(const ConnectProblem& problem) {
  using Kind = ConnectProblem::Kind;
  using i18n::trf;
  switch (problem.kind) {
    case Kind::bad_address: return trf("\"{0}\" is not a lobby address ({1}); expected HOST:PORT", problem.address, problem.reason);
    case Kind::timed_out:
      return trf("No answer from the lobby at {0} after {1} seconds: gave up", problem.address, (problem.waited_ms + 500) / 1000);
    case Kind::failed: return trf("Could not reach the lobby at {0}: {1}", problem.address, problem.reason);
    case Kind::lost: return trf("The connection to the lobby at {0} is lost: {1}", problem.address, problem.reason);
    case Kind::host_failed: return trf("Could not host a lobby on port {0}: {1}", problem.address, problem.reason);
  }
  return problem.reason;
}

std::vector<std::string> what_to_try(const ConnectProblem& problem) {
  using Kind = ConnectProblem::Kind;
  using i18n::tr;
  switch (problem.kind) {
    case Kind::bad_address:
      return {tr("Type the host's name or IP address, a colon and the port, as in 192.168.1.20:7777."),
              tr("Or press Join beside a lobby listed under \"On this network\".")};
    case Kind::host_failed:
      return {tr("Another program (or another parley) may use that port: choose another one and host again."),
              tr("Ports below 1024 need administrator rights.")};
    case Kind::timed_out:
    case Kind::failed:
    case Kind::lost:
      break;
  }
  return {tr("Check the address and the port with the person hosting the lobby."),
          tr("Make sure the lobby is running there (parley host, or parley-lobby)."),
          tr("A firewall between you may block the lobby's UDP port."),
          tr("Or host a lobby here and let your friends join you.")};
}

namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

}  // namespace

App::App(AppConfig config) : config_(std::move(config)), lobby_(config_.identity) {
  address_field = config_.lobby_address;
  name_field = config_.display_name;
  memory_ = ClientMemory{config_.display_name, config_.recent_lobbies, config_.language};
  for (const auto& module : peer::GameRegistry::process().all())
    if (const GameUi* ui = module->facet<GameUi>()) screens_.push_back(ui->screen(*this, *module));
  if (config_.connect_now) {
    connect_to(config_.lobby_key, 0);
    connecting_since_ms_.reset();  // the first tick starts the clock: 0 is no time of the caller's
  }
}

App::~App() = default;

GameScreen* App::game_screen(std::string_view game) const {
  const peer::GameModule* module = peer::find_game(game);
  for (const auto& screen : screens_)
    if (&screen->module() == module) return screen.get();
  return nullptr;
}

std::string App::fingerprint() const { return crypto::fingerprint(config_.identity); }

// ---- connect ------------------------------------------------------------------------------

void App::connect(std::uint64_t local_ms) { connect_to(std::nullopt, local_ms); }

void App::connect_to(std::optional<crypto::PublicKey> lobby_key, std::uint64_t local_ms) {
  std::string name = trimmed(name_field);
  if (name.empty()) return notify(Notice::Kind::error, i18n::tr("Enter the name other players will see"), local_ms);
  connect_problem_.reset();
  auto endpoint = lobby::parse_endpoint(trimmed(address_field));
  if (!endpoint)
    return connect_failed({ConnectProblem::Kind::bad_address, address_field, std::string(lobby::describe(endpoint.error()))},
                          local_ms);
  config_.display_name = name;
  config_.lobby_address = lobby::to_string(*endpoint);
  lobby_.set_connection(Connection::connecting);
  connecting_since_ms_ = local_ms;
  joining_by_address_ = true;
  send(ConnectCommand{*endpoint, name, lobby_key});
}

void App::cancel_connect() {
  if (lobby_.connection() != Connection::connecting) return;
  send(DisconnectCommand{});
  lobby_.set_connection(Connection::offline);
  connecting_since_ms_.reset();
  joining_by_address_ = false;
  say("connection: cancelled");
}

std::uint64_t App::connecting_for_ms(std::uint64_t local_ms) const {
  if (lobby_.connection() != Connection::connecting || !connecting_since_ms_ || local_ms < *connecting_since_ms_) return 0;
  return local_ms - *connecting_since_ms_;
}

void App::connect_failed(ConnectProblem problem, std::uint64_t) {
  connecting_since_ms_.reset();
  joining_by_address_ = false;
  say("connection: " + describe(problem));
  connect_problem_ = std::move(problem);
  (screen_ == Screen::replay ? before_replay_ : screen_) = Screen::connect;
}

void App::join_lan_table(std::size_t index, std::uint64_t local_ms) {
  if (index >= lan_tables_.size()) return;
  address_field = lobby::to_string(lan_tables_[index].lobby);
  connect_to(lan_tables_[index].lobby_key, local_ms);
}

void App::on_lan_tables(const std::vector<lobby::LanTable>& found, std::uint64_t local_ms) {
  for (const lobby::LanTable& table : found) {
    auto same = std::ranges::find_if(lan_tables_, [&](const lobby::LanTable& t) { return lobby::same_lobby(t, table); });
    if (same == lan_tables_.end()) {
      if (lan_tables_.size() == kMaxLanTables) continue;
      lan_tables_.push_back(table);
      lan_table_seen_ms_.push_back(local_ms);
    } else {
      // Its name and counts as it says them now, at the address the person saw first.
      const auto i = static_cast<std::size_t>(same - lan_tables_.begin());
      const lobby::Endpoint first = same->lobby;
      *same = table;
      same->lobby = first;
      lan_table_seen_ms_[i] = local_ms;
    }
  }
}

void App::host(std::uint16_t port, std::uint64_t local_ms) {
  std::string name = trimmed(name_field);
  if (name.empty()) return notify(Notice::Kind::error, i18n::tr("Enter the name other players will see"), local_ms);
  config_.display_name = name;
  connect_problem_.reset();
  config_.host_port = port;
  lobby_.set_connection(Connection::connecting);
  connecting_since_ms_ = local_ms;
  joining_by_address_ = false;
  send(HostCommand{port, name});
}

void App::disconnect() {
  send(DisconnectCommand{});
  lobby_.set_connection(Connection::offline);
  lobby_.left_room();
  lobby_.left_queue();
  screen_ = screen_ == Screen::replay ? Screen::replay : Screen::connect;
  before_replay_ = Screen::connect;
}

// ---- events -------------------------------------------------------------------------------

void App::on_event(const NetEvent& event, std::uint64_t local_ms) {
  struct Follow {
    App& app;
    std::uint64_t ms;
    ~Follow() { app.follow_lobby_room(ms); }
  } follow{*this, local_ms};
  auto go = [&](Screen s) { (screen_ == Screen::replay ? before_replay_ : screen_) = s; };
  // Offline, what the connection says is of an attempt given up (cancelled or timed out): a
  // welcome that arrives late must not pull the person away from the connect screen.
  const bool offline = lobby_.connection() == Connection::offline;
  if (const auto* e = std::get_if<LobbyEvent>(&event)) {
    if (!offline) on_lobby(e->event, local_ms);
  } else if (const auto* lost = std::get_if<ConnectionLost>(&event)) {
    if (offline) return;
    if (lost->retrying) {
      lobby_.set_connection(Connection::reconnecting);
      notify(Notice::Kind::error, i18n::trf("Lost the lobby ({0}); reconnecting", lost->reason), local_ms);
      say("connection: " + lost->reason);
    } else {
      const bool never_welcomed = lobby_.connection() == Connection::connecting;
      lobby_.set_connection(Connection::offline);
      lobby_.left_room();
      go(Screen::connect);
      connect_failed({never_welcomed ? ConnectProblem::Kind::failed : ConnectProblem::Kind::lost, config_.lobby_address,
                      lost->reason},
                     local_ms);
    }
  } else if (const auto* h = std::get_if<HostStarted>(&event)) {
    host_addresses_ = h->addresses;
    host_listed_on_lan_ = h->lan_port.has_value();
    std::string all;
    for (const auto& a : h->addresses) all += (all.empty() ? "" : ", ") + a;
    say("hosting a lobby; friends connect to " + all);
    notify(Notice::Kind::info,
           h->lan_port ? i18n::trf("Your lobby is running. Friends connect to {0}; on this network their connect screen "
                                   "lists it under your name",
                                   all)
                       : i18n::trf("Your lobby is running. Friends connect to {0}", all),
           local_ms);
  } else if (const auto* lan = std::get_if<LanTablesFound>(&event)) {
    on_lan_tables(lan->tables, local_ms);
  } else if (const auto* f = std::get_if<HostFailed>(&event)) {
    lobby_.set_connection(Connection::offline);
    connect_failed({ConnectProblem::Kind::host_failed, std::to_string(config_.host_port), f->reason}, local_ms);
  } else if (const auto* r = std::get_if<RoomEntries>(&event)) {
    on_entries(*r, local_ms);
  } else if (const auto* s = std::get_if<SeatUpdate>(&event)) {
    on_seat(*s, local_ms);
  } else if (const auto* news = std::get_if<SeatNews>(&event)) {
    // It may come before the game's first entries (the runner restores its secrets first).
    if (game_room_ != news->room) return;
    if (GameScreen* screen = game_screen(news->game)) screen->news(news->news);
  } else if (const auto* no_room = std::get_if<LobbyRoomRefused>(&event)) {
    if (offline) return;
    const bool was = lobby_.lobby_room() == LobbyRoom::not_served;
    lobby_.lobby_room_refused(no_room->reason);
    if (!was && lobby_.lobby_room() == LobbyRoom::not_served) {
      watching_lobby_ = false;  // nothing to stop: the lobby did not start
      say("the lobby lists no players and has no lobby chat (an older parley)");
    }
  } else if (const auto* refused = std::get_if<IntentRefused>(&event)) {
    if (active_) active_->refused();
    notify(Notice::Kind::error, i18n::trf("Not played: {0}", refused->reason), local_ms);
    if (active_) active_->sync();
  }
}

void App::on_lobby(const lobby::ClientEvent& event, std::uint64_t local_ms) {
  auto go = [&](Screen s) { (screen_ == Screen::replay ? before_replay_ : screen_) = s; };
  const LobbyState::NextPage next = lobby_.apply(event);
  if (next.rooms) send(ListRoomsCommand{*next.rooms});
  if (next.players) send(ListPlayersCommand{*next.players});
  if (std::holds_alternative<lobby::RoomList>(event) && !lobby_.listing_rooms()) look_for_rematch();

  if (const auto* w = std::get_if<lobby::Welcome>(&event)) {
    watching_lobby_ = false;  // a new connection watches nothing yet
    connecting_since_ms_.reset();
    connect_problem_.reset();
    if ((screen_ == Screen::replay ? before_replay_ : screen_) == Screen::connect) go(Screen::lobby);
    say("connected to the lobby as " + w->display_name + " (key " + fingerprint() + ")");
    if (std::exchange(joining_by_address_, false)) {
      memory_ = remember(memory_, config_.display_name, config_.lobby_address);
      memory_changed_ = true;
    }
    refresh_rooms();
    if (!w->seated_rooms.empty()) {
      notify(Notice::Kind::info, i18n::trf("Resuming your game in room {0}", w->seated_rooms.front().value), local_ms);
    } else if (config_.quick_match) {
      config_.quick_match = false;  // once
      if (!config_.house_bots.empty()) play_house_bots(config_.house_bots.front());
      else if (!screens_.empty()) quick_match(screens_.front()->game(), 2);
    }
  } else if (const auto* r = std::get_if<lobby::Refused>(&event)) {
    notify(Notice::Kind::error, peer::refused_words(*r), local_ms);
  } else if (const auto* s = std::get_if<lobby::RoomState>(&event)) {
    if (!lobby_.room() || lobby_.room()->room != s->room) return;  // a stale push, ignored by the state
    switch (s->phase) {
      case lobby::RoomPhase::waiting:
        go(Screen::room);
        // The rematch's room is open: on a host with house bots, one takes the other seat.
        if (rematch_ && rematch_->creator && s->game == rematch_->game) {
          if (config_.seat_house_bot && std::ranges::any_of(config_.house_bots, [&](const QuickMatchTarget& b) {
                return b.game == s->game;
              }))
            config_.seat_house_bot(s->game, s->room);
          rematch_.reset();
        }
        break;
      case lobby::RoomPhase::started:
        if (game_room_ != s->room) {
          stop_games();
          game_room_ = s->room;
          seat_.reset();
          result_dialog_ = false;
          result_seen_ = false;
          events_logged_ = 0;
          my_draw_offer_standing_ = false;
          say("game started in room " + std::to_string(s->room.value));
        }
        go(Screen::game);
        break;
      case lobby::RoomPhase::closed:
        notify(Notice::Kind::info, i18n::trf("Room {0} has closed", s->room.value), local_ms);
        if ((screen_ == Screen::replay ? before_replay_ : screen_) == Screen::room) go(Screen::lobby);
        break;
    }
  } else if (const auto* q = std::get_if<lobby::Queued>(&event)) {
    say("waiting for a " + q->game + " game: " + std::to_string(q->waiting) + " in the queue");
  }
}

void App::on_entries(const RoomEntries& batch, std::uint64_t local_ms) {
  if (game_room_ != batch.room) return;
  for (const lobby::SignedEntry& entry : batch.entries) {
    if (!game_) {
      if (entry.entry.index.value != 0) continue;
      auto started = LiveGame::start(batch.lobby_key, entry, config_.identity, local_ms);
      if (!started) {
        notify(Notice::Kind::error, started.error(), local_ms);
        continue;
      }
      game_.emplace(std::move(started).value());
      flipped_ = game_->me() && game_->me()->index == 1;
      active_ = game_screen(game_->genesis().game);
      if (active_) active_->start(*game_);
      if (game_->me())
        say("you play " + seat_label(game_->session(), *game_->me()) + " in room " + std::to_string(batch.room.value));
      else
        say("watching room " + std::to_string(batch.room.value));
    } else {
      game_->apply(entry, local_ms);
    }
    if (active_) active_->after_entry(*game_);
  }
  if (!game_) return;
  if (active_) active_->after_entries(*game_);
  log_session_events(local_ms);
  tell_of_declined_offer(local_ms);
  if (active_) active_->sync();
  if (game_->session().outcome() && !result_seen_) {
    result_seen_ = true;
    result_dialog_ = true;
  }
}

void App::on_seat(const SeatUpdate& update, std::uint64_t local_ms) {
  for (const auto& note : update.notes) say("seat: " + note);
  if (update.status == peer::RunnerStatus::finished && update.log && !(seat_ && seat_->log)) {
    say("log written: " + update.log->string());
    notify(Notice::Kind::info, i18n::trf("Game log saved: {0}", update.log->string()), local_ms);
  }
  if (update.status == peer::RunnerStatus::failed && !(seat_ && seat_->status == peer::RunnerStatus::failed)) {
    seat_failures_.push_back(i18n::trf("Your seat stopped: {0}", update.failure));
    say("seat stopped: " + update.failure);
  }
  seat_ = update;
  seat_->notes.clear();
}

// The person's draw offer stood and now does not, with the game going on: the opponent declined
// it or played on. (Accepted, the game is over and the result says so; crossed by the
// opponent's offer, it never stood and "Too late" says so.)
void App::tell_of_declined_offer(std::uint64_t local_ms) {
  const auto me = game_->me();
  const bool standing = me && game_->draw_offered_by() == me;
  if (my_draw_offer_standing_ && !standing && !game_->session().outcome()) {
    const game::Seat opponent{static_cast<std::uint8_t>(1 - me->index)};
    notify(Notice::Kind::info, i18n::trf("Your draw offer is off: {0} did not accept it", game_->seat_name(opponent)), local_ms);
  }
  my_draw_offer_standing_ = standing;
}

void App::log_session_events(std::uint64_t local_ms) {
  using Kind = peer::SessionEvent::Kind;
  const auto& events = game_->session().events();
  for (; events_logged_ < events.size(); ++events_logged_) {
    const peer::SessionEvent& e = events[events_logged_];
    std::string who = e.seat ? seat_label(game_->session(), *e.seat) + " (" + game_->seat_name(*e.seat) + ")" : "";
    switch (e.kind) {
      case Kind::action: say("entry " + std::to_string(e.index.value) + ": " + who + ": " + e.text); break;
      case Kind::blame: say("caught: " + who + " at entry " + std::to_string(e.index.value) + ": " + e.text); break;
      case Kind::timeout: say("timed out: " + who + ": " + e.text); break;
      case Kind::presence: say(who + " " + e.text); break;
      case Kind::outcome:
        if (auto text = game_->result_text()) say("result: " + *text);
        break;
      case Kind::complete: say("the game is complete"); break;
      case Kind::ignored:
        say("entry " + std::to_string(e.index.value) + ": " + who + ": ignored: " + e.text);
        // The person's own action crossed another seat's (docs/sessions.md, "Late actions").
        if (const auto why = peer::late_reason(e); why && e.seat && e.seat == game_->me())
          notify(Notice::Kind::info,
                 "Too late: the game changed before your action arrived, so it was not applied (" + std::string(*why) +
                     ")",
                 local_ms);
        break;
      default: break;
    }
  }
}

// ---- lobby --------------------------------------------------------------------------------

void App::refresh_rooms() {
  lobby_.begin_room_list();
  send(ListRoomsCommand{});
}

void App::tick(std::uint64_t local_ms) {
  // An attempt to connect is given up after connect_timeout_ms without a welcome.
  if (lobby_.connection() == Connection::connecting) {
    if (!connecting_since_ms_) {
      connecting_since_ms_ = local_ms;
    } else if (config_.connect_timeout_ms > 0 && local_ms >= *connecting_since_ms_ + config_.connect_timeout_ms) {
      const std::uint64_t waited = local_ms - *connecting_since_ms_;
      send(DisconnectCommand{});
      lobby_.set_connection(Connection::offline);
      connect_failed({ConnectProblem::Kind::timed_out, config_.lobby_address, {}, waited}, local_ms);
    }
  }
  search_lan(local_ms);
  follow_lobby_room(local_ms);
  if (rematch_ && local_ms >= rematch_->since_ms + kRematchWaitMs) {
    notify(Notice::Kind::error, i18n::tr("No rematch: the other player did not open the room"), local_ms);
    rematch_.reset();
  }
  if (screen_ != Screen::lobby || lobby_.connection() != Connection::online) {
    next_room_list_ms_.reset();
    return;
  }
  // The list asked for on arriving here counts as the first.
  if (!next_room_list_ms_) next_room_list_ms_ = local_ms + kRoomListRefreshMs;
  // Not over a listing still coming in page by page: its pages and the new ones would mix.
  if (local_ms < *next_room_list_ms_ || lobby_.listing_rooms()) return;
  refresh_rooms();
  next_room_list_ms_ = local_ms + kRoomListRefreshMs;
}

void App::follow_lobby_room(std::uint64_t local_ms) {
  const bool online = lobby_.connection() == Connection::online;
  const bool want = online && screen_under_replay() == Screen::lobby && lobby_.lobby_room() != LobbyRoom::not_served;
  if (want && !watching_lobby_) {
    send(WatchLobbyCommand{true});
    watching_lobby_ = true;
    listed_online_.reset();  // the players are listed once the lobby answers (below)
  } else if (!want && watching_lobby_) {
    if (online) send(WatchLobbyCommand{false});
    watching_lobby_ = false;
  }
  if (!watching_lobby_) {
    next_player_list_ms_.reset();
    return;
  }
  // Listed once the lobby serves the room, again when the pulse's count differs from the one
  // listed, or every few seconds (names and activities change without the count); never over
  // a listing still coming in page by page.
  if (lobby_.lobby_room() != LobbyRoom::served || lobby_.listing_players()) return;
  const bool count_changed = listed_online_ != lobby_.players_online();
  if (!count_changed && next_player_list_ms_ && local_ms < *next_player_list_ms_) return;
  lobby_.begin_player_list();
  send(ListPlayersCommand{});
  listed_online_ = lobby_.players_online();
  next_player_list_ms_ = local_ms + config_.player_list_refresh_ms;
}

void App::send_lobby_chat(const std::string& text) {
  std::string t = trimmed(text);
  if (watching_lobby_ && lobby_.lobby_room() == LobbyRoom::served && !t.empty()) send(ChatCommand{lobby::kLobbyRoom, t});
}

void App::search_lan(std::uint64_t local_ms) {
  if (screen_ != Screen::connect || lobby_.connection() != Connection::offline) {
    next_lan_search_ms_.reset();  // back on the connect screen, the search starts again at once
    return;
  }
  for (std::size_t i = lan_tables_.size(); i-- > 0;) {
    if (local_ms < lan_table_seen_ms_[i] + kLanTableForgetMs) continue;
    lan_tables_.erase(lan_tables_.begin() + static_cast<std::ptrdiff_t>(i));
    lan_table_seen_ms_.erase(lan_table_seen_ms_.begin() + static_cast<std::ptrdiff_t>(i));
  }
  if (next_lan_search_ms_ && local_ms < *next_lan_search_ms_) return;
  send(SearchLanCommand{});
  next_lan_search_ms_ = local_ms + kLanSearchMs;
}

void App::quick_match(std::string_view game, std::uint8_t seats) {
  if (GameScreen* screen = game_screen(game)) screen->quick_match(seats);
}

void App::play_house_bots(const QuickMatchTarget& bots) { quick_match(bots.game, bots.seats); }

bool App::may_seat_house_bot() const {
  const auto& room = lobby_.room();
  if (!room || !config_.seat_house_bot || room->phase != lobby::RoomPhase::waiting) return false;
  const bool open_seat = std::ranges::any_of(room->seats, [](const lobby::SeatInfo& seat) { return !seat.key; });
  const bool bots_of_game =
      std::ranges::any_of(config_.house_bots, [&](const QuickMatchTarget& bots) { return bots.game == room->game; });
  return open_seat && bots_of_game;
}

void App::seat_house_bot(std::uint64_t local_ms) {
  if (!may_seat_house_bot()) return;
  if (config_.seat_house_bot(lobby_.room()->game, lobby_.room()->room))
    notify(Notice::Kind::info, i18n::tr("A house bot is taking a seat"), local_ms);
  else
    notify(Notice::Kind::error, i18n::tr("Every house bot of this game sits in a room already"), local_ms);
}

void App::leave_queue() {
  send(LeaveQueueCommand{});
  lobby_.left_queue();
}

void App::create_room(const CreateRoomForm& form, std::uint64_t local_ms) {
  const std::string game = form.game.empty() && !screens_.empty() ? std::string(screens_.front()->game()) : form.game;
  GameScreen* screen = game_screen(game);
  if (!screen) return notify(Notice::Kind::error, i18n::trf("This client cannot play {0} yet", game), local_ms);
  const peer::SeatRange range = screen->module().seats();
  if (!range.contains(static_cast<std::size_t>(std::max(form.seats, 0))))
    return notify(Notice::Kind::error,
                  range.min == 2 && range.max == 2
                      ? i18n::trf("{0} is for two players", i18n::tr(std::string(screen->module().title()).c_str()))
                  : range.min == range.max
                      ? i18n::trf("{0} is for {1} players", i18n::tr(std::string(screen->module().title()).c_str()),
                                  range.min)
                      : i18n::trf("{0} is for {1} to {2} players", i18n::tr(std::string(screen->module().title()).c_str()),
                                  range.min, range.max),
                  local_ms);
  if (form.seats < 2 || form.seats > 6) return notify(Notice::Kind::error, i18n::tr("A room has 2 to 6 seats"), local_ms);
  if (form.clock_minutes < 0 || form.clock_minutes > 24 * 60 || form.increment_seconds < 0 ||
      form.increment_seconds > 3600)
    return notify(Notice::Kind::error, i18n::tr("The time control is out of range"), local_ms);
  CreateRoomCommand c;
  c.game = game;
  c.seats = static_cast<std::uint8_t>(form.seats);
  auto event = peer::room_text(form.event);
  if (!event)
    return notify(Notice::Kind::error, i18n::trf("The event's name is longer than {0} bytes", peer::kMaxOptionText),
                  local_ms);
  c.options.event = std::move(*event);
  c.options.clock_base_ms = static_cast<std::uint64_t>(form.clock_minutes) * 60'000;
  c.options.clock_increment_ms = form.clock_minutes > 0 ? static_cast<std::uint64_t>(form.increment_seconds) * 1000 : 0;
  c.visibility = form.invite_only ? lobby::Visibility::invite_only : lobby::Visibility::public_room;
  auto game_options = screen->room_options();
  if (!game_options) return notify(Notice::Kind::error, game_options.error(), local_ms);
  c.options.game_options = std::move(game_options).value();
  send(std::move(c));
}

void App::join(lobby::RoomId room, lobby::Role role) { send(JoinRoomCommand{room, {}, role}); }

void App::join_by_code(const std::string& code, lobby::Role role, std::uint64_t local_ms) {
  std::string c = trimmed(code);
  if (c.empty()) return notify(Notice::Kind::error, i18n::tr("Enter the invite code"), local_ms);
  send(JoinRoomCommand{lobby::RoomId{0}, c, role});
}

// ---- room ---------------------------------------------------------------------------------

void App::set_ready(bool ready) {
  if (!lobby_.room()) return;
  if (GameScreen* screen = game_screen(lobby_.room()->game); ready && screen) screen->ready();
  send(ReadyCommand{lobby_.room()->room, ready});
}

void App::leave_room() {
  if (!lobby_.room()) return;
  send(LeaveRoomCommand{lobby_.room()->room});
  lobby_.left_room();
  (screen_ == Screen::replay ? before_replay_ : screen_) = Screen::lobby;
  refresh_rooms();
}

void App::send_chat(const std::string& text) {
  std::string t = trimmed(text);
  if (lobby_.room() && !t.empty()) send(ChatCommand{lobby_.room()->room, t});
}

// ---- game ---------------------------------------------------------------------------------

void App::stop_games() {
  game_.reset();
  active_ = nullptr;
  for (const auto& screen : screens_) screen->stop();
}

bool App::can_leave_game() const {
  if (!game_) return true;
  if (!game_->me()) return true;
  if (seat_ && (seat_->status == peer::RunnerStatus::finished || seat_->status == peer::RunnerStatus::failed)) return true;
  return game_->session().outcome().has_value();
}

bool App::game_in_progress() const {
  if (!game_ || !game_->me() || game_->session().outcome()) return false;
  return !(seat_ && (seat_->status == peer::RunnerStatus::finished || seat_->status == peer::RunnerStatus::failed));
}

// ---- rematch ------------------------------------------------------------------------------

std::string App::rematch_marker(lobby::RoomId old_room) {
  // Data both clients compare, whatever their language: never translated.
  return "rematch of room " + std::to_string(old_room.value);
}

bool App::can_rematch() const {
  return game_ && game_->me() && game_->session().outcome() && game_room_ && lobby_.connection() != Connection::offline &&
         !rematch_;
}

void App::rematch(std::uint64_t local_ms) {
  if (!can_rematch()) return;
  const std::string game = game_->genesis().game;
  GameScreen* screen = game_screen(game);
  auto options = peer::decode_room_options(game_->genesis().options);
  if (!screen || !options) return notify(Notice::Kind::error, i18n::tr("This game cannot be played again here"), local_ms);
  Rematch r;
  r.old_room = *game_room_;
  r.game = game;
  r.marker = rematch_marker(*game_room_);
  r.since_ms = local_ms;
  const game::Seat me = *game_->me();
  const auto seats = static_cast<std::uint8_t>(game_->genesis().seat_keys.size());
  // The others by the names the lobby listed them under, and the names their peers gave.
  for (std::uint8_t s = 0; s < seats; ++s) {
    if (s == me.index) continue;
    if (const auto& room = lobby_.room(); room && room->room == *game_room_ && s < room->seats.size())
      r.others.push_back(room->seats[s].name);
    r.others.push_back(game_->seat_name(game::Seat{s}));
  }
  const bool house_bots = std::ranges::any_of(config_.house_bots, [&](const QuickMatchTarget& b) { return b.game == game; }) &&
                          static_cast<bool>(config_.seat_house_bot);
  // The second seat creates the room and so plays first; with house bots, this client does.
  r.creator = house_bots || me.index == 1;
  // Back to the lobby (a seat's runner leaves a finished room itself).
  if (lobby_.room() && !lobby_.my_seat()) send(LeaveRoomCommand{lobby_.room()->room});
  lobby_.left_room();
  stop_games();
  game_room_.reset();
  result_dialog_ = false;
  (screen_ == Screen::replay ? before_replay_ : screen_) = Screen::lobby;
  if (r.creator) {
    CreateRoomCommand c;
    c.game = game;
    c.seats = seats;
    c.options = std::move(options).value();
    c.options.event = r.marker;
    c.visibility = lobby::Visibility::public_room;
    send(std::move(c));
    notify(Notice::Kind::info, i18n::tr("Rematch: a new room is open for the same players"), local_ms);
  } else {
    notify(Notice::Kind::info, i18n::tr("Rematch: looking for the room your opponent opens"), local_ms);
  }
  say("rematch of room " + std::to_string(r.old_room.value) + (r.creator ? ": creating the room" : ": looking for the room"));
  rematch_ = std::move(r);
  refresh_rooms();
}

// A rematch this client joins: the waiting room of the same game named after the old one, with
// one of the other players in its first seat and a seat open.
void App::look_for_rematch() {
  if (!rematch_ || rematch_->creator) return;
  for (const lobby::RoomSummary& room : lobby_.rooms()) {
    if (room.game != rematch_->game || room.phase != lobby::RoomPhase::waiting || room.seated() >= room.seat_count()) continue;
    if (!room.options) continue;
    auto options = peer::decode_room_options(*room.options);
    if (!options || options->event != rematch_->marker) continue;
    if (room.seats.empty() || !room.seats[0] || std::ranges::find(rematch_->others, *room.seats[0]) == rematch_->others.end())
      continue;
    send(JoinRoomCommand{room.room, {}, lobby::Role::player});
    say("rematch: joining room " + std::to_string(room.room.value));
    rematch_.reset();
    return;
  }
}

void App::leave_game() {
  if (!can_leave_game()) return;
  // A seat's runner leaves the room itself once the game is complete; a spectator leaves here.
  if (lobby_.room() && !lobby_.my_seat()) send(LeaveRoomCommand{lobby_.room()->room});
  lobby_.left_room();
  stop_games();
  game_room_.reset();
  result_dialog_ = false;
  (screen_ == Screen::replay ? before_replay_ : screen_) = Screen::lobby;
  refresh_rooms();
}

// ---- replay -------------------------------------------------------------------------------

void App::open_replay(ReplayViewer viewer) {
  replay_.emplace(std::move(viewer));
  for (const auto& screen : screens_) screen->close_replay();
  if (GameScreen* screen = game_screen(replay_->game())) screen->open_replay(*replay_);
  if (screen_ != Screen::replay) before_replay_ = screen_;
  screen_ = Screen::replay;
  say("replaying " + replay_->name() + ": " + (replay_->report().valid ? "valid" : "invalid: " + replay_->report().fault));
}

void App::close_replay() {
  if (screen_ != Screen::replay) return;
  screen_ = before_replay_;
}

// ---- notices ------------------------------------------------------------------------------

void App::notify(Notice::Kind kind, std::string text, std::uint64_t local_ms) {
  if (kind == Notice::Kind::error) say("error: " + text);
  notices_.push_back({kind, std::move(text), local_ms});
  if (notices_.size() > 50) notices_.erase(notices_.begin());
}

std::vector<Notice> App::active_notices(std::uint64_t local_ms) const {
  std::vector<Notice> out;
  for (const auto& n : notices_)
    if (n.at_ms + kNoticeMs > local_ms) out.push_back(n);
  return out;
}

std::vector<std::string> App::banners() const {
  std::vector<std::string> out = lobby_.faults();
  if (game_)
    for (const Alert& a : game_->alerts())
      if (a.kind != Alert::Kind::timeout) out.push_back(a.text);
  out.insert(out.end(), seat_failures_.begin(), seat_failures_.end());
  return out;
}

}  // namespace parley::ui
