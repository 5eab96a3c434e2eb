#pragma once
// The client's network, on a thread of its own: the lobby connection, the seat runner that
// plays this client's seat (it adopts the connection when a game starts: a second login with
// the same key would replace the first), and, for `parley host`, the embedded lobby.
//
// Why a thread rather than polling from the frame loop: connecting resolves the lobby's host
// name (a blocking DNS lookup), the seat runner fdatasync()s every entry and the session's
// secrets before it posts, and the game log is written durably at the end. Each can take tens
// of milliseconds on a busy disk or a slow resolver — whole frames. Here they cost the screen
// nothing; the frame loop only swaps two queues under a mutex.
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "lobby/client/lan_search.hpp"
#include "lobby/server/lobby_server.hpp"
#include "ui/core/game_ui.hpp"
#include "ui/core/net_messages.hpp"

namespace parley::ui {

struct NetworkConfig {
  crypto::Identity identity;
  std::filesystem::path data_dir;  // sessions/, logs/, and lobby/ when hosting
  std::uint32_t poll_ms = 5;  // the longest a command waits before the thread looks at it
  // LAN discovery: where searches are sent (the client's: lobby::lan_probe_targets; none: no
  // search), and the UDP port a lobby hosted here answers them on (none: it does not).
  std::vector<lobby::Endpoint> lan_targets = {};
  std::optional<std::uint16_t> lan_answer_port = std::nullopt;
};

class NetworkThread {
 public:
  // `wake` is called (from the network thread) whenever events are queued, so a frame loop
  // that sleeps between frames can wake up.
  explicit NetworkThread(NetworkConfig config, std::function<void()> wake = {});
  ~NetworkThread();
  NetworkThread(const NetworkThread&) = delete;
  NetworkThread& operator=(const NetworkThread&) = delete;

  // Before the first command: a lobby already started by the caller (`parley host` starts it
  // before opening the window, to report a port in use on the terminal); stopped with the thread.
  void keep_lobby(std::unique_ptr<lobby::ServerThread> server);

  void send(NetCommand command);
  std::vector<NetEvent> take_events();

 private:
  void run();
  void emit(NetEvent event);
  void handle(NetCommand& command);
  void open_connection();
  void search_lan();
  void collect_lan_tables();
  void on_client_event(lobby::ClientEvent& event);
  void forward(const lobby::ClientEvent& event);
  void start_seat(const lobby::RoomState& room);
  void asked(lobby::RequestId request);
  void asked_lobby_room(lobby::RequestId request);
  void step_seat();
  void publish_entries();
  lobby::LobbyClient* client();

  NetworkConfig config_;
  std::function<void()> wake_;

  std::mutex mutex_;
  std::condition_variable commands_ready_;
  std::vector<NetCommand> commands_;
  std::vector<NetEvent> events_;
  std::unique_ptr<lobby::ServerThread> pending_server_;
  bool stopping_ = false;

  // Owned by the network thread.
  std::unique_ptr<lobby::ServerThread> server_;
  std::optional<lobby::Endpoint> endpoint_;
  std::optional<crypto::PublicKey> expected_lobby_key_;  // of the connection asked for (ConnectCommand's)
  std::string display_name_;
  std::unique_ptr<lobby::LobbyClient> client_;
  bool welcomed_ = false;          // the current connection got its Welcome
  bool replaced_ = false;          // the lobby said this key logged in elsewhere: do not fight it
  std::optional<std::chrono::steady_clock::time_point> reconnect_at_;
  // What the screens prepared for the next seat in each game (PrepareSeatCommand).
  std::map<std::string, std::any, std::less<>> prepared_;
  // The person's seat player in the game the runner plays (its game's GameUi made it, new for
  // each game), before runner_, which refers to it.
  std::unique_ptr<SeatPlayer> seat_player_;
  std::string seat_game_;
  std::unique_ptr<peer::SeatRunner> runner_;
  std::optional<lobby::RoomId> runner_room_;
  std::optional<peer::RunnerStatus> reported_status_;
  std::map<lobby::RoomId, std::uint64_t> published_;  // followed rooms: entries passed on so far
  // Requests made for the screens, not yet answered: only their refusals are the user's (the
  // seat runner's, on the shared connection, are its own: a late leave of a closed room).
  std::set<lobby::RequestId> asked_;
  // Of those, the requests of the lobby's common room (WatchLobby, ListPlayers): their refusals
  // go back as LobbyRoomRefused.
  std::set<lobby::RequestId> asked_lobby_room_;
  std::unique_ptr<lobby::LanSearch> lan_search_;
  std::optional<std::chrono::steady_clock::time_point> lan_search_until_;  // answers still taken

  std::thread thread_;  // last: started once everything above exists
};

}  // namespace parley::ui
