#pragma once
// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its
// deviation and a volatility per player, updated once per rating period from the games of the
// period. Ratings are not rules, so this is the one place in event/ that uses floating point; the
// steps are fixed (no threads, no fast-math), so the same games give the same ratings on the
// same build. tests/event check Glickman's worked example (docs/events.md, "Ratings").
#include <cstddef>
#include <span>
#include <vector>

namespace parley::event {

struct GlickoRating {
  double rating = 1500.0;
  double deviation = 350.0;
  double volatility = 0.06;
};

struct GlickoGame {
  GlickoRating opponent;  // the opponent's rating at the start of the period
  double score = 0.0;     // 1 win, 0.5 draw, 0 loss
};

inline constexpr double kGlickoTau = 0.5;  // the system constant; Glickman suggests 0.3–1.2

// The player's rating after a period with these games (none: only the deviation grows).
GlickoRating glicko2_update(const GlickoRating& player, std::span<const GlickoGame> games, double tau = kGlickoTau);

struct GlickoResult {
  std::size_t first = 0;   // index into the ratings
  std::size_t second = 0;
  double first_score = 0.0;  // 1, 0.5 or 0; the second player scored 1 - first_score
};

// One rating period for everyone: each player's update uses every opponent's rating from the
// start of the period.
std::vector<GlickoRating> glicko2_period(std::span<const GlickoRating> ratings, std::span<const GlickoResult> games,
                                         double tau = kGlickoTau);

}  // namespace parley::event
