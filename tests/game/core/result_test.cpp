#include "game/core/result.hpp"

#include <gtest/gtest.h>

#include <string>

namespace parley::game {
namespace {

enum class Why { odd };

Result<int, Why> half(int n) {
  if (n % 2 != 0) return Why::odd;
  return n / 2;
}

TEST(Result, CarriesTheValueOrTheTypedReason) {
  auto ok = half(8);
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, 4);
  auto bad = half(7);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), Why::odd);
}

TEST(Result, MovesItsValueOut) {
  Result<std::string, Why> r(std::string(100, 'x'));
  std::string s = std::move(r).value();
  EXPECT_EQ(s.size(), 100U);
}

}  // namespace
}  // namespace parley::game
