#pragma once
// The FIDE Dutch system (Handbook C.04.3) on a maximum-weight matching (docs/events.md,
// "Swiss: the FIDE Dutch system", lists the rules implemented and the deviations).
//
// Brackets are paired from the top score group down. For each bracket one matching is computed
// over every player still unpaired, with each edge's weight a sum of bit fields in the order of
// the criteria: the completion criterion (C.4: everyone paired, the bye to an eligible player)
// above all, then for the bracket: the number of pairs (C.5), the pairing score difference as
// the lexicographic list C.6 defines, the next bracket's pairs and PSD (C.7), the colour
// criteria (C.8–C.11), the float criteria (C.12–C.19), and last the order in which the rules
// generate candidates (D: pair the higher-ranked players, S1[i] against S2[i]). The absolute
// criteria (C.1–C.3) remove edges. The bracket's own pairs are kept; its unpaired players move
// down. Colours follow E.1–E.5.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "event/event.hpp"
#include "event/history.hpp"
#include "game/core/result.hpp"

namespace parley::event {

enum class Float : std::uint8_t { none, down, up };

// One player as the pairing sees them.
struct SwissPlayer {
  PlayerIndex player = 0;
  std::uint32_t pairing_number = 0;  // 1-based, from the initial ranking
  Points score = 0;
  std::vector<Colour> colours;       // of the games played, oldest first
  Float float_last = Float::none;    // received in the previous round (A.4)
  Float float_before = Float::none;  // received two rounds before
  bool bye_eligible = true;          // no pairing-allocated bye and no forfeit win yet (C.2)
  std::vector<PlayerIndex> met;      // opponents of games played, sorted (C.1)
};

struct ColourPreference {
  enum class Strength : std::uint8_t { none, mild, strong, absolute };
  Strength strength = Strength::none;
  Colour colour = Colour::white;
  friend bool operator==(const ColourPreference&, const ColourPreference&) = default;
};
// A.6: absolute when the colour difference is beyond ±1 or the last two games had one colour;
// strong at ±1; mild at 0 (the other colour than the last game's); none before any game.
ColourPreference colour_preference(std::span<const Colour> colours);
int colour_difference(std::span<const Colour> colours);

// The state of each participant before `round` (1-based) from the history.
std::vector<SwissPlayer> swiss_players(const Event& event, const History& history, std::span<const PlayerIndex> participants,
                                       std::size_t round);

struct RoundPairing {
  std::vector<std::vector<PlayerIndex>> boards;  // seat order: white, black (Risiko: seats)
  std::vector<PlayerIndex> byes;
  friend bool operator==(const RoundPairing&, const RoundPairing&) = default;
};

enum class PairingError : std::uint8_t {
  too_few_players,   // nobody to pair, or fewer than a game needs
  unpairable,        // no pairing satisfies the absolute criteria (C.1–C.3)
  too_many_levels,   // the criteria's weights would exceed 2,045 bits (docs/events.md)
  wrong_round,       // not the round after the last with results, or beyond the event's rounds
  round_robin_absence,  // a round robin leaves nobody out; a missing player forfeits
  bad_history,       // the earlier rounds' documents do not fit the event
};
std::string_view describe(PairingError error);

struct DutchOptions {
  std::size_t round = 1;         // the round being paired (1-based)
  std::size_t total_rounds = 1;  // topscorers (A.7) exist only in the last round
  Colour initial_colour = Colour::white;
  // Pair each bracket over its window (itself and the next bracket) and prove completion with a
  // witness, rather than over every player left: the same pairing, found faster. false is for
  // the tests that check so.
  bool windows = true;
};

struct DutchStats {
  std::size_t brackets = 0;
  std::size_t matchings = 0;        // matching searches, pricing repeats included
  std::size_t widest_weight = 0;    // bits of the widest edge weight used
  std::size_t fallbacks = 0;        // brackets paired over everyone left (the window could not complete)
};

// Pairs the players (any order). Boards are ordered by the higher score, the sum of scores and
// the higher player's rank; byes hold at most one player.
game::Result<RoundPairing, PairingError> pair_dutch(std::span<const SwissPlayer> players, const DutchOptions& options,
                                                    DutchStats* stats = nullptr);

// E.1–E.5: the colour the higher-ranked player gets against the lower-ranked one.
Colour allocate_colour(const SwissPlayer& higher, const SwissPlayer& lower, Colour initial_colour, bool higher_topscorer,
                       bool lower_topscorer);

}  // namespace parley::event
