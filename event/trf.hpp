#pragma once
// FIDE's Tournament Report File, TRF-16 (Handbook C.04 Annex 2, "Format of Tournament Report
// File"), the fixed-column text rating officers take: "0x2" lines for the tournament and one
// "001" line per player — starting rank (columns 5–8), name (15–47), rating (49–52), points
// (81–84), rank (86–89), then ten columns per round from 92: the opponent's starting rank (4),
// the colour (w, b or -) and the result code (1 = 0 + - W D L H F U Z). Columns count code points
// (a name may be UTF-8); lines end with CR LF.
//
// read_trf() takes any such file (another program's too), bounded: it refuses overlong lines,
// too many players or rounds, and fields that are not what their columns allow, naming the line.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "event/event.hpp"
#include "event/history.hpp"
#include "event/limits.hpp"
#include "event/standings.hpp"
#include "game/core/result.hpp"

namespace parley::event {

struct TrfGame {
  std::uint32_t opponent = 0;  // starting rank; 0: bye, absence, not paired
  char colour = '-';           // 'w', 'b' or '-'
  char result = 'Z';           // one of "1=0+-WDLHFUZ"
  friend bool operator==(const TrfGame&, const TrfGame&) = default;
};

struct TrfPlayer {
  std::uint32_t start_rank = 0;  // 1..9999
  char sex = ' ';                // 'm', 'w' or blank
  std::string title;             // up to 3 characters
  std::string name;              // up to 33 code points
  std::optional<std::uint16_t> rating;
  std::string federation;        // up to 3 characters
  std::string fide_id;           // up to 11 characters
  std::string birth_date;        // YYYY/MM/DD or blank
  Points points = 0;             // half-point units ("11.5" is 23)
  std::uint32_t rank = 0;
  std::vector<TrfGame> rounds;
  friend bool operator==(const TrfPlayer&, const TrfPlayer&) = default;
};

struct TrfTournament {
  std::string name;          // 012
  std::string city;          // 022
  std::string federation;    // 032
  std::string start_date;    // 042
  std::string end_date;      // 052
  std::string type;          // 092
  std::string arbiter;       // 102
  std::string time_control;  // 122
  std::vector<TrfPlayer> players;
  friend bool operator==(const TrfTournament&, const TrfTournament&) = default;
};

inline constexpr std::size_t kTrfRoundColumn = 92;  // 1-based column of round 1's opponent
inline constexpr std::size_t kMaxTrfLineBytes = 4 * (kTrfRoundColumn + 10 * kMaxRounds);

std::string write_trf(const TrfTournament& tournament);

enum class TrfError : std::uint8_t {
  line_too_long,
  bad_line,           // a line shorter than its fixed fields, or with text where blanks belong
  bad_number,         // a starting rank, rating, points or rank that is not a number in range
  bad_result,         // a colour or result code outside the table
  duplicate_rank,     // two players with one starting rank
  unknown_opponent,   // a round names a starting rank no player has
  too_many_players,
  too_many_rounds,
  bad_text,           // not UTF-8 nor Windows-1252 text
};
std::string_view describe(TrfError error);
struct TrfProblem {
  TrfError error;
  std::size_t line = 0;  // 1-based
  friend bool operator==(const TrfProblem&, const TrfProblem&) = default;
};
game::Result<TrfTournament, TrfProblem> read_trf(std::string_view text);

enum class TrfExportError : std::uint8_t { not_two_player };  // TRF describes two-player games only
// The event's TRF: starting ranks are the pairing numbers, points and ranks the standings'.
game::Result<TrfTournament, TrfExportError> trf_of(const Event& event, const History& history, const Standings& standings);

}  // namespace parley::event
