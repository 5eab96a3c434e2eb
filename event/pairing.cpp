#include "event/pairing.hpp"

#include <algorithm>

#include "event/berger.hpp"
#include "event/risiko_tables.hpp"

namespace parley::event {

game::Result<Pairings, PairingError> pair_round(const Event& event, const History& history, const RoundRequest& request,
                                                PairingStats* stats) {
  if (request.round != history.rounds() + 1 || request.round > event.rounds) return PairingError::wrong_round;
  const std::size_t n = event.roster.size();
  std::vector<char> out(n, 0);
  for (PlayerIndex p : request.not_paired) {
    if (p >= n || out[p]) return PairingError::bad_history;
    out[p] = 1;
  }
  std::vector<PlayerIndex> participants;
  for (PlayerIndex p = 0; p < n; ++p)
    if (!out[p]) participants.push_back(p);

  RoundPairing rp;
  const auto ranking = initial_ranking(event);
  if (event.system == PairingSystem::round_robin) {
    if (!request.not_paired.empty()) return PairingError::round_robin_absence;
    if (n < 2) return PairingError::too_few_players;
    const BergerRound br = berger_round(n, request.round);
    for (auto [w, b] : br.boards) rp.boards.push_back({ranking[w - 1], ranking[b - 1]});
    if (br.bye) rp.byes.push_back(ranking[*br.bye - 1]);
  } else if (event.game == GameKind::risiko) {
    std::vector<std::uint32_t> number(n);
    for (std::size_t k = 0; k < ranking.size(); ++k) number[ranking[k]] = static_cast<std::uint32_t>(k + 1);
    std::vector<RisikoPlayer> players;
    for (PlayerIndex p : participants) players.push_back({p, number[p], history.score(p)});
    auto r = pair_risiko(players, request.round, event.table_size);
    if (!r) return r.error();
    rp = std::move(*r);
  } else {
    const auto players = swiss_players(event, history, participants, request.round);
    DutchOptions options{request.round, event.rounds, event.initial_colour};
    auto r = pair_dutch(players, options, stats ? &stats->dutch : nullptr);
    if (!r) return r.error();
    rp = std::move(*r);
  }

  Pairings p;
  p.event_id = event_id(event);
  p.event_digest = event_digest(event);
  p.round = request.round;
  p.published_ms = request.published_ms;
  p.deadline_ms = event.deadline_ms == 0 ? 0 : request.published_ms + event.deadline_ms;
  p.clock = event.clock;
  for (const auto& board : rp.boards) {
    Board b;
    for (PlayerIndex i : board) b.seats.push_back(event.roster[i].key);
    p.boards.push_back(std::move(b));
  }
  for (PlayerIndex i : rp.byes) p.byes.push_back(event.roster[i].key);
  std::vector<PlayerIndex> left(request.not_paired);
  std::sort(left.begin(), left.end());
  for (PlayerIndex i : left) p.not_paired.push_back(event.roster[i].key);
  return p;
}

bool pairing_follows(const Event& event, const History& history, const Pairings& pairings) {
  RoundRequest request;
  request.round = pairings.round;
  request.published_ms = pairings.published_ms;
  for (const auto& k : pairings.not_paired) {
    auto i = find_player(event, k);
    if (!i) return false;
    request.not_paired.push_back(static_cast<PlayerIndex>(*i));
  }
  auto derived = pair_round(event, history, request);
  return derived.ok() && *derived == pairings;
}

}  // namespace parley::event
