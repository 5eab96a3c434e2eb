#include "game/chess/position.hpp"

#include <gtest/gtest.h>

#include "game/chess/notation.hpp"

namespace parley::game::chess {
namespace {

Position play(std::string_view fen, std::initializer_list<std::string_view> sans) {
  Position pos = *Position::from_fen(fen);
  for (auto san : sans) {
    auto m = parse_san(pos, san);
    EXPECT_TRUE(m.ok()) << san << " in " << pos.fen();
    pos.play(*m);
  }
  return pos;
}

TEST(Fen, RoundTripsStandardPositions) {
  for (std::string_view fen :
       {kStartFen, std::string_view("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        std::string_view("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        std::string_view("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
        std::string_view("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10")}) {
    auto pos = Position::from_fen(fen);
    ASSERT_TRUE(pos.ok()) << fen;
    EXPECT_EQ(pos->fen(), fen);
  }
}

TEST(Fen, AcceptsFourFieldsWithDefaultCounters) {
  auto pos = Position::from_fen("8/8/8/8/8/8/8/K6k b - -");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(pos->fen(), "8/8/8/8/8/8/8/K6k b - - 0 1");
}

struct BadFen {
  std::string fen;
  FenError error;
};

TEST(Fen, RejectsEachKindOfMalformedInput) {
  const BadFen cases[] = {
      {"", FenError::field_count},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", FenError::field_count},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::bad_board},
      {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::bad_board},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", FenError::bad_board},
      {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::bad_board},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", FenError::bad_side},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", FenError::bad_castling},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", FenError::bad_castling},
      {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::bad_castling},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", FenError::bad_en_passant},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", FenError::bad_en_passant},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", FenError::bad_counter},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", FenError::bad_counter},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999", FenError::bad_counter},
      {"rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", FenError::bad_kings},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", FenError::bad_kings},
      {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", FenError::pawn_on_back_rank},
      {"QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k w - - 0 1", FenError::impossible_material},
      {"k7/8/8/8/8/8/PPPPPPPP/P6K w - - 0 1", FenError::impossible_material},
      {"k7/8/8/8/8/8/PPPPPPPP/QQ5K w - - 0 1", FenError::impossible_material},
      {"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", FenError::opponent_in_check},
  };
  for (const auto& c : cases) {
    auto pos = Position::from_fen(c.fen);
    ASSERT_FALSE(pos.ok()) << c.fen;
    EXPECT_EQ(pos.error(), c.error) << c.fen << ": " << describe(pos.error());
  }
}

TEST(EnPassant, IsRecordedOnlyWhenACaptureIsLegal) {
  // After 1. e4 no black pawn can take: no square in the FEN.
  EXPECT_EQ(play(kStartFen, {"e4"}).fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  // A black pawn on d4 can take e3.
  EXPECT_EQ(play("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", {"e4"}).fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  // The capture would expose the black king on the fourth rank to the rook: not recorded.
  EXPECT_EQ(play("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", {"e4"}).fen(), "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
}

TEST(Zobrist, IncrementalKeyEqualsTheKeyOfTheSamePositionFromFen) {
  Position pos = play(kStartFen, {"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be2",
                                  "e5", "Nb3", "Be7", "O-O", "O-O"});
  EXPECT_EQ(pos.key(), Position::from_fen(pos.fen())->key());
}

TEST(Zobrist, TranspositionsShareAKeyAndDifferentSidesDoNot) {
  Position a = play(kStartFen, {"Nf3", "Nf6", "Nc3", "Nc6"});
  Position b = play(kStartFen, {"Nc3", "Nc6", "Nf3", "Nf6"});
  EXPECT_EQ(a.key(), b.key());
  EXPECT_TRUE(a.same_position(b));
  Position c = play(kStartFen, {"Nf3", "Nf6", "Nc3"});
  EXPECT_NE(a.key(), c.key());
}

TEST(Zobrist, CastlingRightsArePartOfTheKey) {
  Position moved = play(kStartFen, {"Nf3", "Nf6", "Rg1", "Ng8", "Rh1", "Nf6"});
  Position start_like = play(kStartFen, {"Nf3", "Nf6"});
  EXPECT_FALSE(moved.same_position(start_like));
  EXPECT_NE(moved.key(), start_like.key());
}

}  // namespace
}  // namespace parley::game::chess
