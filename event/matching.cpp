#include "event/matching.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace parley::event {

namespace {

inline std::int64_t halve(std::int64_t x) { return x / 2; }
template <std::size_t N>
inline Wide<N> halve(const Wide<N>& x) {
  return x.half();
}
inline bool below_zero(std::int64_t x) { return x < 0; }
template <std::size_t N>
inline bool below_zero(const Wide<N>& x) {
  return x.negative();
}
template <class W>
W weight_of(std::uint64_t v) {
  if constexpr (std::is_same_v<W, std::int64_t>)
    return static_cast<std::int64_t>(v);
  else
    return W::of(v);
}

// Python-style index into a cycle: j may be negative (-size < j < size).
inline std::size_t wrap(std::ptrdiff_t j, std::size_t size) {
  return static_cast<std::size_t>(j < 0 ? j + static_cast<std::ptrdiff_t>(size) : j);
}

}  // namespace

// Vertices are 0..n-1, blossoms n..2n-1. An edge k has endpoints 2k (its u) and 2k+1 (its v);
// "p ^ 1" is the other end. Dual values are stored doubled, so the slack of edge k is
// dual[u] + dual[v] - 2·w, and every quantity stays integral for integral weights.
template <MatchingWeight W>
struct BlossomMatching<W>::State {
  std::size_t n = 0;
  std::vector<WeightedEdge<W>> edges;
  std::vector<W> twice;  // 2·weight of each edge
  std::vector<std::int32_t> endpoint;
  std::vector<std::vector<std::int32_t>> neighbend;
  std::vector<std::int32_t> mate;  // remote endpoint of the matched edge, or -1
  std::vector<std::int8_t> label;  // 0 free, 1 S, 2 T; bit 4 marks a breadcrumb in scan_blossom
  std::vector<std::int32_t> labelend;
  std::vector<std::int32_t> inblossom;
  std::vector<std::int32_t> blossomparent;
  std::vector<std::vector<std::int32_t>> blossomchilds;
  std::vector<std::int32_t> blossombase;
  std::vector<std::vector<std::int32_t>> blossomendps;
  std::vector<std::int32_t> bestedge;
  std::vector<std::vector<std::int32_t>> blossombestedges;
  std::vector<char> has_bestedges;
  std::vector<std::int32_t> unusedblossoms;
  std::vector<W> dualvar;
  std::vector<char> allowedge;
  std::vector<std::int32_t> queue;
  std::vector<std::int32_t> bestedgeto;  // scratch of add_blossom, all -1 between uses
  std::vector<std::int32_t> result;      // mate as vertices, after solve()
  // After solve(): each blossom's depth below its top-level blossom and the sum of twice the
  // duals of the blossoms from the top down to it, for reduced_cost.
  std::vector<std::int32_t> depth;
  std::vector<W> zsum;
  std::vector<std::vector<std::int32_t>> up;  // up[k][x]: x's 2^k-th ancestor (a top-level blossom is its own)

  void prepare_pricing() {
    depth.assign(2 * n, 0);
    zsum.assign(2 * n, W{});
    // Parents have larger or smaller ids than children in no fixed order: resolve by walking.
    std::vector<char> done(2 * n, 0);
    std::vector<std::int32_t> stack;
    for (std::int32_t b = 0; b < static_cast<std::int32_t>(2 * n); ++b) {
      if (done[b]) continue;
      for (std::int32_t x = b; x != -1 && !done[x]; x = blossomparent[x]) stack.push_back(x);
      while (!stack.empty()) {
        const std::int32_t x = stack.back();
        stack.pop_back();
        const std::int32_t parent = blossomparent[x];
        if (parent == -1) {
          depth[x] = 0;
          zsum[x] = x >= static_cast<std::int32_t>(n) ? dualvar[x] + dualvar[x] : W{};
        } else {
          depth[x] = depth[parent] + 1;
          zsum[x] = x >= static_cast<std::int32_t>(n) ? zsum[parent] + dualvar[x] + dualvar[x] : zsum[parent];
        }
        done[x] = 1;
      }
    }
    // Binary lifting, for the smallest blossom holding two vertices in O(log depth).
    const std::int32_t max_depth = depth.empty() ? 0 : *std::max_element(depth.begin(), depth.end());
    std::size_t levels = 1;
    while ((std::int32_t{1} << levels) <= max_depth) ++levels;
    up.assign(levels, std::vector<std::int32_t>(2 * n));
    for (std::size_t x = 0; x < 2 * n; ++x) up[0][x] = blossomparent[x] == -1 ? static_cast<std::int32_t>(x) : blossomparent[x];
    for (std::size_t k = 1; k < levels; ++k)
      for (std::size_t x = 0; x < 2 * n; ++x) up[k][x] = up[k - 1][static_cast<std::size_t>(up[k - 1][x])];
  }

  // The smallest blossom holding both a and b (blossoms of one tree).
  std::int32_t common(std::int32_t a, std::int32_t b) const {
    if (depth[a] < depth[b]) std::swap(a, b);
    for (std::size_t k = up.size(); k-- > 0;)
      if (depth[a] - (std::int32_t{1} << k) >= depth[b]) a = up[k][a];
    if (a == b) return a;
    for (std::size_t k = up.size(); k-- > 0;) {
      if (up[k][a] != up[k][b]) {
        a = up[k][a];
        b = up[k][b];
      }
    }
    return up[0][a];
  }

  W slack(std::int32_t k) const {
    const auto& e = edges[static_cast<std::size_t>(k)];
    return dualvar[e.u] + dualvar[e.v] - twice[static_cast<std::size_t>(k)];
  }

  template <class F>
  void for_leaves(std::int32_t b, F&& f) const {
    if (b < static_cast<std::int32_t>(n)) {
      f(b);
      return;
    }
    for (std::int32_t t : blossomchilds[static_cast<std::size_t>(b)]) for_leaves(t, f);
  }

  void assign_label(std::int32_t w, std::int8_t t, std::int32_t p) {
    for (;;) {
      const std::int32_t b = inblossom[w];
      assert(label[w] == 0 && label[b] == 0);
      label[w] = label[b] = t;
      labelend[w] = labelend[b] = p;
      bestedge[w] = bestedge[b] = -1;
      if (t == 1) {
        for_leaves(b, [&](std::int32_t v) { queue.push_back(v); });
        return;
      }
      const std::int32_t base = blossombase[b];
      assert(mate[base] >= 0);
      w = endpoint[mate[base]];
      p = mate[base] ^ 1;
      t = 1;
    }
  }

  // Traces back from v and w to find a new blossom's base, or -1 for an augmenting path.
  std::int32_t scan_blossom(std::int32_t v, std::int32_t w) {
    std::vector<std::int32_t> path;
    std::int32_t base = -1;
    while (v != -1 || w != -1) {
      std::int32_t b = inblossom[v];
      if (label[b] & 4) {
        base = blossombase[b];
        break;
      }
      assert(label[b] == 1);
      path.push_back(b);
      label[b] = 5;
      if (labelend[b] == -1) {
        v = -1;
      } else {
        v = endpoint[labelend[b]];
        b = inblossom[v];
        assert(label[b] == 2);
        v = endpoint[labelend[b]];
      }
      if (w != -1) std::swap(v, w);
    }
    for (std::int32_t b : path) label[b] = 1;
    return base;
  }

  void add_blossom(std::int32_t base, std::int32_t k) {
    std::int32_t v = static_cast<std::int32_t>(edges[k].u);
    std::int32_t w = static_cast<std::int32_t>(edges[k].v);
    const std::int32_t bb = inblossom[base];
    std::int32_t bv = inblossom[v];
    std::int32_t bw = inblossom[w];
    const std::int32_t b = unusedblossoms.back();
    unusedblossoms.pop_back();
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    auto& path = blossomchilds[b];
    auto& endps = blossomendps[b];
    path.clear();
    endps.clear();
    while (bv != bb) {
      blossomparent[bv] = b;
      path.push_back(bv);
      endps.push_back(labelend[bv]);
      v = endpoint[labelend[bv]];
      bv = inblossom[v];
    }
    path.push_back(bb);
    std::reverse(path.begin(), path.end());
    std::reverse(endps.begin(), endps.end());
    endps.push_back(2 * k);
    while (bw != bb) {
      blossomparent[bw] = b;
      path.push_back(bw);
      endps.push_back(labelend[bw] ^ 1);
      w = endpoint[labelend[bw]];
      bw = inblossom[w];
    }
    assert(label[bb] == 1);
    label[b] = 1;
    labelend[b] = labelend[bb];
    dualvar[b] = W{};
    for_leaves(b, [&](std::int32_t leaf) {
      if (label[inblossom[leaf]] == 2) queue.push_back(leaf);
      inblossom[leaf] = b;
    });
    // The least-slack edge from the new blossom to each neighbouring S-blossom.
    std::vector<std::int32_t> touched;
    auto consider = [&](std::int32_t kk) {
      std::int32_t i = static_cast<std::int32_t>(edges[kk].u);
      std::int32_t j = static_cast<std::int32_t>(edges[kk].v);
      if (inblossom[j] == b) std::swap(i, j);
      const std::int32_t bj = inblossom[j];
      if (bj != b && label[bj] == 1 && (bestedgeto[bj] == -1 || slack(kk) < slack(bestedgeto[bj]))) {
        if (bestedgeto[bj] == -1) touched.push_back(bj);
        bestedgeto[bj] = kk;
      }
    };
    for (std::int32_t sub : path) {
      if (!has_bestedges[sub]) {
        for_leaves(sub, [&](std::int32_t leaf) {
          for (std::int32_t p : neighbend[leaf]) consider(p / 2);
        });
      } else {
        for (std::int32_t kk : blossombestedges[sub]) consider(kk);
      }
      blossombestedges[sub].clear();
      has_bestedges[sub] = 0;
      bestedge[sub] = -1;
    }
    std::sort(touched.begin(), touched.end());
    auto& best = blossombestedges[b];
    best.clear();
    for (std::int32_t bj : touched) {
      best.push_back(bestedgeto[bj]);
      bestedgeto[bj] = -1;
    }
    has_bestedges[b] = 1;
    bestedge[b] = -1;
    for (std::int32_t kk : best)
      if (bestedge[b] == -1 || slack(kk) < slack(bestedge[b])) bestedge[b] = kk;
  }

  void expand_blossom(std::int32_t b, bool endstage) {
    for (std::int32_t s : blossomchilds[b]) {
      blossomparent[s] = -1;
      if (s < static_cast<std::int32_t>(n)) {
        inblossom[s] = s;
      } else if (endstage && dualvar[s] == W{}) {
        expand_blossom(s, endstage);
      } else {
        for_leaves(s, [&](std::int32_t leaf) { inblossom[leaf] = s; });
      }
    }
    if (!endstage && label[b] == 2) {
      // The T-blossom's children on the even path back to its entry become T and S again.
      auto& childs = blossomchilds[b];
      auto& endps = blossomendps[b];
      const std::size_t size = childs.size();
      const std::int32_t entrychild = inblossom[endpoint[labelend[b] ^ 1]];
      std::ptrdiff_t j = std::find(childs.begin(), childs.end(), entrychild) - childs.begin();
      std::ptrdiff_t jstep;
      std::int32_t endptrick;
      if (j & 1) {
        j -= static_cast<std::ptrdiff_t>(size);
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      std::int32_t p = labelend[b];
      while (j != 0) {
        label[endpoint[p ^ 1]] = 0;
        label[endpoint[endps[wrap(j - endptrick, size)] ^ endptrick ^ 1]] = 0;
        assign_label(endpoint[p ^ 1], 2, p);
        allowedge[endps[wrap(j - endptrick, size)] / 2] = 1;
        j += jstep;
        p = endps[wrap(j - endptrick, size)] ^ endptrick;
        allowedge[p / 2] = 1;
        j += jstep;
      }
      std::int32_t bv = childs[wrap(j, size)];
      label[endpoint[p ^ 1]] = label[bv] = 2;
      labelend[endpoint[p ^ 1]] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (childs[wrap(j, size)] != entrychild) {
        bv = childs[wrap(j, size)];
        if (label[bv] == 1) {
          j += jstep;
          continue;
        }
        std::int32_t found = -1;
        bool done = false;
        for_leaves(bv, [&](std::int32_t leaf) {
          if (!done && label[leaf] != 0) {
            found = leaf;
            done = true;
          }
        });
        if (found != -1) {
          assert(label[found] == 2 && inblossom[found] == bv);
          label[found] = 0;
          label[endpoint[mate[blossombase[bv]]]] = 0;
          assign_label(found, 2, labelend[found]);
        }
        j += jstep;
      }
    }
    label[b] = -1;
    labelend[b] = -1;
    blossomchilds[b].clear();
    blossomendps[b].clear();
    blossombase[b] = -1;
    blossombestedges[b].clear();
    has_bestedges[b] = 0;
    bestedge[b] = -1;
    unusedblossoms.push_back(b);
  }

  // Swaps matched and unmatched edges on the even path from v to b's base.
  void augment_blossom(std::int32_t b, std::int32_t v) {
    std::int32_t t = v;
    while (blossomparent[t] != b) t = blossomparent[t];
    if (t >= static_cast<std::int32_t>(n)) augment_blossom(t, v);
    auto& childs = blossomchilds[b];
    auto& endps = blossomendps[b];
    const std::size_t size = childs.size();
    const std::ptrdiff_t i = std::find(childs.begin(), childs.end(), t) - childs.begin();
    std::ptrdiff_t j = i;
    std::ptrdiff_t jstep;
    std::int32_t endptrick;
    if (i & 1) {
      j -= static_cast<std::ptrdiff_t>(size);
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j != 0) {
      j += jstep;
      t = childs[wrap(j, size)];
      const std::int32_t p = endps[wrap(j - endptrick, size)] ^ endptrick;
      if (t >= static_cast<std::int32_t>(n)) augment_blossom(t, endpoint[p]);
      j += jstep;
      t = childs[wrap(j, size)];
      if (t >= static_cast<std::int32_t>(n)) augment_blossom(t, endpoint[p ^ 1]);
      mate[endpoint[p]] = p ^ 1;
      mate[endpoint[p ^ 1]] = p;
    }
    std::rotate(childs.begin(), childs.begin() + i, childs.end());
    std::rotate(endps.begin(), endps.begin() + i, endps.end());
    blossombase[b] = blossombase[childs[0]];
    assert(blossombase[b] == v);
  }

  void augment_matching(std::int32_t k) {
    const std::int32_t v = static_cast<std::int32_t>(edges[k].u);
    const std::int32_t w = static_cast<std::int32_t>(edges[k].v);
    for (auto [s, p] : {std::pair{v, 2 * k + 1}, std::pair{w, 2 * k}}) {
      for (;;) {
        const std::int32_t bs = inblossom[s];
        assert(label[bs] == 1);
        if (bs >= static_cast<std::int32_t>(n)) augment_blossom(bs, s);
        mate[s] = p;
        if (labelend[bs] == -1) break;
        const std::int32_t t = endpoint[labelend[bs]];
        const std::int32_t bt = inblossom[t];
        assert(label[bt] == 2);
        s = endpoint[labelend[bt]];
        const std::int32_t jj = endpoint[labelend[bt] ^ 1];
        if (bt >= static_cast<std::int32_t>(n)) augment_blossom(bt, jj);
        mate[jj] = labelend[bt];
        p = labelend[bt] ^ 1;
      }
    }
  }

  void run() {
    const std::int32_t nv = static_cast<std::int32_t>(n);
    for (std::size_t stage = 0; stage < n; ++stage) {
      std::fill(label.begin(), label.end(), 0);
      std::fill(bestedge.begin(), bestedge.end(), -1);
      for (std::size_t b = n; b < 2 * n; ++b) {
        blossombestedges[b].clear();
        has_bestedges[b] = 0;
      }
      std::fill(allowedge.begin(), allowedge.end(), 0);
      queue.clear();
      for (std::int32_t v = 0; v < nv; ++v)
        if (mate[v] == -1 && label[inblossom[v]] == 0) assign_label(v, 1, -1);
      bool augmented = false;
      for (;;) {
        while (!queue.empty() && !augmented) {
          const std::int32_t v = queue.back();
          queue.pop_back();
          assert(label[inblossom[v]] == 1);
          for (std::int32_t p : neighbend[v]) {
            const std::int32_t k = p / 2;
            const std::int32_t w = endpoint[p];
            if (inblossom[v] == inblossom[w]) continue;
            W kslack{};
            if (!allowedge[k]) {
              kslack = slack(k);
              if (!(W{} < kslack)) allowedge[k] = 1;
            }
            if (allowedge[k]) {
              if (label[inblossom[w]] == 0) {
                assign_label(w, 2, p ^ 1);
              } else if (label[inblossom[w]] == 1) {
                const std::int32_t base = scan_blossom(v, w);
                if (base >= 0) {
                  add_blossom(base, k);
                } else {
                  augment_matching(k);
                  augmented = true;
                  break;
                }
              } else if (label[w] == 0) {
                label[w] = 2;
                labelend[w] = p ^ 1;
              }
            } else if (label[inblossom[w]] == 1) {
              const std::int32_t b = inblossom[v];
              if (bestedge[b] == -1 || kslack < slack(bestedge[b])) bestedge[b] = k;
            } else if (label[w] == 0) {
              if (bestedge[w] == -1 || kslack < slack(bestedge[w])) bestedge[w] = k;
            }
          }
        }
        if (augmented) break;

        // No augmenting path on tight edges: change the duals by the largest safe delta.
        int deltatype = 1;
        W delta = dualvar[0];
        for (std::int32_t v = 1; v < nv; ++v)
          if (dualvar[v] < delta) delta = dualvar[v];
        std::int32_t deltaedge = -1;
        std::int32_t deltablossom = -1;
        for (std::int32_t v = 0; v < nv; ++v) {
          if (label[inblossom[v]] == 0 && bestedge[v] != -1) {
            const W d = slack(bestedge[v]);
            if (d < delta) {
              delta = d;
              deltatype = 2;
              deltaedge = bestedge[v];
            }
          }
        }
        for (std::int32_t b = 0; b < 2 * nv; ++b) {
          if (blossomparent[b] == -1 && label[b] == 1 && bestedge[b] != -1) {
            const W d = halve(slack(bestedge[b]));
            if (d < delta) {
              delta = d;
              deltatype = 3;
              deltaedge = bestedge[b];
            }
          }
        }
        for (std::int32_t b = nv; b < 2 * nv; ++b) {
          if (blossombase[b] >= 0 && blossomparent[b] == -1 && label[b] == 2 && dualvar[b] < delta) {
            delta = dualvar[b];
            deltatype = 4;
            deltablossom = b;
          }
        }
        for (std::int32_t v = 0; v < nv; ++v) {
          if (label[inblossom[v]] == 1)
            dualvar[v] -= delta;
          else if (label[inblossom[v]] == 2)
            dualvar[v] += delta;
        }
        for (std::int32_t b = nv; b < 2 * nv; ++b) {
          if (blossombase[b] >= 0 && blossomparent[b] == -1) {
            if (label[b] == 1)
              dualvar[b] += delta;
            else if (label[b] == 2)
              dualvar[b] -= delta;
          }
        }
        if (deltatype == 1) break;
        if (deltatype == 2) {
          allowedge[deltaedge] = 1;
          std::int32_t i = static_cast<std::int32_t>(edges[deltaedge].u);
          std::int32_t jj = static_cast<std::int32_t>(edges[deltaedge].v);
          if (label[inblossom[i]] == 0) std::swap(i, jj);
          assert(label[inblossom[i]] == 1);
          queue.push_back(i);
        } else if (deltatype == 3) {
          allowedge[deltaedge] = 1;
          const std::int32_t i = static_cast<std::int32_t>(edges[deltaedge].u);
          assert(label[inblossom[i]] == 1);
          queue.push_back(i);
        } else {
          expand_blossom(deltablossom, false);
        }
      }
      if (!augmented) break;
      // End of the stage: expand the S-blossoms whose dual reached zero.
      for (std::int32_t b = nv; b < 2 * nv; ++b)
        if (blossomparent[b] == -1 && blossombase[b] >= 0 && label[b] == 1 && dualvar[b] == W{}) expand_blossom(b, true);
    }
    result.assign(n, kUnmatched);
    for (std::int32_t v = 0; v < nv; ++v)
      if (mate[v] >= 0) result[v] = endpoint[mate[v]];
  }
};

template <MatchingWeight W>
BlossomMatching<W>::BlossomMatching(std::size_t vertices, std::vector<WeightedEdge<W>> edges) : s_(new State) {
  State& s = *s_;
  s.n = vertices;
  s.edges = std::move(edges);
  const std::size_t m = s.edges.size();
  W maxweight{};
  s.endpoint.resize(2 * m);
  s.twice.resize(m);
  s.neighbend.resize(vertices);
  for (std::size_t k = 0; k < m; ++k) {
    const auto& e = s.edges[k];
    assert(e.u < vertices && e.v < vertices && e.u != e.v && !below_zero(e.weight));
    if (maxweight < e.weight) maxweight = e.weight;
    s.twice[k] = e.weight + e.weight;
    s.endpoint[2 * k] = static_cast<std::int32_t>(e.u);
    s.endpoint[2 * k + 1] = static_cast<std::int32_t>(e.v);
    s.neighbend[e.u].push_back(static_cast<std::int32_t>(2 * k + 1));
    s.neighbend[e.v].push_back(static_cast<std::int32_t>(2 * k));
  }
  s.mate.assign(vertices, -1);
  s.label.assign(2 * vertices, 0);
  s.labelend.assign(2 * vertices, -1);
  s.inblossom.resize(vertices);
  std::iota(s.inblossom.begin(), s.inblossom.end(), 0);
  s.blossomparent.assign(2 * vertices, -1);
  s.blossomchilds.resize(2 * vertices);
  s.blossombase.assign(2 * vertices, -1);
  for (std::size_t v = 0; v < vertices; ++v) s.blossombase[v] = static_cast<std::int32_t>(v);
  s.blossomendps.resize(2 * vertices);
  s.bestedge.assign(2 * vertices, -1);
  s.blossombestedges.resize(2 * vertices);
  s.has_bestedges.assign(2 * vertices, 0);
  for (std::size_t b = 2 * vertices; b-- > vertices;) s.unusedblossoms.push_back(static_cast<std::int32_t>(b));
  std::reverse(s.unusedblossoms.begin(), s.unusedblossoms.end());
  s.dualvar.assign(2 * vertices, W{});
  for (std::size_t v = 0; v < vertices; ++v) s.dualvar[v] = maxweight;
  s.allowedge.assign(m, 0);
  s.bestedgeto.assign(2 * vertices, -1);
}

template <MatchingWeight W>
BlossomMatching<W>::~BlossomMatching() {
  delete s_;
}

template <MatchingWeight W>
void BlossomMatching<W>::solve() {
  if (s_->n == 0) return;
  s_->run();
  s_->prepare_pricing();
}

template <MatchingWeight W>
const std::vector<std::int32_t>& BlossomMatching<W>::mate() const {
  return s_->result;
}

template <MatchingWeight W>
W BlossomMatching<W>::vertex_slack(Vertex u, Vertex v, const W& weight) const {
  return s_->dualvar[u] + s_->dualvar[v] - weight - weight;
}

template <MatchingWeight W>
W BlossomMatching<W>::reduced_cost(Vertex u, Vertex v, const W& weight) const {
  const State& s = *s_;
  W cost = s.dualvar[u] + s.dualvar[v] - weight - weight;
  if (s.inblossom[u] != s.inblossom[v]) return cost;  // no blossom holds both
  // Every blossom holding both ends adds twice its dual: those from the top down to the
  // smallest blossom holding both.
  return cost + s.zsum[s.common(s.blossomparent[u], s.blossomparent[v])];
}

template <MatchingWeight W>
std::vector<std::int32_t> maximum_weight_matching(std::size_t vertices, std::span<const std::pair<Vertex, Vertex>> candidates,
                                                  const EdgeWeightFn<W>& weight, MatchingStats* stats) {
  // The candidate set, as a sorted list of distinct edges of the graph.
  std::vector<std::pair<Vertex, Vertex>> chosen;
  chosen.reserve(candidates.size());
  for (auto [u, v] : candidates) {
    if (u == v) continue;
    chosen.emplace_back(std::min(u, v), std::max(u, v));
  }
  std::sort(chosen.begin(), chosen.end());
  chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
  std::vector<WeightedEdge<W>> edges;
  edges.reserve(chosen.size());
  for (auto [u, v] : chosen) {
    W w{};
    if (weight(u, v, w)) edges.push_back({u, v, w});
  }
  // in_set[u] lists u's higher neighbours in the set, for the pricing pass.
  std::vector<std::vector<Vertex>> in_set(vertices);
  for (const auto& e : edges) in_set[e.u].push_back(e.v);
  MatchingStats local;
  for (;;) {
    BlossomMatching<W> solver(vertices, edges);
    solver.solve();
    ++local.solves;
    local.candidate_edges = edges.size();
    // The most violated edges of each row (at most kPerRow), not all of them: a whole dense
    // graph of violations would make the next search as slow as the dense problem.
    constexpr std::size_t kPerRow = 8;
    std::vector<WeightedEdge<W>> added;
    std::vector<std::pair<W, WeightedEdge<W>>> row;
    for (Vertex u = 0; u < vertices; ++u) {
      auto& known = in_set[u];
      std::sort(known.begin(), known.end());
      std::size_t next = 0;
      row.clear();
      for (Vertex v = u + 1; v < vertices; ++v) {
        while (next < known.size() && known[next] < v) ++next;
        if (next < known.size() && known[next] == v) continue;
        W w{};
        if (!weight(u, v, w)) continue;
        // Blossom duals are never negative, so an edge whose vertex duals already cover it is
        // priced without walking the blossoms.
        if (!below_zero(solver.vertex_slack(u, v, w))) continue;
        const W rc = solver.reduced_cost(u, v, w);
        if (below_zero(rc)) row.push_back({rc, WeightedEdge<W>{u, v, w}});
      }
      if (row.size() > kPerRow) {
        std::partial_sort(row.begin(), row.begin() + kPerRow, row.end(),
                          [](const auto& x, const auto& y) { return x.first < y.first || (x.first == y.first && x.second.v < y.second.v); });
        row.resize(kPerRow);
      }
      for (const auto& [rc, e] : row) added.push_back(e);
    }
    if (added.empty()) {
      if (stats) *stats = local;
      return solver.mate();
    }
    for (const auto& e : added) {
      in_set[e.u].push_back(e.v);
      edges.push_back(e);
    }
  }
}

#define PARLEY_INSTANTIATE_MATCHING(W)                                                                    \
  template class BlossomMatching<W>;                                                                      \
  template std::vector<std::int32_t> maximum_weight_matching<W>(std::size_t, std::span<const std::pair<Vertex, Vertex>>, \
                                                                const EdgeWeightFn<W>&, MatchingStats*);
PARLEY_INSTANTIATE_MATCHING(std::int64_t)
PARLEY_INSTANTIATE_MATCHING(Wide<2>)
PARLEY_INSTANTIATE_MATCHING(Wide<4>)
PARLEY_INSTANTIATE_MATCHING(Wide<6>)
PARLEY_INSTANTIATE_MATCHING(Wide<8>)
PARLEY_INSTANTIATE_MATCHING(Wide<16>)
PARLEY_INSTANTIATE_MATCHING(Wide<32>)
#undef PARLEY_INSTANTIATE_MATCHING

}  // namespace parley::event
