#include "event/results.hpp"

#include <algorithm>
#include <cassert>
#include <nlohmann/json.hpp>

#include "event/limits.hpp"

namespace parley::event {

namespace {

void write_results_body(game::ByteWriter& out, const Results& r) {
  write_header(out, WireTag::results);
  out.raw(r.event_id);
  out.u16(r.round);
  out.u32(static_cast<std::uint32_t>(r.boards.size()));
  for (const auto& b : r.boards) {
    out.u8(static_cast<std::uint8_t>(b.kind));
    if (b.kind == BoardResult::Kind::played) {
      out.u8(b.winner ? *b.winner : kNoWinner);
      out.raw(b.log_digest);
    } else {
      out.u8(b.present);
    }
  }
}

}  // namespace

Bytes results_bytes(const Results& results) {
  game::ByteWriter out;
  write_results_body(out, results);
  return std::move(out).take();
}

SignedResults sign_results(const crypto::Identity& organizer, Results results) {
  crypto::Signature sig = organizer.sign(kResultsLabel, results.event_id, results_bytes(results));
  return SignedResults{std::move(results), sig};
}

bool verify_results(const crypto::PublicKey& organizer, const SignedResults& s) {
  return crypto::verify_signature(organizer, kResultsLabel, s.results.event_id, results_bytes(s.results), s.signature);
}

Bytes encode(const SignedResults& s) {
  game::ByteWriter out;
  write_results_body(out, s.results);
  out.raw(s.signature.bytes());
  return std::move(out).take();
}

game::Result<SignedResults, WireError> decode_results(std::span<const std::uint8_t> bytes) {
  WireReader r(bytes);
  SignedResults s;
  Results& res = s.results;
  r.header(WireTag::results);
  res.event_id = read_digest(r);
  res.round = r.u16();
  if (res.round == 0 || res.round > kMaxRounds) r.fail(WireError::bad_value);
  const std::size_t boards = r.count(kMaxBoards);
  for (std::size_t i = 0; i < boards && !r.failed(); ++i) {
    BoardResult b;
    const std::uint8_t kind = r.u8();
    if (kind == static_cast<std::uint8_t>(BoardResult::Kind::played)) {
      b.kind = BoardResult::Kind::played;
      const std::uint8_t winner = r.u8();
      if (winner != kNoWinner) {
        if (winner >= kMaxSeatsPerBoard) r.fail(WireError::bad_value);
        b.winner = winner;
      }
      b.log_digest = read_digest(r);
    } else if (kind == static_cast<std::uint8_t>(BoardResult::Kind::forfeit)) {
      b.kind = BoardResult::Kind::forfeit;
      b.present = r.u8();
      if (b.present >= (1u << kMaxSeatsPerBoard)) r.fail(WireError::bad_value);
    } else {
      r.fail(WireError::bad_value);
    }
    res.boards.push_back(b);
  }
  s.signature = read_signature(r);
  return r.finish(std::move(s));
}

std::vector<Points> seat_points(const BoardResult& result, std::size_t seats) {
  std::vector<Points> points(seats, 0);
  if (result.kind == BoardResult::Kind::forfeit) {
    for (std::size_t i = 0; i < seats; ++i)
      if (result.present & (1u << i)) points[i] = kWinPoints;
  } else if (result.winner) {
    assert(*result.winner < seats);
    points[*result.winner] = kWinPoints;
  } else {
    std::fill(points.begin(), points.end(), kDrawPoints);
  }
  return points;
}

std::string_view describe(ResultsProblem problem) {
  switch (problem) {
    case ResultsProblem::wrong_event: return "the results name another event or round";
    case ResultsProblem::board_count: return "not one result per board";
    case ResultsProblem::bad_winner: return "a winning seat the board does not have";
    case ResultsProblem::bad_presence: return "a forfeit where every seat came, or naming seats the board does not have";
  }
  return "unknown results problem";
}

std::optional<ResultsCheck> check_results(const Pairings& pairings, const Results& results) {
  if (results.event_id != pairings.event_id || results.round != pairings.round) return ResultsCheck{ResultsProblem::wrong_event};
  if (results.boards.size() != pairings.boards.size()) return ResultsCheck{ResultsProblem::board_count};
  for (std::size_t b = 0; b < results.boards.size(); ++b) {
    const BoardResult& r = results.boards[b];
    const std::size_t seats = pairings.boards[b].seats.size();
    if (r.kind == BoardResult::Kind::played) {
      if (r.winner && *r.winner >= seats) return ResultsCheck{ResultsProblem::bad_winner, b};
    } else {
      const unsigned all = (1u << seats) - 1;
      if ((r.present & ~all) != 0 || r.present == all) return ResultsCheck{ResultsProblem::bad_presence, b};
    }
  }
  return std::nullopt;
}

std::string_view describe(GameProblem problem) {
  switch (problem) {
    case GameProblem::lobby_not_pinned: return "stamped by a lobby the event does not pin";
    case GameProblem::not_in_event: return "the game's room names no board of this event";
    case GameProblem::wrong_round: return "the game belongs to another round";
    case GameProblem::wrong_board: return "the game belongs to another board";
    case GameProblem::wrong_clock: return "the game was played with another clock";
    case GameProblem::wrong_seats: return "the seats are not the paired players in the paired order";
    case GameProblem::after_deadline: return "the game ended after the round's deadline";
  }
  return "unknown game problem";
}

std::optional<GameProblem> check_game(const Event& event, const Pairings& pairings, std::size_t board_index,
                                      const GameFacts& game) {
  assert(board_index < pairings.boards.size());
  if (std::find(event.lobby_keys.begin(), event.lobby_keys.end(), game.lobby_key) == event.lobby_keys.end())
    return GameProblem::lobby_not_pinned;
  if (!game.room || game.room->event_id != pairings.event_id) return GameProblem::not_in_event;
  if (game.room->round != pairings.round) return GameProblem::wrong_round;
  if (game.room->board != board_index + 1) return GameProblem::wrong_board;
  if (game.room->clock != pairings.clock) return GameProblem::wrong_clock;
  if (game.seat_keys != pairings.boards[board_index].seats) return GameProblem::wrong_seats;
  if (pairings.deadline_ms != 0 && game.end_ms > pairings.deadline_ms) return GameProblem::after_deadline;
  return std::nullopt;
}

BoardResult result_of(const GameFacts& game) {
  BoardResult r;
  r.kind = BoardResult::Kind::played;
  r.winner = game.winner;
  r.log_digest = game.log_digest;
  return r;
}

Digest file_digest(std::span<const std::uint8_t> content) {
  crypto::HashInput prefix(kBundleFileLabel);
  return crypto::blake2b_256(prefix, {content});
}

std::string to_json(const Event& event, const Pairings& pairings, const SignedResults& s) {
  const Results& r = s.results;
  nlohmann::ordered_json j;
  j["event_id"] = hex(r.event_id);
  j["round"] = r.round;
  nlohmann::ordered_json boards = nlohmann::ordered_json::array();
  for (std::size_t b = 0; b < r.boards.size(); ++b) {
    const BoardResult& br = r.boards[b];
    nlohmann::ordered_json bj = {{"board", b + 1}};
    bj["kind"] = br.kind == BoardResult::Kind::played ? "played" : "forfeit";
    if (br.kind == BoardResult::Kind::played) {
      bj["winner_seat"] = br.winner ? nlohmann::ordered_json(*br.winner) : nlohmann::ordered_json(nullptr);
      bj["log_digest"] = hex(br.log_digest);
    } else {
      nlohmann::ordered_json present = nlohmann::ordered_json::array();
      for (std::size_t i = 0; i < kMaxSeatsPerBoard; ++i)
        if (br.present & (1u << i)) present.push_back(i);
      bj["present_seats"] = present;
    }
    if (b < pairings.boards.size() && !check_results(pairings, r)) {
      nlohmann::ordered_json seats = nlohmann::ordered_json::array();
      const auto points = seat_points(br, pairings.boards[b].seats.size());
      for (std::size_t i = 0; i < pairings.boards[b].seats.size(); ++i) {
        const auto& k = pairings.boards[b].seats[i];
        nlohmann::ordered_json sj = {{"fingerprint", crypto::fingerprint(k)}, {"points_half", points[i]}};
        if (auto p = find_player(event, k)) sj["name"] = event.roster[*p].name;
        seats.push_back(sj);
      }
      bj["seats"] = seats;
    }
    boards.push_back(bj);
  }
  j["boards"] = boards;
  j["signature_valid"] = verify_results(event.organizer, s);
  return j.dump(2);
}

}  // namespace parley::event
