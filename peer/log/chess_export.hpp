#pragma once
// A chess game log as PGN (`parley pgn export`): the Seven Tag Roster from the room (Event and
// Round from the room options, Site from the room options or else the lobby's key, Date from
// the genesis stamp, White and Black as the seats named themselves), the players' key
// fingerprints and the session id in extra tags, the termination, the time control, and each
// move's clock as a `[%clk h:mm:ss]` comment.
#include <cstdint>
#include <optional>
#include <string>

#include "game/chess/pgn.hpp"
#include "peer/log/verify.hpp"

namespace parley::peer {

struct ExportError {
  std::string detail;
};

game::Result<game::chess::pgn::Game, ExportError> chess_pgn(const GameLog& log);

// A lobby time stamp (milliseconds since the epoch) as a PGN Date tag, "YYYY.MM.DD" in UTC.
std::string pgn_date(std::uint64_t time_ms);

}  // namespace parley::peer
