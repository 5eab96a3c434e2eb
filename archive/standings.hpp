#pragma once
// Tournament standings from an event's archived games (docs/archive.md): points, then the
// Sonneborn–Berger score, then Buchholz, then name; and a crosstable. Only finished, verified
// two-seat games count. Scores are integers: points and Buchholz in half points,
// Sonneborn–Berger in quarter points (a draw adds half an opponent's half points).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "archive/store.hpp"

namespace parley::archive {

struct PairingResult {
  GameId game;
  std::int64_t score = 0;  // this player's half points in that game
};

struct Standing {
  std::size_t rank = 0;  // players equal on every tie-break share a rank
  EventPlayer player;
  std::int64_t games = 0;
  std::int64_t points = 0;            // half points
  std::int64_t sonneborn_berger = 0;  // quarter points
  std::int64_t buchholz = 0;          // half points
  // Against each player in `Standings::rows` order: the games between them (empty if none).
  std::vector<std::vector<PairingResult>> against;
};

struct Standings {
  std::string event;
  std::vector<Standing> rows;  // in rank order
  std::vector<EventGame> games;
  // GameID → the game as PGN, for each chess game standings_of could rebuild: the HTML page
  // shows it under the game's line, so that a result in the crosstable leads to its moves.
  std::map<std::int64_t, std::string> pgn;
};

Standings compute_standings(std::string event, const std::vector<EventGame>& games,
                            const std::vector<EventPlayer>& players);
// Reads the event from the store; nullopt if there is no such event.
std::optional<Standings> standings_of(ArchiveStore& store, const std::string& event);

std::string format_text(const Standings& s);
std::string format_csv(const Standings& s);
std::string format_html(const Standings& s);

}  // namespace parley::archive
