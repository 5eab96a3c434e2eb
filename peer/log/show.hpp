#pragma once
// A game log in words (`parley log show`): one line per entry — who posted what, moves in the
// game's notation — replaying the session so that each action is described in the position it
// was played in.
#include <optional>
#include <string>
#include <vector>

#include "peer/log/verify.hpp"

namespace parley::peer {

struct EntryLine {
  std::size_t index = 0;
  std::uint64_t time_ms = 0;  // since the genesis
  std::optional<Seat> seat;   // none for the lobby's own entries
  std::string kind;           // "genesis", "presence", or the message kind
  std::string text;
};

struct LogDescription {
  std::vector<EntryLine> lines;
  VerifyReport report;
};

LogDescription describe_log(const GameLog& log);
std::string format_text(const LogDescription& d, std::string_view file);
std::string format_json(const LogDescription& d, std::string_view file);

}  // namespace parley::peer
