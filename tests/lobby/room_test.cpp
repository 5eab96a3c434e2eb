// The lobby core's parts on their own, without the core: a Room's chain, writes and pending
// tail; the Matchmaker's queues; the ConnectionTable's limits and logins.
#include <gtest/gtest.h>

#include <algorithm>
#include <variant>
#include <vector>

#include "lobby/protocol/transcript.hpp"
#include "lobby/server/connection_table.hpp"
#include "lobby/server/matchmaker.hpp"
#include "lobby/server/room.hpp"

namespace parley::lobby {
namespace {

RoundInProgress round_number(std::uint64_t number) {
  RoundInProgress r;
  r.number = number;
  r.now_ms = 1'700'000'000'000 + number;
  return r;
}

RoomHeader chess_room(std::uint64_t id) {
  RoomHeader h;
  h.room = RoomId{id};
  h.game = "chess";
  h.options = {1, 2};
  return h;
}

template <class Op>
std::size_t count_writes(const RoundInProgress& r) {
  return static_cast<std::size_t>(
      std::count_if(r.writes.begin(), r.writes.end(), [](const WriteOp& op) { return std::holds_alternative<Op>(op); }));
}

// The entries a round queued for `to`, in order.
std::vector<SignedEntry> entries_sent(const RoundInProgress& r, ConnectionId to) {
  std::vector<SignedEntry> out;
  for (const Outgoing& o : r.out.messages) {
    if (std::find(o.recipients.begin(), o.recipients.end(), to) == o.recipients.end()) continue;
    auto m = decode_lobby_message(*o.message);
    EXPECT_TRUE(m.ok());
    if (m.ok()) {
      if (const auto* e = std::get_if<EntryMessage>(&m.value())) out.push_back(e->entry);
    }
  }
  return out;
}

TEST(LobbyRoom, AppendsAChainPeersAcceptAndKeepsItPendingUntilItsRoundIsDurable) {
  crypto::Identity lobby = crypto::Identity::generate();
  crypto::Identity a = crypto::Identity::generate(), b = crypto::Identity::generate();
  RoundInProgress first = round_number(1);
  Room room(chess_room(7), 2, std::nullopt, first);
  EXPECT_EQ(count_writes<InsertRoom>(first), 1U);
  EXPECT_EQ(room.first_open_seat(), game::Seat{0});
  room.take_seat(game::Seat{0}, a.public_key(), "a", ConnectionId{1}, first);
  room.take_seat(game::Seat{1}, b.public_key(), "b", ConnectionId{2}, first);
  EXPECT_EQ(count_writes<PutSeat>(first), 2U);
  EXPECT_FALSE(room.first_open_seat());
  EXPECT_FALSE(room.ready_to_start());
  room.set_ready(game::Seat{0}, true);
  room.set_ready(game::Seat{1}, true);
  ASSERT_TRUE(room.ready_to_start());
  SessionId session;
  session.bytes.fill(5);
  room.start(session, lobby, first);
  EXPECT_EQ(room.phase(), RoomPhase::started);
  EXPECT_EQ(room.state(RequestId{3}).session_id, session);
  EXPECT_EQ(count_writes<StartRoom>(first), 1U);
  EXPECT_EQ(count_writes<InsertEntry>(first), 1U);
  EXPECT_EQ(first.appended, std::vector<RoomId>{RoomId{7}});

  RoundInProgress second = round_number(2);
  room.seat_leaves(game::Seat{1}, PresenceEvent::disconnected, lobby, second);
  EXPECT_EQ(room.seat(game::Seat{1}).presence, SeatPresence::absent);
  EXPECT_FALSE(room.seat(game::Seat{1}).connection);
  EXPECT_EQ(room.members(), std::vector<ConnectionId>{ConnectionId{1}});
  EXPECT_EQ(room.next_index(), EntryIndex{2});
  ASSERT_EQ(room.pending().size(), 2U);

  // What the members were sent is a chain a peer accepts, and the room knows its hashes.
  std::vector<SignedEntry> sent = entries_sent(first, ConnectionId{1});
  std::vector<SignedEntry> later = entries_sent(second, ConnectionId{1});
  ASSERT_EQ(sent.size(), 1U);
  ASSERT_EQ(later.size(), 1U);
  EXPECT_TRUE(entries_sent(second, ConnectionId{2}).empty());  // gone before its entry
  auto transcript = Transcript::start(lobby.public_key(), sent[0]);
  ASSERT_TRUE(transcript.ok());
  ASSERT_TRUE(transcript->append(later[0]).ok());
  EXPECT_EQ(room.known_hash(EntryIndex{0}), transcript->hash_at(EntryIndex{0}));
  EXPECT_EQ(room.known_hash(EntryIndex{1}), transcript->hash_at(EntryIndex{1}));

  room.durable_through(1);
  ASSERT_EQ(room.pending().size(), 1U);
  EXPECT_EQ(room.pending().front().index, EntryIndex{1});
  room.durable_through(2);
  EXPECT_TRUE(room.pending().empty());
}

TEST(LobbyRoom, LoadedRoomsKnowTheirRecentHashesAndRefuseAnOpenSeatInAStartedGame) {
  crypto::Identity a = crypto::Identity::generate(), b = crypto::Identity::generate();
  StoredRoom stored;
  static_cast<RoomHeader&>(stored) = chess_room(3);
  stored.phase = RoomPhase::started;
  stored.seat_count = 2;
  stored.seats = {StoredSeat{game::Seat{0}, a.public_key(), "a", SeatPresence::present},
                  StoredSeat{game::Seat{1}, b.public_key(), "b", SeatPresence::left}};
  stored.entry_count = EntryIndex{Room::kRecentHashes + 10};
  for (std::size_t i = 0; i < Room::kRecentHashes; ++i) {
    EntryHash h{};
    h[0] = static_cast<std::uint8_t>(i);
    h[1] = static_cast<std::uint8_t>(i >> 8);
    stored.recent_hashes.push_back(h);
  }
  stored.head_hash = stored.recent_hashes.back();

  auto room = Room::load(stored, Room::Clock::time_point{});
  ASSERT_TRUE(room.ok());
  EXPECT_EQ(room->id(), RoomId{3});
  EXPECT_EQ(room->seated(), 2);
  EXPECT_EQ(room->known_hash(EntryIndex{10}), stored.recent_hashes.front());
  EXPECT_EQ(room->known_hash(EntryIndex{Room::kRecentHashes + 9}), stored.recent_hashes.back());
  EXPECT_FALSE(room->known_hash(EntryIndex{9}));  // the database has it
  EXPECT_FALSE(room->known_hash(EntryIndex{0}));
  EntryHash genesis{};
  genesis.fill(0xAB);
  room->remember_genesis(genesis);
  EXPECT_EQ(room->known_hash(EntryIndex{0}), genesis);

  stored.seats.pop_back();
  auto open_seat = Room::load(stored, Room::Clock::time_point{});
  ASSERT_FALSE(open_seat.ok());
  EXPECT_EQ(open_seat.error().kind, StorageError::Kind::corrupt);
}

TEST(LobbyMatchmaker, MatchesTheFirstPlayersInQueueOrderOnlyOnceTheQueueIsFull) {
  Matchmaker m;
  const QueueKey three{"risiko", 3};
  EXPECT_EQ(m.join(ConnectionId{1}, three), 1U);
  EXPECT_EQ(m.join(ConnectionId{2}, three), 2U);
  EXPECT_EQ(m.join(ConnectionId{9}, QueueKey{"chess", 2}), 1U);  // another queue
  EXPECT_FALSE(m.take_match(three));
  m.leave(ConnectionId{1});
  EXPECT_FALSE(m.queued(ConnectionId{1}));
  EXPECT_EQ(m.join(ConnectionId{3}, three), 2U);
  EXPECT_EQ(m.join(ConnectionId{4}, three), 3U);
  EXPECT_EQ(m.join(ConnectionId{5}, three), 4U);
  EXPECT_EQ(m.waiting(), 5U);
  auto match = m.take_match(three);
  ASSERT_TRUE(match);
  EXPECT_EQ(*match, (std::vector<ConnectionId>{ConnectionId{2}, ConnectionId{3}, ConnectionId{4}}));
  EXPECT_FALSE(m.queued(ConnectionId{2}));
  EXPECT_TRUE(m.queued(ConnectionId{5}));
  EXPECT_EQ(m.waiting(), 2U);
  EXPECT_FALSE(m.take_match(three));
  m.leave(ConnectionId{5});
  m.leave(ConnectionId{5});  // not queued any more: nothing happens
  EXPECT_EQ(m.waiting(), 1U);
}

TEST(LobbyConnectionTable, CountsConnectionsAgainstTheLimitsAndKeepsOneConnectionPerKey) {
  Limits limits;
  limits.max_connections = 2;
  limits.max_connections_per_address = 1;
  ConnectionTable table(limits);
  const ConnectionTable::Clock::time_point now{};
  using Admission = ConnectionTable::Admission;
  EXPECT_EQ(table.open(ConnectionId{1}, 10, now), Admission::accepted);
  EXPECT_EQ(table.open(ConnectionId{1}, 10, now), Admission::duplicate);
  // Over the address's cap: two may still ask for the status, uncounted; the next is refused.
  EXPECT_EQ(table.open(ConnectionId{2}, 10, now), Admission::status_only);
  EXPECT_EQ(table.open(ConnectionId{6}, 10, now), Admission::status_only);
  EXPECT_EQ(table.open(ConnectionId{7}, 10, now), Admission::address_full);
  EXPECT_TRUE(table.find(ConnectionId{2})->status_only);
  EXPECT_FALSE(table.find(ConnectionId{7})->status_only);
  table.erase(ConnectionId{6});
  EXPECT_EQ(table.open(ConnectionId{8}, 10, now), Admission::status_only);  // its place is free again
  table.erase(ConnectionId{7});
  table.erase(ConnectionId{8});
  EXPECT_EQ(table.open(ConnectionId{3}, 11, now), Admission::accepted);
  EXPECT_EQ(table.open(ConnectionId{4}, 12, now), Admission::server_full);
  EXPECT_EQ(table.counted(), 2U);
  ASSERT_NE(table.find(ConnectionId{2}), nullptr);  // refused, kept until closed
  EXPECT_FALSE(table.find(ConnectionId{2})->counted);
  table.erase(ConnectionId{2});
  table.erase(ConnectionId{1});
  EXPECT_EQ(table.find(ConnectionId{1}), nullptr);
  EXPECT_EQ(table.counted(), 1U);
  EXPECT_EQ(table.open(ConnectionId{5}, 10, now), Admission::accepted);  // the address is free again

  crypto::Identity key = crypto::Identity::generate();
  Connection& c = table.at(ConnectionId{3});
  table.log_in(c, key.public_key(), "p");
  EXPECT_EQ(table.logged_in(key.public_key()), &c);
  EXPECT_EQ(table.players_online(), 1U);
  table.log_out(c);
  EXPECT_EQ(table.logged_in(key.public_key()), nullptr);
  EXPECT_EQ(table.players_online(), 0U);
}

}  // namespace
}  // namespace parley::lobby
