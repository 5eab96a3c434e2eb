#include "cli/event_games.hpp"

#include "event/pairings.hpp"
#include "peer/log/trust.hpp"
#include "peer/session/options.hpp"

namespace parley::cli {

EventGame check_event_game(const event::Event& event, std::span<const std::uint8_t> log_bytes) {
  EventGame out;
  auto log = peer::decode_log(log_bytes);
  if (!log) {
    out.report = peer::undecodable(log.error());
    return out;
  }
  peer::Replay replay;
  out.report = peer::verify(*log, &replay);
  peer::TrustRoots roots;
  for (const auto& key : event.lobby_keys) roots.pinned.push_back(peer::pin_of(key));
  peer::apply_trust(out.report, roots);
  if (!out.report.valid || !replay.session) return out;
  event::GameFacts facts;
  facts.lobby_key = log->lobby_key;
  facts.seat_keys = replay.genesis.seat_keys;
  const peer::RoomOptions& options = replay.session->options();
  if (!options.event_board.empty())
    if (auto board = event::decode_board_room(options.event_board)) facts.room = *board;
  if (out.report.outcome && out.report.outcome->winner) facts.winner = out.report.outcome->winner->index;
  // When the game ended: the lobby's stamp of the entry that completed it (a lobby's archived
  // log goes on with the seats leaving).
  const auto completed = replay.session->completed_at();
  facts.end_ms = log->entries.at(completed ? completed->value : log->entries.size() - 1).entry.lobby_time_ms;
  facts.log_digest = event::file_digest(log_bytes);
  out.facts = std::move(facts);
  return out;
}

std::string_view code_of(event::GameProblem problem) {
  using P = event::GameProblem;
  switch (problem) {
    case P::lobby_not_pinned: return "lobby_not_pinned";
    case P::not_in_event: return "not_in_event";
    case P::wrong_round: return "wrong_round";
    case P::wrong_board: return "wrong_board";
    case P::wrong_clock: return "wrong_clock";
    case P::wrong_seats: return "wrong_seats";
    case P::after_deadline: return "after_deadline";
  }
  return "unknown";
}

std::string_view code_of(event::PairingsProblem problem) {
  using P = event::PairingsProblem;
  switch (problem) {
    case P::wrong_event: return "wrong_event";
    case P::bad_round: return "bad_round";
    case P::wrong_clock: return "wrong_clock";
    case P::wrong_deadline: return "wrong_deadline";
    case P::unknown_player: return "unknown_player";
    case P::player_twice: return "player_twice";
    case P::player_missing: return "player_missing";
    case P::bad_board_size: return "bad_board_size";
  }
  return "unknown";
}

std::string_view code_of(event::ResultsProblem problem) {
  using P = event::ResultsProblem;
  switch (problem) {
    case P::wrong_event: return "wrong_event";
    case P::board_count: return "board_count";
    case P::bad_winner: return "bad_winner";
    case P::bad_presence: return "bad_presence";
  }
  return "unknown";
}

}  // namespace parley::cli
