// Cross-check against Debian's stockfish (installed by scripts/setup): positions reached by
// random playouts from rich start positions, perft divide compared move by move.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "game/chess/notation.hpp"
#include "game/chess/perft.hpp"

namespace parley::game::chess {
namespace {

constexpr const char* kStockfish = "/usr/games/stockfish";

using Divide = std::map<std::string, std::uint64_t>;

// Runs every "position fen …" + "go perft depth" in one stockfish process and returns the
// divide of each, in order.
std::vector<Divide> stockfish_divides(const std::vector<std::string>& fens, int depth) {
  auto dir = std::filesystem::temp_directory_path();
  auto stem = "parley_sf_" + std::to_string(::getpid());
  auto in_path = dir / (stem + ".in"), out_path = dir / (stem + ".out");
  {
    std::ofstream in(in_path);
    for (const auto& fen : fens) in << "position fen " << fen << "\ngo perft " << depth << "\n";
    in << "quit\n";
  }
  std::string cmd = std::string(kStockfish) + " < " + in_path.string() + " > " + out_path.string();
  EXPECT_EQ(std::system(cmd.c_str()), 0);
  std::vector<Divide> out;
  std::ifstream result(out_path);
  Divide current;
  for (std::string line; std::getline(result, line);) {
    if (line.rfind("Nodes searched", 0) == 0) {
      out.push_back(std::move(current));
      current.clear();
      continue;
    }
    auto colon = line.find(": ");
    if (colon == 4 || colon == 5) current[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
  }
  std::filesystem::remove(in_path);
  std::filesystem::remove(out_path);
  return out;
}

std::vector<std::string> random_positions(std::size_t count, std::uint64_t seed) {
  const std::string_view starts[] = {
      kStartFen,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  };
  std::mt19937_64 rng(seed);
  std::vector<std::string> out;
  while (out.size() < count) {
    Position pos = *Position::from_fen(starts[out.size() % std::size(starts)]);
    int plies = static_cast<int>(rng() % 80);
    for (int i = 0; i < plies; ++i) {
      MoveList moves(pos);
      if (moves.empty()) break;
      pos.play(moves[rng() % moves.size()]);
    }
    if (!MoveList(pos).empty()) out.push_back(pos.fen());
  }
  return out;
}

void compare(const std::vector<std::string>& fens, int depth) {
  ASSERT_TRUE(std::filesystem::exists(kStockfish)) << "stockfish missing: run scripts/setup";
  auto theirs = stockfish_divides(fens, depth);
  ASSERT_EQ(theirs.size(), fens.size());
  for (std::size_t i = 0; i < fens.size(); ++i) {
    Position pos = *Position::from_fen(fens[i]);
    Divide ours;
    for (auto [move, count] : perft_divide(pos, depth)) ours[to_uci(move)] = count;
    EXPECT_EQ(ours, theirs[i]) << fens[i];
  }
}

TEST(Stockfish, DivideAgreesOnRandomPositionsAtDepth3) { compare(random_positions(300, 1), 3); }

TEST(Stockfish, DivideAgreesOnRandomPositionsAtDepth4) { compare(random_positions(24, 2), 4); }

}  // namespace
}  // namespace parley::game::chess
