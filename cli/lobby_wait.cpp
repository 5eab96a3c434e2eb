#include "cli/lobby_wait.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "i18n/i18n.hpp"

namespace parley::cli {

LobbyWait::LobbyWait(const lobby::Endpoint& address, int timeout_s, bool quiet)
    : lobby_(address), timeout_s_(timeout_s), deadline_(std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s)) {
  if (quiet) return;
  fmt::print(stderr, "{}\n", i18n::trf("connecting to the lobby at {0}...", lobby::to_string(lobby_)));
  std::fflush(stderr);
}

int LobbyWait::give_up() const {
  fmt::print(stderr, "{}\n",
             i18n::trnf("the lobby at {0} did not answer in {1} second: is parley-lobby running there, and is "
                        "the address right? (--connect-timeout SECONDS waits longer)",
                        "the lobby at {0} did not answer in {1} seconds: is parley-lobby running there, and is "
                        "the address right? (--connect-timeout SECONDS waits longer)",
                        static_cast<unsigned long>(timeout_s_), lobby::to_string(lobby_), timeout_s_));
  return kUnreachable;
}

int LobbyWait::cannot_connect(const std::string& why) const {
  fmt::print(stderr, "{}\n", i18n::trf("cannot connect to the lobby at {0}: {1}", lobby::to_string(lobby_), why));
  return kUnreachable;
}

}  // namespace parley::cli
