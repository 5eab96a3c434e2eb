#include "peer/session/session.hpp"

#include <algorithm>
#include <cassert>

#include "crypto/hex.hpp"
#include "lobby/protocol/text.hpp"
#include "peer/session/game_module.hpp"

namespace parley::peer {

namespace {

constexpr std::string_view kAbandoned = "abandoned before play";

bool contains(const std::vector<Seat>& seats, Seat s) { return std::find(seats.begin(), seats.end(), s) != seats.end(); }

}  // namespace

std::string_view describe(Phase phase) {
  switch (phase) {
    case Phase::setup: return "setup";
    case Phase::beacon: return "beacon";
    case Phase::play: return "play";
    case Phase::finishing: return "finishing";
    case Phase::complete: return "complete";
  }
  return "unknown phase";
}

std::string_view describe(Offence offence) {
  switch (offence) {
    case Offence::malformed_message: return "malformed message";
    case Offence::out_of_phase: return "message out of place";
    case Offence::repeated_message: return "repeated message";
    case Offence::bad_setup: return "bad setup";
    case Offence::beacon_mismatch: return "beacon reveal does not open its commitment";
    case Offence::illegal_action: return "illegal action";
    case Offence::state_hash_mismatch: return "state hash mismatch (desync)";
    case Offence::unsupported_timeout_claim: return "timeout claim not supported by the stamps";
    case Offence::false_result: return "false result";
    case Offence::bad_reveal: return "bad reveal";
  }
  return "offence";
}

std::string_view name(Offence offence) {
  switch (offence) {
    case Offence::malformed_message: return "malformed_message";
    case Offence::out_of_phase: return "out_of_phase";
    case Offence::repeated_message: return "repeated_message";
    case Offence::bad_setup: return "bad_setup";
    case Offence::beacon_mismatch: return "beacon_mismatch";
    case Offence::illegal_action: return "illegal_action";
    case Offence::state_hash_mismatch: return "state_hash_mismatch";
    case Offence::unsupported_timeout_claim: return "unsupported_timeout_claim";
    case Offence::false_result: return "false_result";
    case Offence::bad_reveal: return "bad_reveal";
  }
  return "unknown";
}

std::optional<std::string> shown_name(std::string_view announced) {
  auto name = lobby::sanitize_text(announced, kMaxDisplayName);
  if (!name) return std::nullopt;
  return std::move(name).value();
}

std::optional<std::string> shown_name(const SeatRecord& seat) {
  if (!seat.setup) return std::nullopt;
  return shown_name(seat.setup->display_name);
}

std::string SessionStartError::describe() const {
  if (auto* w = std::get_if<lobby::WireError>(&cause))
    return "room options: " + std::string(lobby::describe(*w));
  return std::string(peer::describe(std::get<RulesError>(cause)));
}

crypto::SessionId crypto_session(const lobby::SessionId& id) {
  crypto::SessionId out;
  out.bytes = id.bytes;
  return out;
}

game::Result<Session, SessionStartError> Session::start(const lobby::Genesis& genesis, std::uint64_t genesis_time_ms) {
  auto options = decode_room_options(genesis.options);
  if (!options) return SessionStartError{options.error()};
  auto rules = make_rules(genesis.game, genesis.seat_keys.size(), *options);
  if (!rules) return SessionStartError{rules.error()};
  return Session(genesis, std::move(options).value(), std::move(rules).value(), genesis_time_ms);
}

Session::Session(const lobby::Genesis& genesis, RoomOptions options, std::unique_ptr<GameRules> rules,
                 std::uint64_t time_ms)
    : session_id_(crypto_session(genesis.session_id)),
      options_(std::move(options)),
      rules_(std::move(rules)),
      seats_(genesis.seat_keys.size()),
      phase_since_ms_(time_ms),
      last_time_ms_(time_ms) {
  for (auto& s : seats_) s.clock_ms = options_.clock_base_ms;
  current_hash_ = rules_->public_state_hash();
  state_hashes_.push_back(current_hash_);
}

void Session::event(SessionEvent::Kind kind, EntryIndex index, std::optional<Seat> seat, std::string text) {
  events_.push_back({kind, index, seat, std::move(text), {}, {}, {}});
}

void Session::ignore(Ignored why, EntryIndex index, Seat seat, std::string text, std::optional<RefusalCode> refusal) {
  events_.push_back({SessionEvent::Kind::ignored, index, seat, std::move(text), {}, why, refusal});
}

std::vector<Seat> Session::awaited() const {
  std::vector<Seat> out;
  for (std::uint8_t i = 0; i < seats_.size(); ++i) {
    const SeatRecord& s = seats_[i];
    if (s.out()) continue;
    bool waiting = false;
    switch (phase_) {
      case Phase::setup: waiting = !s.setup; break;
      case Phase::beacon: waiting = !s.beacon; break;
      case Phase::play: waiting = s.awaited_since_ms.has_value(); break;
      case Phase::finishing: waiting = !s.final || (rules_->needs_reveals() && !s.revealed); break;
      case Phase::complete: break;
    }
    if (waiting) out.push_back(Seat{i});
  }
  return out;
}

std::optional<std::uint64_t> Session::deadline(Seat seat) const {
  const SeatRecord& s = seats_.at(seat.index);
  if (phase_ != Phase::play) return phase_since_ms_ + options_.response_limit_ms;
  if (!s.awaited_since_ms) return std::nullopt;
  if (!rules_->thinking(seat)) return *s.awaited_since_ms + options_.response_limit_ms;
  std::optional<std::uint64_t> limit;
  auto tighten = [&](std::uint64_t at) { limit = limit ? std::min(*limit, at) : at; };
  if (clocked()) tighten(*s.awaited_since_ms + s.clock_ms);
  if (options_.move_limit_ms > 0) tighten(*s.awaited_since_ms + options_.move_limit_ms);
  // A player who has gone away does not stall an untimed game for ever.
  if (s.disconnected_since_ms)
    tighten(std::max(*s.disconnected_since_ms, *s.awaited_since_ms) + options_.response_limit_ms);
  return limit;
}

std::optional<FinalMessage> Session::expected_final() const {
  if (!outcome_) return std::nullopt;
  return FinalMessage{outcome_->winner, std::string(outcome_->reason), final_hash_};
}

void Session::apply(const lobby::SignedEntry& signed_entry) {
  const lobby::Entry& entry = signed_entry.entry;
  const EntryIndex index = entry.index;
  const std::uint64_t time_ms = entry.lobby_time_ms;
  last_time_ms_ = time_ms;
  expire(index, time_ms);
  if (const auto* presence = std::get_if<lobby::Presence>(&entry.payload)) {
    SeatRecord& s = seats_.at(presence->seat.index);
    s.connected = presence->event == lobby::PresenceEvent::reconnected;
    s.disconnected_since_ms = s.connected ? std::nullopt : std::optional<std::uint64_t>(time_ms);
    event(SessionEvent::Kind::presence, index, presence->seat, std::string(lobby::describe(presence->event)));
  } else if (const auto* envelope = std::get_if<lobby::SignedEnvelope>(&entry.payload)) {
    // A seat signs each message once; the same signed envelope again is a replay (the lobby's,
    // or the seat re-posting its own), harmless once ignored, and the seat is not to blame.
    std::array<std::uint8_t, crypto::kSignatureBytes> signature{};
    std::ranges::copy(envelope->signature.bytes(), signature.begin());
    if (auto [first, fresh] = envelope_first_seen_.try_emplace(signature, index); !fresh) {
      ignore(Ignored::replay, index, envelope->envelope.seat, "a replay of entry " + std::to_string(first->second.value));
    } else {
      on_message(envelope->envelope.seat, index, envelope->envelope, time_ms);
    }
  }
  state_hashes_.push_back(current_hash_);
}

void Session::expire(EntryIndex index, std::uint64_t time_ms) {
  for (Seat s : awaited()) {
    auto d = deadline(s);
    if (d && time_ms > *d && !seats_[s.index].out()) time_out(s, index);
  }
}

void Session::time_out(Seat seat, EntryIndex index) {
  SeatRecord& s = seats_[seat.index];
  s.timed_out_at = index;
  event(SessionEvent::Kind::timeout, index, seat, std::string("no answer in time during ") + std::string(describe(phase_)));
  switch (phase_) {
    case Phase::setup:
    case Phase::beacon:
      abandon_before_play(seat, index);
      break;
    case Phase::play:
      if (clocked() && s.awaited_since_ms) s.clock_ms = 0;
      s.awaited_since_ms.reset();
      rules_->time_out(seat);
      game_changed(index, last_time_ms_, std::nullopt);
      break;
    case Phase::finishing:
      check_complete(index);
      break;
    case Phase::complete:
      break;
  }
}

void Session::abandon_before_play(Seat seat, EntryIndex index) {
  if (outcome_) return;
  // Two players: the one who stayed wins. More: nobody wins a game that never began.
  std::optional<Seat> winner;
  if (seats_.size() == 2) winner = Seat{static_cast<std::uint8_t>(1 - seat.index)};
  outcome_ = game::Outcome{winner, kAbandoned};
  event(SessionEvent::Kind::outcome, index, winner, std::string(kAbandoned));
  enter_finishing(index, last_time_ms_);
}

void Session::blame(Seat seat, EntryIndex index, Offence offence, std::string detail,
                    std::optional<Rejection> refused) {
  SeatRecord& s = seats_[seat.index];
  std::optional<RefusalCode> code;
  if (refused) code = refused->code;
  events_.push_back({SessionEvent::Kind::blame, index, seat,
                     std::string(describe(offence)) + (detail.empty() ? "" : ": " + detail), offence, {}, code});
  if (s.blame) return;
  s.blame = Blame{seat, index, offence, std::move(detail), std::move(refused)};
  switch (phase_) {
    case Phase::setup:
    case Phase::beacon:
      abandon_before_play(seat, index);
      break;
    case Phase::play:
      s.awaited_since_ms.reset();
      rules_->forfeit(seat);
      game_changed(index, last_time_ms_, std::nullopt);
      break;
    case Phase::finishing:
      check_complete(index);
      break;
    case Phase::complete:
      break;
  }
}

void Session::on_message(Seat seat, EntryIndex index, const lobby::Envelope& envelope, std::uint64_t time_ms) {
  if (seats_[seat.index].out() || phase_ == Phase::complete) {
    ignore(Ignored::seat_out, index, seat, "a message after the seat's part in the game ended");
    return;
  }
  auto message = decode_message(envelope.kind, envelope.body);
  if (!message) {
    blame(seat, index, Offence::malformed_message,
          "kind " + std::to_string(envelope.kind.value) + ": " + std::string(lobby::describe(message.error())));
    return;
  }
  std::visit(
      [&](const auto& m) {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, SetupMessage>) on_setup(seat, index, m, time_ms);
        else if constexpr (std::is_same_v<M, BeaconRevealMessage>) on_beacon(seat, index, m, time_ms);
        else if constexpr (std::is_same_v<M, ActionMessage>) on_action(seat, index, envelope, m, time_ms);
        else if constexpr (std::is_same_v<M, TimeoutClaimMessage>) on_timeout_claim(seat, index, envelope.seen_index, m);
        else if constexpr (std::is_same_v<M, FinalMessage>) on_final(seat, index, m);
        else on_reveal(seat, index, m);
      },
      *message);
}

void Session::on_setup(Seat seat, EntryIndex index, const SetupMessage& m, std::uint64_t time_ms) {
  SeatRecord& s = seats_[seat.index];
  if (phase_ != Phase::setup) return blame(seat, index, Offence::out_of_phase, "setup after the setup phase");
  if (s.setup) return blame(seat, index, Offence::repeated_message, "a second setup");
  if (auto verdict = rules_->setup(seat, m.game_setup); !verdict)
    return blame(seat, index, Offence::bad_setup, rules_->describe_refusal(verdict.error()), verdict.error());
  s.setup = m;
  event(SessionEvent::Kind::setup, index, seat, m.display_name);
  if (std::all_of(seats_.begin(), seats_.end(), [](const SeatRecord& r) { return r.setup.has_value(); })) {
    phase_ = Phase::beacon;
    phase_since_ms_ = time_ms;
  }
}

void Session::on_beacon(Seat seat, EntryIndex index, const BeaconRevealMessage& m, std::uint64_t time_ms) {
  SeatRecord& s = seats_[seat.index];
  if (phase_ != Phase::beacon) return blame(seat, index, Offence::out_of_phase, "beacon reveal outside the beacon phase");
  if (s.beacon) return blame(seat, index, Offence::repeated_message, "a second beacon reveal");
  s.beacon = m.reveal;
  s.beacon_index = index;
  if (!std::all_of(seats_.begin(), seats_.end(), [](const SeatRecord& r) { return r.beacon.has_value(); })) return;

  std::vector<crypto::HashCommitment> commitments;
  std::vector<crypto::BeaconReveal> reveals;
  for (const SeatRecord& r : seats_) {
    commitments.push_back(r.setup->beacon);
    reveals.push_back(*r.beacon);
  }
  auto seed = crypto::beacon_seed(session_id_, commitments, reveals);
  if (!seed) {
    Seat liar = seed.error().seat;
    return blame(liar, *seats_[liar.index].beacon_index, Offence::beacon_mismatch,
                 std::string(crypto::describe(seed.error().failure)));
  }
  seed_ = *seed;
  event(SessionEvent::Kind::seed, index, std::nullopt, crypto::to_hex(seed_->bytes));
  phase_ = Phase::play;
  phase_since_ms_ = time_ms;
  GameStart start{session_id_, *seed_, {}};
  for (const SeatRecord& r : seats_) start.setups.push_back(*r.setup);
  rules_->begin(start);
  game_changed(index, time_ms, std::nullopt);
}

void Session::on_action(Seat seat, EntryIndex index, const lobby::Envelope& envelope, const ActionMessage& m,
                        std::uint64_t time_ms) {
  if (phase_ == Phase::finishing) {
    // A move that crossed the end of the game (a flag fell first): late, not a cheat.
    ignore(Ignored::game_ended, index, seat, "an action after the game ended");
    return;
  }
  if (phase_ != Phase::play) return blame(seat, index, Offence::out_of_phase, "an action before play began");
  const crypto::Digest& expected = state_hash_at(envelope.seen_index);
  if (m.state_hash != expected)
    return blame(seat, index, Offence::state_hash_mismatch,
                 "at entry " + std::to_string(envelope.seen_index.value) + " the seat has " + crypto::to_hex(m.state_hash) +
                     ", the transcript gives " + crypto::to_hex(expected));
  std::string words = rules_->describe_action(seat, m.game_message);
  const std::optional<std::uint64_t> due = deadline(seat);
  if (auto verdict = rules_->act(seat, m.game_message, ActionContext{index, envelope.seen_index, time_ms}); !verdict) {
    const Rejection& why = verdict.error();
    const std::string text = words + ": " + rules_->describe_refusal(why);
    if (why.late || (why.moot && overtaken(seat, envelope.seen_index)))
      return ignore(Ignored::late_action, index, seat, std::string(kLatePrefix) + text, why.code);
    return blame(seat, index, Offence::illegal_action, text, why);
  }
  actions_.push_back({index, seat, time_ms, m.game_message, std::nullopt, due});
  event(SessionEvent::Kind::action, index, seat, std::move(words));
  game_changed(index, time_ms, seat);
}

// Whether the game changed since entry `seen` by other seats only: the sender of a message
// naming that entry could not have known (an honest seat posts only once its previous message
// is in, so it names an entry after its own last action).
bool Session::overtaken(Seat seat, EntryIndex seen) const {
  if (state_hash_at(seen) == current_hash_) return false;
  for (auto it = actions_.rbegin(); it != actions_.rend() && it->index.value > seen.value; ++it)
    if (it->seat == seat) return false;
  return true;
}

// Whether a time-out claim stamped now, naming entry `seen`, would have been supported had the
// claimed seat not acted since: that seat's first action after `seen` ended the wait the claimer
// saw, in time, and the claim came after the deadline that wait had. The claimer posted nothing
// since.
bool Session::claim_crossed_action(Seat claimer, EntryIndex seen, Seat claimed) const {
  const ActionRecord* first = nullptr;
  for (auto it = actions_.rbegin(); it != actions_.rend() && it->index.value > seen.value; ++it) {
    if (it->seat == claimer) return false;
    if (it->seat == claimed) first = &*it;
  }
  return first != nullptr && first->deadline_ms && last_time_ms_ > *first->deadline_ms;
}

void Session::game_changed(EntryIndex index, std::uint64_t time_ms, std::optional<Seat> actor) {
  current_hash_ = rules_->public_state_hash();
  if (phase_ != Phase::play) return;
  // Clocks: a seat the game stops waiting for is charged the time it took; if its own action
  // ended the wait, it earns the increment. A seat the game starts waiting for starts its clock.
  std::vector<Seat> now = rules_->awaited();
  for (std::uint8_t i = 0; i < seats_.size(); ++i) {
    SeatRecord& s = seats_[i];
    bool waiting = !s.out() && contains(now, Seat{i});
    if (s.awaited_since_ms && !waiting) {
      if (clocked()) {
        std::uint64_t used = time_ms - *s.awaited_since_ms;
        s.clock_ms = used >= s.clock_ms ? 0 : s.clock_ms - used;
        if (actor && actor->index == i) s.clock_ms += options_.clock_increment_ms;
      }
      s.awaited_since_ms.reset();
      if (actor && actor->index == i && !actions_.empty() && actions_.back().index == index)
        actions_.back().clock_after_ms = clocked() ? std::optional<std::uint64_t>(s.clock_ms) : std::nullopt;
    } else if (!s.awaited_since_ms && waiting) {
      s.awaited_since_ms = time_ms;
    }
  }
  if (auto outcome = rules_->outcome()) {
    outcome_ = outcome;
    event(SessionEvent::Kind::outcome, index, outcome_->winner, std::string(outcome_->reason));
    enter_finishing(index, time_ms);
  }
}

void Session::enter_finishing(EntryIndex index, std::uint64_t time_ms) {
  for (auto& s : seats_) s.awaited_since_ms.reset();
  phase_ = Phase::finishing;
  phase_since_ms_ = time_ms;
  current_hash_ = final_hash_ = rules_->public_state_hash();
  check_complete(index);
}

void Session::on_timeout_claim(Seat seat, EntryIndex index, EntryIndex seen, const TimeoutClaimMessage& m) {
  // expire() has already run for this entry's stamp: a supported claim finds its seat out.
  if (m.seat.index >= seats_.size() || m.seat == seat)
    return blame(seat, index, Offence::unsupported_timeout_claim, "a claim against no other seat");
  if (seats_[m.seat.index].timed_out_at) return;
  if (claim_crossed_action(seat, seen, m.seat)) {
    // The claim was right by the entry its claimer had seen, but the claimed seat's action, made
    // in time, was still on its way to the claimer: a race the claim margin cannot rule out.
    ignore(Ignored::late_claim, index, seat,
           std::string(kLatePrefix) + "a time-out claim against seat " + std::to_string(m.seat.index) +
               ", which acted in time after entry " + std::to_string(seen.value));
    return;
  }
  auto d = deadline(m.seat);
  blame(seat, index, Offence::unsupported_timeout_claim,
        "seat " + std::to_string(m.seat.index) +
            (d ? " has until " + std::to_string(*d) + " ms, the claim is stamped " + std::to_string(last_time_ms_)
               : " is not being waited for"));
}

void Session::on_final(Seat seat, EntryIndex index, const FinalMessage& m) {
  SeatRecord& s = seats_[seat.index];
  if (phase_ != Phase::finishing) return blame(seat, index, Offence::false_result, "a result before the game ended");
  if (s.final) return blame(seat, index, Offence::repeated_message, "a second result signature");
  auto expected = expected_final();
  assert(expected && "the game has its result once it is finishing");
  if (m != *expected) {
    std::string claim = m.winner ? "seat " + std::to_string(m.winner->index) + " wins" : "no winner";
    return blame(seat, index, Offence::false_result, "claims " + claim + " (" + m.reason + ")");
  }
  s.final = m;
  event(SessionEvent::Kind::final, index, seat, {});
  check_complete(index);
}

void Session::on_reveal(Seat seat, EntryIndex index, const RevealMessage& m) {
  SeatRecord& s = seats_[seat.index];
  if (phase_ != Phase::finishing) return blame(seat, index, Offence::out_of_phase, "secrets revealed before the end");
  if (s.revealed) return blame(seat, index, Offence::repeated_message, "a second reveal");
  if (auto verdict = rules_->reveal(seat, m.game_secrets); !verdict)
    return blame(seat, index, Offence::bad_reveal, rules_->describe_refusal(verdict.error()), verdict.error());
  s.revealed = true;
  current_hash_ = rules_->public_state_hash();
  check_complete(index);
}

void Session::check_complete(EntryIndex index) {
  if (phase_ != Phase::finishing) return;
  bool done = std::all_of(seats_.begin(), seats_.end(), [&](const SeatRecord& s) {
    return s.out() || (s.final && (!rules_->needs_reveals() || s.revealed));
  });
  if (!done) return;
  phase_ = Phase::complete;
  completed_at_ = index;
  event(SessionEvent::Kind::complete, index, std::nullopt, {});
}

}  // namespace parley::peer
