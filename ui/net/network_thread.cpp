#include "ui/net/network_thread.hpp"

#include "ui/net/lan.hpp"

namespace parley::ui {

namespace {

constexpr auto kReconnectDelay = std::chrono::seconds(1);
// How long answers to a LAN search are taken: lobbies on a LAN answer within milliseconds.
constexpr auto kLanAnswerWindow = std::chrono::milliseconds(1500);
// The idle loop's sleep while a LAN search is open, so answers reach the screen promptly.
constexpr auto kLanPollInterval = std::chrono::milliseconds(50);

bool bookkeeping(const lobby::ClientEvent& event) {
  return std::holds_alternative<lobby::EntryAppended>(event) || std::holds_alternative<lobby::EntriesEnd>(event);
}

}  // namespace

NetworkThread::NetworkThread(NetworkConfig config, std::function<void()> wake)
    : config_(std::move(config)), wake_(std::move(wake)), thread_([this] { run(); }) {}

NetworkThread::~NetworkThread() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  commands_ready_.notify_all();
  thread_.join();
  // The runner and the connection close here (the lobby sees the connection go at once); then
  // the embedded lobby stops cleanly, writing presence entries for seats still connected.
  runner_.reset();
  client_.reset();
  // Nothing is left to tell about a lobby that cannot stop cleanly: its database keeps every
  // durable entry, which is what a restart needs.
  if (server_) (void)server_->stop();
}

void NetworkThread::keep_lobby(std::unique_ptr<lobby::ServerThread> server) {
  // Handed over under the lock; only the network thread ever touches server_.
  std::lock_guard lock(mutex_);
  pending_server_ = std::move(server);
}

void NetworkThread::send(NetCommand command) {
  {
    std::lock_guard lock(mutex_);
    commands_.push_back(std::move(command));
  }
  commands_ready_.notify_all();
}

std::vector<NetEvent> NetworkThread::take_events() {
  std::lock_guard lock(mutex_);
  return std::exchange(events_, {});
}

void NetworkThread::emit(NetEvent event) {
  {
    std::lock_guard lock(mutex_);
    events_.push_back(std::move(event));
  }
  if (wake_) wake_();
}

lobby::LobbyClient* NetworkThread::client() {
  if (runner_) return runner_->client();
  return client_.get();
}

void NetworkThread::run() {
  for (;;) {
    std::vector<NetCommand> commands;
    {
      std::unique_lock lock(mutex_);
      if (stopping_) return;
      if (pending_server_) server_ = std::move(pending_server_);
      commands = std::exchange(commands_, {});
      // Nothing to service: sleep until a command comes or a reconnection is due.
      if (commands.empty() && !runner_ && !client_) {
        const auto now = std::chrono::steady_clock::now();
        auto until = reconnect_at_.value_or(now + std::chrono::milliseconds(200));
        if (lan_search_until_) until = std::min(until, now + kLanPollInterval);
        commands_ready_.wait_until(lock, until, [&] { return stopping_ || !commands_.empty(); });
        if (stopping_) return;
        if (pending_server_) server_ = std::move(pending_server_);  // kept while we slept
        commands = std::exchange(commands_, {});
      }
    }
    for (auto& c : commands) handle(c);
    collect_lan_tables();

    if (runner_) {
      step_seat();
    } else if (client_) {
      client_->poll(config_.poll_ms);
      while (client_ && !runner_) {
        auto event = client_->next_event();
        if (!event) break;
        on_client_event(*event);
      }
    } else if (reconnect_at_ && std::chrono::steady_clock::now() >= *reconnect_at_) {
      open_connection();
    }
    publish_entries();
  }
}

void NetworkThread::handle(NetCommand& command) {
  lobby::LobbyClient* c = client();
  if (auto* connect = std::get_if<ConnectCommand>(&command)) {
    if (runner_) return;  // a game is on: its connection stays
    endpoint_ = connect->lobby;
    expected_lobby_key_ = connect->lobby_key;
    display_name_ = connect->display_name;
    replaced_ = false;
    open_connection();
  } else if (auto* host = std::get_if<HostCommand>(&command)) {
    if (runner_) return;
    if (!server_) {
      std::optional<lobby::LanListing> lan;
      if (config_.lan_answer_port) lan = lobby::LanListing{host->display_name, *config_.lan_answer_port};
      auto started = start_embedded_lobby(host->port, config_.data_dir, /*log=*/false, {}, std::move(lan));
      if (!started) return emit(HostFailed{lobby::to_string(started.error())});
      server_ = std::move(started).value();
    }
    const std::uint16_t port = server_->endpoint().port;
    emit(HostStarted{server_->endpoint(), lan_addresses(port), server_->lan_port()});
    endpoint_ = lobby::Endpoint{"127.0.0.1", port};
    expected_lobby_key_ = server_->public_key();
    display_name_ = host->display_name;
    replaced_ = false;
    open_connection();
  } else if (std::holds_alternative<DisconnectCommand>(command)) {
    if (runner_) return;
    client_.reset();
    reconnect_at_.reset();
    endpoint_.reset();
  } else if (std::holds_alternative<SearchLanCommand>(command)) {
    search_lan();
  } else if (auto* list = std::get_if<ListRoomsCommand>(&command)) {
    if (c) asked(c->list_rooms({}, list->after));
  } else if (auto* create = std::get_if<CreateRoomCommand>(&command)) {
    if (c) asked(c->create_room(create->game, create->seats, peer::encode(create->options), create->visibility));
  } else if (auto* join = std::get_if<JoinRoomCommand>(&command)) {
    if (!c) return;
    if (join->room.value == 0)
      asked(c->join_by_code(join->invite_code, join->role));
    else
      asked(c->join_room(join->room, join->role, join->invite_code));
  } else if (auto* leave = std::get_if<LeaveRoomCommand>(&command)) {
    if (c) asked(c->leave_room(leave->room));
    published_.erase(leave->room);
  } else if (auto* ready = std::get_if<ReadyCommand>(&command)) {
    if (c) asked(c->set_ready(ready->room, ready->ready));
  } else if (auto* quick = std::get_if<QuickMatchCommand>(&command)) {
    if (c) asked(c->quick_match(quick->game, quick->seats));
  } else if (std::holds_alternative<LeaveQueueCommand>(command)) {
    if (c) asked(c->leave_queue());
  } else if (auto* chat = std::get_if<ChatCommand>(&command)) {
    if (c) asked(c->chat(chat->room, chat->text));
  } else if (auto* watch = std::get_if<WatchLobbyCommand>(&command)) {
    if (c) asked_lobby_room(c->watch_lobby(watch->on));
  } else if (auto* players = std::get_if<ListPlayersCommand>(&command)) {
    if (c) asked_lobby_room(c->list_players(players->after));
  } else if (auto* intent = std::get_if<SeatIntentCommand>(&command)) {
    if (seat_player_ && seat_game_ == intent->game) seat_player_->submit(intent->intent);
  } else if (auto* prepare = std::get_if<PrepareSeatCommand>(&command)) {
    prepared_.insert_or_assign(prepare->game, std::move(prepare->prepared));
  }
}

void NetworkThread::open_connection() {
  reconnect_at_.reset();
  welcomed_ = false;
  if (!endpoint_) return;
  auto connected = lobby::LobbyClient::connect(
      {*endpoint_, config_.identity, display_name_, expected_lobby_key_});
  if (!connected) {
    client_.reset();
    return emit(ConnectionLost{connected.error().detail, false});
  }
  client_ = std::move(connected).value();
}

void NetworkThread::search_lan() {
  if (config_.lan_targets.empty()) return;
  if (!lan_search_) {
    auto opened = lobby::LanSearch::open(config_.lan_targets);
    // Without a UDP socket there is no LAN to search; the address field still works.
    if (!opened) return;
    lan_search_ = std::move(opened).value();
  }
  lan_search_->probe();
  lan_search_until_ = std::chrono::steady_clock::now() + kLanAnswerWindow;
}

void NetworkThread::collect_lan_tables() {
  if (!lan_search_until_) return;
  std::vector<lobby::LanTable> found = lan_search_->receive();
  if (!found.empty()) emit(LanTablesFound{std::move(found)});
  if (std::chrono::steady_clock::now() >= *lan_search_until_) lan_search_until_.reset();
}

void NetworkThread::asked(lobby::RequestId request) {
  asked_.insert(request);
  // Most answers are not a Done or a refusal (a room list, a room's state): forget the oldest.
  while (asked_.size() > 256) asked_.erase(asked_.begin());
}

void NetworkThread::asked_lobby_room(lobby::RequestId request) {
  asked(request);
  asked_lobby_room_.insert(request);
  while (asked_lobby_room_.size() > 64) asked_lobby_room_.erase(asked_lobby_room_.begin());
}

void NetworkThread::forward(const lobby::ClientEvent& event) {
  if (const auto* r = std::get_if<lobby::Refused>(&event)) {
    if (asked_lobby_room_.erase(r->request) > 0) {
      asked_.erase(r->request);
      return emit(LobbyRoomRefused{r->reason});
    }
    if (r->reason == lobby::Refusal::logged_in_elsewhere) {
      replaced_ = true;
    } else if (asked_.erase(r->request) == 0 && welcomed_) {
      return;  // not a request of the screens (a refused login is the user's business, though)
    }
  } else if (const auto* d = std::get_if<lobby::Done>(&event)) {
    asked_.erase(d->request);
    asked_lobby_room_.erase(d->request);
  } else if (const auto* p = std::get_if<lobby::PlayerList>(&event)) {
    asked_.erase(p->request);
    asked_lobby_room_.erase(p->request);
  }
  if (!bookkeeping(event)) emit(LobbyEvent{event});
}

void NetworkThread::on_client_event(lobby::ClientEvent& event) {
  forward(event);
  if (std::holds_alternative<lobby::Welcome>(event)) {
    welcomed_ = true;
    // This key still holds a seat (the client was closed or crashed mid-game): take it back.
    const auto& seated = std::get<lobby::Welcome>(event).seated_rooms;
    if (!seated.empty()) asked(client_->join_room(seated.front(), lobby::Role::player));
  } else if (const auto* room = std::get_if<lobby::RoomState>(&event)) {
    if (room->phase == lobby::RoomPhase::started) {
      published_.try_emplace(room->room, 0);
      bool seated = false;
      for (const auto& s : room->seats) seated |= s.key == config_.identity.public_key();
      if (seated && game_ui(room->game)) start_seat(*room);
    }
  } else if (const auto* gone = std::get_if<lobby::Disconnected>(&event)) {
    client_.reset();
    asked_.clear();  // request ids start again on the next connection
    asked_lobby_room_.clear();
    // A connection that never got in is a wrong address or a lobby that is not there; a key
    // that logged in elsewhere must not log back in and throw the other one out.
    const bool retry = welcomed_ && !replaced_;
    emit(ConnectionLost{replaced_ ? "this key logged in elsewhere" : gone->reason, retry});
    if (retry) reconnect_at_ = std::chrono::steady_clock::now() + kReconnectDelay;
  }
}

void NetworkThread::start_seat(const lobby::RoomState& room) {
  peer::SeatOptions options;
  options.lobby = *endpoint_;
  options.identity = config_.identity;
  options.display_name = display_name_;
  options.game = room.game;
  options.seats = static_cast<std::uint8_t>(room.seats.size());
  options.data_dir = config_.data_dir;
  options.expected_lobby_key = expected_lobby_key_;
  runner_room_ = room.room;
  reported_status_.reset();
  // A new game: no secrets or intents of the last one.
  const auto prepared = prepared_.find(room.game);
  seat_player_ = game_ui(room.game)->seat_player(room, prepared == prepared_.end() ? nullptr : &prepared->second);
  seat_game_ = room.game;
  runner_ = std::make_unique<peer::SeatRunner>(std::move(options), seat_player_->player(), std::move(client_), room);
  runner_->set_event_listener([this](const lobby::ClientEvent& e) {
    forward(e);
    if (const auto* r = std::get_if<lobby::RoomState>(&e); r && r->phase == lobby::RoomPhase::started)
      published_.try_emplace(r->room, 0);
    if (const auto* d = std::get_if<lobby::Disconnected>(&e)) emit(ConnectionLost{d->reason, true});
  });
}

void NetworkThread::step_seat() {
  runner_->step(config_.poll_ms);
  SeatUpdate update{*runner_room_, runner_->status(), runner_->failure(), runner_->log_path(), runner_->take_notes()};
  for (auto& why : seat_player_->take_refusals()) emit(IntentRefused{std::move(why)});
  if (auto news = seat_player_->news(runner_->session(), runner_->seat()))
    emit(SeatNews{*runner_room_, seat_game_, std::move(*news)});
  const bool done = update.status == peer::RunnerStatus::finished || update.status == peer::RunnerStatus::failed;
  if (reported_status_ != update.status || !update.notes.empty()) {
    reported_status_ = update.status;
    emit(std::move(update));
  }
  if (!done) return;
  // The game is over (or the seat could not go on): the connection returns to the lobby screens.
  publish_entries();
  client_ = runner_->release_client();
  runner_.reset();
  runner_room_.reset();
  if (!client_ && endpoint_ && !replaced_) reconnect_at_ = std::chrono::steady_clock::now() + kReconnectDelay;
}

void NetworkThread::publish_entries() {
  for (auto& [room, published] : published_) {
    const lobby::Transcript* t = nullptr;
    if (runner_ && runner_room_ == room)
      t = runner_->transcript();
    else if (lobby::LobbyClient* c = client())
      t = c->transcript(room);
    if (!t || t->next_index().value <= published) continue;
    RoomEntries batch{room, t->lobby_key(), lobby::EntryIndex{published}, {}};
    batch.entries.assign(t->entries().begin() + static_cast<long>(published), t->entries().end());
    published = t->next_index().value;
    emit(std::move(batch));
  }
}

}  // namespace parley::ui
