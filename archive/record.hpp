#pragma once
// One game as the archive stores it, built from a PGN game (replayed by the reader) or from a
// game log (verified here), and the way back to PGN.
//
// As in the original layout (docs/archive.md), the movetext is kept in PositionSearch.Moves with every comment emptied
// to "{}" and the comments themselves in Comment, in the order they occur; the Seven Tag
// Roster lives in Event/Site/Round/Player/Game and the other tags in TagPair.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game/chess/pgn.hpp"
#include "game/core/bytes.hpp"
#include "game/core/result.hpp"

namespace parley::archive {

inline constexpr std::string_view kOriginPgn = "pgn";
inline constexpr std::string_view kOriginLog = "plog";

struct SeatRecord {
  std::uint8_t index = 0;
  std::string name;                     // as given (a PGN tag, or the seat's setup)
  std::optional<game::Bytes> public_key;  // a log's seat key; PGN players have none
  std::optional<std::string> verdict;   // the verifier's: honest, blamed, timed out (logs only)
  std::optional<std::int64_t> verdict_entry;
  std::string reason;
  std::optional<std::int64_t> score;    // in half points: 2 win, 1 draw, 0 loss; none if unfinished
  friend bool operator==(const SeatRecord&, const SeatRecord&) = default;
};

// The game PGN records: what a PGN game is archived as.
inline constexpr std::string_view kPgnGame = "chess";

struct GameRecord {
  std::string kind{kPgnGame};
  std::string origin{kOriginPgn};
  std::string event, site, round, date, result = "*";
  std::vector<SeatRecord> seats;  // seat 0 is White, seat 1 Black in chess
  bool white_black = false;       // the game has PGN (peer/log/pgn_export.hpp): its two seats are White and Black
  std::int64_t ply_count = 0, variation_count = 0, comment_count = 0, nag_count = 0;
  std::vector<game::chess::pgn::Tag> extra_tags;  // tags outside the Seven Tag Roster, in order
  std::vector<std::string> comments;              // in movetext order
  std::optional<std::string> moves;               // movetext with comments as "{}", no result
  std::vector<std::uint64_t> position_keys;       // Zobrist key after each main-line ply (0 = start)
  game::Bytes content_hash;                       // what makes a second import of it a no-op
  bool verified = true;
  std::string fault;
  std::optional<std::int64_t> fault_entry;
  std::optional<game::Bytes> lobby_key;
  std::optional<game::Bytes> log;  // zlib-compressed .plog
  std::int64_t log_bytes = 0;
};

// A PGN game (already replayed by pgn::Reader) as a record. Its tags and comments are stored as
// UTF-8 without control characters: text that is not UTF-8 is read as Windows-1252 (PGN's ISO
// 8859-1 and its usual superset), and control characters become spaces.
GameRecord record_from_pgn(const game::chess::pgn::Game& game);

// A .plog: verified here; an invalid log still becomes a record, with the verdict. Only bytes
// that are not a log at all are refused.
struct LogRejected {
  std::string detail;
};
game::Result<GameRecord, LogRejected> record_from_log(std::span<const std::uint8_t> bytes);

// The PGN game back from what the archive keeps of it (tags, movetext, comments).
struct StoredPgn {
  std::vector<game::chess::pgn::Tag> tags;  // the Seven Tag Roster first, then TagPair rows
  std::string result;
  std::string moves;
  std::vector<std::string> comments;
};
struct RebuildError {
  std::string detail;
};
game::Result<game::chess::pgn::Game, RebuildError> rebuild_pgn(const StoredPgn& stored);

// Half-point scores from a result: "1-0" → {2, 0}; "1/2-1/2" → {1, 1}; "*" → none.
std::vector<std::optional<std::int64_t>> scores_of_result(std::string_view result, std::size_t seats);

// Whether text is a result as the archive stores one: "*", or a score per seat for 2 to 6 seats
// ("1-0", "1/2-1/2", "0-1-0").
bool is_stored_result(std::string_view text);

}  // namespace parley::archive
