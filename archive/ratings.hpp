#pragma once
// Glicko-2 ratings of the archive's players (docs/archive.md, "Ratings"), from verified game logs
// only: finished two-seat games whose log verified when it was imported, each a player's key
// against another's. A rating period is a day (the games' Date); a player enters at the period
// of their first game with Glickman's defaults (1500, RD 350, volatility 0.06), and a deviation
// that grows while they do not play stays within 350. The arithmetic is event/glicko2.hpp's.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "archive/store.hpp"
#include "event/glicko2.hpp"

namespace parley::archive {

struct RatingFilter {
  std::string kind{};             // only this game's games (empty: every game)
  std::optional<game::Bytes> lobby_key{};  // only games stamped by this lobby
};

struct PlayerRating {
  std::int64_t player = 0;  // PlayerID
  std::string name;
  std::string fingerprint;
  game::Bytes public_key;
  event::GlickoRating rating;
  std::int64_t games = 0;
};

// Every player of the games the filter keeps, by rating (highest first; ties by PlayerID).
std::vector<PlayerRating> glicko_ratings(ArchiveStore& store, const RatingFilter& filter = {});

}  // namespace parley::archive
