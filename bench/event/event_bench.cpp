// The event benchmark: a Swiss round of N players (1,000 by default) paired by the FIDE Dutch
// system, round 1 and a round after R - 1 rounds of random results, against an anchor measured
// in the same run: one maximum-weight matching (no pricing) on a graph of N vertices with the
// candidate band the pairing uses (16 edges a vertex) and 256-bit weights — what a single
// bracket's search costs at best. Target: a round in at most 2 s (issue 36).
//   build-release/bench/event/event_bench [--players N] [--round R] [--runs K]   (scripts/bench runs it)
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "event/event.hpp"
#include "event/history.hpp"
#include "event/matching.hpp"
#include "event/pairing.hpp"

using namespace parley;
using namespace parley::event;

namespace {

using Timer = std::chrono::steady_clock;

double seconds_since(Timer::time_point start) { return std::chrono::duration<double>(Timer::now() - start).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

crypto::PublicKey key_of(std::size_t i) {
  std::array<std::uint8_t, crypto::kIdentitySeedBytes> seed{};
  seed[0] = 0xbe;
  seed[1] = static_cast<std::uint8_t>(i);
  seed[2] = static_cast<std::uint8_t>(i >> 8);
  return crypto::Identity::from_seed(crypto::SecretBytes<crypto::kIdentitySeedBytes>::copy_of(seed)).public_key();
}

Event make_event(std::size_t players, std::uint16_t rounds) {
  Event e;
  e.name = "Benchmark open";
  e.rounds = rounds;
  e.clock = {600'000, 5'000};
  e.lobby_keys.push_back(key_of(100'000));
  e.organizer = key_of(100'001);
  std::mt19937 rng(1);
  for (std::size_t i = 0; i < players; ++i) {
    Player p;
    p.name = "Player " + std::to_string(i + 1);
    p.key = key_of(i);
    p.rating = static_cast<std::uint16_t>(1000 + rng() % 1800);
    e.roster.push_back(std::move(p));
  }
  return e;
}

// Plays rounds 1..played with random results (white wins 40%, draws 25%), pairing each.
void play(const Event& e, std::size_t played, std::vector<Pairings>& ps, std::vector<Results>& rs) {
  std::mt19937 rng(7);
  for (std::size_t r = 1; r <= played; ++r) {
    auto h = History::build(e, ps, rs);
    auto p = pair_round(e, *h, RoundRequest{static_cast<std::uint16_t>(r), 1000 * r, {}});
    if (!p) throw std::runtime_error(std::string(describe(p.error())));
    Results res{p->event_id, p->round, {}};
    for (std::size_t b = 0; b < p->boards.size(); ++b) {
      BoardResult br;
      const unsigned roll = rng() % 100;
      if (roll < 40) br.winner = 0;
      else if (roll < 75) br.winner = 1;
      res.boards.push_back(br);
    }
    ps.push_back(*p);
    rs.push_back(res);
  }
}

double anchor_seconds(std::size_t n) {
  std::mt19937 rng(3);
  std::vector<WeightedEdge<Wide<4>>> edges;
  for (Vertex u = 0; u < n; ++u) {
    for (Vertex d = 1; d <= 8 && u + d < n; ++d) {
      Wide<4> w;
      w.add_at(1, 120);
      w.add_at(rng() % 1024, 40);
      w.add_at(rng() % 1024, 0);
      edges.push_back({u, u + d, w});
    }
    const Vertex t = static_cast<Vertex>((u + n / 2) % n);
    if (t != u) {
      Wide<4> w;
      w.add_at(1, 120);
      w.add_at(1023, 40);
      edges.push_back({std::min(u, t), std::max(u, t), w});
    }
  }
  const auto start = Timer::now();
  BlossomMatching<Wide<4>> m(n, edges);
  m.solve();
  return seconds_since(start);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Swiss pairing benchmark"};
  std::size_t players = 1000, round = 5, runs = 3;
  app.add_option("--players", players, "Players in the event")->check(CLI::Range(2, 4096));
  app.add_option("--round", round, "The later round paired (after that many - 1 played)")->check(CLI::Range(2, 40));
  app.add_option("--runs", runs, "Timed runs (the median is reported)")->check(CLI::Range(1, 100));
  CLI11_PARSE(app, argc, argv);

  const Event e = make_event(players, static_cast<std::uint16_t>(round + 1));
  std::vector<Pairings> ps;
  std::vector<Results> rs;
  play(e, round - 1, ps, rs);
  auto later_history = History::build(e, ps, rs);
  auto first_history = History::build(e, {}, {});

  std::vector<double> anchor, first, later;
  PairingStats first_stats, later_stats;
  for (std::size_t i = 0; i < runs; ++i) {
    anchor.push_back(anchor_seconds(players));
    auto start = Timer::now();
    auto p1 = pair_round(e, *first_history, RoundRequest{1, 1, {}}, &first_stats);
    first.push_back(seconds_since(start));
    start = Timer::now();
    auto pr = pair_round(e, *later_history, RoundRequest{static_cast<std::uint16_t>(round), 1, {}}, &later_stats);
    later.push_back(seconds_since(start));
    if (!p1 || !pr) {
      fmt::print(stderr, "pairing failed\n");
      return 1;
    }
  }
  const double a = median(anchor), f = median(first), l = median(later);
  fmt::print("players: {}   runs: {} (medians)\n", players, runs);
  fmt::print("anchor, one matching of {} vertices (256-bit weights): {:.3f} s\n", players, a);
  auto line = [&](std::size_t r, double t, const PairingStats& s) {
    fmt::print("round {}:  {:.3f} s  ({} brackets, {} searches, {} over everyone left, weights of {} bits)  ratio {:.2f}\n", r, t,
               s.dutch.brackets, s.dutch.matchings, s.dutch.fallbacks, s.dutch.widest_weight, t / a);
  };
  line(1, f, first_stats);
  line(round, l, later_stats);
  fmt::print("target: a round in <= 2 s: {}\n", std::max(f, l) <= 2.0 ? "met" : "NOT met");
  return 0;
}
