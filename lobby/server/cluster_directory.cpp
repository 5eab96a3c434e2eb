#include "lobby/server/cluster_directory.hpp"

#include <map>

#include "lobby/protocol/limits.hpp"
#include "lobby/protocol/text.hpp"

namespace parley::lobby {

game::Result<std::unique_ptr<ClusterDirectory>, StorageError> ClusterDirectory::open(const std::string& url,
                                                                                     ClusterCoordinator& coordinator) {
  std::unique_ptr<ClusterDirectory> d(new ClusterDirectory(url, coordinator));
  auto db = d->connection();
  if (!db) return db.error();
  return d;
}

game::Result<pg::Connection*, StorageError> ClusterDirectory::connection() {
  if (db_ && !db_->broken()) return db_.get();
  db_.reset();
  // A short timeout: the network thread waits for it.
  auto db = pg::Connection::open(url_, 1);
  if (!db) return storage_error(db.error(), "the cluster's database");
  db_ = std::move(*db);
  return db_.get();
}

game::Result<std::vector<RoomId>, StorageError> ClusterDirectory::seated_rooms(const crypto::PublicKey& key) {
  auto db = connection();
  if (!db) return db.error();
  auto rows = (*db)->query(
      "SELECT s.room_id FROM lobby_seats s JOIN lobby_rooms r ON r.room_id = s.room_id "
      "WHERE s.key = $1 AND r.phase < 2 ORDER BY s.room_id LIMIT $2",
      {pg::bytes(key.bytes()), pg::integer(static_cast<std::int64_t>(kMaxWelcomeRooms))});
  if (!rows) return storage_error(rows.error(), "seated rooms");
  std::vector<RoomId> out;
  for (int i = 0; i < rows->size(); ++i) out.push_back(RoomId{static_cast<std::uint64_t>(rows->integer(i, 0))});
  return out;
}

game::Result<std::optional<ClusterDirectory::Location>, StorageError> ClusterDirectory::locate(RoomId room) {
  auto db = connection();
  if (!db) return db.error();
  auto rows = (*db)->query("SELECT node_id, epoch FROM lobby_rooms WHERE room_id = $1 AND phase < 2",
                           {pg::integer(static_cast<std::int64_t>(room.value))});
  if (!rows) return storage_error(rows.error(), "locate a room");
  if (rows->size() == 0) return std::optional<Location>{};
  return std::optional<Location>(Location{NodeId{rows->integer(0, 0)}, static_cast<std::uint64_t>(rows->integer(0, 1))});
}

game::Result<std::optional<RoomId>, StorageError> ClusterDirectory::find_invite(std::string_view code) {
  auto db = connection();
  if (!db) return db.error();
  auto rows = (*db)->query("SELECT room_id FROM lobby_rooms WHERE invite_code = $1 AND invite_code <> '' AND phase < 2",
                           {pg::text(code)});
  if (!rows) return storage_error(rows.error(), "find an invite code");
  if (rows->size() == 0) return std::optional<RoomId>{};
  return std::optional<RoomId>(RoomId{static_cast<std::uint64_t>(rows->integer(0, 0))});
}

game::Result<RoomList, StorageError> ClusterDirectory::list_rooms(const ListRooms& request) {
  auto db = connection();
  if (!db) return db.error();
  auto rooms = (*db)->query(
      "SELECT room_id, game, seat_count, phase, spectators, "
      "CASE WHEN octet_length(options) <= $3 THEN options END FROM lobby_rooms "
      "WHERE phase < 2 AND visibility = 0 AND room_id > $1 AND ($2 = '' OR game = $2) ORDER BY room_id LIMIT $4",
      {pg::integer(static_cast<std::int64_t>(request.after.value)), pg::text(request.game),
       pg::integer(static_cast<std::int64_t>(kMaxListedOptionsBytes)),
       pg::integer(static_cast<std::int64_t>(kMaxRoomsPerList + 1))});
  if (!rooms) return storage_error(rooms.error(), "list rooms");
  RoomList list{request.request, {}, false};
  std::map<std::uint64_t, std::size_t> at;
  for (int i = 0; i < rooms->size(); ++i) {
    if (list.rooms.size() == kMaxRoomsPerList) {
      list.more = true;
      break;
    }
    RoomSummary s;
    s.room = RoomId{static_cast<std::uint64_t>(rooms->integer(i, 0))};
    s.game = rooms->text(i, 1);
    const std::int64_t seats = rooms->integer(i, 2);
    if (seats < kMinSeats || seats > kMaxSeats || !is_valid_game_name(s.game)) continue;
    s.seats.assign(static_cast<std::size_t>(seats), std::nullopt);
    s.phase = rooms->integer(i, 3) == 1 ? RoomPhase::started : RoomPhase::waiting;
    s.spectators = static_cast<std::uint16_t>(std::min<std::int64_t>(rooms->integer(i, 4), kMaxSpectatorsCount));
    if (!rooms->null(i, 5)) {
      auto o = rooms->bytes(i, 5);
      s.options = Bytes(o.begin(), o.end());
    }
    at[s.room.value] = list.rooms.size();
    list.rooms.push_back(std::move(s));
  }
  if (list.rooms.empty()) return list;
  auto seats = (*db)->query(
      "SELECT room_id, seat, name FROM lobby_seats WHERE room_id BETWEEN $1 AND $2 ORDER BY room_id, seat",
      {pg::integer(static_cast<std::int64_t>(list.rooms.front().room.value)),
       pg::integer(static_cast<std::int64_t>(list.rooms.back().room.value))});
  if (!seats) return storage_error(seats.error(), "list rooms' seats");
  for (int i = 0; i < seats->size(); ++i) {
    auto it = at.find(static_cast<std::uint64_t>(seats->integer(i, 0)));
    if (it == at.end()) continue;
    RoomSummary& s = list.rooms[it->second];
    const std::int64_t seat = seats->integer(i, 1);
    if (seat >= 0 && static_cast<std::size_t>(seat) < s.seats.size()) s.seats[static_cast<std::size_t>(seat)] = seats->text(i, 2);
  }
  return list;
}

}  // namespace parley::lobby
