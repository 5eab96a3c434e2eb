// parley-client: the graphical client (SDL2, docs/ui.md) as its own program, which `parley host`
// and `parley client` start (cli/client_command_line.hpp); run alone, it takes the same two. A
// composition root: the games are registered with their board views (games/register.hpp) first.
#include "cli/client_command_line.hpp"
#include "games/register.hpp"

int main(int argc, char** argv) {
  using namespace parley::cli;
  parley::games::register_views();
  CLI::App app{"parley-client: the graphical client of parley (`parley host`, `parley client`)"};
  app.require_subcommand(1);
  ClientCommand host, client;
  int status = kSuccess;
  add_client_commands(app, host, client, status, ClientRunners{run_host, run_client});
  return run_command_line(app, argc, argv, status);
}
