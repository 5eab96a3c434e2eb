#include "cli/suggest.hpp"

#include <algorithm>
#include <array>
#include <limits>

namespace parley::cli {

namespace {

unsigned char folded(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 'A' && u <= 'Z' ? static_cast<unsigned char>(u + 32) : u;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Lowrance and Wagner's algorithm (1975): d[i+1][j+1] over a's first i and b's first j bytes,
  // with a row and a column of "infinity" in front; last_row[c] is the last row of a holding
  // byte c, so a transposition may span any edits between the pair.
  const std::size_t n = a.size(), m = b.size(), inf = n + m + 1;
  std::vector<std::size_t> d((n + 2) * (m + 2), 0);
  auto at = [&](std::size_t i, std::size_t j) -> std::size_t& { return d[i * (m + 2) + j]; };
  at(0, 0) = inf;
  for (std::size_t i = 0; i <= n; ++i) {
    at(i + 1, 0) = inf;
    at(i + 1, 1) = i;
  }
  for (std::size_t j = 0; j <= m; ++j) {
    at(0, j + 1) = inf;
    at(1, j + 1) = j;
  }
  std::array<std::size_t, 256> last_row{};
  for (std::size_t i = 1; i <= n; ++i) {
    std::size_t last_match_column = 0;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t k = last_row[folded(b[j - 1])], l = last_match_column;
      const bool same = folded(a[i - 1]) == folded(b[j - 1]);
      if (same) last_match_column = j;
      at(i + 1, j + 1) = std::min({at(i, j) + (same ? 0 : 1), at(i + 1, j) + 1, at(i, j + 1) + 1,
                                   at(k, l) + (i - k - 1) + 1 + (j - l - 1)});
    }
    last_row[folded(a[i - 1])] = i;
  }
  return at(n + 1, m + 1);
}

std::size_t typo_tolerance(std::string_view typed) { return typed.size() <= 4 ? 1 : typed.size() <= 8 ? 2 : 3; }

std::vector<std::string> closest_words(std::string_view typed, std::span<const std::string> candidates) {
  std::vector<std::string> best;
  std::size_t best_distance = typo_tolerance(typed);
  for (const std::string& word : candidates) {
    std::size_t d = edit_distance(typed, word);
    const bool starts = typed.size() >= 4 && word.size() > typed.size() &&
                        std::equal(typed.begin(), typed.end(), word.begin(), [](char x, char y) { return folded(x) == folded(y); });
    if (starts) d = std::min<std::size_t>(d, 1);
    if (d > best_distance) continue;
    if (d < best_distance) best.clear();
    best_distance = d;
    best.push_back(word);
  }
  return best;
}

}  // namespace parley::cli
