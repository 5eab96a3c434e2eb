#pragma once
// What one seat may know (docs/architecture.md: view(state, seat)): the public Table, its own secrets as far
// as the state knows them, and the original design's client state for that seat.
#include "game/core/seat.hpp"
#include "game/risiko/state.hpp"
#include "game/risiko/types.hpp"

namespace parley::game::risiko {

struct SeatView {
  Seat seat;
  ClientState client_state = ClientState::watching;
  Table table;  // public to all
  Player own;   // this seat's cards and mission; never another seat's
};

// WATCHING unless it is this seat's move: PLACE_ARMIES for every seat with armies left during
// the initial placement; MUST_TRADE, PLACE_ARMIES, ATTACK, or MOVE_ARMIES (after a conquest)
// for the current player.
ClientState client_state(const Table& table, Seat seat);

SeatView view(const State& state, Seat seat);

}  // namespace parley::game::risiko
