// The maximum-weight matching against Boost.Graph's brute_force_maximum_weighted_matching (an
// enumeration of every matching), and the pricing loop against the solver on the whole graph.
#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/maximum_weighted_matching.hpp>
#include <random>

#include "event/matching.hpp"
#include "event/wide.hpp"

namespace parley::event {
namespace {

using BoostEdge = boost::property<boost::edge_weight_t, long long, boost::property<boost::edge_index_t, int>>;
using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property, BoostEdge>;

struct RandomGraph {
  std::size_t n = 0;
  std::vector<WeightedEdge<std::int64_t>> edges;
};

RandomGraph random_graph(std::mt19937& rng, std::size_t n, double density, int max_weight) {
  RandomGraph g{n, {}};
  std::uniform_real_distribution<double> coin(0, 1);
  std::uniform_int_distribution<int> weight(0, max_weight);
  for (Vertex u = 0; u < n; ++u)
    for (Vertex v = u + 1; v < n; ++v)
      if (coin(rng) < density) g.edges.push_back({u, v, weight(rng)});
  return g;
}

std::int64_t weight_of(const RandomGraph& g, const std::vector<std::int32_t>& mate) {
  std::int64_t total = 0;
  for (const auto& e : g.edges)
    if (mate[e.u] == static_cast<std::int32_t>(e.v)) total += e.weight;
  return total;
}

void expect_valid(const std::vector<std::int32_t>& mate) {
  for (std::size_t v = 0; v < mate.size(); ++v)
    if (mate[v] != kUnmatched) {
      ASSERT_EQ(mate[static_cast<std::size_t>(mate[v])], static_cast<std::int32_t>(v));
    }
}

TEST(Wide, AddsSubtractsHalvesAndComparesAcrossLimbs) {
  using W = Wide<4>;
  W a = W::of(~std::uint64_t{0});
  W one = W::of(1);
  W b = a + one;
  EXPECT_EQ(b.limb(0), 0u);
  EXPECT_EQ(b.limb(1), 1u);
  EXPECT_EQ(b - one, a);
  EXPECT_TRUE(a < b);
  W neg = W{} - one;
  EXPECT_TRUE(neg.negative());
  EXPECT_TRUE(neg < W{});
  EXPECT_EQ(neg.half(), neg);  // -1 >> 1 == -1
  W c;
  c.add_at(3, 190);
  EXPECT_EQ(c.limb(2), 3ull << 62);
  EXPECT_EQ(c.limb(3), 0u);
  c.add_at(1, 191);
  EXPECT_EQ(c.limb(2), 1ull << 62);
  EXPECT_EQ(c.limb(3), 1u);
  EXPECT_EQ(c.bit_width(), 193u);
  EXPECT_EQ((c + c).half(), c);
  W d;
  d.add_at(~std::uint64_t{0}, 0);
  d.add_at(1, 0);  // the carry runs into the next limb
  EXPECT_EQ(d, b);
}

TEST(Matching, AgreesWithBoostsEnumerationOnRandomGraphs) {
  std::mt19937 rng(20261204);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t n = 2 + trial % 9;  // up to 10: the enumeration grows fast (and runs under ASan in CI)
    const RandomGraph g = random_graph(rng, n, 0.2 + 0.1 * (trial % 7), trial % 3 == 0 ? 3 : 40);
    BoostGraph bg(n);
    for (const auto& e : g.edges) boost::add_edge(e.u, e.v, BoostEdge(e.weight), bg);
    std::vector<boost::graph_traits<BoostGraph>::vertex_descriptor> boost_mate(n);
    boost::brute_force_maximum_weighted_matching(bg, &boost_mate[0]);
    const long long best = boost::matching_weight_sum(bg, &boost_mate[0]);

    BlossomMatching<std::int64_t> m(n, g.edges);
    m.solve();
    expect_valid(m.mate());
    EXPECT_EQ(weight_of(g, m.mate()), best) << "trial " << trial;
    for (const auto& e : g.edges) EXPECT_GE(m.reduced_cost(e.u, e.v, e.weight), 0) << "trial " << trial;
  }
}

TEST(Matching, WideWeightsGiveTheSameMatchingAsNativeOnes) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const RandomGraph g = random_graph(rng, 60, 0.3, 1000);
    std::vector<WeightedEdge<Wide<4>>> wide;
    for (const auto& e : g.edges) wide.push_back({e.u, e.v, Wide<4>::of(static_cast<std::uint64_t>(e.weight))});
    BlossomMatching<std::int64_t> a(g.n, g.edges);
    BlossomMatching<Wide<4>> b(g.n, wide);
    a.solve();
    b.solve();
    EXPECT_EQ(a.mate(), b.mate());
  }
}

TEST(Matching, PricingFromSparseCandidatesReachesTheWholeGraphsOptimum) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t n = 40 + trial;
    const RandomGraph g = random_graph(rng, n, 0.6, 500);
    std::vector<std::vector<std::int64_t>> w(n, std::vector<std::int64_t>(n, -1));
    for (const auto& e : g.edges) w[e.u][e.v] = e.weight;
    EdgeWeightFn<std::int64_t> weight = [&](Vertex u, Vertex v, std::int64_t& out) {
      out = w[u][v];
      return out >= 0;
    };
    // A few candidates only: each vertex's next two vertices.
    std::vector<std::pair<Vertex, Vertex>> candidates;
    for (Vertex u = 0; u + 2 < n; ++u) {
      candidates.emplace_back(u, u + 1);
      candidates.emplace_back(u, u + 2);
    }
    MatchingStats stats;
    const auto mate = maximum_weight_matching<std::int64_t>(n, candidates, weight, &stats);
    expect_valid(mate);
    BlossomMatching<std::int64_t> full(n, g.edges);
    full.solve();
    EXPECT_EQ(weight_of(g, mate), weight_of(g, full.mate())) << "trial " << trial;
    EXPECT_GT(stats.solves, 1u);
    EXPECT_LT(stats.candidate_edges, g.edges.size());
  }
}

TEST(Matching, EmptyAndEdgelessGraphsMatchNobody) {
  BlossomMatching<std::int64_t> none(0, {});
  none.solve();
  EXPECT_TRUE(none.mate().empty());
  BlossomMatching<std::int64_t> lonely(3, {});
  lonely.solve();
  EXPECT_EQ(lonely.mate(), (std::vector<std::int32_t>{-1, -1, -1}));
}

}  // namespace
}  // namespace parley::event
