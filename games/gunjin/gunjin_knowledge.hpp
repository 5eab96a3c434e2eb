#pragma once
// What one seat has learnt about the enemy's hidden pieces from everything public: a piece that
// moved is no mine and no flag; a move's shape admits only some kinds (a flight is a plane's, a
// long slide an engineer's or a plane's); an entry into the HQ with or without the claim says
// whether the piece is an officer; and each battle's outcome, against one of the seat's own
// pieces whose kind it knows, admits only the kinds that produce it (the battle table and the
// flag rule). Kinds fully accounted for are struck from every other piece.
#include <array>
#include <cstdint>

#include "game/gunjin/rules.hpp"

namespace parley::peer {

class EnemyKnowledge {
 public:
  EnemyKnowledge(game::Seat me, const game::gunjin::Options& options);

  // Learns from `action`, about to be applied to `before` (the seat's own view: its kinds known).
  void observe(const game::gunjin::State& before, const game::gunjin::Action& action);

  game::Seat me() const { return me_; }
  // The kinds the enemy's piece from `slot` may still have.
  game::gunjin::KindSet possible(std::uint8_t slot) const { return possible_[slot]; }
  // How many pieces of `kind` the enemy has that no piece is known to be: the weight a piece
  // that may have this kind gives it.
  int unaccounted(game::gunjin::Kind kind) const;

 private:
  void narrow(std::uint8_t slot, game::gunjin::KindSet kinds);
  void propagate();

  game::Seat me_;
  game::gunjin::Options options_;
  std::array<game::gunjin::KindSet, game::gunjin::kArmySize> possible_;
};

}  // namespace parley::peer
