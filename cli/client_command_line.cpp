#include "cli/client_command_line.hpp"

#include <fmt/core.h>

#include <filesystem>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "cli/suggest.hpp"
#include "i18n/i18n.hpp"
#include "peer/bots/game_bots.hpp"

namespace parley::cli {

namespace {

// When the command line names a command that does not exist where it stands ("parley verfy",
// "parley chess perf"), what to say instead of CLI11's own message: the closest commands.
std::optional<std::string> unknown_command(const CLI::App& app, int argc, char** argv) {
  const CLI::App* at = &app;
  std::string path = argc > 0 ? std::filesystem::path(argv[0]).filename().string() : "parley";
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word.empty() || word[0] == '-') return std::nullopt;  // an option: CLI11 says what is wrong
    const auto named = at->get_subcommands([&](const CLI::App* sub) { return sub->check_name(word); });
    if (!named.empty()) {
      at = named.front();
      path += " " + word;
      continue;
    }
    const auto positionals = at->get_options([](const CLI::Option* o) { return o->get_positional(); });
    const auto commands = at->get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
    if (commands.empty() || !positionals.empty()) return std::nullopt;  // an argument, not a command
    std::vector<std::string> names;
    for (const CLI::App* sub : commands) names.push_back(sub->get_name());
    const std::vector<std::string> near = closest_words(word, names);
    const std::string prefix = path.find(' ') == std::string::npos ? "" : path.substr(path.find(' ') + 1) + " ";
    if (near.empty()) return i18n::trf("unknown command '{0}': '{1} --help' lists the commands", prefix + word, path);
    std::string listed;
    for (const std::string& name : near) listed += (listed.empty() ? "'" : ", '") + prefix + name + "'";
    return i18n::trnf("unknown command '{0}'; did you mean {1}?", "unknown command '{0}'; did you mean one of {1}?",
                      near.size(), prefix + word, listed);
  }
  return std::nullopt;
}

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
  host->add_option("--level", host_command.level, "The house chess bot's level, 1 (weakest) to 8 (full strength)")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  host->add_option("--difficulty", host_command.difficulty, "The house Risiko bots' difficulty: easy, normal or hard")
      ->check(CLI::IsMember({"easy", "normal", "hard"}))
      ->capture_default_str();
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

namespace {

bool language_given = false;

// `--lang CODE` or `--lang=CODE` anywhere on the command line, taken out of it (every command
// takes it, before or after its name) and used; or the exit status once the fault is said.
std::optional<int> take_language(std::vector<char*>& args) {
  i18n::use_environment_language();
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--") break;
    if (arg != "--lang" && !arg.starts_with("--lang=")) continue;
    std::string code;
    std::size_t taken = 1;
    if (arg == "--lang") {
      if (i + 1 >= args.size()) {
        fmt::print(stderr, "{}\n", i18n::tr("--lang needs a language: en, it or ja"));
        return kUsage;
      }
      code = args[i + 1];
      taken = 2;
    } else {
      code = std::string(arg.substr(7));
    }
    if (!i18n::set_language(code)) {
      fmt::print(stderr, "{}\n", i18n::trf("--lang {0}: no such language here (en, it or ja)", code));
      return kUsage;
    }
    language_given = true;
    args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i + taken));
    --i;
  }
  return std::nullopt;
}

}  // namespace

bool language_on_command_line() { return language_given; }

int run_command_line(CLI::App& app, int argc_given, char** argv_given, const int& status) {
  std::vector<char*> args(argv_given, argv_given + argc_given);
  if (const auto fault = take_language(args)) return *fault;
  // Listed in --help; taken out of the command line above.
  std::string listed_language;
  app.add_option("--lang", listed_language,
                 "The language of the messages: en, it or ja (default: from LC_ALL, LC_MESSAGES, LANG and LANGUAGE)");
  const int argc = static_cast<int>(args.size());
  char** argv = args.data();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (const auto typo = unknown_command(app, argc, argv)) {
      fmt::print(stderr, "{}\n", *typo);
      return kUsage;
    }
    app.exit(e);
    return kUsage;
  }
  return status;
}

}  // namespace parley::cli
