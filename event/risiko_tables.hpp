#pragma once
// Risiko tables of 3–6 players by score group (docs/events.md, "Risiko"). The number of tables
// is the fewest that keeps each at most the event's table size, reduced while a table would hold
// fewer than three; table sizes differ by at most one, the larger tables first. Round 1 deals
// the players by pairing number in a serpentine over the tables, so each table gets a like mix;
// later rounds fill the tables in order of score (then pairing number), so the leaders meet.
// Seats follow the same order; the game itself draws the turn order.
#include <cstdint>
#include <span>
#include <vector>

#include "event/dutch.hpp"
#include "event/history.hpp"

namespace parley::event {

// Table sizes for `players` players at tables of at most `table_size` (3–6); empty when fewer
// than three players.
std::vector<std::size_t> risiko_table_sizes(std::size_t players, std::size_t table_size);

struct RisikoPlayer {
  PlayerIndex player = 0;
  std::uint32_t pairing_number = 0;  // 1-based
  Points score = 0;
};

game::Result<RoundPairing, PairingError> pair_risiko(std::span<const RisikoPlayer> players, std::size_t round,
                                                     std::size_t table_size);

}  // namespace parley::event
