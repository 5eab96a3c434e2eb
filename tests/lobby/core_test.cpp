// The lobby's state machine without a network: logins, rooms, queues, the relay's checks, the
// presence entries, every limit and every refusal, and recovery from a crash.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>
#include <sstream>

#include "lobby/protocol/limits.hpp"
#include "lobby/protocol/text.hpp"
#include "lobby/server/log_archive.hpp"
#include "lobby/server/rate_limiter.hpp"
#include "lobby/server/worker_pool.hpp"
#include "tests/lobby/core_harness.hpp"

namespace parley::lobby {
namespace {

using namespace std::chrono_literals;
using testing::CoreHarness;
using testing::login;
using testing::Player;

// Creates a room with `seats` players seated and ready: the game has started when it returns.
struct Table {
  std::vector<Player> players;
  RoomId room;
};

Table start_game(CoreHarness& h, std::uint8_t seats, std::string game = "chess") {
  Table t;
  for (std::uint8_t i = 0; i < seats; ++i) t.players.push_back(login(h, "p" + std::to_string(i)));
  Player& host = t.players[0];
  RequestId create = host.next();
  h.send(host.connection, CreateRoom{create, game, seats, {9}, Visibility::public_room, {}});
  auto state = h.take<RoomState>(host.connection, [&](const RoomState& s) { return s.request == create; });
  EXPECT_TRUE(state.has_value());
  if (!state) return t;
  t.room = state->room;
  for (std::size_t i = 1; i < seats; ++i) h.send(t.players[i].connection, JoinRoom{t.players[i].next(), t.room, {}, Role::player});
  for (Player& p : t.players) h.send(p.connection, SetReady{p.next(), t.room, true});
  return t;
}

Transcript follow(CoreHarness& h, ConnectionId c, RoomId room) {
  auto entries = h.entries(c, room);
  EXPECT_FALSE(entries.empty());
  auto t = Transcript::start(h.lobby().public_key(), entries.at(0));
  EXPECT_TRUE(t.ok());
  for (std::size_t i = 1; i < entries.size(); ++i) {
    auto r = t->append(entries[i]);
    EXPECT_TRUE(r.ok()) << "entry " << i << ": " << describe(r.error());
  }
  return std::move(*t);
}

Post make_post(const Player& p, const Transcript& t, RoomId room, std::uint8_t seat, std::string body, RequestId request) {
  Envelope e{t.session_id(), game::Seat{seat}, EntryIndex{t.next_index().value - 1}, t.head_hash(), EnvelopeKind{1},
             Bytes(body.begin(), body.end())};
  return Post{request, room, sign_envelope(p.identity, e)};
}

// ---- login -------------------------------------------------------------------------------

TEST(LobbyCoreLogin, ALoginTakesTheKeyTheChannelProvedWithASanitisedName) {
  CoreHarness h;
  Player p = login(h, "  Ada\tLovelace\xE2\x80\xAE ");
  auto w = h.take<Welcome>(p.connection);
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->display_name, "Ada Lovelace");
  EXPECT_TRUE(w->seated_rooms.empty());
  // The seat it takes is the proven key's.
  RequestId create = p.next();
  h.send(p.connection, CreateRoom{create, "chess", 2, {}, Visibility::public_room, {}});
  auto room = h.take<RoomState>(p.connection, [&](const RoomState& s) { return s.request == create; });
  ASSERT_TRUE(room.has_value());
  EXPECT_TRUE(room->seats[0].key == p.identity.public_key());
}

TEST(LobbyCoreLogin, ABadNameOrNoProvenKeyIsRefusedAndNothingWorksBeforeLogin) {
  CoreHarness h;
  Player p;
  p.connection = h.connect_as(testing::kLocalhost, p.identity.public_key());
  // The channel's handshake greeted it: the core says nothing until asked.
  EXPECT_TRUE(h.inbox(p.connection).empty());

  RequestId early = p.next();
  h.send(p.connection, CreateRoom{early, "chess", 2, {}, Visibility::public_room, {}});
  EXPECT_EQ(h.refusal(p.connection, early)->reason, Refusal::not_logged_in);

  RequestId empty_name = p.next();
  h.send(p.connection, Login{empty_name, "\x01\x02"});
  EXPECT_EQ(h.refusal(p.connection, empty_name)->reason, Refusal::bad_display_name);

  RequestId good = p.next();
  h.send(p.connection, Login{good, "Ada"});
  EXPECT_TRUE(h.take<Welcome>(p.connection).has_value());
  RequestId again = p.next();
  h.send(p.connection, Login{again, "Ada"});
  EXPECT_EQ(h.refusal(p.connection, again)->reason, Refusal::already_logged_in);

  // A connection whose network layer proved no key cannot log in as anyone.
  ConnectionId unproven = h.connect_as(testing::kLocalhost, std::nullopt);
  h.send(unproven, Login{RequestId{1}, "Mallory"});
  EXPECT_EQ(h.refusal(unproven, RequestId{1})->reason, Refusal::bad_login_signature);
  EXPECT_EQ(h.core().status(h.now()).players_online, 1u);
}

TEST(LobbyCoreLogin, ANewLoginWithTheSameKeyReplacesTheOldConnection) {
  CoreHarness h;
  Player first = login(h, "Ada");
  Player second = testing::login_again(h, first.identity, "Ada");
  EXPECT_TRUE(h.take<Welcome>(second.connection).has_value());
  auto kicked = h.take<Refused>(first.connection);
  ASSERT_TRUE(kicked.has_value());
  EXPECT_EQ(kicked->reason, Refusal::logged_in_elsewhere);
  EXPECT_TRUE(h.closed(first.connection));
}

TEST(LobbyCoreLogin, ConnectionsThatNeverLogInAreClosed) {
  ServerConfig config;
  config.limits.login_timeout = 1000ms;
  CoreHarness h(config);
  ConnectionId c = h.connect();
  h.advance(500ms);
  EXPECT_FALSE(h.closed(c));
  h.advance(600ms);
  EXPECT_TRUE(h.closed(c));
  auto r = h.take<Refused>(c);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->reason, Refusal::login_timeout);
}

// ---- rooms -------------------------------------------------------------------------------

TEST(LobbyCoreRooms, CreateListJoinReadyStartsTheGameWithAGenesisInSeatOrder) {
  CoreHarness h;
  Table t = start_game(h, 3, "risiko");
  for (const Player& p : t.players) {
    Transcript tr = follow(h, p.connection, t.room);
    EXPECT_EQ(tr.next_index().value, 1u);
    const Genesis& g = tr.genesis();
    EXPECT_EQ(g.game, "risiko");
    EXPECT_EQ(g.options, Bytes{9});
    ASSERT_EQ(g.seat_keys.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(g.seat_keys[i], t.players[i].identity.public_key());
    auto started = h.take<RoomState>(p.connection, [](const RoomState& s) { return s.phase == RoomPhase::started; });
    ASSERT_TRUE(started.has_value());
    EXPECT_EQ(started->session_id, g.session_id);
    EXPECT_EQ(started->entry_count.value, 1u);
  }
  // Two games never share a session id.
  Table u = start_game(h, 2);
  EXPECT_NE(follow(h, u.players[0].connection, u.room).session_id(),
            follow(h, t.players[0].connection, t.room).session_id());
}

TEST(LobbyCoreRooms, ListShowsPublicRoomsByGameWithPaging) {
  ServerConfig config;
  config.limits.max_rooms_per_player = 200;
  CoreHarness h(config);
  Player p = login(h);
  for (int i = 0; i < 105; ++i) h.send(p.connection, CreateRoom{p.next(), i % 2 ? "chess" : "gunjin", 2, {}, Visibility::public_room, {}});
  h.send(p.connection, CreateRoom{p.next(), "chess", 2, {}, Visibility::invite_only, {}});
  Player q = login(h);
  RequestId all = q.next();
  h.send(q.connection, ListRooms{all, "", RoomId{0}});
  auto page = h.take<RoomList>(q.connection);
  ASSERT_TRUE(page.has_value());
  EXPECT_EQ(page->rooms.size(), kMaxRoomsPerList);
  EXPECT_TRUE(page->more);
  h.send(q.connection, ListRooms{q.next(), "", page->rooms.back().room});
  auto rest = h.take<RoomList>(q.connection);
  EXPECT_EQ(rest->rooms.size(), 5u);  // the invite-only room is not listed
  EXPECT_FALSE(rest->more);
  h.send(q.connection, ListRooms{q.next(), "chess", RoomId{0}});
  auto chess = h.take<RoomList>(q.connection);
  EXPECT_EQ(chess->rooms.size(), 52u);
  for (const RoomSummary& s : chess->rooms) {
    EXPECT_EQ(s.game, "chess");
    EXPECT_EQ(s.seated(), 1);
  }
}

TEST(LobbyCoreRooms, InviteOnlyRoomsNeedTheirCode) {
  CoreHarness h;
  Player host = login(h);
  RequestId create = host.next();
  h.send(host.connection, CreateRoom{create, "gunjin", 2, {}, Visibility::invite_only, {}});
  auto state = h.take<RoomState>(host.connection, [&](const RoomState& s) { return s.request == create; });
  ASSERT_TRUE(state.has_value());
  EXPECT_TRUE(is_valid_invite_code(state->invite_code));
  Player guest = login(h);
  RequestId by_id = guest.next();
  h.send(guest.connection, JoinRoom{by_id, state->room, {}, Role::player});
  EXPECT_EQ(h.refusal(guest.connection, by_id)->reason, Refusal::wrong_invite_code);
  RequestId wrong = guest.next();
  h.send(guest.connection, JoinRoom{wrong, RoomId{0}, "aaaaaaaaaa", Role::player});
  EXPECT_EQ(h.refusal(guest.connection, wrong)->reason, Refusal::wrong_invite_code);
  RequestId right = guest.next();
  h.send(guest.connection, JoinRoom{right, RoomId{0}, state->invite_code, Role::player});
  auto joined = h.take<RoomState>(guest.connection, [&](const RoomState& s) { return s.request == right; });
  ASSERT_TRUE(joined.has_value());
  EXPECT_EQ(joined->room, state->room);
  EXPECT_TRUE(joined->seats[1].key == guest.identity.public_key());
}

TEST(LobbyCoreRooms, JoinRefusals) {
  CoreHarness h;
  Table t = start_game(h, 2);
  Player late = login(h);
  RequestId started = late.next();
  h.send(late.connection, JoinRoom{started, t.room, {}, Role::player});
  EXPECT_EQ(h.refusal(late.connection, started)->reason, Refusal::game_started);
  RequestId missing = late.next();
  h.send(late.connection, JoinRoom{missing, RoomId{999}, {}, Role::player});
  EXPECT_EQ(h.refusal(late.connection, missing)->reason, Refusal::no_such_room);

  Player a = login(h);
  RequestId create = a.next();
  h.send(a.connection, CreateRoom{create, "chess", 2, {}, Visibility::public_room, {}});
  RoomId room = h.take<RoomState>(a.connection, [&](const RoomState& s) { return s.request == create; })->room;
  RequestId twice = a.next();
  h.send(a.connection, JoinRoom{twice, room, {}, Role::spectator});
  EXPECT_EQ(h.refusal(a.connection, twice)->reason, Refusal::already_in_room);
  Player b = login(h);
  h.send(b.connection, JoinRoom{b.next(), room, {}, Role::player});
  Player c = login(h);
  RequestId full = c.next();
  h.send(c.connection, JoinRoom{full, room, {}, Role::player});
  EXPECT_EQ(h.refusal(c.connection, full)->reason, Refusal::room_full);
  RequestId bad_game = c.next();
  h.send(c.connection, CreateRoom{bad_game, "Chess!", 2, {}, Visibility::public_room, {}});
  EXPECT_EQ(h.refusal(c.connection, bad_game)->reason, Refusal::bad_room_parameters);
  RequestId not_member = c.next();
  h.send(c.connection, SetReady{not_member, room, true});
  EXPECT_EQ(h.refusal(c.connection, not_member)->reason, Refusal::not_a_member);
  h.send(c.connection, JoinRoom{c.next(), room, {}, Role::spectator});
  RequestId spectator_ready = c.next();
  h.send(c.connection, SetReady{spectator_ready, room, true});
  EXPECT_EQ(h.refusal(c.connection, spectator_ready)->reason, Refusal::not_a_seat);
}

TEST(LobbyCoreRooms, LeavingAWaitingRoomFreesTheSeatAndAnEmptyRoomCloses) {
  CoreHarness h;
  Player a = login(h);
  RequestId create = a.next();
  h.send(a.connection, CreateRoom{create, "chess", 2, {}, Visibility::public_room, {}});
  RoomId room = h.take<RoomState>(a.connection, [&](const RoomState& s) { return s.request == create; })->room;
  Player b = login(h);
  h.send(b.connection, JoinRoom{b.next(), room, {}, Role::player});
  h.clear(a.connection);
  RequestId leave = b.next();
  h.send(b.connection, LeaveRoom{leave, room});
  EXPECT_TRUE(h.take<Done>(b.connection).has_value());
  auto update = h.take<RoomState>(a.connection);
  ASSERT_TRUE(update.has_value());
  EXPECT_FALSE(update->seats[1].key.has_value());
  h.send(a.connection, LeaveRoom{a.next(), room});
  RequestId join = b.next();
  h.send(b.connection, JoinRoom{join, room, {}, Role::player});
  EXPECT_EQ(h.refusal(b.connection, join)->reason, Refusal::no_such_room);
}

TEST(LobbyCoreRooms, ADroppedPlayerKeepsAWaitingSeatForTheGracePeriod) {
  ServerConfig config;
  config.limits.seat_grace = 10'000ms;
  CoreHarness h(config);
  Player a = login(h);
  RequestId create = a.next();
  h.send(a.connection, CreateRoom{create, "chess", 2, {}, Visibility::public_room, {}});
  RoomId room = h.take<RoomState>(a.connection, [&](const RoomState& s) { return s.request == create; })->room;
  Player b = login(h, "b");
  h.send(b.connection, JoinRoom{b.next(), room, {}, Role::player});
  h.disconnect(b.connection);
  h.advance(5000ms);
  // b comes back on a new connection and gets the same seat.
  Player b2 = testing::login_again(h, b.identity, "b");
  auto welcome = h.take<Welcome>(b2.connection);
  ASSERT_EQ(welcome->seated_rooms.size(), 1u);
  EXPECT_EQ(welcome->seated_rooms[0], room);
  RequestId back = b2.next();
  h.send(b2.connection, JoinRoom{back, room, {}, Role::player});
  auto state = h.take<RoomState>(b2.connection, [&](const RoomState& s) { return s.request == back; });
  ASSERT_TRUE(state.has_value());
  EXPECT_TRUE(state->seats[1].key == b.identity.public_key());
  EXPECT_TRUE(state->seats[1].connected);
  // Dropped again, and this time the grace runs out: the seat is free.
  h.disconnect(b2.connection);
  h.advance(11'000ms);
  Player c = login(h);
  RequestId join = c.next();
  h.send(c.connection, JoinRoom{join, room, {}, Role::player});
  auto taken = h.take<RoomState>(c.connection, [&](const RoomState& s) { return s.request == join; });
  ASSERT_TRUE(taken.has_value());
  EXPECT_TRUE(taken->seats[1].key == c.identity.public_key());
}

TEST(LobbyCoreRooms, ChatIsSanitisedAndReachesEveryMember) {
  CoreHarness h;
  Table t = start_game(h, 2);
  Player watcher = login(h, "watcher");
  h.send(watcher.connection, JoinRoom{watcher.next(), t.room, {}, Role::spectator});
  RequestId say = watcher.next();
  h.send(watcher.connection, Chat{say, t.room, "  good\x1b[31m luck  "});
  for (ConnectionId c : {t.players[0].connection, t.players[1].connection, watcher.connection}) {
    auto line = h.take<ChatLine>(c);
    ASSERT_TRUE(line.has_value());
    EXPECT_EQ(line->text, "good[31m luck");
    EXPECT_EQ(line->role, Role::spectator);
    EXPECT_EQ(line->from, watcher.identity.public_key());
    EXPECT_EQ(line->name, "watcher");
  }
  RequestId bad = watcher.next();
  h.send(watcher.connection, Chat{bad, t.room, "\xff"});
  EXPECT_EQ(h.refusal(watcher.connection, bad)->reason, Refusal::bad_chat_text);
}

// ---- quick match -------------------------------------------------------------------------

TEST(LobbyCoreQuickMatch, FillsRoomsOfTwoAndSixInQueueOrder) {
  CoreHarness h;
  for (std::uint8_t seats : {std::uint8_t{2}, std::uint8_t{6}}) {
    std::vector<Player> players;
    for (int i = 0; i < seats + 1; ++i) players.push_back(login(h));
    for (int i = 0; i < seats + 1; ++i) {
      RequestId q = players[i].next();
      h.send(players[i].connection, QuickMatch{q, "gunjin", seats});
      auto queued = h.take<Queued>(players[i].connection);
      ASSERT_TRUE(queued.has_value());
      EXPECT_EQ(queued->waiting, i < seats ? i + 1 : 1);
    }
    auto state = h.take<RoomState>(players[0].connection, [](const RoomState& s) { return s.phase == RoomPhase::started; });
    ASSERT_TRUE(state.has_value());
    Transcript t = follow(h, players[0].connection, state->room);
    ASSERT_EQ(t.genesis().seat_keys.size(), seats);
    for (int i = 0; i < seats; ++i) EXPECT_EQ(t.genesis().seat_keys[i], players[i].identity.public_key());
    // The last player waits for the next match and can leave the queue.
    EXPECT_TRUE(h.entries(players[seats].connection, state->room).empty());
    RequestId again = players[seats].next();
    h.send(players[seats].connection, QuickMatch{again, "gunjin", seats});
    EXPECT_EQ(h.refusal(players[seats].connection, again)->reason, Refusal::already_queued);
    h.send(players[seats].connection, LeaveQueue{players[seats].next()});
    EXPECT_TRUE(h.take<Done>(players[seats].connection).has_value());
    RequestId none = players[seats].next();
    h.send(players[seats].connection, LeaveQueue{none});
    EXPECT_EQ(h.refusal(players[seats].connection, none)->reason, Refusal::not_queued);
  }
}

TEST(LobbyCoreQuickMatch, ADisconnectedPlayerLeavesTheQueue) {
  CoreHarness h;
  Player a = login(h);
  Player b = login(h);
  Player c = login(h);
  h.send(a.connection, QuickMatch{a.next(), "chess", 2});
  h.disconnect(a.connection);
  h.send(b.connection, QuickMatch{b.next(), "chess", 2});
  EXPECT_EQ(h.take<Queued>(b.connection)->waiting, 1);
  h.send(c.connection, QuickMatch{c.next(), "chess", 2});
  auto state = h.take<RoomState>(c.connection, [](const RoomState& s) { return s.phase == RoomPhase::started; });
  ASSERT_TRUE(state.has_value());
  EXPECT_TRUE(state->seats[0].key == b.identity.public_key());
}

// ---- relay -------------------------------------------------------------------------------

TEST(LobbyCoreRelay, PostsBecomeSignedEntriesForEveryMemberInOneOrder) {
  CoreHarness h;
  Table t = start_game(h, 2);
  Player watcher = login(h);
  h.send(watcher.connection, JoinRoom{watcher.next(), t.room, {}, Role::spectator});
  Transcript tr = follow(h, t.players[0].connection, t.room);
  for (int round = 0; round < 5; ++round) {
    for (std::uint8_t s = 0; s < 2; ++s) {
      Player& p = t.players[s];
      Transcript mine = follow(h, p.connection, t.room);
      h.send(p.connection, make_post(p, mine, t.room, s, "move " + std::to_string(round), p.next()));
    }
  }
  Transcript a = follow(h, t.players[0].connection, t.room);
  Transcript b = follow(h, t.players[1].connection, t.room);
  EXPECT_EQ(a.next_index().value, 11u);
  EXPECT_EQ(a.head_hash(), b.head_hash());
  // The spectator joined after the genesis: it fetches the start and then has the same chain.
  RequestId fetch = watcher.next();
  h.send(watcher.connection, FetchEntries{fetch, t.room, EntryIndex{0}});
  auto end = h.take<EntriesEnd>(watcher.connection);
  ASSERT_TRUE(end.has_value());
  EXPECT_EQ(end->next.value, 11u);
  EXPECT_EQ(end->entry_count.value, 11u);
  std::vector<SignedEntry> seen = h.entries(watcher.connection, t.room);
  // Pushed entries 1..10 first, then the fetched 0..10.
  ASSERT_EQ(seen.size(), 21u);
  std::vector<SignedEntry> fetched(seen.begin() + 10, seen.end());
  auto w = Transcript::start(h.lobby().public_key(), fetched[0]);
  ASSERT_TRUE(w.ok());
  for (std::size_t i = 1; i < fetched.size(); ++i) ASSERT_TRUE(w->append(fetched[i]).ok());
  EXPECT_EQ(w->head_hash(), a.head_hash());
}

TEST(LobbyCoreRelay, EveryBadPostIsRefusedWithItsReason) {
  CoreHarness h;
  Table t = start_game(h, 2);
  Player& p0 = t.players[0];
  Player& p1 = t.players[1];
  Transcript tr = follow(h, p0.connection, t.room);
  auto expect = [&](Player& who, Post post, Refusal reason) {
    h.send(who.connection, post);
    auto r = h.refusal(who.connection, post.request);
    ASSERT_TRUE(r.has_value()) << describe(reason);
    EXPECT_EQ(r->reason, reason) << r->detail;
  };
  expect(p0, make_post(p0, tr, RoomId{77}, 0, "x", p0.next()), Refusal::no_such_room);
  expect(p0, make_post(p0, tr, t.room, 1, "x", p0.next()), Refusal::wrong_seat);
  expect(p0, make_post(p1, tr, t.room, 0, "x", p0.next()), Refusal::bad_envelope_signature);

  Post other_session = make_post(p0, tr, t.room, 0, "x", p0.next());
  other_session.envelope.envelope.session_id.bytes[3] ^= 1;
  other_session.envelope = sign_envelope(p0.identity, other_session.envelope.envelope);
  expect(p0, other_session, Refusal::wrong_session);

  Post future = make_post(p0, tr, t.room, 0, "x", p0.next());
  future.envelope.envelope.seen_index = EntryIndex{5};
  future.envelope = sign_envelope(p0.identity, future.envelope.envelope);
  expect(p0, future, Refusal::bad_seen_entry);

  Post wrong_hash = make_post(p0, tr, t.room, 0, "x", p0.next());
  wrong_hash.envelope.envelope.seen_hash[0] ^= 1;
  wrong_hash.envelope = sign_envelope(p0.identity, wrong_hash.envelope.envelope);
  expect(p0, wrong_hash, Refusal::bad_seen_entry);

  Player outsider = login(h);
  expect(outsider, make_post(outsider, tr, t.room, 0, "x", outsider.next()), Refusal::not_a_seat);
  h.send(outsider.connection, JoinRoom{outsider.next(), t.room, {}, Role::spectator});
  expect(outsider, make_post(outsider, tr, t.room, 0, "x", outsider.next()), Refusal::not_a_seat);

  Player waiting = login(h);
  RequestId create = waiting.next();
  h.send(waiting.connection, CreateRoom{create, "chess", 2, {}, Visibility::public_room, {}});
  RoomId not_started = h.take<RoomState>(waiting.connection, [&](const RoomState& s) { return s.request == create; })->room;
  expect(waiting, make_post(waiting, tr, not_started, 0, "x", waiting.next()), Refusal::not_started);

  // Nothing of this reached the transcript.
  EXPECT_EQ(follow(h, p1.connection, t.room).next_index().value, 1u);
}

TEST(LobbyCoreRelay, SeenHashesOlderThanTheMemoryWindowAreCheckedAgainstTheDatabase) {
  ServerConfig config;
  config.limits.message_burst = 5000;
  CoreHarness h(config);
  Table t = start_game(h, 2);
  Player& p0 = t.players[0];
  Transcript tr = follow(h, p0.connection, t.room);
  std::vector<NetworkEvent> batch;
  std::vector<Bytes> posts;
  for (int i = 0; i < 1100; ++i) posts.push_back(encode(ClientMessage{make_post(p0, tr, t.room, 0, std::to_string(i), p0.next())}));
  for (const Bytes& b : posts) batch.push_back(NetworkEvent{NetworkEvent::Kind::received, p0.connection, 0, b});
  h.run(batch);
  std::vector<SignedEntry> stored = h.entries(p0.connection, t.room);
  ASSERT_EQ(stored.size(), 1101u);
  for (std::size_t i = 1; i < stored.size(); ++i) ASSERT_TRUE(tr.append(stored[i]).ok());
  // Seen entry 0 (the genesis, which the lobby keeps once it has read it) and entry 5, both far
  // behind the window of recent hashes; each right, then wrong, then right again.
  for (EntryIndex seen : {EntryIndex{0}, EntryIndex{5}}) {
    SCOPED_TRACE(seen.value);
    Envelope e{tr.session_id(), game::Seat{0}, seen, tr.hash_at(seen), EnvelopeKind{1}, {1}};
    RequestId ok = p0.next();
    h.send(p0.connection, Post{ok, t.room, sign_envelope(p0.identity, e)});
    EXPECT_FALSE(h.refusal(p0.connection, ok).has_value());
    e.seen_hash[1] ^= 1;
    RequestId bad = p0.next();
    h.send(p0.connection, Post{bad, t.room, sign_envelope(p0.identity, e)});
    EXPECT_EQ(h.refusal(p0.connection, bad)->reason, Refusal::bad_seen_entry);
    e.seen_hash[1] ^= 1;
    RequestId again = p0.next();
    h.send(p0.connection, Post{again, t.room, sign_envelope(p0.identity, e)});
    EXPECT_FALSE(h.refusal(p0.connection, again).has_value());
  }
}

TEST(LobbyCoreRelay, FetchAnswersInPagesAndEndsWithTheCount) {
  ServerConfig config;
  config.limits.message_burst = 5000;
  CoreHarness h(config);
  Table t = start_game(h, 2);
  Player& p0 = t.players[0];
  Transcript tr = follow(h, p0.connection, t.room);
  std::vector<Bytes> posts;
  for (int i = 0; i < 300; ++i) posts.push_back(encode(ClientMessage{make_post(p0, tr, t.room, 0, "m", p0.next())}));
  std::vector<NetworkEvent> batch;
  for (const Bytes& b : posts) batch.push_back(NetworkEvent{NetworkEvent::Kind::received, p0.connection, 0, b});
  h.run(batch);
  h.clear(p0.connection);
  h.send(p0.connection, FetchEntries{p0.next(), t.room, EntryIndex{10}});
  auto end = h.take<EntriesEnd>(p0.connection);
  ASSERT_TRUE(end.has_value());
  EXPECT_EQ(end->next.value, 10u + 256u);
  EXPECT_EQ(end->entry_count.value, 301u);
  auto got = h.entries(p0.connection, t.room);
  ASSERT_EQ(got.size(), 256u);
  EXPECT_EQ(got.front().entry.index.value, 10u);
  EXPECT_EQ(got.back().entry.index.value, 265u);
  h.clear(p0.connection);
  h.send(p0.connection, FetchEntries{p0.next(), t.room, EntryIndex{5000}});
  end = h.take<EntriesEnd>(p0.connection);
  EXPECT_EQ(end->next.value, 301u);
}

TEST(LobbyCoreRelay, EntriesNotYetCommittedAreServedFromMemory) {
  CoreHarness h;
  Table t = start_game(h, 2);
  Player& p0 = t.players[0];
  Player watcher = login(h);
  h.send(watcher.connection, JoinRoom{watcher.next(), t.room, {}, Role::spectator});
  Transcript tr = follow(h, p0.connection, t.room);
  h.clear(watcher.connection);
  // Two rounds of posts and then a fetch, none committed yet (the writer thread is behind).
  Bytes a = encode(ClientMessage{make_post(p0, tr, t.room, 0, "a", p0.next())});
  Bytes b = encode(ClientMessage{make_post(p0, tr, t.room, 0, "b", p0.next())});
  Bytes fetch = encode(ClientMessage{FetchEntries{watcher.next(), t.room, EntryIndex{0}}});
  h.run_uncommitted({NetworkEvent{NetworkEvent::Kind::received, p0.connection, 0, a}});
  h.run_uncommitted({NetworkEvent{NetworkEvent::Kind::received, p0.connection, 0, b}});
  h.run_uncommitted({NetworkEvent{NetworkEvent::Kind::received, watcher.connection, 0, fetch}});
  EXPECT_TRUE(h.inbox(watcher.connection).empty());  // nothing is sent before its commit
  h.commit_held();
  auto end = h.take<EntriesEnd>(watcher.connection);
  ASSERT_TRUE(end.has_value());
  EXPECT_EQ(end->next.value, 3u);
  // Pushed 1 and 2, then the fetch's 0, 1, 2 (0 from the database, 1 and 2 from memory).
  auto got = h.entries(watcher.connection, t.room);
  ASSERT_EQ(got.size(), 5u);
  EXPECT_EQ(got[2].entry.index.value, 0u);
  EXPECT_TRUE(got[3] == got[0]);
  EXPECT_TRUE(got[4] == got[1]);
}

TEST(LobbyCoreRelay, VerifyThreadsGiveTheSameOutcome) {
  ServerConfig config;
  config.verify_threads = 2;
  config.limits.message_burst = 1000;
  CoreHarness h(config);
  Table t = start_game(h, 2);
  Player& p0 = t.players[0];
  Player& p1 = t.players[1];
  Transcript tr = follow(h, p0.connection, t.room);
  std::vector<Bytes> posts;
  std::vector<RequestId> forged;
  for (int i = 0; i < 64; ++i) {
    bool forge = i % 5 == 0;
    RequestId r = p0.next();
    if (forge) forged.push_back(r);
    posts.push_back(encode(ClientMessage{make_post(forge ? p1 : p0, tr, t.room, 0, "m", r)}));
  }
  std::vector<NetworkEvent> batch;
  for (const Bytes& b : posts) batch.push_back(NetworkEvent{NetworkEvent::Kind::received, p0.connection, 0, b});
  h.run(batch);
  for (RequestId r : forged) EXPECT_EQ(h.refusal(p0.connection, r)->reason, Refusal::bad_envelope_signature);
  EXPECT_EQ(follow(h, p1.connection, t.room).next_index().value, 1u + 64u - forged.size());
}

// ---- presence ----------------------------------------------------------------------------

TEST(LobbyCorePresence, DisconnectReconnectAndLeaveAreTranscriptEntries) {
  CoreHarness h;
  Table t = start_game(h, 2);
  Player& p0 = t.players[0];
  Player& p1 = t.players[1];
  h.disconnect(p1.connection);
  Player back = testing::login_again(h, p1.identity, "p1");
  EXPECT_EQ(h.take<Welcome>(back.connection)->seated_rooms, std::vector<RoomId>{t.room});
  h.send(back.connection, JoinRoom{back.next(), t.room, {}, Role::player});
  h.send(p0.connection, LeaveRoom{p0.next(), t.room});

  std::vector<SignedEntry> seen = h.entries(p1.connection, t.room);
  ASSERT_EQ(seen.size(), 1u);  // genesis, then p1 was gone
  Transcript full = follow(h, p0.connection, t.room);
  ASSERT_EQ(full.next_index().value, 4u);
  auto presence = [&](std::size_t i) { return std::get<Presence>(full.entries()[i].entry.payload); };
  EXPECT_EQ(presence(1), (Presence{game::Seat{1}, PresenceEvent::disconnected}));
  EXPECT_EQ(presence(2), (Presence{game::Seat{1}, PresenceEvent::reconnected}));
  EXPECT_EQ(presence(3), (Presence{game::Seat{0}, PresenceEvent::left}));
}

TEST(LobbyCorePresence, WhenEverySeatHasLeftTheRoomClosesAndSpectatorsAreTold) {
  CoreHarness h;
  Table t = start_game(h, 2);
  Player watcher = login(h);
  h.send(watcher.connection, JoinRoom{watcher.next(), t.room, {}, Role::spectator});
  h.send(t.players[0].connection, LeaveRoom{t.players[0].next(), t.room});
  h.send(t.players[1].connection, LeaveRoom{t.players[1].next(), t.room});
  auto closed = h.take<RoomState>(watcher.connection, [](const RoomState& s) { return s.phase == RoomPhase::closed; });
  ASSERT_TRUE(closed.has_value());
  EXPECT_EQ(closed->entry_count.value, 3u);
  RequestId fetch = watcher.next();
  h.send(watcher.connection, FetchEntries{fetch, t.room, EntryIndex{0}});
  EXPECT_EQ(h.refusal(watcher.connection, fetch)->reason, Refusal::not_a_member);
}

TEST(LobbyCorePresence, ARoomNobodyComesBackToClosesAfterTheIdleLimit) {
  ServerConfig config;
  config.limits.idle_room_close = 60'000ms;
  CoreHarness h(config);
  Table t = start_game(h, 2);
  h.disconnect(t.players[0].connection);
  h.advance(30'000ms);
  h.disconnect(t.players[1].connection);
  h.advance(59'000ms);
  EXPECT_EQ(h.core().status(h.now()).rooms_started, 1u);
  h.advance(2'000ms);
  EXPECT_EQ(h.core().status(h.now()).rooms_started, 0u);
}

// ---- the log archive's sink -----------------------------------------------------------

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A started room whose seats have left: closed and committed, ready for the archive.
RoomId closed_room(CoreHarness& h) {
  Table t = start_game(h, 2);
  for (Player& p : t.players) h.send(p.connection, LeaveRoom{p.next(), t.room});
  EXPECT_EQ(h.core().status(h.now()).rooms_started, 0u);
  return t.room;
}

TEST(LobbyLogArchive, ASinkThatFailsOrThrowsLeavesTheFileAndTheRoomIsOfferedAgainAtTheNextStart) {
  CoreHarness h;
  RoomId room = closed_room(h);
  const auto dir = h.config().database.parent_path() / "logs";
  std::vector<std::string> lines;
  auto logger = [&](std::string_view line) { lines.emplace_back(line); };
  int calls = 0;
  std::string handed;
  auto sink = [&](bool succeed) {
    return [&, succeed](RoomId r, std::span<const std::uint8_t> log) -> LogSinkOutcome {
      ++calls;
      EXPECT_EQ(r, room);
      handed.assign(log.begin(), log.end());
      if (calls == 1) throw std::runtime_error("the archive went away");
      if (!succeed) return {false, "locked"};
      return {true, "game 7, verified"};
    };
  };
  const std::string expected_line = "room " + std::to_string(room.value) + " not stored in the archive: ";
  {
    // First start: the room has no file yet; it is written, then the sink throws.
    auto archive = LogArchive::open(h.config().database, dir, h.lobby().public_key(), logger, sink(false));
    ASSERT_TRUE(archive.ok());
    (*archive)->drain();
  }
  EXPECT_EQ(calls, 1);
  ASSERT_TRUE(std::filesystem::exists(LogArchive::file_for(dir, room)));
  EXPECT_EQ(handed, read_file(LogArchive::file_for(dir, room)));
  EXPECT_FALSE(std::filesystem::exists(LogArchive::ledger_for(dir)));
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), expected_line + "the archive went away; its log stays in " +
                              LogArchive::file_for(dir, room).string() + " and is offered again at the next start");
  {
    // Second start: the file exists, the sink has not taken it; offered again, refused again.
    auto archive = LogArchive::open(h.config().database, dir, h.lobby().public_key(), logger, sink(false));
    ASSERT_TRUE(archive.ok());
    (*archive)->drain();
  }
  EXPECT_EQ(calls, 2);
  EXPECT_TRUE(lines.back().starts_with(expected_line + "locked;")) << lines.back();
  EXPECT_FALSE(std::filesystem::exists(LogArchive::ledger_for(dir)));
  {
    // Third start: taken, and recorded in the ledger.
    auto archive = LogArchive::open(h.config().database, dir, h.lobby().public_key(), logger, sink(true));
    ASSERT_TRUE(archive.ok());
    (*archive)->drain();
  }
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(handed, read_file(LogArchive::file_for(dir, room)));
  EXPECT_EQ(lines.back(), "room " + std::to_string(room.value) + " stored in the archive: game 7, verified");
  EXPECT_EQ(read_file(LogArchive::ledger_for(dir)), std::to_string(room.value) + "\n");
  {
    // Fourth start: nothing to offer. Without a sink, nothing either (the file is there).
    auto archive = LogArchive::open(h.config().database, dir, h.lobby().public_key(), logger, sink(true));
    ASSERT_TRUE(archive.ok());
    (*archive)->drain();
    auto plain = LogArchive::open(h.config().database, dir, h.lobby().public_key(), logger);
    ASSERT_TRUE(plain.ok());
    (*plain)->drain();
  }
  EXPECT_EQ(calls, 3);
}

TEST(LobbyLogArchive, ATornLedgerLineIsIgnoredSoThatRoomIsOfferedAgain) {
  CoreHarness h;
  RoomId room = closed_room(h);
  const auto dir = h.config().database.parent_path() / "logs";
  std::filesystem::create_directories(dir);
  std::ofstream(LogArchive::ledger_for(dir)) << "999\n" << room.value << "x";  // a crash mid-line
  int calls = 0;
  auto archive = LogArchive::open(h.config().database, dir, h.lobby().public_key(), nullptr,
                                  [&](RoomId, std::span<const std::uint8_t>) {
                                    ++calls;
                                    return LogSinkOutcome{true, "already archived as game 0"};
                                  });
  ASSERT_TRUE(archive.ok());
  (*archive)->drain();
  EXPECT_EQ(calls, 1);
  archive->reset();
  EXPECT_EQ(read_file(LogArchive::ledger_for(dir)), "999\n" + std::to_string(room.value) + "x\n" + std::to_string(room.value) + "\n");
  // The room has a line of its own now: not offered again.
  auto again = LogArchive::open(h.config().database, dir, h.lobby().public_key(), nullptr,
                                [&](RoomId, std::span<const std::uint8_t>) {
                                  ++calls;
                                  return LogSinkOutcome{true, ""};
                                });
  ASSERT_TRUE(again.ok());
  (*again)->drain();
  EXPECT_EQ(calls, 1);
}

// ---- crash and restart -------------------------------------------------------------------

TEST(LobbyCoreRestart, ACrashLosesNothingAndPresentSeatsAreMarkedDisconnected) {
  CoreHarness h;
  Table t = start_game(h, 2);
  Player& p0 = t.players[0];
  Transcript tr = follow(h, p0.connection, t.room);
  h.send(p0.connection, make_post(p0, tr, t.room, 0, "e2e4", p0.next()));
  Player lone = login(h);
  RequestId create = lone.next();
  h.send(lone.connection, CreateRoom{create, "gunjin", 2, {5}, Visibility::invite_only, {}});
  auto waiting = h.take<RoomState>(lone.connection, [&](const RoomState& s) { return s.request == create; });
  Transcript before = follow(h, p0.connection, t.room);
  ASSERT_EQ(before.next_index().value, 2u);

  h.crash();
  h.reopen();
  StatusReport s = h.core().status(h.now());
  EXPECT_EQ(s.rooms_started, 1u);
  EXPECT_EQ(s.rooms_waiting, 1u);

  // p0 comes back, resumes its seat and fetches from where it was.
  Player again = testing::login_again(h, p0.identity, "p0");
  EXPECT_EQ(h.take<Welcome>(again.connection)->seated_rooms, std::vector<RoomId>{t.room});
  h.send(again.connection, JoinRoom{again.next(), t.room, {}, Role::player});
  h.send(again.connection, FetchEntries{again.next(), t.room, before.next_index()});
  // The reconnected entry is pushed before the fetch answer: order them by index.
  Transcript resumed = before;
  std::map<std::uint64_t, SignedEntry> arrived;
  for (const SignedEntry& e : h.entries(again.connection, t.room)) arrived.emplace(e.entry.index.value, e);
  for (const auto& [index, e] : arrived) {
    auto r = resumed.append(e);
    ASSERT_TRUE(r.ok()) << index << ": " << describe(r.error());
  }
  // 2: disconnected ×2 by the restart, then p0 reconnected.
  ASSERT_EQ(resumed.next_index().value, 5u);
  EXPECT_EQ(std::get<Presence>(resumed.entries()[2].entry.payload), (Presence{game::Seat{0}, PresenceEvent::disconnected}));
  EXPECT_EQ(std::get<Presence>(resumed.entries()[3].entry.payload), (Presence{game::Seat{1}, PresenceEvent::disconnected}));
  EXPECT_EQ(std::get<Presence>(resumed.entries()[4].entry.payload), (Presence{game::Seat{0}, PresenceEvent::reconnected}));
  // The game goes on.
  RequestId post = again.next();
  h.send(again.connection, make_post(again, resumed, t.room, 0, "e7e5?", post));
  EXPECT_FALSE(h.refusal(again.connection, post).has_value());

  // The invite-only waiting room came back with its code and its seat.
  Player guest = login(h);
  RequestId join = guest.next();
  h.send(guest.connection, JoinRoom{join, RoomId{0}, waiting->invite_code, Role::player});
  auto joined = h.take<RoomState>(guest.connection, [&](const RoomState& x) { return x.request == join; });
  ASSERT_TRUE(joined.has_value());
  EXPECT_EQ(joined->options, Bytes{5});
  EXPECT_TRUE(joined->seats[0].key == lone.identity.public_key());
  EXPECT_FALSE(joined->seats[0].connected);
}

TEST(LobbyCoreRestart, ACleanShutdownWritesThePresenceEntriesItself) {
  CoreHarness h;
  Table t = start_game(h, 2);
  h.shut_down();
  for (const Player& p : t.players) {
    EXPECT_EQ(h.take<Refused>(p.connection)->reason, Refusal::shutting_down);
    EXPECT_TRUE(h.closed(p.connection));
  }
  Transcript tr = follow(h, t.players[0].connection, t.room);
  EXPECT_EQ(tr.next_index().value, 3u);
  h.crash();
  h.reopen();
  // Nothing more to mark: the shutdown did it.
  Player p0 = testing::login_again(h, t.players[0].identity, "p0");
  h.send(p0.connection, JoinRoom{p0.next(), t.room, {}, Role::player});
  auto state = h.take<RoomState>(p0.connection);
  EXPECT_EQ(state->entry_count.value, 3u);
}

TEST(LobbyCoreRestart, ASecondLobbyCannotOpenTheSameDatabase) {
  CoreHarness h;
  auto second = Storage::open(h.config().database, SyncMode::full);
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.error().kind, StorageError::Kind::locked);
}

// ---- limits ------------------------------------------------------------------------------

TEST(LobbyCoreLimits, RateLimitRefusesThenDisconnectsAFlood) {
  ServerConfig config;
  config.limits.messages_per_second = 10;
  config.limits.message_burst = 5;
  config.limits.flood_disconnect_after = 20;
  CoreHarness h(config);
  Player p = login(h);  // 1 message
  std::vector<RequestId> ids;
  for (int i = 0; i < 10; ++i) {
    ids.push_back(p.next());
    h.send(p.connection, StatusQuery{ids.back()});
  }
  EXPECT_EQ(h.count<StatusReport>(p.connection), 4u);
  EXPECT_EQ(h.refusal(p.connection, ids.back())->reason, Refusal::rate_limited);
  h.advance(1000ms);  // refills
  RequestId later = p.next();
  h.send(p.connection, StatusQuery{later});
  EXPECT_TRUE(h.take<StatusReport>(p.connection, [&](const StatusReport& s) { return s.request == later; }).has_value());
  for (int i = 0; i < 40 && !h.closed(p.connection); ++i) h.send(p.connection, StatusQuery{p.next()});
  EXPECT_TRUE(h.closed(p.connection));
}

TEST(LobbyCoreLimits, ConnectionsPerAddressAndInAll) {
  ServerConfig config;
  config.limits.max_connections_per_address = 2;
  config.limits.max_connections = 3;
  CoreHarness h(config);
  ConnectionId a = h.connect(1);
  ConnectionId b = h.connect(1);
  EXPECT_FALSE(h.closed(a));
  EXPECT_FALSE(h.closed(b));
  // Over the cap, two connections may still ask for the status (the next test); a third is refused.
  ConnectionId over[] = {h.connect(1), h.connect(1)};
  for (ConnectionId o : over) EXPECT_FALSE(h.closed(o));
  ConnectionId c = h.connect(1);
  EXPECT_EQ(h.take<Refused>(c)->reason, Refusal::too_many_connections);
  EXPECT_TRUE(h.closed(c));
  for (ConnectionId o : over) h.disconnect(o);
  ConnectionId d = h.connect(2);
  ConnectionId e = h.connect(3);
  EXPECT_FALSE(h.closed(d));
  EXPECT_EQ(h.take<Refused>(e)->reason, Refusal::server_full);
  h.disconnect(a);
  ConnectionId f = h.connect(1);
  EXPECT_FALSE(h.closed(f));
}

// An operator whose address holds all its connections (a flood from it, a LAN party behind one
// router) still reads the figures: a connection over the cap is answered one status query, within
// its rate, and closed; anything else it sends is refused as the cap. Two such at a time per
// address, eight in all; they are not counted as connections.
TEST(LobbyCoreLimits, TheStatusIsAnsweredOverTheConnectionCapOfAnAddress) {
  ServerConfig config;
  config.limits.max_connections_per_address = 2;
  CoreHarness h(config);
  Player held[] = {login(h, "a", 7), login(h, "b", 7)};
  ConnectionId status = h.connect(7);
  ASSERT_FALSE(h.closed(status));
  h.send(status, StatusQuery{RequestId{5}});
  auto report = h.take<StatusReport>(status);
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->request, RequestId{5});
  EXPECT_EQ(report->connections, 2u);
  EXPECT_EQ(report->players_online, 2u);
  EXPECT_TRUE(h.closed(status));
  h.disconnect(status);

  // Over the cap, a login is refused as the cap was before.
  Player over;
  over.connection = h.connect_as(7, over.identity.public_key());
  ASSERT_FALSE(h.closed(over.connection));
  h.send(over.connection, Login{RequestId{1}, "c"});
  EXPECT_EQ(h.take<Refused>(over.connection)->reason, Refusal::too_many_connections);
  EXPECT_TRUE(h.closed(over.connection));
  h.disconnect(over.connection);

  // Two waiting at once from one address, the third refused at once; eight in all.
  std::vector<ConnectionId> waiting = {h.connect(7), h.connect(7)};
  ConnectionId third = h.connect(7);
  EXPECT_EQ(h.take<Refused>(third)->reason, Refusal::too_many_connections);
  EXPECT_TRUE(h.closed(third));
  for (std::uint32_t address = 100; address < 103; ++address) {
    login(h, "x", address);
    login(h, "y", address);
    waiting.push_back(h.connect(address));
    waiting.push_back(h.connect(address));
  }
  for (ConnectionId w : waiting) EXPECT_FALSE(h.closed(w)) << w.value;
  ASSERT_EQ(waiting.size(), 8u);
  login(h, "x", 200);
  login(h, "y", 200);
  EXPECT_EQ(h.take<Refused>(h.connect(200))->reason, Refusal::too_many_connections);
  // Still within the connection's rate: a flood of queries gets one answer, then the door.
  ConnectionId first = waiting.front();
  for (int i = 0; i < 3; ++i) h.send(first, StatusQuery{RequestId{10u + i}});
  EXPECT_EQ(h.count<StatusReport>(first), 1u);
  EXPECT_TRUE(h.closed(first));
  // Once gone, they leave their room to others; the held connections were never disturbed.
  for (ConnectionId w : waiting) h.disconnect(w);
  ConnectionId again = h.connect(7);
  EXPECT_FALSE(h.closed(again));
  for (Player& p : held) EXPECT_FALSE(h.closed(p.connection));
}

TEST(LobbyCoreLimits, RoomsPerPlayerSpectatedRoomsAndTranscriptSize) {
  ServerConfig config;
  config.limits.max_rooms_per_player = 2;
  config.limits.max_spectated_rooms = 1;
  config.limits.max_entries_per_room = 3;
  CoreHarness h(config);
  Player p = login(h);
  h.send(p.connection, CreateRoom{p.next(), "chess", 2, {}, Visibility::public_room, {}});
  h.send(p.connection, CreateRoom{p.next(), "chess", 2, {}, Visibility::public_room, {}});
  RequestId third = p.next();
  h.send(p.connection, CreateRoom{third, "chess", 2, {}, Visibility::public_room, {}});
  EXPECT_EQ(h.refusal(p.connection, third)->reason, Refusal::too_many_rooms);
  RequestId queue = p.next();
  h.send(p.connection, QuickMatch{queue, "chess", 2});
  EXPECT_EQ(h.refusal(p.connection, queue)->reason, Refusal::too_many_rooms);

  Table t = start_game(h, 2);
  Table u = start_game(h, 2);
  Player w = login(h);
  h.send(w.connection, JoinRoom{w.next(), t.room, {}, Role::spectator});
  RequestId second = w.next();
  h.send(w.connection, JoinRoom{second, u.room, {}, Role::spectator});
  EXPECT_EQ(h.refusal(w.connection, second)->reason, Refusal::too_many_spectated_rooms);

  Player& p0 = t.players[0];
  for (int i = 0; i < 2; ++i) {
    Transcript tr = follow(h, p0.connection, t.room);
    h.send(p0.connection, make_post(p0, tr, t.room, 0, "m", p0.next()));
  }
  Transcript tr = follow(h, p0.connection, t.room);
  EXPECT_EQ(tr.next_index().value, 3u);
  RequestId full = p0.next();
  h.send(p0.connection, make_post(p0, tr, t.room, 0, "m", full));
  EXPECT_EQ(h.refusal(p0.connection, full)->reason, Refusal::transcript_full);
}

TEST(LobbyCoreLimits, OversizedAndMalformedMessagesGetTypedRefusals) {
  ServerConfig config;
  config.limits.byte_burst = 16 * 1024 * 1024;
  CoreHarness h(config);
  Player p = login(h);
  Bytes huge(kMaxMessageBytes + 1, 0);
  huge[0] = static_cast<std::uint8_t>(WireTag::post);
  huge[1] = kWireVersion;
  huge[2] = 42;  // request id 42
  h.send_raw(p.connection, huge);
  auto r = h.refusal(p.connection, RequestId{42});
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->reason, Refusal::too_large);
  h.send_raw(p.connection, Bytes{static_cast<std::uint8_t>(WireTag::status_query), kWireVersion, 7, 0});
  EXPECT_EQ(h.take<Refused>(p.connection)->reason, Refusal::malformed);
  h.send_raw(p.connection, Bytes{static_cast<std::uint8_t>(WireTag::welcome), kWireVersion, 8, 0, 0, 0});
  EXPECT_EQ(h.refusal(p.connection, RequestId{8})->reason, Refusal::unknown_message);
  h.send_raw(p.connection, Bytes{static_cast<std::uint8_t>(WireTag::status_query), 9, 9, 0, 0, 0});
  EXPECT_EQ(h.refusal(p.connection, RequestId{9})->reason, Refusal::unsupported_version);
  h.send_raw(p.connection, Bytes{});
  EXPECT_EQ(h.take<Refused>(p.connection)->reason, Refusal::malformed);
}

TEST(LobbyCoreStatus, CountsRoomsSeatsSpectatorsQueuesAndEntries) {
  CoreHarness h;
  Table t = start_game(h, 3);
  Player w = login(h);
  h.send(w.connection, JoinRoom{w.next(), t.room, {}, Role::spectator});
  Player q = login(h);
  h.send(q.connection, QuickMatch{q.next(), "chess", 2});
  Player lone = login(h);
  h.send(lone.connection, CreateRoom{lone.next(), "chess", 4, {}, Visibility::invite_only, {}});
  RequestId ask = w.next();
  h.send(w.connection, StatusQuery{ask});
  auto s = h.take<StatusReport>(w.connection);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->request, ask);
  EXPECT_EQ(s->connections, 6u);
  EXPECT_EQ(s->players_online, 6u);
  EXPECT_EQ(s->rooms_started, 1u);
  EXPECT_EQ(s->rooms_waiting, 1u);
  EXPECT_EQ(s->seats_filled, 4u);
  EXPECT_EQ(s->spectators, 1u);
  EXPECT_EQ(s->queued_players, 1u);
  EXPECT_EQ(s->entries_total, 1u);
}

// ---- building blocks ---------------------------------------------------------------------

TEST(LobbyTokenBucket, RefillsAtItsRateUpToItsBurstAndCarriesDebts) {
  auto t0 = TokenBucket::Clock::now();
  TokenBucket b(10, 5, t0);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(b.try_take(1, t0));
  EXPECT_FALSE(b.try_take(1, t0));
  EXPECT_TRUE(b.try_take(1, t0 + 100ms));   // 0.1 s at 10/s = one token
  EXPECT_FALSE(b.try_take(1, t0 + 150ms));  // half a token
  EXPECT_TRUE(b.try_take(5, t0 + 10s));     // never more than the burst …
  EXPECT_FALSE(b.try_take(1, t0 + 10s));
  b.charge(20, t0 + 10s);                   // … but a debt is allowed
  EXPECT_FALSE(b.try_take(1, t0 + 11s));    // 10 refilled, 20 owed
  EXPECT_TRUE(b.try_take(1, t0 + 12100ms));
}

TEST(LobbyWorkerPool, RunsEveryItemExactlyOnce) {
  for (unsigned threads : {0u, 1u, 3u}) {
    WorkerPool pool(threads);
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{1000}}) {
      std::vector<std::atomic<int>> hits(n);
      pool.run(n, [&](std::size_t i) { hits[i].fetch_add(1); });
      for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(hits[i].load(), 1) << threads << " threads, item " << i;
    }
  }
}

}  // namespace
}  // namespace parley::lobby
