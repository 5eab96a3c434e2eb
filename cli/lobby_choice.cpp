#include "cli/lobby_choice.hpp"

#include <fmt/core.h>

#include <chrono>
#include <string_view>

#include "cli/commands.hpp"
#include "i18n/i18n.hpp"
#include "lobby/client/lan_search.hpp"

namespace parley::cli {

namespace {

constexpr std::string_view kLanPrefix = "lan:";

}  // namespace

std::string bad_lobby(const std::string& given) {
  return i18n::trf("bad --lobby '{0}': expected HOST:PORT, or lan:NAME for a lobby of this network", given);
}

bool lan_choice(const std::string& given) { return given.starts_with(kLanPrefix); }

bool lobby_syntax(const std::string& given) {
  if (!lan_choice(given)) return lobby::parse_endpoint(given).ok();
  const std::string name = given.substr(kLanPrefix.size());
  return name.empty() || lobby::sanitize_lan_name(name).ok();
}

game::Result<LobbyChoice, int> choose_lobby(const std::string& given) {
  if (!lobby_syntax(given)) {
    fmt::print(stderr, "{}\n", bad_lobby(given));
    return kUsage;
  }
  if (!lan_choice(given)) return LobbyChoice{*lobby::parse_endpoint(given), std::nullopt};
  auto tables = lobby::search_lan(lobby::lan_probe_targets(), std::chrono::milliseconds(1000));
  if (!tables) {
    fmt::print(stderr, "{}\n", i18n::trf("cannot search the network: {0}", tables.error()));
    return kInvalidInput;
  }
  auto table = lobby::find_lan_table(*tables, std::string_view(given).substr(kLanPrefix.size()));
  if (!table) {
    fmt::print(stderr, "--lobby {}: {}\n", given, table.error());
    return kInvalidInput;
  }
  fmt::print(stderr, "{}: {} at {} (key {})\n", given, table->name, lobby::to_string(table->lobby),
             crypto::fingerprint(table->lobby_key));
  return LobbyChoice{table->lobby, table->lobby_key};
}

}  // namespace parley::cli
