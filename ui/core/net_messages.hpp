#pragma once
// What the screens and the network thread say to each other. The screens never touch the
// network: they queue commands; the network thread (ui/net) carries them out on its lobby
// connection and its seat runner, and queues back events — every lobby event, the verified
// entries of the games it follows, the seat runner's state. Both are plain values, so the
// screens' logic is tested by feeding it events.
#include <any>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "lobby/client/lan_search.hpp"
#include "lobby/client/lobby_client.hpp"
#include "peer/net/runner.hpp"
#include "peer/session/options.hpp"

namespace parley::ui {

// ---- screens → network thread -------------------------------------------------------------

struct ConnectCommand {
  lobby::Endpoint lobby;
  std::string display_name;
  // The key the lobby must prove it holds (a table found on the LAN named it); none: any.
  std::optional<crypto::PublicKey> lobby_key = std::nullopt;
};
// Start a lobby inside this process on `port` (0.0.0.0) and connect to it.
struct HostCommand {
  std::uint16_t port = 7777;
  std::string display_name;
};
struct DisconnectCommand {};
// Ask the local network which lobbies answer LAN searches (lobby/client/lan_search.hpp); the
// tables come back as LanTablesFound for a second or so.
struct SearchLanCommand {};
struct ListRoomsCommand {
  lobby::RoomId after;  // paging
};
struct CreateRoomCommand {
  std::string game;
  std::uint8_t seats = 2;
  peer::RoomOptions options;
  lobby::Visibility visibility = lobby::Visibility::public_room;
};
struct JoinRoomCommand {
  lobby::RoomId room;  // 0: by invite code
  std::string invite_code;
  lobby::Role role = lobby::Role::player;
};
struct LeaveRoomCommand {
  lobby::RoomId room;
};
struct ReadyCommand {
  lobby::RoomId room;
  bool ready = true;
};
struct QuickMatchCommand {
  std::string game;
  std::uint8_t seats = 2;
};
struct LeaveQueueCommand {};
struct ChatCommand {
  lobby::RoomId room;  // lobby::kLobbyRoom: the lobby's common chat
  std::string text;
};
// Joins (on) or leaves (off) the lobby's common room: its chat and the pulse of who is online
// and who waits in each queue (lobby/protocol/messages.hpp, WatchLobby).
struct WatchLobbyCommand {
  bool on = true;
};
// A page of the players online, after `after` in key order (none: the first page).
struct ListPlayersCommand {
  std::optional<crypto::PublicKey> after;
};
// For the seat this client plays in a game of `game`: an intent of the person's, of the type the
// game's screen makes (ui/core/game_ui.hpp: its SeatPlayer takes it).
struct SeatIntentCommand {
  std::string game;
  std::any intent;
};
// What this client's next seat in a game of `game` commits to (the Gunjin layout, sent before
// Ready or a quick match), for the game's SeatPlayer.
struct PrepareSeatCommand {
  std::string game;
  std::any prepared;
};

using NetCommand = std::variant<ConnectCommand, HostCommand, DisconnectCommand, SearchLanCommand, ListRoomsCommand, CreateRoomCommand,
                                JoinRoomCommand, LeaveRoomCommand, ReadyCommand, QuickMatchCommand, LeaveQueueCommand,
                                ChatCommand, SeatIntentCommand, PrepareSeatCommand, WatchLobbyCommand, ListPlayersCommand>;

// What a SeatIntentCommand or a PrepareSeatCommand carries, as the game's type T; null when the
// command is not one or carries something else.
template <class T>
const T* seat_intent(const NetCommand& command) {
  const auto* c = std::get_if<SeatIntentCommand>(&command);
  return c ? std::any_cast<T>(&c->intent) : nullptr;
}
template <class T>
const T* prepared_seat(const NetCommand& command) {
  const auto* c = std::get_if<PrepareSeatCommand>(&command);
  return c ? std::any_cast<T>(&c->prepared) : nullptr;
}

// ---- network thread → screens -------------------------------------------------------------

// Every event of the lobby connection except the transcript bookkeeping (EntryAppended,
// EntriesEnd), which arrives as RoomEntries instead, and the refusals of WatchLobbyCommand and
// ListPlayersCommand, which arrive as LobbyRoomRefused.
struct LobbyEvent {
  lobby::ClientEvent event;
};
// The connection could not be opened (a bad address), or was lost; reconnecting is automatic
// while `retrying`.
struct ConnectionLost {
  std::string reason;
  bool retrying = false;
};
// The embedded lobby is listening; friends enter one of `addresses` (HOST:PORT).
struct HostStarted {
  lobby::Endpoint local;
  std::vector<std::string> addresses;
  std::optional<std::uint16_t> lan_port = std::nullopt;  // where it answers LAN searches, if it does
};
struct HostFailed {
  std::string reason;
};
// Tables that answered the last LAN search (more may follow for the same search).
struct LanTablesFound {
  std::vector<lobby::LanTable> tables;
};
// Verified entries of a started room this connection is in (as a seat or watching), in order
// from `first`.
struct RoomEntries {
  lobby::RoomId room;
  crypto::PublicKey lobby_key;
  lobby::EntryIndex first;
  std::vector<lobby::SignedEntry> entries;
};
// The seat runner playing this client's seat in `room`.
struct SeatUpdate {
  lobby::RoomId room;
  peer::RunnerStatus status = peer::RunnerStatus::playing;
  std::string failure;
  std::optional<std::filesystem::path> log;
  std::vector<std::string> notes;
};
// An intent the rules refused when the runner came to post it (the position had changed).
struct IntentRefused {
  std::string reason;
};
// What the seat player of `room` (a game of `game`) tells the game's screen of this seat alone
// (SeatPlayer::news): the Risiko seat's own secrets, the Gunjin layout it plays with.
struct SeatNews {
  lobby::RoomId room;
  std::string game;
  std::any news;
};

// The lobby refused to watch its common room or to list its players: a lobby of an older parley
// refuses both as unknown messages (the screens then leave its panels out, and say nothing).
struct LobbyRoomRefused {
  lobby::Refusal reason = lobby::Refusal::unknown_message;
};

using NetEvent = std::variant<LobbyEvent, ConnectionLost, HostStarted, HostFailed, LanTablesFound, RoomEntries, SeatUpdate, IntentRefused,
                              SeatNews, LobbyRoomRefused>;

}  // namespace parley::ui
