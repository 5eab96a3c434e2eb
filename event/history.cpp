#include "event/history.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace parley::event {

std::string_view describe(HistoryProblem problem) {
  switch (problem) {
    case HistoryProblem::pairings: return "a round's pairings do not fit the event";
    case HistoryProblem::results: return "a round's results do not fit its pairings";
    case HistoryProblem::round_order: return "the rounds' documents are out of order";
    case HistoryProblem::missing_results: return "an earlier round has no results";
  }
  return "unknown history problem";
}

game::Result<History, HistoryError> History::build(const Event& event, std::span<const Pairings> pairings,
                                                   std::span<const Results> results) {
  if (results.size() > pairings.size() || pairings.size() > results.size() + 1)
    return HistoryError{HistoryProblem::missing_results, results.size() + 1};
  std::map<crypto::PublicKey, PlayerIndex> index;
  for (std::size_t i = 0; i < event.roster.size(); ++i) index.emplace(event.roster[i].key, static_cast<PlayerIndex>(i));
  History h;
  h.players_ = event.roster.size();
  h.rounds_ = results.size();
  h.table_.resize(h.players_ * h.rounds_);
  for (std::size_t r = 0; r < pairings.size(); ++r) {
    const Pairings& p = pairings[r];
    if (p.round != r + 1) return HistoryError{HistoryProblem::round_order, r + 1};
    if (auto problem = check_pairings(event, p)) return HistoryError{HistoryProblem::pairings, r + 1, problem, std::nullopt};
    if (r >= results.size()) continue;
    const Results& res = results[r];
    if (auto problem = check_results(p, res)) return HistoryError{HistoryProblem::results, r + 1, std::nullopt, problem};
    auto row = [&](PlayerIndex i) -> PlayerRound& { return h.table_[r * h.players_ + i]; };
    for (std::size_t b = 0; b < p.boards.size(); ++b) {
      const auto& seats = p.boards[b].seats;
      const BoardResult& br = res.boards[b];
      const auto points = seat_points(br, seats.size());
      for (std::size_t s = 0; s < seats.size(); ++s) {
        PlayerRound& pr = row(index.at(seats[s]));
        pr.board = static_cast<std::uint16_t>(b + 1);
        pr.seat = static_cast<std::uint8_t>(s);
        pr.points = points[s];
        if (br.kind == BoardResult::Kind::played)
          pr.kind = PlayerRound::Kind::played;
        else
          pr.kind = (br.present & (1u << s)) ? PlayerRound::Kind::forfeit_win : PlayerRound::Kind::forfeit_loss;
        for (std::size_t o = 0; o < seats.size(); ++o)
          if (o != s) pr.opponents.push_back(index.at(seats[o]));
      }
    }
    // A Swiss bye is the pairing-allocated bye and scores a win; a round robin's odd player
    // out simply has no game.
    for (const auto& k : p.byes) {
      PlayerRound& pr = row(index.at(k));
      pr.kind = PlayerRound::Kind::bye;
      pr.points = event.system == PairingSystem::swiss ? kByePoints : 0;
    }
    for (const auto& k : p.not_paired) row(index.at(k)).kind = PlayerRound::Kind::absent;
  }
  return h;
}

Points History::score_after(PlayerIndex player, std::size_t rounds) const {
  Points total = 0;
  for (std::size_t r = 1; r <= rounds; ++r) total = static_cast<Points>(total + at(player, r).points);
  return total;
}

std::vector<PlayerIndex> initial_ranking(const Event& event) {
  std::vector<PlayerIndex> order(event.roster.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](PlayerIndex a, PlayerIndex b) {
    const auto& ra = event.roster[a].rating;
    const auto& rb = event.roster[b].rating;
    if (ra.has_value() != rb.has_value()) return ra.has_value();
    return ra && *ra > *rb;
  });
  return order;
}

}  // namespace parley::event
