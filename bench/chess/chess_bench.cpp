// The chess benchmark: perft against stockfish's own perft, and PGN checking against
// pgn-extract, each pair measured in the same run on the same machine and reported as a ratio.
//   build-release/bench/chess/chess_bench [--games N] [--runs R]   (scripts/bench runs it)
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "bench/chess/random_games.hpp"
#include "bench/chess/subprocess.hpp"
#include "game/chess/perft.hpp"

using namespace parley;
using namespace parley::game::chess;

namespace {

constexpr const char* kStockfish = "/usr/games/stockfish";
constexpr const char* kPgnExtract = "/usr/games/pgn-extract";

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct PerftCase {
  const char* name;
  const char* fen;
  int depth;
  std::uint64_t nodes;  // chessprogramming.org "Perft Results"
};

const PerftCase kPerft[] = {
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
    {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
    {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194},
    {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164075551},
};

// Stockfish is started once; each measurement times "go perft" from the command to its
// "Nodes searched" line, so its start-up is not counted against it.
double stockfish_perft_seconds(bench::Conversation& sf, const PerftCase& c) {
  sf.send(std::string("position fen ") + c.fen);
  sf.send("isready");
  sf.read_until("readyok");
  auto start = std::chrono::steady_clock::now();
  sf.send("go perft " + std::to_string(c.depth));
  std::string line = sf.read_until("Nodes searched");
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (line.find(std::to_string(c.nodes)) == std::string::npos) throw std::runtime_error("stockfish disagrees: " + line);
  return s;
}

double our_perft_seconds(const PerftCase& c) {
  Position pos = *Position::from_fen(c.fen);
  auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = perft(pos, c.depth);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (nodes != c.nodes) throw std::runtime_error(fmt::format("perft {} depth {}: {} != {}", c.name, c.depth, nodes, c.nodes));
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"parley chess benchmark: perft vs stockfish, PGN checking vs pgn-extract"};
  std::size_t games = 20000;
  int runs = 3;
  std::string parley_binary = PARLEY_BINARY;
  std::string corpus_dir = PARLEY_BENCH_DATA;
  bool skip_perft = false, skip_pgn = false;
  app.add_option("--games", games, "Games in the PGN corpus");
  app.add_option("--runs", runs, "Runs of each measurement (the median is reported)")->check(CLI::Range(1, 20));
  app.add_option("--parley", parley_binary, "The parley binary to time");
  app.add_flag("--skip-perft", skip_perft);
  app.add_flag("--skip-pgn", skip_pgn);
  CLI11_PARSE(app, argc, argv);

  if (!skip_perft) {
    fmt::print("perft (median of {} runs; stockfish timed from 'go perft' to its node count)\n", runs);
    fmt::print("{:<10} {:>5} {:>12} {:>9} {:>9} {:>7}\n", "position", "depth", "nodes", "parley s", "stockf s", "ratio");
    bench::Conversation sf({kStockfish});
    sf.send("uci");
    sf.read_until("uciok");
    double ours_total = 0, theirs_total = 0;
    for (const PerftCase& c : kPerft) {
      std::vector<double> ours, theirs;
      for (int r = 0; r < runs; ++r) {
        ours.push_back(our_perft_seconds(c));
        theirs.push_back(stockfish_perft_seconds(sf, c));
      }
      double o = median(ours), t = median(theirs);
      ours_total += o;
      theirs_total += t;
      fmt::print("{:<10} {:>5} {:>12} {:>9.3f} {:>9.3f} {:>7.2f}\n", c.name, c.depth, c.nodes, o, t, o / t);
    }
    fmt::print("{:<10} {:>5} {:>12} {:>9.3f} {:>9.3f} {:>7.2f}   (ratio = parley time / stockfish time; target <= 1.5 for start)\n\n",
               "all", "", "", ours_total, theirs_total, ours_total / theirs_total);
  }

  if (!skip_pgn) {
    std::filesystem::create_directories(corpus_dir);
    std::string corpus = fmt::format("{}/random-{}.pgn", corpus_dir, games);
    if (!std::filesystem::exists(corpus)) {
      auto stats = bench::write_random_games(corpus, games, 20261130);
      fmt::print("wrote {}: {} games, {} plies\n", corpus, stats.games, stats.plies);
    }
    auto bytes = std::filesystem::file_size(corpus);
    std::vector<double> ours, theirs;
    for (int r = 0; r < runs; ++r) {
      auto o = bench::run_timed({parley_binary, "pgn", "check", corpus});
      auto t = bench::run_timed({kPgnExtract, "-r", "-s", corpus});
      if (o.status != 0) throw std::runtime_error("parley pgn check found bad games in the corpus");
      ours.push_back(o.seconds);
      theirs.push_back(t.seconds);
    }
    double o = median(ours), t = median(theirs);
    fmt::print("PGN check of {} games ({:.1f} MB), whole processes, median of {} runs\n", games, bytes / 1e6, runs);
    fmt::print("  parley pgn check     {:>7.3f} s  {:>8.0f} games/s\n", o, games / o);
    fmt::print("  pgn-extract -r -s    {:>7.3f} s  {:>8.0f} games/s\n", t, games / t);
    fmt::print("  ratio (parley rate / pgn-extract rate) {:.2f}   (target >= 1)\n", t / o);
  }
  return 0;
}
