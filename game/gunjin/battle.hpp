#pragma once
// Battles: the battle table (docs/gunjin.md; rows = defender, columns = attacker) and the flag rule, as pure
// data the rules engine, the duel (docs/design.md, "The duel") and the bots all share.
//
// The flag (軍旗) fights with the strength of the friendly piece directly behind it (toward
// its own back row); with no friendly piece there (board edge, empty square, enemy piece) it
// is a "lone flag" and loses to every attacker. The defender's *effective* kind is therefore
// one of the kinds 0..14 or the lone flag, which has index 16 (index 15, the flag itself, is
// never an effective kind) — the 17 indices of the attacker's OT table in the duel.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "game/gunjin/kind.hpp"
#include "game/gunjin/options.hpp"

namespace parley::game::gunjin {

// The table's codes: 0 defender stays, 1 both removed, 2 attacker takes the square.
enum class BattleOutcome : std::uint8_t {
  defender_stays = 0,
  both_removed = 1,
  attacker_takes = 2,
};

inline constexpr std::size_t kEffectiveKindCount = 17;
inline constexpr std::uint8_t kLoneFlagIndex = 16;

class EffectiveKind {
 public:
  static constexpr EffectiveKind lone_flag() { return EffectiveKind(kLoneFlagIndex); }
  // 0..14 (a kind other than the flag) or 16 (lone flag); nothing for 15 or above 16.
  static constexpr std::optional<EffectiveKind> from_index(std::uint8_t index) {
    if (index == index_of(Kind::flag) || index > kLoneFlagIndex) return std::nullopt;
    return EffectiveKind(index);
  }
  constexpr std::uint8_t index() const { return index_; }
  // The kind it fights as, or nothing for a lone flag.
  constexpr std::optional<Kind> kind() const {
    if (index_ == kLoneFlagIndex) return std::nullopt;
    return static_cast<Kind>(index_);
  }
  friend constexpr bool operator==(EffectiveKind, EffectiveKind) = default;

 private:
  friend constexpr EffectiveKind effective_kind(Kind, std::optional<Kind>);
  constexpr explicit EffectiveKind(std::uint8_t index) : index_(index) {}
  std::uint8_t index_;
};

// The flag rule. `friendly_behind` is the kind of the defender's own piece on the square
// directly behind it, or nothing when that square is off the board, empty or enemy-held.
// A piece that is not a flag fights as itself.
constexpr EffectiveKind effective_kind(Kind defender, std::optional<Kind> friendly_behind) {
  if (defender != Kind::flag) return EffectiveKind(index_of(defender));
  // An army has one flag, so the piece behind a flag is never a flag; treat one as absent.
  if (!friendly_behind || *friendly_behind == Kind::flag) return EffectiveKind::lone_flag();
  return EffectiveKind(index_of(*friendly_behind));
}

// The outcome when `attacker` moves onto a square held by a defender of this effective kind.
// Nothing when the attacker is a flag (flags never attack; the table has no entry for it).
// Mines never move either, but the table does give the mine column, so it is answered.
std::optional<BattleOutcome> battle(EffectiveKind defender, Kind attacker, const Options& options = {});

// The same function as a table indexed by small integers: [defender effective index 0..16]
// [attacker kind index 0..15]. Row 15 and column 15 are empty (no flag is an effective kind,
// no flag attacks).
using BattleTable = std::array<std::array<std::optional<BattleOutcome>, kKindCount>, kEffectiveKindCount>;
BattleTable battle_table(const Options& options = {});

// A set of effective kinds (bit i = index i), for what a peer knows of a hidden defender.
class EffectiveKindSet {
 public:
  constexpr EffectiveKindSet() = default;
  static constexpr EffectiveKindSet of(EffectiveKind e) { return EffectiveKindSet(1U << e.index()); }
  constexpr bool contains(EffectiveKind e) const { return (bits_ >> e.index()) & 1U; }
  friend constexpr EffectiveKindSet operator|(EffectiveKindSet a, EffectiveKindSet b) {
    return EffectiveKindSet(a.bits_ | b.bits_);
  }
  friend constexpr bool operator==(EffectiveKindSet, EffectiveKindSet) = default;

 private:
  constexpr explicit EffectiveKindSet(std::uint32_t bits) : bits_(bits) {}
  std::uint32_t bits_ = 0;
};

}  // namespace parley::game::gunjin
