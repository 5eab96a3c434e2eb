#pragma once
// What the client knows about the lobby, built only from the lobby's events: the connection,
// the public rooms, the room this client is in (seats, names, readiness, its chat), the quick-
// match queue, the lobby's common room (who is online, how many wait in each queue, the lobby
// chat), and the faults the lobby committed. The screens read it; App feeds it.
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

// Whether the lobby serves its common room (WatchLobby, ListPlayers): unknown until it answers;
// a lobby of an older parley refuses both as unknown messages, and the screens then show
// nothing of it.
enum class LobbyRoom : std::uint8_t { unknown, served, not_served };

// What the words of a player's activity are, untranslated (i18n::tr them): "in game", ….
std::string_view describe(lobby::Activity activity);
// `player`'s rating in `game`, if the lobby's archive has one.
const lobby::GameRating* rating_in(const lobby::PlayerSummary& player, std::string_view game);

class LobbyState {
 public:
  explicit LobbyState(crypto::PublicKey me) : me_(me) {}

  // The pages to ask for next after an event (paging), if any: the room list's after this
  // room, the player list's after this key.
  struct NextPage {
    std::optional<lobby::RoomId> rooms;
    std::optional<crypto::PublicKey> players;
  };
  NextPage apply(const lobby::ClientEvent& event);
  void set_connection(Connection c) { connection_ = c; }
  // The room list is being fetched again from its first page.
  void begin_room_list() {
    next_rooms_.clear();
    listing_ = true;
  }
  // Pages of a listing are still to come.
  bool listing_rooms() const { return listing_; }
  // The list of players online is being fetched again from its first page.
  void begin_player_list() {
    next_players_.clear();
    listing_players_ = true;
  }
  bool listing_players() const { return listing_players_; }
  // The lobby refused WatchLobby or ListPlayers as a request it does not know: no common room.
  // (Any other refusal leaves it as it was: asked again later.)
  void lobby_room_refused(lobby::Refusal reason);
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
  // Rooms where this key still holds a seat (from the Welcome): a game to resume. A room closed,
  // or left before its game started, is no longer one.
  const std::vector<lobby::RoomId>& seated_rooms() const { return seated_rooms_; }
  // The seated rooms other than the one this client is in: the lobby screen offers to resume them.
  std::vector<lobby::RoomId> unfinished_elsewhere() const;
  // ---- the lobby's common room ----
  LobbyRoom lobby_room() const { return lobby_room_; }
  // Players online as the last whole listing had them, by name (then key) for display; at most
  // kMaxPlayersListed of them (players_online() counts all).
  const std::vector<lobby::PlayerSummary>& players() const { return players_; }
  // From the last LobbyPulse: players online, and players waiting in the queue of (game, seats).
  std::uint32_t players_online() const { return players_online_; }
  std::uint32_t waiting(std::string_view game, std::uint8_t seats) const;
  // In every queue of `game`, whatever its seats.
  std::uint32_t waiting(std::string_view game) const;
  const std::vector<lobby::QueueCount>& queues() const { return queues_; }
  const std::vector<ChatEntry>& lobby_chat() const;

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
  LobbyRoom lobby_room_ = LobbyRoom::unknown;
  std::vector<lobby::PlayerSummary> players_;
  std::vector<lobby::PlayerSummary> next_players_;  // pages of a listing in progress
  bool listing_players_ = false;
  std::uint32_t players_online_ = 0;
  std::vector<lobby::QueueCount> queues_;
  std::vector<std::string> faults_;
};

inline constexpr std::size_t kMaxChatLines = 500;
// A listing of players stops after this many (ten full pages): a lobby that pages on and on
// cannot fill the client's memory. The pulse's count still says how many are online.
inline constexpr std::size_t kMaxPlayersListed = 1000;

}  // namespace parley::ui
