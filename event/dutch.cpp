#include "event/dutch.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <numeric>

#include "event/matching.hpp"

namespace parley::event {

std::string_view describe(PairingError error) {
  switch (error) {
    case PairingError::too_few_players: return "too few players to pair";
    case PairingError::unpairable: return "no pairing satisfies the absolute criteria";
    case PairingError::too_many_levels: return "the pairing criteria need wider weights than supported";
    case PairingError::wrong_round: return "not the next round of the event";
    case PairingError::round_robin_absence: return "a round robin cannot leave players out";
    case PairingError::bad_history: return "the earlier rounds' documents do not fit the event";
  }
  return "unknown pairing error";
}

int colour_difference(std::span<const Colour> colours) {
  int d = 0;
  for (Colour c : colours) d += c == Colour::white ? 1 : -1;
  return d;
}

ColourPreference colour_preference(std::span<const Colour> colours) {
  using S = ColourPreference::Strength;
  if (colours.empty()) return {S::none, Colour::white};
  const int cd = colour_difference(colours);
  const std::size_t n = colours.size();
  const bool two_same = n >= 2 && colours[n - 1] == colours[n - 2];
  if (cd < -1) return {S::absolute, Colour::white};
  if (cd > 1) return {S::absolute, Colour::black};
  if (two_same) return {S::absolute, opposite(colours[n - 1])};
  if (cd == -1) return {S::strong, Colour::white};
  if (cd == 1) return {S::strong, Colour::black};
  return {S::mild, opposite(colours[n - 1])};
}

std::vector<SwissPlayer> swiss_players(const Event& event, const History& history, std::span<const PlayerIndex> participants,
                                       std::size_t round) {
  const auto ranking = initial_ranking(event);
  std::vector<std::uint32_t> number(event.roster.size());
  for (std::size_t k = 0; k < ranking.size(); ++k) number[ranking[k]] = static_cast<std::uint32_t>(k + 1);
  const std::size_t past = std::min(round - 1, history.rounds());
  auto float_in = [&](PlayerIndex p, std::size_t r) {
    const PlayerRound& pr = history.at(p, r);
    if (pr.kind != PlayerRound::Kind::played) return pr.points > 0 ? Float::down : Float::none;
    const Points mine = history.score_after(p, r - 1);
    const Points theirs = history.score_after(pr.opponents.front(), r - 1);
    return mine > theirs ? Float::down : mine < theirs ? Float::up : Float::none;
  };
  std::vector<SwissPlayer> out;
  out.reserve(participants.size());
  for (PlayerIndex p : participants) {
    SwissPlayer s;
    s.player = p;
    s.pairing_number = number[p];
    s.score = history.score_after(p, past);
    for (std::size_t r = 1; r <= past; ++r) {
      const PlayerRound& pr = history.at(p, r);
      if (pr.kind == PlayerRound::Kind::played) {
        s.colours.push_back(pr.seat == 0 ? Colour::white : Colour::black);
        s.met.push_back(pr.opponents.front());
      }
      if (pr.kind == PlayerRound::Kind::bye || pr.kind == PlayerRound::Kind::forfeit_win) s.bye_eligible = false;
    }
    std::sort(s.met.begin(), s.met.end());
    if (past >= 1) s.float_last = float_in(p, past);
    if (past >= 2) s.float_before = float_in(p, past - 1);
    out.push_back(std::move(s));
  }
  return out;
}

namespace {

using Strength = ColourPreference::Strength;

// One participant, prepared for the bracket weights.
struct Prepared {
  const SwissPlayer* p = nullptr;
  ColourPreference pref;
  int cd = 0;
  bool topscorer = false;
};

// The colours a pair would play, and what that does to the colour criteria C.8–C.11.
struct ColourOutcome {
  int c8 = 0;   // topscorers or their opponents beyond a colour difference of ±2
  int c9 = 0;   // topscorers or their opponents with one colour three times running
  int c10 = 0;  // players without their colour preference
  int c11 = 0;  // players without their strong colour preference
};

Colour allocate(const Prepared& hi, const Prepared& lo, Colour initial) {
  const auto& a = hi.pref;
  const auto& b = lo.pref;
  const bool ha = a.strength != Strength::none, hb = b.strength != Strength::none;
  // E.1: both preferences granted (or the only one there is).
  if (ha && hb && a.colour != b.colour) return a.colour;
  if (ha && !hb) return a.colour;
  if (!ha && hb) return opposite(b.colour);
  if (ha && hb) {
    // E.2: the stronger preference; two absolute ones (topscorers): the wider colour difference.
    if (a.strength != b.strength) return a.strength > b.strength ? a.colour : opposite(b.colour);
    if (a.strength == Strength::absolute && std::abs(hi.cd) != std::abs(lo.cd))
      return std::abs(hi.cd) > std::abs(lo.cd) ? a.colour : opposite(b.colour);
    // E.3: alternate to the latest game in which they had different colours, played games only.
    const auto& ca = hi.p->colours;
    const auto& cb = lo.p->colours;
    for (std::size_t i = 1; i <= std::min(ca.size(), cb.size()); ++i) {
      const Colour x = ca[ca.size() - i], y = cb[cb.size() - i];
      if (x != y) return opposite(x);
    }
    // E.4: the higher-ranked player's preference.
    return a.colour;
  }
  // E.5: by the higher-ranked player's pairing number.
  return hi.p->pairing_number % 2 == 1 ? initial : opposite(initial);
}

ColourOutcome colour_outcome(const Prepared& hi, const Prepared& lo, Colour initial) {
  ColourOutcome out;
  const Colour c = allocate(hi, lo, initial);
  const bool top = hi.topscorer || lo.topscorer;
  for (const auto* x : {&hi, &lo}) {
    const Colour got = x == &hi ? c : opposite(c);
    const auto& pref = x->pref;
    if (pref.strength != Strength::none && pref.colour != got) {
      ++out.c10;
      if (pref.strength >= Strength::strong && !(hi.pref.strength == Strength::absolute && lo.pref.strength == Strength::absolute))
        ++out.c11;
    }
    if (top) {
      const int cd = x->cd + (got == Colour::white ? 1 : -1);
      if (cd > 2 || cd < -2) ++out.c8;
      const auto& cs = x->p->colours;
      if (cs.size() >= 2 && cs[cs.size() - 1] == got && cs[cs.size() - 2] == got) ++out.c9;
    }
  }
  return out;
}

// Pairings equal on every criterion are told apart by a fixed hash of each pair's two pairing
// numbers (16 bits of a 64-bit mixing function), so the rules, not the search's order, decide.
constexpr std::uint64_t kTieMask = 0xffff;
std::uint64_t tie_hash(std::uint32_t a, std::uint32_t b) {
  std::uint64_t x = (static_cast<std::uint64_t>(std::min(a, b)) << 32) | std::max(a, b);
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x & kTieMask;
}

std::size_t bits_for(std::uint64_t v) {
  std::size_t w = 0;
  while (v) {
    ++w;
    v >>= 1;
  }
  return w;
}

// The bit fields of one bracket's edge weights, least significant first.
enum Field : std::size_t {
  kTie,       // what is still equal: a fixed hash of the two pairing numbers
  kOrder,     // D: S1[i] against S2[i], the higher-ranked first
  kRank,      // D: pair the higher-ranked players, float the lower
  kC19, kC18, kC17, kC16,
  kC15, kC14, kC13, kC12,
  kC11, kC10, kC9, kC8,
  kNextPsd,   // C.7, the next bracket's PSD
  kNextPairs, // C.7, the next bracket's pairs
  kPsd,       // C.6
  kPairs,     // C.5
  kComplete,  // C.4
  kFields
};

// A bracket's pairing problem: roles of the remaining players and the weight layout.
struct Bracket {
  // A leave vertex is one player's private exit from the window: matched to it, the player
  // floats below the next bracket (its vertex[] holds the player's vertex).
  enum Role : std::uint8_t { current, next, lower, bye, leave };
  std::vector<std::uint32_t> vertex;  // vertex -> index into prepared (A.2 order); the bye vertex last
  std::vector<Role> role;
  std::vector<std::uint32_t> pos;     // position in the current bracket (current players)
  std::vector<std::int32_t> target;   // standard partner's position (current players in S1 or S2), or -1
  std::size_t current_size = 0;
  bool has_leaves = false;            // the window's players have leave vertices
  Points resident = 0;                // the bracket's resident score
  std::optional<Points> next_resident;
  // Rank of each score difference (half-points, index) among the bracket's PSD values; the
  // level just above the highest is the constant K every covered player is worth.
  std::vector<std::int16_t> psd_rank, next_psd_rank;
  std::size_t psd_levels = 0, next_psd_levels = 0;
  std::size_t beta = 0;               // bits per PSD level
  std::array<std::size_t, kFields> offset{};
  std::array<std::size_t, kFields> width{};
  std::size_t total_bits = 0;
  int max_diff = 0;
  bool float1 = false, float2 = false;
};

class Pairer {
 public:
  Pairer(std::span<const SwissPlayer> players, const DutchOptions& options) : options_(options) {
    prepared_.reserve(players.size());
    const bool last_round = options.round == options.total_rounds && options.round > 1;
    for (const auto& p : players) {
      Prepared x;
      x.p = &p;
      x.pref = colour_preference(p.colours);
      x.cd = colour_difference(p.colours);
      // A.7: over 50% of the maximum possible score, when pairing the last round.
      x.topscorer = last_round && p.score > static_cast<Points>(options.round - 1);
      topscorers_ = topscorers_ || x.topscorer;
      prepared_.push_back(x);
    }
    std::sort(prepared_.begin(), prepared_.end(), [](const Prepared& a, const Prepared& b) {
      if (a.p->score != b.p->score) return a.p->score > b.p->score;
      return a.p->pairing_number < b.p->pairing_number;
    });
  }

  game::Result<RoundPairing, PairingError> run(DutchStats* stats) {
    const std::size_t n = prepared_.size();
    if (n < 2) return PairingError::too_few_players;
    // Score groups in A.2 order: [begin, end) of each.
    std::vector<std::pair<std::size_t, std::size_t>> groups;
    for (std::size_t i = 0; i < n;) {
      std::size_t j = i;
      while (j < n && prepared_[j].p->score == prepared_[i].p->score) ++j;
      groups.emplace_back(i, j);
      i = j;
    }
    std::vector<std::uint32_t> mdps;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  // A.2 indices, higher first
    std::optional<std::uint32_t> bye;
    DutchStats local;
    // The completion witness: a perfect matching of the players still unpaired (and the bye
    // when their number is odd). Without one, no pairing meets C.1–C.4.
    alive_.assign(n + 1, 1);
    alive_[n] = n % 2 == 1;
    witness_.assign(n + 1, kUnmatched);
    if (!repair_witness()) return PairingError::unpairable;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      ++local.brackets;
      const bool has_next = g + 1 < groups.size();
      const bool has_lower = g + 2 < groups.size();
      // The window: this bracket and the next; below it, each player's leave vertex.
      Bracket br;
      for (std::uint32_t m : mdps) {
        br.vertex.push_back(m);
        br.role.push_back(Bracket::current);
      }
      const std::size_t window_end = has_next ? groups[g + 1].second : groups[g].second;
      for (std::size_t i = groups[g].first; i < window_end; ++i) {
        br.vertex.push_back(static_cast<std::uint32_t>(i));
        br.role.push_back(i < groups[g].second ? Bracket::current : Bracket::next);
      }
      const std::size_t players_in_window = br.vertex.size();
      if (has_lower) {
        for (std::size_t v = 0; v < players_in_window; ++v) {
          br.vertex.push_back(static_cast<std::uint32_t>(v));
          br.role.push_back(Bracket::leave);
        }
      } else if (players_in_window % 2 == 1) {
        br.vertex.push_back(UINT32_MAX);
        br.role.push_back(Bracket::bye);
      }
      br.resident = prepared_[groups[g].first].p->score;
      if (has_next) br.next_resident = prepared_[groups[g + 1].first].p->score;
      if (!options_.windows) br = full_bracket(mdps, groups, g);
      auto mate = solve_bracket(br, local);
      if (!mate) return mate.error();
      // Keep the bracket's pairs; check that everyone else can still be paired.
      std::vector<std::pair<std::uint32_t, std::uint32_t>> kept, tentative;
      std::vector<std::uint32_t> floating;
      std::optional<std::uint32_t> bye_here;
      auto read = [&](const Bracket& b, const std::vector<std::int32_t>& m) {
        kept.clear();
        tentative.clear();
        floating.clear();
        bye_here.reset();
        for (std::size_t v = 0; v < b.vertex.size(); ++v) {
          const auto r = b.role[v];
          if (r == Bracket::leave) continue;
          const std::int32_t w = m[v];
          if (r == Bracket::bye) {
            if (w != kUnmatched && b.role[static_cast<std::size_t>(w)] != Bracket::leave)
              tentative.emplace_back(b.vertex[static_cast<std::size_t>(w)], static_cast<std::uint32_t>(n));
            continue;
          }
          const bool paired = w != kUnmatched && b.role[static_cast<std::size_t>(w)] != Bracket::leave &&
                              b.role[static_cast<std::size_t>(w)] != Bracket::bye;
          if (r == Bracket::current && paired && b.role[static_cast<std::size_t>(w)] == Bracket::current) {
            if (v < static_cast<std::size_t>(w)) kept.emplace_back(b.vertex[v], b.vertex[static_cast<std::size_t>(w)]);
          } else if (paired && v < static_cast<std::size_t>(w)) {
            tentative.emplace_back(b.vertex[v], b.vertex[static_cast<std::size_t>(w)]);
          }
          if (r == Bracket::current && !(paired && b.role[static_cast<std::size_t>(w)] == Bracket::current)) {
            if (!has_next && w != kUnmatched && b.role[static_cast<std::size_t>(w)] == Bracket::bye)
              bye_here = b.vertex[v];
            else
              floating.push_back(b.vertex[v]);
          }
        }
      };
      read(br, *mate);
      if (!accept(kept, tentative, has_lower && options_.windows)) {
        // The window's choice cannot be completed: pair this bracket over everyone left.
        ++local.fallbacks;
        Bracket full = full_bracket(mdps, groups, g);
        auto full_mate = solve_bracket(full, local);
        if (!full_mate) return full_mate.error();
        read(full, *full_mate);
        if (!accept(kept, tentative, false)) return PairingError::unpairable;
      }
      pairs.insert(pairs.end(), kept.begin(), kept.end());
      if (bye_here) bye = bye_here;
      mdps = floating;
      if (!has_next && !mdps.empty()) return PairingError::unpairable;
    }
    if (stats) *stats = local;
    RoundPairing out;
    std::sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) {
      const Points ha = prepared_[a.first].p->score, hb = prepared_[b.first].p->score;
      if (ha != hb) return ha > hb;
      const int sa = ha + prepared_[a.second].p->score, sb = hb + prepared_[b.second].p->score;
      if (sa != sb) return sa > sb;
      return a.first < b.first;
    });
    for (auto [h, l] : pairs) {
      const Colour c = allocate(prepared_[h], prepared_[l], options_.initial_colour);
      const PlayerIndex hp = prepared_[h].p->player, lp = prepared_[l].p->player;
      out.boards.push_back(c == Colour::white ? std::vector<PlayerIndex>{hp, lp} : std::vector<PlayerIndex>{lp, hp});
    }
    if (bye) out.byes.push_back(prepared_[*bye].p->player);
    return out;
  }

 private:
  const SwissPlayer& sp(std::uint32_t i) const { return *prepared_[i].p; }

  // A bracket over every player still unpaired (the exact formulation, used when the window's
  // choice cannot be completed).
  Bracket full_bracket(const std::vector<std::uint32_t>& mdps, const std::vector<std::pair<std::size_t, std::size_t>>& groups,
                       std::size_t g) const {
    Bracket br;
    const std::size_t n = prepared_.size();
    for (std::uint32_t m : mdps) {
      br.vertex.push_back(m);
      br.role.push_back(Bracket::current);
    }
    for (std::size_t i = groups[g].first; i < n; ++i) {
      br.vertex.push_back(static_cast<std::uint32_t>(i));
      br.role.push_back(i < groups[g].second ? Bracket::current
                        : (g + 1 < groups.size() && i < groups[g + 1].second) ? Bracket::next
                                                                              : Bracket::lower);
    }
    if (br.vertex.size() % 2 == 1) {
      br.vertex.push_back(UINT32_MAX);
      br.role.push_back(Bracket::bye);
    }
    br.resident = prepared_[groups[g].first].p->score;
    if (g + 1 < groups.size()) br.next_resident = prepared_[groups[g + 1].first].p->score;
    return br;
  }

  game::Result<std::vector<std::int32_t>, PairingError> solve_bracket(Bracket& br, DutchStats& stats) const {
    layout(br);
    stats.widest_weight = std::max(stats.widest_weight, br.total_bits);
    MatchingStats ms;
    std::vector<std::int32_t> mate;
    if (br.total_bits <= 125) {
      mate = solve<Wide<2>>(br, ms);
    } else if (br.total_bits <= 253) {
      mate = solve<Wide<4>>(br, ms);
    } else if (br.total_bits <= 381) {
      mate = solve<Wide<6>>(br, ms);
    } else if (br.total_bits <= 509) {
      mate = solve<Wide<8>>(br, ms);
    } else if (br.total_bits <= 1021) {
      mate = solve<Wide<16>>(br, ms);
    } else if (br.total_bits <= 2045) {
      mate = solve<Wide<32>>(br, ms);
    } else {
      return PairingError::too_many_levels;
    }
    stats.matchings += ms.solves;
    return mate;
  }

  // Whether the bracket's search completes the round. The window's whole choice — the bracket's
  // pairs and the next bracket's tentative pairs — is held fixed, and the players it sends below
  // the window must be pairable with the players there: only then is the window's optimum the
  // optimum over everyone left (the rest of the weight is the same either way). Updates the
  // witness when so. Without a window (`below` false) the tentative pairs are the witness.
  bool accept(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& kept,
              const std::vector<std::pair<std::uint32_t, std::uint32_t>>& tentative, bool below) {
    const auto saved_alive = alive_;
    const auto saved_witness = witness_;
    for (auto [a, b] : kept) alive_[a] = alive_[b] = 0;
    if (below)
      for (auto [a, b] : tentative) alive_[a] = alive_[b] = 0;  // fixed while the rest is completed
    for (std::size_t x = 0; x < witness_.size(); ++x) {
      const std::int32_t y = witness_[x];
      if (!below || !alive_[x] || y == kUnmatched || !alive_[static_cast<std::size_t>(y)]) witness_[x] = kUnmatched;
    }
    if (!below) {
      for (auto [a, b] : tentative) {
        witness_[a] = static_cast<std::int32_t>(b);
        witness_[b] = static_cast<std::int32_t>(a);
      }
    }
    if (!repair_witness()) {
      alive_ = saved_alive;
      witness_ = saved_witness;
      return false;
    }
    if (below) {
      for (auto [a, b] : tentative) {
        alive_[a] = alive_[b] = 1;
        witness_[a] = static_cast<std::int32_t>(b);
        witness_[b] = static_cast<std::int32_t>(a);
      }
    }
    return true;
  }

  // Completion's graph: two live players who may meet, or a live player and the bye.
  bool completes(std::size_t a, std::size_t b) const {
    const std::size_t n = prepared_.size();
    if (a == b || !alive_[a] || !alive_[b]) return false;
    if (a == n) return sp(static_cast<std::uint32_t>(b)).bye_eligible;
    if (b == n) return sp(static_cast<std::uint32_t>(a)).bye_eligible;
    return compatible(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b));
  }

  // Extends the witness to a perfect matching of the live vertices: greedily, then by
  // augmenting paths (Edmonds). False when none exists.
  bool repair_witness() {
    std::vector<std::size_t> live;
    for (std::size_t x = 0; x < alive_.size(); ++x)
      if (alive_[x]) live.push_back(x);
    std::vector<std::size_t> exposed;
    for (std::size_t x : live)
      if (witness_[x] == kUnmatched) exposed.push_back(x);
    for (std::size_t i = 0; i < exposed.size(); ++i) {
      const std::size_t x = exposed[i];
      if (witness_[x] != kUnmatched) continue;
      for (std::size_t j = i + 1; j < exposed.size(); ++j) {
        const std::size_t y = exposed[j];
        if (witness_[y] == kUnmatched && completes(x, y)) {
          witness_[x] = static_cast<std::int32_t>(y);
          witness_[y] = static_cast<std::int32_t>(x);
          break;
        }
      }
    }
    for (std::size_t x : exposed)
      if (witness_[x] == kUnmatched && !augment(x, live)) return false;
    return true;
  }

  // One augmenting path from `root` over the live vertices (Edmonds' blossom algorithm).
  bool augment(std::size_t root, const std::vector<std::size_t>& live) {
    const std::size_t size = witness_.size();
    std::vector<std::int32_t> parent(size, -1), base(size);
    std::vector<char> used(size, 0), blossom(size, 0);
    for (std::size_t i = 0; i < size; ++i) base[i] = static_cast<std::int32_t>(i);
    auto lca = [&](std::int32_t a, std::int32_t b) {
      std::vector<char> seen(size, 0);
      for (;;) {
        a = base[static_cast<std::size_t>(a)];
        seen[static_cast<std::size_t>(a)] = 1;
        if (witness_[static_cast<std::size_t>(a)] == kUnmatched) break;
        a = parent[static_cast<std::size_t>(witness_[static_cast<std::size_t>(a)])];
      }
      for (;;) {
        b = base[static_cast<std::size_t>(b)];
        if (seen[static_cast<std::size_t>(b)]) return b;
        b = parent[static_cast<std::size_t>(witness_[static_cast<std::size_t>(b)])];
      }
    };
    auto mark = [&](std::int32_t v, std::int32_t b, std::int32_t child) {
      while (base[static_cast<std::size_t>(v)] != b) {
        blossom[static_cast<std::size_t>(base[static_cast<std::size_t>(v)])] = 1;
        blossom[static_cast<std::size_t>(base[static_cast<std::size_t>(witness_[static_cast<std::size_t>(v)])])] = 1;
        parent[static_cast<std::size_t>(v)] = child;
        child = witness_[static_cast<std::size_t>(v)];
        v = parent[static_cast<std::size_t>(witness_[static_cast<std::size_t>(v)])];
      }
    };
    std::vector<std::int32_t> queue{static_cast<std::int32_t>(root)};
    used[root] = 1;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::int32_t v = queue[head];
      for (std::size_t t : live) {
        const auto to = static_cast<std::int32_t>(t);
        if (base[static_cast<std::size_t>(v)] == base[t] || witness_[static_cast<std::size_t>(v)] == to) continue;
        if (!completes(static_cast<std::size_t>(v), t)) continue;
        if (to == static_cast<std::int32_t>(root) ||
            (witness_[t] != kUnmatched && parent[static_cast<std::size_t>(witness_[t])] != -1)) {
          const std::int32_t b = lca(v, to);
          std::fill(blossom.begin(), blossom.end(), 0);
          mark(v, b, to);
          mark(to, b, v);
          for (std::size_t i : live) {
            if (blossom[static_cast<std::size_t>(base[i])]) {
              base[i] = b;
              if (!used[i]) {
                used[i] = 1;
                queue.push_back(static_cast<std::int32_t>(i));
              }
            }
          }
        } else if (parent[t] == -1) {
          parent[t] = v;
          if (witness_[t] == kUnmatched) {
            // Flip the path back to the root.
            std::int32_t x = to;
            while (x != -1) {
              const std::int32_t pv = parent[static_cast<std::size_t>(x)];
              const std::int32_t ppv = witness_[static_cast<std::size_t>(pv)];
              witness_[static_cast<std::size_t>(x)] = pv;
              witness_[static_cast<std::size_t>(pv)] = x;
              x = ppv;
            }
            return true;
          }
          const std::int32_t next = witness_[t];
          used[static_cast<std::size_t>(next)] = 1;
          queue.push_back(next);
        }
      }
    }
    return false;
  }

  bool compatible(std::uint32_t a, std::uint32_t b) const {
    const Prepared& x = prepared_[a];
    const Prepared& y = prepared_[b];
    // C.1: no second game between the same players.
    if (std::binary_search(x.p->met.begin(), x.p->met.end(), y.p->player)) return false;
    // C.3: non-topscorers with the same absolute colour preference do not meet.
    if (x.pref.strength == Strength::absolute && y.pref.strength == Strength::absolute && x.pref.colour == y.pref.colour &&
        !x.topscorer && !y.topscorer)
      return false;
    return true;
  }

  void layout(Bracket& br) const {
    const std::size_t vcount = br.vertex.size();
    br.pos.assign(vcount, 0);
    br.target.assign(vcount, -1);
    std::vector<std::size_t> cur;  // vertices of the current bracket, in A.2 order
    for (std::size_t v = 0; v < vcount; ++v)
      if (br.role[v] == Bracket::current) {
        br.pos[v] = static_cast<std::uint32_t>(cur.size());
        cur.push_back(v);
      }
    br.current_size = cur.size();
    // The standard candidate (D): MDPs against the highest residents, then the remainder's S1
    // against its S2, position by position.
    std::size_t m = 0;
    while (m < cur.size() && sp(br.vertex[cur[m]]).score != br.resident) ++m;
    const std::size_t residents = cur.size() - m;
    const std::size_t m1 = std::min(m, residents);
    auto link = [&](std::size_t a, std::size_t b) {
      br.target[cur[a]] = static_cast<std::int32_t>(b);
      br.target[cur[b]] = static_cast<std::int32_t>(a);
    };
    for (std::size_t i = 0; i < m1; ++i) link(i, m + i);
    const std::size_t rest_begin = m + m1;
    const std::size_t rest = cur.size() - rest_begin;
    if (m == 0) {
      for (std::size_t i = 0; i < cur.size() / 2; ++i) link(i, cur.size() / 2 + i);
    } else {
      for (std::size_t i = 0; i < rest / 2; ++i) link(rest_begin + i, rest_begin + rest / 2 + i);
    }
    // PSD levels: every score difference a pair or a downfloater of the bracket can have,
    // ranked; the same for the next bracket.
    std::vector<Points> cur_scores;
    for (std::size_t v = 0; v < vcount; ++v)
      if (br.role[v] == Bracket::current) cur_scores.push_back(sp(br.vertex[v]).score);
    std::sort(cur_scores.begin(), cur_scores.end());
    cur_scores.erase(std::unique(cur_scores.begin(), cur_scores.end()), cur_scores.end());
    br.max_diff = cur_scores.back() - cur_scores.front() + 2;
    auto rank = [](std::vector<int> values, std::vector<std::int16_t>& table, std::size_t& levels) {
      std::sort(values.begin(), values.end());
      values.erase(std::unique(values.begin(), values.end()), values.end());
      table.assign(static_cast<std::size_t>(values.back()) + 1, -1);
      for (std::size_t i = 0; i < values.size(); ++i) table[static_cast<std::size_t>(values[i])] = static_cast<std::int16_t>(i);
      levels = values.size();
    };
    std::vector<int> values;
    for (Points a : cur_scores) {
      values.push_back(a - br.resident + 2);
      for (Points b : cur_scores)
        if (a >= b) values.push_back(a - b);
    }
    rank(values, br.psd_rank, br.psd_levels);
    if (br.next_resident) {
      const int s = *br.next_resident;
      values.clear();
      for (Points a : cur_scores) {
        values.push_back(a - s + 2);
        values.push_back(a - s);
      }
      values.push_back(2);
      values.push_back(0);
      rank(values, br.next_psd_rank, br.next_psd_levels);
    }
    br.float1 = options_.round > 1;
    br.float2 = options_.round > 2;
    // Field widths: each holds its largest per-edge value times the number of edges matched.
    const std::uint64_t pairs = vcount / 2;
    br.beta = bits_for(2 * vcount + 2) + 1;
    auto sum_width = [&](std::uint64_t per_edge) { return per_edge == 0 ? 0 : bits_for(per_edge * pairs) + 1; };
    const std::uint64_t diff = static_cast<std::uint64_t>(br.max_diff) + 2;
    br.has_leaves = std::find(br.role.begin(), br.role.end(), Bracket::leave) != br.role.end();
    br.width[kComplete] = sum_width(2);
    br.width[kPairs] = sum_width(1);
    br.width[kPsd] = (br.psd_levels + 1) * br.beta + 2;
    br.width[kNextPairs] = br.next_resident ? sum_width(1) : 0;
    br.width[kNextPsd] = br.next_resident ? (br.next_psd_levels + 1) * br.beta + 2 : 0;
    // C.8 and C.9 concern topscorers, who exist only in the last round.
    br.width[kC8] = topscorers_ ? sum_width(2) : 0;
    br.width[kC9] = topscorers_ ? sum_width(2) : 0;
    br.width[kC10] = sum_width(1);
    br.width[kC11] = sum_width(1);
    br.width[kC12] = br.float1 ? sum_width(2) : 0;
    br.width[kC13] = br.float1 ? sum_width(1) : 0;
    br.width[kC14] = br.float2 ? sum_width(2) : 0;
    br.width[kC15] = br.float2 ? sum_width(1) : 0;
    br.width[kC16] = br.float1 ? sum_width(2 * diff) : 0;
    br.width[kC17] = br.float1 ? sum_width(diff) : 0;
    br.width[kC18] = br.float2 ? sum_width(2 * diff) : 0;
    br.width[kC19] = br.float2 ? sum_width(diff) : 0;
    br.width[kRank] = sum_width(2 * br.current_size + 2);
    br.width[kOrder] = sum_width(2 * br.current_size * br.current_size + 2);
    br.width[kTie] = sum_width(kTieMask);
    std::size_t at = 0;
    for (std::size_t f = 0; f < kFields; ++f) {
      br.offset[f] = at;
      at += br.width[f];
    }
    br.total_bits = at + 3;  // the duals reach twice the largest weight; one sign bit
  }

  // Edge weights. Every player stays matched (C.4), so each bracket criterion is written as a
  // total over the bracket's players: a pair of the bracket carries its two players' share,
  // and any other edge carries the share of each bracket player it takes out of the bracket
  // (a downfloater). A pair's weight then depends on the pair, not on who its players are, which
  // keeps the duals of the candidate graph close to feasible for the whole graph.

  // The share of a bracket player x that leaves it (floats down, or takes the bye).
  template <class W>
  void leaving_current(const Bracket& br, Vertex x, W& w, W& minus) const {
    const SwissPlayer& p = sp(br.vertex[x]);
    const int sd = p.score - br.resident + 2;  // its SD as a downfloater (A.8)
    w.add_at(1, br.offset[kPsd] + br.psd_levels * br.beta);
    minus.add_at(1, br.offset[kPsd] + static_cast<std::size_t>(br.psd_rank[static_cast<std::size_t>(sd)]) * br.beta);
    const std::uint64_t diff = static_cast<std::uint64_t>(br.max_diff) + 2;
    if (br.float1) {
      const bool again = p.float_last == Float::down;
      w.add_at(!again, br.offset[kC12]);
      w.add_at(diff - (again ? static_cast<std::uint64_t>(sd) : 0), br.offset[kC16]);
    }
    if (br.float2) {
      const bool again = p.float_before == Float::down;
      w.add_at(!again, br.offset[kC14]);
      w.add_at(diff - (again ? static_cast<std::uint64_t>(sd) : 0), br.offset[kC18]);
    }
    w.add_at(br.pos[x], br.offset[kRank]);  // D: the lower-ranked float
  }

  // The share of a player of the bracket or the next one that is a downfloater of the next.
  template <class W>
  void leaving_next(const Bracket& br, Vertex x, W& w, W& minus) const {
    const int sd = sp(br.vertex[x]).score - *br.next_resident + 2;
    w.add_at(1, br.offset[kNextPsd] + br.next_psd_levels * br.beta);
    minus.add_at(1, br.offset[kNextPsd] + static_cast<std::size_t>(br.next_psd_rank[static_cast<std::size_t>(sd)]) * br.beta);
  }

  // A pair of the next bracket (C.7): its pair and its score difference.
  template <class W>
  void next_pair(const Bracket& br, int su, int sv, W& w, W& minus) const {
    w.add_at(1, br.offset[kNextPairs]);
    w.add_at(2, br.offset[kNextPsd] + br.next_psd_levels * br.beta);
    minus.add_at(1, br.offset[kNextPsd] + static_cast<std::size_t>(br.next_psd_rank[static_cast<std::size_t>(su - sv)]) * br.beta);
  }

  // The weight of the edge between vertices a < b, or false when they may not meet.
  template <class W>
  bool weight(const Bracket& br, Vertex a, Vertex b, W& w) const {
    w = W{};
    W minus{};
    const auto ra = br.role[a], rb = br.role[b];
    auto leaving = [&](Vertex x) {
      if (br.role[x] == Bracket::current) leaving_current(br, x, w, minus);
      if (br.next_resident && (br.role[x] == Bracket::current || br.role[x] == Bracket::next)) leaving_next(br, x, w, minus);
    };
    if (ra == Bracket::leave || ra == Bracket::bye) return false;
    if (rb == Bracket::leave) {
      // Completion counts the players an edge covers here: a pair two, a leave one.
      if (br.vertex[b] != a) return false;
      w.add_at(1, br.offset[kComplete]);
      leaving(a);
      w -= minus;
      return true;
    }
    if (rb == Bracket::bye) {
      if (!sp(br.vertex[a]).bye_eligible) return false;
      w.add_at(1, br.offset[kComplete]);
      leaving(a);
      w -= minus;
      return true;
    }
    const std::uint32_t u = br.vertex[a], v = br.vertex[b];  // u is the higher-ranked (A.2)
    if (!compatible(u, v)) return false;
    w.add_at(br.has_leaves ? 2 : 1, br.offset[kComplete]);
    const int su = sp(u).score, sv = sp(v).score;
    if (ra == Bracket::current && rb == Bracket::current) {
      const Prepared& pu = prepared_[u];
      const Prepared& pv = prepared_[v];
      const bool hetero = su > sv;
      const std::uint64_t diff = static_cast<std::uint64_t>(br.max_diff) + 2;
      w.add_at(1, br.offset[kPairs]);
      // C.6: the pair's score difference in place of two downfloaters.
      w.add_at(2, br.offset[kPsd] + br.psd_levels * br.beta);
      minus.add_at(1, br.offset[kPsd] + static_cast<std::size_t>(br.psd_rank[static_cast<std::size_t>(su - sv)]) * br.beta);
      if (br.next_resident) w.add_at(2, br.offset[kNextPsd] + br.next_psd_levels * br.beta);
      const ColourOutcome c = colour_outcome(pu, pv, options_.initial_colour);
      if (topscorers_) {
        w.add_at(static_cast<std::uint64_t>(2 - c.c8), br.offset[kC8]);
        w.add_at(static_cast<std::uint64_t>(2 - c.c9), br.offset[kC9]);
      }
      w.add_at(static_cast<std::uint64_t>(1 - std::min(c.c10, 1)), br.offset[kC10]);
      w.add_at(static_cast<std::uint64_t>(1 - std::min(c.c11, 1)), br.offset[kC11]);
      // C.12–C.19: u receives a downfloat when paired down, v an upfloat.
      auto floats = [&](Float fu, Float fv, Field down, Field up, Field down_diff, Field up_diff) {
        const bool down_again = hetero && fu == Float::down;
        const bool up_again = hetero && fv == Float::up;
        w.add_at(2 - static_cast<std::uint64_t>(down_again), br.offset[down]);
        w.add_at(1 - static_cast<std::uint64_t>(up_again), br.offset[up]);
        w.add_at(2 * diff - (down_again ? static_cast<std::uint64_t>(su - sv) : 0), br.offset[down_diff]);
        w.add_at(diff - (up_again ? static_cast<std::uint64_t>(su - sv) : 0), br.offset[up_diff]);
      };
      if (br.float1) floats(pu.p->float_last, pv.p->float_last, kC12, kC13, kC16, kC17);
      if (br.float2) floats(pu.p->float_before, pv.p->float_before, kC14, kC15, kC18, kC19);
      // D: pair the higher-ranked players; prefer each S1 player's standard opponent.
      const std::uint64_t n = br.current_size;
      w.add_at(2 * n, br.offset[kRank]);
      // Each player's distance from its standard opponent, weighted by the player's rank, so a
      // higher-ranked player's standard opponent counts for more (as the transpositions, which
      // keep S1's first players' opponents longest).
      std::uint64_t cost = 0;
      auto dist = [](std::int64_t x, std::int64_t y) { return static_cast<std::uint64_t>(x > y ? x - y : y - x); };
      if (br.target[a] >= 0) cost += (n - br.pos[a]) * dist(br.pos[b], br.target[a]);
      if (br.target[b] >= 0) cost += (n - br.pos[b]) * dist(br.pos[a], br.target[b]);
      w.add_at(2 * n * n + 2 - std::min<std::uint64_t>(cost, 2 * n * n + 2), br.offset[kOrder]);
      w.add_at(tie_hash(pu.p->pairing_number, pv.p->pairing_number), br.offset[kTie]);
    } else if (ra == Bracket::current && rb == Bracket::next) {
      leaving_current(br, a, w, minus);
      next_pair(br, su, sv, w, minus);
    } else if (ra == Bracket::next && rb == Bracket::next) {
      next_pair(br, su, sv, w, minus);
    } else {
      leaving(a);
      leaving(b);
    }
    w -= minus;
    return true;
  }

  template <class W>
  std::vector<std::int32_t> solve(const Bracket& br, MatchingStats& stats) const {
    const std::size_t vcount = br.vertex.size();
    std::vector<std::pair<Vertex, Vertex>> candidates;
    constexpr std::size_t kBand = 6;
    std::vector<std::size_t> cur, players;
    for (std::size_t v = 0; v < vcount; ++v) {
      if (br.role[v] == Bracket::current) cur.push_back(v);
      if (br.role[v] != Bracket::leave && br.role[v] != Bracket::bye) players.push_back(v);
    }
    for (std::size_t i = 0; i < players.size(); ++i) {
      const std::size_t v = players[i];
      for (std::size_t d = 1; d <= kBand && i + d < players.size(); ++d)
        candidates.emplace_back(static_cast<Vertex>(v), static_cast<Vertex>(players[i + d]));
      if (br.role[v] == Bracket::current && br.target[v] >= 0) {
        const auto t = static_cast<std::size_t>(br.target[v]);
        for (std::size_t q = t >= kBand ? t - kBand : 0; q <= t + kBand && q < cur.size(); ++q)
          candidates.emplace_back(static_cast<Vertex>(std::min(v, cur[q])), static_cast<Vertex>(std::max(v, cur[q])));
        // And the nearest partners around the target that grant both colour preferences.
        const Prepared& pv = prepared_[br.vertex[v]];
        std::size_t found = 0;
        for (std::size_t d = kBand + 1; d < cur.size() && found < kBand; ++d) {
          for (std::size_t q : {t + d, t >= d ? t - d : cur.size()}) {
            if (q >= cur.size() || cur[q] == v) continue;
            const Prepared& pq = prepared_[br.vertex[cur[q]]];
            if (pv.pref.strength == Strength::none || pq.pref.strength == Strength::none || pv.pref.colour != pq.pref.colour) {
              candidates.emplace_back(static_cast<Vertex>(std::min(v, cur[q])), static_cast<Vertex>(std::max(v, cur[q])));
              ++found;
            }
          }
        }
      }
    }
    for (std::size_t v = 0; v < vcount; ++v)
      if (br.role[v] == Bracket::leave) candidates.emplace_back(static_cast<Vertex>(br.vertex[v]), static_cast<Vertex>(v));
    for (std::size_t v = 0; v < vcount; ++v) {
      if (br.role[v] != Bracket::bye) continue;
      std::size_t added = 0;
      for (std::size_t i = players.size(); i-- > 0 && added < 2 * kBand;) {
        if (sp(br.vertex[players[i]]).bye_eligible) {
          candidates.emplace_back(static_cast<Vertex>(players[i]), static_cast<Vertex>(v));
          ++added;
        }
      }
    }
    EdgeWeightFn<W> fn = [&](Vertex a, Vertex b, W& w) { return weight(br, a, b, w); };
    return maximum_weight_matching<W>(vcount, candidates, fn, &stats);
  }

  DutchOptions options_;
  std::vector<Prepared> prepared_;
  bool topscorers_ = false;
  std::vector<char> alive_;            // A.2 index (and the bye, last): not yet paired
  std::vector<std::int32_t> witness_;  // the completion witness over the live vertices
};

}  // namespace

Colour allocate_colour(const SwissPlayer& higher, const SwissPlayer& lower, Colour initial_colour, bool higher_topscorer,
                       bool lower_topscorer) {
  Prepared h{&higher, colour_preference(higher.colours), colour_difference(higher.colours), higher_topscorer};
  Prepared l{&lower, colour_preference(lower.colours), colour_difference(lower.colours), lower_topscorer};
  return allocate(h, l, initial_colour);
}

game::Result<RoundPairing, PairingError> pair_dutch(std::span<const SwissPlayer> players, const DutchOptions& options,
                                                    DutchStats* stats) {
  Pairer pairer(players, options);
  return pairer.run(stats);
}

}  // namespace parley::event
