// The event's signed documents: canonical round trips, signatures that break when a byte
// changes, typed decode errors, and the semantic checks against the event.
#include <gtest/gtest.h>

#include "event/event.hpp"
#include "event/limits.hpp"
#include "event/manifest.hpp"
#include "event/pairings.hpp"
#include "event/registration.hpp"
#include "event/results.hpp"
#include "tests/event/fixtures.hpp"

namespace parley::event {
namespace {

using testing::make_event;
using testing::organizer;
using testing::player_key;

Pairings two_board_pairings(const Event& e) {
  Pairings p;
  p.event_id = event_id(e);
  p.event_digest = event_digest(e);
  p.round = 1;
  p.published_ms = 1'700'000'100'000;
  p.deadline_ms = p.published_ms + e.deadline_ms;
  p.clock = e.clock;
  p.boards.push_back(Board{{e.roster[0].key, e.roster[3].key}});
  p.boards.push_back(Board{{e.roster[2].key, e.roster[1].key}});
  p.byes.push_back(e.roster[4].key);
  return p;
}

TEST(EventDocument, RoundTripsCanonicallyAndVerifies) {
  Event e = make_event(5, GameKind::chess, PairingSystem::swiss, 5, {2100, 1900});
  SignedEvent s = sign_event(organizer(), e);
  EXPECT_TRUE(verify_event(s));
  Bytes bytes = encode(s);
  auto back = decode_event(bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, s);
  EXPECT_EQ(encode(*back), bytes);
  EXPECT_FALSE(check_event(e).has_value());
}

TEST(EventDocument, AnyChangedByteBreaksTheSignatureOrTheDecoding) {
  SignedEvent s = sign_event(organizer(), make_event(3));
  const Bytes bytes = encode(s);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    Bytes changed = bytes;
    changed[i] ^= 0x01;
    auto d = decode_event(changed);
    if (d.ok()) {
      EXPECT_FALSE(verify_event(*d)) << "byte " << i;
    }
  }
}

TEST(EventDocument, TheEventIdSurvivesRegistrationsTheDigestDoesNot) {
  Event e = make_event(3);
  Event more = make_event(4);
  EXPECT_EQ(event_id(e), event_id(more));
  EXPECT_NE(event_digest(e), event_digest(more));
  Event other = e;
  other.created_ms += 1;
  EXPECT_NE(event_id(e), event_id(other));
}

TEST(EventDocument, DecodingGivesTypedErrors) {
  const Bytes bytes = encode(sign_event(organizer(), make_event(3)));
  EXPECT_EQ(decode_event(std::span(bytes).first(bytes.size() - 1)).error(), WireError::truncated);
  Bytes longer = bytes;
  longer.push_back(0);
  EXPECT_EQ(decode_event(longer).error(), WireError::trailing_bytes);
  Bytes wrong = bytes;
  wrong[0] = static_cast<std::uint8_t>(WireTag::pairings);
  EXPECT_EQ(decode_event(wrong).error(), WireError::wrong_kind);
  Bytes version = bytes;
  version[1] = 2;
  EXPECT_EQ(decode_event(version).error(), WireError::unsupported_version);
  // The game byte follows the header and the u32-prefixed name.
  Bytes game = bytes;
  const std::size_t game_at = 2 + 4 + make_event(3).name.size();
  game[game_at] = 9;
  EXPECT_EQ(decode_event(game).error(), WireError::bad_value);
}

TEST(EventDocument, RefusesNamesThatAreNotInSanitisedForm) {
  Event e = make_event(2);
  e.roster[1].name = "P2\x1b[31m";
  const Bytes bytes = encode(sign_event(organizer(), e));
  EXPECT_EQ(decode_event(bytes).error(), WireError::bad_value);
  EXPECT_EQ(check_event(e), (EventCheck{EventProblem::bad_player_name, 1}));
  e.roster[1].name = "  P2";
  EXPECT_EQ(check_event(e), (EventCheck{EventProblem::bad_player_name, 1}));
}

TEST(EventDocument, RefusesAnInvalidKey) {
  Bytes bytes = encode(sign_event(organizer(), make_event(2)));
  // The organizer's key sits 32 bytes before the roster count, which precedes the roster.
  Event e = make_event(2);
  Bytes body = event_bytes(e);
  Bytes org(e.organizer.bytes().begin(), e.organizer.bytes().end());
  auto at = std::search(bytes.begin(), bytes.end(), org.begin(), org.end());
  ASSERT_NE(at, bytes.end());
  std::fill(at, at + 32, 0xff);  // y = 2^255 - 1 is not canonical
  EXPECT_EQ(decode_event(bytes).error(), WireError::invalid_key);
}

TEST(EventDocument, ChecksTheRulesAnEncodingCannotCarry) {
  Event e = make_event(4);
  EXPECT_FALSE(check_event(e));
  Event dup = e;
  dup.roster[3].key = dup.roster[1].key;
  EXPECT_EQ(check_event(dup), (EventCheck{EventProblem::duplicate_player_key, 3}));
  Event nolobby = e;
  nolobby.lobby_keys.clear();
  EXPECT_EQ(check_event(nolobby)->problem, EventProblem::no_lobby_key);
  Event twice = e;
  twice.lobby_keys.push_back(twice.lobby_keys.front());
  EXPECT_EQ(check_event(twice)->problem, EventProblem::duplicate_lobby_key);
  Event risiko = make_event(9, GameKind::risiko);
  EXPECT_FALSE(check_event(risiko));
  risiko.table_size = 7;
  EXPECT_EQ(check_event(risiko)->problem, EventProblem::bad_table_size);
  Event rr = make_event(9, GameKind::risiko, PairingSystem::round_robin);
  EXPECT_EQ(check_event(rr)->problem, EventProblem::bad_system);
  Event rounds = e;
  rounds.rounds = 0;
  EXPECT_EQ(check_event(rounds)->problem, EventProblem::bad_rounds);
  Event rating = e;
  rating.roster[2].rating = kMaxRating + 1;
  EXPECT_EQ(check_event(rating), (EventCheck{EventProblem::bad_rating, 2}));
}

TEST(Registration, APlayersRequestIsTheirConsentInTheRoster) {
  Event e = make_event(2);
  const crypto::Identity player = testing::identity(40);
  RegistrationRequest request = make_registration(player, event_id(e), "Ada Lovelace");
  EXPECT_TRUE(verify_registration(request));
  const Bytes bytes = encode(request);
  auto back = decode_registration(bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, request);
  e.roster.push_back(accept_registration(*back, 1850));
  EXPECT_FALSE(check_event(e));
  EXPECT_TRUE(verify_consent(event_id(e), e.roster.back()));
  // The same consent under another name, or for another event, does not verify.
  Event renamed = e;
  renamed.roster.back().name = "Someone Else";
  EXPECT_EQ(check_event(renamed), (EventCheck{EventProblem::bad_consent, 2}));
  Event other = e;
  other.created_ms += 1;
  EXPECT_EQ(check_event(other), (EventCheck{EventProblem::bad_consent, 2}));
  // A request signed by another key than the one it names fails.
  RegistrationRequest forged = request;
  forged.key = player_key(7);
  EXPECT_FALSE(verify_registration(forged));
}

TEST(PairingsDocument, RoundTripsAndChecksAgainstTheEvent) {
  const Event e = make_event(5);
  const Pairings p = two_board_pairings(e);
  EXPECT_FALSE(check_pairings(e, p));
  SignedPairings s = sign_pairings(organizer(), p);
  EXPECT_TRUE(verify_pairings(e.organizer, s));
  EXPECT_FALSE(verify_pairings(player_key(0), s));
  const Bytes bytes = encode(s);
  auto back = decode_pairings(bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, s);
  EXPECT_EQ(encode(*back), bytes);

  Pairings missing = p;
  missing.byes.clear();
  EXPECT_EQ(check_pairings(e, missing), PairingsProblem::player_missing);
  Pairings twice = p;
  twice.not_paired.push_back(e.roster[0].key);
  EXPECT_EQ(check_pairings(e, twice), PairingsProblem::player_twice);
  Pairings stranger = p;
  stranger.boards[0].seats[1] = player_key(99);
  EXPECT_EQ(check_pairings(e, stranger), PairingsProblem::unknown_player);
  Pairings old = p;
  old.event_digest = event_digest(make_event(4));
  EXPECT_EQ(check_pairings(e, old), PairingsProblem::wrong_event);
  Pairings clock = p;
  clock.clock.increment_ms = 0;
  EXPECT_EQ(check_pairings(e, clock), PairingsProblem::wrong_clock);
  Pairings late = p;
  late.deadline_ms += 1;
  EXPECT_EQ(check_pairings(e, late), PairingsProblem::wrong_deadline);
  Pairings three = p;
  three.boards[0].seats.push_back(e.roster[4].key);
  three.byes.clear();
  EXPECT_EQ(check_pairings(e, three), PairingsProblem::bad_board_size);
  Pairings beyond = p;
  beyond.round = 6;
  EXPECT_EQ(check_pairings(e, beyond), PairingsProblem::bad_round);
}

TEST(PairingsDocument, BoardRoomsRoundTrip) {
  const Event e = make_event(5);
  const Pairings p = two_board_pairings(e);
  BoardRoom room = board_room(p, 1);
  EXPECT_EQ(room.board, 2);
  EXPECT_EQ(room.round, 1);
  EXPECT_EQ(room.clock, e.clock);
  auto back = decode_board_room(encode(room));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, room);
  Bytes zero = encode(room);
  zero[2 + 32 + 2] = 0;  // board 0
  zero[2 + 32 + 3] = 0;
  EXPECT_EQ(decode_board_room(zero).error(), WireError::bad_value);
}

TEST(ResultsDocument, RoundTripsScoresAndChecks) {
  const Event e = make_event(5);
  const Pairings p = two_board_pairings(e);
  Results r;
  r.event_id = p.event_id;
  r.round = 1;
  BoardResult played;
  played.winner = 1;
  played.log_digest = file_digest(Bytes{1, 2, 3});
  BoardResult forfeit;
  forfeit.kind = BoardResult::Kind::forfeit;
  forfeit.present = 0b01;
  r.boards = {played, forfeit};
  EXPECT_FALSE(check_results(p, r));
  SignedResults s = sign_results(organizer(), r);
  EXPECT_TRUE(verify_results(e.organizer, s));
  const Bytes bytes = encode(s);
  auto back = decode_results(bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, s);
  EXPECT_EQ(seat_points(played, 2), (std::vector<Points>{0, 2}));
  EXPECT_EQ(seat_points(forfeit, 2), (std::vector<Points>{2, 0}));
  BoardResult draw;
  EXPECT_EQ(seat_points(draw, 2), (std::vector<Points>{1, 1}));
  BoardResult nobody;
  nobody.kind = BoardResult::Kind::forfeit;
  EXPECT_EQ(seat_points(nobody, 2), (std::vector<Points>{0, 0}));

  Results short_r = r;
  short_r.boards.pop_back();
  EXPECT_EQ(check_results(p, short_r)->problem, ResultsProblem::board_count);
  Results winner = r;
  winner.boards[0].winner = 2;
  EXPECT_EQ(check_results(p, winner), (ResultsCheck{ResultsProblem::bad_winner, 0}));
  Results all = r;
  all.boards[1].present = 0b11;
  EXPECT_EQ(check_results(p, all), (ResultsCheck{ResultsProblem::bad_presence, 1}));
  Results round = r;
  round.round = 2;
  EXPECT_EQ(check_results(p, round)->problem, ResultsProblem::wrong_event);
}

TEST(ResultsDocument, AGameCountsOnlyOnItsBoardUnderAPinnedLobby) {
  const Event e = make_event(5);
  const Pairings p = two_board_pairings(e);
  GameFacts g;
  g.lobby_key = testing::lobby().public_key();
  g.seat_keys = p.boards[1].seats;
  g.room = board_room(p, 1);
  g.winner = 0;
  g.end_ms = p.published_ms + 1000;
  EXPECT_FALSE(check_game(e, p, 1, g));
  EXPECT_EQ(result_of(g).winner, 0);

  GameFacts made_up = g;
  made_up.lobby_key = testing::identity(66).public_key();
  EXPECT_EQ(check_game(e, p, 1, made_up), GameProblem::lobby_not_pinned);
  GameFacts swapped = g;
  std::swap(swapped.seat_keys[0], swapped.seat_keys[1]);
  EXPECT_EQ(check_game(e, p, 1, swapped), GameProblem::wrong_seats);
  EXPECT_EQ(check_game(e, p, 0, g), GameProblem::wrong_board);
  GameFacts other = g;
  other.room->event_id[0] ^= 1;
  EXPECT_EQ(check_game(e, p, 1, other), GameProblem::not_in_event);
  GameFacts unnamed = g;
  unnamed.room.reset();
  EXPECT_EQ(check_game(e, p, 1, unnamed), GameProblem::not_in_event);
  GameFacts round = g;
  round.room->round = 2;
  EXPECT_EQ(check_game(e, p, 1, round), GameProblem::wrong_round);
  GameFacts clock = g;
  clock.room->clock.base_ms = 60'000;
  EXPECT_EQ(check_game(e, p, 1, clock), GameProblem::wrong_clock);
  GameFacts late = g;
  late.end_ms = p.deadline_ms + 1;
  EXPECT_EQ(check_game(e, p, 1, late), GameProblem::after_deadline);
}

TEST(ManifestDocument, RoundTripsSortedAndRefusesUnsafeNames) {
  const Event e = make_event(2);
  Manifest m = make_manifest(event_id(e), {{"round-1.pairings", file_digest(Bytes{1})},
                                           {"event.pevent", file_digest(Bytes{2})},
                                           {"r1-b1.plog", file_digest(Bytes{3})}});
  EXPECT_EQ(m.files.front().file, "event.pevent");
  SignedManifest s = sign_manifest(organizer(), m);
  EXPECT_TRUE(verify_manifest(e.organizer, s));
  Bytes bytes = encode(s);
  auto back = decode_manifest(bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, s);

  EXPECT_TRUE(is_bundle_file_name("round-1.results"));
  for (const char* bad : {"", ".hidden", "../x", "a/b", "a b", "naïve"}) EXPECT_FALSE(is_bundle_file_name(bad)) << bad;

  // Out of order or repeated names do not decode.
  SignedManifest unsorted = s;
  std::swap(unsorted.manifest.files[0], unsorted.manifest.files[1]);
  EXPECT_EQ(decode_manifest(encode(unsorted)).error(), WireError::bad_value);
  SignedManifest repeated = s;
  repeated.manifest.files[1].file = repeated.manifest.files[0].file;
  EXPECT_EQ(decode_manifest(encode(repeated)).error(), WireError::bad_value);
  SignedManifest escaping = s;
  escaping.manifest.files[0].file = "..";
  EXPECT_EQ(decode_manifest(encode(escaping)).error(), WireError::bad_value);
}

TEST(ManifestDocument, FileDigestsAreLabelled) {
  const Bytes content{'a', 'b', 'c'};
  crypto::HashInput plain(crypto::DomainLabel("bundle-file"));
  plain.bytes(content);
  EXPECT_EQ(file_digest(content), crypto::blake2b_256(plain));
  EXPECT_NE(file_digest(content), file_digest(Bytes{'a', 'b'}));
}

}  // namespace
}  // namespace parley::event
