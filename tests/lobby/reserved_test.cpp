// Rooms whose seats are reserved to keys (docs/lobby.md, "Reserved seats"): an event's boards.
// Any other key at a reserved seat is refused with seat_reserved; the room waits for its players
// with nobody in it, across a restart, within its creator's bound and reserved_room_wait; a
// version-1 database opens and gains the column.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "tests/lobby/core_harness.hpp"

namespace parley::lobby {
namespace {

using namespace std::chrono_literals;
using testing::CoreHarness;
using testing::login;
using testing::login_again;
using testing::Player;

// The organizer's request for a room of `players.size()` seats reserved to their keys.
CreateRoom reserved_room(RequestId request, const std::vector<const Player*>& players,
                         Visibility visibility = Visibility::invite_only) {
  CreateRoom m{request, "chess", static_cast<std::uint8_t>(players.size()), {7}, visibility, {}};
  for (const Player* p : players) m.reserved.push_back(p->identity.public_key());
  return m;
}

std::optional<RoomState> answer(CoreHarness& h, Player& p, RequestId request) {
  return h.take<RoomState>(p.connection, [&](const RoomState& s) { return s.request == request; });
}

TEST(LobbyReservedSeats, EachSeatGoesToItsKeyAndAnyOtherKeyIsRefused) {
  CoreHarness h;
  Player organizer = login(h, "organizer"), white = login(h, "white"), black = login(h, "black"),
         stranger = login(h, "stranger");
  const RequestId create = organizer.next();
  h.send(organizer.connection, reserved_room(create, {&white, &black}));
  const auto made = answer(h, organizer, create);
  ASSERT_TRUE(made);
  EXPECT_TRUE(is_valid_invite_code(made->invite_code));
  for (const SeatInfo& s : made->seats) EXPECT_FALSE(s.key) << "the organizer takes no seat it is not given";

  // A stranger with the code, and the organizer itself, are refused: typed, seat_reserved.
  for (Player* p : {&stranger, &organizer}) {
    const RequestId join = p->next();
    h.send(p->connection, JoinRoom{join, RoomId{0}, made->invite_code, Role::player});
    auto refused = h.refusal(p->connection, join);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->reason, Refusal::seat_reserved);
  }
  // Watching is open to whoever has the code.
  const RequestId watch = stranger.next();
  h.send(stranger.connection, JoinRoom{watch, RoomId{0}, made->invite_code, Role::spectator});
  EXPECT_TRUE(answer(h, stranger, watch));

  // Black comes first and still gets seat 1, White seat 0.
  const RequestId black_join = black.next(), white_join = white.next();
  h.send(black.connection, JoinRoom{black_join, RoomId{0}, made->invite_code, Role::player});
  auto black_state = answer(h, black, black_join);
  ASSERT_TRUE(black_state);
  EXPECT_EQ(black_state->seats[1].key, black.identity.public_key());
  EXPECT_FALSE(black_state->seats[0].key);
  h.send(white.connection, JoinRoom{white_join, RoomId{0}, made->invite_code, Role::player});
  auto white_state = answer(h, white, white_join);
  ASSERT_TRUE(white_state);
  EXPECT_EQ(white_state->seats[0].key, white.identity.public_key());
  for (Player* p : {&white, &black}) h.send(p->connection, SetReady{p->next(), made->room, true});
  const auto entries = h.entries(white.connection, made->room);
  ASSERT_FALSE(entries.empty());
  const auto& genesis = std::get<Genesis>(entries.front().entry.payload);
  EXPECT_EQ(genesis.seat_keys, (std::vector{white.identity.public_key(), black.identity.public_key()}));
  EXPECT_EQ(genesis.options, Bytes{7});
}

TEST(LobbyReservedSeats, ARoomWaitsForItsPlayersWithNobodyInItAndAcrossARestart) {
  CoreHarness h;
  Player organizer = login(h, "organizer"), white = login(h, "white"), black = login(h, "black");
  const RequestId create = organizer.next();
  h.send(organizer.connection, reserved_room(create, {&white, &black}));
  const auto made = answer(h, organizer, create);
  ASSERT_TRUE(made);
  h.disconnect(organizer.connection);
  h.advance(2min);  // past the seat grace: a room without reserved seats would have gone long ago
  h.crash();
  h.reopen();
  Player stranger = login(h, "stranger");
  const RequestId refused = stranger.next();
  h.send(stranger.connection, JoinRoom{refused, RoomId{0}, made->invite_code, Role::player});
  ASSERT_TRUE(h.refusal(stranger.connection, refused));
  Player white_again = login_again(h, white.identity, "white");
  const RequestId join = white_again.next();
  h.send(white_again.connection, JoinRoom{join, RoomId{0}, made->invite_code, Role::player});
  auto state = answer(h, white_again, join);
  ASSERT_TRUE(state);
  EXPECT_EQ(state->seats[0].key, white.identity.public_key());
  // Seated, White comes back after a dropped connection by the room's number alone.
  h.disconnect(white_again.connection);
  Player white_back = login_again(h, white.identity, "white");
  const RequestId back = white_back.next();
  h.send(white_back.connection, JoinRoom{back, made->room, {}, Role::player});
  EXPECT_TRUE(answer(h, white_back, back));
}

TEST(LobbyReservedSeats, AReservationNobodyTakesExpires) {
  ServerConfig config;
  config.limits.reserved_room_wait = 10s;
  CoreHarness h(config);
  Player organizer = login(h, "organizer"), white = login(h, "white"), black = login(h, "black");
  const RequestId create = organizer.next();
  h.send(organizer.connection, reserved_room(create, {&white, &black}));
  const auto made = answer(h, organizer, create);
  ASSERT_TRUE(made);
  h.advance(11s);
  const RequestId late = white.next();
  h.send(white.connection, JoinRoom{late, RoomId{0}, made->invite_code, Role::player});
  auto refused = h.refusal(white.connection, late);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->reason, Refusal::wrong_invite_code);  // the room, and its code, are gone
}

TEST(LobbyReservedSeats, BadReservationsAndTheCreatorsBound) {
  ServerConfig config;
  config.limits.max_reserved_rooms_per_key = 2;
  CoreHarness h(config);
  Player organizer = login(h, "organizer"), white = login(h, "white"), black = login(h, "black");
  // The same key at two seats.
  const RequestId twice = organizer.next();
  h.send(organizer.connection, reserved_room(twice, {&white, &white}));
  EXPECT_EQ(h.refusal(organizer.connection, twice)->reason, Refusal::bad_room_parameters);
  // A key for every seat or none: the decoder refuses another count.
  CreateRoom short_list = reserved_room(organizer.next(), {&white, &black});
  short_list.seats = 3;
  const RequestId mismatch = short_list.request;
  h.send(organizer.connection, short_list);
  EXPECT_EQ(h.refusal(organizer.connection, mismatch)->reason, Refusal::malformed);
  // Two waiting rooms per creating key here; a third is refused until one of them starts.
  std::vector<RoomState> rooms;
  for (int i = 0; i < 2; ++i) {
    const RequestId r = organizer.next();
    h.send(organizer.connection, reserved_room(r, {&white, &black}));
    rooms.push_back(*answer(h, organizer, r));
  }
  const RequestId third = organizer.next();
  h.send(organizer.connection, reserved_room(third, {&white, &black}));
  EXPECT_EQ(h.refusal(organizer.connection, third)->reason, Refusal::too_many_rooms);
  for (Player* p : {&white, &black}) {
    h.send(p->connection, JoinRoom{p->next(), RoomId{0}, rooms[0].invite_code, Role::player});
    h.send(p->connection, SetReady{p->next(), rooms[0].room, true});
  }
  ASSERT_FALSE(h.entries(white.connection, rooms[0].room).empty()) << "the first room's game started";
  const RequestId again = organizer.next();
  h.send(organizer.connection, reserved_room(again, {&white, &black}));
  EXPECT_TRUE(answer(h, organizer, again));
  // A creator who reserves a seat to itself sits down in it.
  const RequestId own = organizer.next();
  Player* self = &organizer;
  h.send(organizer.connection, reserved_room(own, {&black, self}, Visibility::public_room));
  EXPECT_EQ(h.refusal(organizer.connection, own)->reason, Refusal::too_many_rooms);  // still two waiting
}

TEST(LobbyReservedSeats, ACreatorReservingASeatToItselfSitsInIt) {
  CoreHarness h;
  Player organizer = login(h, "organizer"), black = login(h, "black");
  const RequestId create = organizer.next();
  h.send(organizer.connection, reserved_room(create, {&black, &organizer}, Visibility::public_room));
  auto made = answer(h, organizer, create);
  ASSERT_TRUE(made);
  EXPECT_FALSE(made->seats[0].key);
  EXPECT_EQ(made->seats[1].key, organizer.identity.public_key());
}

// A lobby.db of schema version 1, as lobbies before reserved seats wrote it, opens: its rooms
// reserve nothing and the column is added.
TEST(LobbyReservedSeats, AVersionOneDatabaseOpensAndGainsTheColumn) {
  testing::TempDir dir;
  const auto file = dir.path() / "lobby.db";
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
    const char* v1 =
        "CREATE TABLE rooms(room_id INTEGER PRIMARY KEY, game TEXT NOT NULL, seat_count INTEGER NOT NULL, "
        "options BLOB NOT NULL, visibility INTEGER NOT NULL, invite_code TEXT NOT NULL, phase INTEGER NOT NULL, "
        "session_id BLOB);"
        "CREATE TABLE seats(room_id INTEGER NOT NULL, seat INTEGER NOT NULL, key BLOB NOT NULL, name TEXT NOT NULL, "
        "presence INTEGER NOT NULL, PRIMARY KEY(room_id, seat)) WITHOUT ROWID;"
        "CREATE TABLE entries(room_id INTEGER NOT NULL, idx INTEGER NOT NULL, lobby_time_ms INTEGER NOT NULL, "
        "hash BLOB NOT NULL, entry BLOB NOT NULL, PRIMARY KEY(room_id, idx)) WITHOUT ROWID;"
        "INSERT INTO rooms VALUES(5, 'chess', 2, x'01', 1, 'abcdefgh23', 0, NULL);"
        "PRAGMA user_version=1;";
    ASSERT_EQ(sqlite3_exec(db, v1, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  auto storage = Storage::open(file, SyncMode::normal);
  ASSERT_TRUE(storage.ok()) << storage.error().detail;
  auto rooms = (*storage)->load_open_rooms(8);
  ASSERT_TRUE(rooms.ok()) << rooms.error().detail;
  ASSERT_EQ(rooms->size(), 1u);
  EXPECT_EQ(rooms->front().room.value, 5u);
  EXPECT_EQ(rooms->front().invite_code, "abcdefgh23");
  EXPECT_FALSE(rooms->front().reservation);
  storage->reset();
  // Opened again (now version 2), the same.
  auto again = Storage::open(file, SyncMode::normal);
  ASSERT_TRUE(again.ok()) << again.error().detail;
  EXPECT_EQ((*again)->load_open_rooms(8)->size(), 1u);
}

}  // namespace
}  // namespace parley::lobby
