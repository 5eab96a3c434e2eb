#include "archive/ratings.hpp"

#include <algorithm>
#include <map>

namespace parley::archive {

namespace {

constexpr double kMaxDeviation = 350.0;  // Glickman's starting deviation: an unknown player

}  // namespace

std::vector<PlayerRating> glicko_ratings(ArchiveStore& store, const RatingFilter& filter) {
  const game::Bytes lobby = filter.lobby_key.value_or(game::Bytes{});
  auto rows = store.sql().query(
      "SELECT g.Date, a.PlayerID, b.PlayerID, a.Score, b.Score FROM Game g "
      "JOIN Seat a ON a.GameID = g.GameID AND a.SeatIndex = 0 "
      "JOIN Seat b ON b.GameID = g.GameID AND b.SeatIndex = 1 "
      "WHERE g.Verified = 1 AND g.Origin = 'plog' AND a.Score IS NOT NULL AND b.Score IS NOT NULL "
      "AND NOT EXISTS (SELECT 1 FROM Seat c WHERE c.GameID = g.GameID AND c.SeatIndex > 1) "
      "AND (? = '' OR g.Kind = ?) AND (? = 0 OR g.LobbyKey = ?) "
      "ORDER BY g.Date, g.GameID",
      {SqlValue{filter.kind}, SqlValue{filter.kind}, integer(filter.lobby_key ? 1 : 0), SqlValue{lobby}});
  std::map<std::int64_t, std::size_t> index;  // PlayerID → position in the vectors below
  std::vector<std::int64_t> ids;
  std::vector<event::GlickoRating> ratings;
  std::vector<std::int64_t> games;
  auto slot = [&](std::int64_t id) {
    auto [it, added] = index.emplace(id, ids.size());
    if (added) {
      ids.push_back(id);
      ratings.push_back(event::GlickoRating{});
      games.push_back(0);
    }
    return it->second;
  };
  for (std::size_t first = 0; first < rows.size();) {
    // One period: the games of one day.
    std::size_t last = first;
    while (last < rows.size() && as_text(rows[last][0]) == as_text(rows[first][0])) ++last;
    std::vector<event::GlickoResult> period;
    for (std::size_t i = first; i < last; ++i) {
      const std::size_t a = slot(as_int(rows[i][1])), b = slot(as_int(rows[i][2]));
      if (a == b) continue;  // one key at both seats: no rating information
      ++games[a], ++games[b];
      period.push_back({a, b, static_cast<double>(as_int(rows[i][3])) / 2.0});
    }
    ratings = event::glicko2_period(ratings, period);
    for (auto& r : ratings) r.deviation = std::min(r.deviation, kMaxDeviation);
    first = last;
  }
  std::vector<PlayerRating> out;
  const auto players = store.players(ids);
  for (const EventPlayer& p : players) {
    const std::size_t i = index.at(p.id);
    if (games[i] == 0) continue;
    PlayerRating r{p.id, p.name, p.fingerprint, {}, ratings[i], games[i]};
    auto key = store.sql().query("SELECT PublicKey FROM Player WHERE PlayerID = ?", {integer(p.id)});
    if (!key.empty() && !std::holds_alternative<Null>(key[0][0])) r.public_key = as_bytes(key[0][0]);
    out.push_back(std::move(r));
  }
  std::sort(out.begin(), out.end(), [](const PlayerRating& a, const PlayerRating& b) {
    return a.rating.rating != b.rating.rating ? a.rating.rating > b.rating.rating : a.player < b.player;
  });
  return out;
}

}  // namespace parley::archive
