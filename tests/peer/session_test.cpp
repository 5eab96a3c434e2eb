#include "peer/session/session.hpp"

#include <gtest/gtest.h>

#include "crypto/hex.hpp"
#include "game/chess/notation.hpp"
#include "peer/log/verify.hpp"
#include "peer/session/chess_refusal.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace parley::peer {
namespace {

using namespace game::chess;
using testing::Table;

constexpr Seat kWhite{0}, kBlack{1};

Action move_of(const Table& t, std::string_view san) {
  auto m = parse_san(t.chess().position(), san);
  EXPECT_TRUE(m.ok()) << san;
  return {Action::Kind::move, seat_of(t.chess().position().side_to_move()), *m, 0};
}

void play(Table& t, std::initializer_list<std::string_view> sans) {
  for (auto san : sans) {
    Action a = move_of(t, san);
    t.post(a.seat, t.chess_action(a));
  }
}

void sign_results(Table& t) {
  for (auto& l : t.locals)
    if (auto duty = l.duty(*t.session, {})) t.post(l.seat(), *duty);
}

TEST(Session, AnHonestGameGoesThroughEveryPhaseAndVerifies) {
  Table t;
  EXPECT_EQ(t.session->phase(), Phase::setup);
  EXPECT_EQ(t.session->awaited().size(), 2U);
  t.start_play();
  ASSERT_EQ(t.session->phase(), Phase::play);
  ASSERT_TRUE(t.session->seed());
  EXPECT_EQ(t.session->awaited(), std::vector<Seat>{kWhite});
  play(t, {"f3", "e5", "g4", "Qh4#"});
  ASSERT_EQ(t.session->phase(), Phase::finishing);
  EXPECT_EQ(t.session->outcome()->winner, kBlack);
  EXPECT_EQ(t.session->outcome()->reason, "checkmate");
  sign_results(t);
  ASSERT_EQ(t.session->phase(), Phase::complete);
  EXPECT_EQ(t.session->completed_at()->value, t.lobby.entries().size() - 1);

  auto report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  ASSERT_EQ(report.seats.size(), 2U);
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest);
  EXPECT_EQ(report.seats[0].name, "seat 0");
  EXPECT_EQ(report.outcome->winner, kBlack);
}

TEST(Session, AnIllegalMoveIsNotAppliedAndItsSeatForfeits) {
  Table t;
  t.start_play();
  play(t, {"e4"});
  // Black tries to move a white pawn.
  Action bad{Action::Kind::move, kBlack, *parse_uci(*Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "d2d4"), 0};
  t.post(kBlack, t.chess_action(bad));
  const auto& black = t.session->seat(kBlack);
  ASSERT_TRUE(black.blame);
  EXPECT_EQ(black.blame->offence, Offence::illegal_action);
  EXPECT_EQ(black.blame->index.value, t.lobby.entries().size() - 1);
  EXPECT_EQ(t.chess().moves().size(), 1U) << "the illegal move was applied";
  EXPECT_EQ(t.session->outcome()->winner, kWhite);
  EXPECT_EQ(t.session->outcome()->reason, "forfeit");
  sign_results(t);
  auto report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.seats[1].kind, SeatVerdict::Kind::blamed);
  EXPECT_EQ(report.seats[1].index->value, 6U);
  EXPECT_EQ(report.seats[0].kind, SeatVerdict::Kind::honest);
}

TEST(Session, AMoveOutOfTurnIsBlamed) {
  Table t;
  t.start_play();
  // Black signs a move that says it is white's.
  Action a{Action::Kind::move, kWhite, *parse_uci(t.chess().position(), "e2e4"), 0};
  t.post(kBlack, t.chess_action(a));
  ASSERT_TRUE(t.session->seat(kBlack).blame);
  EXPECT_EQ(t.session->seat(kBlack).blame->offence, Offence::illegal_action);
  EXPECT_EQ(testing::refusal_of(t.session->seat(kBlack).blame), RefusalCode(Refusal::wrong_seat));
  // Signed as its own seat but when it is not its turn:
  Table u;
  u.start_play();
  Action out_of_turn{Action::Kind::move, kBlack, Move(Square::at(4, 6), Square::at(4, 4)), 0};
  u.post(kBlack, u.chess_action(out_of_turn));
  ASSERT_TRUE(u.session->seat(kBlack).blame);
  EXPECT_EQ(testing::refusal_of(u.session->seat(kBlack).blame), RefusalCode(Illegal::not_your_turn));
}

TEST(Session, AnActionBeforePlayIsOutOfPhase) {
  Table t;
  Action a{Action::Kind::move, kWhite, Move(Square::at(4, 1), Square::at(4, 3)), 0};
  t.post(kWhite, ActionMessage{t.session->state_hash(), chess_message(a)});
  ASSERT_TRUE(t.session->seat(kWhite).blame);
  EXPECT_EQ(t.session->seat(kWhite).blame->offence, Offence::out_of_phase);
  EXPECT_EQ(t.session->outcome()->winner, kBlack);
  EXPECT_EQ(t.session->outcome()->reason, "abandoned before play");
}

TEST(Session, ABeaconRevealThatDoesNotOpenItsCommitmentNamesTheSeat) {
  Table t;
  for (auto& l : t.locals) t.post(l.seat(), l.setup_message("x"));
  t.post(kWhite, t.locals[0].beacon_message());
  BeaconRevealMessage lie = t.locals[1].beacon_message();
  lie.reveal.value[0] ^= 1;
  t.post(kBlack, lie);
  ASSERT_TRUE(t.session->seat(kBlack).blame);
  EXPECT_EQ(t.session->seat(kBlack).blame->offence, Offence::beacon_mismatch);
  EXPECT_FALSE(t.session->seat(kWhite).blame);
  EXPECT_FALSE(t.session->seed());
}

TEST(Session, ASecondSetupAndAMalformedBodyAreBlamed) {
  Table t;
  t.post(kWhite, t.locals[0].setup_message("x"));
  t.post(kWhite, t.locals[0].setup_message("x"));
  EXPECT_EQ(t.session->seat(kWhite).blame->offence, Offence::repeated_message);

  Table u;
  u.session->apply(u.lobby.post_raw(kBlack, envelope_kind(MessageKind::setup), Bytes{1, 2, 3}));
  EXPECT_EQ(u.session->seat(kBlack).blame->offence, Offence::malformed_message);
  Table v;
  v.session->apply(v.lobby.post_raw(kBlack, lobby::EnvelopeKind{99}, Bytes{1}));
  EXPECT_EQ(v.session->seat(kBlack).blame->offence, Offence::malformed_message);
}

TEST(Session, AStateHashThatDisagreesIsADesyncNamedWithBothHashes) {
  Table t;
  t.start_play();
  play(t, {"e4"});
  ActionMessage m = t.chess_action(move_of(t, "e5"));
  m.state_hash[0] ^= 0xff;
  t.post(kBlack, m);
  const auto& b = t.session->seat(kBlack).blame;
  ASSERT_TRUE(b);
  EXPECT_EQ(b->offence, Offence::state_hash_mismatch);
  EXPECT_NE(b->detail.find(crypto::to_hex(t.session->state_hash_at(lobby::EntryIndex{5}))), std::string::npos) << b->detail;
  EXPECT_NE(b->detail.find(crypto::to_hex(m.state_hash)), std::string::npos);
}

TEST(Session, AnEnvelopeMayNameAnEarlierEntryWithThatEntrysState) {
  Table t;
  t.start_play();
  play(t, {"e4"});
  auto seen = lobby::EntryIndex{t.lobby.entries().size() - 1};
  crypto::Digest at_seen = t.session->state_hash();
  t.session->apply(t.lobby.presence(kWhite, lobby::PresenceEvent::disconnected));
  // Black's move names the entry before the presence entry, with the state it had then.
  t.post(kBlack, ActionMessage{at_seen, chess_message(move_of(t, "e5"))}, seen);
  EXPECT_FALSE(t.session->seat(kBlack).blame);
  EXPECT_EQ(t.chess().moves().size(), 2U);
}

// A lobby that relays a seat's signed envelope a second time cannot make the seat look like a
// cheater (its stale state hash) nor make a move twice: the replay is ignored.
TEST(Session, AReplayedEnvelopeIsIgnoredAndBlamesNoOne) {
  Table t;
  t.start_play();
  play(t, {"e4", "e5"});
  const lobby::SignedEntry white_e4 = t.lobby.entries()[t.lobby.entries().size() - 2];
  crypto::Digest before = t.session->state_hash();
  t.session->apply(t.lobby.replay(white_e4));
  EXPECT_EQ(t.session->state_hash(), before);
  EXPECT_EQ(t.session->events().back().kind, SessionEvent::Kind::ignored);
  EXPECT_EQ(t.session->events().back().ignored, Ignored::replay);
  EXPECT_TRUE(t.session->events().back().text.ends_with(" " + std::to_string(white_e4.entry.index.value)))
      << "names the entry it replays: " << t.session->events().back().text;
  play(t, {"Nf3"});
  EXPECT_FALSE(t.session->seat(kWhite).blame);
  EXPECT_EQ(t.chess().moves().size(), 3U);
}

TEST(Session, AFalseResultIsBlamedAndTheResultStands) {
  Table t;
  t.start_play();
  play(t, {"f3", "e5", "g4", "Qh4#"});
  FinalMessage lie = *t.session->expected_final();
  lie.winner = kWhite;
  t.post(kWhite, lie);
  EXPECT_EQ(t.session->seat(kWhite).blame->offence, Offence::false_result);
  t.post(kBlack, *t.session->expected_final());
  EXPECT_EQ(t.session->phase(), Phase::complete);
  EXPECT_EQ(t.session->outcome()->winner, kBlack);
  // A result signed before the game ended is false too.
  Table u;
  u.start_play();
  u.post(kWhite, FinalMessage{kWhite, "checkmate", u.session->state_hash()});
  EXPECT_EQ(u.session->seat(kWhite).blame->offence, Offence::false_result);
}

RoomOptions clocked(std::uint64_t base, std::uint64_t increment) {
  RoomOptions o;
  o.clock_base_ms = base;
  o.clock_increment_ms = increment;
  return o;
}

TEST(Clocks, ChargeEachSeatItsThinkingTimeAndAddTheIncrement) {
  Table t(clocked(60'000, 2'000));
  t.start_play();
  t.lobby.advance(5'000);
  play(t, {"e4"});
  EXPECT_EQ(t.session->seat(kWhite).clock_ms, 57'000U);
  EXPECT_EQ(t.session->actions().back().clock_after_ms, 57'000U);
  t.lobby.advance(10'000);
  play(t, {"e5"});
  EXPECT_EQ(t.session->seat(kBlack).clock_ms, 52'000U);
  EXPECT_EQ(*t.session->deadline(kWhite), t.lobby.now() + 57'000);
}

TEST(Clocks, ATimeoutClaimBeforeTheDeadlineBlamesTheClaimer) {
  Table t(clocked(60'000, 0));
  t.start_play();
  t.lobby.advance(30'000);
  t.post(kBlack, TimeoutClaimMessage{kWhite});
  ASSERT_TRUE(t.session->seat(kBlack).blame);
  EXPECT_EQ(t.session->seat(kBlack).blame->offence, Offence::unsupported_timeout_claim);
  EXPECT_EQ(t.session->outcome()->winner, kWhite);
}

// The claimer posts its claim a margin after the deadline by its own reckoning; the move it
// waited for, made in time, can still be on its way to it. The claim then names an entry before
// that move: late, not a cheat.
// White moves `move_at_ms` into its 60 s; Black's claim, 700 ms later, names the entry before it.
void claim_across_the_move(Table& t, std::uint64_t move_at_ms) {
  t.start_play();
  const lobby::EntryIndex before{t.lobby.entries().size() - 1};
  t.lobby.advance(move_at_ms);
  play(t, {"e4"});
  t.lobby.advance(700);
  t.post(kBlack, TimeoutClaimMessage{kWhite}, before);
}

TEST(Clocks, AClaimThatCrossesTheMoveMadeInTimeIsLateNotACheat) {
  Table t(clocked(60'000, 0));
  claim_across_the_move(t, 59'900);
  EXPECT_FALSE(t.session->seat(kBlack).blame);
  EXPECT_FALSE(t.session->seat(kWhite).out());
  EXPECT_FALSE(t.session->outcome());
  EXPECT_EQ(t.session->events().back().kind, SessionEvent::Kind::ignored);
  EXPECT_EQ(t.session->events().back().ignored, Ignored::late_claim);
  // Had the claimer seen the move, the same claim would be an offence.
  t.post(kBlack, TimeoutClaimMessage{kWhite});
  ASSERT_TRUE(t.session->seat(kBlack).blame);
  EXPECT_EQ(t.session->seat(kBlack).blame->offence, Offence::unsupported_timeout_claim);
  // So is a claim that crosses the move but was wrong anyway: the deadline had not passed.
  Table u(clocked(60'000, 0));
  claim_across_the_move(u, 10'000);
  ASSERT_TRUE(u.session->seat(kBlack).blame);
  EXPECT_EQ(u.session->seat(kBlack).blame->offence, Offence::unsupported_timeout_claim);
}

TEST(Clocks, ASupportedTimeoutClaimMakesTheFlagFall) {
  Table t(clocked(60'000, 0));
  t.start_play();
  play(t, {"e4"});
  t.lobby.advance(60'001);
  t.post(kWhite, TimeoutClaimMessage{kBlack});
  EXPECT_FALSE(t.session->seat(kWhite).blame);
  EXPECT_TRUE(t.session->seat(kBlack).timed_out_at);
  EXPECT_EQ(t.session->outcome()->winner, kWhite);
  EXPECT_EQ(t.session->outcome()->reason, "time forfeit");
}

TEST(Clocks, ALateMoveLosesOnTimeWithoutAnyClaim) {
  Table t(clocked(10'000, 0));
  t.start_play();
  t.lobby.advance(10'500);
  play(t, {"e4"});
  EXPECT_TRUE(t.session->seat(kWhite).timed_out_at);
  EXPECT_EQ(t.session->outcome()->winner, kBlack);
  EXPECT_EQ(t.chess().moves().size(), 0U) << "the late move is not applied";
  EXPECT_FALSE(t.session->seat(kWhite).blame) << "lateness is not cheating";
}

TEST(Clocks, AMoveLimitAppliesWithoutAClock) {
  RoomOptions o;
  o.move_limit_ms = 20'000;
  Table t(o);
  t.start_play();
  t.lobby.advance(19'000);
  play(t, {"e4"});
  t.lobby.advance(20'001);
  t.post(kWhite, TimeoutClaimMessage{kBlack});
  EXPECT_TRUE(t.session->seat(kBlack).timed_out_at);
}

TEST(Clocks, AnUntimedGameWaitsForAConnectedPlayerButNotForOneWhoLeft) {
  RoomOptions o;
  o.response_limit_ms = 30'000;
  Table t(o);
  t.start_play();
  EXPECT_FALSE(t.session->deadline(kWhite));
  t.session->apply(t.lobby.presence(kWhite, lobby::PresenceEvent::disconnected));
  EXPECT_EQ(*t.session->deadline(kWhite), t.lobby.now() + 30'000);
  t.lobby.advance(30'001);
  t.post(kBlack, TimeoutClaimMessage{kWhite});
  EXPECT_TRUE(t.session->seat(kWhite).timed_out_at);
  EXPECT_EQ(t.session->outcome()->winner, kBlack);
}

TEST(Liveness, ASeatThatNeverSetsUpAbandonsTheGame) {
  RoomOptions o;
  o.response_limit_ms = 5'000;
  Table t(o);
  t.post(kWhite, t.locals[0].setup_message("w"));
  t.lobby.advance(5'001);
  t.post(kWhite, TimeoutClaimMessage{kBlack});
  EXPECT_TRUE(t.session->seat(kBlack).timed_out_at);
  EXPECT_EQ(t.session->outcome()->winner, kWhite);
  EXPECT_EQ(t.session->outcome()->reason, "abandoned before play");
  t.post(kWhite, *t.session->expected_final());
  EXPECT_EQ(t.session->phase(), Phase::complete);
}

TEST(Liveness, ASeatThatWithholdsItsBeaconRevealAbandonsTheGame) {
  RoomOptions o;
  o.response_limit_ms = 5'000;
  Table t(o);
  for (auto& l : t.locals) t.post(l.seat(), l.setup_message("x"));
  t.post(kWhite, t.locals[0].beacon_message());
  t.lobby.advance(5'001);
  t.post(kWhite, TimeoutClaimMessage{kBlack});
  EXPECT_TRUE(t.session->seat(kBlack).timed_out_at);
  EXPECT_EQ(t.session->outcome()->winner, kWhite);
}

TEST(Liveness, AResultLeftUnsignedTimesOutAndTheGameCompletes) {
  RoomOptions o;
  o.response_limit_ms = 5'000;
  Table t(o);
  t.start_play();
  play(t, {"f3", "e5", "g4", "Qh4#"});
  t.post(kBlack, *t.session->expected_final());
  EXPECT_EQ(t.session->phase(), Phase::finishing);
  t.lobby.advance(5'001);
  t.post(kBlack, TimeoutClaimMessage{kWhite});
  EXPECT_EQ(t.session->phase(), Phase::complete);
  EXPECT_TRUE(t.session->seat(kWhite).timed_out_at);
  auto report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.seats[0].kind, SeatVerdict::Kind::timed_out);
}

TEST(Session, DrawOffersTakebacksAndResignationGoThroughTheSession) {
  Table t;
  t.start_play();
  play(t, {"e4", "e5"});
  t.post(kWhite, t.chess_action({Action::Kind::request_takeback, kWhite, Move::none(), 1}));
  t.post(kBlack, t.chess_action({Action::Kind::accept_takeback, kBlack, Move::none(), 0}));
  EXPECT_EQ(t.chess().moves().size(), 1U);
  t.post(kBlack, t.chess_action({Action::Kind::offer_draw, kBlack, Move::none(), 0}));
  t.post(kWhite, t.chess_action({Action::Kind::decline_draw, kWhite, Move::none(), 0}));
  t.post(kBlack, t.chess_action({Action::Kind::resign, kBlack, Move::none(), 0}));
  EXPECT_EQ(t.session->outcome()->winner, kWhite);
  EXPECT_EQ(t.session->outcome()->reason, "resignation");
}

// Draw offers and take-back requests may be made on either side's turn, so a message can cross
// the other side's: it names the entry its sender had seen, and is judged by that state.
struct Seen {
  lobby::EntryIndex index;
  crypto::Digest hash;
};
Seen seen_now(const Table& t) { return {lobby::EntryIndex{t.lobby.entries().size() - 1}, t.session->state_hash()}; }
void post_seen(Table& t, Seat seat, const Action& a, const Seen& seen) {
  t.post(seat, ActionMessage{seen.hash, chess_message(a)}, seen.index);
}
void expect_late(const Table& t, RefusalCode why) {
  const SessionEvent& last = t.session->events().back();
  EXPECT_EQ(last.kind, SessionEvent::Kind::ignored);
  EXPECT_EQ(last.index.value, t.lobby.entries().size() - 1);
  EXPECT_EQ(last.ignored, Ignored::late_action) << last.text;
  EXPECT_EQ(last.refusal, why) << last.text;
  EXPECT_FALSE(t.session->seat(kWhite).blame);
  EXPECT_FALSE(t.session->seat(kBlack).blame);
}
void expect_verified_honest(Table& t) {
  t.post(kBlack, t.chess_action({Action::Kind::resign, kBlack, Move::none(), 0}));
  sign_results(t);
  ASSERT_EQ(t.session->phase(), Phase::complete);
  auto report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;
}
Action offer_by(Seat seat) { return {Action::Kind::offer_draw, seat, Move::none(), 0}; }

TEST(LateActions, TwoDrawOffersThatCrossLeaveTheFirstStanding) {
  Table t;
  t.start_play();
  play(t, {"e4", "e5"});
  const Seen both = seen_now(t);
  post_seen(t, kBlack, offer_by(kBlack), both);
  post_seen(t, kWhite, offer_by(kWhite), both);
  expect_late(t, ChessRefusal::crossed_action);
  EXPECT_EQ(t.chess().draw_offered_by(), Color::black);
  // White, having seen Black's offer, may still accept it.
  t.post(kWhite, t.chess_action({Action::Kind::accept_draw, kWhite, Move::none(), 0}));
  EXPECT_EQ(t.session->outcome()->reason, "draw by agreement");
}

TEST(LateActions, AnOfferPendingWhenItsSenderLookedIsStillAnOffence) {
  Table t;
  t.start_play();
  play(t, {"e4", "e5"});
  t.post(kBlack, t.chess_action(offer_by(kBlack)));
  t.post(kWhite, t.chess_action(offer_by(kWhite)));
  ASSERT_TRUE(t.session->seat(kWhite).blame);
  EXPECT_EQ(t.session->seat(kWhite).blame->offence, Offence::illegal_action);
  // So is one whose sender names an entry before an action of its own: no race explains it.
  Table u;
  u.start_play();
  play(u, {"e4", "e5"});
  const Seen before = seen_now(u);
  u.post(kWhite, u.chess_action({Action::Kind::request_takeback, kWhite, Move::none(), 1}));
  u.post(kBlack, u.chess_action(offer_by(kBlack)));
  post_seen(u, kWhite, offer_by(kWhite), before);
  ASSERT_TRUE(u.session->seat(kWhite).blame);
  EXPECT_EQ(u.session->seat(kWhite).blame->offence, Offence::illegal_action);
}

TEST(LateActions, AnAnswerToATakebackRequestWithdrawnByAMoveIsIgnored) {
  Table t;
  t.start_play();
  play(t, {"e4", "e5"});
  t.post(kWhite, t.chess_action({Action::Kind::request_takeback, kWhite, Move::none(), 1}));
  const Seen request = seen_now(t);
  play(t, {"Nf3"});  // White plays on, which withdraws the request
  post_seen(t, kBlack, {Action::Kind::accept_takeback, kBlack, Move::none(), 0}, request);
  expect_late(t, ChessRefusal::crossed_action);
  EXPECT_EQ(t.chess().moves().size(), 3U);
  // A request made since the entry an answer names is one its sender never saw.
  t.post(kWhite, t.chess_action({Action::Kind::request_takeback, kWhite, Move::none(), 3}));
  post_seen(t, kBlack, {Action::Kind::decline_takeback, kBlack, Move::none(), 0}, request);
  expect_late(t, ChessRefusal::newer_takeback);
  EXPECT_TRUE(t.chess().takeback_request());
  expect_verified_honest(t);
}

TEST(LateActions, AMoveAfterATakebackItsMoverHadNotSeenIsIgnored) {
  Table t;
  t.start_play();
  play(t, {"e4", "e5"});
  t.post(kWhite, t.chess_action({Action::Kind::request_takeback, kWhite, Move::none(), 2}));
  const Seen request = seen_now(t);
  t.post(kBlack, t.chess_action({Action::Kind::accept_takeback, kBlack, Move::none(), 0}));
  ASSERT_TRUE(t.chess().moves().empty());
  // White changed its mind and moved before it saw the take-back: Bc4 is illegal now, Nf3 legal
  // but made on another board. Neither is played, and White is not to blame.
  const Position after_e5 = *Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
  post_seen(t, kWhite, {Action::Kind::move, kWhite, *parse_san(after_e5, "Bc4"), 0}, request);
  expect_late(t, ChessRefusal::crossed_action);
  post_seen(t, kWhite, {Action::Kind::move, kWhite, *parse_san(after_e5, "Nf3"), 0}, request);
  expect_late(t, ChessRefusal::position_changed);
  EXPECT_TRUE(t.chess().moves().empty());
  play(t, {"d4"});
  EXPECT_EQ(t.chess().moves().size(), 1U);
  expect_verified_honest(t);
}

TEST(LocalSeats, SecretsRestoreToTheSameSeat) {
  Table t;
  Bytes saved = t.locals[1].secrets();
  auto restored = LocalSeat::restore(t.lobby.genesis().session_id, kBlack, saved);
  ASSERT_TRUE(restored.ok());
  EXPECT_EQ(restored->setup_message("b"), t.locals[1].setup_message("b"));
  EXPECT_EQ(restored->beacon_message(), t.locals[1].beacon_message());
  saved.pop_back();
  EXPECT_FALSE(LocalSeat::restore(t.lobby.genesis().session_id, kBlack, saved).ok());
}

TEST(Options, RoundTripAndRefuseNonsense) {
  RoomOptions o = clocked(300'000, 2'000);
  o.event = "Club night";
  o.round = "3";
  auto back = decode_room_options(encode(o));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, o);
  RoomOptions zero_response = o;
  zero_response.response_limit_ms = 0;
  EXPECT_FALSE(decode_room_options(encode(zero_response)).ok());
  Bytes truncated = encode(o);
  truncated.pop_back();
  EXPECT_FALSE(decode_room_options(truncated).ok());
  auto unknown_game = Session::start(lobby::Genesis{"go", encode(o), {}, {}}, 0);
  EXPECT_FALSE(unknown_game.ok());
}

// An event's board travels in the options at version 2; options without one keep the bytes they
// always had (version 1), and a version-2 blob without a board is not canonical.
TEST(Options, AnEventsBoardIsAVersionTwoField) {
  RoomOptions o = clocked(300'000, 2'000);
  const Bytes plain = encode(o);
  EXPECT_EQ(plain.front(), 1);
  o.event_board = {0xe6, 1, 2, 3};
  const Bytes with = encode(o);
  EXPECT_EQ(with.front(), 2);
  EXPECT_TRUE(std::equal(plain.begin() + 1, plain.end(), with.begin() + 1));
  auto back = decode_room_options(with);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, o);
  EXPECT_EQ(decode_room_options(plain)->event_board, Bytes{});
  Bytes empty_board = plain;
  empty_board.front() = 2;
  empty_board.insert(empty_board.end(), {0, 0, 0, 0});
  EXPECT_EQ(decode_room_options(empty_board).error(), lobby::WireError::bad_value);
  Bytes old_reader = with;  // version 1 with the board's bytes after it: trailing bytes
  old_reader.front() = 1;
  EXPECT_EQ(decode_room_options(old_reader).error(), lobby::WireError::trailing_bytes);
  o.event_board.assign(kMaxEventBoardBytes + 1, 1);
  EXPECT_EQ(decode_room_options(encode(o)).error(), lobby::WireError::too_long);
}

// An event, site or round reaches archives, PGN tags and terminals: a room carries it sanitised,
// and a room whose creator put anything else there is refused by every peer alike.
TEST(Options, RoomTextsAreSanitisedAndARoomWithRawOnesIsRefused) {
  EXPECT_EQ(room_text("  Club \t night\x1b[2J "), "Club night[2J");
  EXPECT_EQ(room_text("\u202E"), "");
  EXPECT_EQ(room_text(""), "");
  EXPECT_EQ(room_text("Caf\xc3"), std::nullopt);  // cut inside a character
  EXPECT_EQ(room_text(std::string(kMaxOptionText + 1, 'x')), std::nullopt);
  EXPECT_EQ(room_text(std::string(kMaxOptionText, 'x')), std::string(kMaxOptionText, 'x'));
  for (std::string RoomOptions::*field : {&RoomOptions::event, &RoomOptions::site, &RoomOptions::round}) {
    RoomOptions o;
    o.*field = "Club night";
    EXPECT_TRUE(decode_room_options(encode(o)).ok());
    for (const char* raw : {"Club\x1b[31m night", " Club night", "Club  night", "\u202Eetaf"}) {
      o.*field = raw;
      auto decoded = decode_room_options(encode(o));
      ASSERT_FALSE(decoded.ok()) << raw;
      EXPECT_EQ(decoded.error(), lobby::WireError::bad_value);
    }
  }
}

}  // namespace
}  // namespace parley::peer
