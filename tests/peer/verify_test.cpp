// Logs that were tampered with after the game: each is rejected with the entry where it breaks.
#include "peer/log/verify.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "game/chess/notation.hpp"
#include "games/chess/chess_export.hpp"
#include "peer/log/show.hpp"
#include "peer/log/trust.hpp"
#include "crypto/hex.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace parley::peer {
namespace {

using namespace game::chess;

// A complete game: 1. f3 e5 2. g4 Qh4#, entries 0..10 (genesis, 2 setups, 2 reveals, 4 moves, 2 results).
testing::Table finished_game() {
  testing::Table t;
  t.start_play();
  for (auto san : {"f3", "e5", "g4", "Qh4#"}) {
    Move m = *parse_san(t.chess().position(), san);
    Seat s = seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
  }
  for (auto& l : t.locals) t.post(l.seat(), *l.duty(*t.session, {}));
  return t;
}

// A log's PGN Date is the UTC day of the genesis stamp (`date -u -d @1764547200`: Mon Dec  1
// 00:00:00 UTC 2025).
TEST(PgnDate, ALobbyStampIsTheDayItFallsOnInUtc) {
  EXPECT_EQ(pgn_date(0), "1970.01.01");
  EXPECT_EQ(pgn_date(1764547200000), "2025.12.01");
  EXPECT_EQ(pgn_date(1764547199999), "2025.11.30");
}

TEST(Plog, RoundTripsAndEveryPeerWritesTheSameBytes) {
  auto t = finished_game();
  Bytes bytes = encode(t.lobby.log());
  auto back = decode_log(bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->entries, t.lobby.entries());
  EXPECT_EQ(encode(*back), bytes);
  EXPECT_TRUE(verify_bytes(bytes).valid);
}

TEST(Plog, MalformedFilesAreTypedErrors) {
  auto t = finished_game();
  Bytes good = encode(t.lobby.log());
  EXPECT_EQ(decode_log(Bytes{'x'}).error().kind, LogErrorKind::not_a_log);
  Bytes version = good;
  version[9] = 7;
  EXPECT_EQ(decode_log(version).error().kind, LogErrorKind::unsupported_version);
  Bytes cut(good.begin(), good.begin() + static_cast<long>(good.size() / 2));
  EXPECT_EQ(decode_log(cut).error().kind, LogErrorKind::truncated);
  Bytes trailing = good;
  trailing.push_back(0);
  EXPECT_EQ(decode_log(trailing).error().kind, LogErrorKind::trailing_bytes);
  Bytes huge_count = good;
  huge_count[42] = 0xff, huge_count[43] = 0xff, huge_count[44] = 0xff, huge_count[45] = 0x7f;
  EXPECT_FALSE(decode_log(huge_count).ok());
}

struct Tamper {
  const char* name;
  std::size_t fault_entry;
};

TEST(Verify, RejectsEachKindOfTamperingWithTheEntryIndex) {
  auto t = finished_game();
  const GameLog good = t.lobby.log();
  ASSERT_EQ(good.entries.size(), 11U);

  GameLog removed = good;  // entry 6 (1... e5) taken out
  removed.entries.erase(removed.entries.begin() + 6);
  GameLog duplicated = good;
  duplicated.entries.insert(duplicated.entries.begin() + 6, good.entries[6]);
  GameLog reordered = good;
  std::swap(reordered.entries[6], reordered.entries[7]);
  GameLog truncated = good;
  truncated.entries.erase(truncated.entries.begin() + 9, truncated.entries.end());

  for (auto [log, entry, what] : {std::tuple{removed, 6, "removed"}, {duplicated, 7, "duplicated"},
                                  {reordered, 6, "reordered"}}) {
    auto r = verify(log);
    EXPECT_FALSE(r.valid) << what;
    ASSERT_TRUE(r.fault_entry) << what;
    EXPECT_EQ(*r.fault_entry, static_cast<std::size_t>(entry)) << what << ": " << r.fault;
    EXPECT_EQ(r.fault_code, LogFault::broken_chain) << what;
  }
  auto r = verify(truncated);
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.fault_code, LogFault::incomplete) << r.fault;
  EXPECT_EQ(r.fault_entry, 8U);

  // Swapping a move for another: the seat's signature no longer matches.
  GameLog swapped = good;
  auto& env = std::get<lobby::SignedEnvelope>(swapped.entries[7].entry.payload);
  auto message = std::get<ActionMessage>(*decode_message(env.envelope.kind, env.envelope.body));
  Position after_f3_e5 = *Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2");
  message.game_message = chess_message({Action::Kind::move, Seat{0}, *parse_san(after_f3_e5, "e4"), 0});
  env.envelope.body = encode(Message{message});
  r = verify(swapped);
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(*r.fault_entry, 7U) << r.fault;
}

// A lobby that drops or reorders an entry for one peer only must sign a second version of the
// transcript; the seats' envelopes inside still name the entries they saw in the first one. The
// peer's transcript check (what its lobby client runs on every entry) and the verifier both stop
// at the first envelope that does not fit, and put it on the lobby, whose signature is valid.
TEST(Verify, ALobbyThatForksTheTranscriptForOnePeerIsCaughtAndNamed) {
  auto t = finished_game();
  ASSERT_TRUE(verify(t.lobby.log()).valid);
  struct Fork {
    const char* what;
    std::vector<std::size_t> order;  // the honest entries this peer is sent
    std::size_t caught_at;
    lobby::TranscriptError error;
  };
  using lobby::TranscriptError;
  for (const Fork& f : {Fork{"entry 6 dropped", {1, 2, 3, 4, 5, 7, 8, 9, 10}, 6, TranscriptError::seen_not_earlier},
                        Fork{"entries 5 and 6 swapped", {1, 2, 3, 4, 6, 5, 7, 8, 9, 10}, 5, TranscriptError::seen_not_earlier}}) {
    auto forked = t.lobby.fork(f.order);
    auto live = lobby::Transcript::start(t.lobby.log().lobby_key, forked.front());
    ASSERT_TRUE(live.ok());
    std::size_t i = 1;
    for (; i < forked.size(); ++i) {
      auto appended = live->append(forked[i]);
      if (!appended) {
        EXPECT_EQ(appended.error(), f.error) << f.what;
        break;
      }
    }
    EXPECT_EQ(i, f.caught_at) << f.what;

    auto r = verify(GameLog{t.lobby.log().lobby_key, forked});
    EXPECT_FALSE(r.valid) << f.what;
    ASSERT_TRUE(r.fault_entry) << f.what;
    EXPECT_EQ(*r.fault_entry, f.caught_at) << f.what << ": " << r.fault;
    EXPECT_EQ(r.fault_code, LogFault::broken_chain) << f.what;
    ASSERT_TRUE(r.chain_break) << f.what;
    EXPECT_EQ(*r.chain_break, f.error) << f.what;
    EXPECT_TRUE(lobby_at_fault(*r.chain_break)) << r.fault;
  }
}

TEST(Verify, AFlippedByteAnywhereIsCaught) {
  auto t = finished_game();
  const Bytes good = encode(t.lobby.log());
  // Flip one byte in each of many places; no flipped log may verify as valid.
  for (std::size_t at = 0; at < good.size(); at += 7) {
    Bytes bad = good;
    bad[at] ^= 0x01;
    auto r = verify_bytes(bad);
    EXPECT_FALSE(r.valid) << "flipping byte " << at;
  }
}

TEST(Verify, ReportsAsTextAndJson) {
  auto t = finished_game();
  auto r = verify(t.lobby.log());
  // The text is for people: its first line says what the JSON says.
  std::string text = format_text(r, "game.plog");
  EXPECT_TRUE(text.starts_with("game.plog: valid chess game, 11 entries\n")) << text;
  auto json = nlohmann::json::parse(format_json(r, "game.plog"));
  EXPECT_EQ(json["file"], "game.plog");
  EXPECT_EQ(json["valid"], true);
  EXPECT_EQ(json["game"], "chess");
  EXPECT_EQ(json["entries"], 11);
  EXPECT_EQ(json["fault"], nullptr);
  EXPECT_EQ(json["fault_code"], nullptr);
  EXPECT_EQ(json["seats"][0]["verdict"], "honest");
  EXPECT_EQ(json["result"]["winner"], 1);
  EXPECT_EQ(json["result"]["reason"], describe(Termination::checkmate));
  // An incomplete log: the fault's code.
  GameLog cut = t.lobby.log();
  cut.entries.pop_back();
  json = nlohmann::json::parse(format_json(verify(cut), "cut.plog"));
  EXPECT_EQ(json["valid"], false);
  EXPECT_EQ(json["fault_code"], "incomplete");
  EXPECT_EQ(json["fault_entry"], 9);
}

// A seat's display name is its own signed text, which no lobby sanitised: the report, the PGN
// and `log show` carry it without what a terminal would obey or what would disguise it.
TEST(Verify, ASeatsDisplayNameIsShownSanitised) {
  testing::Table t;
  const std::string hostile = "Ann\x1b[2J\u202Eeve\x07";
  t.post(Seat{0}, *t.locals[0].duty(*t.session, hostile));
  t.post(Seat{1}, *t.locals[1].duty(*t.session, std::string(" \t\x1b")));  // nothing visible
  for (auto& l : t.locals) t.post(l.seat(), *l.duty(*t.session, {}));
  const auto report = verify(t.lobby.log());
  EXPECT_EQ(report.seats[0].name, "Ann[2Jeve");
  EXPECT_EQ(report.seats[1].name, "");
  EXPECT_EQ(shown_name(t.session->seat(Seat{0})), "Ann[2Jeve");
  EXPECT_EQ(shown_name(t.session->seat(Seat{1})), std::nullopt);
  EXPECT_EQ(shown_name(SeatRecord{}), std::nullopt);
  for (const std::string& text : {format_text(report, "game.plog"), format_text(describe_log(t.lobby.log()), "game.plog")})
    for (char c : text) EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 0x20) << text;
}


// Trust roots (docs/sessions.md, "Trust roots"). A seat that holds its own key cuts the log in
// mid-game, while the other seat is to move, and signs as "the lobby" with a key made up on the
// spot: the same entries (the chain hashes cover no lobby signature, so the seats' envelopes
// still fit), then three presence entries 60 s apart, then its own signed result. The log is
// internally consistent — a time forfeit — and only the lobby's key tells it from the real one's.
TEST(Trust, AForgedTimeForfeitUnderAMadeUpLobbyKeyIsNotValidWithTheRealLobbyPinned) {
  RoomOptions clock;
  clock.clock_base_ms = 60'000;
  testing::Table real(clock);
  real.start_play();
  for (auto san : {"e4", "e5", "Nf3"}) {
    Move m = *parse_san(real.chess().position(), san);
    Seat s = seat_of(real.chess().position().side_to_move());
    real.lobby.advance(1'000);
    real.post(s, real.chess_action({Action::Kind::move, s, m, 0}));
  }
  const std::vector<lobby::SignedEntry>& honest = real.lobby.entries();  // Black to move

  testing::FakeLobby forger(2, clock, "chess", 0xBB);
  Session replayed = Session::start(forger.genesis(), forger.now()).value();
  for (std::size_t i = 1; i < honest.size(); ++i) {
    forger.advance(honest[i].entry.lobby_time_ms - forger.now());
    replayed.apply(forger.replay(honest[i]));
  }
  for (int i = 0; i < 3; ++i) {
    forger.advance(60'000);
    replayed.apply(forger.presence(Seat{1}, lobby::PresenceEvent::disconnected));
  }
  // Black's flag has fallen; White signs the result if the game still asks for it.
  ASSERT_GE(replayed.phase(), Phase::finishing);
  if (replayed.phase() == Phase::finishing) replayed.apply(forger.post(Seat{0}, *real.locals[0].duty(replayed, {})));
  const GameLog forged = forger.log();
  ASSERT_NE(forged.lobby_key, real.lobby.log().lobby_key);

  // Judged on its own, the forgery holds: White wins on time.
  const VerifyReport alone = verify(forged);
  ASSERT_TRUE(alone.valid) << alone.fault;
  ASSERT_TRUE(alone.outcome && alone.outcome->winner);
  EXPECT_EQ(alone.outcome->winner->index, 0);
  EXPECT_EQ(alone.seats[1].kind, SeatVerdict::Kind::timed_out);

  // With the real lobby pinned it is not valid, and says whose key stamped it.
  const TrustRoots real_pinned{{pin_of(real.lobby.log().lobby_key)}, {}, false};
  VerifyReport pinned = alone;
  apply_trust(pinned, real_pinned);
  EXPECT_FALSE(pinned.valid);
  EXPECT_EQ(pinned.fault_code, LogFault::wrong_lobby);
  EXPECT_EQ(pinned.lobby_trust, LobbyTrust::wrong_lobby);
  auto json = nlohmann::json::parse(format_json(pinned, "forged.plog"));
  EXPECT_EQ(json["valid"], false);
  EXPECT_EQ(json["fault_code"], "wrong_lobby");
  EXPECT_EQ(json["lobby_trusted"], false);
  EXPECT_EQ(json["lobby_fingerprint"], crypto::fingerprint(forged.lobby_key));
  EXPECT_EQ(json["seats"][0]["fingerprint"], crypto::fingerprint(forger.seat_identity(Seat{0}).public_key()));
  // Pinned by its fingerprint alone, the same.
  VerifyReport by_fingerprint = alone;
  apply_trust(by_fingerprint, TrustRoots{{*parse_pin(crypto::fingerprint(real.lobby.log().lobby_key))}, {}, false});
  EXPECT_EQ(by_fingerprint.fault_code, LogFault::wrong_lobby);
  // Nothing pinned and nothing trusted: "lobby not pinned".
  VerifyReport unpinned = alone;
  apply_trust(unpinned, TrustRoots{});
  EXPECT_FALSE(unpinned.valid);
  EXPECT_EQ(unpinned.fault_code, LogFault::lobby_not_pinned);
  EXPECT_EQ(nlohmann::json::parse(format_json(unpinned, "f"))["lobby_trust"], "not_pinned");
  // --any-lobby: internal consistency only, said as such.
  VerifyReport any = alone;
  apply_trust(any, TrustRoots{{}, {}, true});
  EXPECT_TRUE(any.valid);
  EXPECT_EQ(any.lobby_trust, LobbyTrust::unchecked);
  EXPECT_EQ(nlohmann::json::parse(format_json(any, "f"))["lobby_trusted"], false);
  // The honest game's log, with its lobby pinned or trusted, is valid.
  auto finished = finished_game();
  for (const TrustRoots& roots : {TrustRoots{{pin_of(finished.lobby.log().lobby_key)}, {}, false},
                                  TrustRoots{{}, {pin_of(finished.lobby.log().lobby_key)}, false}}) {
    VerifyReport honest_report = verify(finished.lobby.log());
    apply_trust(honest_report, roots);
    EXPECT_TRUE(honest_report.valid) << honest_report.fault;
    EXPECT_TRUE(vouched(*honest_report.lobby_trust));
  }
}

// "The lobby signed it" only of a lobby the person vouches for; otherwise the words name whoever
// signed the log as the lobby. The code is the same either way.
TEST(Trust, BlameWordsFollowTheTrust) {
  auto t = finished_game();
  const auto forked = t.lobby.fork({2, 1, 3, 4, 5, 6, 7, 8, 9, 10});
  GameLog log{t.lobby.log().lobby_key, forked};
  VerifyReport unvouched = verify(log);
  ASSERT_EQ(unvouched.fault_code, LogFault::broken_chain);
  ASSERT_TRUE(unvouched.chain_break && lobby_at_fault(*unvouched.chain_break)) << unvouched.fault;
  EXPECT_EQ(unvouched.fault.find("the lobby signed it"), std::string::npos) << unvouched.fault;
  VerifyReport vouched_for = unvouched;
  apply_trust(vouched_for, TrustRoots{{pin_of(log.lobby_key)}, {}, false});
  EXPECT_EQ(vouched_for.fault_code, LogFault::broken_chain);
  EXPECT_NE(vouched_for.fault.find("the lobby signed it"), std::string::npos) << vouched_for.fault;
  VerifyReport other = unvouched;
  apply_trust(other, TrustRoots{{pin_of(testing::identity_from(0xBB).public_key())}, {}, false});
  EXPECT_EQ(other.fault_code, LogFault::broken_chain);  // the log's own fault comes first
  EXPECT_EQ(other.lobby_trust, LobbyTrust::wrong_lobby);
  EXPECT_EQ(other.fault, unvouched.fault);
}

TEST(Trust, PinsParseAsKeysOrFingerprintsOnly) {
  const auto key = testing::identity_from(0x33).public_key();
  const auto by_hex = parse_pin(crypto::to_hex(key.bytes()));
  ASSERT_TRUE(by_hex);
  EXPECT_EQ(by_hex->key, key);
  EXPECT_TRUE(by_hex->matches(key));
  const auto by_fingerprint = parse_pin(crypto::fingerprint(key));
  ASSERT_TRUE(by_fingerprint);
  EXPECT_FALSE(by_fingerprint->key);
  EXPECT_TRUE(by_fingerprint->matches(key));
  EXPECT_FALSE(by_fingerprint->matches(testing::identity_from(0x34).public_key()));
  for (const std::string& bad : std::vector<std::string>{"", "abcd", "ABCD-EFGH-IJKL-MNOP", "abcd-efgh-ijkl-mno1", "abcd_efgh_ijkl_mnop",
                               "zz" + std::string(62, '0')})
    EXPECT_FALSE(parse_pin(bad)) << bad;
}

}  // namespace
}  // namespace parley::peer
