#pragma once
// Drives one seat through one game over a real lobby: connects and logs in, finds a game
// (quick match, a room by number, or a new room), follows the room's verified transcript into
// the session, posts the seat's protocol steps, its player's moves and any timeout claims the
// lobby's stamps support, persists everything needed to survive a crash, reconnects when the
// connection drops, and writes the game log when the game is complete. Nothing here blocks
// longer than step()'s timeout, so a UI frame loop can drive it.
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "lobby/client/enet_link.hpp"
#include "lobby/client/lobby_client.hpp"
#include "peer/log/plog.hpp"
#include "peer/net/player.hpp"
#include "peer/net/store.hpp"
#include "peer/session/local_seat.hpp"

namespace parley::peer {

// A lobby cluster's node heard from for none of this (three of its keepalives) is taken for dead,
// and the seat goes on through the next node (docs/lobby.md, "Cluster").
inline constexpr std::chrono::milliseconds kNodeSilence{3 * lobby::kKeepaliveInterval};

struct SeatOptions {
  lobby::Endpoint lobby;
  crypto::Identity identity = crypto::Identity::generate();
  std::string display_name;
  std::string game;  // a registered game's name (peer/session/game_module.hpp)
  enum class Join : std::uint8_t { quick_match, room, create } join = Join::quick_match;
  std::uint8_t seats = 2;
  lobby::RoomId room;              // Join::room
  std::string invite_code;         // Join::room, for invite-only rooms
  RoomOptions create_options;      // Join::create
  lobby::Visibility visibility = lobby::Visibility::public_room;  // Join::create
  std::filesystem::path data_dir;  // sessions/ and logs/ go here
  std::optional<crypto::PublicKey> expected_lobby_key;
  // How long past a deadline (by this peer's estimate of the lobby's clock) before claiming it.
  std::uint64_t claim_margin_ms = 500;
};

enum class RunnerStatus : std::uint8_t { connecting, matching, playing, finished, failed };
std::string_view describe(RunnerStatus status);

class SeatRunner {
 public:
  SeatRunner(SeatOptions options, Player& player);
  // Takes over a connection that is already logged in and a member of `room` (a graphical
  // client that browsed the lobby on it): a second login with the same key would replace that
  // connection, so the runner adopts it. `options.lobby` and `options.identity` must be the
  // connection's, for reconnecting.
  SeatRunner(SeatOptions options, Player& player, std::unique_ptr<lobby::LobbyClient> client,
             const lobby::RoomState& room);
  ~SeatRunner();
  SeatRunner(const SeatRunner&) = delete;
  SeatRunner& operator=(const SeatRunner&) = delete;

  // Services the connection, waiting up to timeout_ms for network events, then acts.
  void step(std::uint32_t timeout_ms);
  // Leaves the lobby gracefully — what is queued (the leave of a finished room, so the lobby can
  // close and archive it) is delivered first — waiting at most `limit`.
  void disconnect(std::chrono::milliseconds limit);
  RunnerStatus status() const { return status_; }
  // A post is out and not yet in the transcript: leaving now would leave its fate to the
  // resumed seat.
  bool posting() const { return in_flight_.has_value(); }
  const std::string& failure() const { return failure_; }
  const Session* session() const { return session_ ? &*session_ : nullptr; }
  std::optional<Seat> seat() const { return me_; }
  std::optional<lobby::RoomId> room() const { return room_; }
  const std::optional<std::filesystem::path>& log_path() const { return log_path_; }
  // Notes for a person watching (joined a room, waiting for a seat, reconnecting, …).
  std::vector<std::string> take_notes();
  // The room's transcript as verified so far.
  const lobby::Transcript* transcript() const;
  // Asks the lobby for a fresh time stamp when this seat is owed a timeout (tests, UIs).
  lobby::LobbyClient* client() { return client_.get(); }
  // Called with every event of the connection before the runner handles it, so a client that
  // shares the connection (chat, the room list) still sees its own answers and pushes.
  void set_event_listener(std::function<void(const lobby::ClientEvent&)> listener) { listener_ = std::move(listener); }
  // Once the runner has finished or failed: the connection, to go on using it (none while it
  // was reconnecting).
  std::unique_ptr<lobby::LobbyClient> release_client() { return std::move(client_); }

 private:
  void connect();
  void on_event(lobby::ClientEvent& event);
  void on_room(const lobby::RoomState& state);
  void follow_entries();
  void start_session();
  void act();
  void post(const Message& message);
  // Saves the player's secrets if they changed; false (and failed) when they cannot be saved.
  bool keep_player_secrets();
  void finish();
  void fail(std::string why);
  // The connection is given up (lost, or the lobby cannot serve now): a new one in `pause`, to
  // the cluster's next node when `next_node`.
  void lose_connection(std::chrono::milliseconds pause, bool next_node);
  void note(std::string text) { notes_.push_back(std::move(text)); }
  std::uint64_t lobby_now() const;

  SeatOptions options_;
  Player& player_;
  std::unique_ptr<lobby::LobbyClient> client_;
  RunnerStatus status_ = RunnerStatus::connecting;
  std::string failure_;
  std::vector<std::string> notes_;
  std::optional<lobby::RoomId> room_;
  std::optional<lobby::Transcript> kept_;  // carried across reconnections
  std::optional<SessionStore> store_;
  std::optional<Session> session_;
  std::optional<LocalSeat> local_;
  std::optional<Seat> me_;
  std::size_t events_seen_ = 0;
  std::size_t stored_entries_ = 0;
  std::optional<MessageKind> in_flight_;   // posted, not yet seen in the transcript
  std::uint64_t kept_player_secrets_ = game::fnv1a64({});  // the hash of what is on disk
  std::optional<lobby::RequestId> post_request_;  // the request that posted it
  std::function<void(const lobby::ClientEvent&)> listener_;
  // After (re)connecting, nothing is posted until the room's state has come and every entry it
  // counts is here: a post lost with the connection may have been made durable by the lobby,
  // and posting it again would be a second, illegal move.
  bool awaiting_room_state_ = true;
  bool ready_sent_ = false;
  lobby::EntryIndex catch_up_to_;
  std::optional<std::uint64_t> claimed_deadline_;
  std::int64_t lobby_offset_ms_ = 0;       // lobby clock minus ours, from the newest entry
  std::optional<std::chrono::steady_clock::time_point> reconnect_at_;
  // A cluster's nodes, as the last connection learnt them: a lost connection is made again to
  // the next one (docs/lobby.md, "Cluster"). Empty for a single lobby.
  std::vector<lobby::Endpoint> nodes_;
  lobby::Endpoint current_;  // the lobby or node of the connection now
  std::optional<std::filesystem::path> log_path_;
  std::optional<lobby::RequestId> leave_request_;  // the leave of the finished room, until answered
};

std::filesystem::path default_data_dir();

}  // namespace parley::peer
