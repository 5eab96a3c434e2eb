#pragma once
// Chess's refusals: its engine's (game::chess::Illegal), the shared ones, and a message that
// crossed the other seat's; and the one describer that words them.
#include "game/chess/game.hpp"
#include "peer/session/refusal.hpp"

namespace parley::peer {

// A message refused because the other seat's action crossed it (Rejection::late).
enum class ChessRefusal : std::uint8_t {
  crossed_action,     // refused now, accepted in the state its sender had seen (particular: the engine's words now)
  position_changed,   // a move or draw claim made on a position a take-back has changed since
  newer_draw_offer,   // answers a draw offer made after the entry it was made on
  newer_takeback,     // answers a take-back request made after the entry it was made on
};

template <>
struct RefusalSourceOf<ChessRefusal> {
  static constexpr RefusalSource value = RefusalSource::game;
};
template <>
struct RefusalSourceOf<game::chess::Illegal> {
  static constexpr RefusalSource value = RefusalSource::engine;
};

// Every code Chess refuses with: its name and its words.
std::span<const RefusalWords> chess_refusal_words();
std::string describe_chess_refusal(const Rejection& rejection);
std::string_view chess_refusal_name(RefusalCode code);

}  // namespace parley::peer
