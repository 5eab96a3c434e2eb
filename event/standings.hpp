#pragma once
// Standings and the crosstable (docs/events.md, "Standings"): points, then the tie-breaks of the
// event's system, all integers —
//   Swiss:       Buchholz, Buchholz Cut-1, Sonneborn–Berger, progressive score;
//   round robin: Sonneborn–Berger;
//   Risiko:      Buchholz over the table-mates, progressive score.
// Points and Buchholz are in half-point units, Sonneborn–Berger in quarter points (an opponent's
// half points times the half points scored against them). A round a player did not play (bye,
// forfeit, absence) counts against a virtual opponent who starts the round on the player's score,
// takes the points the player did not and draws every later round (the FIDE virtual opponent).
// Players equal on points and every tie-break share their rank.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "event/event.hpp"
#include "event/history.hpp"

namespace parley::event {

enum class TieBreak : std::uint8_t { buchholz, buchholz_cut1, sonneborn_berger, progressive };
std::string_view name_of(TieBreak tie_break);   // "Buchholz", "Buchholz Cut-1", "Sonneborn-Berger", "Progressive"
std::vector<TieBreak> tie_breaks_of(const Event& event);

struct StandingRow {
  PlayerIndex player = 0;
  std::uint32_t rank = 0;  // 1-based; shared by exact ties
  Points points = 0;
  std::vector<std::int64_t> tie_breaks;  // in tie_breaks_of(event)'s order, in the units above
};

struct Standings {
  std::vector<TieBreak> tie_breaks;
  std::vector<StandingRow> rows;  // best first
  std::size_t rounds = 0;         // rounds counted
};

Standings compute_standings(const Event& event, const History& history);

// A tie-break value as people write it: half points as "7.5", quarter points as "31.25".
std::string format_tie_break(TieBreak tie_break, std::int64_t value);
std::string format_points(Points points);

// The crosstable: one row per player in standings order, one column per round (the opponent's
// rank, the colour and the result, e.g. "12w1"; Risiko: the table and the points), then the
// points and tie-breaks.
std::string crosstable_text(const Event& event, const History& history, const Standings& standings);
std::string crosstable_csv(const Event& event, const History& history, const Standings& standings);
std::string crosstable_html(const Event& event, const History& history, const Standings& standings);

}  // namespace parley::event
