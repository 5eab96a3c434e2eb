#pragma once
// Reproducible PGN corpora for benchmarks: random legal games, each played to its end (or 400
// half-moves), with tags, and now and then a comment, a NAG or a short variation, so that the
// readers being compared do real parsing work. The same seed always gives the same bytes.
#include <cstdint>
#include <string>

namespace parley::bench {

struct CorpusStats {
  std::size_t games = 0;
  std::size_t plies = 0;
};

CorpusStats write_random_games(const std::string& path, std::size_t games, std::uint64_t seed);

}  // namespace parley::bench
