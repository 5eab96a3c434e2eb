#include "cli/lobby_choice.hpp"

#include <fmt/core.h>

#include <chrono>
#include <string_view>

#include "cli/commands.hpp"
#include "lobby/client/lan_search.hpp"

namespace parley::cli {

namespace {

constexpr std::string_view kLanPrefix = "lan:";

}  // namespace

std::string bad_lobby(const std::string& given) {
  return "bad --lobby '" + given + "': expected HOST:PORT, or lan:NAME for a lobby of this network";
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
    fmt::print(stderr, "cannot search the network: {}\n", tables.error());
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
