// A cluster's storage on a private PostgreSQL server (tests/pg_server.hpp): a node's writes go in
// only under its lease's epoch and after the room's last stored entry; a node that lost the room
// has its writes left out and is told; a commit whose answer was lost goes in once; a commit
// waits out the server's restart; pages of entries stop at their byte bound.
#include <gtest/gtest.h>

#include <thread>

#include "lobby/protocol/entry.hpp"
#include "lobby/server/pg_storage.hpp"
#include "tests/pg_server.hpp"

namespace parley::lobby {
namespace {

std::unique_ptr<tests::PgServer> start_server() {
  std::string why;
  auto server = tests::PgServer::start_new(tests::PgServer::Durability::server_crash, why);
  EXPECT_NE(server, nullptr) << why;
  return server;
}

// A room's chain as a node makes it: entries signed by one key, each linked to the last.
struct Chain {
  RoomId room{7};
  crypto::Identity key = crypto::Identity::generate();
  SessionId session{};
  EntryHash head{};
  std::uint64_t next = 0;

  InsertEntry entry(std::uint64_t time_ms = 1'700'000'000'000) {
    Entry e{EntryIndex{next}, time_ms + next, head, Presence{game::Seat{0}, PresenceEvent::disconnected}};
    if (next == 0) {
      Genesis g;
      g.game = "chess";
      g.seat_keys = {crypto::Identity::generate().public_key(), crypto::Identity::generate().public_key()};
      g.session_id = session;
      e.payload = g;
    }
    Bytes bytes = entry_bytes(e);
    EntryHash h = chain_hash(head, bytes);
    InsertEntry op{room, e.index, e.lobby_time_ms, h, encode_signed_entry(bytes, sign_entry(key, session, bytes))};
    head = h;
    ++next;
    return op;
  }
};

class PgStorageTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!tests::PgServer::binaries()) GTEST_SKIP() << "no PostgreSQL server binaries installed";
    server_ = start_server();
    ASSERT_NE(server_, nullptr);
    ASSERT_TRUE(server_->create_database("cluster"));
    auto admin = pg::Connection::open(server_->url("cluster"));
    ASSERT_TRUE(admin.ok()) << admin.error().message;
    admin_ = std::move(*admin);
    ASSERT_TRUE(create_cluster_schema(*admin_).ok());
  }

  std::unique_ptr<PgStorage> node(std::int64_t id) {
    auto s = PgStorage::open(server_->url("cluster"), NodeId{id});
    EXPECT_TRUE(s.ok());
    return s.ok() ? std::move(*s) : nullptr;
  }

  std::int64_t scalar(const std::string& sql) {
    auto rows = admin_->query(sql);
    EXPECT_TRUE(rows.ok()) << (rows.ok() ? "" : rows.error().message);
    return rows.ok() && rows->size() == 1 ? rows->integer(0, 0) : -1;
  }

  // A waiting room of two seats, created by node 1 under epoch 1, and its genesis.
  WriteBatch create(Chain& chain) {
    RoomHeader h;
    h.room = chain.room;
    h.game = "chess";
    WriteBatch b{InsertRoom{h, 2, std::nullopt}, Fence{chain.room, 1}, StartRoom{chain.room, chain.session}, chain.entry()};
    return b;
  }

  std::unique_ptr<tests::PgServer> server_;
  std::unique_ptr<pg::Connection> admin_;
};

TEST_F(PgStorageTest, ANodeAppendsOnlyUnderItsEpochAndAfterTheLastStoredEntry) {
  Chain chain;
  auto a = node(1);
  WriteBatch first = create(chain);
  WriteBatch more{Fence{chain.room, 1}, chain.entry(), chain.entry()};
  a->apply(first);
  a->apply(more);
  ASSERT_TRUE(a->commit().ok());
  EXPECT_EQ(scalar("SELECT next_idx FROM lobby_rooms WHERE room_id = 7"), 3);
  EXPECT_EQ(scalar("SELECT count(*) FROM lobby_entries WHERE room_id = 7"), 3);

  // Node 2 takes the room over (its epoch goes up); node 1's next entry is left out, and said so,
  // while its write to another room still goes in.
  ASSERT_TRUE(admin_->exec("UPDATE lobby_rooms SET node_id = 2, epoch = 2 WHERE room_id = 7").ok());
  Chain other;
  other.room = RoomId{8};
  Chain stale = chain;  // node 1's view: it would append entry 3
  WriteBatch late{Fence{chain.room, 1}, stale.entry()};
  WriteBatch elsewhere = create(other);
  a->apply(late);
  a->apply(elsewhere);
  auto committed = a->commit();
  ASSERT_TRUE(committed.ok()) << committed.error().detail;
  EXPECT_EQ(a->take_fenced(), std::vector<RoomId>{RoomId{7}});
  EXPECT_TRUE(a->take_fenced().empty());
  EXPECT_EQ(scalar("SELECT count(*) FROM lobby_entries WHERE room_id = 7"), 3);
  EXPECT_EQ(scalar("SELECT count(*) FROM lobby_entries WHERE room_id = 8"), 1);

  // Node 2 appends entry 3 under its epoch; a gap (entry 5 after 3) is refused as corrupt.
  auto b = node(2);
  WriteBatch handover{Fence{chain.room, 2}, chain.entry()};
  b->apply(handover);
  ASSERT_TRUE(b->commit().ok());
  EXPECT_EQ(scalar("SELECT next_idx FROM lobby_rooms WHERE room_id = 7"), 4);
  (void)chain.entry();  // entry 4, never stored
  WriteBatch gap{Fence{chain.room, 2}, chain.entry()};
  b->apply(gap);
  auto refused = b->commit();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, StorageError::Kind::corrupt);
  EXPECT_EQ(scalar("SELECT count(*) FROM lobby_entries WHERE room_id = 7"), 4);
  // The stored chain is node 1's three entries and node 2's one: no fork.
  auto hashes = admin_->query("SELECT hash FROM lobby_entries WHERE room_id = 7 AND idx = 3");
  ASSERT_TRUE(hashes.ok());
  EXPECT_EQ(std::vector<std::uint8_t>(hashes->bytes(0, 0).begin(), hashes->bytes(0, 0).end()),
            std::vector<std::uint8_t>(std::get<InsertEntry>(handover[1]).hash.begin(),
                                      std::get<InsertEntry>(handover[1]).hash.end()));
}

// Reserved seats (docs/lobby.md, "Reserved seats") are stored as the single lobby stores them and
// come back to the node that takes the room over; a room without them has none.
TEST_F(PgStorageTest, AReservedRoomsKeysComeBackToTheNodeThatLoadsIt) {
  auto a = node(1);
  ASSERT_NE(a, nullptr);
  const Reservation reserved{crypto::Identity::generate().public_key(),
                             {crypto::Identity::generate().public_key(), crypto::Identity::generate().public_key()}};
  RoomHeader h;
  h.room = RoomId{11};
  h.game = "chess";
  h.visibility = Visibility::invite_only;
  h.invite_code = "abcdefgh23";
  WriteBatch made{InsertRoom{h, 2, reserved}, Fence{h.room, 1}};
  RoomHeader plain = h;
  plain.room = RoomId{12};
  plain.invite_code.clear();
  plain.visibility = Visibility::public_room;
  WriteBatch other{InsertRoom{plain, 2, std::nullopt}, Fence{plain.room, 1}};
  a->apply(made);
  a->apply(other);
  ASSERT_TRUE(a->commit().ok());
  auto rooms = a->load_open_rooms(4);
  ASSERT_TRUE(rooms.ok()) << rooms.error().detail;
  ASSERT_EQ(rooms->size(), 2u);
  ASSERT_TRUE((*rooms)[0].reservation.has_value());
  EXPECT_TRUE(*(*rooms)[0].reservation == reserved);
  EXPECT_EQ((*rooms)[0].invite_code, "abcdefgh23");
  EXPECT_FALSE((*rooms)[1].reservation.has_value());
  // A reservation of the wrong length is refused as corrupt, not half read.
  ASSERT_TRUE(admin_->exec("UPDATE lobby_rooms SET reservation = '\\x00' WHERE room_id = 11").ok());
  auto bad = a->load_open_rooms(4);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, StorageError::Kind::corrupt);
}

TEST_F(PgStorageTest, ACommitWhoseAnswerWasLostGoesInOnce) {
  Chain chain;
  auto a = node(1);
  WriteBatch first = create(chain);
  WriteBatch seat{Fence{chain.room, 1},
                  PutSeat{chain.room, StoredSeat{game::Seat{0}, crypto::Identity::generate().public_key(), "Ada",
                                                 SeatPresence::present}},
                  chain.entry()};
  a->apply(first);
  a->apply(seat);
  ASSERT_TRUE(a->commit().ok());
  // The same writes again, as after a commit whose answer the connection lost.
  a->apply(first);
  a->apply(seat);
  auto again = a->commit();
  ASSERT_TRUE(again.ok()) << again.error().detail;
  EXPECT_EQ(scalar("SELECT count(*) FROM lobby_entries WHERE room_id = 7"), 2);
  EXPECT_EQ(scalar("SELECT count(*) FROM lobby_seats WHERE room_id = 7"), 1);
  EXPECT_EQ(scalar("SELECT next_idx FROM lobby_rooms WHERE room_id = 7"), 2);
  // A deleted room's deletion again finds nothing to delete and is done.
  Chain waiting;
  waiting.room = RoomId{9};
  RoomHeader h;
  h.room = waiting.room;
  h.game = "chess";
  WriteBatch gone{InsertRoom{h, 2, std::nullopt}, Fence{waiting.room, 1}, DeleteRoom{waiting.room}};
  a->apply(gone);
  ASSERT_TRUE(a->commit().ok());
  WriteBatch gone_again{Fence{waiting.room, 1}, DeleteRoom{waiting.room}};
  a->apply(gone_again);
  auto deleted = a->commit();
  EXPECT_TRUE(deleted.ok()) << deleted.error().detail;
  EXPECT_EQ(scalar("SELECT count(*) FROM lobby_rooms WHERE room_id = 9"), 0);
}

TEST_F(PgStorageTest, ACommitWaitsForARestartedServerAndReadsPageByBytes) {
  Chain chain;
  auto a = node(1);
  WriteBatch first = create(chain);
  a->apply(first);
  ASSERT_TRUE(a->commit().ok());
  ASSERT_TRUE(server_->stop());
  WriteBatch more{Fence{chain.room, 1}, chain.entry(), chain.entry()};
  a->apply(more);
  std::optional<game::Result<bool, StorageError>> outcome;
  std::thread committer([&] { outcome = a->commit(); });
  // The commit waits while the server is down.
  for (int i = 0; i < 200 && a->available(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_FALSE(a->available());
  std::string why;
  ASSERT_TRUE(server_->start(why)) << why;
  committer.join();
  ASSERT_TRUE(outcome && outcome->ok()) << (outcome && !outcome->ok() ? outcome->error().detail : "");
  EXPECT_TRUE(a->available());
  auto check = pg::Connection::open(server_->url("cluster"));
  ASSERT_TRUE(check.ok());
  admin_ = std::move(*check);
  EXPECT_EQ(scalar("SELECT count(*) FROM lobby_entries WHERE room_id = 7"), 3);

  // Reads: a page stops once its bytes reach the bound (at least one entry), hashes by index.
  auto reader = node(0);
  auto all = reader->entries(chain.room, EntryIndex{0}, 256, 1 << 20);
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->size(), 3u);
  auto one = reader->entries(chain.room, EntryIndex{1}, 256, 1);
  ASSERT_TRUE(one.ok());
  ASSERT_EQ(one->size(), 1u);
  EXPECT_EQ(decode_signed_entry((*one)[0])->entry.index.value, 1u);
  auto h = reader->entry_hash(chain.room, EntryIndex{2});
  ASSERT_TRUE(h.ok() && h->has_value());
  EXPECT_EQ(**h, chain.head);
  auto loaded = load_room(*admin_, chain.room, 1024);
  ASSERT_TRUE(loaded.ok() && loaded->has_value());
  EXPECT_EQ((*loaded)->entry_count.value, 3u);
  EXPECT_EQ((*loaded)->head_hash, chain.head);

  // Stopping: a commit that waits for a server that is gone gives up when interrupted.
  ASSERT_TRUE(server_->stop());
  WriteBatch last{Fence{chain.room, 1}, chain.entry()};
  a->apply(last);
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    a->interrupt();
  });
  auto given_up = a->commit();
  stopper.join();
  ASSERT_FALSE(given_up.ok());
  EXPECT_EQ(given_up.error().kind, StorageError::Kind::unavailable);
}

}  // namespace
}  // namespace parley::lobby
