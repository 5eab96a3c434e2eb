#pragma once
// Round robin by the Berger tables (FIDE Handbook C.05, Annex 1), generated rather than stored:
// with n' = n rounded up to even, round r (1-based within a cycle) pairs player n' against
// p = ((r - 1) · n'/2 mod (n' - 1)) + 1, player n' having white in even rounds; the other boards
// pair (p + k) against (p - k) (mod n' - 1, numbers 1..n' - 1), the first with white, for
// k = 1..n'/2 - 1. With an odd number of players, whoever meets n' has the bye. A second cycle
// repeats the first with the colours reversed (docs/events.md, "Round robin"). tests/event check
// the output against FIDE's published tables for 3–16 players.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace parley::event {

struct BergerRound {
  // Pairing numbers (1-based), white first, in the table's board order.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> boards;
  std::optional<std::uint32_t> bye;
};

// Rounds in one cycle: n - 1 for even n, n for odd n.
std::size_t berger_cycle_rounds(std::size_t players);
// Precondition: players >= 2, round >= 1 (any cycle).
BergerRound berger_round(std::size_t players, std::size_t round);

}  // namespace parley::event
