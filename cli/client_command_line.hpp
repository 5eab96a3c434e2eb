#pragma once
// `parley host` and `parley client` on the command line. Both programs define them alike:
// `parley` checks the options and hands its command line to parley-client, the program beside it
// that holds the graphical client, which parses it again and runs it. So every other `parley`
// command starts without loading SDL2 and the sixty libraries it needs (docs/performance.md,
// "Archive"), and `parley --help` still lists the two.
#include <CLI/CLI.hpp>

#include <functional>

#include "cli/commands.hpp"

namespace parley::cli {

struct ClientRunners {
  std::function<int(const ClientCommand&)> host, client;
};
// The options fill `host` or `client`; the chosen one's runner leaves its exit status in `status`.
void add_client_commands(CLI::App& app, ClientCommand& host, ClientCommand& client, int& status,
                         const ClientRunners& run);

// Parses the command line and runs the chosen subcommand's callback; the exit status for a usage
// error or a request for help, else `status` as the callback left it.
int run_command_line(CLI::App& app, int argc, char** argv, const int& status);
// Whether run_command_line found --lang on the command line (a remembered choice yields to it).
bool language_on_command_line();

}  // namespace parley::cli
