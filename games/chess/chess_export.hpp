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
#include "peer/log/pgn_export.hpp"

namespace parley::peer {

game::Result<game::chess::pgn::Game, ExportError> chess_pgn(const GameLog& log);

// chess_pgn as the chess module's facet (peer/log/pgn_export.hpp).
class ChessPgnExport final : public PgnExport {
 public:
  game::Result<game::chess::pgn::Game, ExportError> pgn(const GameLog& log) const override { return chess_pgn(log); }
};

}  // namespace parley::peer
