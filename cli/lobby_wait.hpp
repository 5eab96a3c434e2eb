#pragma once
// The wait for a lobby to answer, said and bounded (docs/cli.md, "Connecting"): a command that
// connects says at once where to, and gives up with the address and exit kUnreachable when the
// lobby has not answered after --connect-timeout seconds. Waiting for players is apart from it
// (--give-up).
#include <chrono>
#include <string>

#include "lobby/protocol/endpoint.hpp"

namespace parley::cli {

class LobbyWait {
 public:
  // Says "connecting to HOST:PORT" on standard error unless quiet, and starts the clock.
  LobbyWait(const lobby::Endpoint& address, int timeout_s, bool quiet);
  bool expired() const { return std::chrono::steady_clock::now() >= deadline_; }
  // Says that the lobby did not answer (with its address and what to try); returns kUnreachable.
  int give_up() const;
  // Says that the lobby's address cannot be used (`why`); returns kUnreachable.
  int cannot_connect(const std::string& why) const;

 private:
  lobby::Endpoint lobby_;
  int timeout_s_;
  std::chrono::steady_clock::time_point deadline_;
};

}  // namespace parley::cli
