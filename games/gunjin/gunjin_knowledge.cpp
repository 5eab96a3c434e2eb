#include "games/gunjin/gunjin_knowledge.hpp"

namespace parley::peer {

using namespace game::gunjin;
using game::Seat;

EnemyKnowledge::EnemyKnowledge(Seat me, const Options& options) : me_(me), options_(options) {
  possible_.fill(KindSet::all());
}

int EnemyKnowledge::unaccounted(Kind kind) const {
  int known = 0;
  for (KindSet s : possible_)
    if (s == KindSet::of(kind)) ++known;
  return army_count(kind) - known;
}

void EnemyKnowledge::narrow(std::uint8_t slot, KindSet kinds) {
  const KindSet narrowed = possible_[slot] & kinds;
  // Knowledge never becomes contradictory in an honest game; should it (a rule this tracker
  // does not model), it keeps what it had rather than knowing nothing.
  if (!narrowed.empty()) possible_[slot] = narrowed;
}

void EnemyKnowledge::observe(const State& before, const Action& action) {
  const auto* play = std::get_if<Play>(&action.body);
  if (play == nullptr) return;
  const auto mover = before.piece_at(play->from);
  if (!mover) return;
  const Seat enemy = opponent(me_);

  if (action.actor == enemy) {
    narrow(mover->slot, kinds_for_move(enemy, play->from, play->to, before.occupancy()));
    const bool ends_on_to = !play->battle || *play->battle == BattleOutcome::attacker_takes;
    if (play->to == hq_of(me_) && ends_on_to)
      narrow(mover->slot, play->hq_claim ? KindSet::hq_occupiers()
                                         : KindSet(static_cast<std::uint16_t>(~KindSet::hq_occupiers().bits())));
    if (const auto target = before.piece_at(play->to); play->battle && target && target->seat == me_) {
      const PieceId mine = *target;
      std::optional<Kind> behind;
      if (auto sq = square_behind(play->to, me_))
        if (auto id = before.piece_at(*sq); id && id->seat == me_) behind = before.piece(*id).kind;
      const auto defender_kind = before.piece(mine).kind;
      if (defender_kind) {
        const EffectiveKind effective = effective_kind(*defender_kind, behind);
        KindSet fits;
        for (Kind a : kAllKinds)
          if (battle(effective, a, options_) == play->battle) fits = fits | KindSet::of(a);
        narrow(mover->slot, fits);
      }
    }
  } else if (play->battle) {
    const auto attacker_kind = before.piece(*mover).kind;
    const auto target = before.piece_at(play->to);
    if (attacker_kind && target) {
      std::optional<PieceId> behind;
      if (auto sq = square_behind(play->to, enemy))
        if (auto id = before.piece_at(*sq); id && id->seat == enemy) behind = id;
      KindSet fits;
      for (Kind d : kAllKinds) {
        if (!possible_[target->slot].contains(d)) continue;
        bool produces = false;
        if (d != Kind::flag) {
          produces = battle(effective_kind(d, std::nullopt), *attacker_kind, options_) == play->battle;
        } else if (!behind) {
          produces = battle(EffectiveKind::lone_flag(), *attacker_kind, options_) == play->battle;
        } else {
          for (Kind b : kAllKinds)
            if (possible_[behind->slot].without(Kind::flag).contains(b) &&
                battle(effective_kind(Kind::flag, b), *attacker_kind, options_) == play->battle)
              produces = true;
        }
        if (produces) fits = fits | KindSet::of(d);
      }
      narrow(target->slot, fits);
    }
  }
  propagate();
}

void EnemyKnowledge::propagate() {
  bool changed = true;
  while (changed) {
    changed = false;
    for (Kind k : kAllKinds) {
      if (unaccounted(k) > 0) continue;
      for (KindSet& s : possible_) {
        if (s == KindSet::of(k) || !s.contains(k)) continue;
        const KindSet without = s.without(k);
        if (without.empty()) continue;
        s = without;
        changed = true;
      }
    }
  }
}

}  // namespace parley::peer
