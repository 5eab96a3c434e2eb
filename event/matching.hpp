#pragma once
// Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables,
// in the O(n³) formulation of Galil ("Efficient algorithms for finding maximum matching in
// graphs", 1986), integers only. The Swiss pairing states its criteria as edge weights and asks
// this for the matching of largest total weight (docs/events.md).
//
// The pairing graphs are dense (every two players who may meet), so the search runs on a sparse
// subset of candidate edges and then prices every other edge against the final dual solution:
// an edge of negative reduced cost is added and the search repeated. When none is left, the
// duals are feasible for the whole graph and satisfy complementary slackness with the matching,
// which proves it a maximum-weight matching of the whole graph (LP duality for the matching
// polytope), not just of the candidates.
//
// Why not Boost.Graph's maximum_weighted_matching: the version Debian ships (1.74) returns
// non-maximum matchings, fails assertions, crashes and loops forever on some graphs (Boost.Graph
// issues #199, #223, #399; replaced upstream in 2024). tests/event check this solver against
// Boost's brute_force_maximum_weighted_matching, which enumerates, on random small graphs.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "event/wide.hpp"

namespace parley::event {

using Vertex = std::uint32_t;
inline constexpr std::int32_t kUnmatched = -1;

// The weight types the solver is instantiated for (matching.cpp).
template <class W>
concept MatchingWeight = std::is_same_v<W, std::int64_t> || std::is_same_v<W, Wide<2>> || std::is_same_v<W, Wide<4>> ||
                         std::is_same_v<W, Wide<6>> ||
                         std::is_same_v<W, Wide<8>> || std::is_same_v<W, Wide<16>> || std::is_same_v<W, Wide<32>>;

template <class W>
struct WeightedEdge {
  Vertex u = 0;
  Vertex v = 0;
  W weight{};
};

// The solver on a fixed edge list. Weights must be non-negative and leave three bits of
// headroom below the type's sign bit (duals reach twice the largest weight).
template <MatchingWeight W>
class BlossomMatching {
 public:
  BlossomMatching(std::size_t vertices, std::vector<WeightedEdge<W>> edges);
  ~BlossomMatching();
  BlossomMatching(const BlossomMatching&) = delete;
  BlossomMatching& operator=(const BlossomMatching&) = delete;

  // Runs the search; mate()[v] is v's partner, or kUnmatched.
  void solve();
  const std::vector<std::int32_t>& mate() const;
  // After solve(): twice the reduced cost of a (possibly absent) edge u–v of weight w under the
  // final duals; negative means adding that edge could give a heavier matching.
  W reduced_cost(Vertex u, Vertex v, const W& weight) const;
  // The same without the blossom duals (never larger than reduced_cost).
  W vertex_slack(Vertex u, Vertex v, const W& weight) const;

 private:
  struct State;
  State* s_;
};

// weight(u, v, out): whether u and v (u < v) may be matched, and the edge's weight.
template <class W>
using EdgeWeightFn = std::function<bool(Vertex u, Vertex v, W& weight)>;

struct MatchingStats {
  std::size_t solves = 0;           // searches run (1 + pricing rounds that found edges)
  std::size_t candidate_edges = 0;  // edges in the last search
};

// A maximum-weight matching of the whole graph given by `weight`, found from `candidates`
// (pairs u < v; duplicates and non-edges are dropped) by the pricing loop above.
template <MatchingWeight W>
std::vector<std::int32_t> maximum_weight_matching(std::size_t vertices, std::span<const std::pair<Vertex, Vertex>> candidates,
                                                  const EdgeWeightFn<W>& weight, MatchingStats* stats = nullptr);

}  // namespace parley::event
