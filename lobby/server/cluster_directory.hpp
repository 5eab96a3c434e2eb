#pragma once
// What a cluster node's network thread reads from the shared database, on a connection of its
// own (docs/lobby.md, "Cluster"): where a room is sequenced, the room an invite code opens, a
// page of public rooms of every node, the rooms a key holds a seat in; and fresh room ids from
// the coordinator's pool. Every answer is committed data; a read while the database is away
// is an `unavailable` error, which the node answers with a refusal that may be tried again.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lobby/protocol/messages.hpp"
#include "lobby/server/cluster_coordinator.hpp"
#include "lobby/server/lobby_core.hpp"
#include "lobby/server/pg_storage.hpp"

namespace parley::lobby {

class ClusterDirectory final : public RoomDirectory {
 public:
  static game::Result<std::unique_ptr<ClusterDirectory>, StorageError> open(const std::string& url,
                                                                            ClusterCoordinator& coordinator);

  std::optional<RoomId> new_room_id() override { return coordinator_.take_room_id(); }
  game::Result<std::vector<RoomId>, StorageError> seated_rooms(const crypto::PublicKey& key) override;

  struct Location {
    NodeId node;
    std::uint64_t epoch = 0;
  };
  // The node that sequences an open room; none if there is no such open room.
  game::Result<std::optional<Location>, StorageError> locate(RoomId room);
  // The open room an invite code opens.
  game::Result<std::optional<RoomId>, StorageError> find_invite(std::string_view code);
  // The public open rooms of every node after `after` (of one game, or all), one page.
  game::Result<RoomList, StorageError> list_rooms(const ListRooms& request);

 private:
  ClusterDirectory(std::string url, ClusterCoordinator& coordinator) : url_(std::move(url)), coordinator_(coordinator) {}
  game::Result<pg::Connection*, StorageError> connection();

  std::string url_;
  ClusterCoordinator& coordinator_;
  std::unique_ptr<pg::Connection> db_;
};

}  // namespace parley::lobby
