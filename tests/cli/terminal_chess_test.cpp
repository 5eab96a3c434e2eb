// A person playing chess at a terminal (games/chess/terminal/terminal_chess) against moves the
// test posts over the fake lobby: typed lines through a pipe, what the terminal printed read back.
#include "games/chess/terminal/terminal_chess.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "game/chess/notation.hpp"
#include "tests/cli/typed_terminal.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace parley::cli {
namespace {

using namespace game::chess;
using peer::testing::Table;

constexpr game::Seat kWhite{0};
constexpr game::Seat kBlack{1};

struct ChessTerminal : testing::TypedTerminal {
  ChessTerminal() {
    player.emplace(keyboard(), screen());
    table.start_play();
  }
  // Types a line and asks the player once, as the runner does; posts what it answers. Returns
  // what the terminal printed meanwhile.
  std::string type(const std::string& line) {
    type_line(line);
    if (auto message = player->act(*table.session, kWhite))
      table.post(kWhite, peer::ActionMessage{table.session->state_hash(), *message});
    return printed();
  }
  void black(const char* san) {
    const Move m = *parse_san(table.chess().position(), san);
    table.post(kBlack, table.chess_action({Action::Kind::move, kBlack, m, 0}));
  }

  Table table;
  std::optional<TerminalChessPlayer> player;
};

TEST(TerminalChess, AMoveTypedAheadOfTheTurnIsRefusedNotPostedAndBlamed) {
  ChessTerminal t;
  t.type("e4");
  ASSERT_EQ(t.table.chess().moves().size(), 1u);
  // Typed while Black is to move, "e5" reads as Black's move in the position on the board: the
  // rules refuse it to White here, and nothing is posted (posted, it would be blamed).
  const std::string ahead = t.type("e5");
  EXPECT_NE(ahead.find("refused: e7e5"), std::string::npos) << ahead;
  EXPECT_EQ(t.table.chess().moves().size(), 1u);
  t.black("e5");
  t.type("Nf3");
  EXPECT_EQ(t.table.chess().moves().size(), 3u);
  // A take-back without a count asks for what makes it White's turn again: one half-move.
  t.type("undo");
  ASSERT_TRUE(t.table.chess().takeback_request());
  EXPECT_EQ(t.table.chess().takeback_request()->count, 1u);
  EXPECT_NE(t.type("accept").find("refused: "), std::string::npos);  // one's own request
  EXPECT_NE(t.type("Qxf7").find("not a legal move: Qxf7"), std::string::npos);
  for (const auto& e : t.table.session->events()) EXPECT_NE(e.kind, peer::SessionEvent::Kind::blame) << e.text;
  t.type("resign");
  ASSERT_TRUE(t.table.session->outcome());
  EXPECT_EQ(t.table.session->outcome()->winner, kBlack);
}

// The prompt says what is asked and not yet answered, by either side: a terminal has no panel.
TEST(TerminalChess, ThePromptSaysWhatIsAskedAndNotYetAnswered) {
  ChessTerminal t;
  t.type("e4");
  t.black("e5");
  t.table.post(kBlack, t.table.chess_action({Action::Kind::offer_draw, kBlack, Move::none(), 0}));
  EXPECT_NE(t.type("help").find("your move (a draw is offered: accept or decline)> "), std::string::npos);
  t.type("decline");
  ASSERT_FALSE(t.table.chess().draw_offered_by());
  t.type("draw");
  ASSERT_EQ(t.table.chess().draw_offered_by(), Color::white);
  EXPECT_NE(t.type("help").find("your move (your draw offer stands)> "), std::string::npos);
  t.type("Nf3");
  t.black("Nc6");  // declines it
  t.table.post(kBlack, t.table.chess_action({Action::Kind::request_takeback, kBlack, Move::none(), 2}));
  const std::string asked = t.type("help");
  EXPECT_NE(asked.find("your move (take back 2 half-moves? accept or decline)> "), std::string::npos) << asked;
  EXPECT_EQ(asked.find("draw offer"), std::string::npos) << asked;
}

// Two draw offers that cross: White's, typed before Black's offer reached the terminal, is
// ignored as late, and the terminal says so.
TEST(TerminalChess, AnOfferThatCrossedTheOpponentsIsSaidToBeTooLate) {
  ChessTerminal t;
  t.type("e4");
  t.black("e5");
  const lobby::EntryIndex seen{t.table.lobby.entries().size() - 1};
  const crypto::Digest hash = t.table.session->state_hash();
  t.type_line("draw");
  auto offer = t.player->act(*t.table.session, kWhite);
  ASSERT_TRUE(offer);
  t.table.post(kBlack, t.table.chess_action({Action::Kind::offer_draw, kBlack, Move::none(), 0}));
  t.table.post(kWhite, peer::ActionMessage{hash, *offer}, seen);
  t.player->observe(*t.table.session, t.table.session->events().back());
  const peer::SessionEvent& late = t.table.session->events().back();
  EXPECT_EQ(late.ignored, peer::Ignored::late_action);
  EXPECT_EQ(late.refusal, peer::RefusalCode(peer::ChessRefusal::crossed_action));
  ASSERT_TRUE(peer::late_reason(late));
  // The words for the person: who, that it came too late, and the session's reason.
  const std::string said = t.printed();
  EXPECT_NE(said.find("White: too late, not applied: " + std::string(*peer::late_reason(late))), std::string::npos)
      << said;
  EXPECT_FALSE(t.table.session->seat(kWhite).blame);
}

}  // namespace
}  // namespace parley::cli
