#include "peer/net/runner.hpp"

#include <algorithm>
#include <thread>

#include "crypto/hex.hpp"
#include "i18n/i18n.hpp"
#include "peer/session/room_words.hpp"

namespace parley::peer {

namespace fs = std::filesystem;

namespace {

std::uint64_t system_now_ms() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                        std::chrono::system_clock::now().time_since_epoch())
                                        .count());
}

std::string log_name(const lobby::Genesis& genesis, std::uint64_t time_ms) {
  std::time_t t = static_cast<std::time_t>(time_ms / 1000);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
  return std::string(stamp) + "-" + genesis.game + "-" + crypto::to_hex(std::span(genesis.session_id.bytes).first(4)) + ".plog";
}

}  // namespace

std::string_view describe(RunnerStatus status) {
  switch (status) {
    case RunnerStatus::connecting: return "connecting";
    case RunnerStatus::matching: return "finding a game";
    case RunnerStatus::playing: return "playing";
    case RunnerStatus::finished: return "finished";
    case RunnerStatus::failed: return "failed";
  }
  return "unknown";
}

fs::path default_data_dir() {
  auto identity = crypto::default_identity_path();
  if (identity) return identity->parent_path();
  return fs::temp_directory_path() / "parley";
}

SeatRunner::SeatRunner(SeatOptions options, Player& player) : options_(std::move(options)), player_(player) {
  if (options_.data_dir.empty()) options_.data_dir = default_data_dir();
  connect();
}

SeatRunner::SeatRunner(SeatOptions options, Player& player, std::unique_ptr<lobby::LobbyClient> client,
                       const lobby::RoomState& room)
    : options_(std::move(options)), player_(player), client_(std::move(client)) {
  if (options_.data_dir.empty()) options_.data_dir = default_data_dir();
  room_ = room.room;
  status_ = RunnerStatus::matching;
  on_room(room);
}

SeatRunner::~SeatRunner() = default;

void SeatRunner::disconnect(std::chrono::milliseconds limit) {
  if (!client_) return;
  const auto until = std::chrono::steady_clock::now() + limit;
  // ENet drops what is still queued when a disconnection starts: wait for the leave's answer.
  while (leave_request_ && client_->state() == lobby::ClientState::ready && std::chrono::steady_clock::now() < until) {
    client_->poll(10);
    while (auto event = client_->next_event()) {
      const auto* done = std::get_if<lobby::Done>(&*event);
      const auto* refused = std::get_if<lobby::Refused>(&*event);
      if ((done && done->request == *leave_request_) || (refused && refused->request == *leave_request_))
        leave_request_.reset();
    }
  }
  client_->disconnect();
  while (client_->state() != lobby::ClientState::disconnected && std::chrono::steady_clock::now() < until)
    client_->poll(10);
}

std::vector<std::string> SeatRunner::take_notes() { return std::exchange(notes_, {}); }

const lobby::Transcript* SeatRunner::transcript() const {
  if (!client_ || !room_) return kept_ ? &*kept_ : nullptr;
  return client_->transcript(*room_);
}

void SeatRunner::fail(std::string why) {
  status_ = RunnerStatus::failed;
  failure_ = std::move(why);
  note(i18n::trf("stopped: {0}", failure_));
}

void SeatRunner::connect() {
  reconnect_at_.reset();
  if (current_.host.empty()) current_ = options_.lobby;
  lobby::ClientOptions co{current_, options_.identity, options_.display_name, options_.expected_lobby_key};
  auto client = lobby::LobbyClient::connect(std::move(co));
  if (!client) return fail(i18n::trf("cannot reach the lobby: {0}", client.error().detail));
  client_ = std::move(client).value();
  if (kept_ && room_) client_->adopt_transcript(*room_, *kept_);
}

void SeatRunner::step(std::uint32_t timeout_ms) {
  if (status_ == RunnerStatus::finished || status_ == RunnerStatus::failed) return;
  if (!client_) {
    if (reconnect_at_ && std::chrono::steady_clock::now() >= *reconnect_at_) {
      connect();
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(std::min<std::uint32_t>(timeout_ms, 50)));
    }
    return;
  }
  client_->poll(timeout_ms);
  while (client_) {
    auto event = client_->next_event();
    if (!event) break;
    if (listener_) listener_(*event);
    on_event(*event);
    if (status_ == RunnerStatus::failed) return;
  }
  if (!client_) return;
  // A cluster's node sends at least a keepalive every kKeepaliveInterval: one silent for several
  // of them is taken for dead, and the next node serves the game (ENet's own timeout, kept long
  // for lossy paths, would wait kSilenceTimeoutMs). A single lobby has nowhere else to go.
  if (!client_->nodes().empty() && client_->state() == lobby::ClientState::ready &&
      std::chrono::steady_clock::now() - client_->heard_at() >= kNodeSilence) {
    note(i18n::trf("the lobby node has been silent for {0} ms; trying the next node", kNodeSilence.count()));
    return lose_connection(std::chrono::milliseconds(0), true);
  }
  follow_entries();
  if (status_ == RunnerStatus::playing) act();
}

void SeatRunner::on_event(lobby::ClientEvent& event) {
  if (const auto* done = std::get_if<lobby::Done>(&event); done && done->request == leave_request_) {
    leave_request_.reset();
  } else if (auto* c = std::get_if<lobby::Connected>(&event)) {
    note(i18n::trf("connected to the lobby {0}", crypto::fingerprint(c->lobby_key)));
  } else if (auto* w = std::get_if<lobby::Welcome>(&event)) {
    if (room_) {
      client_->join_room(*room_, lobby::Role::player);
      return;
    }
    if (!w->seated_rooms.empty()) {
      // This key already holds a seat: a restarted peer takes it back.
      room_ = w->seated_rooms.front();
      if (auto store = SessionStore::find(options_.data_dir, *client_->lobby_key(), *room_)) {
        auto entries = store->load_entries();
        if (!entries.empty()) {
          auto t = lobby::Transcript::start(*client_->lobby_key(), entries.front());
          for (std::size_t i = 1; t && i < entries.size(); ++i)
            if (!t->append(entries[i])) break;
          if (t) {
            kept_ = std::move(t).value();
            client_->adopt_transcript(*room_, *kept_);
          }
        }
      }
      note(i18n::trf("resuming the game in room {0}", room_->value));
      client_->join_room(*room_, lobby::Role::player);
      status_ = RunnerStatus::matching;
      return;
    }
    switch (options_.join) {
      case SeatOptions::Join::quick_match:
        client_->quick_match(options_.game, options_.seats);
        break;
      case SeatOptions::Join::room:
        client_->join_room(options_.room, lobby::Role::player, options_.invite_code);
        break;
      case SeatOptions::Join::create:
        client_->create_room(options_.game, options_.seats, encode(options_.create_options), options_.visibility);
        break;
    }
    status_ = RunnerStatus::matching;
  } else if (auto* r = std::get_if<lobby::Refused>(&event)) {
    if (r->reason == lobby::Refusal::unavailable || r->reason == lobby::Refusal::room_moved) {
      // The lobby's database, or the node of the room, is away for now, or the room moved to
      // another node of a cluster: come back in a moment and resume, as after a lost connection.
      note(i18n::trf("the lobby cannot serve the room here now: {0}", refusal_words(r->reason)));
      return lose_connection(std::chrono::seconds(1), false);
    }
    if (status_ == RunnerStatus::playing) {
      // A post can race another seat's entry (its seen hash is then stale): try again. Refusals
      // of requests the runner did not make (a shared connection's chat) are not its concern.
      if (post_request_ != r->request) return;
      note(i18n::trf("the lobby refused a post: {0}", refusal_words(r->reason)));
      in_flight_.reset();
      post_request_.reset();
    } else {
      fail(refused_words(*r));
    }
  } else if (auto* q = std::get_if<lobby::Queued>(&event)) {
    note(i18n::trf("waiting for a {0} game of {1}: {2} in the queue", q->game, q->seats, q->waiting));
  } else if (auto* s = std::get_if<lobby::RoomState>(&event)) {
    on_room(*s);
  } else if (auto* f = std::get_if<lobby::TranscriptFault>(&event)) {
    fail(i18n::trf("the lobby sent entry {0} that does not fit the transcript ({1}): the lobby is at fault", f->index.value,
                   lobby::describe(f->error)));
  } else if (auto* p = std::get_if<lobby::ProtocolFault>(&event)) {
    fail(i18n::trf("the lobby sent a malformed message ({0}): the lobby is at fault", lobby::describe(p->error)));
  } else if (auto* d = std::get_if<lobby::Disconnected>(&event)) {
    // A lobby that proves another key than the pinned one, or speaks another protocol, will not
    // be different a second later.
    if (d->kind == lobby::DisconnectKind::wrong_lobby_key || d->kind == lobby::DisconnectKind::protocol_version)
      return fail(d->reason);
    note(i18n::trf("lost the lobby ({0}); reconnecting", d->reason));
    lose_connection(std::chrono::seconds(1), true);
  }
}

void SeatRunner::lose_connection(std::chrono::milliseconds pause, bool next_node) {
  if (room_)
    if (const auto* t = client_->transcript(*room_)) kept_ = *t;
  if (!client_->nodes().empty()) nodes_ = client_->nodes();
  // A cluster: the next node, in case this one is gone (any node serves every room).
  if (next_node && !nodes_.empty()) {
    auto at = std::find(nodes_.begin(), nodes_.end(), current_);
    current_ = at == nodes_.end() || std::next(at) == nodes_.end() ? nodes_.front() : *std::next(at);
  }
  client_.reset();
  in_flight_.reset();
  post_request_.reset();
  awaiting_room_state_ = true;
  reconnect_at_ = std::chrono::steady_clock::now() + pause;
}

void SeatRunner::on_room(const lobby::RoomState& state) {
  if (!room_) room_ = state.room;
  if (state.room != *room_) return;
  if (state.phase == lobby::RoomPhase::waiting) {
    std::size_t seated = 0;
    bool me_ready = false;
    for (const auto& s : state.seats) {
      if (!s.key) continue;
      ++seated;
      if (*s.key == options_.identity.public_key()) me_ready = s.ready;
    }
    note(i18n::trf("room {0}: {1} of {2} seats taken ({3}: {4})", state.room.value, seated, state.seats.size(), state.game,
                   options_text(state.game, state.options)));
    if (!me_ready && !ready_sent_) {
      client_->set_ready(state.room, true);
      ready_sent_ = true;
    }
  } else if (state.phase == lobby::RoomPhase::started) {
    if (status_ != RunnerStatus::playing) note(i18n::trf("the game in room {0} has started", state.room.value));
    status_ = RunnerStatus::playing;
    awaiting_room_state_ = false;
    catch_up_to_ = std::max(catch_up_to_, state.entry_count);
  } else if (state.phase == lobby::RoomPhase::closed && !(session_ && session_->phase() == Phase::complete)) {
    fail(i18n::tr("the room was closed before the game was complete"));
  }
}

void SeatRunner::start_session() {
  const lobby::Transcript* t = transcript();
  const lobby::Genesis& genesis = t->genesis();
  for (std::uint8_t i = 0; i < genesis.seat_keys.size(); ++i)
    if (genesis.seat_keys[i] == options_.identity.public_key()) me_ = Seat{i};
  if (!me_) return fail(i18n::tr("this key holds no seat in the game"));
  auto session = Session::start(genesis, t->entries().front().entry.lobby_time_ms);
  if (!session) return fail(i18n::trf("the game cannot be played: {0}", session.error().describe()));
  session_ = std::move(session).value();
  auto store = SessionStore::open(options_.data_dir, genesis.session_id, t->lobby_key(), *room_);
  if (!store) return fail(i18n::trf("cannot keep the session: {0}", store.error().detail));
  store_ = std::move(store).value();
  if (auto saved = store_->load_secrets()) {
    auto restored = LocalSeat::restore(genesis.session_id, *me_, *saved);
    if (!restored) return fail(i18n::trf("the saved secrets are damaged: {0}", lobby::describe(restored.error())));
    local_ = std::move(restored).value();
  } else {
    local_ = LocalSeat::create(genesis.session_id, *me_);
    // Durable before anything that depends on them is posted.
    Bytes secrets = local_->secrets();
    auto saved_ok = store_->save_secrets(secrets);
    sodium_memzero(secrets.data(), secrets.size());
    if (!saved_ok) return fail(i18n::trf("cannot save the session's secrets: {0}", saved_ok.error().detail));
  }
  if (auto saved = store_->load_player_secrets()) {
    if (!player_.restore(*saved)) return fail(i18n::tr("the player's saved secrets are damaged"));
    kept_player_secrets_ = game::fnv1a64(*saved);
    sodium_memzero(saved->data(), saved->size());
  }
  // Entries already on disk are not written again.
  stored_entries_ = store_->load_entries().size();
  if (stored_entries_ == 0) {
    if (auto ok = store_->append_entry(t->entries().front()); !ok) return fail(ok.error().detail);
    stored_entries_ = 1;
  }
}

void SeatRunner::follow_entries() {
  const lobby::Transcript* t = transcript();
  if (!t || status_ == RunnerStatus::failed) return;
  if (!session_) {
    start_session();
    if (status_ == RunnerStatus::failed) return;
  }
  const auto& entries = t->entries();
  for (std::size_t i = session_->next_index().value; i < entries.size(); ++i) {
    const lobby::SignedEntry& e = entries[i];
    if (i >= stored_entries_) {
      if (auto ok = store_->append_entry(e); !ok) return fail(ok.error().detail);
      stored_entries_ = i + 1;
    }
    session_->apply(e);
    player_.entry_applied(*session_, *me_);
    lobby_offset_ms_ = static_cast<std::int64_t>(e.entry.lobby_time_ms) - static_cast<std::int64_t>(system_now_ms());
    if (const auto* env = std::get_if<lobby::SignedEnvelope>(&e.entry.payload); env && env->envelope.seat == *me_) {
      in_flight_.reset();
      post_request_.reset();
    }
  }
  for (; events_seen_ < session_->events().size(); ++events_seen_)
    player_.observe(*session_, session_->events()[events_seen_]);
  if (session_->phase() == Phase::complete) finish();
}

std::uint64_t SeatRunner::lobby_now() const {
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(system_now_ms()) + lobby_offset_ms_);
}

void SeatRunner::post(const Message& message) {
  auto posted = client_->post(*room_, envelope_kind(kind_of(message)), encode(message));
  if (!posted) return note(i18n::trf("cannot post: {0}", describe(posted.error())));
  in_flight_ = kind_of(message);
  post_request_ = *posted;
}

bool SeatRunner::keep_player_secrets() {
  Bytes secrets = player_.secrets();
  const std::uint64_t hash = game::fnv1a64(secrets);
  if (hash == kept_player_secrets_) return true;
  auto saved = store_->save_player_secrets(secrets);
  sodium_memzero(secrets.data(), secrets.size());
  if (!saved) {
    fail(i18n::trf("cannot save the player's secrets: {0}", saved.error().detail));
    return false;
  }
  kept_player_secrets_ = hash;
  return true;
}

void SeatRunner::act() {
  if (!session_ || !local_ || in_flight_ || session_->phase() == Phase::complete) return;
  const lobby::Transcript* t = transcript();
  if (!t || t->next_index() != session_->next_index()) return;  // not caught up yet
  if (awaiting_room_state_ || t->next_index() < catch_up_to_) return;

  if (auto duty = local_->duty(*session_, options_.display_name)) {
    if (auto* setup = std::get_if<SetupMessage>(&*duty)) setup->game_setup = player_.game_setup(*session_, *me_);
    if (!keep_player_secrets()) return;
    return post(*duty);
  }
  if (session_->phase() == Phase::finishing && session_->rules().needs_reveals() && !session_->seat(*me_).revealed &&
      !session_->seat(*me_).out()) {
    if (auto secrets = player_.reveal(*session_, *me_)) return post(RevealMessage{std::move(*secrets)});
  }
  if (session_->phase() == Phase::play && !session_->seat(*me_).out()) {
    if (auto message = player_.act(*session_, *me_)) {
      if (!keep_player_secrets()) return;
      return post(ActionMessage{session_->state_hash(), *message});
    }
  }
  for (Seat s : session_->awaited()) {
    if (s == *me_) continue;
    auto d = session_->deadline(s);
    if (d && lobby_now() > *d + options_.claim_margin_ms && claimed_deadline_ != d) {
      claimed_deadline_ = d;
      note(i18n::trf("{0} is out of time: claiming it", shown_name(session_->seat(s)).value_or(i18n::trf("seat {0}", s.index))));
      return post(TimeoutClaimMessage{s});
    }
  }
}

void SeatRunner::finish() {
  const lobby::Transcript* t = transcript();
  GameLog log{t->lobby_key(), {}};
  const auto last = session_->completed_at()->value;
  log.entries.assign(t->entries().begin(), t->entries().begin() + static_cast<long>(last) + 1);
  fs::path dir = options_.data_dir / "logs";
  std::error_code ec;
  fs::create_directories(dir, ec);
  fs::path path = dir / log_name(t->genesis(), t->entries().front().entry.lobby_time_ms);
  auto written = write_file_durably(path, encode(log), 0644);
  if (!written) return fail(i18n::trf("cannot write the game log: {0}", written.error().detail));
  log_path_ = path;
  status_ = RunnerStatus::finished;
  note(i18n::trf("the game is complete; log written to {0}", path.string()));
  leave_request_ = client_->leave_room(*room_);
  client_->poll(0);
}

}  // namespace parley::peer
