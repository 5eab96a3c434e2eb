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

void add_event_commands(CLI::App& app, int& status) { add_trust(app, status); }

}  // namespace parley::cli
