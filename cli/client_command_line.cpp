#include "cli/client_command_line.hpp"

#include "peer/bots/game_bots.hpp"

namespace parley::cli {

namespace {

void client_options(CLI::App* cmd, ClientCommand& c) {
  cmd->add_flag("--quick-match", c.quick_match, "Queue for a chess game as soon as connected");
  cmd->add_option("--identity", c.identity, "Your key file (created if missing)");
  cmd->add_option("--name", c.name, "The name others see (default: your user name)");
  cmd->add_option("--data", c.data_dir, "Where sessions, logs and PGN are kept (default: ~/.local/share/parley)");
  cmd->add_option("--replay", c.replay, "Open this game log (.plog) in the replay viewer");
  cmd->add_flag("--no-lan", c.no_lan,
                "Do not search the local network for lobbies, nor answer its searches for a lobby hosted here");
  cmd->add_option("--lan-port", c.lan_port, "The UDP port of LAN searches")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  // For tests and screenshots, not listed in --help.
  cmd->add_option("--quit-after", c.quit_after_ms, "Close after this many milliseconds")->group("");
  cmd->add_option("--screenshot", c.screenshot, "Write the last frame to this PNG file")->group("");
}

}  // namespace

void add_client_commands(CLI::App& app, ClientCommand& host_command, ClientCommand& client_command, int& status,
                         const ClientRunners& run) {
  auto* host = app.add_subcommand(
      "host", "Start a lobby in this process and open the graphical client on it; prints the address friends enter");
  host->add_option("--port", host_command.port, "The port the lobby listens on (0: any free port)")->check(CLI::Range(0, 65535));
  host->add_option("--bot", host_command.bot,
                   "House bots waiting in the quick-match queue: " + peer::house_bot_words() +
                       "; repeat it for several games (--bot chess --bot gunjin)")
      ->check(CLI::IsMember(peer::house_bot_names()))
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  host->add_option("--bots", host_command.bots, "risiko: how many house bots (default 2: a 3-seat game with you)")
      ->check(CLI::Range(2, 5));
  host->add_option("--bot-delay", host_command.bot_delay_ms, "The bots' thinking time per move, in milliseconds")
      ->check(CLI::Range(0, 60000));
  host->add_option("--archive", host_command.archive,
                   "Also store each finished room's game in this archive (an SQLite file or a postgresql:// URL; "
                   "verified, as by `parley archive import`)");
  client_options(host, host_command);
  host->callback([&host_command, &status, run] { status = run.host(host_command); });

  auto* client = app.add_subcommand("client", "Open the graphical client (lobby browser, chess board, replay viewer)");
  client->add_option("--lobby", client_command.lobby,
                     "Connect to this lobby at once: HOST:PORT, or lan:NAME for the lobby of this network answering as NAME");
  client_options(client, client_command);
  client->callback([&client_command, &status, run] { status = run.client(client_command); });
}

int run_command_line(CLI::App& app, int argc, char** argv, const int& status) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kUsage;
  }
  return status;
}

}  // namespace parley::cli
