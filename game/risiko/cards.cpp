#include "game/risiko/cards.hpp"

#include <algorithm>

namespace parley::game::risiko {

CardHeap::CardHeap(std::vector<CardId> cards) : cards_(std::move(cards)) {
  std::sort(cards_.begin(), cards_.end());
  cards_.erase(std::unique(cards_.begin(), cards_.end()), cards_.end());
}

bool CardHeap::contains(CardId c) const { return std::binary_search(cards_.begin(), cards_.end(), c); }

bool CardHeap::insert(CardId c) {
  auto it = std::lower_bound(cards_.begin(), cards_.end(), c);
  if (it != cards_.end() && *it == c) return false;
  cards_.insert(it, c);
  return true;
}

bool CardHeap::erase(CardId c) {
  auto it = std::lower_bound(cards_.begin(), cards_.end(), c);
  if (it == cards_.end() || *it != c) return false;
  cards_.erase(it);
  return true;
}

std::optional<TradeSet> classify(std::array<Symbol, 3> s) {
  int count[4] = {0, 0, 0, 0};
  for (Symbol x : s) ++count[static_cast<int>(x)];
  const int jokers = count[static_cast<int>(Symbol::joker)];
  const int infantry = count[static_cast<int>(Symbol::infantry)];
  const int cavalry = count[static_cast<int>(Symbol::cavalry)];
  const int artillery = count[static_cast<int>(Symbol::artillery)];
  if (jokers == 0) {
    if (artillery == 3) return TradeSet::three_artillery;
    if (infantry == 3) return TradeSet::three_infantry;
    if (cavalry == 3) return TradeSet::three_cavalry;
    if (artillery == 1 && infantry == 1 && cavalry == 1) return TradeSet::one_of_each;
    return std::nullopt;
  }
  // Risiko's only set with a joker: the joker and two cards of one kind.
  if (jokers == 1 && (artillery == 2 || infantry == 2 || cavalry == 2)) return TradeSet::joker_and_pair;
  return std::nullopt;
}

std::uint32_t base_value(TradeSet set) {
  switch (set) {
    case TradeSet::three_artillery: return 4;
    case TradeSet::three_infantry: return 6;
    case TradeSet::three_cavalry: return 8;
    case TradeSet::one_of_each: return 10;
    case TradeSet::joker_and_pair: return 12;
  }
  return 0;
}

}  // namespace parley::game::risiko
