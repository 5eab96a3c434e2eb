#include "games/gunjin/gunjin_strategy.hpp"

#include "games/gunjin/gunjin_layouts.hpp"

#include <algorithm>
#include <cstdlib>

namespace parley::peer {

using namespace game::gunjin;
using game::Seat;

namespace {

// Rough worth of a piece, for the bots' arithmetic (index = kind index).
constexpr std::array<std::int64_t, kKindCount> kValue = {100, 80, 65, 60, 50, 45, 40, 35, 25, 20, 15, 20, 30, 30, 20, 10};
constexpr std::int64_t kWin = 10'000'000;

std::int64_t value(Kind k) { return kValue[index_of(k)]; }

std::optional<Action> draw_decision(const State& view, Seat me) {
  const std::uint32_t last_battle = view.battles().empty() ? 0 : view.battles().back().ply;
  const std::uint32_t quiet = view.ply() - last_battle;
  if (view.draw_offer() == opponent(me) && quiet >= kAcceptDrawAfterQuietPlies) return Action{me, AcceptDraw{}};
  if (!view.draw_offer() && quiet >= kOfferDrawAfterQuietPlies && (quiet - kOfferDrawAfterQuietPlies) % 20 < 2)
    return Action{me, OfferDraw{}};
  return std::nullopt;
}

// The squares one step away (a stepper's moves on an empty board): who can hit whom next.
const std::array<SquareSet, kSquareCount>& neighbours() {
  static const std::array<SquareSet, kSquareCount> table = [] {
    std::array<SquareSet, kSquareCount> t;
    for (std::uint8_t i = 0; i < kSquareCount; ++i) t[i] = destinations(Kind::captain, Seat{0}, Square{i}, Occupancy{});
    return t;
  }();
  return table;
}

int distance_to_hq(Square s, Seat enemy) {
  int best = 100;
  for (const Cell h : cells_of(hq_of(enemy))) {
    for (const Cell x : cells_of(s)) best = std::min(best, std::abs(x.column - h.column) + std::abs(x.row - h.row));
  }
  return best;
}

// Weights of the kinds an enemy piece may have: how many of each are unaccounted for.
std::array<std::int64_t, kKindCount> weights(const EnemyKnowledge& enemy, std::uint8_t slot) {
  std::array<std::int64_t, kKindCount> w{};
  for (Kind k : kAllKinds)
    if (enemy.possible(slot).contains(k)) w[index_of(k)] = std::max(1, enemy.unaccounted(k));
  return w;
}

std::optional<Kind> friendly_kind_behind(const State& view, Square square, Seat owner) {
  auto sq = square_behind(square, owner);
  if (!sq) return std::nullopt;
  auto id = view.piece_at(*sq);
  if (!id || id->seat != owner) return std::nullopt;
  return view.piece(*id).kind;
}

// Expected gain (×100) of my `attacker` attacking the enemy piece on `to`.
std::int64_t attack_gain(const State& view, Seat me, const EnemyKnowledge& enemy, Kind attacker, Square to,
                         bool wins_hq) {
  const Seat foe = opponent(me);
  const PieceId target = *view.piece_at(to);
  const auto w = weights(enemy, target.slot);
  std::optional<PieceId> behind;
  if (auto sq = square_behind(to, foe))
    if (auto id = view.piece_at(*sq); id && id->seat == foe) behind = id;
  std::int64_t total = 0, sum = 0;
  auto add = [&](std::int64_t weight, Kind defender, std::optional<BattleOutcome> o) {
    if (!o || weight == 0) return;
    std::int64_t delta = 0;
    switch (*o) {
      case BattleOutcome::attacker_takes: delta = value(defender) + (wins_hq ? kWin / 100 : 0); break;
      case BattleOutcome::defender_stays: delta = -value(attacker); break;
      case BattleOutcome::both_removed: delta = value(defender) - value(attacker); break;
    }
    total += weight;
    sum += weight * delta * 100;
  };
  for (Kind k : kAllKinds) {
    const std::int64_t wk = w[index_of(k)];
    if (wk == 0) continue;
    if (k != Kind::flag) {
      add(wk, k, battle(effective_kind(k, std::nullopt), attacker, view.options()));
    } else if (!behind) {
      add(wk, k, battle(EffectiveKind::lone_flag(), attacker, view.options()));
    } else {
      const auto wb = weights(enemy, behind->slot);
      for (Kind b : kAllKinds)
        if (b != Kind::flag) add(wk * wb[index_of(b)], k, battle(effective_kind(Kind::flag, b), attacker, view.options()));
    }
  }
  return total == 0 ? 0 : sum / total;
}

// Expected loss (×100) of my piece of kind `mine` standing on `square` next to enemy pieces.
std::int64_t risk(const State& view, Seat me, const EnemyKnowledge& enemy, Kind mine, Square square,
                  std::optional<Square> vacated) {
  const Seat foe = opponent(me);
  std::optional<Kind> behind = friendly_kind_behind(view, square, me);
  if (vacated && square_behind(square, me) == vacated) behind.reset();
  const EffectiveKind effective = effective_kind(mine, behind);
  std::int64_t loss = 0;
  for (std::uint8_t i = 0; i < kSquareCount; ++i) {
    if (!neighbours()[square.index].contains(Square{i})) continue;
    auto id = view.piece_at(Square{i});
    if (!id || id->seat != foe) continue;
    const auto w = weights(enemy, id->slot);
    std::int64_t total = 0, bad = 0;
    for (Kind k : kAllKinds) {
      if (w[index_of(k)] == 0 || !can_move(k)) continue;
      total += w[index_of(k)];
      auto o = battle(effective, k, view.options());
      if (o == BattleOutcome::attacker_takes) bad += 2 * w[index_of(k)];
      if (o == BattleOutcome::both_removed) bad += w[index_of(k)];
    }
    if (total > 0) loss += value(mine) * 100 * bad / (2 * total);
  }
  return loss;
}

}  // namespace

std::vector<Play> own_moves(const State& view, Seat me) {
  std::vector<Play> out;
  if (view.phase() != Phase::play || view.to_move() != me) return out;
  for (const Action& a : Gunjin::legal_actions(view)) {
    const auto* p = std::get_if<Play>(&a.body);
    if (p == nullptr || a.actor != me) continue;
    Play move{p->from, p->to, std::nullopt, false};
    if (std::find(out.begin(), out.end(), move) == out.end()) out.push_back(move);
  }
  return out;
}

Layout random_layout(std::mt19937_64& rng) {
  Layout layout{};
  std::size_t n = 0;
  for (Kind k : kAllKinds)
    for (std::uint8_t i = 0; i < army_count(k); ++i) layout[n++] = k;
  std::shuffle(layout.begin(), layout.end(), rng);
  for (std::uint8_t gate : {std::uint8_t{18}, std::uint8_t{21}}) {
    while (!can_move(layout[gate])) {
      const std::size_t other = rng() % kArmySize;
      if (other != 18 && other != 21 && can_move(layout[other])) std::swap(layout[gate], layout[other]);
    }
  }
  return layout;
}

Layout RandomStrategy::layout() { return random_layout(rng_); }

std::optional<Action> RandomStrategy::decide(const State& view, Seat me, const EnemyKnowledge&) {
  if (auto draw = draw_decision(view, me)) return draw;
  auto moves = own_moves(view, me);
  if (moves.empty()) return Action{me, NoLegalMove{}};
  return Action{me, moves[rng_() % moves.size()]};
}

Layout TrackingStrategy::layout() { return sensible_layout(rng_); }

std::int64_t TrackingStrategy::score(const State& view, Seat me, const EnemyKnowledge& enemy, const Play& move) {
  const Seat foe = opponent(me);
  const PieceId mover = *view.piece_at(move.from);
  const Kind kind = *view.piece(mover).kind;
  const auto target = view.piece_at(move.to);
  const bool into_hq = move.to == hq_of(foe) && may_occupy_hq(kind);
  if (into_hq && !target) return kWin;

  std::int64_t s = 0;
  if (target) {
    s += attack_gain(view, me, enemy, kind, move.to, into_hq);
    if (enemy.possible(target->slot).size() > 1) s += 300;  // what the battle will teach
    if (distance_to_hq(move.to, me) <= 2) s += 1500;      // an intruder near the HQ
  } else {
    const int before = distance_to_hq(move.from, foe), after = distance_to_hq(move.to, foe);
    s += (may_occupy_hq(kind) ? 400 : 100) * (before - after);
    s += risk(view, me, enemy, kind, move.from, std::nullopt) - risk(view, me, enemy, kind, move.to, move.from);
    // Shuffling back and forth ends in a draw by repetition: prefer a position not seen yet.
    if (auto next = Gunjin::apply(view, Action{me, Play{move.from, move.to, std::nullopt, false}});
        next && !next.value().recent_positions().empty()) {
      const auto& seen = view.recent_positions();
      s -= 2500 * std::count(seen.begin(), seen.end(), next.value().recent_positions().back());
    }
  }
  // The piece behind the flag lends it its strength: keep it there.
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    const Piece& p = view.piece(PieceId{me, slot});
    if (p.kind == Kind::flag && p.square && square_behind(*p.square, me) == move.from) s -= 3000;
  }
  return s * 8 + static_cast<std::int64_t>(rng_() % 8);
}

std::optional<Action> TrackingStrategy::decide(const State& view, Seat me, const EnemyKnowledge& enemy) {
  if (auto draw = draw_decision(view, me)) return draw;
  auto moves = own_moves(view, me);
  if (moves.empty()) return Action{me, NoLegalMove{}};
  std::optional<Play> best;
  std::int64_t best_score = 0;
  for (const Play& m : moves) {
    const std::int64_t s = score(view, me, enemy, m);
    if (!best || s > best_score) {
      best = m;
      best_score = s;
    }
  }
  return Action{me, *best};
}

std::optional<Action> ThinkingStrategy::decide(const State& view, game::Seat me, const EnemyKnowledge& enemy) {
  const auto now = std::chrono::steady_clock::now();
  const Position position{view.ply(), view.draw_offer()};
  if (position != position_) {
    position_ = position;
    since_ = now;
  }
  if (now - since_ < delay_) return std::nullopt;
  return inner_->decide(view, me, enemy);
}

}  // namespace parley::peer
