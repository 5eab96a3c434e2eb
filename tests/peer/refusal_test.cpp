// Every refusal code of every game has a stable name of its own and words for people with a
// place for each particular; a refused message reaches the session's blame, the verifier's
// report and its JSON with its code.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

#include "game/chess/notation.hpp"
#include "peer/log/verify.hpp"
#include "peer/session/chess_refusal.hpp"
#include "peer/session/gunjin_refusal.hpp"
#include "peer/session/risiko_refusal.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace parley::peer {
namespace {

// Each of the codes 0..last of one enum is in the table.
template <class E>
void expect_every_code(std::span<const RefusalWords> table, E last) {
  for (std::size_t i = 0; i <= static_cast<std::size_t>(last); ++i) {
    const RefusalCode code(static_cast<E>(i));
    EXPECT_TRUE(std::any_of(table.begin(), table.end(), [&](const RefusalWords& w) { return w.code == code; }))
        << ::testing::PrintToString(code);
  }
}

// Names unique and in one piece; every particular lands in the words, in order.
void expect_named_and_worded(std::span<const RefusalWords> table, std::string (*describe)(const Rejection&),
                             std::string_view (*name)(RefusalCode), bool kind_first = false) {
  std::set<std::string_view> names;
  std::set<RefusalCode, bool (*)(RefusalCode, RefusalCode)> codes(
      [](RefusalCode a, RefusalCode b) { return std::pair(a.source, a.value) < std::pair(b.source, b.value); });
  for (const RefusalWords& w : table) {
    EXPECT_TRUE(codes.insert(w.code).second) << "listed twice: " << w.name;
    EXPECT_TRUE(names.insert(w.name).second) << "two codes named " << w.name;
    EXPECT_EQ(w.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz_."), std::string_view::npos) << w.name;
    EXPECT_EQ(name(w.code), w.name);
    Rejection r{w.code};
    std::size_t places = 0;
    for (auto at = w.words.find("{}"); at != std::string_view::npos; at = w.words.find("{}", at + 2)) ++places;
    const bool named_kind = kind_first && w.code != Refusal::malformed && w.code != Refusal::game_over &&
                            w.code != Refusal::not_begun && w.code != Refusal::seat_left &&
                            w.code != Refusal::no_setup_data && w.code != Refusal::nothing_to_reveal;
    if (named_kind) r.detail.push_back("<kind>");
    for (std::size_t i = 0; i < places; ++i) r.detail.push_back("<" + std::to_string(i) + ">");
    const std::string text = describe(r);
    EXPECT_FALSE(text.empty()) << w.name;
    std::size_t from = 0;
    for (const std::string& p : r.detail) {
      from = text.find(p, from);
      EXPECT_NE(from, std::string::npos) << w.name << ": " << p << " missing from " << text;
    }
  }
}

TEST(Refusals, EveryChessCodeHasItsNameAndWords) {
  const auto table = chess_refusal_words();
  expect_every_code(table, game::chess::Illegal::not_a_seat);
  expect_every_code(table, ChessRefusal::newer_takeback);
  expect_named_and_worded(table, describe_chess_refusal, chess_refusal_name);
}

TEST(Refusals, EveryGunjinCodeHasItsNameAndWords) {
  const auto table = gunjin_refusal_words();
  expect_every_code(table, game::gunjin::Error::no_draw_offer_to_accept);
  expect_every_code(table, GunjinRefusal::false_have_move);
  expect_named_and_worded(table, describe_gunjin_refusal, gunjin_refusal_name);
}

TEST(Refusals, EveryRisikoCodeHasItsNameAndWords) {
  const auto table = risiko::risiko_refusal_words();
  expect_every_code(table, game::risiko::Error::mission_not_fulfilled);
  expect_every_code(table, risiko::RisikoRefusal::dispute_wrong_count);
  expect_named_and_worded(table, risiko::describe_risiko_refusal, risiko::risiko_refusal_name, true);
}

TEST(Refusals, CodesOfDifferentSourcesDiffer) {
  EXPECT_NE(RefusalCode(game::chess::Illegal::game_over), RefusalCode(Refusal::malformed));
  EXPECT_NE(RefusalCode(ChessRefusal::crossed_action), RefusalCode(game::chess::Illegal::game_over));
  EXPECT_EQ(RefusalCode(ChessRefusal::position_changed).source, RefusalSource::game);
  EXPECT_EQ(RefusalCode(game::gunjin::Error::unreachable).source, RefusalSource::engine);
}

// An illegal move: the session blames it with the engine's code, and `parley verify` reports the
// offence and the code by name.
TEST(Refusals, AnIllegalMoveReachesTheVerifiersJsonWithItsCode) {
  using namespace game::chess;
  testing::Table t;
  t.start_play();
  t.post(Seat{0}, t.chess_action({Action::Kind::move, Seat{0}, *parse_san(t.chess().position(), "e4"), 0}));
  // Black moves a white pawn.
  t.post(Seat{1}, t.chess_action({Action::Kind::move, Seat{1}, Move(Square::at(3, 1), Square::at(3, 3)), 0}));
  const auto& blame = t.session->seat(Seat{1}).blame;
  ASSERT_TRUE(blame);
  EXPECT_EQ(testing::refusal_of(blame), RefusalCode(Illegal::illegal_move));
  EXPECT_EQ(t.session->events().back().kind, SessionEvent::Kind::outcome);
  const auto blamed = std::find_if(t.session->events().begin(), t.session->events().end(),
                                   [](const SessionEvent& e) { return e.kind == SessionEvent::Kind::blame; });
  ASSERT_NE(blamed, t.session->events().end());
  EXPECT_EQ(blamed->offence, Offence::illegal_action);
  EXPECT_EQ(blamed->refusal, RefusalCode(Illegal::illegal_move));
  for (auto& l : t.locals)
    if (auto duty = l.duty(*t.session, {})) t.post(l.seat(), *duty);

  const VerifyReport report = verify(t.lobby.log());
  ASSERT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.seats[1].offence, Offence::illegal_action);
  EXPECT_EQ(report.seats[1].refusal, RefusalCode(Illegal::illegal_move));
  EXPECT_EQ(report.seats[1].code, "engine.illegal_move");
  const auto json = nlohmann::json::parse(format_json(report, "game.plog"));
  EXPECT_EQ(json["fault_code"], nullptr);
  EXPECT_EQ(json["seats"][1]["verdict"], "blamed");
  EXPECT_EQ(json["seats"][1]["offence"], "illegal_action");
  EXPECT_EQ(json["seats"][1]["code"], "engine.illegal_move");
  EXPECT_EQ(json["seats"][0]["offence"], nullptr);
  EXPECT_EQ(json["seats"][0]["code"], nullptr);
}

// A blame the rules have no part in (a desync) has its offence and no refusal code.
TEST(Refusals, ABlameOutsideTheRulesHasNoRefusalCode) {
  using namespace game::chess;
  testing::Table t;
  t.start_play();
  ActionMessage m = t.chess_action({Action::Kind::move, Seat{0}, *parse_san(t.chess().position(), "e4"), 0});
  m.state_hash[0] ^= 1;
  t.post(Seat{0}, m);
  for (auto& l : t.locals)
    if (auto duty = l.duty(*t.session, {})) t.post(l.seat(), *duty);
  const VerifyReport report = verify(t.lobby.log());
  ASSERT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.seats[0].offence, Offence::state_hash_mismatch);
  EXPECT_FALSE(report.seats[0].refusal);
  const auto json = nlohmann::json::parse(format_json(report, "game.plog"));
  EXPECT_EQ(json["seats"][0]["offence"], "state_hash_mismatch");
  EXPECT_EQ(json["seats"][0]["code"], nullptr);
}

}  // namespace
}  // namespace parley::peer
