// parley: the command-line front end. This file parses the command line; the commands
// themselves are plain functions (commands.hpp) over the libraries.
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "game/chess/position.hpp"

namespace {

using namespace parley::cli;

// Each subcommand stores its options here and, when it is the one chosen, its exit status.
struct Invocation {
  PerftOptions perft{std::string(parley::game::chess::kStartFen)};
  PlayOptions play{std::string(parley::game::chess::kStartFen), {}};
  std::vector<std::string> check_files;
  ConvertOptions convert;
  int status = kSuccess;
};

void add_chess(CLI::App& app, Invocation& in) {
  auto* chess = app.add_subcommand("chess", "Chess tools: perft, and a game for two players at one terminal");
  chess->require_subcommand(1);

  auto* perft = chess->add_subcommand("perft", "Count the leaves of the legal move tree; the count is the last line");
  perft->add_option("--fen", in.perft.fen, "Start position (default: the initial position)");
  perft->add_option("--depth", in.perft.depth, "Depth in half-moves")->required()->check(CLI::Range(0, 12));
  perft->add_flag("--divide", in.perft.divide, "Also print the count below each root move (uci: count)");
  perft->callback([&in] { in.status = chess_perft(in.perft); });

  auto* play = chess->add_subcommand("play", "Play chess with two players at this terminal");
  play->add_option("--fen", in.play.fen, "Start position");
  play->add_option("--pgn", in.play.pgn, "Save the game to this PGN file when it ends");
  play->callback([&in] { in.status = chess_play(in.play); });
}

void add_pgn(CLI::App& app, Invocation& in) {
  auto* pgn = app.add_subcommand("pgn", "Read, check and convert PGN files");
  pgn->require_subcommand(1);

  auto* check = pgn->add_subcommand(
      "check", "Play every move of every game through the engine; one line per bad game, then a summary");
  check->add_option("FILE", in.check_files, "PGN files ('-' for standard input)")->required();
  check->callback([&in] { in.status = pgn_check(in.check_files); });

  auto* convert = pgn->add_subcommand(
      "convert", "Write every good game as canonical PGN or JSON on standard output; bad games on standard error");
  convert->add_option("FILE", in.convert.file, "PGN file ('-' for standard input)")->required();
  convert->add_option("--to", in.convert.to, "Output format")->check(CLI::IsMember({"pgn", "json"}))->required();
  convert->callback([&in] { in.status = pgn_convert(in.convert); });
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"parley: board games with hidden information, played without a trusted host"};
  app.require_subcommand(1);
  app.footer(
      "Exit status: 0 success, 1 the input is invalid (a bad game, an illegal move), 2 usage "
      "error, 3 a file could not be read.");
  Invocation in;
  add_chess(app, in);
  add_pgn(app, in);
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
  return in.status;
}
