#include "game/chess/notation.hpp"

#include <gtest/gtest.h>

#include <random>

namespace parley::game::chess {
namespace {

std::string san(std::string_view fen, std::string_view uci) {
  Position pos = *Position::from_fen(fen);
  auto m = parse_uci(pos, uci);
  EXPECT_TRUE(m.ok()) << uci;
  return to_san(pos, *m);
}

TEST(San, WritesEveryKindOfMove) {
  EXPECT_EQ(san(kStartFen, "g1f3"), "Nf3");
  EXPECT_EQ(san(kStartFen, "e2e4"), "e4");
  // Disambiguation by file, by rank, and by both.
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
  EXPECT_EQ(san("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", "a1a2"), "R1a2");
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/Q1Q1K1Q1 w - - 0 1", "a1b2"), "Qab2");
  EXPECT_EQ(san("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "a4b3"), "Qa4b3");
  // Captures, en passant, promotion with check, castling, mate.
  EXPECT_EQ(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
  EXPECT_EQ(san("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q+");
  EXPECT_EQ(san("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"), "e8=N");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"), "O-O-O");
  EXPECT_EQ(san("rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "d1h5"), "Qh5#");
}

TEST(SanShape, HoldsEachPartInOneByte) {
  static_assert(sizeof(SanShape) == 1);
  using Origin = SanShape::Origin;
  using Mark = SanShape::Mark;
  for (PieceType piece : {PieceType::pawn, PieceType::knight, PieceType::bishop, PieceType::rook, PieceType::queen,
                          PieceType::king})
    for (bool capture : {false, true})
      for (Origin origin : {Origin::none, Origin::file, Origin::rank, Origin::square})
        for (Mark mark : {Mark::none, Mark::check, Mark::mate}) {
          const SanShape shape(piece, capture, origin, mark);
          EXPECT_EQ(shape.piece(), piece);
          EXPECT_EQ(shape.capture(), capture);
          EXPECT_EQ(shape.origin(), origin);
          EXPECT_EQ(shape.mark(), mark);
        }
}

TEST(San, ReadsWhatPlayersWrite) {
  Position pos = *Position::from_fen("r2n4/4P1k1/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_EQ(to_uci(*parse_san(pos, "O-O")), "e1g1");
  EXPECT_EQ(to_uci(*parse_san(pos, "0-0-0")), "e1c1");
  EXPECT_EQ(to_uci(*parse_san(pos, "exd8=Q")), "e7d8q");
  EXPECT_EQ(to_uci(*parse_san(pos, "exd8Q+")), "e7d8q");
  EXPECT_EQ(to_uci(*parse_san(pos, "e8=N")), "e7e8n");
  EXPECT_EQ(to_uci(*parse_san(pos, "e8q")), "e7e8q");
  EXPECT_EQ(to_uci(*parse_san(pos, "Rxa8!?")), "a1a8");
  EXPECT_EQ(to_uci(*parse_san(pos, "Ra1b1")), "a1b1");
  EXPECT_EQ(to_uci(*parse_san(pos, "Pe7e8=R")), "e7e8r");
}

TEST(San, ReportsAmbiguousIllegalAndMalformedMoves) {
  Position pos = *Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  EXPECT_EQ(parse_san(pos, "Nd2").error(), NotationError::ambiguous);
  EXPECT_EQ(parse_san(pos, "Nd4").error(), NotationError::illegal);
  EXPECT_EQ(parse_san(pos, "e4").error(), NotationError::illegal);
  EXPECT_EQ(parse_san(pos, "O-O").error(), NotationError::illegal);
  for (std::string_view bad : {"", "N", "Nz9", "Nb1d2d2", "xx", "e8=K", "++", "Nbd2=Q", "abcdefghijklmnop"})
    EXPECT_EQ(parse_san(pos, bad).error(), NotationError::malformed) << bad;
}

TEST(Uci, ReadsPromotionsAndRejectsBadText) {
  Position pos = *Position::from_fen("8/4P3/8/8/8/8/8/k3K3 w - - 0 1");
  EXPECT_EQ(parse_uci(pos, "e7e8r")->promotion(), PieceType::rook);
  EXPECT_EQ(parse_uci(pos, "e7e8").error(), NotationError::illegal);  // promotion piece missing
  EXPECT_EQ(parse_uci(pos, "e7e8k").error(), NotationError::malformed);
  EXPECT_EQ(parse_uci(pos, "e1e3").error(), NotationError::illegal);
  EXPECT_EQ(parse_uci(pos, "i1e3").error(), NotationError::malformed);
}

// What a person types: "no such move here" (legal notation, no legal move) is told apart from
// text that is no move in any notation, whichever notation it was tried in first.
TEST(TypedMove, TellsNoSuchMoveHereFromNotSan) {
  const Position start = *Position::from_fen(kStartFen);
  EXPECT_EQ(parse_typed_move(start, "Qxf7").error(), NotationError::illegal);  // no queen reaches f7
  EXPECT_EQ(parse_typed_move(start, "Nf6").error(), NotationError::illegal);   // not White's knight
  EXPECT_EQ(parse_typed_move(start, "e2e5").error(), NotationError::illegal);  // UCI, and no such move
  EXPECT_EQ(parse_typed_move(start, "O-O").error(), NotationError::illegal);   // castling not allowed yet
  EXPECT_EQ(parse_typed_move(start, "oo").error(), NotationError::illegal);
  for (std::string_view bad : {"nonsense", "Qxf9", "e2e9", "ooo-o", "Kzz", "", "o", "oooo"})
    EXPECT_EQ(parse_typed_move(start, bad).error(), NotationError::malformed) << bad;
  const Position knights = *Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  EXPECT_EQ(parse_typed_move(knights, "Nd2").error(), NotationError::ambiguous);
  EXPECT_EQ(to_uci(*parse_typed_move(start, "Nf3")), "g1f3");
  EXPECT_EQ(to_uci(*parse_typed_move(start, "g1f3")), "g1f3");
  EXPECT_EQ(to_uci(*parse_typed_move(start, "e2e4")), "e2e4");
}

TEST(TypedMove, ReadsOoAndOooAsCastling) {
  const Position white = *Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Position black = *Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  for (std::string_view kingside : {"oo", "OO", "Oo", "o-o", "O-O", "0-0", "O-O+"}) {
    EXPECT_EQ(to_uci(*parse_typed_move(white, kingside)), "e1g1") << kingside;
    EXPECT_EQ(to_uci(*parse_typed_move(black, kingside)), "e8g8") << kingside;
  }
  for (std::string_view queenside : {"ooo", "OOO", "o-o-o", "O-O-O", "0-0-0"}) {
    EXPECT_EQ(to_uci(*parse_typed_move(white, queenside)), "e1c1") << queenside;
    EXPECT_EQ(to_uci(*parse_typed_move(black, queenside)), "e8c8") << queenside;
  }
  const Position only_queenside = *Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
  EXPECT_EQ(parse_typed_move(only_queenside, "oo").error(), NotationError::illegal);
  EXPECT_EQ(to_uci(*parse_typed_move(only_queenside, "ooo")), "e1c1");
}

// Over random games: every legal move's SAN and UCI read back as the same move, and no two
// legal moves share a SAN. Reading a move also gives the shape of its SAN, however it was written.
TEST(Notation, RoundTripsEveryLegalMoveOfRandomGames) {
  std::mt19937_64 rng(20261130);
  for (std::string_view fen : {kStartFen, std::string_view("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
                               std::string_view("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")}) {
    for (int game = 0; game < 20; ++game) {
      Position pos = *Position::from_fen(fen);
      for (int ply = 0; ply < 120; ++ply) {
        MoveList moves(pos);
        if (moves.empty()) break;
        std::vector<std::string> sans;
        for (Move m : moves) {
          std::string s = to_san(pos, m);
          auto back = parse_san(pos, s);
          ASSERT_TRUE(back.ok()) << s << " in " << pos.fen();
          EXPECT_EQ(*back, m) << s;
          // read_san gives the shape san_shape would, also from an over-disambiguated text.
          const Position next = pos.after(m);
          EXPECT_EQ(marked(read_san(pos, s)->shape, next), san_shape(pos, m, next)) << s;
          if (m.kind() != Move::Kind::castling) {
            const PieceType piece = pos.piece_on(m.from()).type;
            std::string longest = piece == PieceType::pawn ? std::string() : std::string(1, piece_letter(piece));
            longest += to_uci(m).substr(0, 4);
            if (m.kind() == Move::Kind::promotion) longest += std::string("=") + piece_letter(m.promotion());
            auto read = read_san(pos, longest);
            ASSERT_TRUE(read.ok()) << longest << " in " << pos.fen();
            EXPECT_EQ(read->move, m) << longest;
            EXPECT_EQ(marked(read->shape, next), san_shape(pos, m, next)) << longest;
          }
          EXPECT_EQ(*parse_uci(pos, to_uci(m)), m);
          for (const auto& other : sans) EXPECT_NE(other, s);
          sans.push_back(s);
        }
        pos.play(moves[rng() % moves.size()]);
      }
    }
  }
}

}  // namespace
}  // namespace parley::game::chess
