#include "bench/chess/random_games.hpp"

#include <cstdio>
#include <stdexcept>

#include "game/chess/pgn.hpp"

namespace parley::bench {

using namespace game::chess;

namespace {

// splitmix64: tiny, fast and identical everywhere.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t s_;
};

}  // namespace

CorpusStats write_random_games(const std::string& path, std::size_t games, std::uint64_t seed) {
  std::FILE* out = std::fopen(path.c_str(), "w");
  if (!out) throw std::runtime_error("cannot write " + path);
  Rng rng(seed);
  CorpusStats stats;
  for (std::size_t i = 0; i < games; ++i) {
    Game game;
    pgn::Game record;
    while (!game.result() && game.moves().size() < 400) {
      MoveList moves(game.position());
      Move m = moves[rng.below(moves.size())];
      pgn::Node node{m, {}, {}, {}};
      if (rng.below(40) == 0) node.nags.push_back(static_cast<std::uint8_t>(1 + rng.below(6)));
      if (rng.below(60) == 0) node.comments.push_back("a random move, chosen among " + std::to_string(moves.size()));
      if (rng.below(80) == 0 && moves.size() > 1) {
        Move alt = moves[rng.below(moves.size())];
        if (!(alt == m)) node.variations.push_back(pgn::Line{{}, {pgn::Node{alt, {}, {}, {}}}});
      }
      record.main.nodes.push_back(std::move(node));
      game = *game.apply({Action::Kind::move, seat_of(game.position().side_to_move()), m, 0});
    }
    record.result = !game.result() ? "*" : !game.result()->winner ? "1/2-1/2"
                                      : *game.result()->winner == Color::white ? "1-0" : "0-1";
    record.tags = {{"Event", "parley random games"}, {"Site", "bench"}, {"Date", "2026.11.30"},
                   {"Round", std::to_string(i + 1)}, {"White", "random"}, {"Black", "random"},
                   {"Result", record.result}};
    stats.plies += record.main.nodes.size();
    std::string text = pgn::write(record);
    std::fwrite(text.data(), 1, text.size(), out);
    ++stats.games;
  }
  std::fclose(out);
  return stats;
}

}  // namespace parley::bench
