#include "event/risiko_tables.hpp"

#include <algorithm>

#include "event/limits.hpp"

namespace parley::event {

std::vector<std::size_t> risiko_table_sizes(std::size_t players, std::size_t table_size) {
  if (players < kMinTableSize) return {};
  std::size_t tables = (players + table_size - 1) / table_size;
  while (tables > 1 && players / tables < kMinTableSize) --tables;
  std::vector<std::size_t> sizes(tables, players / tables);
  for (std::size_t i = 0; i < players % tables; ++i) ++sizes[i];
  return sizes;
}

game::Result<RoundPairing, PairingError> pair_risiko(std::span<const RisikoPlayer> players, std::size_t round,
                                                     std::size_t table_size) {
  const auto sizes = risiko_table_sizes(players.size(), table_size);
  if (sizes.empty()) return PairingError::too_few_players;
  std::vector<RisikoPlayer> order(players.begin(), players.end());
  std::sort(order.begin(), order.end(), [&](const RisikoPlayer& a, const RisikoPlayer& b) {
    if (round > 1 && a.score != b.score) return a.score > b.score;
    return a.pairing_number < b.pairing_number;
  });
  RoundPairing out;
  out.boards.resize(sizes.size());
  if (round == 1) {
    // Serpentine: tables 1..T, then T..1, skipping full tables.
    std::size_t t = 0;
    bool forward = true;
    for (const auto& p : order) {
      while (out.boards[t].size() == sizes[t]) {
        if (forward ? t + 1 == sizes.size() : t == 0)
          forward = !forward;
        else
          t = forward ? t + 1 : t - 1;
      }
      out.boards[t].push_back(p.player);
      if (forward ? t + 1 == sizes.size() : t == 0)
        forward = !forward;
      else
        t = forward ? t + 1 : t - 1;
    }
  } else {
    std::size_t at = 0;
    for (std::size_t t = 0; t < sizes.size(); ++t)
      for (std::size_t i = 0; i < sizes[t]; ++i) out.boards[t].push_back(order[at++].player);
  }
  return out;
}

}  // namespace parley::event
