#pragma once
// What each player did in the rounds played so far, read from the rounds' pairings and results
// and checked against the event: the input of pairing and of the standings. Only games actually
// played count as meetings (C.1) and for colours; a forfeit win and the pairing-allocated bye
// count against a second bye (C.2) (docs/events.md, "Swiss").
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "event/event.hpp"
#include "event/pairings.hpp"
#include "event/results.hpp"
#include "game/core/result.hpp"

namespace parley::event {

using PlayerIndex = std::uint32_t;  // roster index, registration order

struct PlayerRound {
  enum class Kind : std::uint8_t {
    played,        // a game played to its end
    forfeit_win,   // came; the opponent (or, at a Risiko table, someone) did not
    forfeit_loss,  // did not come
    bye,           // Swiss: the pairing-allocated bye (a win); round robin: the odd player out (0)
    absent,        // left out of the round by the organizer
  };
  Kind kind = Kind::absent;
  Points points = 0;
  std::uint16_t board = 0;                 // 1-based; 0 for a bye or absence
  std::uint8_t seat = 0;                   // seat on the board: 0 white, 1 black
  std::vector<PlayerIndex> opponents;      // the board's other seats
  friend bool operator==(const PlayerRound&, const PlayerRound&) = default;
};

enum class HistoryProblem : std::uint8_t {
  pairings,        // a round's pairings fail check_pairings
  results,         // a round's results fail check_results
  round_order,     // round i's documents are not round i + 1's
  missing_results, // pairings without results before the last round
};
std::string_view describe(HistoryProblem problem);
struct HistoryError {
  HistoryProblem problem;
  std::size_t round = 0;  // 1-based
  std::optional<PairingsProblem> pairings = std::nullopt;
  std::optional<ResultsCheck> results = std::nullopt;
  friend bool operator==(const HistoryError&, const HistoryError&) = default;
};

class History {
 public:
  // pairings[i] and results[i] are round i + 1's; results may be one shorter than pairings (the
  // round being played). Every document is checked against the event.
  static game::Result<History, HistoryError> build(const Event& event, std::span<const Pairings> pairings,
                                                   std::span<const Results> results);

  std::size_t players() const { return players_; }
  std::size_t rounds() const { return rounds_; }  // rounds with results
  const PlayerRound& at(PlayerIndex player, std::size_t round) const {  // round 1-based
    return table_[(round - 1) * players_ + player];
  }
  // Points after the first `rounds` rounds (all of them by default).
  Points score(PlayerIndex player) const { return score_after(player, rounds_); }
  Points score_after(PlayerIndex player, std::size_t rounds) const;

 private:
  std::size_t players_ = 0;
  std::size_t rounds_ = 0;
  std::vector<PlayerRound> table_;  // round-major
};

// Pairing numbers: the roster ordered by rating, highest first, unrated after rated, ties by
// registration order. ranking[k] is the roster index holding pairing number k + 1.
std::vector<PlayerIndex> initial_ranking(const Event& event);

}  // namespace parley::event
