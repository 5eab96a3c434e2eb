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

// Tells a game entry by entry, as `parley log show` prints a log and `parley watch` a game in
// progress: the session is replayed alongside, so that each action is described in the
// position it was played in. Entries are told in order and must be verified already (a log's
// Transcript, a lobby client's).
class Narrator {
 public:
  explicit Narrator(const lobby::Genesis& genesis, std::uint64_t genesis_time_ms);
  EntryLine genesis_line() const { return genesis_line_; }
  EntryLine tell(std::size_t index, const lobby::SignedEntry& entry);
  // The session as far as told (none if the genesis names a game this build does not play).
  const Session* session() const { return session_ ? &*session_ : nullptr; }

 private:
  std::uint64_t t0_;
  EntryLine genesis_line_;
  std::optional<Session> session_;
};

LogDescription describe_log(const GameLog& log);
// "   12    34.567s  seat 1  action: e4", as `parley log show` prints an entry.
std::string format_line(const EntryLine& line);
std::string format_text(const LogDescription& d, std::string_view file);
std::string format_json(const LogDescription& d, std::string_view file);

}  // namespace parley::peer
