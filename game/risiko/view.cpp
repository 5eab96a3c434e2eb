#include "game/risiko/view.hpp"

namespace parley::game::risiko {

ClientState client_state(const Table& t, Seat seat) {
  if (!t.started || t.phase == Phase::no_move || !t.playing(seat)) return ClientState::watching;
  if (t.turn == 0) return t.player(seat).armies_to_place > 0 ? ClientState::place_armies : ClientState::watching;
  if (t.current_player() != seat) return ClientState::watching;
  switch (t.phase) {
    case Phase::must_trade: return ClientState::must_trade;
    case Phase::place_armies: return ClientState::place_armies;
    case Phase::attack: return ClientState::attack;
    case Phase::waiting_for_move: return ClientState::move_armies;
    case Phase::no_move: break;
  }
  return ClientState::watching;
}

SeatView view(const State& state, Seat seat) {
  SeatView v;
  v.seat = seat;
  v.client_state = client_state(state.table, seat);
  v.table = state.table;
  if (seat.index < state.secrets.size()) v.own = state.secrets[seat.index];
  return v;
}

}  // namespace parley::game::risiko
