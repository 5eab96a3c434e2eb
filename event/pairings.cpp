#include "event/pairings.hpp"

#include <algorithm>
#include <cassert>
#include <nlohmann/json.hpp>

#include "event/limits.hpp"

namespace parley::event {

namespace {

void write_pairings_body(game::ByteWriter& out, const Pairings& p) {
  write_header(out, WireTag::pairings);
  out.raw(p.event_id);
  out.raw(p.event_digest);
  out.u16(p.round);
  out.u64(p.published_ms);
  out.u64(p.deadline_ms);
  out.u64(p.clock.base_ms);
  out.u64(p.clock.increment_ms);
  out.u32(static_cast<std::uint32_t>(p.boards.size()));
  for (const auto& b : p.boards) {
    out.u8(static_cast<std::uint8_t>(b.seats.size()));
    for (const auto& k : b.seats) write_key(out, k);
  }
  out.u32(static_cast<std::uint32_t>(p.byes.size()));
  for (const auto& k : p.byes) write_key(out, k);
  out.u32(static_cast<std::uint32_t>(p.not_paired.size()));
  for (const auto& k : p.not_paired) write_key(out, k);
}

std::vector<crypto::PublicKey> read_keys(WireReader& r, std::size_t max) {
  std::vector<crypto::PublicKey> keys;
  const std::size_t n = r.count(max);
  for (std::size_t i = 0; i < n && !r.failed(); ++i) keys.push_back(read_key(r));
  return keys;
}

}  // namespace

Bytes pairings_bytes(const Pairings& pairings) {
  game::ByteWriter out;
  write_pairings_body(out, pairings);
  return std::move(out).take();
}

SignedPairings sign_pairings(const crypto::Identity& organizer, Pairings pairings) {
  crypto::Signature sig = organizer.sign(kPairingsLabel, pairings.event_id, pairings_bytes(pairings));
  return SignedPairings{std::move(pairings), sig};
}

bool verify_pairings(const crypto::PublicKey& organizer, const SignedPairings& s) {
  return crypto::verify_signature(organizer, kPairingsLabel, s.pairings.event_id, pairings_bytes(s.pairings), s.signature);
}

Bytes encode(const SignedPairings& s) {
  game::ByteWriter out;
  write_pairings_body(out, s.pairings);
  out.raw(s.signature.bytes());
  return std::move(out).take();
}

game::Result<SignedPairings, WireError> decode_pairings(std::span<const std::uint8_t> bytes) {
  WireReader r(bytes);
  SignedPairings s;
  Pairings& p = s.pairings;
  r.header(WireTag::pairings);
  p.event_id = read_digest(r);
  p.event_digest = read_digest(r);
  p.round = r.u16();
  if (p.round == 0 || p.round > kMaxRounds) r.fail(WireError::bad_value);
  p.published_ms = r.u64();
  p.deadline_ms = r.u64();
  p.clock.base_ms = r.u64();
  p.clock.increment_ms = r.u64();
  const std::size_t boards = r.count(kMaxBoards);
  for (std::size_t i = 0; i < boards && !r.failed(); ++i) {
    Board b;
    const std::uint8_t seats = r.u8();
    if (seats < 2 || seats > kMaxSeatsPerBoard) r.fail(WireError::bad_value);
    for (std::size_t j = 0; j < seats && !r.failed(); ++j) b.seats.push_back(read_key(r));
    p.boards.push_back(std::move(b));
  }
  p.byes = read_keys(r, kMaxPlayers);
  p.not_paired = read_keys(r, kMaxPlayers);
  s.signature = read_signature(r);
  return r.finish(std::move(s));
}

std::string_view describe(PairingsProblem problem) {
  switch (problem) {
    case PairingsProblem::wrong_event: return "the pairing names another event or roster";
    case PairingsProblem::bad_round: return "the round is beyond the event's rounds";
    case PairingsProblem::wrong_clock: return "the clock is not the event's";
    case PairingsProblem::wrong_deadline: return "the deadline does not follow the event's rule";
    case PairingsProblem::unknown_player: return "a key is not in the roster";
    case PairingsProblem::player_twice: return "a player appears twice";
    case PairingsProblem::player_missing: return "a registered player is neither paired, given a bye nor left out";
    case PairingsProblem::bad_board_size: return "a board's number of seats does not fit the game";
  }
  return "unknown pairings problem";
}

std::optional<PairingsProblem> check_pairings(const Event& event, const Pairings& p) {
  if (p.event_id != event_id(event) || p.event_digest != event_digest(event)) return PairingsProblem::wrong_event;
  if (p.round == 0 || p.round > event.rounds) return PairingsProblem::bad_round;
  if (p.clock != event.clock) return PairingsProblem::wrong_clock;
  const std::uint64_t deadline = event.deadline_ms == 0 ? 0 : p.published_ms + event.deadline_ms;
  if (p.deadline_ms != deadline) return PairingsProblem::wrong_deadline;
  std::vector<int> seen(event.roster.size(), 0);
  auto mark = [&](const crypto::PublicKey& k) -> std::optional<PairingsProblem> {
    auto i = find_player(event, k);
    if (!i) return PairingsProblem::unknown_player;
    if (seen[*i]++) return PairingsProblem::player_twice;
    return std::nullopt;
  };
  for (const auto& b : p.boards) {
    const std::size_t n = b.seats.size();
    const bool ok = event.game == GameKind::risiko ? (n >= kMinTableSize && n <= kMaxTableSize) : n == 2;
    if (!ok) return PairingsProblem::bad_board_size;
    for (const auto& k : b.seats)
      if (auto e = mark(k)) return e;
  }
  for (const auto& k : p.byes)
    if (auto e = mark(k)) return e;
  for (const auto& k : p.not_paired)
    if (auto e = mark(k)) return e;
  if (std::find(seen.begin(), seen.end(), 0) != seen.end()) return PairingsProblem::player_missing;
  return std::nullopt;
}

BoardRoom board_room(const Pairings& pairings, std::size_t board_index) {
  assert(board_index < pairings.boards.size());
  return BoardRoom{pairings.event_id, pairings.round, static_cast<std::uint16_t>(board_index + 1), pairings.clock};
}

Bytes encode(const BoardRoom& room) {
  game::ByteWriter out;
  write_header(out, WireTag::board_room);
  out.raw(room.event_id);
  out.u16(room.round);
  out.u16(room.board);
  out.u64(room.clock.base_ms);
  out.u64(room.clock.increment_ms);
  return std::move(out).take();
}

game::Result<BoardRoom, WireError> decode_board_room(std::span<const std::uint8_t> bytes) {
  WireReader r(bytes);
  BoardRoom room;
  r.header(WireTag::board_room);
  room.event_id = read_digest(r);
  room.round = r.u16();
  if (room.round == 0 || room.round > kMaxRounds) r.fail(WireError::bad_value);
  room.board = r.u16();
  if (room.board == 0 || room.board > kMaxBoards) r.fail(WireError::bad_value);
  room.clock.base_ms = r.u64();
  room.clock.increment_ms = r.u64();
  return r.finish(std::move(room));
}

std::string to_json(const Event& event, const SignedPairings& s) {
  const Pairings& p = s.pairings;
  auto player = [&](const crypto::PublicKey& k) {
    nlohmann::ordered_json j = {{"fingerprint", crypto::fingerprint(k)}};
    if (auto i = find_player(event, k)) j["name"] = event.roster[*i].name;
    return j;
  };
  nlohmann::ordered_json j;
  j["event_id"] = hex(p.event_id);
  j["event_digest"] = hex(p.event_digest);
  j["round"] = p.round;
  j["published_ms"] = p.published_ms;
  j["deadline_ms"] = p.deadline_ms;
  j["clock"] = {{"base_ms", p.clock.base_ms}, {"increment_ms", p.clock.increment_ms}};
  nlohmann::ordered_json boards = nlohmann::ordered_json::array();
  for (std::size_t b = 0; b < p.boards.size(); ++b) {
    nlohmann::ordered_json seats = nlohmann::ordered_json::array();
    for (const auto& k : p.boards[b].seats) seats.push_back(player(k));
    boards.push_back({{"board", b + 1}, {"seats", seats}});
  }
  j["boards"] = boards;
  nlohmann::ordered_json byes = nlohmann::ordered_json::array();
  for (const auto& k : p.byes) byes.push_back(player(k));
  j["byes"] = byes;
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& k : p.not_paired) out.push_back(player(k));
  j["not_paired"] = out;
  j["signature_valid"] = verify_pairings(event.organizer, s);
  return j.dump(2);
}

}  // namespace parley::event
