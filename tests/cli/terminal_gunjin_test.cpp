// A person playing Gunjin at a terminal (games/gunjin/terminal/terminal_gunjin): typed lines,
// through a pipe, play against the tracking bot over the fake lobby; what the terminal printed is
// read back. And the typed lines themselves (cli/terminal_input).
#include "games/gunjin/terminal/terminal_gunjin.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "cli/terminal_input.hpp"
#include "games/gunjin/terminal/gunjin_board_text.hpp"
#include "games/gunjin/ui/gunjin_layout_editor.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"
#include "tests/cli/typed_terminal.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"

namespace parley::cli {
namespace {

using namespace game::gunjin;
using peer::testing::GunjinTable;

using testing::kMe;
constexpr game::Seat kBot{1};

// Seat 0 typed at, seat 1 the tracking bot.
struct GunjinTerminal : testing::TypedTerminal {
  explicit GunjinTerminal(const peer::GunjinRoomOptions& options = {}) {
    auto me = std::make_unique<TerminalGunjinPlayer>(ui::sensible_layout(7), keyboard(), screen());
    player = me.get();
    table.emplace(std::move(me), peer::testing::tracking_agent(8), options);
  }
  // Types a line (none: only lets the seats go on), lets both seats answer, and returns what the
  // terminal printed meanwhile.
  std::string type(const std::string& line) {
    if (!line.empty()) type_line(line);
    table->run();
    return printed();
  }

  TerminalGunjinPlayer* player = nullptr;
  std::optional<GunjinTable> table;
};

TEST(TerminalGunjin, ShowsTheArmyTakesTypedMovesRefusesBadOnesAndResigns) {
  GunjinTerminal t;
  const std::string start = t.type("");
  // The game began (both armies proved) and the board shows this seat's army by kind.
  ASSERT_TRUE(t.player->view());
  EXPECT_NE(start.find("Your army"), std::string::npos) << start;
  EXPECT_NE(start.find(gunjin_board_text(*t.player->view(), kMe)), std::string::npos) << start;
  EXPECT_NE(start.find("your move> "), std::string::npos) << start;

  EXPECT_NE(t.type("a1 a8").find("refused: a1-a8: that piece cannot move there"), std::string::npos);
  EXPECT_NE(t.type("x9 a1").find("not a square: x9"), std::string::npos);
  EXPECT_NE(t.type("castle").find("not a move or a command: castle"), std::string::npos);
  EXPECT_NE(t.type("accept").find("refused: no draw was offered to you"), std::string::npos);
  EXPECT_NE(t.type("help").find(ui::kind_caption(Kind::general)), std::string::npos);
  EXPECT_EQ(t.player->view()->ply(), 0u);

  // A draw offered, then a legal move typed with a dash: played, and the bot answers by playing
  // on, which declines the offer.
  const std::string offered = t.type("draw");
  EXPECT_NE(offered.find("you offer a draw"), std::string::npos);
  EXPECT_NE(offered.find("your move (your draw offer stands)> "), std::string::npos) << offered;
  // Every first move is an attack (both camps are full): one the attacker wins, by the bot's
  // layout.
  const State& view = *t.player->view();
  const Layout& bot = *t.table->agent(kBot).layout();
  const auto wins = [&](const Play& m) {
    const auto defender = view.piece_at(m.to);
    if (!defender || bot[defender->slot] == Kind::flag) return false;
    std::optional<Kind> behind;
    if (const auto sq = square_behind(m.to, kBot); sq && view.piece_at(*sq)) behind = bot[view.piece_at(*sq)->slot];
    return battle(effective_kind(bot[defender->slot], behind), *view.piece(*view.piece_at(m.from)).kind, view.options()) ==
           BattleOutcome::attacker_takes;
  };
  const auto moves = peer::own_moves(view, kMe);
  const auto winning = std::find_if(moves.begin(), moves.end(), wins);
  ASSERT_NE(winning, moves.end());
  const Play move = *winning;
  const std::string typed = square_name(move.from) + "-" + square_name(move.to);
  const std::string after = t.type(typed);
  // Told as a move or as a battle (the bot may take the square back at once): both squares named.
  EXPECT_NE(after.find(square_name(move.from)), std::string::npos) << after;
  EXPECT_NE(after.find(square_name(move.to)), std::string::npos) << after;
  EXPECT_GE(t.player->view()->ply(), 2u);
  EXPECT_NE(after.find("the draw offer is off"), std::string::npos) << after;

  // Resigning ends the game, won by the bot, and the log verifies with both seats honest.
  t.type("resign");
  ASSERT_TRUE(t.table->session->outcome());
  EXPECT_EQ(t.table->session->outcome()->winner, kBot);
  const auto report = peer::verify(t.table->lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest);
}

TEST(TerminalGunjin, ABattleNamesTheOwnPieceAsTheBoardDoesNotInKanji) {
  GunjinTerminal t;
  std::string told = t.type("");
  // Attack whenever an enemy piece is in reach, else make the first legal move, until a battle
  // has been fought (the bot attacks too).
  for (int turn = 0; turn < 200 && t.player->view()->battles().empty(); ++turn) {
    const State& view = *t.player->view();
    const auto moves = peer::own_moves(view, kMe);
    ASSERT_FALSE(moves.empty());
    const auto attack = std::ranges::find_if(moves, [&](const Play& p) { return view.piece_at(p.to).has_value(); });
    const Play move = attack != moves.end() ? *attack : moves.front();
    const std::string typed = square_name(move.from) + "-" + square_name(move.to);
    t.type_line(typed);
    // This seat posts all it can before the bot answers, as when the bot's entries are still on
    // their way: an attack stands until its duel is over, and a prompt meanwhile would still say
    // "your move" for a move already made.
    while (auto message = t.table->next_of(kMe)) t.table->post(kMe, *message);
    const std::string waiting = t.printed();
    EXPECT_EQ(waiting.find("> "), std::string::npos) << waiting;
    told += waiting + t.type("");
  }
  const State& view = *t.player->view();
  ASSERT_FALSE(view.battles().empty()) << told;
  const BattleRecord& first = view.battles().front();
  const PieceId mine = first.attacker.seat == kMe ? first.attacker : first.defender;
  const Kind kind = *view.piece(mine).kind;
  const std::string line = ui::referee_announcement(first, view, kMe, kind_words);
  EXPECT_NE(told.find(line), std::string::npos) << told;
  EXPECT_NE(line.find("your " + std::string(kind_code(kind)) + " (" + std::string(english_name(kind)) + ")"),
            std::string::npos)
      << line;
  EXPECT_EQ(told.find(japanese_name(kind)), std::string::npos) << told;  // no kanji outside `help`
}

TEST(TerminalGunjin, WithOpenPiecesTheOpponentsKindsShowAndResigningEndsTheGame) {
  peer::GunjinRoomOptions open;
  open.open_pieces = true;
  GunjinTerminal t(open);
  const std::string start = t.type("");
  ASSERT_TRUE(t.player->view());
  // Every piece's kind is public: the opponent's army shows in lower case, none unknown.
  EXPECT_EQ(start.find("??"), std::string::npos) << start;
  EXPECT_NE(start.find(" gn "), std::string::npos) << start;
  const std::string resigned = t.type("resign");
  EXPECT_EQ(resigned.find("refused"), std::string::npos) << resigned;
  ASSERT_TRUE(t.table->session->outcome());
  EXPECT_EQ(t.table->session->outcome()->winner, kBot);
}

TEST(LineReader, TakesWholeLinesAsTheyArriveAndDropsOverLongOnes) {
  testing::TypedTerminal t;
  LineReader reader(t.keyboard());
  EXPECT_EQ(reader.next(), std::nullopt);  // nothing yet, and no waiting for it
  t.put("b4 ");
  EXPECT_EQ(reader.next(), std::nullopt);
  t.put("b5\nresign\n");
  EXPECT_EQ(reader.next(), "b4 b5");
  EXPECT_EQ(reader.next(), "resign");
  // A line longer than the bound, arriving in pieces without its end, is dropped whole.
  for (int i = 0; i < 3; ++i) {
    t.put(std::string(LineReader::kMaxLineBytes, 'x'));
    EXPECT_EQ(reader.next(), std::nullopt);
  }
  t.put("xxx\nhelp\n");
  EXPECT_EQ(reader.next(), "help");
  t.put(std::string(LineReader::kMaxLineBytes + 1, 'y') + "\nboard\n");
  EXPECT_EQ(reader.next(), "board");
  EXPECT_FALSE(reader.closed());
  t.put("draw");
  t.close_keyboard();
  EXPECT_EQ(reader.next(), std::nullopt);  // a last line without its newline is not a command
  EXPECT_TRUE(reader.closed());
}

TEST(TerminalGunjin, TheBoardIsSeenFromEachSeatsOwnSide) {
  auto layouts = std::array<std::optional<Layout>, kSeatCount>{ui::sensible_layout(3), std::nullopt};
  const State view = State::new_game(Options{}, layouts).value();
  const std::string seat0 = gunjin_board_text(view, kMe);
  // Seat 0: row 8 on top, its own back row (with the HQ's two cells) at the bottom.
  EXPECT_EQ(seat0.substr(0, seat0.find('\n')), "      a  b  c  d  e  f");
  EXPECT_NE(seat0.find("  8  ?? ?? ?? ?? ?? ??"), std::string::npos) << seat0;
  const std::string hq = std::string(kind_code(*view.piece(*view.piece_at(hq_of(kMe))).kind));
  EXPECT_NE(seat0.find(hq + " " + hq), std::string::npos) << seat0;
  EXPECT_NE(seat0.find("     ~~ || ~~ ~~ || ~~"), std::string::npos) << seat0;
  // Seat 1 (whose kinds this view does not know): the board turned half round.
  const std::string seat1 = gunjin_board_text(view, kBot);
  EXPECT_EQ(seat1.substr(0, seat1.find('\n')), "      f  e  d  c  b  a");
  EXPECT_NE(seat1.find("  1  "), std::string::npos);
  EXPECT_LT(seat1.find("  1  "), seat1.find("  8  "));
}

}  // namespace
}  // namespace parley::cli
