#pragma once
// "Did you mean …?": the words closest to a mistyped one, by Damerau–Levenshtein distance
// (insertions, deletions, substitutions and transpositions of adjacent letters each cost 1, and
// a transposed pair may be edited further, unlike the restricted "optimal string alignment").
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace parley::cli {

// The Damerau–Levenshtein distance between two byte strings (ASCII case ignored).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The largest distance at which a word still counts as a typo of `typed`: 1 for words of up to
// 4 letters, 2 up to 8, then 3.
std::size_t typo_tolerance(std::string_view typed);

// The candidates nearest to `typed` within its tolerance, in their given order (several when
// they tie); a candidate that `typed` is the start of (four letters or more) counts as at
// distance 1, and one that differs only in case at distance 0. Empty when nothing is close.
std::vector<std::string> closest_words(std::string_view typed, std::span<const std::string> candidates);

}  // namespace parley::cli
