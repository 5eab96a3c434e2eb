// Logs that were tampered with after the game: each is rejected with the entry where it breaks.
#include "peer/log/verify.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "game/chess/notation.hpp"
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
  }
  auto r = verify(truncated);
  EXPECT_FALSE(r.valid);
  EXPECT_NE(r.fault.find("not complete"), std::string::npos);

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
  std::string text = format_text(r, "game.plog");
  EXPECT_NE(text.find("game.plog: valid chess game, 11 entries"), std::string::npos) << text;
  EXPECT_NE(text.find("result: seat 1 wins (checkmate)"), std::string::npos) << text;
  auto json = nlohmann::json::parse(format_json(r, "game.plog"));
  EXPECT_EQ(json["valid"], true);
  EXPECT_EQ(json["seats"][0]["verdict"], "honest");
  EXPECT_EQ(json["result"]["winner"], 1);
}

}  // namespace
}  // namespace parley::peer
