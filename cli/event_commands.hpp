#pragma once
// The commands of trust roots and of the organizer's event (docs/cli.md, docs/events.md):
// `parley trust …`, `parley event …` and `parley archive players`. Plain option structs, as in
// commands.hpp; event_command_line.cpp registers them on the command line.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/lobby_pins.hpp"
#include "crypto/identity.hpp"
#include "lobby/protocol/endpoint.hpp"

namespace CLI {
class App;
}

namespace parley::cli {

// ---- trust --------------------------------------------------------------------------------

struct TrustAddOptions {
  std::string key;    // a key in hex, a fingerprint or a key file; or empty with --lobby
  std::string lobby;  // HOST:PORT: ask the lobby for its key
  std::string note;
  bool yes = false;   // --lobby: trust the key without asking
};
int trust_add(const TrustAddOptions& options);
int trust_list();
int trust_remove(const std::string& key);
// `parley play` at a terminal: the lobby's key shown and offered to the trust store; `expected`
// becomes that key, so the game's connection is held to it.
void offer_trust(const std::string& given, const lobby::Endpoint& endpoint, std::optional<crypto::PublicKey>& expected);

// ---- event --------------------------------------------------------------------------------

struct EventCreateOptions {
  std::string file;
  std::string name, game = "chess", system = "swiss";
  int rounds = 0;
  std::string clock;       // BASE+INC in seconds
  std::string deadline;    // a round's games must end within this of its pairing: 90s, 45m, 48h, 7d
  int table_size = 0;      // risiko
  std::string lobby;       // HOST:PORT
  std::vector<std::string> lobby_keys;  // more lobby keys to pin beside the one the lobby proves
  std::string identity;    // the organizer's key file
  std::string initial_colour = "white";
  bool yes = false;
};
int event_create(const EventCreateOptions& options);

struct EventRegisterOptions {
  std::string file;
  std::string player;
  std::string key;           // hex, key file, or a fingerprint the archive knows
  int rating = -1;
  std::string ratings_from;  // an archive: the player's Glicko-2 rating from its verified games
  std::string identity;
};
int event_register(const EventRegisterOptions& options);

struct EventRequestOptions {
  std::string file;
  std::string name;
  std::string identity;  // the player's key file
  std::string out;       // the request file (default: NAME-FINGERPRINT.preg beside the event)
};
int event_request(const EventRequestOptions& options);

struct EventAcceptOptions {
  std::string file;
  std::vector<std::string> requests;
  int rating = -1;
  std::string ratings_from;
  std::string identity;
};
int event_accept(const EventAcceptOptions& options);

struct EventPairOptions {
  std::string file;
  int round = 0;
  std::vector<std::string> not_paired;  // players left out: key, fingerprint or name
  std::string identity;
  bool json = false;
  bool no_rooms = false;  // write the pairings only (rooms made later, or by hand)
};
int event_pair(const EventPairOptions& options);

struct EventCollectOptions {
  std::string file;
  std::vector<std::string> logs;
  std::string archive;   // collect from a lobby's --archive database
  int round = 0;         // 0: the round being played
  bool close = false;    // write the round's results; boards without a game are forfeits
  std::vector<std::string> came;  // with --close: players who came to a board that was not played
  std::string identity;
  bool json = false;
};
int event_collect(const EventCollectOptions& options);

struct EventStandingsOptions {
  std::string file;
  std::string format = "text";
};
int event_standings(const EventStandingsOptions& options);

struct EventExportOptions {
  std::string file;
  bool pgn = false, trf = false;
};
int event_export(const EventExportOptions& options);

struct EventPublishOptions {
  std::string file, dir;
  std::string identity;
};
int event_publish(const EventPublishOptions& options);

struct EventVerifyOptions {
  std::string dir;
  std::string organizer_key;
  bool json = false;
};
int event_verify(const EventVerifyOptions& options);

// ---- archive ------------------------------------------------------------------------------

struct ArchivePlayersOptions {
  std::string db;
  std::string kind;       // only this game's games
  std::string lobby_key;  // only games stamped by this lobby
  bool json = false;
};
// Every player of the archive's verified two-seat games with their Glicko-2 rating.
int archive_players(const ArchivePlayersOptions& options);

// ---- the command line ---------------------------------------------------------------------

// --lobby-key and --any-lobby on a verifying command.
void add_trust_options(CLI::App* command, LobbyTrustOptions& options);
// `parley trust`, `parley event` and `parley archive players` (after add_archive).
void add_event_commands(CLI::App& app, int& status);

}  // namespace parley::cli
