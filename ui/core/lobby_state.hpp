#pragma once
// What the client knows about the lobby, built only from the lobby's events: the connection,
// the public rooms, the room this client is in (seats, names, readiness, its chat), the quick-
// match queue, and the faults the lobby committed. The screens read it; App feeds it.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "lobby/client/lobby_client.hpp"

namespace parley::ui {

enum class Connection : std::uint8_t { offline, connecting, online, reconnecting };
std::string_view describe(Connection c);

struct ChatEntry {
  std::string name;
  lobby::Role role = lobby::Role::player;
  std::string text;
  bool mine = false;
};

class LobbyState {
 public:
  explicit LobbyState(crypto::PublicKey me) : me_(me) {}

  // Applies a lobby event; returns the room list page to ask for next (paging), if any.
  std::optional<lobby::RoomId> apply(const lobby::ClientEvent& event);
  void set_connection(Connection c) { connection_ = c; }
  // The room list is being fetched again from its first page.
  void begin_room_list() {
    next_rooms_.clear();
    listing_ = true;
  }
  // Pages of a listing are still to come.
  bool listing_rooms() const { return listing_; }
  // This client left its room (it will get no more of its pushes).
  void left_room();
  void left_queue() { queued_.reset(); }

  Connection connection() const { return connection_; }
  const std::string& display_name() const { return display_name_; }
  const std::optional<crypto::PublicKey>& lobby_key() const { return lobby_key_; }
  const std::vector<lobby::RoomSummary>& rooms() const { return rooms_; }
  const std::optional<lobby::RoomState>& room() const { return room_; }
  // This client's seat in its room, if it holds one.
  std::optional<std::uint8_t> my_seat() const;
  const std::vector<ChatEntry>& chat() const;
  const std::optional<lobby::Queued>& queued() const { return queued_; }
  // Rooms where this key still holds a seat (from the Welcome): a game to resume.
  const std::vector<lobby::RoomId>& seated_rooms() const { return seated_rooms_; }
  // The lobby sent something that breaks the protocol or a transcript: it is at fault.
  const std::vector<std::string>& faults() const { return faults_; }

 private:
  crypto::PublicKey me_;
  Connection connection_ = Connection::offline;
  std::string display_name_;
  std::optional<crypto::PublicKey> lobby_key_;
  std::vector<lobby::RoomSummary> rooms_;
  std::vector<lobby::RoomSummary> next_rooms_;  // pages of a listing in progress
  bool listing_ = false;
  std::optional<lobby::RoomState> room_;
  std::map<lobby::RoomId, std::vector<ChatEntry>> chat_;
  std::optional<lobby::Queued> queued_;
  std::vector<lobby::RoomId> seated_rooms_;
  std::vector<std::string> faults_;
};

inline constexpr std::size_t kMaxChatLines = 500;

}  // namespace parley::ui
