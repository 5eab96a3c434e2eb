// Perft counts of the six standard positions (chessprogramming.org "Perft Results",
// re-checked with stockfish): the outside oracle for the move generator.
#include "game/chess/perft.hpp"

#include "game/chess/movegen.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace parley::game::chess {
namespace {

struct PerftCase {
  std::string name;
  std::string fen;
  std::vector<std::uint64_t> counts;  // depth 1, 2, …
};

// Depths kept so the sanitizer build stays quick; deeper counts run in bench/.
const std::vector<PerftCase> kCases = {
    {"start", std::string(kStartFen), {20, 400, 8902, 197281, 4865609}},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     {48, 2039, 97862, 4085603}},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812, 43238, 674624, 11030083}},
    {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     {6, 264, 9467, 422333}},
    {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", {44, 1486, 62379, 2103487}},
    {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     {46, 2079, 89890, 3894594}},
};

void PrintTo(const PerftCase& c, std::ostream* os) { *os << c.name; }

class Perft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(Perft, MatchesPublishedCounts) {
  const PerftCase& c = GetParam();
  auto pos = Position::from_fen(c.fen);
  ASSERT_TRUE(pos.ok()) << describe(pos.error());
  for (std::size_t depth = 1; depth <= c.counts.size(); ++depth)
    EXPECT_EQ(perft(*pos, static_cast<int>(depth)), c.counts[depth - 1]) << c.name << " depth " << depth;
}

INSTANTIATE_TEST_SUITE_P(StandardPositions, Perft, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return info.param.name; });

TEST(Perft, DivideSumsToTheTotal) {
  auto pos = *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  std::uint64_t sum = 0;
  auto divide = perft_divide(pos, 3);
  for (auto& [move, count] : divide) sum += count;
  EXPECT_EQ(divide.size(), 48U);
  EXPECT_EQ(sum, 97862U);
}

// The list restricted to one piece kind and one destination (what SAN reading and writing use)
// must be exactly the full legal list filtered, move for move and in the same order: checked for
// every kind and every square in the six standard positions and every position up to two moves
// after them (castling through check, en passant with a pinned pawn, promotions, double check).
void expect_restricted_lists_match(const Position& pos, int depth) {
  const MoveList all(pos);
  for (PieceType type : {PieceType::pawn, PieceType::knight, PieceType::bishop, PieceType::rook, PieceType::queen,
                         PieceType::king}) {
    for (int square = 0; square < 64; ++square) {
      std::vector<Move> expected, restricted;
      for (Move m : all)
        if (m.to() == Square(square) && pos.piece_on(m.from()).type == type) expected.push_back(m);
      for (Move m : MoveList(pos, type, Square(square))) restricted.push_back(m);
      ASSERT_EQ(restricted, expected) << pos.fen() << " piece " << piece_letter(type) << " to square " << square;
    }
  }
  if (depth > 0)
    for (Move m : all) expect_restricted_lists_match(pos.after(m), depth - 1);
}

TEST(Perft, RestrictedListsAreTheFullListFiltered) {
  for (const PerftCase& c : kCases) expect_restricted_lists_match(*Position::from_fen(c.fen), 2);
}

// has_legal_move answers from a safe king step when there is one, else from the full list.
void expect_has_legal_move_matches(const Position& pos, int depth, int& checks, int& mates) {
  const MoveList all(pos);
  ASSERT_EQ(has_legal_move(pos), !all.empty()) << pos.fen();
  checks += pos.in_check();
  mates += pos.in_check() && all.empty();
  if (depth > 0)
    for (Move m : all) expect_has_legal_move_matches(pos.after(m), depth - 1, checks, mates);
}

TEST(Perft, HasLegalMoveIsTheFullListNotEmpty) {
  int checks = 0, mates = 0;
  for (const PerftCase& c : kCases) expect_has_legal_move_matches(*Position::from_fen(c.fen), 3, checks, mates);
  // In check, where it decides mate, is where the answer matters: 4,478 such positions, some mates.
  EXPECT_GT(checks, 4000);
  EXPECT_GT(mates, 0);
  struct Known {
    const char* fen;
    bool has_move;
    const char* why;
  };
  const Known known[] = {
      {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", false, "fool's mate"},
      {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, "stalemate: no king step is safe, no other piece"},
      {"4k3/8/8/8/8/N7/3PPP2/r3KB2 w - - 0 1", true, "back-rank check, the king boxed in, a knight blocks"},
      {"4k3/8/8/8/8/1Q6/3PPP2/1r2KB2 w - - 0 1", true, "boxed in, the queen takes the checker or blocks"},
      {"4k3/8/8/8/8/5n2/3PPP2/1r2KB2 w - - 0 1", false, "double check: only the king could move, and cannot"},
      {"4k3/8/8/8/8/8/8/r3K3 w - - 0 1", true, "a king step off the checking line"},
      {"k7/8/8/8/8/8/r7/4K2r w - - 0 1", false, "the step away along the checking line is still attacked"},
  };
  for (const Known& k : known) {
    const Position pos = *Position::from_fen(k.fen);
    EXPECT_EQ(has_legal_move(pos), k.has_move) << k.why << ": " << k.fen;
    EXPECT_EQ(!MoveList(pos).empty(), k.has_move) << k.why << ": " << k.fen;
  }
}

}  // namespace
}  // namespace parley::game::chess
