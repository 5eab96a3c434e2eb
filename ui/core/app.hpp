#pragma once
// The client's screens and how they follow one another, without a window: the renderer draws
// what App holds and calls its methods for what the user does; App queues commands for the
// network thread and applies the events it sends back.
//
//   connect ──connected──▶ lobby ──joined a waiting room──▶ room ──game starts──▶ game
//      ▲                     ▲  └────quick match / joined a started room────────────┘ │
//      └──connection lost────┘◀──────────────back to the lobby (game over)────────────┘
//   replay: opened from any screen, closes back to it.
//
// What is a game's own — its board's input, what a seat commits to, its map, its replay — is in
// the game's GameScreen (game_screen.hpp), one for each registered game with screens, which App
// calls for the game in question; App keeps navigation and what the games share.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/core/client_memory.hpp"
#include "ui/core/game_screen.hpp"
#include "ui/core/live_game.hpp"
#include "ui/core/lobby_state.hpp"
#include "ui/core/net_messages.hpp"
#include "ui/core/replay.hpp"
#include "ui/core/trusted_lobbies.hpp"

namespace parley::ui {

enum class Screen : std::uint8_t { connect, lobby, room, game, replay };
std::string_view describe(Screen screen);

// A quick-match queue: the lobby matches players per (game, seats).
struct QuickMatchTarget {
  std::string game;
  std::uint8_t seats = 2;
  friend bool operator==(const QuickMatchTarget&, const QuickMatchTarget&) = default;
};

struct AppConfig {
  crypto::PublicKey identity;
  std::string display_name = "player";
  std::string lobby_address = "127.0.0.1:7777";
  std::uint16_t host_port = 7777;
  bool connect_now = false;  // connect to lobby_address at once (--lobby, parley host)
  bool quick_match = false;  // then queue for the first registered game for two (or the first house bots' game)
  // `parley host --bot`: the queues the house bots wait in, one per game (ui/net/house_bot.hpp);
  // the lobby screen offers each as "Play the house bots".
  std::vector<QuickMatchTarget> house_bots = {};
  // `parley host --bot`: asks a free house bot of `game` to take a seat in `room`; false when
  // every one of them sits in a room already (ui/net/house_bot.hpp). None without house bots.
  std::function<bool(std::string_view game, lobby::RoomId room)> seat_house_bot = {};
  // The lobbies last joined, most recent first (ui/core/client_memory.hpp): the connect screen
  // offers them.
  std::vector<std::string> recent_lobbies = {};
  // The language chosen from the Language menu last time (ClientMemory::language).
  std::string language = {};
  // With connect_now: the key that lobby must prove (`--lobby lan:NAME` found it); not kept for
  // lobbies joined later.
  std::optional<crypto::PublicKey> lobby_key = std::nullopt;
  // Where the games' screens find what the person keeps (their Risiko map drawings); none in tests.
  std::filesystem::path data_dir = {};
  // A lobby that has not welcomed this client this long after Connect is given up on
  // (docs/ui.md, "Connect"); 0: never.
  std::uint64_t connect_timeout_ms = 10'000;
  // While the lobby screen is shown, the players online are listed again this often (docs/ui.md,
  // "Lobby"), and at once when the lobby's pulse says their number changed.
  std::uint64_t player_list_refresh_ms = 5000;
};

// Why the last attempt to reach a lobby failed: kept on the connect screen, with what to try,
// until the person tries again (never a fading notice).
struct ConnectProblem {
  enum class Kind : std::uint8_t {
    bad_address,  // the address field does not parse
    timed_out,    // no welcome within AppConfig::connect_timeout_ms
    failed,       // the connection could not be opened, or closed before the welcome
    lost,         // a lobby that had welcomed this client went away for good
    host_failed,  // the lobby to host here could not start
  } kind = Kind::failed;
  std::string address;  // HOST:PORT as tried (the field's text for bad_address)
  std::string reason;   // the network layer's words, if any
  std::uint64_t waited_ms = 0;  // timed_out: how long it waited
};
// What went wrong, in one sentence with the address, in the person's language.
std::string describe(const ConnectProblem& problem);
// What the person may try next, one suggestion a line.
std::vector<std::string> what_to_try(const ConnectProblem& problem);

// What every room's form has; the game's own options are its screen's (GameScreen::room_options).
struct CreateRoomForm {
  std::string game;  // empty: the first registered game
  int seats = 2;
  int clock_minutes = 0;  // 0: untimed
  int increment_seconds = 0;
  bool invite_only = false;
  std::string event;
};

struct Notice {
  enum class Kind : std::uint8_t { info, error } kind = Kind::info;
  std::string text;
  std::uint64_t at_ms = 0;
};
inline constexpr std::uint64_t kNoticeMs = 6000;

// The games this client can play at its board (others can still be watched as entries).
bool playable(std::string_view game);

class App {
 public:
  explicit App(AppConfig config);
  ~App();

  Screen screen() const { return screen_; }
  const AppConfig& config() const { return config_; }
  std::string fingerprint() const;

  // ---- the network thread ----
  void on_event(const NetEvent& event, std::uint64_t local_ms);
  std::vector<NetCommand> take_commands() { return std::exchange(commands_, {}); }
  // Queues a command (the games' screens send theirs through here).
  void send(NetCommand command) { commands_.push_back(std::move(command)); }

  // ---- connect ----
  std::string address_field;
  std::string name_field;
  void connect(std::uint64_t local_ms);
  void host(std::uint16_t port, std::uint64_t local_ms);
  // Stops an attempt to connect (the connect screen's Cancel); nothing else happens.
  void cancel_connect();
  // How long the attempt under way has waited for the lobby's welcome (0 when none is).
  std::uint64_t connecting_for_ms(std::uint64_t local_ms) const;
  // The address being tried, while connecting.
  const std::string& connecting_to() const { return config_.lobby_address; }
  // Why the last attempt failed, until the next one (or a welcome).
  const std::optional<ConnectProblem>& connect_problem() const { return connect_problem_; }
  const std::vector<std::string>& host_addresses() const { return host_addresses_; }
  // Whether the lobby hosted here answers LAN searches (under this client's name).
  bool host_listed_on_lan() const { return host_listed_on_lan_; }

  // ---- tables on the local network (docs/ui.md, "Connect") ----
  // While the connect screen is shown, tick() searches the LAN every kLanSearchMs; a table
  // that stops answering is forgotten after kLanTableForgetMs (a lost answer or two is not).
  static constexpr std::uint64_t kLanSearchMs = 3000;
  static constexpr std::uint64_t kLanTableForgetMs = 10000;
  static constexpr std::size_t kMaxLanTables = lobby::LanSearch::kMaxTables;  // listed at once
  const std::vector<lobby::LanTable>& lan_tables() const { return lan_tables_; }
  // Connects to a table found, insisting on the key it answered with.
  void join_lan_table(std::size_t index, std::uint64_t local_ms);

  // ---- what the client remembers between runs ----
  const std::vector<std::string>& recent_lobbies() const { return memory_.lobbies; }
  // The name and lobbies to keep, once they changed: a lobby joined by its address (connect())
  // welcomed this client. The shell writes them to the data folder.
  // The Language menu's choice, kept for the next start.
  void remember_language(std::string_view code) {
    if (memory_.language == code) return;
    memory_.language = std::string(code);
    memory_changed_ = true;
  }
  std::optional<ClientMemory> take_memory_to_save() {
    if (!memory_changed_) return std::nullopt;
    memory_changed_ = false;
    return memory_;
  }

  // ---- the games' screens (game_screen.hpp), in the order the games were registered ----
  const std::vector<std::unique_ptr<GameScreen>>& game_screens() const { return screens_; }
  // The screen of `game`; null for a game this client cannot play at its board.
  GameScreen* game_screen(std::string_view game) const;

  // ---- lobby ----
  const LobbyState& lobby() const { return lobby_; }
  // The person's trusted lobbies: the lobby screen offers to add the one it is connected to.
  TrustedLobbies& trusted_lobbies() { return trusted_lobbies_; }
  void refresh_rooms();
  // Called every pass of the client's loop: while the lobby screen is shown, the room list is
  // asked for again every kRoomListRefreshMs, so rooms others open, fill and start show up;
  // while the connect screen is, the LAN is searched (above).
  void tick(std::uint64_t local_ms);
  static constexpr std::uint64_t kRoomListRefreshMs = 5000;
  // Queues for a quick match of `game` (GameScreen::quick_match).
  void quick_match(std::string_view game, std::uint8_t seats);
  // Queues where house bots wait.
  void play_house_bots(const QuickMatchTarget& bots);
  // The room screen's "Seat a house bot": a room of a game the host has house bots for, still
  // waiting, with a seat open. The room's options (clock, variants, map) are the bot's too.
  bool may_seat_house_bot() const;
  void seat_house_bot(std::uint64_t local_ms);
  void leave_queue();
  // ---- the lobby's common room (docs/ui.md, "Lobby") ----
  // While the lobby screen is shown (a replay opened over it included) and the lobby serves it,
  // the client watches the lobby's common room: its chat and pulse (who is online, who waits in
  // each queue). The players online are listed again every AppConfig::player_list_refresh_ms,
  // and at once when a pulse says their number changed. Entering a room or a game stops watching.
  bool watching_lobby() const { return watching_lobby_; }
  void send_lobby_chat(const std::string& text);
  void create_room(const CreateRoomForm& form, std::uint64_t local_ms);
  void join(lobby::RoomId room, lobby::Role role);
  void join_by_code(const std::string& code, lobby::Role role, std::uint64_t local_ms);
  void disconnect();

  // ---- room and chat ----
  void set_ready(bool ready);
  void leave_room();
  void send_chat(const std::string& text);

  // ---- game ----
  const LiveGame* game() const { return game_ ? &*game_ : nullptr; }
  // The screen of the game on screen, if the client can play it.
  GameScreen* game_on_screen() const { return active_; }
  // The board seen from the other side (both the game's and the replay's).
  bool flipped() const { return flipped_; }
  void flip() { flipped_ = !flipped_; }
  const std::optional<SeatUpdate>& seat() const { return seat_; }
  bool result_dialog_open() const { return result_dialog_; }
  void close_result_dialog() { result_dialog_ = false; }
  // Back to the lobby once the game is over (or when only watching).
  bool can_leave_game() const;
  void leave_game();
  // This client holds a seat in a game still being played: quitting now leaves the seat to time
  // out unless the client comes back (the screens ask first).
  bool game_in_progress() const;

  // ---- rematch (docs/ui.md, "Flow") ----
  // The lobby has no rematch message: a rematch is a new public room of the same game and
  // options named after the old one ("rematch of room N"). The seat that played second creates
  // it (so it plays first: the colours swap); the others find it in the room list and join it.
  // On a host with house bots of the game, the room gets a house bot instead of waiting.
  struct Rematch {
    lobby::RoomId old_room;
    std::string game;
    std::string marker;  // the new room's event
    bool creator = false;
    std::vector<std::string> others;  // the other players' names, as in the old game
    std::uint64_t since_ms = 0;
    bool room_created = false;
  };
  bool can_rematch() const;
  void rematch(std::uint64_t local_ms);
  const std::optional<Rematch>& rematch_pending() const { return rematch_; }
  static constexpr std::uint64_t kRematchWaitMs = 120'000;  // the others' room is looked for this long
  static std::string rematch_marker(lobby::RoomId old_room);

  // ---- replay ----
  void open_replay(ReplayViewer viewer);
  void close_replay();
  ReplayViewer* replay() { return replay_ ? &*replay_ : nullptr; }
  const ReplayViewer* replay() const { return replay_ ? &*replay_ : nullptr; }

  // ---- what the user must know ----
  void notify(Notice::Kind kind, std::string text, std::uint64_t local_ms);
  std::vector<Notice> active_notices(std::uint64_t local_ms) const;
  // Red banners: a seat caught cheating, a lobby fault, the seat runner stopping.
  std::vector<std::string> banners() const;
  // One line per notable event (connected, each move, the result, the log), for the terminal
  // the client was started from and for tests.
  std::vector<std::string> take_log_lines() { return std::exchange(log_lines_, {}); }
  void say(std::string line) { log_lines_.push_back(std::move(line)); }

 private:
  void on_lobby(const lobby::ClientEvent& event, std::uint64_t local_ms);
  void on_entries(const RoomEntries& entries, std::uint64_t local_ms);
  void on_seat(const SeatUpdate& update, std::uint64_t local_ms);
  void connect_to(std::optional<crypto::PublicKey> lobby_key, std::uint64_t local_ms);
  void on_lan_tables(const std::vector<lobby::LanTable>& found, std::uint64_t local_ms);
  void search_lan(std::uint64_t local_ms);
  void stop_games();
  void log_session_events(std::uint64_t local_ms);
  void tell_of_declined_offer(std::uint64_t local_ms);
  void connect_failed(ConnectProblem problem, std::uint64_t local_ms);
  void look_for_rematch();
  // The screen shown, or the one under the replay viewer.
  Screen screen_under_replay() const { return screen_ == Screen::replay ? before_replay_ : screen_; }
  // Watches the lobby's common room or stops, as the screen and the connection say; lists its
  // players when due.
  void follow_lobby_room(std::uint64_t local_ms);

  AppConfig config_;
  Screen screen_ = Screen::connect;
  Screen before_replay_ = Screen::connect;
  LobbyState lobby_;
  TrustedLobbies trusted_lobbies_;
  std::vector<NetCommand> commands_;
  std::vector<std::string> host_addresses_;
  bool host_listed_on_lan_ = false;
  std::optional<std::uint64_t> next_room_list_ms_;  // while the lobby screen is shown
  std::optional<std::uint64_t> next_lan_search_ms_;  // while the connect screen is shown
  bool watching_lobby_ = false;                      // WatchLobby on sent on this connection
  std::optional<std::uint64_t> next_player_list_ms_;  // while watching
  std::optional<std::uint32_t> listed_online_;        // the pulse's count when the list was asked
  std::vector<lobby::LanTable> lan_tables_;
  std::vector<std::uint64_t> lan_table_seen_ms_;  // beside lan_tables_: when each last answered
  ClientMemory memory_;
  bool memory_changed_ = false;
  bool joining_by_address_ = false;  // connect() asked; hosting is not remembered
  std::optional<std::uint64_t> connecting_since_ms_;  // an attempt waits for the welcome
  std::optional<ConnectProblem> connect_problem_;

  std::vector<std::unique_ptr<GameScreen>> screens_;
  std::optional<LiveGame> game_;
  GameScreen* active_ = nullptr;  // game_'s screen
  std::optional<lobby::RoomId> game_room_;
  bool flipped_ = false;
  std::optional<SeatUpdate> seat_;
  bool result_dialog_ = false;
  bool result_seen_ = false;
  std::size_t events_logged_ = 0;
  bool my_draw_offer_standing_ = false;  // the person's draw offer stood after the last entries
  std::vector<std::string> seat_failures_;
  std::optional<Rematch> rematch_;

  std::optional<ReplayViewer> replay_;
  std::vector<Notice> notices_;
  std::vector<std::string> log_lines_;
};

}  // namespace parley::ui
