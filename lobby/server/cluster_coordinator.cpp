#include "lobby/server/cluster_coordinator.hpp"

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <future>
#include <sstream>
#include <tuple>

#include "crypto/hex.hpp"
#include "lobby/protocol/text.hpp"
#include "lobby/server/room.hpp"

namespace parley::lobby {

namespace {

using Clock = ClusterCoordinator::Clock;

constexpr const char* kChannel = "parley_lobby";
constexpr auto kReconnectPause = std::chrono::milliseconds(250);
constexpr auto kNodesEvery = std::chrono::milliseconds(2000);
// A lease is trusted until this long before it runs out by the database's clock.
constexpr auto kLeaseMargin = std::chrono::milliseconds(500);
constexpr std::size_t kRoomIdPool = 32;
constexpr int kRoomsPerSweep = 64;
// The common room is read back this often (CommonRoom::kPulsePeriod: a pulse a second at most).
constexpr auto kLobbyEvery = std::chrono::milliseconds(1000);
// NOTIFY's payload is at most 8,000 bytes: a chat line (≤ 2.3 KB) as hex fits with its prefix.
constexpr std::size_t kMaxNotifyPayload = 7999;

std::int64_t ms(std::chrono::milliseconds d) { return static_cast<std::int64_t>(d.count()); }

void signal_fd(int fd) {
  std::uint64_t one = 1;
  (void)!::write(fd, &one, sizeof one);
}

void drain_fd(int fd) {
  std::uint64_t n = 0;
  (void)!::read(fd, &n, sizeof n);
}

// A public key from its hex text (a NOTIFY payload's), if it is one.
std::optional<crypto::PublicKey> key_from_hex(std::string_view hex) {
  auto bytes = crypto::from_hex(hex);
  if (!bytes || bytes->size() != crypto::kPublicKeyBytes) return std::nullopt;
  auto key = crypto::PublicKey::from_bytes(*bytes);
  if (!key) return std::nullopt;
  return *key;
}

}  // namespace

ClusterCoordinator::ClusterCoordinator(ClusterOptions options, NodeCertificate certificate, Logger log)
    : options_(std::move(options)),
      certificate_(std::move(certificate)),
      log_(std::move(log)),
      event_fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)),
      job_fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}

game::Result<std::unique_ptr<ClusterCoordinator>, StorageError> ClusterCoordinator::start(ClusterOptions options,
                                                                                           const NodeCertificate& certificate,
                                                                                           Logger log) {
  std::unique_ptr<ClusterCoordinator> c(new ClusterCoordinator(std::move(options), certificate, std::move(log)));
  auto db = pg::Connection::open(c->options_.database);
  if (!db) return storage_error(db.error(), "the cluster's database");
  c->db_ = std::move(*db);
  if (auto schema = create_cluster_schema(*c->db_); !schema) return schema.error();
  // One process per node key: a session lock on the key, held while this process lives.
  const std::string key_hex = crypto::to_hex(certificate.node_key.bytes());
  auto locked = c->db_->query("SELECT pg_try_advisory_lock(hashtextextended($1, 7365))", {pg::text(key_hex)});
  if (!locked) return storage_error(locked.error(), "lock the node's key");
  if (locked->integer(0, 0) != 1)
    return StorageError{StorageError::Kind::locked, "another process runs this node's key on the cluster"};
  const Clock::time_point sent = Clock::now();
  auto node = c->db_->query(
      "INSERT INTO lobby_nodes(node_key, certificate, advertise, lease_expires) "
      "VALUES($1, $2, $3, now() + make_interval(secs => $4::float8 / 1000)) "
      "ON CONFLICT (node_key) DO UPDATE SET certificate = EXCLUDED.certificate, advertise = EXCLUDED.advertise, "
      "lease_expires = EXCLUDED.lease_expires, started = now() RETURNING node_id",
      {pg::bytes(certificate.node_key.bytes()), pg::bytes(encode(certificate)), pg::text(to_string(c->options_.advertise)),
       pg::integer(ms(c->options_.lease))});
  if (!node) return storage_error(node.error(), "register the node");
  c->node_ = NodeId{node->integer(0, 0)};
  c->last_renewal_ = sent;
  c->post(cluster_event::Lease{sent + c->options_.lease - kLeaseMargin});
  if (auto listen = c->db_->exec(std::string("LISTEN ") + kChannel); !listen) return storage_error(listen.error(), "LISTEN");
  (void)c->db_->query("SELECT pg_notify($1, 'nodes')", {pg::text(kChannel)});
  c->connected_since_ = Clock::now();
  if (!c->adopt_own_rooms() || !c->refresh_nodes() || !c->refill_room_ids())
    return StorageError{StorageError::Kind::unavailable, "the cluster's database went away while the node started"};
  const auto now = Clock::now();
  c->next_renew_ = sent + c->options_.renew_every;
  c->next_sweep_ = now;
  c->next_nodes_ = now + kNodesEvery;
  c->next_lobby_ = now;
  c->thread_ = std::thread([raw = c.get()] { raw->run(); });
  return c;
}

ClusterCoordinator::~ClusterCoordinator() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  signal_fd(job_fd_);
  if (thread_.joinable()) thread_.join();
  ::close(event_fd_);
  ::close(job_fd_);
}

void ClusterCoordinator::say(const std::string& line) const {
  if (log_) log_(line);
}

void ClusterCoordinator::post(ClusterEvent event) {
  {
    std::lock_guard lock(mutex_);
    events_.push_back(std::move(event));
  }
  signal_fd(event_fd_);
}

std::vector<ClusterEvent> ClusterCoordinator::take_events() {
  drain_fd(event_fd_);
  std::lock_guard lock(mutex_);
  std::vector<ClusterEvent> out(std::make_move_iterator(events_.begin()), std::make_move_iterator(events_.end()));
  events_.clear();
  return out;
}

void ClusterCoordinator::submit(Job job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  signal_fd(job_fd_);
}

std::optional<RoomId> ClusterCoordinator::take_room_id() {
  std::optional<RoomId> id;
  bool low = false;
  {
    std::lock_guard lock(mutex_);
    if (!room_ids_.empty()) {
      id = room_ids_.front();
      room_ids_.pop_front();
    }
    low = room_ids_.size() < kRoomIdPool / 2;
  }
  if (low) submit([this] { (void)refill_room_ids(); });
  return id;
}

bool ClusterCoordinator::check(const game::Result<pg::Rows, pg::Error>& r) {
  if (r) return true;
  if (r.error().kind == pg::Error::Kind::statement) {
    say("cluster database: " + r.error().message);
    return true;  // the statement was wrong, the connection is fine
  }
  disconnect(r.error());
  return false;
}

bool ClusterCoordinator::check(const game::Result<bool, pg::Error>& r) {
  if (r) return true;
  if (r.error().kind == pg::Error::Kind::statement) {
    say("cluster database: " + r.error().message);
    return true;
  }
  disconnect(r.error());
  return false;
}

void ClusterCoordinator::disconnect(const pg::Error& e) {
  if (!db_) return;
  db_.reset();
  connected_since_.reset();
  say("cluster database unavailable: " + e.message + "; the node serves no room until it is back");
  post(cluster_event::Database{false, e.message});
}

bool ClusterCoordinator::connect() {
  auto db = pg::Connection::open(options_.database, 2);
  if (!db) return false;
  db_ = std::move(*db);
  const std::string key_hex = crypto::to_hex(certificate_.node_key.bytes());
  auto locked = db_->query("SELECT pg_try_advisory_lock(hashtextextended($1, 7365))", {pg::text(key_hex)});
  if (!locked || !db_->exec(std::string("LISTEN ") + kChannel)) {
    db_.reset();
    return false;
  }
  if (locked->integer(0, 0) != 1) say("warning: another process holds this node's key lock");
  connected_since_ = Clock::now();
  say("cluster database back");
  post(cluster_event::Database{true, {}});
  return renew() && report_owned() && refresh_nodes() && refill_room_ids();
}

bool ClusterCoordinator::renew() {
  const Clock::time_point sent = Clock::now();
  auto r = db_->query("UPDATE lobby_nodes SET lease_expires = now() + make_interval(secs => $2::float8 / 1000) "
                      "WHERE node_id = $1",
                      {pg::integer(node_.value), pg::integer(ms(options_.lease))});
  if (!check(r) || !r) return false;
  const auto gap = std::chrono::duration_cast<std::chrono::milliseconds>(sent - last_renewal_);
  last_renewal_ = sent;
  post(cluster_event::Lease{sent + options_.lease - kLeaseMargin});
  if (gap > options_.lease) {
    // Other nodes may have taken rooms over meanwhile: the network thread compares.
    say("the node's lease ran out (renewed after " + std::to_string(ms(gap)) + " ms): checking which rooms it still holds");
    return report_owned();
  }
  return true;
}

bool ClusterCoordinator::report_owned() {
  auto r = db_->query("SELECT room_id, epoch FROM lobby_rooms WHERE node_id = $1 AND phase < 2", {pg::integer(node_.value)});
  if (!check(r) || !r) return false;
  cluster_event::Owned owned;
  for (int i = 0; i < r->size(); ++i)
    owned.rooms[RoomId{static_cast<std::uint64_t>(r->integer(i, 0))}] = static_cast<std::uint64_t>(r->integer(i, 1));
  post(std::move(owned));
  return true;
}

bool ClusterCoordinator::adopt_own_rooms() {
  // This node's rooms from before its restart: the epoch goes up (whatever the previous run had
  // in flight is fenced off) and they are adopted as after a takeover.
  auto r = db_->query("UPDATE lobby_rooms SET epoch = epoch + 1 WHERE node_id = $1 AND phase < 2 RETURNING room_id, epoch",
                      {pg::integer(node_.value)});
  if (!check(r) || !r) return false;
  for (int i = 0; i < r->size(); ++i) {
    RoomId room{static_cast<std::uint64_t>(r->integer(i, 0))};
    auto loaded = load_room(*db_, room, Room::kRecentHashes);
    if (!loaded) {
      if (loaded.error().kind == StorageError::Kind::unavailable) return false;
      say("room " + std::to_string(room.value) + " not adopted: " + loaded.error().detail);
      continue;
    }
    if (*loaded) post(cluster_event::Adopt{RoomAdoption{std::move(**loaded), static_cast<std::uint64_t>(r->integer(i, 1)), false}});
  }
  return true;
}

bool ClusterCoordinator::sweep() {
  // Only a node that has been connected for a whole lease sweeps: after the database comes
  // back, every live node renews first, and keeps its rooms.
  if (!connected_since_ || Clock::now() - *connected_since_ < options_.lease) return true;
  auto claimed = db_->query(
      "WITH expired AS (SELECT r.room_id FROM lobby_rooms r JOIN lobby_nodes n ON n.node_id = r.node_id "
      "WHERE r.phase < 2 AND r.node_id <> $1 AND n.lease_expires < now() ORDER BY r.room_id LIMIT $2 "
      "FOR UPDATE OF r SKIP LOCKED) "
      "UPDATE lobby_rooms r SET node_id = $1, epoch = r.epoch + 1 FROM expired WHERE r.room_id = expired.room_id "
      "RETURNING r.room_id, r.epoch",
      {pg::integer(node_.value), pg::integer(kRoomsPerSweep)});
  if (!check(claimed) || !claimed) return false;
  if (claimed->size() > 0) {
    std::string moved = "moved " + std::to_string(node_.value);
    for (int i = 0; i < claimed->size(); ++i) {
      RoomId room{static_cast<std::uint64_t>(claimed->integer(i, 0))};
      moved += " " + std::to_string(room.value);
      auto loaded = load_room(*db_, room, Room::kRecentHashes);
      if (!loaded) {
        if (loaded.error().kind == StorageError::Kind::unavailable) return false;
        say("room " + std::to_string(room.value) + " not taken over: " + loaded.error().detail);
        continue;
      }
      if (*loaded)
        post(cluster_event::Adopt{RoomAdoption{std::move(**loaded), static_cast<std::uint64_t>(claimed->integer(i, 1)), false}});
    }
    if (moved.size() < 7900 && !check(db_->query("SELECT pg_notify($1, $2)", {pg::text(kChannel), pg::text(moved)})))
      return false;
  }
  // Failed nodes' players are neither online nor queued any more.
  for (const char* sql : {"DELETE FROM lobby_queue q USING lobby_nodes n WHERE q.node_id = n.node_id AND n.lease_expires < now()",
                          "DELETE FROM lobby_online o USING lobby_nodes n WHERE o.node_id = n.node_id AND n.lease_expires < now()",
                          "DELETE FROM lobby_presence p USING lobby_nodes n WHERE p.node_id = n.node_id AND n.lease_expires < now()"}) {
    if (!check(db_->query(sql))) return false;
  }
  // Queues this node's players wait in may have filled with other nodes' players meanwhile
  // (two nodes' attempts can each lock part of a queue and both give up).
  auto queues = db_->query("SELECT DISTINCT game, seats FROM lobby_queue WHERE node_id = $1", {pg::integer(node_.value)});
  if (!check(queues) || !queues) return false;
  for (int i = 0; i < queues->size(); ++i)
    if (!try_match(queues->text(i, 0), static_cast<std::uint8_t>(queues->integer(i, 1)))) return false;
  return true;
}

bool ClusterCoordinator::refresh_nodes() {
  auto r = db_->query("SELECT node_id, node_key, advertise FROM lobby_nodes WHERE lease_expires > now() ORDER BY node_id");
  if (!check(r) || !r) return false;
  cluster_event::Nodes nodes;
  for (int i = 0; i < r->size(); ++i) {
    auto key = crypto::PublicKey::from_bytes(r->bytes(i, 1));
    auto at = parse_endpoint(r->text(i, 2));
    if (!key || !at) continue;
    nodes.nodes.push_back(NodeInfo{NodeId{r->integer(i, 0)}, *key, *at});
  }
  post(std::move(nodes));
  return true;
}

bool ClusterCoordinator::refill_room_ids() {
  {
    std::lock_guard lock(mutex_);
    if (room_ids_.size() >= kRoomIdPool) return true;
  }
  auto r = db_->query("SELECT nextval('lobby_room_ids') FROM generate_series(1, $1)", {pg::integer(kRoomIdPool)});
  if (!check(r) || !r) return false;
  std::lock_guard lock(mutex_);
  for (int i = 0; i < r->size(); ++i) room_ids_.push_back(RoomId{static_cast<std::uint64_t>(r->integer(i, 0))});
  return true;
}

bool ClusterCoordinator::try_match(const std::string& game, std::uint8_t seats) {
  if (!check(db_->exec("BEGIN"))) return false;
  auto end = [&](bool commit) { return check(db_->exec(commit ? "COMMIT" : "ROLLBACK")); };
  auto players = db_->query("SELECT seq, key, name FROM lobby_queue WHERE game = $1 AND seats = $2 ORDER BY seq "
                            "LIMIT $2 FOR UPDATE SKIP LOCKED",
                            {pg::text(game), pg::integer(seats)});
  if (!check(players)) return false;
  if (!players || players->size() < seats) return end(false);
  for (int i = 0; i < players->size(); ++i) {
    if (!check(db_->query("DELETE FROM lobby_queue WHERE seq = $1", {pg::integer(players->integer(i, 0))})))
      return false;
  }
  std::optional<RoomId> id = take_room_id();
  if (!id) {
    auto next = db_->query("SELECT nextval('lobby_room_ids')");
    if (!check(next) || !next) return false;
    id = RoomId{static_cast<std::uint64_t>(next->integer(0, 0))};
  }
  const std::int64_t room = static_cast<std::int64_t>(id->value);
  auto inserted = db_->query(
      "INSERT INTO lobby_rooms(room_id, game, seat_count, options, visibility, invite_code, phase, node_id, epoch) "
      "VALUES($1, $2, $3, $4, 0, '', 0, $5, 1)",
      {pg::integer(room), pg::text(game), pg::integer(seats), pg::bytes({}), pg::integer(node_.value)});
  if (!check(inserted)) return false;
  for (int i = 0; i < players->size(); ++i) {
    if (!check(db_->query("INSERT INTO lobby_seats(room_id, seat, key, name, presence) VALUES($1, $2, $3, $4, 0)",
                          {pg::integer(room), pg::integer(i), pg::bytes(players->bytes(i, 1)), pg::text(players->text(i, 2))})))
      return false;
  }
  if (!check(db_->query("SELECT pg_notify($1, $2)", {pg::text(kChannel), pg::text("match " + std::to_string(room))})))
    return false;
  if (!end(true)) return false;
  auto loaded = load_room(*db_, *id, Room::kRecentHashes);
  if (!loaded) return loaded.error().kind != StorageError::Kind::unavailable;
  if (*loaded) {
    say("quick match: room " + std::to_string(room) + " for " + std::to_string(seats) + " " + game + " players");
    post(cluster_event::Adopt{RoomAdoption{std::move(**loaded), 1, true}});
  }
  return true;
}

void ClusterCoordinator::enqueue(ConnectionId connection, RequestId request, const crypto::PublicKey& key,
                                 std::string name, std::string game, std::uint8_t seats) {
  submit([this, connection, request, key, name = std::move(name), game = std::move(game), seats] {
    cluster_event::QueueAnswer answer{connection, request, std::nullopt, std::nullopt};
    auto queued = [&]() -> std::optional<std::int64_t> {
      if (!db_) return std::nullopt;
      // One queue place per key in the whole cluster: a key that queues again moves.
      auto joined = db_->query(
          "INSERT INTO lobby_queue(game, seats, key, name, node_id) VALUES($1, $2, $3, $4, $5) "
          "ON CONFLICT (key) DO UPDATE SET game = EXCLUDED.game, seats = EXCLUDED.seats, name = EXCLUDED.name, "
          "node_id = EXCLUDED.node_id, seq = nextval('lobby_queue_seq_seq')",
          {pg::text(game), pg::integer(seats), pg::bytes(key.bytes()), pg::text(name), pg::integer(node_.value)});
      if (!check(joined) || !joined) return std::nullopt;
      auto waiting = db_->query("SELECT count(*) FROM lobby_queue WHERE game = $1 AND seats = $2",
                                {pg::text(game), pg::integer(seats)});
      if (!check(waiting) || !waiting) return std::nullopt;
      return waiting->integer(0, 0);
    }();
    if (!queued) {
      answer.refused = Refused{request, Refusal::unavailable, "the cluster's database is unavailable"};
      return post(std::move(answer));
    }
    answer.queued = Queued{request, game, seats, static_cast<std::uint16_t>(std::min<std::int64_t>(*queued, 65535))};
    post(std::move(answer));
    (void)try_match(game, seats);
  });
}

void ClusterCoordinator::dequeue(ConnectionId connection, RequestId request, const crypto::PublicKey& key) {
  submit([this, connection, request, key] {
    if (db_) {
      (void)check(db_->query("DELETE FROM lobby_queue WHERE key = $1 AND node_id = $2",
                             {pg::bytes(key.bytes()), pg::integer(node_.value)}));
    }
    post(cluster_event::LeftQueue{connection, request});
  });
}

void ClusterCoordinator::online(const crypto::PublicKey& key) {
  submit([this, key] {
    if (!db_) return;
    auto previous = db_->query(
        "WITH previous AS (SELECT node_id FROM lobby_online WHERE key = $1 FOR UPDATE) "
        "INSERT INTO lobby_online(key, node_id) VALUES($1, $2) ON CONFLICT (key) DO UPDATE SET node_id = EXCLUDED.node_id "
        "RETURNING (SELECT node_id FROM previous)",
        {pg::bytes(key.bytes()), pg::integer(node_.value)});
    if (!check(previous) || !previous || previous->size() == 0 || previous->null(0, 0)) return;
    const std::int64_t before = previous->integer(0, 0);
    if (before == node_.value) return;
    (void)check(db_->query("SELECT pg_notify($1, $2)",
                           {pg::text(kChannel), pg::text("kick " + std::to_string(before) + " " + crypto::to_hex(key.bytes()))}));
  });
}

void ClusterCoordinator::offline(const crypto::PublicKey& key) {
  submit([this, key] {
    if (!db_) return;
    (void)check(db_->query("DELETE FROM lobby_online WHERE key = $1 AND node_id = $2",
                           {pg::bytes(key.bytes()), pg::integer(node_.value)}));
  });
}

void ClusterCoordinator::adopt_again(RoomId room) {
  submit([this, room] {
    if (!db_) return;
    auto r = db_->query("UPDATE lobby_rooms SET epoch = epoch + 1 WHERE room_id = $1 AND node_id = $2 AND phase < 2 "
                        "RETURNING epoch",
                        {pg::integer(static_cast<std::int64_t>(room.value)), pg::integer(node_.value)});
    if (!check(r) || !r || r->size() == 0) return;
    const auto epoch = static_cast<std::uint64_t>(r->integer(0, 0));
    auto loaded = load_room(*db_, room, Room::kRecentHashes);
    if (loaded && *loaded) post(cluster_event::Adopt{RoomAdoption{std::move(**loaded), epoch, false}});
  });
}

void ClusterCoordinator::publish_presence(std::vector<LobbyPresence> players) {
  submit([this, bytes = encode_presence(players)] {
    if (!db_) return;
    (void)check(db_->query("INSERT INTO lobby_presence(node_id, version, players) VALUES($1, 1, $2) "
                           "ON CONFLICT (node_id) DO UPDATE SET version = lobby_presence.version + 1, "
                           "players = EXCLUDED.players",
                           {pg::integer(node_.value), pg::bytes(bytes)}));
  });
}

void ClusterCoordinator::say_in_lobby(std::vector<ChatLine> lines) {
  submit([this, lines = std::move(lines)] {
    for (const ChatLine& line : lines) {
      if (!db_) return;
      const std::string payload = "chat " + std::to_string(node_.value) + " " + crypto::to_hex(encode(LobbyMessage{line}));
      if (payload.size() > kMaxNotifyPayload) continue;
      (void)check(db_->query("SELECT pg_notify($1, $2)", {pg::text(kChannel), pg::text(payload)}));
    }
  });
}

// Every live node's presence (read again only where its version moved) and the queues' counts;
// the network thread hears of it when either changed. The work is the nodes' count and the
// players of the nodes whose lists changed, once a second.
bool ClusterCoordinator::refresh_lobby() {
  auto versions = db_->query("SELECT p.node_id, p.version FROM lobby_presence p JOIN lobby_nodes n ON n.node_id = p.node_id "
                             "WHERE n.lease_expires > now() ORDER BY p.node_id");
  if (!check(versions) || !versions) return false;
  bool changed = false;
  std::map<std::int64_t, std::pair<std::int64_t, std::vector<LobbyPresence>>> now;
  for (int i = 0; i < versions->size(); ++i) {
    const std::int64_t node = versions->integer(i, 0), version = versions->integer(i, 1);
    auto known = presence_.find(node);
    if (known != presence_.end() && known->second.first == version) {
      now.emplace(node, std::move(known->second));
      continue;
    }
    changed = true;
    auto row = db_->query("SELECT version, players FROM lobby_presence WHERE node_id = $1", {pg::integer(node)});
    if (!check(row) || !row) return false;
    if (row->size() == 0) continue;
    auto players = decode_presence(row->bytes(0, 1));
    if (!players) {
      say("node " + std::to_string(node) + "'s presence does not decode: left out");
      players.emplace();
    }
    now.emplace(node, std::make_pair(row->integer(0, 0), std::move(*players)));
  }
  changed = changed || now.size() != presence_.size();
  presence_ = std::move(now);
  auto counts = db_->query("SELECT game, seats, count(*) FROM lobby_queue GROUP BY game, seats "
                           "ORDER BY game COLLATE \"C\", seats LIMIT $1",
                           {pg::integer(static_cast<std::int64_t>(kMaxListedQueues))});
  if (!check(counts) || !counts) return false;
  std::vector<QueueCount> queues;
  for (int i = 0; i < counts->size(); ++i) {
    const std::string game = counts->text(i, 0);
    const auto seats = counts->integer(i, 1);
    if (!is_valid_game_name(game) || seats < kMinSeats || seats > kMaxSeats) continue;
    queues.push_back(QueueCount{game, static_cast<std::uint8_t>(seats),
                                static_cast<std::uint16_t>(std::clamp<std::int64_t>(counts->integer(i, 2), 1, 65535))});
  }
  std::sort(queues.begin(), queues.end(),
            [](const QueueCount& a, const QueueCount& b) { return std::tie(a.game, a.seats) < std::tie(b.game, b.seats); });
  changed = changed || queues_ != queues;
  queues_ = queues;
  if (!changed) return true;
  cluster_event::Lobby lobby;
  lobby.view.queues = std::move(queues);
  for (const auto& [node, listed] : presence_) {
    for (const LobbyPresence& p : listed.second) {
      auto [it, added] = lobby.view.players.emplace(p.key, p);
      if (!added) it->second.activity = busier(it->second.activity, p.activity);
    }
  }
  post(std::move(lobby));
  return true;
}

void ClusterCoordinator::resign() {
  auto done = std::make_shared<std::promise<void>>();
  auto finished = done->get_future();
  submit([this, done] {
    if (db_) {
      (void)check(db_->query("DELETE FROM lobby_presence WHERE node_id = $1", {pg::integer(node_.value)}));
    }
    if (db_) {
      (void)check(db_->query("UPDATE lobby_nodes SET lease_expires = now() - interval '1 second' WHERE node_id = $1",
                             {pg::integer(node_.value)}));
      if (db_) (void)check(db_->query("SELECT pg_notify($1, 'nodes')", {pg::text(kChannel)}));
    }
    done->set_value();
  });
  finished.wait_for(std::chrono::seconds(2));
}

bool ClusterCoordinator::on_notification(const pg::Notification& n) {
  std::istringstream in(n.payload);
  std::string what;
  in >> what;
  if (what == "nodes") return refresh_nodes();
  if (what == "moved") {
    std::int64_t node = 0;
    std::uint64_t room = 0;
    in >> node;
    while (in >> room) post(cluster_event::Moved{RoomId{room}, NodeId{node}});
    return true;
  }
  if (what == "kick") {
    std::int64_t node = 0;
    std::string hex;
    in >> node >> hex;
    if (node == node_.value)
      if (auto key = key_from_hex(hex)) post(cluster_event::Kick{*key});
    return true;
  }
  if (what == "chat") {
    std::int64_t node = 0;
    std::string hex;
    in >> node >> hex;
    if (node == node_.value) return true;
    auto bytes = crypto::from_hex(hex);
    if (!bytes) return true;
    auto message = decode_lobby_message(*bytes);
    if (message)
      if (auto* line = std::get_if<ChatLine>(&*message); line != nullptr && line->room == kLobbyRoom)
        post(cluster_event::LobbyChat{std::move(*line)});
    return true;
  }
  if (what == "match") {
    std::uint64_t room = 0;
    in >> room;
    auto where = db_->query("SELECT node_id FROM lobby_rooms WHERE room_id = $1", {pg::integer(static_cast<std::int64_t>(room))});
    if (!check(where) || !where) return false;
    if (where->size() == 0) return true;
    auto seats = db_->query("SELECT key FROM lobby_seats WHERE room_id = $1 ORDER BY seat",
                            {pg::integer(static_cast<std::int64_t>(room))});
    if (!check(seats) || !seats) return false;
    cluster_event::Matched m{RoomId{room}, NodeId{where->integer(0, 0)}, {}};
    for (int i = 0; i < seats->size(); ++i)
      if (auto key = crypto::PublicKey::from_bytes(seats->bytes(i, 0))) m.keys.push_back(*key);
    post(std::move(m));
    return true;
  }
  return true;
}

void ClusterCoordinator::run() {
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    if (!db_) {
      if (!connect()) {
        drain_fd(job_fd_);
        std::deque<Job> jobs;
        {
          std::lock_guard lock(mutex_);
          jobs.swap(jobs_);
        }
        for (Job& j : jobs) j();  // each answers that the database is away
        pollfd wait{job_fd_, POLLIN, 0};
        ::poll(&wait, 1, static_cast<int>(kReconnectPause.count()));
      }
      continue;
    }
    const auto now = Clock::now();
    const auto next = std::min({next_renew_, next_sweep_, next_nodes_, next_lobby_});
    const int timeout = next <= now ? 0 : static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(next - now).count());
    pollfd fds[2] = {{job_fd_, POLLIN, 0}, {db_->socket(), POLLIN, 0}};
    ::poll(fds, fds[1].fd < 0 ? 1 : 2, timeout);
    if ((fds[0].revents & POLLIN) != 0) drain_fd(job_fd_);
    std::deque<Job> jobs;
    {
      std::lock_guard lock(mutex_);
      jobs.swap(jobs_);
    }
    for (Job& j : jobs) j();
    if (!db_) continue;
    auto notes = db_->notifications();
    if (!notes) {
      disconnect(notes.error());
      continue;
    }
    bool ok = true;
    for (const pg::Notification& n : *notes) ok = ok && db_ && on_notification(n);
    if (!ok || !db_) continue;
    const auto after = Clock::now();
    if (after >= next_renew_) {
      next_renew_ = after + options_.renew_every;
      if (!renew()) continue;
    }
    if (after >= next_sweep_) {
      next_sweep_ = after + options_.sweep_every;
      if (!sweep()) continue;
    }
    if (after >= next_nodes_) {
      next_nodes_ = after + kNodesEvery;
      if (!refresh_nodes() || !refill_room_ids()) continue;
    }
    if (after >= next_lobby_) {
      next_lobby_ = after + kLobbyEvery;
      if (!refresh_lobby()) continue;
    }
  }
}

}  // namespace parley::lobby
