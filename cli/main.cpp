// parley: the command-line front end. Thin: parsing arguments and printing; the work is in the
// libraries.
#include <fmt/core.h>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"parley: board games with hidden information, played without a trusted host"};
  app.require_subcommand(1);
  app.footer(
      "Exit status: 0 success, 1 the input is invalid (a bad game, an illegal move), 2 usage "
      "error, 3 a file could not be read.");
  int status = parley::cli::kSuccess;
  parley::cli::add_chess_commands(app, status);
  parley::cli::add_pgn_commands(app, status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return parley::cli::kUsage;
  }
  return status;
}
