// "Did you mean": the Damerau–Levenshtein distance and the suggestions drawn from it.
#include <gtest/gtest.h>

#include "cli/suggest.hpp"

namespace parley::cli {
namespace {

TEST(EditDistance, CountsEachKindOfEditOnce) {
  EXPECT_EQ(edit_distance("verify", "verify"), 0u);
  EXPECT_EQ(edit_distance("verfy", "verify"), 1u);   // a deletion
  EXPECT_EQ(edit_distance("veriffy", "verify"), 1u); // an insertion
  EXPECT_EQ(edit_distance("varify", "verify"), 1u);  // a substitution
  EXPECT_EQ(edit_distance("vreify", "verify"), 1u);  // an adjacent transposition
  EXPECT_EQ(edit_distance("", "host"), 4u);
  EXPECT_EQ(edit_distance("host", ""), 4u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);  // Levenshtein's textbook pair
  EXPECT_EQ(edit_distance("VERIFY", "verify"), 0u);   // ASCII case is ignored
}

TEST(EditDistance, IsTheUnrestrictedDamerauDistanceNotOptimalStringAlignment) {
  // "ca" → "ac" → "abc": a transposition, then an insertion between the pair. Optimal string
  // alignment may not edit a transposed pair again and counts 3.
  EXPECT_EQ(edit_distance("ca", "abc"), 2u);
  EXPECT_EQ(edit_distance("abc", "ca"), 2u);
}

TEST(EditDistance, IsSymmetric) {
  const std::vector<std::string> words{"chess", "pgn", "risiko", "bot", "play", "rooms", "lan", "watch", "verify", "log"};
  for (const auto& a : words)
    for (const auto& b : words) EXPECT_EQ(edit_distance(a, b), edit_distance(b, a)) << a << " " << b;
}

const std::vector<std::string> kCommands{"chess", "pgn", "risiko", "bot", "play", "rooms", "lan", "watch",
                                         "verify", "log", "archive", "host", "client"};

TEST(ClosestWords, SuggestsTheNearestCommand) {
  EXPECT_EQ(closest_words("verfy", kCommands), std::vector<std::string>{"verify"});
  EXPECT_EQ(closest_words("hsot", kCommands), std::vector<std::string>{"host"});
  EXPECT_EQ(closest_words("rooom", kCommands), std::vector<std::string>{"rooms"});
  EXPECT_EQ(closest_words("Chess", kCommands), std::vector<std::string>{"chess"});  // commands are lower case
  EXPECT_EQ(closest_words("archi", kCommands), std::vector<std::string>{"archive"});  // a start of one
}

TEST(ClosestWords, ListsTiesInTheirOrderAndNothingFarAway) {
  EXPECT_EQ(closest_words("lag", kCommands), (std::vector<std::string>{"lan", "log"}));
  EXPECT_TRUE(closest_words("xyzzy", kCommands).empty());
  EXPECT_TRUE(closest_words("", kCommands).empty());
  // Two edits are too many for a short word, not for a longer one.
  EXPECT_TRUE(closest_words("bxx", kCommands).empty());
  EXPECT_EQ(closest_words("arhcvie", kCommands), std::vector<std::string>{"archive"});
}

TEST(TypoTolerance, GrowsWithTheWord) {
  EXPECT_EQ(typo_tolerance("log"), 1u);
  EXPECT_EQ(typo_tolerance("verify"), 2u);
  EXPECT_EQ(typo_tolerance("standings"), 3u);
}

}  // namespace
}  // namespace parley::cli
