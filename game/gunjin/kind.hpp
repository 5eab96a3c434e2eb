#pragma once
// The sixteen kinds of Gunjin shogi piece, the 23-piece army, and small sets of kinds.
//
// A kind's index is its column in the battle table of docs/gunjin.md (大将 … 軍旗 = 0 … 15), so the index
// used by the battle table, by the duel's oblivious transfer and by the Pedersen commitment of
// a piece (v in v·H) is one and the same small integer.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace parley::game::gunjin {

enum class Kind : std::uint8_t {
  general = 0,              // 大将 taishō
  lieutenant_general = 1,   // 中将 chūjō
  major_general = 2,        // 少将 shōshō
  plane = 3,                // 飛行機 hikōki
  tank = 4,                 // タンク tanku
  colonel = 5,              // 大佐 taisa
  lieutenant_colonel = 6,   // 中佐 chūsa
  major = 7,                // 少佐 shōsa
  captain = 8,              // 大尉 taii
  first_lieutenant = 9,     // 中尉 chūi
  second_lieutenant = 10,   // 少尉 shōi
  cavalry = 11,             // 騎兵 kihei
  engineer = 12,            // 工兵 kōhei
  spy = 13,                 // スパイ supai
  mine = 14,                // 地雷 jirai
  flag = 15,                // 軍旗 gunki
};

inline constexpr std::size_t kKindCount = 16;
inline constexpr std::size_t kArmySize = 23;

constexpr std::uint8_t index_of(Kind kind) { return static_cast<std::uint8_t>(kind); }
// The kind with this index, or nothing for an index outside 0..15.
constexpr std::optional<Kind> kind_from_index(std::uint8_t index) {
  if (index >= kKindCount) return std::nullopt;
  return static_cast<Kind>(index);
}

// Every kind, in index order (for loops that must not depend on anything but the index).
inline constexpr std::array<Kind, kKindCount> kAllKinds = {
    Kind::general, Kind::lieutenant_general, Kind::major_general, Kind::plane,
    Kind::tank,    Kind::colonel,            Kind::lieutenant_colonel, Kind::major,
    Kind::captain, Kind::first_lieutenant,   Kind::second_lieutenant,  Kind::cavalry,
    Kind::engineer, Kind::spy,               Kind::mine,               Kind::flag};

// How many pieces of each kind one army has (docs/gunjin.md, "The pieces": 16 kinds, 23 pieces).
constexpr std::uint8_t army_count(Kind kind) {
  constexpr std::array<std::uint8_t, kKindCount> counts = {1, 1, 1, 2, 2, 1, 1, 1,
                                                           2, 2, 2, 1, 2, 1, 2, 1};
  return counts[index_of(kind)];
}

// Mines and the flag never move; every other kind does.
constexpr bool can_move(Kind kind) { return kind != Kind::mine && kind != Kind::flag; }

// The kinds whose entry into the enemy HQ wins: 大将, 中将, 少将, 大佐, 中佐, 少佐.
constexpr bool may_occupy_hq(Kind kind) {
  switch (kind) {
    case Kind::general:
    case Kind::lieutenant_general:
    case Kind::major_general:
    case Kind::colonel:
    case Kind::lieutenant_colonel:
    case Kind::major: return true;
    default: return false;
  }
}

// Names for people: the kanji/kana on the piece, its romanised reading, an English name.
std::string_view japanese_name(Kind kind);
std::string_view reading(Kind kind);
std::string_view english_name(Kind kind);

// A set of kinds as a 16-bit mask (bit i = kind index i). A piece a peer cannot see has every
// kind it could still be; a move's geometry admits a set of kinds (the move proof's OR-set).
class KindSet {
 public:
  constexpr KindSet() = default;
  constexpr explicit KindSet(std::uint16_t bits) : bits_(bits) {}
  static constexpr KindSet all() { return KindSet(0xFFFF); }
  static constexpr KindSet of(Kind kind) { return KindSet(static_cast<std::uint16_t>(1U << index_of(kind))); }
  static constexpr KindSet movable() { return all().without(Kind::mine).without(Kind::flag); }
  static constexpr KindSet hq_occupiers() {
    KindSet s;
    for (Kind k : kAllKinds)
      if (may_occupy_hq(k)) s = s | of(k);
    return s;
  }

  constexpr bool contains(Kind kind) const { return (bits_ >> index_of(kind)) & 1U; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint16_t bits() const { return bits_; }
  constexpr int size() const {
    int n = 0;
    for (std::uint16_t b = bits_; b != 0; b &= static_cast<std::uint16_t>(b - 1)) ++n;
    return n;
  }
  constexpr KindSet without(Kind kind) const { return KindSet(static_cast<std::uint16_t>(bits_ & ~of(kind).bits())); }

  friend constexpr KindSet operator|(KindSet a, KindSet b) { return KindSet(static_cast<std::uint16_t>(a.bits_ | b.bits_)); }
  friend constexpr KindSet operator&(KindSet a, KindSet b) { return KindSet(static_cast<std::uint16_t>(a.bits_ & b.bits_)); }
  friend constexpr bool operator==(KindSet, KindSet) = default;

 private:
  std::uint16_t bits_ = 0;
};

}  // namespace parley::game::gunjin
