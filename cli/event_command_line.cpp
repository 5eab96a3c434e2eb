// `parley trust`, `parley event` and `parley archive players` on the command line, and the trust
// options of the verifying commands (cli/event_commands.hpp). Apart from main.cpp, which calls
// add_event_commands once, so that adding these commands edits no central file beyond that.
#include <CLI/CLI.hpp>

#include "cli/event_commands.hpp"

namespace parley::cli {

namespace {

// What the commands registered here parse into; they live as long as the program.
struct EventInvocation {
  TrustAddOptions trust_add;
  std::string trust_removed;
  ArchivePlayersOptions players;
  EventCreateOptions create;
  EventRegisterOptions register_player;
  EventRequestOptions request;
  EventAcceptOptions accept;
  EventPairOptions pair;
  EventCollectOptions collect;
  EventStandingsOptions standings;
  EventExportOptions exporter;
  EventPublishOptions publish;
  EventVerifyOptions verify;
};

EventInvocation& invocation() {
  static EventInvocation in;
  return in;
}

void add_trust(CLI::App& app, int& status) {
  EventInvocation& in = invocation();
  auto* trust = app.add_subcommand(
      "trust", "The lobbies you trust: parley verify accepts their logs without --lobby-key ($XDG_CONFIG_HOME/parley/lobbies)");
  trust->require_subcommand(1);
  auto* add = trust->add_subcommand("add", "Trust a lobby: its key (hex), fingerprint or key file, or ask it (--lobby)");
  add->add_option("KEY", in.trust_add.key, "The lobby's key in hex, its fingerprint, or its key file");
  add->add_option("--lobby", in.trust_add.lobby, "Ask the lobby at HOST:PORT for its key, show it and ask you");
  add->add_option("--note", in.trust_add.note, "A note kept with it (where it is, whose it is)");
  add->add_flag("--yes", in.trust_add.yes, "With --lobby: trust the key it proves without asking");
  add->callback([&status, &in] { status = trust_add(in.trust_add); });
  auto* list = trust->add_subcommand("list", "The lobbies you trust: fingerprint, key, note");
  list->callback([&status] { status = trust_list(); });
  auto* remove = trust->add_subcommand("remove", "Stop trusting a lobby");
  remove->add_option("KEY", in.trust_removed, "The lobby's key in hex, its fingerprint, or its key file")->required();
  remove->callback([&status, &in] { status = trust_remove(in.trust_removed); });
}

constexpr const char* kIdentityHelp = "The organizer's key file (default: ~/.local/share/parley/identity)";

void add_event(CLI::App& app, int& status) {
  EventInvocation& in = invocation();
  auto* ev = app.add_subcommand("event", "An organizer's event: roster, pairings, seats reserved on a lobby, results, "
                                         "standings, and a bundle anyone re-checks (docs/events.md)");
  ev->require_subcommand(1);

  auto* create = ev->add_subcommand("create", "Write a new event file signed by your key, pinning the lobby's key");
  auto& c = in.create;
  create->add_option("FILE", c.file, "The event file to write (its folder holds the rounds)")->required();
  create->add_option("--name", c.name, "The event's name")->required();
  create->add_option("--game", c.game, "chess, gunjin or risiko")->capture_default_str();
  create->add_option("--system", c.system, "swiss or round-robin")->capture_default_str();
  create->add_option("--rounds", c.rounds, "How many rounds")->required();
  create->add_option("--clock", c.clock, "BASE+INC in seconds (default: untimed)");
  create->add_option("--deadline", c.deadline, "A round's games must end within this of its pairing: 90s, 45m, 48h, 7d");
  create->add_option("--table-size", c.table_size, "risiko: players a table, 3-6 (default 4)");
  create->add_option("--initial-colour", c.initial_colour, "white or black: the colour of pairing number 1 in round 1")
      ->capture_default_str();
  create->add_option("--lobby", c.lobby, "The event's lobby, HOST:PORT: its key is asked, shown and pinned")->required();
  create->add_option("--lobby-key", c.lobby_keys, "Pin this lobby key too (hex or key file; repeatable)")
      ->allow_extra_args(false);
  create->add_option("--identity", c.identity, kIdentityHelp);
  create->add_flag("--yes", c.yes, "Pin the key the lobby proves without asking");
  create->callback([&status, &c] { status = event_create(c); });

  auto* reg = ev->add_subcommand("register", "Enter a player in the roster (before round 1 is paired)");
  auto& r = in.register_player;
  reg->add_option("FILE", r.file, "The event file")->required();
  reg->add_option("--player", r.player, "The player's name")->required();
  reg->add_option("--key", r.key, "The player's key: hex, a key file, or a fingerprint the archive knows")->required();
  reg->add_option("--rating", r.rating, "The player's rating (the initial ranking)")->check(CLI::Range(0, 4000));
  reg->add_option("--ratings-from", r.ratings_from,
                  "Rate the player from this archive's verified games (Glicko-2, parley archive players)");
  reg->add_option("--identity", r.identity, kIdentityHelp);
  reg->callback([&status, &r] { status = event_register(r); });

  auto* req = ev->add_subcommand("request", "A player's signed request to play in an event, for its organizer");
  auto& q = in.request;
  req->add_option("FILE", q.file, "The event file the organizer gave you")->required();
  req->add_option("--name", q.name, "The name you play under")->required();
  req->add_option("--identity", q.identity, "Your key file (default: ~/.local/share/parley/identity)");
  req->add_option("--out", q.out, "The request file (default: registration-FINGERPRINT.preg)");
  req->callback([&status, &q] { status = event_request(q); });

  auto* acc = ev->add_subcommand("accept", "Enter players from their signed requests");
  auto& a = in.accept;
  acc->add_option("FILE", a.file, "The event file")->required();
  acc->add_option("REQUEST", a.requests, "Request files (parley event request)")->required();
  acc->add_option("--rating", a.rating, "Their rating")->check(CLI::Range(0, 4000));
  acc->add_option("--ratings-from", a.ratings_from, "Rate them from this archive's verified games");
  acc->add_option("--identity", a.identity, kIdentityHelp);
  acc->callback([&status, &a] { status = event_accept(a); });

  auto* pair = ev->add_subcommand(
      "pair", "Pair the next round, sign it, and make a room per board on the event's lobby with seats reserved");
  auto& p = in.pair;
  pair->add_option("FILE", p.file, "The event file")->required();
  pair->add_option("--round", p.round, "The round (default: the next)");
  pair->add_option("--not-paired", p.not_paired, "Leave this player out of the round (name, fingerprint or key; repeatable)")
      ->allow_extra_args(false);
  pair->add_flag("--no-rooms", p.no_rooms, "Write the pairings only");
  pair->add_flag("--json", p.json, "The boards, rooms and invite codes as JSON");
  pair->add_option("--identity", p.identity, kIdentityHelp);
  pair->callback([&status, &p] { status = event_pair(p); });

  auto* collect = ev->add_subcommand(
      "collect", "Take the round's games from their logs: each must verify against the event's lobby and its board");
  auto& l = in.collect;
  collect->add_option("FILE", l.file, "The event file")->required();
  collect->add_option("LOG", l.logs, "Game logs (.plog)");
  collect->add_option("--archive", l.archive, "Also every game of the event's lobby in this archive (parley-lobby --archive)");
  collect->add_option("--round", l.round, "The round (default: the one being played)");
  collect->add_flag("--close", l.close, "Write the results: a board without its game is a forfeit (after the deadline)");
  collect->add_option("--came", l.came, "With --close: this player came to an unplayed board (repeatable)")
      ->allow_extra_args(false);
  collect->add_flag("--json", l.json, "Each log's verdict as JSON");
  collect->add_option("--identity", l.identity, kIdentityHelp);
  collect->callback([&status, &l] { status = event_collect(l); });

  auto* standings = ev->add_subcommand("standings", "Standings and crosstable with the system's tie-breaks");
  auto& s = in.standings;
  standings->add_option("FILE", s.file, "The event file")->required();
  standings->add_option("--format", s.format, "text, csv or html")->check(CLI::IsMember({"text", "csv", "html"}));
  standings->callback([&status, &s] { status = event_standings(s); });

  auto* exporter = ev->add_subcommand("export", "Every game as PGN (chess), or the event as FIDE TRF-16");
  auto& x = in.exporter;
  exporter->add_option("FILE", x.file, "The event file")->required();
  exporter->add_flag("--pgn", x.pgn, "PGN with Event, Round and Board tags");
  exporter->add_flag("--trf", x.trf, "FIDE TRF-16");
  exporter->callback([&status, &x] { status = event_export(x); });

  auto* publish = ev->add_subcommand(
      "publish", "Write the bundle: event, pairings, results, logs, standings, TRF and the signed manifest");
  auto& u = in.publish;
  publish->add_option("FILE", u.file, "The event file")->required();
  publish->add_option("DIR", u.dir, "A new (or empty) folder")->required();
  publish->add_option("--identity", u.identity, kIdentityHelp);
  publish->callback([&status, &u] { status = event_publish(u); });

  auto* verify = ev->add_subcommand("verify", "Re-check a bundle offline: a verdict per round and per game; exit 0 only if all holds");
  auto& v = in.verify;
  verify->add_option("DIR", v.dir, "The bundle's folder")->required();
  verify->add_option("--organizer-key", v.organizer_key, "The organizer you trust (hex or key file)");
  verify->add_flag("--json", v.json, "As JSON, with stable codes");
  verify->callback([&status, &v] { status = event_verify(v); });
}

void add_players(CLI::App& app, int& status) {
  CLI::App* archive = nullptr;
  for (auto* sub : app.get_subcommands({})) if (sub->get_name() == "archive") archive = sub;
  if (archive == nullptr) return;
  auto& o = invocation().players;
  auto* players = archive->add_subcommand("players", "Glicko-2 ratings from the archive's verified game logs");
  players->add_option("--db", o.db, "The archive (default: ~/.local/share/parley/archive.sqlite)");
  players->add_option("--kind", o.kind, "Only this game's games");
  players->add_option("--lobby-key", o.lobby_key, "Only games stamped by this lobby (hex or fingerprint)");
  players->add_flag("--json", o.json, "As JSON");
  players->callback([&status, &o] { status = archive_players(o); });
}

}  // namespace

void add_trust_options(CLI::App* command, LobbyTrustOptions& options) {
  auto* keys = command->add_option(
      "--lobby-key", options.lobby_keys,
      "Trust only logs stamped by this lobby: its key in hex, its fingerprint or its key file (repeatable; "
      "default: the lobbies of your trust store, parley trust)")
                   ->allow_extra_args(false);
  auto* any = command->add_flag("--any-lobby", options.any_lobby,
                                "Check the log's internal consistency only, whoever signed it as the lobby");
  keys->excludes(any);
}

void add_event_commands(CLI::App& app, int& status) {
  add_trust(app, status);
  add_event(app, status);
  add_players(app, status);
}

}  // namespace parley::cli
