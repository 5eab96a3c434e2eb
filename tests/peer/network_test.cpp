// Whole games through a real parley-lobby on 127.0.0.1 with real `parley bot` processes: honest
// games, cheating peers (an in-test client built on the same libraries), and crashes of a peer
// and of the lobby. Every peer's log must verify, and be the same bytes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "game/chess/notation.hpp"
#include "games/chess/module.hpp"
#include "peer/log/verify.hpp"
#include "peer/session/chess_rules.hpp"
#include "peer/session/local_seat.hpp"
#include "peer/session/room_words.hpp"
#include "tests/lobby/lobby_process.hpp"
#include "tests/peer/processes.hpp"

namespace parley::peer {
namespace {

namespace fs = std::filesystem;
using lobby::testing::LobbyProcess;
using testing::ParleyProcess;
using testing::eventually;
using testing::read_text;
using testing::stored_entry_bytes;
using testing::verify_file;
using namespace game::chess;

class Network : public testing::NetworkFixture<> {
 protected:
  Network() : NetworkFixture("chess", 120) {}
};

TEST_F(Network, TwoRandomBotsFinishAGameAndTheirLogsAreIdenticalAndVerify) {
  LobbyProcess lobby(dir_);
  ParleyProcess a(dir_, "a", bot(lobby, "a", {"--seed", "11"}));
  ParleyProcess b(dir_, "b", bot(lobby, "b", {"--seed", "12"}));
  ASSERT_EQ(a.wait(), 0) << a.err();
  ASSERT_EQ(b.wait(), 0) << b.err();
  EXPECT_EQ(read_text(a.log_path()), read_text(b.log_path()));
  auto report = verify_file(a.log_path());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest);
  EXPECT_EQ(a.result(), b.result());
  // And through the command line, as an organiser would.
  ParleyProcess verify(dir_, "verify", {"verify", "--lobby-key", (dir_ / "lobby.db.key").string(), a.log_path(), b.log_path()});
  EXPECT_EQ(verify.wait(), 0) << verify.out();

  // Both seats left, so the room closed and the lobby archived its whole transcript: the peers'
  // log is its beginning (they stop at the entry that completed the game), and it verifies alike.
  const fs::path archived = dir_ / "lobby.db.logs" / "room-1.plog";
  for (int round = 0; round < 200 && !fs::exists(archived); ++round) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_TRUE(fs::exists(archived));
  auto lobby_report = verify_file(archived.string());
  EXPECT_TRUE(lobby_report.valid) << lobby_report.fault;
  EXPECT_EQ(lobby_report.outcome, report.outcome);
  std::string peer_bytes = read_text(a.log_path()), lobby_bytes = read_text(archived.string());
  auto peer_log = decode_log({reinterpret_cast<const std::uint8_t*>(peer_bytes.data()), peer_bytes.size()});
  auto lobby_log = decode_log({reinterpret_cast<const std::uint8_t*>(lobby_bytes.data()), lobby_bytes.size()});
  ASSERT_TRUE(peer_log.ok() && lobby_log.ok());
  ASSERT_GE(lobby_log->entries.size(), peer_log->entries.size());
  EXPECT_TRUE(std::equal(peer_log->entries.begin(), peer_log->entries.end(), lobby_log->entries.begin()));

  // An organiser verifies the lobby's whole folder of logs at once; a folder without logs is said.
  ParleyProcess folder(dir_, "folder", {"verify", "--json", "--lobby-key", (dir_ / "lobby.db.key").string(), (dir_ / "lobby.db.logs").string()});
  EXPECT_EQ(folder.wait(), 0) << folder.err();
  const auto verdicts = nlohmann::json::parse(folder.out());  // one object per log
  ASSERT_EQ(verdicts.size(), 1U) << folder.out();
  EXPECT_TRUE(verdicts[0]["file"].get<std::string>().ends_with("room-1.plog")) << folder.out();
  EXPECT_EQ(verdicts[0]["valid"], true);
  EXPECT_EQ(verdicts[0]["game"], "chess");
  EXPECT_EQ(verdicts[0]["fault_code"], nullptr);
  fs::create_directories(dir_ / "no-logs");
  ParleyProcess empty(dir_, "empty", {"verify", (dir_ / "no-logs").string()});
  EXPECT_EQ(empty.wait(), 1);
  EXPECT_NE(empty.err().find("no-logs: a folder with no .plog files (nor .plog.gz) in it"), std::string::npos)
      << empty.err();
}

TEST_F(Network, StockfishAgainstStockfish) {
  LobbyProcess lobby(dir_);
  ParleyProcess a(dir_, "a", bot(lobby, "a", {"--engine", "uci:/usr/games/stockfish", "--movetime", "10"}));
  ParleyProcess b(dir_, "b", bot(lobby, "b", {"--engine", "uci:/usr/games/stockfish", "--movetime", "10"}));
  ASSERT_EQ(a.wait(), 0) << a.err();
  ASSERT_EQ(b.wait(), 0) << b.err();
  EXPECT_EQ(read_text(a.log_path()), read_text(b.log_path()));
  auto report = verify_file(a.log_path());
  EXPECT_TRUE(report.valid) << report.fault;
  ParleyProcess pgn(dir_, "pgn", {"pgn", "export", a.log_path()});
  EXPECT_EQ(pgn.wait(), 0);
  EXPECT_NE(pgn.out().find("[White \"engine bot\"]"), std::string::npos) << pgn.out();
}

// A seat played by the test: honest through setup and beacon, then it does what each test
// asks. It follows the transcript through the same session code as every peer.
class TestSeat {
 public:
  explicit TestSeat(lobby::Endpoint lobby) {
    lobby::ClientOptions options{lobby, identity_, "tester", std::nullopt};
    client_ = std::move(lobby::LobbyClient::connect(options)).value();
  }
  lobby::LobbyClient& client() { return *client_; }
  const crypto::Identity& identity() const { return identity_; }

  // Creates a room and waits until it exists.
  void create_room(const RoomOptions& options) {
    pump_until([&] { return room_.has_value(); }, [&](const lobby::ClientEvent& e) {
      if (std::holds_alternative<lobby::Welcome>(e)) client_->create_room("chess", 2, encode(options), lobby::Visibility::public_room);
      if (auto* s = std::get_if<lobby::RoomState>(&e)) room_ = s->room;
    });
    client_->set_ready(*room_, true);
  }
  // Takes the free seat of another tester's room and waits until it is in.
  void join_room(lobby::RoomId room) {
    pump_until([&] { return room_.has_value(); }, [&](const lobby::ClientEvent& e) {
      if (std::holds_alternative<lobby::Welcome>(e)) client_->join_room(room, lobby::Role::player);
      if (auto* s = std::get_if<lobby::RoomState>(&e); s && s->room == room) room_ = s->room;
    });
    client_->set_ready(*room_, true);
  }
  lobby::RoomId room() const { return *room_; }
  bool playing() const { return session_ && session_->phase() == Phase::play; }
  // What the lobby has sent so far, taken in (for two testers pumped in turn).
  void step() {
    client_->poll(10);
    while (client_->next_event()) {
    }
    follow();
  }
  // The room's transcript as a log, as every peer keeps it.
  lobby::GameLog log() const { return {*client_->lobby_key(), client_->transcript(*room_)->entries()}; }

  // Until the game starts and this seat has set up and opened its beacon.
  void start_playing() {
    pump_until([&] { return session_ && session_->phase() == Phase::play; });
  }
  const Session& session() const { return *session_; }
  const Game& chess() const { return games::chess::rules_of(*session_).game_state(); }
  Seat me() const { return me_; }
  lobby::EntryIndex head() const { return client_->transcript(*room_)->next_index(); }

  void post(const Message& m) {
    auto posted = client_->post(*room_, envelope_kind(kind_of(m)), encode(m));
    ASSERT_TRUE(posted.ok());
    posted_ = *posted;
  }
  void post_action(const Action& a) { post(ActionMessage{session_->state_hash(), chess_message(a)}); }
  // Waits until the lobby answers the last post: its entry, or a refusal.
  std::optional<lobby::Refused> await_answer() {
    std::optional<lobby::Refused> refused;
    auto before = head();
    pump_until([&] { return refused || last_own_entry().value >= before.value; }, [&](const lobby::ClientEvent& e) {
      if (auto* r = std::get_if<lobby::Refused>(&e); r && r->request == posted_) refused = *r;
    });
    return refused;
  }
  // This seat's latest entry (the opponent may have posted after it).
  lobby::EntryIndex last_own_entry() const {
    const auto& entries = client_->transcript(*room_)->entries();
    for (std::size_t i = entries.size(); i-- > 1;) {
      const auto* env = std::get_if<lobby::SignedEnvelope>(&entries[i].entry.payload);
      if (env && env->envelope.seat == me_) return entries[i].entry.index;
    }
    return lobby::EntryIndex{0};
  }
  // Waits for the session to reach a phase (the opponent's moves arrive meanwhile).
  void wait_for(std::function<bool(const Session&)> done) {
    pump_until([&] { return session_ && done(*session_); });
  }

  template <class Done, class OnEvent = std::function<void(const lobby::ClientEvent&)>>
  void pump_until(Done done, OnEvent on_event = [](const lobby::ClientEvent&) {}) {
    for (int round = 0; round < 3000 && !done(); ++round) {
      client_->poll(10);
      while (auto e = client_->next_event()) on_event(*e);
      follow();
    }
    ASSERT_TRUE(done()) << "the awaited state never came";
  }

 private:
  void follow() {
    const lobby::Transcript* t = room_ ? client_->transcript(*room_) : nullptr;
    if (!t) return;
    if (!session_) {
      session_.emplace(Session::start(t->genesis(), t->entries().front().entry.lobby_time_ms).value());
      for (std::uint8_t i = 0; i < t->genesis().seat_keys.size(); ++i)
        if (t->genesis().seat_keys[i] == identity_.public_key()) me_ = Seat{i};
      local_.emplace(LocalSeat::create(t->genesis().session_id, me_));
    }
    for (std::size_t i = session_->next_index().value; i < t->entries().size(); ++i) session_->apply(t->entries()[i]);
    // Honest until play begins.
    if (session_->phase() == Phase::setup || session_->phase() == Phase::beacon)
      if (auto duty = local_->duty(*session_, "tester"); duty && !duty_posted_[static_cast<int>(session_->phase())]) {
        duty_posted_[static_cast<int>(session_->phase())] = true;
        post(*duty);
      }
  }

  crypto::Identity identity_ = crypto::Identity::generate();
  std::unique_ptr<lobby::LobbyClient> client_;
  std::optional<lobby::RoomId> room_;
  std::optional<Session> session_;
  std::optional<LocalSeat> local_;
  Seat me_;
  bool duty_posted_[5] = {};
  lobby::RequestId posted_;
};

RoomOptions quick_timeouts() {
  RoomOptions o;
  o.response_limit_ms = 1500;
  return o;
}

// The tester creates the room (seat 0, white) and an honest bot joins it.
struct Match {
  Match(LobbyProcess& lobby, const fs::path& dir, std::vector<std::string> bot_extra = {}) : seat(lobby.endpoint()) {
    seat.create_room(quick_timeouts());
    std::vector<std::string> args{"bot", "chess", "--lobby", "127.0.0.1:" + std::to_string(lobby.port()),
                                  "--room", std::to_string(seat.room().value), "--data",
                                  (dir / "honest").string(), "--give-up", "60", "--seed", "7"};
    args.insert(args.end(), bot_extra.begin(), bot_extra.end());
    honest.emplace(dir, "honest", args);
    seat.start_playing();
  }
  TestSeat seat;
  std::optional<ParleyProcess> honest;
};

// Two seats played by the test: white creates the room, black joins it; both set up and play.
struct TwoTesters {
  TwoTesters(const LobbyProcess& lobby, const RoomOptions& options) : white(lobby.endpoint()), black(lobby.endpoint()) {
    white.create_room(options);
    black.join_room(white.room());
    both([&] { return white.playing() && black.playing(); });
  }
  // Both take in what the lobby sent, in turn, until `done`.
  template <class Done>
  void both(Done done) {
    for (int round = 0; round < 3000 && !done(); ++round) {
      white.step();
      black.step();
    }
    ASSERT_TRUE(done()) << "the awaited state never came";
  }
  // White plays 1. e4 and both have seen it.
  void open_with_e4() {
    white.post_action({Action::Kind::move, white.me(), *parse_uci(white.chess().position(), "e2e4"), 0});
    both([&] { return white.chess().moves().size() == 1 && black.chess().moves().size() == 1; });
  }
  // After the game's end: both sign the result, and the log verifies with both seats honest.
  void sign_and_verify() {
    white.post(*white.session().expected_final());
    black.post(*black.session().expected_final());
    both([&] { return white.session().phase() == Phase::complete && black.session().phase() == Phase::complete; });
    const VerifyReport report = verify(white.log());
    EXPECT_TRUE(report.valid) << report.fault;
    for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.name << ": " << s.reason;
  }
  TestSeat white, black;
};

// That each peer ignored the entry `at` as late and blamed nobody.
void expect_ignored_as_late(const TestSeat& peer, lobby::EntryIndex at) {
  for (std::uint8_t s = 0; s < 2; ++s) EXPECT_FALSE(peer.session().seat(Seat{s}).blame) << "seat " << int{s} << " blamed";
  const auto& events = peer.session().events();
  const bool ignored = std::any_of(events.begin(), events.end(), [&](const SessionEvent& e) {
    return late_reason(e) && e.index == at;
  });
  std::string told;
  for (const auto& e : events) told += std::to_string(e.index.value) + ": " + e.text + "\n";
  EXPECT_TRUE(ignored) << "entry " << at.value << " was not ignored as late; the session's events:\n" << told;
}

// Two people press "Offer draw" at the same moment: each offer leaves before the other's
// arrives, both naming the same entry, and the lobby puts one first. That one stands; the other
// is ignored as late by both peers (docs/sessions.md, "Late actions"), nobody is blamed, and the
// game goes on to an agreed draw whose log verifies with both seats honest.
TEST_F(Network, TwoDrawOffersThatCrossInTheLobbyLeaveTheFirstStandingAndBlameNobody) {
  LobbyProcess lobby(dir_);
  TwoTesters t(lobby, quick_timeouts());
  t.open_with_e4();
  const lobby::EntryIndex seen{t.white.head().value - 1};
  ASSERT_EQ(t.black.head().value, t.white.head().value);
  t.white.post_action({Action::Kind::offer_draw, t.white.me(), Move::none(), 0});
  t.black.post_action({Action::Kind::offer_draw, t.black.me(), Move::none(), 0});
  const lobby::EntryIndex second{seen.value + 2};
  t.both([&] { return t.white.head().value > second.value && t.black.head().value > second.value; });

  // Which offer the lobby put first, and the verdict on the second, alike on both peers.
  const lobby::GameLog log = t.white.log();
  const auto* first = std::get_if<lobby::SignedEnvelope>(&log.entries[seen.value + 1].entry.payload);
  const auto* crossing = std::get_if<lobby::SignedEnvelope>(&log.entries[second.value].entry.payload);
  ASSERT_TRUE(first && crossing);
  ASSERT_NE(first->envelope.seat, crossing->envelope.seat);
  EXPECT_EQ(first->envelope.seen_index, seen);
  EXPECT_EQ(crossing->envelope.seen_index, seen) << "the second offer was posted after its sender saw the first";
  for (const TestSeat* peer : {&t.white, &t.black}) {
    EXPECT_EQ(peer->chess().draw_offered_by(), first->envelope.seat == Seat{0} ? Color::white : Color::black);
    expect_ignored_as_late(*peer, second);
  }

  // The offer that stands is accepted by the other seat; both sign the result.
  TestSeat& accepter = first->envelope.seat == t.white.me() ? t.black : t.white;
  accepter.post_action({Action::Kind::accept_draw, accepter.me(), Move::none(), 0});
  t.both([&] { return t.white.session().outcome() && t.black.session().outcome(); });
  EXPECT_EQ(t.white.session().outcome()->reason, "draw by agreement");
  t.sign_and_verify();
}

// A time-out claim and the move it waited for cross in the lobby: black moves in time, and
// white, which has not seen that move yet, claims after black's deadline by the entry it had
// seen. Both are stamped as they arrive (the move before the deadline, the claim after it); the
// claim is ignored as late on both peers, not blamed (docs/sessions.md, "Time"), and the game
// goes on to a log that verifies with both seats honest.
TEST_F(Network, ATimeoutClaimThatCrossesAMoveMadeInTimeInTheLobbyBlamesNobody) {
  LobbyProcess lobby(dir_);
  RoomOptions options = quick_timeouts();
  options.move_limit_ms = 3000;
  TwoTesters t(lobby, options);
  t.open_with_e4();
  const lobby::EntryIndex seen{t.white.head().value - 1};

  // White looks away; black thinks for 1.5 s of its 3 s and moves; white claims at 3.75 s, after
  // black's deadline and before its own (3 s after black's move): 0.75 s from either.
  const auto e4_seen = std::chrono::steady_clock::now();
  const auto black_only_until = [&](std::chrono::milliseconds at) {
    while (std::chrono::steady_clock::now() < e4_seen + at) t.black.step();
  };
  black_only_until(std::chrono::milliseconds(1500));
  t.black.post_action({Action::Kind::move, t.black.me(), *parse_uci(t.black.chess().position(), "e7e5"), 0});
  black_only_until(std::chrono::milliseconds(3750));
  ASSERT_EQ(t.black.chess().moves().size(), 2U) << "black's move did not land";
  t.white.post(TimeoutClaimMessage{Seat{1}});
  const lobby::EntryIndex claim_at{seen.value + 2};
  t.both([&] { return t.white.head().value > claim_at.value && t.black.head().value > claim_at.value; });

  const lobby::GameLog log = t.white.log();
  const auto* claim = std::get_if<lobby::SignedEnvelope>(&log.entries[claim_at.value].entry.payload);
  ASSERT_TRUE(claim);
  EXPECT_EQ(claim->envelope.seen_index, seen) << "white saw black's move before it claimed";
  for (const TestSeat* peer : {&t.white, &t.black}) {
    EXPECT_EQ(peer->chess().moves().size(), 2U);
    EXPECT_FALSE(peer->session().outcome());
    expect_ignored_as_late(*peer, claim_at);
  }

  t.white.post_action({Action::Kind::resign, t.white.me(), Move::none(), 0});
  t.both([&] { return t.white.session().outcome() && t.black.session().outcome(); });
  t.sign_and_verify();
}

// The honest bot's log: the cheat must be named at the entry where it happened.
void expect_caught(const VerifyReport& report, Seat cheater, lobby::EntryIndex at, Offence offence,
                   std::optional<RefusalCode> refusal = std::nullopt) {
  EXPECT_TRUE(report.valid) << report.fault;
  const SeatVerdict& v = report.seats.at(cheater.index);
  EXPECT_EQ(v.kind, SeatVerdict::Kind::blamed);
  ASSERT_TRUE(v.index);
  EXPECT_EQ(v.index->value, at.value);
  EXPECT_EQ(v.offence, offence) << v.reason;
  EXPECT_EQ(v.refusal, refusal) << v.reason;
  EXPECT_EQ(report.seats.at(1 - cheater.index).kind, SeatVerdict::Kind::honest);
}

TEST_F(Network, AnIllegalMoveIsCaughtLiveAndInTheLog) {
  LobbyProcess lobby(dir_);
  Match m(lobby, dir_);
  m.seat.post_action({Action::Kind::move, m.seat.me(), Move(Square::at(4, 1), Square::at(4, 4)), 0});  // e2e5
  ASSERT_FALSE(m.seat.await_answer());
  auto at = m.seat.last_own_entry();
  EXPECT_EQ(m.seat.session().seat(m.seat.me()).blame->offence, Offence::illegal_action);
  ASSERT_EQ(m.honest->wait(), 0) << m.honest->err();
  EXPECT_EQ(m.honest->result(), "seat 1 wins (forfeit)");
  expect_caught(verify_file(m.honest->log_path()), m.seat.me(), at, Offence::illegal_action, Illegal::illegal_move);
}

TEST_F(Network, AMoveOutOfTurnIsCaught) {
  LobbyProcess lobby(dir_);
  Match m(lobby, dir_, {"--delay", "3000"});  // the bot takes its time to answer
  m.seat.post_action({Action::Kind::move, m.seat.me(), *parse_uci(m.seat.chess().position(), "e2e4"), 0});
  m.seat.await_answer();
  // White moves again although it is black's turn (the move would be legal for white).
  m.seat.post_action({Action::Kind::move, m.seat.me(), Move(Square::at(3, 1), Square::at(3, 3)), 0});
  m.seat.await_answer();
  auto at = m.seat.last_own_entry();
  ASSERT_EQ(m.honest->wait(), 0) << m.honest->err();
  expect_caught(verify_file(m.honest->log_path()), m.seat.me(), at, Offence::illegal_action, Illegal::not_your_turn);
}

TEST_F(Network, AFalseResultClaimIsCaught) {
  LobbyProcess lobby(dir_);
  Match m(lobby, dir_);
  m.seat.post_action({Action::Kind::resign, m.seat.me(), Move::none(), 0});
  m.seat.await_answer();
  FinalMessage lie = *m.seat.session().expected_final();
  lie.winner = m.seat.me();
  m.seat.post(lie);
  m.seat.await_answer();
  auto at = m.seat.last_own_entry();
  ASSERT_EQ(m.honest->wait(), 0) << m.honest->err();
  EXPECT_EQ(m.honest->result(), "seat 1 wins (resignation)");
  expect_caught(verify_file(m.honest->log_path()), m.seat.me(), at, Offence::false_result);
}

TEST_F(Network, ATimeoutClaimTheStampsDoNotSupportIsCaught) {
  LobbyProcess lobby(dir_);
  Match m(lobby, dir_);
  m.seat.post_action({Action::Kind::move, m.seat.me(), *parse_uci(m.seat.chess().position(), "e2e4"), 0});
  m.seat.await_answer();
  // Black is to move and has its time: claiming it is out of time is false, whenever black moves.
  m.seat.post(TimeoutClaimMessage{Seat{1}});
  m.seat.await_answer();
  auto at = m.seat.last_own_entry();
  ASSERT_EQ(m.honest->wait(), 0) << m.honest->err();
  expect_caught(verify_file(m.honest->log_path()), m.seat.me(), at, Offence::unsupported_timeout_claim);
}

TEST_F(Network, AForgedSignatureAndAnEnvelopeFromAnotherSessionAreRefusedByTheLobby) {
  LobbyProcess lobby(dir_);
  Match m(lobby, dir_);
  const lobby::Transcript& t = *m.seat.client().transcript(m.seat.room());
  lobby::Envelope envelope{t.session_id(), m.seat.me(), lobby::EntryIndex{t.next_index().value - 1}, t.head_hash(),
                           envelope_kind(MessageKind::action),
                           encode(Message{ActionMessage{m.seat.session().state_hash(),
                                                        chess_message({Action::Kind::resign, m.seat.me(), Move::none(), 0})}})};
  auto send_post = [&](const lobby::SignedEnvelope& signed_envelope) {
    game::ByteWriter out;
    lobby::write_header(out, lobby::WireTag::post);
    out.u32(4242);
    out.u64(m.seat.room().value);
    lobby::write_signed_envelope(out, signed_envelope);
    m.seat.client().send_raw(out.data());
    std::optional<lobby::Refused> refused;
    m.seat.pump_until([&] { return refused.has_value(); }, [&](const lobby::ClientEvent& e) {
      if (auto* r = std::get_if<lobby::Refused>(&e); r && r->request.value == 4242) refused = *r;
    });
    return *refused;
  };
  // Signed by another key than the seat's.
  auto forged = lobby::sign_envelope(crypto::Identity::generate(), envelope);
  EXPECT_EQ(send_post(forged).reason, lobby::Refusal::bad_envelope_signature);
  // Properly signed, but for another session.
  lobby::Envelope replay = envelope;
  replay.session_id.bytes[0] ^= 1;
  EXPECT_EQ(send_post(lobby::sign_envelope(m.seat.identity(), replay)).reason, lobby::Refusal::wrong_session);
  // Neither reached the transcript; the game goes on and ends honestly.
  m.seat.post_action({Action::Kind::resign, m.seat.me(), Move::none(), 0});
  m.seat.await_answer();
  m.seat.post(*m.seat.session().expected_final());
  m.seat.await_answer();
  ASSERT_EQ(m.honest->wait(), 0) << m.honest->err();
  auto report = verify_file(m.honest->log_path());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;
}

TEST_F(Network, APeerKilledMidGameRestartsAndFinishes) {
  LobbyProcess lobby(dir_);
  fs::path key = dir_ / "b.key";
  ParleyProcess a(dir_, "a", bot(lobby, "a", {"--create", "2", "--delay", "15", "--seed", "1"}));
  ASSERT_TRUE(eventually([&] { return a.err().find("room 1:") != std::string::npos; }));
  std::vector<std::string> b_args = bot(lobby, "b", {"--room", "1", "--identity", key.string(), "--delay", "15", "--seed", "2"});
  ParleyProcess b1(dir_, "b1", b_args);
  // A dozen moves in, b dies with no chance to clean up.
  ASSERT_TRUE(eventually([&] { return stored_entry_bytes(dir_ / "b") > 3000; })) << b1.err();
  b1.kill9();
  ParleyProcess b2(dir_, "b2", b_args);
  ASSERT_EQ(b2.wait(), 0) << b2.err();
  ASSERT_EQ(a.wait(), 0) << a.err();
  EXPECT_NE(b2.err().find("resuming the game in room 1"), std::string::npos) << b2.err();
  EXPECT_EQ(read_text(a.log_path()), read_text(b2.log_path()));
  auto report = verify_file(a.log_path());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_NE(s.kind, SeatVerdict::Kind::blamed) << s.reason;
}

// A person at `parley play` who closes the input (Ctrl-D) leaves the seat without resigning,
// and the same command takes it back.
TEST_F(Network, APersonWhoClosesTheInputLeavesTheSeatAndTheSameCommandResumesIt) {
  LobbyProcess lobby(dir_);
  ParleyProcess a(dir_, "a", bot(lobby, "a", {"--create", "2", "--seed", "4"}));
  ASSERT_TRUE(eventually([&] { return a.err().find("room 1:") != std::string::npos; }));
  const std::vector<std::string> person = {
      "play", "chess", "--lobby", "127.0.0.1:" + std::to_string(lobby.port()), "--room", "1",
      "--identity", (dir_ / "person.key").string(), "--data", (dir_ / "person").string(), "--give-up", "120"};
  {
    ParleyProcess first(dir_, "first", person, ParleyProcess::Keyboard::typed);
    // The game has begun when the board and its question are shown.
    ASSERT_TRUE(eventually([&] { return first.out().find("> ") != std::string::npos; })) << first.err();
    first.close_keyboard();
    EXPECT_EQ(first.wait(200), 1) << first.err();
    EXPECT_NE(first.err().find("without resigning"), std::string::npos) << first.err();
    EXPECT_NE(first.err().find("Run the same command again to resume it."), std::string::npos) << first.err();
  }
  EXPECT_EQ(a.wait(1), -1) << "the bot's game must wait for the seat";
  ParleyProcess again(dir_, "again", person, ParleyProcess::Keyboard::typed);
  ASSERT_TRUE(eventually([&] { return again.out().find("> ") != std::string::npos; })) << again.err();
  EXPECT_NE(again.err().find("resuming the game in room 1"), std::string::npos) << again.err();
  again.type_line("resign");
  ASSERT_EQ(again.wait(), 0) << again.err();
  ASSERT_EQ(a.wait(), 0) << a.err();
  EXPECT_NE(again.result().find("resign"), std::string::npos) << again.out();
  // The person's screen ends with the log's path and the result.
  const std::string screen = again.out();
  const auto last = screen.rfind("\nresult: ");
  ASSERT_NE(last, std::string::npos) << screen;
  const auto path_at = screen.rfind('\n', last - 1) + 1;
  EXPECT_EQ(read_text(a.log_path()), read_text(screen.substr(path_at, last - path_at)));
  auto report = verify_file(a.log_path());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;
}

// Input that ends before any game has begun leaves the lobby at once, instead of holding a seat
// nobody will play.
TEST_F(Network, APersonWhoseInputEndsBeforeTheGameLeavesTheLobbyAtOnce) {
  LobbyProcess lobby(dir_);
  ParleyProcess person(dir_, "person",
                       {"play", "chess", "--lobby", "127.0.0.1:" + std::to_string(lobby.port()), "--identity",
                        (dir_ / "person.key").string(), "--data", (dir_ / "person").string()});
  EXPECT_EQ(person.wait(200), 1) << person.err();
  EXPECT_NE(person.err().find("input ended before a game began"), std::string::npos) << person.err();
}

// `parley rooms`: a lobby's public rooms, with who sits where and the options in words; the
// command to take a seat; a game without rooms; a game name no lobby takes.
TEST_F(Network, TheRoomsCommandListsWhoSitsWhereAndTheOptions) {
  LobbyProcess lobby(dir_);
  TestSeat seat(lobby.endpoint());
  RoomOptions club = quick_timeouts();
  club.event = "Club Cup";
  club.round = "3";
  club.clock_base_ms = 300'000;
  club.clock_increment_ms = 2'000;
  seat.create_room(club);
  const std::string at = "127.0.0.1:" + std::to_string(lobby.port());
  ParleyProcess rooms(dir_, "rooms", {"rooms", "--lobby", at});
  ASSERT_EQ(rooms.wait(200), 0) << rooms.err();
  EXPECT_NE(rooms.out().find("    1  chess    waiting  tester – open · 5 min + 2 s · Club Cup, round 3\n"),
            std::string::npos)
      << rooms.out();
  EXPECT_NE(rooms.out().find("Take a seat: parley play GAME --lobby " + at + " --room ID\n"), std::string::npos)
      << rooms.out();
  ParleyProcess none(dir_, "none", {"rooms", "--lobby", at, "--game", "gunjin"});
  ASSERT_EQ(none.wait(200), 0) << none.err();
  EXPECT_EQ(none.out(), "no public gunjin rooms\n");
  ParleyProcess bad(dir_, "bad", {"rooms", "--lobby", at, "--game", "Chess!"});
  EXPECT_EQ(bad.wait(200), 2);
  EXPECT_NE(bad.err().find("bad --game 'Chess!'"), std::string::npos) << bad.err();
}

// `parley lan --to ADDRESS` and `parley-lobby --lan NAME`: a search sent to one address (a
// lobby on another subnet, or on this machine) finds the lobby by name; no answer, a bad address
// and a bad name are said.
TEST_F(Network, TheLanCommandFindsALobbyThatAnswersLanSearches) {
  LobbyProcess lobby(dir_, 0, {"--lan", "Club night", "--lan-port", "0"});
  const std::string said = "answering LAN searches on UDP port ";
  std::string lan_port;
  ASSERT_TRUE(eventually([&] {
    const std::string log = lobby.log();
    const auto at = log.find(said);
    if (at == std::string::npos || log.find(' ', at + said.size()) == std::string::npos) return false;
    lan_port = log.substr(at + said.size(), log.find(' ', at + said.size()) - at - said.size());
    return true;
  })) << lobby.log();
  EXPECT_NE(lobby.log().find(" as \"Club night\""), std::string::npos) << lobby.log();

  ParleyProcess lan(dir_, "lan", {"lan", "--to", "127.0.0.1", "--port", lan_port});
  ASSERT_EQ(lan.wait(200), 0) << lan.err();
  std::string address = "127.0.0.1:" + std::to_string(lobby.port());
  address.resize(21, ' ');  // a column
  EXPECT_TRUE(lan.out().starts_with("Club night               " + address + " nobody yet · key ")) << lan.out();
  EXPECT_NE(lan.out().find("Join one: parley client --lobby HOST:PORT"), std::string::npos) << lan.out();

  // The discard port answers nothing.
  ParleyProcess none(dir_, "none", {"lan", "--to", "127.0.0.1", "--port", "9", "--wait", "300"});
  EXPECT_EQ(none.wait(200), 1);
  EXPECT_EQ(none.out(), "no lobby answered within 300 ms\n");
  ParleyProcess nameless(dir_, "nameless", {"rooms", "--lobby", "lan:   "});
  EXPECT_EQ(nameless.wait(200), 2) << "nothing is searched for a name of nothing";
  EXPECT_NE(nameless.err().find("or lan:NAME"), std::string::npos) << nameless.err();
  ParleyProcess bad(dir_, "bad", {"lan", "--to", "lobby.example.org"});
  EXPECT_EQ(bad.wait(200), 2);
  EXPECT_NE(bad.err().find("bad --to 'lobby.example.org'"), std::string::npos) << bad.err();
  const std::string unnamed = lobby::testing::lobby_binary() + " --listen 127.0.0.1:0 --db " + (dir_ / "unnamed.db").string() +
                              " --lan '   ' 2> " + (dir_ / "unnamed.err").string();
  const int status = std::system(unnamed.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2) << "a table name of nothing visible";
  EXPECT_NE(read_text(dir_ / "unnamed.err").find("--lan '   '"), std::string::npos) << read_text(dir_ / "unnamed.err");
}

// The broadcast itself, inside a network namespace this test creates (a private loopback and a
// virtual Ethernet pair, so nothing leaves the machine): one search of `parley lan` at the
// default port reaches every lobby of the network, each under its own name.
TEST_F(Network, ALanSearchBroadcastReachesEveryLobbyOfTheNetwork) {
  if (std::system("unshare -rn sh -c 'ip link add t0 type veth peer name t1' >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "this machine gives an unprivileged user no network namespace with a veth pair (unshare -rn, ip)";
  const fs::path script = dir_ / "lan.sh";
  {
    std::ofstream out(script);
    out << "set -eu\n"
           "ip link set lo up\n"
           "ip link add lan0 type veth peer name lan1\n"
           "ip addr add 10.77.0.1/24 dev lan0\n"
           "ip link set lan0 up\n"
           "ip link set lan1 up\n"
           "\"$1\" --listen 0.0.0.0:0 --db \"$3/anna.db\" --lan Anna 2> \"$3/anna.log\" & A=$!\n"
           "\"$1\" --listen 0.0.0.0:0 --db \"$3/bruno.db\" --lan Bruno 2> \"$3/bruno.log\" & B=$!\n"
           "ONE=\n"
           "trap 'status=$?; kill $A $B $ONE 2>/dev/null || true; wait; exit $status' EXIT\n"
           "for i in $(seq 1 1500); do\n"
           "  grep -q 'answering LAN' \"$3/anna.log\" && grep -q 'answering LAN' \"$3/bruno.log\" && break\n"
           "  sleep 0.02\n"
           "done\n"
           "\"$2\" lan --wait 1500\n"
           // A terminal player names the lobby instead of its address (its rooms: none yet).
           "\"$2\" rooms --lobby lan:anna || echo \"exit $?\"\n"
           "\"$2\" rooms --lobby lan:Carla || echo \"exit $?\"\n"
           "\"$2\" rooms --lobby lan: || echo \"exit $?\"\n"
           // The graphical client too (without a screen), to the connection's Welcome.
           "SDL_VIDEODRIVER=offscreen \"$2\" client --lobby lan:anna --name Carla --no-lan --data \"$3/carla\" "
           "--quit-after 4000 > \"$3/carla.out\" 2>&1 || true\n"
           // Two seats that found their lobby by name play a game through it.
           "\"$2\" bot chess --lobby lan:anna --seed 1 --data \"$3/one\" --give-up 100 > \"$3/one.out\" 2>&1 & ONE=$!\n"
           "\"$2\" bot chess --lobby lan:Anna --seed 2 --data \"$3/two\" --give-up 100 > \"$3/two.out\" 2>&1\n"
           "wait $ONE\n";
  }
  const std::string command = "timeout 120 unshare -rn sh " + script.string() + " " + lobby::testing::lobby_binary() + " " +
                              std::string(PARLEY_CLI) + " " + dir_.string() + " > " + (dir_ / "lan.out").string() +
                              " 2> " + (dir_ / "lan.err").string();
  ASSERT_EQ(std::system(command.c_str()), 0) << read_text(dir_ / "lan.err") << read_text(dir_ / "anna.log");
  const std::string found = read_text(dir_ / "lan.out");
  EXPECT_NE(found.find("Anna                     10.77.0.1:"), std::string::npos) << found;
  EXPECT_NE(found.find("Bruno                    10.77.0.1:"), std::string::npos) << found;
  EXPECT_EQ(found.find("127.0.0.1"), std::string::npos) << "each lobby once, at its network address\n" << found;
  // lan:anna found Anna's lobby and listed its rooms; Carla answered nowhere; two answer to lan:.
  const std::string said = read_text(dir_ / "lan.err");
  EXPECT_NE(found.find("no public rooms\n"), std::string::npos) << found;
  EXPECT_NE(said.find("lan:anna: Anna at 10.77.0.1:"), std::string::npos) << said;
  EXPECT_NE(said.find("--lobby lan:Carla: no lobby on this network answers as 'Carla' (those that do: "), std::string::npos)
      << said;
  EXPECT_NE(said.find("--lobby lan:: several lobbies answer: "), std::string::npos) << said;
  EXPECT_NE(found.find("exit 1\nexit 1\n"), std::string::npos) << found;
  const std::string carla = read_text(dir_ / "carla.out");
  EXPECT_NE(carla.find("lan:anna: Anna at 10.77.0.1:"), std::string::npos) << carla;
  EXPECT_NE(carla.find("connected to the lobby as Carla"), std::string::npos) << carla;
  for (const char* seat : {"one.out", "two.out"}) {
    const std::string out = read_text(dir_ / seat);
    EXPECT_NE(out.find(": Anna at 10.77.0.1:"), std::string::npos) << out;
    EXPECT_NE(out.find("result: "), std::string::npos) << out;
  }
}

// `parley watch`: a game followed from a terminal by a spectator who joins before the second
// seat is taken. It is told as `parley log show` tells the log it saves, which is the seats' own.
TEST_F(Network, ASpectatorAtATerminalFollowsTheGameAndSavesTheSeatsLog) {
  LobbyProcess lobby(dir_);
  const std::string at = "127.0.0.1:" + std::to_string(lobby.port());
  ParleyProcess a(dir_, "a", bot(lobby, "a", {"--create", "2", "--delay", "20", "--seed", "5"}));
  // The seat says the room it opened, with its options in words.
  ASSERT_TRUE(testing::eventually([&] { return a.err().find("room 1: 1 of 2 seats taken (chess: no clock)") != std::string::npos; }))
      << a.err();
  const std::string saved = (dir_ / "watched.plog").string();
  ParleyProcess watcher(dir_, "watcher", {"watch", "--lobby", at, "--room", "1", "--save", saved, "--give-up", "100"});
  ASSERT_TRUE(testing::eventually([&] { return watcher.err().find("watching room 1") != std::string::npos; }))
      << watcher.err();
  ParleyProcess b(dir_, "b", bot(lobby, "b", {"--room", "1", "--delay", "20", "--seed", "6"}));
  ASSERT_EQ(a.wait(), 0) << a.err();
  ASSERT_EQ(b.wait(), 0) << b.err();
  ASSERT_EQ(watcher.wait(), 0) << watcher.err();
  EXPECT_NE(watcher.err().find("watching room 1: chess, "), std::string::npos) << watcher.err();
  EXPECT_EQ(read_text(saved), read_text(a.log_path()));
  ParleyProcess show(dir_, "show", {"log", "show", "--lobby-key", (dir_ / "lobby.db.key").string(), saved});
  ASSERT_EQ(show.wait(), 0) << show.err();
  EXPECT_EQ(watcher.out(), show.out());
  EXPECT_NE(watcher.out().find("seat 0  action: "), std::string::npos) << watcher.out();

  // Which room, and one that is not there.
  ParleyProcess which(dir_, "which", {"watch", "--lobby", at});
  EXPECT_EQ(which.wait(200), 2);
  ParleyProcess nowhere(dir_, "nowhere", {"watch", "--lobby", at, "--room", "1", "--save", (dir_ / "no/such/x.plog").string()});
  EXPECT_EQ(nowhere.wait(200), 2);
  EXPECT_NE(nowhere.err().find("is not a folder this user can write in"), std::string::npos) << nowhere.err();
  ParleyProcess none(dir_, "none", {"watch", "--lobby", at, "--room", "99"});
  EXPECT_EQ(none.wait(200), 1);
  // The lobby's refusal, in the person's words (peer::refused_words).
  EXPECT_NE(none.err().find(peer::refused_words(lobby::Refused{{}, lobby::Refusal::no_such_room, {}}) + "\n"),
            std::string::npos)
      << none.err();
}

TEST_F(Network, TheLobbyKilledMidGameRestartsAndTheGameFinishes) {
  auto lobby = std::make_unique<LobbyProcess>(dir_);
  std::uint16_t port = lobby->port();
  ParleyProcess a(dir_, "a", bot(*lobby, "a", {"--delay", "10", "--seed", "3"}));
  ParleyProcess b(dir_, "b", bot(*lobby, "b", {"--delay", "10", "--seed", "4"}));
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  lobby->kill9();
  lobby.reset();
  LobbyProcess again(dir_, port);
  ASSERT_EQ(a.wait(), 0) << a.err();
  ASSERT_EQ(b.wait(), 0) << b.err();
  EXPECT_NE(a.err().find("reconnecting"), std::string::npos) << a.err();
  EXPECT_EQ(read_text(a.log_path()), read_text(b.log_path()));
  auto report = verify_file(a.log_path());
  EXPECT_TRUE(report.valid) << report.fault;
}

}  // namespace
}  // namespace parley::peer
