#pragma once
// Cards (the original design's Card and CardHeap) and Risiko's fixed trade values: three artillery 4,
// three infantry 6, three cavalry 8, one of each 10, a joker with two alike 12; and 2 more
// for each traded card whose territory the trader holds (docs/risiko.md, "Sources"; metarisiko.it).
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "game/risiko/types.hpp"

namespace parley::game::risiko {

// A set of cards with known identities, kept sorted: a deck's contents, the discard pile.
class CardHeap {
 public:
  CardHeap() = default;
  explicit CardHeap(std::vector<CardId> cards);

  bool contains(CardId c) const;
  bool insert(CardId c);  // false when already present
  bool erase(CardId c);   // false when absent
  void clear() { cards_.clear(); }
  std::size_t size() const { return cards_.size(); }
  bool empty() const { return cards_.empty(); }
  auto begin() const { return cards_.begin(); }
  auto end() const { return cards_.end(); }
  friend bool operator==(const CardHeap&, const CardHeap&) = default;

 private:
  std::vector<CardId> cards_;
};

enum class TradeSet : std::uint8_t {
  three_artillery,
  three_infantry,
  three_cavalry,
  one_of_each,
  joker_and_pair,
};

// The set three symbols form, if any.
std::optional<TradeSet> classify(std::array<Symbol, 3> symbols);
// Armies a set is worth before the territory bonus.
std::uint32_t base_value(TradeSet set);
inline constexpr std::uint32_t kOwnedTerritoryBonus = 2;

}  // namespace parley::game::risiko
