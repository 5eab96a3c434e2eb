#include "ui/core/app.hpp"

#include <algorithm>

#include "game/chess/pgn.hpp"
#include "games/chess/chess_export.hpp"
#include "games/risiko/module.hpp"
#include "peer/session/chess_rules.hpp"
#include "peer/session/gunjin_rules.hpp"
#include "peer/session/risiko_rules.hpp"

namespace parley::ui {

using namespace game::chess;

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

bool playable(std::string_view game) {
  return game == peer::kChessGame || game == peer::kGunjinGame || game == peer::risiko::kRisikoGame;
}

namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

}  // namespace

App::App(AppConfig config)
    : config_(std::move(config)), lobby_(config_.identity), gunjin_editor_(sensible_layout(config_.identity.bytes()[0])) {
  address_field = config_.lobby_address;
  name_field = config_.display_name;
  memory_ = ClientMemory{config_.display_name, config_.recent_lobbies};
  if (config_.connect_now) connect_to(config_.lobby_key, 0);
}

std::string App::fingerprint() const { return crypto::fingerprint(config_.identity); }

// ---- connect ------------------------------------------------------------------------------

void App::connect(std::uint64_t local_ms) { connect_to(std::nullopt, local_ms); }

void App::connect_to(std::optional<crypto::PublicKey> lobby_key, std::uint64_t local_ms) {
  std::string name = trimmed(name_field);
  if (name.empty()) return notify(Notice::Kind::error, "Enter the name other players will see", local_ms);
  auto endpoint = lobby::parse_endpoint(trimmed(address_field));
  if (!endpoint)
    return notify(Notice::Kind::error,
                  "Not a lobby address: " + address_field + " (" + std::string(lobby::describe(endpoint.error())) +
                      "; expected HOST:PORT)",
                  local_ms);
  config_.display_name = name;
  config_.lobby_address = lobby::to_string(*endpoint);
  lobby_.set_connection(Connection::connecting);
  joining_by_address_ = true;
  send(ConnectCommand{*endpoint, name, lobby_key});
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
  if (name.empty()) return notify(Notice::Kind::error, "Enter the name other players will see", local_ms);
  config_.display_name = name;
  lobby_.set_connection(Connection::connecting);
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
  auto go = [&](Screen s) { (screen_ == Screen::replay ? before_replay_ : screen_) = s; };
  if (const auto* e = std::get_if<LobbyEvent>(&event)) {
    on_lobby(e->event, local_ms);
  } else if (const auto* lost = std::get_if<ConnectionLost>(&event)) {
    if (lost->retrying) {
      lobby_.set_connection(Connection::reconnecting);
      notify(Notice::Kind::error, "Lost the lobby (" + lost->reason + "); reconnecting", local_ms);
    } else {
      lobby_.set_connection(Connection::offline);
      lobby_.left_room();
      go(Screen::connect);
      notify(Notice::Kind::error, "Cannot reach the lobby: " + lost->reason, local_ms);
    }
    say("connection: " + lost->reason);
  } else if (const auto* h = std::get_if<HostStarted>(&event)) {
    host_addresses_ = h->addresses;
    host_listed_on_lan_ = h->lan_port.has_value();
    std::string all;
    for (const auto& a : h->addresses) all += (all.empty() ? "" : ", ") + a;
    say("hosting a lobby; friends connect to " + all);
    notify(Notice::Kind::info,
           "Your lobby is running. Friends connect to " + all +
               (h->lan_port ? "; on this network their connect screen lists it under your name" : ""),
           local_ms);
  } else if (const auto* lan = std::get_if<LanTablesFound>(&event)) {
    on_lan_tables(lan->tables, local_ms);
  } else if (const auto* f = std::get_if<HostFailed>(&event)) {
    lobby_.set_connection(Connection::offline);
    notify(Notice::Kind::error, "Cannot host a lobby: " + f->reason, local_ms);
  } else if (const auto* r = std::get_if<RoomEntries>(&event)) {
    on_entries(*r, local_ms);
  } else if (const auto* s = std::get_if<SeatUpdate>(&event)) {
    on_seat(*s, local_ms);
  } else if (const auto* secrets = std::get_if<RisikoSecrets>(&event)) {
    if (game_room_ != secrets->room) return;
    if (risiko_) risiko_->set_secrets(secrets->own);
    else risiko_secrets_ = *secrets;
  } else if (const auto* in_use = std::get_if<GunjinLayoutInUse>(&event)) {
    // It may come before the game's first entries (the runner restores its secrets first).
    if (game_room_ == in_use->room) {
      gunjin_layout_sent_ = in_use->layout;
      if (gunjin_) {
        gunjin_->set_layout(in_use->layout);
        gunjin_->update(game_->session());
      }
    }
  } else if (const auto* refused = std::get_if<IntentRefused>(&event)) {
    if (risiko_) risiko_->refused();
    pending_.reset();
    if (gunjin_) gunjin_->refused();
    notify(Notice::Kind::error, "Not played: " + refused->reason, local_ms);
    input_ply_.reset();
    sync_input();
  }
}

void App::on_lobby(const lobby::ClientEvent& event, std::uint64_t local_ms) {
  auto go = [&](Screen s) { (screen_ == Screen::replay ? before_replay_ : screen_) = s; };
  if (auto next_page = lobby_.apply(event)) send(ListRoomsCommand{*next_page});

  if (const auto* w = std::get_if<lobby::Welcome>(&event)) {
    if ((screen_ == Screen::replay ? before_replay_ : screen_) == Screen::connect) go(Screen::lobby);
    say("connected to the lobby as " + w->display_name + " (key " + fingerprint() + ")");
    if (std::exchange(joining_by_address_, false)) {
      memory_ = remember(memory_, config_.display_name, config_.lobby_address);
      memory_changed_ = true;
    }
    refresh_rooms();
    if (!w->seated_rooms.empty()) {
      notify(Notice::Kind::info, "Resuming your game in room " + std::to_string(w->seated_rooms.front().value), local_ms);
    } else if (config_.quick_match) {
      config_.quick_match = false;  // once
      if (!config_.house_bots.empty()) play_house_bots(config_.house_bots.front());
      else quick_match(2);
    }
  } else if (const auto* r = std::get_if<lobby::Refused>(&event)) {
    notify(Notice::Kind::error,
           "The lobby refused: " + std::string(lobby::describe(r->reason)) + (r->detail.empty() ? "" : " (" + r->detail + ")"),
           local_ms);
  } else if (const auto* s = std::get_if<lobby::RoomState>(&event)) {
    if (!lobby_.room() || lobby_.room()->room != s->room) return;  // a stale push, ignored by the state
    switch (s->phase) {
      case lobby::RoomPhase::waiting:
        go(Screen::room);
        break;
      case lobby::RoomPhase::started:
        if (game_room_ != s->room) {
          game_.reset();
          risiko_.reset();
          game_room_ = s->room;
          pending_.reset();
          gunjin_.reset();
          seat_.reset();
          result_dialog_ = false;
          result_seen_ = false;
          events_logged_ = 0;
          my_draw_offer_standing_ = false;
          input_ply_.reset();
          say("game started in room " + std::to_string(s->room.value));
        }
        go(Screen::game);
        break;
      case lobby::RoomPhase::closed:
        notify(Notice::Kind::info, "Room " + std::to_string(s->room.value) + " has closed", local_ms);
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
      if (game_->session().rules().game() == peer::risiko::kRisikoGame) {
        const auto& rules = parley::games::risiko::rules_of(game_->session());
        risiko_.emplace(rules.state().world, shapes_for(rules.options(), *rules.state().world, config_.risiko_drawings), game_->me());
        if (risiko_secrets_ && risiko_secrets_->room == batch.room) risiko_->set_secrets(risiko_secrets_->own);
        risiko_secrets_.reset();
      }
      flipped_ = game_->me() && game_->me()->index == 1;
      if (game_->session().rules().game() == peer::kGunjinGame) {
        gunjin_.emplace(game_->me(), gunjin_layout_sent_);
        gunjin_announced_ = 0;
      }
      if (game_->me())
        say("you play " + seat_label(game_->session(), *game_->me()) + " in room " + std::to_string(batch.room.value));
      else
        say("watching room " + std::to_string(batch.room.value));
    } else {
      game_->apply(entry, local_ms);
    }
    if (risiko_) risiko_->after_entry(game_->session(), [&](game::Seat s) { return game_->seat_name(s); });
  }
  if (!game_) return;
  if (gunjin_) {
    gunjin_->update(game_->session());
    for (; gunjin_announced_ < gunjin_->announcements().size(); ++gunjin_announced_)
      say("referee: " + gunjin_->announcements()[gunjin_announced_]);
  }
  log_session_events(local_ms);
  tell_of_declined_offer(local_ms);
  if (pending_ && game_->is_chess() && (game_->chess().moves().size() != pending_ply_ || game_->session().outcome()))
    pending_.reset();
  sync_input();
  if (game_->session().outcome() && !result_seen_) {
    result_seen_ = true;
    result_dialog_ = true;
  }
}

void App::on_seat(const SeatUpdate& update, std::uint64_t local_ms) {
  for (const auto& note : update.notes) say("seat: " + note);
  if (update.status == peer::RunnerStatus::finished && update.log && !(seat_ && seat_->log)) {
    say("log written: " + update.log->string());
    notify(Notice::Kind::info, "Game log saved: " + update.log->string(), local_ms);
  }
  if (update.status == peer::RunnerStatus::failed && !(seat_ && seat_->status == peer::RunnerStatus::failed)) {
    seat_failures_.push_back("Your seat stopped: " + update.failure);
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
    notify(Notice::Kind::info, "Your draw offer is off: " + game_->seat_name(opponent) + " did not accept it", local_ms);
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

void App::sync_input() {
  if (!game_ || !game_->is_chess()) return;
  const Game& g = game_->chess();
  const bool may_move = game_->my_move() && !pending_;
  const std::size_t ply = g.moves().size();
  if (input_ply_ == ply && input_may_move_ == may_move) return;
  input_.reset(g.position(), may_move);
  input_ply_ = ply;
  input_may_move_ = may_move;
  if (may_move) say("your move: " + g.position().fen());
}

// ---- lobby --------------------------------------------------------------------------------

void App::refresh_rooms() {
  lobby_.begin_room_list();
  send(ListRoomsCommand{});
}

void App::tick(std::uint64_t local_ms) {
  search_lan(local_ms);
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

void App::quick_match(std::uint8_t seats) { send(QuickMatchCommand{std::string(peer::kChessGame), seats}); }

void App::quick_match_gunjin() {
  gunjin_layout_sent_ = gunjin_editor_.layout();
  send(GunjinLayoutCommand{*gunjin_layout_sent_});
  send(QuickMatchCommand{std::string(peer::kGunjinGame), 2});
}

void App::quick_match_risiko(std::uint8_t seats) {
  send(QuickMatchCommand{std::string(peer::risiko::kRisikoGame), std::clamp<std::uint8_t>(seats, 3, 6)});
}

void App::play_house_bots(const QuickMatchTarget& bots) {
  if (bots.game == peer::kGunjinGame) return quick_match_gunjin();
  if (bots.game == peer::risiko::kRisikoGame) return quick_match_risiko(bots.seats);
  send(QuickMatchCommand{bots.game, bots.seats});
}

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
    notify(Notice::Kind::info, "A house bot is taking a seat", local_ms);
  else
    notify(Notice::Kind::error, "Every house bot of this game sits in a room already", local_ms);
}

void App::leave_queue() {
  send(LeaveQueueCommand{});
  lobby_.left_queue();
}

void App::create_room(const CreateRoomForm& form, std::uint64_t local_ms) {
  if (!playable(form.game)) return notify(Notice::Kind::error, "This client cannot play " + form.game + " yet", local_ms);
  if (form.game == peer::kChessGame && form.seats != 2)
    return notify(Notice::Kind::error, "Chess is for two players", local_ms);
  if (form.game == peer::risiko::kRisikoGame && (form.seats < 3 || form.seats > 6))
    return notify(Notice::Kind::error, "Risiko is for 3 to 6 players", local_ms);
  if (form.game == peer::kGunjinGame && form.seats != 2)
    return notify(Notice::Kind::error, "Gunjin shogi is for two players", local_ms);
  if (form.seats < 2 || form.seats > 6) return notify(Notice::Kind::error, "A room has 2 to 6 seats", local_ms);
  if (form.clock_minutes < 0 || form.clock_minutes > 24 * 60 || form.increment_seconds < 0 ||
      form.increment_seconds > 3600)
    return notify(Notice::Kind::error, "The time control is out of range", local_ms);
  CreateRoomCommand c;
  c.game = form.game;
  c.seats = static_cast<std::uint8_t>(form.seats);
  auto event = peer::room_text(form.event);
  if (!event)
    return notify(Notice::Kind::error, "The event's name is longer than " + std::to_string(peer::kMaxOptionText) + " bytes",
                  local_ms);
  c.options.event = std::move(*event);
  c.options.clock_base_ms = static_cast<std::uint64_t>(form.clock_minutes) * 60'000;
  c.options.clock_increment_ms = form.clock_minutes > 0 ? static_cast<std::uint64_t>(form.increment_seconds) * 1000 : 0;
  c.visibility = form.invite_only ? lobby::Visibility::invite_only : lobby::Visibility::public_room;
  // An empty blob is seed 001's rules with hidden pieces (docs/gunjin.md, "Encodings").
  if (form.game == peer::kGunjinGame && form.gunjin != peer::GunjinRoomOptions{})
    c.options.game_options = peer::encode(form.gunjin);
  if (form.game == peer::risiko::kRisikoGame) {
    peer::risiko::RisikoOptions risiko;
    risiko.dice = form.risiko_dice;
    if (form.risiko_map_file) {
      auto custom = peer::risiko::custom_map_options(*form.risiko_map_file, form.risiko_dice);
      if (!custom) return notify(Notice::Kind::error, "Your map: " + peer::risiko::describe(custom.error()), local_ms);
      risiko = std::move(custom).value();
    } else if (peer::risiko::is_shipped_map(form.risiko_map)) {
      risiko.map = form.risiko_map;
    } else {
      return notify(Notice::Kind::error, "No map called " + form.risiko_map, local_ms);
    }
    // An empty blob is the classic map with Risiko dice.
    if (risiko != peer::risiko::RisikoOptions{}) c.options.game_options = peer::risiko::encode(risiko);
  }
  send(std::move(c));
}

void App::join(lobby::RoomId room, lobby::Role role) { send(JoinRoomCommand{room, {}, role}); }

void App::join_by_code(const std::string& code, lobby::Role role, std::uint64_t local_ms) {
  std::string c = trimmed(code);
  if (c.empty()) return notify(Notice::Kind::error, "Enter the invite code", local_ms);
  send(JoinRoomCommand{lobby::RoomId{0}, c, role});
}

// ---- room ---------------------------------------------------------------------------------

void App::set_ready(bool ready) {
  if (!lobby_.room()) return;
  if (ready && lobby_.room()->game == peer::kGunjinGame) {
    // The seat commits to the layout on screen when the game starts.
    gunjin_layout_sent_ = gunjin_editor_.layout();
    send(GunjinLayoutCommand{*gunjin_layout_sent_});
  }
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

void App::submit_move(Move move) {
  send(ChessCommand{ChessIntent{ChessIntent::Kind::move, move, 0}});
  pending_ = move;
  pending_ply_ = game_->chess().moves().size();
  input_.reset(game_->chess().position(), false);
  input_may_move_ = false;
}

void App::board_press(std::optional<Square> at) {
  if (auto m = input_.press(at)) submit_move(*m);
}

void App::board_release(std::optional<Square> at) {
  if (auto m = input_.release(at)) submit_move(*m);
}

void App::choose_promotion(PieceType type) {
  if (auto m = input_.choose_promotion(type)) submit_move(*m);
}

void App::act(ChessIntent intent, std::uint64_t local_ms) {
  if (!game_ || !game_->me() || !game_->is_chess()) return;
  auto message = chess_intent_message(game_->chess(), *game_->me(), intent);
  if (!message) return notify(Notice::Kind::error, "Cannot " + message.error(), local_ms);
  send(ChessCommand{intent});
}

void App::submit_gunjin(const GunjinIntent& move) {
  send(GunjinCommand{move});
  gunjin_->sent(move);
}

void App::gunjin_press(std::optional<game::gunjin::Square> at) {
  if (!gunjin_) return;
  if (auto m = gunjin_->press(at)) submit_gunjin(*m);
}

void App::gunjin_drag(Point pointer) {
  if (gunjin_) gunjin_->drag(pointer);
}

void App::gunjin_release(std::optional<game::gunjin::Square> at) {
  if (!gunjin_) return;
  if (auto m = gunjin_->release(at)) submit_gunjin(*m);
}

void App::gunjin_cancel() {
  if (gunjin_) gunjin_->cancel();
}

void App::act(GunjinIntent intent, std::uint64_t local_ms) {
  if (!game_ || !gunjin_ || !game_->me()) return;
  auto action = gunjin_intent_action(gunjin_->view(), *game_->me(), intent);
  if (!action) return notify(Notice::Kind::error, "Cannot " + action.error(), local_ms);
  send(GunjinCommand{intent});
}

bool App::can_leave_game() const {
  if (!game_) return true;
  if (!game_->me()) return true;
  if (seat_ && (seat_->status == peer::RunnerStatus::finished || seat_->status == peer::RunnerStatus::failed)) return true;
  return game_->session().outcome().has_value();
}

void App::leave_game() {
  if (!can_leave_game()) return;
  // A seat's runner leaves the room itself once the game is complete; a spectator leaves here.
  if (lobby_.room() && !lobby_.my_seat()) send(LeaveRoomCommand{lobby_.room()->room});
  lobby_.left_room();
  game_.reset();
  risiko_.reset();
  gunjin_.reset();
  game_room_.reset();
  pending_.reset();
  result_dialog_ = false;
  (screen_ == Screen::replay ? before_replay_ : screen_) = Screen::lobby;
  refresh_rooms();
}

game::Result<std::string, peer::ExportError> App::game_pgn() const {
  if (!game_ || !game_->is_chess()) return peer::ExportError{"no chess game to save"};
  auto record = peer::chess_pgn(game_->log());
  if (!record) return peer::ExportError{record.error().detail};
  return pgn::write(*record);
}

// ---- replay -------------------------------------------------------------------------------

void App::risiko_act(std::optional<RisikoIntent> intent) {
  if (!intent || !risiko_ || !game_ || !game_->me()) return;
  say("you: " + describe(*intent, risiko_->world()));
  send(RisikoCommand{std::move(*intent)});
}

void App::open_replay(ReplayViewer viewer) {
  replay_.emplace(std::move(viewer));
  risiko_replay_ = RisikoReplay::open(*replay_, config_.risiko_drawings);
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
