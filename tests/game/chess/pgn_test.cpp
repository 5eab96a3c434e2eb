#include "game/chess/pgn.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "game/chess/notation.hpp"

namespace parley::game::chess::pgn {
namespace {

struct ReadAll {
  std::vector<Game> games;
  std::vector<Error> errors;
};

ReadAll read_all(std::string_view text, Limits limits = {}) {
  ReadAll out;
  Reader reader(text, limits);
  while (auto g = reader.next()) {
    if (g->ok())
      out.games.push_back(g->value());
    else
      out.errors.push_back(g->error());
  }
  return out;
}

std::string write_all(const std::vector<Game>& games) {
  std::string out;
  for (const auto& g : games) out += write(g);
  return out;
}

// The original layout's example game (docs/archive.md): Walther – Tal, Munich 1958, with comments and NAGs.
const char* kTal = R"([Event "Olympic games"]
[Site "Munchen"]
[Date "1958"]
[White "Walther"]
[Black "Tal,M"]
[Result "0-1"]
[Source "Exeter Chess Club"]
[Annotator "DrDave"]

1. e4 c5 2. Ne2 Nf6 3. d3 Nc6 4. Nd2
{Natural moves in the opening}
4... d5 5. c3 dxe4 6. dxe4 g6 7. Qc2 Bg7 8. a4 $2 O-O 9. Nc4 $2 Na5 10. Nf4
{ Tal gives White's formation a sharp push, and after some wobbling, it collapses.}
10... e5 $1 11. Nd5 Nxe4 12. Qxe4 Nb3 13. Ra3 Bf5 14. Qe3 Nxc1 15. Qxc5 Re8
16. Qe3 Bf8 17. Nb4 a5 18. Nxa5 Qxa5 19. Qxc1 Bxb4 20. cxb4 Qxb4+ 21. Rc3 Qe4+
22. Be2 Rxa4 23. f3 Qb4 24. g4 e4 $1 25. f4 Ra2 $1 26. gxf5 Rxb2 27. O-O $1
{ At last! But Black's nicely centralised and active forces are still in control. }
27... Rxe2 28. Rc8 Qb6+ 29. Kh1 Rxc8 30. Qxc8+ Kg7 31. fxg6 hxg6 32. f5 Qf6 33. Qxb7 Qe5
0-1
)";

// Nested variations, comments before the first move and after variations, NAGs, a ';' comment.
const char* kVariations = R"(
[Event "variations"]
[Result "1/2-1/2"]

{Before the first move} 1. e4 (1. d4 d5 (1... Nf6 2. c4 {Indian}) 2. c4) (1. c4) 1... e5
2. Nf3 $1 $14 Nc6 ; a rest-of-line comment
3. Bb5 a6 (3... Nf6 4. O-O (4. d3 Bc5) 4... Nxe4) 4. Ba4 {} Nf6 5. O-O Be7 1/2-1/2
)";

TEST(PgnRead, ReadsSeed003sGameWithItsCountsAndFinalPosition) {
  auto all = read_all(kTal);
  ASSERT_TRUE(all.errors.empty()) << format(all.errors[0], "tal");
  ASSERT_EQ(all.games.size(), 1U);
  const Game& g = all.games[0];
  // The original layout's own figures: PlyCount 66, CommentCount 3, NagCount 6.
  EXPECT_EQ(g.ply_count(), 66U);
  std::size_t comments = g.main.comments.size(), nags = 0;
  for (const Node& n : g.main.nodes) {
    comments += n.comments.size();
    nags += n.nags.size();
  }
  EXPECT_EQ(comments, 3U);
  EXPECT_EQ(nags, 6U);
  EXPECT_EQ(*g.tag("Annotator"), "DrDave");
  EXPECT_EQ(g.result, "0-1");
  EXPECT_EQ(g.main.nodes[6].comments[0], "Natural moves in the opening");
  // The final position as pgn-extract -F computes it.
  EXPECT_EQ(g.final_position().fen(), "8/1Q3pk1/6p1/4qP2/4p3/8/4r2P/5R1K w - - 1 34");
}

TEST(PgnWrite, PutsTheSevenTagRosterFirstAndWrapsAt79Columns) {
  auto all = read_all(kTal);
  std::string out = write(all.games[0]);
  EXPECT_EQ(out.substr(0, out.find("\n\n")),
            "[Event \"Olympic games\"]\n[Site \"Munchen\"]\n[Date \"1958\"]\n[Round \"?\"]\n"
            "[White \"Walther\"]\n[Black \"Tal,M\"]\n[Result \"0-1\"]\n[Annotator \"DrDave\"]\n"
            "[Source \"Exeter Chess Club\"]");
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80U) << line;
  EXPECT_NE(out.find("{Natural moves in the opening} 4... d5"), std::string::npos);
}

// A ")" counts toward the width of the token it is glued to: "c4)" ends a line at column 79
// exactly, and one column further it starts the next line although "c4" alone would fit.
TEST(PgnWrite, AGluedParenthesisCountsTowardTheLineWidth) {
  auto movetext_of = [](std::size_t comment_length) {
    auto all = read_all("1. e4 {" + std::string(comment_length, 'x') + "} (1. d4) (1. c4) e5 *\n");
    std::string out = write(all.games.at(0));
    return out.substr(out.find("\n\n") + 2);
  };
  EXPECT_EQ(movetext_of(55), "1. e4 {" + std::string(55, 'x') + "} (1. d4) (1. c4)\n1... e5 *\n\n");
  EXPECT_EQ(movetext_of(56), "1. e4 {" + std::string(56, 'x') + "} (1. d4) (1.\nc4) 1... e5 *\n\n");
  EXPECT_EQ(movetext_of(60), "1. e4 {" + std::string(60, 'x') + "} (1. d4)\n(1. c4) 1... e5 *\n\n");
}

TEST(PgnWrite, RoundTripsByteForByteOnItsOwnOutput) {
  const std::string text = std::string(kTal) + kVariations + R"(
[Event "escapes"]
[White "A \"quoted\" name \\ with a backslash"]
[Result "*"]

1. e4 *
)";
  auto first = read_all(text);
  ASSERT_TRUE(first.errors.empty()) << format(first.errors[0], "text");
  ASSERT_EQ(first.games.size(), 3U);
  std::string once = write_all(first.games);
  auto second = read_all(once);
  ASSERT_TRUE(second.errors.empty());
  EXPECT_EQ(write_all(second.games), once);
  // Writing adds the roster's default tags; the moves and annotations are unchanged.
  for (std::size_t i = 0; i < first.games.size(); ++i) {
    EXPECT_EQ(second.games[i].main, first.games[i].main);
    EXPECT_EQ(second.games[i].result, first.games[i].result);
  }
  EXPECT_EQ(read_all(once).games, second.games);
  EXPECT_EQ(*second.games[2].tag("White"), "A \"quoted\" name \\ with a backslash");
  const Game& v = first.games[1];
  ASSERT_EQ(v.main.nodes[0].variations.size(), 2U);
  EXPECT_EQ(v.main.comments[0], "Before the first move");
  EXPECT_EQ(v.main.nodes[0].variations[0].nodes[1].variations[0].nodes[1].comments[0], "Indian");
  EXPECT_EQ(v.main.nodes[2].nags, (std::vector<std::uint8_t>{1, 14}));
  EXPECT_EQ(v.main.nodes[3].comments[0], "a rest-of-line comment");
}

TEST(PgnWrite, AnEmptyVariationIsWrittenAsEmptyParentheses) {
  // Found by hand: "(2.4)" reads as a variation with no moves; the writer once glued its
  // parentheses to the neighbouring tokens ("1. Nf3) (*"), which does not read back.
  auto first = read_all("1. Nf3 (2.4) () e5 *\n");
  ASSERT_TRUE(first.errors.empty()) << format(first.errors[0], "text");
  ASSERT_EQ(first.games.size(), 1U);
  ASSERT_EQ(first.games[0].main.nodes[0].variations.size(), 2U);
  std::string out = write(first.games[0]);
  EXPECT_NE(out.find("1. Nf3 () () 1... e5 *"), std::string::npos) << out;
  auto second = read_all(out);
  ASSERT_TRUE(second.errors.empty()) << format(second.errors[0], "text");
  EXPECT_EQ(second.games[0].main, first.games[0].main);
}

// The reader leaves in every node what it learnt replaying the move (Node::replayed); the writer
// spells a game from that alone. Checked against a replay of every line, and against the writer's
// own replay of the same games with that left out.
void expect_replayed_as_played(const Line& line, Position pos) {
  for (const Node& node : line.nodes) {
    ASSERT_TRUE(node.replayed.has_value()) << to_uci(node.move);
    const Position next = pos.after(node.move);
    EXPECT_EQ(node.replayed->key_after, next.key()) << to_uci(node.move);
    EXPECT_EQ(node.replayed->san, san_shape(pos, node.move, next)) << to_uci(node.move);
    for (const Line& variation : node.variations) expect_replayed_as_played(variation, pos);
    pos = next;
  }
}

void forget_replayed(Line& line) {
  for (Node& node : line.nodes) {
    node.replayed.reset();
    for (Line& variation : node.variations) forget_replayed(variation);
  }
}

TEST(PgnWrite, WritesAReadGameWithoutReplayingItAsItWouldReplayingIt) {
  const std::string text = std::string(kTal) + kVariations + R"(
[Event "special moves"]
[SetUp "1"]
[FEN "r3k2r/1P6/8/2pP4/8/8/8/R3K2R w KQkq c6 0 20"]
[Result "*"]

20. dxc6 O-O 21. bxa8=N Rf7 22. O-O-O *

[Event "origins"]
[SetUp "1"]
[FEN "7K/2k5/8/8/4Q2Q/R7/8/R6Q b - - 0 40"]
[Result "*"]

40... Kb6 41. Qh4e1 Kc5 42. R1a2 Kd6 43. Qhh4 *

[Event "mate"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
)";
  auto all = read_all(text);
  ASSERT_TRUE(all.errors.empty()) << format(all.errors[0], "text");
  ASSERT_EQ(all.games.size(), 5U);
  for (const Game& game : all.games) {
    SCOPED_TRACE(*game.tag("Event"));
    expect_replayed_as_played(game.main, game.start);
    Game replayed_by_the_writer = game;
    forget_replayed(replayed_by_the_writer.main);
    EXPECT_EQ(replayed_by_the_writer, game);  // not part of a node's value
    std::vector<std::uint64_t> keys, keys_replaying;
    EXPECT_EQ(write(game, &keys), write(replayed_by_the_writer, &keys_replaying));
    EXPECT_EQ(keys, keys_replaying);
    EXPECT_EQ(keys.size(), game.ply_count() + 1);
  }
  // A reader told to skip them leaves none, and the writer replays instead.
  Reader skipping(text, {}, Notes::skip);
  for (const Game& game : all.games) {
    auto read = skipping.next();
    ASSERT_TRUE(read && read->ok());
    EXPECT_FALSE(read->value().main.nodes.at(0).replayed.has_value());
    EXPECT_EQ(read->value(), game);
    EXPECT_EQ(write(read->value()), write(game));
  }
  // The origins, black's move numbers and the mate, spelled from the shapes.
  EXPECT_NE(write(all.games[3]).find("40... Kb6 41. Qh4e1 Kc5 42. R1a2 Kd6 43. Qhh4 *"), std::string::npos)
      << write(all.games[3]);
  EXPECT_NE(write(all.games[4]).find("2. g4 Qh4# 0-1"), std::string::npos);
}

TEST(PgnRead, HandlesByteOrderMarkEscapeLinesAndSuffixAnnotations) {
  std::string text = "\xEF\xBB\xBF% private data\n[Event \"x\"]\n[Result \"*\"]\n\n1. e4! e5? 2. Nf3!! Nc6?? "
                     "3. Bb5!? a6?! *\n";
  auto all = read_all(text);
  ASSERT_TRUE(all.errors.empty()) << format(all.errors[0], "t");
  const auto& nodes = all.games[0].main.nodes;
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(nodes[i].nags, std::vector<std::uint8_t>{static_cast<std::uint8_t>(i + 1)});
}

// A move number is read with its periods as one token; spaced, glued to the move, with two or
// three periods, or none, the game is the same, and a number is never taken for a tag name.
TEST(PgnRead, MoveNumbersReadTheSameHoweverTheirPeriodsAreWritten) {
  const std::string spaced = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 *\n";
  const std::string forms[] = {
      "[Event \"x\"]\n\n1.e4 e5 2.Nf3 (2.f4 exf4) 2...Nc6 3.Bb5 *\n",
      "[Event \"x\"]\n\n1 e4 e5 2 Nf3 (2 f4 exf4) 2 Nc6 3 Bb5 *\n",
      "[Event \"x\"]\n\n1.. e4 1... e5 2 . Nf3 (2.f4 2...exf4) 2.. Nc6 3.Bb5 *\n",
  };
  auto expected = read_all(spaced);
  ASSERT_TRUE(expected.errors.empty()) << format(expected.errors[0], "t");
  for (const std::string& form : forms) {
    auto all = read_all(form);
    ASSERT_TRUE(all.errors.empty()) << form << "\n-> " << format(all.errors[0], "t");
    EXPECT_EQ(write_all(all.games), write_all(expected.games)) << form;
  }
  for (const char* number : {"[1. \"x\"]\n\n1. e4 *\n", "[1 \"x\"]\n\n1. e4 *\n"}) {
    auto tag = read_all(number);
    ASSERT_EQ(tag.errors.size(), 1U) << number;
    EXPECT_EQ(tag.errors[0].kind, ErrorKind::bad_tag) << number;
    EXPECT_EQ(tag.errors[0].column, 2U) << number;
    EXPECT_EQ(tag.errors[0].detail, "expected a tag name") << number;
  }
}

TEST(PgnRead, PlaysSetUpGamesWithCastlingEnPassantAndUnderPromotion) {
  const char* text = R"([Event "special moves"]
[SetUp "1"]
[FEN "r3k2r/1P6/8/2pP4/8/8/8/R3K2R w KQkq c6 0 20"]
[Result "*"]

20. dxc6 O-O 21. bxa8=N Rf7 22. O-O-O *
)";
  auto all = read_all(text);
  ASSERT_TRUE(all.errors.empty()) << format(all.errors[0], "t");
  const auto& nodes = all.games[0].main.nodes;
  ASSERT_EQ(nodes.size(), 5U);
  EXPECT_EQ(nodes[0].move.kind(), Move::Kind::en_passant);
  EXPECT_EQ(to_uci(nodes[1].move), "e8g8");
  EXPECT_EQ(nodes[2].move.promotion(), PieceType::knight);
  EXPECT_EQ(to_uci(nodes[4].move), "e1c1");
  std::string out = write(all.games[0]);
  EXPECT_NE(out.find("[FEN \"r3k2r/1P6/8/2pP4/8/8/8/R3K2R w KQkq c6 0 20\"]"), std::string::npos);
  EXPECT_NE(out.find("20. dxc6 O-O 21. bxa8=N Rf7 22. O-O-O *"), std::string::npos) << out;
}

TEST(PgnRead, StalemateEnding) {
  auto all = read_all("[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n[FEN \"7k/8/6Q1/8/8/8/8/K7 w - - 0 1\"]\n\n1. Qf7 1/2-1/2\n");
  ASSERT_TRUE(all.errors.empty());
  EXPECT_TRUE(MoveList(all.games[0].final_position()).empty());
  EXPECT_FALSE(all.games[0].final_position().in_check());
}

struct BadGame {
  std::string text;
  ErrorKind kind;
  std::size_t line, column;
};

// Each malformed game is reported with its position, and the next game is still read.
TEST(PgnRead, ReportsEachKindOfBadGameAndGoesOn) {
  const std::string good = "[Event \"good\"]\n[Result \"*\"]\n\n1. d4 *\n";
  const BadGame cases[] = {
      {"[Event \"x\" \"y\"]\n\n1. e4 *\n", ErrorKind::bad_tag, 1, 12},
      {"[Event x]\n\n1. e4 *\n", ErrorKind::bad_tag, 1, 8},
      {"[Event \"x\"]\n[Event \"y\"]\n\n1. e4 *\n", ErrorKind::bad_tag, 2, 2},
      {"[Event \"unterminated]\n\n1. e4 *\n", ErrorKind::unterminated_string, 1, 8},
      {"[Event \"x\"]\n\n1. e4 <e5> *\n", ErrorKind::unexpected_token, 3, 7},
      {"[Event \"x\"]\n\n1. e4 \"e5\" *\n", ErrorKind::unexpected_token, 3, 7},
      {"[Event \"x\"]\n\n$1 1. e4 *\n", ErrorKind::unexpected_token, 3, 1},
      {"[Event \"x\"]\n\n1. e4 $256 *\n", ErrorKind::unexpected_token, 3, 7},
      {"[Event \"x\"]\n\n1. e4 !!! *\n", ErrorKind::unexpected_token, 3, 7},
      {"[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n", ErrorKind::bad_fen, 1, 1},
      {"[Event \"x\"]\n[Variant \"Three-check\"]\n\n1. e4 *\n", ErrorKind::variant, 2, 2},
      {"[Event \"x\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
       "[FEN \"bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1\"]\n\n1. g3 *\n",
       ErrorKind::variant, 2, 2},
      {"[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n", ErrorKind::illegal_move, 3, 13},
      {"[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n\n1. Nd2 *\n",
       ErrorKind::ambiguous_move, 5, 4},
      {"[Event \"x\"]\n\n1. e4 Zz9 *\n", ErrorKind::bad_move_text, 3, 7},
      {"[Event \"x\"]\n\n(1. d4) 1. e4 *\n", ErrorKind::variation_without_move, 3, 1},
      {"[Event \"x\"]\n\n1. e4 e5) *\n", ErrorKind::unbalanced_variation, 3, 9},
      {"[Event \"x\"]\n\n1. e4 (1. d4 *\n", ErrorKind::unbalanced_variation, 3, 14},
      {"[Event \"x\"]\n\n1. e4 (1. d4 1-0\n", ErrorKind::unbalanced_variation, 3, 14},
      {"[Event \"x\"]\n\n1. e4 e5\n", ErrorKind::missing_result, 5, 1},
      {"[Event \"x\"]\n\n1. e4 {never closed\n", ErrorKind::unterminated_comment, 3, 7},
      {"[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 0-1\n", ErrorKind::result_mismatch, 4, 7},
  };
  for (const BadGame& c : cases) {
    auto all = read_all(c.text + "\n" + good);
    ASSERT_EQ(all.errors.size(), 1U) << c.text << "\n-> " << format(all.errors[0], "t") << "\n-> "
                                     << format(all.errors.back(), "t");
    const Error& e = all.errors[0];
    EXPECT_EQ(e.kind, c.kind) << c.text << "\n-> " << format(e, "t");
    EXPECT_EQ(e.line, c.line) << c.text << "\n-> " << format(e, "t");
    EXPECT_EQ(e.column, c.column) << c.text << "\n-> " << format(e, "t");
    // An unterminated comment swallows the rest of the text; every other error resumes.
    if (c.kind != ErrorKind::unterminated_comment) {
      ASSERT_EQ(all.games.size(), 1U) << c.text;
      EXPECT_EQ(*all.games[0].tag("Event"), "good");
    }
  }
}

TEST(PgnRead, AVariantTagThatNamesChessItselfIsRead) {
  for (const char* variant : {"Standard", "standard", "Normal", "chess", ""}) {
    auto all = read_all("[Event \"x\"]\n[Variant \"" + std::string(variant) + "\"]\n\n1. e4 *\n");
    EXPECT_TRUE(all.errors.empty()) << variant;
    EXPECT_EQ(all.games.size(), 1U) << variant;
  }
  // Lichess's name for a game from a set-up position.
  auto set_up = read_all(
      "[Variant \"From Position\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n");
  EXPECT_TRUE(set_up.errors.empty());
  ASSERT_EQ(set_up.games.size(), 1U);
  for (const char* variant : {"Atomic", "Crazyhouse", "King of the Hill", "Antichess", "Standardish"}) {
    auto all = read_all("[Event \"x\"]\n[Variant \"" + std::string(variant) + "\"]\n\n1. e4 *\n");
    ASSERT_EQ(all.errors.size(), 1U) << variant;
    EXPECT_EQ(all.errors[0].kind, ErrorKind::variant) << variant;
    EXPECT_EQ(format(all.errors[0], "t"), "t:2:2: not standard chess: Variant \"" + std::string(variant) +
                                              "\" (game starting at line 1)");
  }
}

TEST(PgnRead, AGameWithoutATerminationMarkerDoesNotHideTheNextGame) {
  auto all = read_all("[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. d4 *\n");
  ASSERT_EQ(all.errors.size(), 1U);
  EXPECT_EQ(all.errors[0].kind, ErrorKind::missing_result);
  EXPECT_EQ(all.errors[0].line, 5U);
  ASSERT_EQ(all.games.size(), 1U);
  EXPECT_EQ(*all.games[0].tag("Event"), "b");
}

// What a reader gives, game by game: the game written out, or the error formatted.
std::vector<std::string> outcomes(Reader& reader) {
  std::vector<std::string> out;
  while (auto next = reader.next()) out.push_back(next->ok() ? write(next->value()) : format(next->error(), "t"));
  return out;
}

// A text read as two pieces, cut at any line start, by the protocol the importer's threads
// follow (Reader's piece constructor): the first piece up to the cut, the second from the cut
// if the first stopped where the second's first token is, else again from where the first
// stopped. Every game and every error (with its line and column) is the same as reading it whole:
// also when the cut falls inside a comment that holds a tag line, inside a game without its
// termination marker, inside a bad game the reader skips, or among escape lines.
TEST(PgnRead, ATextReadInTwoPiecesGivesWhatItGivesReadWhole) {
  const std::string text =
      "{before the first game}\n[Event \"a\"]\n[Result \"*\"]\n\n1. e4 {a comment\n\n[Event \"inside\"]\n\n"
      "still the comment} e5 (1... c5 2. Nf3) 2. Nf3 *\n\n"
      "[Event \"no marker\"]\n\n1. d4 d5\n\n"
      "[Event \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
      "% an escape line\n[Event \"illegal\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"c\"]\n[Result \"*\"]\n\n"
      "{between tags and moves}\n\n1. c4 $1 *\n\n{after the last game}\n";
  Reader whole_reader(text);
  const std::vector<std::string> whole = outcomes(whole_reader);
  ASSERT_EQ(whole.size(), 5U);
  std::size_t re_read = 0;
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    if (cut != 0 && cut != text.size() && text[cut - 1] != '\n') continue;
    SCOPED_TRACE(::testing::Message() << "cut at " << cut);
    const Place at_cut{cut, static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(cut), '\n')) + 1, cut};
    Reader first(text, Place{}, cut);
    std::vector<std::string> pieces = outcomes(first);
    const Place stopped = first.place();
    Reader second(text, at_cut, std::string_view::npos);
    if (second.place() != stopped) {
      ++re_read;
      second = Reader(text, stopped, std::string_view::npos);
    }
    for (std::string& outcome : outcomes(second)) pieces.push_back(std::move(outcome));
    EXPECT_EQ(pieces, whole);
  }
  // Cuts inside the comment and inside the games were read again; cuts between games were not.
  EXPECT_GT(re_read, 0U);
}

TEST(PgnRead, EnforcesEveryLimit) {
  Limits tight;
  tight.max_tags = 2;
  tight.max_tag_value = 8;
  tight.max_comment = 10;
  tight.max_nodes = 3;
  tight.max_depth = 1;
  const std::string cases[] = {
      "[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n\n*\n",
      "[A \"123456789\"]\n\n*\n",
      "{01234567890} *\n",
      "1. e4 e5 2. Nf3 Nc6 *\n",
      "1. e4 (1. d4 (1. c4)) *\n",
  };
  for (const auto& text : cases) {
    auto all = read_all(text, tight);
    ASSERT_EQ(all.errors.size(), 1U) << text;
    EXPECT_EQ(all.errors[0].kind, ErrorKind::limit_exceeded) << text;
  }
}

TEST(PgnRead, EmptyAndWhitespaceTextHoldsNoGames) {
  EXPECT_TRUE(read_all("").games.empty());
  EXPECT_TRUE(read_all(" \n\t\r\n").errors.empty());
  EXPECT_TRUE(read_all("\xEF\xBB\xBF\n% only an escape line\n").games.empty());
}

TEST(PgnJson, DescribesTheGameTree) {
  auto all = read_all("[Event \"j\"]\n[Result \"*\"]\n\n1. e4 $1 {best} (1. d4 d5) 1... e5 *\n");
  auto doc = nlohmann::json::parse(to_json(all.games[0]));
  EXPECT_EQ(doc["tags"][0][0], "Event");
  EXPECT_EQ(doc["result"], "*");
  const auto& moves = doc["main_line"]["moves"];
  ASSERT_EQ(moves.size(), 2U);
  EXPECT_EQ(moves[0]["san"], "e4");
  EXPECT_EQ(moves[0]["uci"], "e2e4");
  EXPECT_EQ(moves[0]["nags"][0], 1);
  EXPECT_EQ(moves[0]["comments"][0], "best");
  EXPECT_EQ(moves[0]["variations"][0]["moves"][1]["san"], "d5");
  EXPECT_EQ(moves[1]["ply"], 2);
  EXPECT_EQ(doc["final_fen"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
}

TEST(PgnJson, ReplacesInvalidUtf8InsteadOfFailing) {
  auto all = read_all("[Event \"Caf\xE9\"]\n[Result \"*\"]\n\n1. e4 {na\xEFve} *\n");
  ASSERT_EQ(all.games.size(), 1U);
  auto doc = nlohmann::json::parse(to_json(all.games[0]));
  EXPECT_EQ(doc["tags"][0][1], "Caf\xEF\xBF\xBD");
}

TEST(PgnFromGame, RecordsAPlayedGameWithItsResult) {
  chess::Game played;
  for (auto san : {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"}) {
    Move m = *parse_san(played.position(), san);
    played = *played.apply({Action::Kind::move, seat_of(played.position().side_to_move()), m, 0});
  }
  Game g = from_game(played, {{"White", "A"}, {"Black", "B"}});
  EXPECT_EQ(g.result, "1-0");
  std::string out = write(g);
  EXPECT_NE(out.find("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"), std::string::npos) << out;
  EXPECT_NE(out.find("[Result \"1-0\"]"), std::string::npos);
}

}  // namespace
}  // namespace parley::game::chess::pgn
