#pragma once
// A game's logs as PGN (`parley pgn export`, the archive's moves and position search, the
// client's Save PGN), for a game whose module provides the PgnExport facet
// (peer/session/game_module.hpp): chess does (games/chess/chess_export.hpp).
#include <cstdint>
#include <string>

#include "game/chess/pgn.hpp"
#include "peer/log/verify.hpp"

namespace parley::peer {

struct ExportError {
  std::string detail;
};

class PgnExport {
 public:
  virtual ~PgnExport() = default;
  virtual game::Result<game::chess::pgn::Game, ExportError> pgn(const GameLog& log) const = 0;
};

// The game's PgnExport, if it has one.
const PgnExport* pgn_export(std::string_view game);

// The log as PGN through its game's facet; an error for a log that cannot be replayed or a game
// without PGN.
game::Result<game::chess::pgn::Game, ExportError> log_pgn(const GameLog& log);

// A lobby time stamp (milliseconds since the epoch) as a PGN Date tag, "YYYY.MM.DD" in UTC.
std::string pgn_date(std::uint64_t time_ms);

}  // namespace parley::peer
