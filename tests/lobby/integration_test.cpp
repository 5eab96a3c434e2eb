// The real parley-lobby process on 127.0.0.1 with real ENet clients: login, rooms, quick match
// for 2 and 6 seats, spectators, ordered relay under concurrent posting, resync after a
// reconnect, kill -9 and restart on the same database, hostile input, clean shutdown.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <enet/enet.h>

#include <cstdio>
#include <map>
#include <random>

#include "tests/lobby/lobby_process.hpp"

namespace parley::lobby {
namespace {

using testing::await;
using testing::LobbyProcess;
using testing::pump;
using testing::TempDir;
using testing::TestClient;

std::vector<TestClient*> all(std::vector<std::unique_ptr<TestClient>>& v) {
  std::vector<TestClient*> out;
  for (auto& c : v) out.push_back(c.get());
  return out;
}

std::vector<std::unique_ptr<TestClient>> players(const LobbyProcess& lobby, int n, const std::string& prefix = "p") {
  std::vector<std::unique_ptr<TestClient>> out;
  for (int i = 0; i < n; ++i) {
    out.push_back(std::make_unique<TestClient>(lobby.endpoint(), crypto::Identity::generate(), prefix + std::to_string(i)));
  }
  return out;
}

bool logged_in(std::vector<std::unique_ptr<TestClient>>& clients) {
  return pump(all(clients), [&] {
    for (auto& c : clients) {
      if (c->get().state() != ClientState::ready) return false;
    }
    return true;
  });
}

// Quick-matches every client into one game and waits until each has its genesis.
RoomId quick_match(std::vector<std::unique_ptr<TestClient>>& clients, const std::string& game) {
  for (auto& c : clients) c->get().quick_match(game, static_cast<std::uint8_t>(clients.size()));
  std::optional<RoomState> started;
  pump(all(clients), [&] {
    if (!started) started = clients[0]->take<RoomState>([](const RoomState& s) { return s.phase == RoomPhase::started; });
    if (!started) return false;
    for (auto& c : clients) {
      if (c->entries(started->room) < 1) return false;
    }
    return true;
  });
  EXPECT_TRUE(started.has_value());
  return started ? started->room : RoomId{};
}

bool reach(std::vector<TestClient*> clients, RoomId room, std::uint64_t count) {
  return pump(clients, [&] {
    for (TestClient* c : clients) {
      if (c->entries(room) < count) return false;
    }
    return true;
  });
}

bool no_faults(const TestClient& c) {
  for (const auto& e : c.events()) {
    if (std::holds_alternative<TranscriptFault>(e) || std::holds_alternative<ProtocolFault>(e)) return false;
  }
  return true;
}

Bytes body(std::string_view s) { return Bytes(s.begin(), s.end()); }

// ---- login -------------------------------------------------------------------------------

TEST(LobbyProcessTest, LoginWithTheProvenKeyAWrongLobbyKeyRefusedAndAnOldClientToldItsVersion) {
  TempDir dir;
  LobbyProcess lobby(dir.path());
  TestClient good(lobby.endpoint(), crypto::Identity::generate(), " Ada ");
  auto welcome = await<Welcome>({&good}, good);
  ASSERT_TRUE(welcome.has_value());
  EXPECT_EQ(welcome->display_name, "Ada");
  // The lobby's key is the one stored next to its database.
  auto stored = crypto::load_identity(dir.path() / "lobby.db.key");
  ASSERT_TRUE(stored.ok());
  EXPECT_EQ(*good->lobby_key(), stored->public_key());

  // A client pinned to another lobby's key stops at the handshake and says both fingerprints.
  const crypto::PublicKey other = crypto::Identity::generate().public_key();
  TestClient pinned(lobby.endpoint(), crypto::Identity::generate(), "Bo", other);
  auto gone = await<Disconnected>({&pinned, &good}, pinned);
  ASSERT_TRUE(gone.has_value());
  EXPECT_EQ(gone->kind, DisconnectKind::wrong_lobby_key);
  EXPECT_TRUE(gone->lobby_key == stored->public_key());
  EXPECT_NE(gone->reason.find(crypto::fingerprint(stored->public_key())), std::string::npos) << gone->reason;
  EXPECT_NE(gone->reason.find(crypto::fingerprint(other)), std::string::npos) << gone->reason;
  EXPECT_FALSE(pinned.has<Connected>());
  EXPECT_FALSE(pinned.has<Welcome>());

  // A status-only connection proves a key of its own but has not logged in.
  TestClient anonymous(lobby.endpoint(), std::nullopt);
  ASSERT_TRUE(await<Connected>({&anonymous}, anonymous).has_value());
  anonymous->create_room("chess", 2, {}, Visibility::public_room);
  auto not_in = await<Refused>({&anonymous}, anonymous);
  ASSERT_TRUE(not_in.has_value());
  EXPECT_EQ(not_in->reason, Refusal::not_logged_in);
  anonymous->status();
  auto status = await<StatusReport>({&anonymous}, anonymous);
  ASSERT_TRUE(status.has_value());
  EXPECT_EQ(status->players_online, 1u);  // Ada; Bo never got in

  // A client of protocol 1 (ENet connect data 0, waiting for a Challenge) gets a refusal it can
  // read, in the clear, and the disconnection says the same.
  ENetHost* old = enet_host_create(nullptr, 1, 1, 0, 0);
  ASSERT_NE(old, nullptr);
  ENetAddress to{};
  enet_address_set_host(&to, "127.0.0.1");
  to.port = lobby.port();
  ASSERT_NE(enet_host_connect(old, &to, 1, 0), nullptr);
  std::optional<Refused> told;
  std::optional<enet_uint32> closed_with;
  for (int round = 0; round < 3000 && !closed_with; ++round) {
    ENetEvent ev;
    if (enet_host_service(old, &ev, 2) <= 0) continue;
    if (ev.type == ENET_EVENT_TYPE_RECEIVE) {
      auto m = decode_lobby_message(std::span<const std::uint8_t>(ev.packet->data, ev.packet->dataLength));
      if (m && std::holds_alternative<Refused>(*m)) told = std::get<Refused>(*m);
      enet_packet_destroy(ev.packet);
    }
    if (ev.type == ENET_EVENT_TYPE_DISCONNECT) closed_with = ev.data;
  }
  enet_host_destroy(old);
  ASSERT_TRUE(told.has_value());
  EXPECT_EQ(told->reason, Refusal::unsupported_version);
  EXPECT_NE(told->detail.find("version 2"), std::string::npos) << told->detail;
  ASSERT_TRUE(closed_with.has_value());
  EXPECT_EQ(*closed_with, static_cast<enet_uint32>(Refusal::unsupported_version));
}

// ---- rooms -------------------------------------------------------------------------------

TEST(LobbyProcessTest, RoomsListJoinReadySpectateAndChat) {
  TempDir dir;
  LobbyProcess lobby(dir.path());
  auto ps = players(lobby, 3);
  ASSERT_TRUE(logged_in(ps));
  auto net = all(ps);
  TestClient& host = *ps[0];
  TestClient& guest = *ps[1];
  TestClient& watcher = *ps[2];

  RequestId create = host->create_room("gunjin", 2, {1, 2}, Visibility::public_room);
  auto created = await<RoomState>(net, host, [&](const RoomState& s) { return s.request == create; });
  ASSERT_TRUE(created.has_value());
  RoomId room = created->room;

  RequestId list = guest->list_rooms("gunjin");
  auto rooms = await<RoomList>(net, guest, [&](const RoomList& l) { return l.request == list; });
  ASSERT_TRUE(rooms.has_value());
  ASSERT_EQ(rooms->rooms.size(), 1u);
  EXPECT_EQ(rooms->rooms[0].room, room);
  EXPECT_EQ(rooms->rooms[0].seats, (std::vector<std::optional<std::string>>{"p0", std::nullopt}));
  EXPECT_EQ(rooms->rooms[0].options, (Bytes{1, 2}));

  guest->join_room(room, Role::player);
  watcher->join_room(room, Role::spectator);
  RequestId say = watcher->chat(room, "good luck");
  ASSERT_TRUE(await<Done>(net, watcher, [&](const Done& d) { return d.request == say; }).has_value());
  for (TestClient* c : net) {
    auto line = await<ChatLine>(net, *c);
    ASSERT_TRUE(line.has_value());
    EXPECT_EQ(line->text, "good luck");
    EXPECT_EQ(line->role, Role::spectator);
  }
  host->set_ready(room, true);
  guest->set_ready(room, true);
  ASSERT_TRUE(reach(net, room, 1));  // the spectator follows the game from its genesis
  const Transcript& t = *watcher->transcript(room);
  EXPECT_EQ(t.genesis().game, "gunjin");
  EXPECT_EQ(t.genesis().options, (Bytes{1, 2}));
  EXPECT_EQ(t.genesis().seat_keys[0], host.identity().public_key());
  EXPECT_EQ(t.genesis().seat_keys[1], guest.identity().public_key());
  auto not_seat = watcher->post(room, EnvelopeKind{1}, body("x"));
  EXPECT_EQ(not_seat.error(), PostError::not_a_seat);
}

TEST(LobbyProcessTest, QuickMatchFillsRoomsOfTwoAndOfSix) {
  TempDir dir;
  LobbyProcess lobby(dir.path());
  auto two = players(lobby, 2, "two");
  auto six = players(lobby, 6, "six");
  ASSERT_TRUE(logged_in(two));
  ASSERT_TRUE(logged_in(six));
  RoomId a = quick_match(two, "chess");
  RoomId b = quick_match(six, "risiko");
  ASSERT_NE(a, b);
  for (auto* group : {&two, &six}) {
    const Transcript& first = *(*group)[0]->get().transcript(group == &two ? a : b);
    ASSERT_EQ(first.genesis().seat_keys.size(), group->size());
    for (std::size_t i = 0; i < group->size(); ++i) {
      EXPECT_EQ(first.genesis().seat_keys[i], (*group)[i]->identity().public_key());
      EXPECT_EQ((*group)[i]->get().transcript(group == &two ? a : b)->head_hash(), first.head_hash());
    }
  }
}

// ---- relay -------------------------------------------------------------------------------

TEST(LobbyProcessTest, ConcurrentPostsFromEverySeatReachEveryMemberInTheSameOrder) {
  TempDir dir;
  LobbyProcess lobby(dir.path());
  auto seats = players(lobby, 6);
  auto watchers = players(lobby, 2, "w");
  ASSERT_TRUE(logged_in(seats));
  ASSERT_TRUE(logged_in(watchers));
  RoomId room = quick_match(seats, "risiko");
  for (auto& w : watchers) w->get().join_room(room, Role::spectator);
  std::vector<TestClient*> everyone = all(seats);
  for (auto& w : watchers) everyone.push_back(w.get());
  ASSERT_TRUE(reach(everyone, room, 1));

  // Every seat posts in bursts of 5 while the others post too; nobody waits for its own.
  constexpr int kPerSeat = 40;
  for (int burst = 0; burst < kPerSeat / 5; ++burst) {
    for (std::size_t s = 0; s < seats.size(); ++s) {
      for (int i = 0; i < 5; ++i) {
        auto r = seats[s]->get().post(room, EnvelopeKind{3}, body("seat " + std::to_string(s) + " #" + std::to_string(burst * 5 + i)));
        ASSERT_TRUE(r.ok());
      }
    }
    for (TestClient* c : everyone) c->poll(0);
  }
  const std::uint64_t total = 1 + seats.size() * kPerSeat;
  ASSERT_TRUE(reach(everyone, room, total));
  const Transcript& reference = *everyone[0]->get().transcript(room);
  std::map<int, int> per_seat;
  for (std::size_t i = 1; i < total; ++i) {
    const auto& e = std::get<SignedEnvelope>(reference.entries()[i].entry.payload);
    ++per_seat[e.envelope.seat.index];
  }
  for (int s = 0; s < 6; ++s) EXPECT_EQ(per_seat[s], kPerSeat);
  for (TestClient* c : everyone) {
    const Transcript& t = *c->get().transcript(room);
    EXPECT_EQ(t.next_index().value, total);
    EXPECT_EQ(t.head_hash(), reference.head_hash());
    for (std::size_t i = 0; i < total; ++i) ASSERT_TRUE(t.entries()[i] == reference.entries()[i]);
    EXPECT_TRUE(no_faults(*c));
  }
}

TEST(LobbyProcessTest, AReconnectingSeatResumesAndFetchesWhatItMissed) {
  TempDir dir;
  LobbyProcess lobby(dir.path());
  auto ps = players(lobby, 2);
  ASSERT_TRUE(logged_in(ps));
  RoomId room = quick_match(ps, "chess");
  ASSERT_TRUE(ps[1]->get().post(room, EnvelopeKind{1}, body("e4")).ok());
  ASSERT_TRUE(reach(all(ps), room, 2));

  // Seat 1 goes away; it keeps its transcript (as a peer persists it) and its key.
  Transcript kept = *ps[1]->get().transcript(room);
  crypto::Identity key = ps[1]->identity();
  ps.pop_back();
  // Seat 0 sees the disconnection entry and plays on.
  ASSERT_TRUE(reach(all(ps), room, 3));
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(ps[0]->get().post(room, EnvelopeKind{1}, body("m" + std::to_string(i))).ok());
  ASSERT_TRUE(reach(all(ps), room, 13));

  auto back = std::make_unique<TestClient>(lobby.endpoint(), key, "p1");
  back->get().adopt_transcript(room, kept);
  auto welcome = await<Welcome>({back.get(), ps[0].get()}, *back);
  ASSERT_TRUE(welcome.has_value());
  EXPECT_EQ(welcome->seated_rooms, std::vector<RoomId>{room});
  back->get().join_room(room, Role::player);
  ps.push_back(std::move(back));
  ASSERT_TRUE(reach(all(ps), room, 14));  // … and the reconnected entry
  const Transcript& resumed = *ps[1]->get().transcript(room);
  EXPECT_EQ(resumed.head_hash(), ps[0]->get().transcript(room)->head_hash());
  EXPECT_EQ(std::get<Presence>(resumed.entries()[2].entry.payload), (Presence{game::Seat{1}, PresenceEvent::disconnected}));
  EXPECT_EQ(std::get<Presence>(resumed.entries()[13].entry.payload), (Presence{game::Seat{1}, PresenceEvent::reconnected}));
  EXPECT_TRUE(no_faults(*ps[1]));
  ASSERT_TRUE(ps[1]->get().post(room, EnvelopeKind{1}, body("back")).ok());
  ASSERT_TRUE(reach(all(ps), room, 15));
}

// ---- crash safety ------------------------------------------------------------------------

// Both durability modes promise this (--sync normal commits on the network thread, full on a
// writer thread).
void kill_nine_mid_game_then_restart(const std::vector<std::string>& options) {
  TempDir dir;
  auto lobby = std::make_unique<LobbyProcess>(dir.path(), 0, options);
  const std::uint16_t port = lobby->port();
  auto two = players(*lobby, 2, "a");
  auto three = players(*lobby, 3, "b");
  auto lone = players(*lobby, 1, "c");
  ASSERT_TRUE(logged_in(two));
  ASSERT_TRUE(logged_in(three));
  ASSERT_TRUE(logged_in(lone));
  RoomId a = quick_match(two, "chess");
  RoomId b = quick_match(three, "risiko");
  RequestId create = lone[0]->get().create_room("gunjin", 2, {7}, Visibility::invite_only);
  auto waiting = await<RoomState>(all(lone), *lone[0], [&](const RoomState& s) { return s.request == create; });
  ASSERT_TRUE(waiting.has_value());
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(three[i % 3]->get().post(b, EnvelopeKind{2}, body("b" + std::to_string(i))).ok());
  ASSERT_TRUE(reach(all(three), b, 6));

  // Room a is mid-burst when the lobby dies: 60 posts sent, killed once 10 have come back.
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(two[i % 2]->get().post(a, EnvelopeKind{2}, body("a" + std::to_string(i))).ok());
  ASSERT_TRUE(reach(all(two), a, 11));
  lobby->kill9();

  // What each seat had verified when the lobby died.
  std::vector<std::pair<crypto::Identity, Transcript>> kept_a, kept_b;
  for (auto& c : two) kept_a.emplace_back(c->identity(), *c->get().transcript(a));
  for (auto& c : three) kept_b.emplace_back(c->identity(), *c->get().transcript(b));
  two.clear();
  three.clear();
  lone.clear();

  lobby = std::make_unique<LobbyProcess>(dir.path(), port, options);
  ASSERT_EQ(lobby->port(), port);
  EXPECT_NE(lobby->log().find("loaded 3 open rooms; 5 seats marked disconnected by the restart"), std::string::npos)
      << lobby->log();

  std::vector<std::unique_ptr<TestClient>> back;
  auto rejoin = [&](RoomId room, std::vector<std::pair<crypto::Identity, Transcript>>& kept) {
    for (auto& [key, transcript] : kept) {
      back.push_back(std::make_unique<TestClient>(lobby->endpoint(), key, "back"));
      back.back()->get().adopt_transcript(room, transcript);
      back.back()->get().join_room(room, Role::player);
    }
  };
  rejoin(a, kept_a);
  rejoin(b, kept_b);
  auto net = all(back);
  // Every seat continues its own verified transcript: the lobby lost none of the entries any
  // of them had seen, or the continuation would not verify. Room b: 6 entries, 3 restart
  // disconnections, 3 reconnections.
  ASSERT_TRUE(reach({back[2].get(), back[3].get(), back[4].get()}, b, 12));
  auto reconnections = [&](const TestClient& c, RoomId room) {
    int n = 0;
    const Transcript* t = c.get().transcript(room);
    for (std::size_t i = 0; t != nullptr && i < t->entries().size(); ++i) {
      const auto* p = std::get_if<Presence>(&t->entries()[i].entry.payload);
      n += p != nullptr && p->event == PresenceEvent::reconnected;
    }
    return n;
  };
  ASSERT_TRUE(pump(net, [&] { return reconnections(*back[0], a) == 2 && reconnections(*back[1], a) == 2; }));
  for (auto& c : back) EXPECT_TRUE(no_faults(*c));
  const Transcript& ta = *back[0]->get().transcript(a);
  EXPECT_EQ(ta.head_hash(), back[1]->get().transcript(a)->head_hash());
  // The game goes on.
  std::uint64_t before = ta.next_index().value;
  ASSERT_TRUE(back[0]->get().post(a, EnvelopeKind{2}, body("after the crash")).ok());
  ASSERT_TRUE(reach({back[0].get(), back[1].get()}, a, before + 1));

  // A spectator fetching room b from the start gets the identical chain.
  TestClient watcher(lobby->endpoint(), crypto::Identity::generate(), "w");
  watcher->join_room(b, Role::spectator);
  net.push_back(&watcher);
  ASSERT_TRUE(reach({back[2].get(), &watcher}, b, 12));
  EXPECT_EQ(watcher->transcript(b)->head_hash(), back[2]->get().transcript(b)->head_hash());

  // The invite-only waiting room survived with its code.
  TestClient guest(lobby->endpoint(), crypto::Identity::generate(), "g");
  RequestId join = guest->join_by_code(waiting->invite_code, Role::player);
  auto joined = await<RoomState>({&guest}, guest, [&](const RoomState& s) { return s.request == join; });
  ASSERT_TRUE(joined.has_value());
  EXPECT_EQ(joined->room, waiting->room);
  EXPECT_EQ(joined->options, Bytes{7});
}

TEST(LobbyProcessTest, KillNineMidGameThenRestartOnTheSameDatabaseLosesNothing) {
  kill_nine_mid_game_then_restart({});
}

TEST(LobbyProcessTest, KillNineLosesNothingWithSyncNormalEither) {
  kill_nine_mid_game_then_restart({"--sync", "normal"});
}

TEST(LobbyProcessTest, SigtermShutsDownCleanlyAndRecordsTheDisconnections) {
  TempDir dir;
  auto lobby = std::make_unique<LobbyProcess>(dir.path());
  auto ps = players(*lobby, 2);
  ASSERT_TRUE(logged_in(ps));
  RoomId room = quick_match(ps, "chess");
  EXPECT_EQ(lobby->terminate(), 0);
  for (auto& c : ps) {
    auto r = await<Refused>(all(ps), *c, [](const Refused& x) { return x.reason == Refusal::shutting_down; });
    EXPECT_TRUE(r.has_value());
  }
  ASSERT_TRUE(reach(all(ps), room, 3));  // both seats' disconnected entries arrived before the end
  EXPECT_NE(lobby->log().find("stopped"), std::string::npos);
  lobby = std::make_unique<LobbyProcess>(dir.path());
  EXPECT_NE(lobby->log().find("loaded 1 open rooms; 0 seats marked disconnected"), std::string::npos) << lobby->log();
}

TEST(LobbyProcessTest, ASlowReaderIsDisconnectedTheOthersMissNothingAndItFetchesOnReturn) {
  TempDir dir;
  // The allowance must exceed one fetch answer (1 MiB), or the returning reader is cut again.
  LobbyProcess lobby(dir.path(), 0, {"--max-backlog", "1572864"});
  auto seats = players(lobby, 2);
  auto watchers = players(lobby, 2, "w");  // watchers[1] stops reading once the game runs
  ASSERT_TRUE(logged_in(seats));
  ASSERT_TRUE(logged_in(watchers));
  RoomId room = quick_match(seats, "chess");
  for (auto& w : watchers) w->get().join_room(room, Role::spectator);
  std::vector<TestClient*> everyone = all(seats);
  for (auto& w : watchers) everyone.push_back(w.get());
  ASSERT_TRUE(reach(everyone, room, 1));
  std::vector<TestClient*> readers = {seats[0].get(), seats[1].get(), watchers[0].get()};

  // 40 posts of 50 KB: 2 MB for every member, more than the slow reader's 1.5 MiB allowance.
  constexpr int kPosts = 40;
  const std::string filler(50'000, 'x');
  for (int i = 0; i < kPosts; ++i) {
    ASSERT_TRUE(seats[static_cast<std::size_t>(i % 2)]->get().post(room, EnvelopeKind{3}, body(filler)).ok());
    if (i % 8 == 7) {
      ASSERT_TRUE(reach(readers, room, static_cast<std::uint64_t>(2 + i)));
    }
  }
  const std::uint64_t total = 1 + kPosts;
  ASSERT_TRUE(reach(readers, room, total));
  for (TestClient* c : readers) EXPECT_TRUE(no_faults(*c));
  ASSERT_TRUE(pump(readers, [&] { return lobby.log().find("a slow reader") != std::string::npos; })) << lobby.log();
  EXPECT_TRUE(pump({watchers[1].get()}, [&] { return watchers[1]->get().state() == ClientState::disconnected; }));

  // Back with the same key: it fetches the whole transcript, the same one the others have.
  TestClient back(lobby.endpoint(), watchers[1]->identity(), "w1");
  ASSERT_TRUE(pump({&back}, [&] { return back.get().state() == ClientState::ready; }));
  back.get().join_room(room, Role::spectator);
  ASSERT_TRUE(reach({&back}, room, total));
  EXPECT_EQ(back.get().transcript(room)->head_hash(), seats[0]->get().transcript(room)->head_hash());
  EXPECT_TRUE(no_faults(back));
  EXPECT_TRUE(lobby.running());
}

// ---- hostile input -----------------------------------------------------------------------

TEST(LobbyProcessTest, HostileInputIsRefusedAndTheLobbyStillServesAGame) {
  TempDir dir;
  LobbyProcess lobby(dir.path(), 0, {"--max-connections-per-address", "6", "--rate", "200", "--burst", "100"});
  std::mt19937 rng(20240611);

  // Random datagrams straight at the UDP port, outside any ENet connection.
  int udp = ::socket(AF_INET, SOCK_DGRAM, 0);
  ASSERT_GE(udp, 0);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(lobby.port());
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  for (int i = 0; i < 2000; ++i) {
    std::vector<std::uint8_t> junk(rng() % 1400);
    for (auto& b : junk) b = static_cast<std::uint8_t>(rng());
    ::sendto(udp, junk.data(), junk.size(), 0, reinterpret_cast<sockaddr*>(&to), sizeof to);
  }
  ::close(udp);

  // Random and truncated messages inside a connection: each gets a typed refusal.
  TestClient fuzzer(lobby.endpoint(), crypto::Identity::generate(), "fuzzer");
  ASSERT_TRUE(await<Welcome>({&fuzzer}, fuzzer).has_value());
  Bytes valid = encode(ClientMessage{CreateRoom{RequestId{5}, "chess", 2, {1, 2, 3}, Visibility::public_room, {}}});
  int sent = 0;
  for (std::size_t cut = 0; cut < valid.size(); ++cut, ++sent) fuzzer->send_raw(std::span(valid.data(), cut));
  for (int i = 0; i < 40; ++i, ++sent) {
    Bytes junk(1 + rng() % 64);
    for (auto& b : junk) b = static_cast<std::uint8_t>(rng());
    junk[0] = static_cast<std::uint8_t>(1 + rng() % 12);  // a real request tag, garbage after it
    fuzzer->send_raw(junk);
  }
  int refusals = 0;
  pump({&fuzzer}, [&] {
    while (fuzzer.take<Refused>()) ++refusals;
    return refusals >= sent - 1;
  });
  pump({&fuzzer}, [&] {
    while (fuzzer.take<Refused>()) ++refusals;
    return refusals >= sent;
  }, 200);
  EXPECT_GE(refusals, sent - 1);  // a random message may happen to be a well-formed request

  // An envelope over the limit.
  Bytes oversized = encode(ClientMessage{StatusQuery{RequestId{9}}});
  oversized.resize(kMaxMessageBytes + 1000, 0);
  fuzzer->send_raw(oversized);
  auto too_large = await<Refused>({&fuzzer}, fuzzer, [](const Refused& r) { return r.request == RequestId{9}; });
  ASSERT_TRUE(too_large.has_value());
  EXPECT_EQ(too_large->reason, Refusal::too_large);

  // A game under way, and a stranger posting into it.
  auto ps = players(lobby, 2);
  ASSERT_TRUE(logged_in(ps));
  RoomId room = quick_match(ps, "chess");
  std::vector<TestClient*> net = all(ps);
  net.push_back(&fuzzer);
  Envelope forged{ps[0]->get().transcript(room)->session_id(), game::Seat{0}, EntryIndex{0},
                  ps[0]->get().transcript(room)->head_hash(), EnvelopeKind{1}, body("stolen seat")};
  fuzzer->send_raw(encode(ClientMessage{Post{RequestId{11}, room, sign_envelope(fuzzer.identity(), forged)}}));
  auto not_seat = await<Refused>(net, fuzzer, [](const Refused& r) { return r.request == RequestId{11}; });
  ASSERT_TRUE(not_seat.has_value());
  EXPECT_EQ(not_seat->reason, Refusal::not_a_seat);

  // A flood: refused with rate_limited, then the connection is closed.
  for (int i = 0; i < 600; ++i) fuzzer->status();
  ASSERT_TRUE(pump(net, [&] { return fuzzer->state() == ClientState::disconnected; }));
  EXPECT_TRUE(fuzzer.take<Refused>([](const Refused& r) { return r.reason == Refusal::rate_limited; }).has_value());

  // Too many connections from one address: a typed refusal, then the door (past the two over
  // the cap that may still ask for the status).
  std::vector<std::unique_ptr<TestClient>> crowd;
  for (int i = 0; i < 8; ++i) crowd.push_back(std::make_unique<TestClient>(lobby.endpoint(), std::nullopt));
  auto crowd_net = all(crowd);
  bool refused = pump(crowd_net, [&] {
    for (auto& c : crowd) {
      if (c->take<Refused>([](const Refused& r) { return r.reason == Refusal::too_many_connections; })) return true;
    }
    return false;
  });
  EXPECT_TRUE(refused);
  crowd.clear();

  // Through all of it the lobby kept serving: the game is played on.
  net = all(ps);
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(ps[i % 2]->get().post(room, EnvelopeKind{1}, body(std::to_string(i))).ok());
  ASSERT_TRUE(reach(net, room, 11));
  EXPECT_EQ(ps[0]->get().transcript(room)->head_hash(), ps[1]->get().transcript(room)->head_hash());
  EXPECT_TRUE(lobby.running());
}

// ---- command line ------------------------------------------------------------------------

std::pair<int, std::string> run(const std::string& args) {
  std::string cmd = testing::lobby_binary() + " " + args + " 2>&1";
  FILE* p = ::popen(cmd.c_str(), "r");
  std::string out;
  char buf[512];
  while (p != nullptr && std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
  int status = p == nullptr ? -1 : ::pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// A flood from the operator's own address holds all its connections: --status is still
// answered, while a login over the cap is refused as before (docs/lobby.md, "Limits").
TEST(LobbyCommandLine, StatusIsAnsweredFromAnAddressThatHoldsAllItsConnections) {
  TempDir dir;
  LobbyProcess lobby(dir.path(), 0, {"--max-connections-per-address", "3"});
  auto held = players(lobby, 3);
  ASSERT_TRUE(logged_in(held));
  auto over = players(lobby, 1, "over");
  auto net = all(held);
  net.push_back(over[0].get());
  EXPECT_TRUE(pump(net, [&] {
    return over[0]->take<Refused>([](const Refused& r) { return r.reason == Refusal::too_many_connections; }).has_value();
  }));
  auto [code, status] = run("--status 127.0.0.1:" + std::to_string(lobby.port()));
  EXPECT_EQ(code, 0) << status;
  EXPECT_NE(status.find("connections      3\n"), std::string::npos) << status;
  EXPECT_NE(status.find("players online   3\n"), std::string::npos) << status;
  EXPECT_TRUE(lobby.running());
}

TEST(LobbyCommandLine, StatusHelpAndUsageErrors) {
  TempDir dir;
  LobbyProcess lobby(dir.path());
  auto ps = players(lobby, 2);
  ASSERT_TRUE(logged_in(ps));
  quick_match(ps, "chess");
  auto [status_code, status] = run("--status 127.0.0.1:" + std::to_string(lobby.port()));
  EXPECT_EQ(status_code, 0) << status;
  EXPECT_NE(status.find("rooms started    1"), std::string::npos) << status;
  EXPECT_NE(status.find("seats filled     2"), std::string::npos) << status;
  EXPECT_NE(status.find("entries total    1"), std::string::npos) << status;

  auto [help_code, help] = run("--help");
  EXPECT_EQ(help_code, 0);
  EXPECT_NE(help.find("--listen"), std::string::npos);
  EXPECT_NE(help.find("--db"), std::string::npos);
  EXPECT_EQ(run("--listen nowhere").first, 2);
  EXPECT_EQ(run("--bogus").first, 2);
  // More connections than one ENet host holds need more hosts.
  auto [many_code, many] = run("--max-connections 5000 --db " + (dir.path() / "other.db").string());
  EXPECT_EQ(many_code, 2);
  EXPECT_NE(many.find("--max-connections 5000 needs --hosts 2 at least"), std::string::npos) << many;
  EXPECT_EQ(run("--hosts 17").first, 2);
  std::filesystem::create_directories(dir.path() / "two");
  LobbyProcess two_hosts(dir.path() / "two", 0, {"--hosts", "2", "--max-connections", "8000"});
  EXPECT_NE(two_hosts.log().find(", 2 ENet hosts sharing the port"), std::string::npos) << two_hosts.log();
  auto through_two = players(two_hosts, 4);
  EXPECT_TRUE(logged_in(through_two));
  // Another lobby on the same database is refused at once.
  auto [second_code, second] = run("--listen 127.0.0.1:0 --db " + (dir.path() / "lobby.db").string());
  EXPECT_EQ(second_code, 1);
  EXPECT_NE(second.find("in use by another process"), std::string::npos) << second;
}

}  // namespace
}  // namespace parley::lobby
