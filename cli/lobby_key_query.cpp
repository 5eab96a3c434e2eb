#include "cli/lobby_key_query.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "lobby/client/lobby_client.hpp"

namespace parley::cli {

game::Result<crypto::PublicKey, std::string> ask_lobby_key(const lobby::Endpoint& endpoint,
                                                           std::chrono::milliseconds patience) {
  auto client = lobby::LobbyClient::connect(lobby::ClientOptions{endpoint, std::nullopt, {}, std::nullopt});
  if (!client) return client.error().detail;
  const auto give_up = std::chrono::steady_clock::now() + patience;
  while (std::chrono::steady_clock::now() < give_up) {
    (*client)->poll(50);
    while (auto event = (*client)->next_event()) {
      if (const auto* connected = std::get_if<lobby::Connected>(&*event)) {
        const crypto::PublicKey key = connected->lobby_key;
        (*client)->disconnect();
        for (int i = 0; i < 10 && (*client)->state() != lobby::ClientState::disconnected; ++i) (*client)->poll(20);
        return key;
      }
      if (const auto* gone = std::get_if<lobby::Disconnected>(&*event)) return gone->reason;
    }
  }
  return "no answer from " + lobby::to_string(endpoint);
}

bool confirm(const std::string& question, bool assume_yes) {
  if (assume_yes) return true;
  if (!::isatty(STDIN_FILENO)) {
    fmt::print(stderr, "{} [y/N] no (the input is not a terminal; --yes answers yes)\n", question);
    return false;
  }
  fmt::print(stderr, "{} [y/N] ", question);
  std::fflush(stderr);
  std::string line;
  if (!std::getline(std::cin, line)) return false;
  return line == "y" || line == "Y" || line == "yes" || line == "Yes";
}

}  // namespace parley::cli
