#pragma once
// A drawing of the test map of tests/peer/risiko_users_map.hpp, as a person who made that map
// would keep it (<data>/risiko-shapes/): nine squares, three islands.
#include <string_view>

namespace parley::ui::testing {

inline constexpr std::string_view kIslandsShapes = R"(risiko-shapes 1
# A drawing of kIslandsMap: three islands of three squares.
size 64 20
territory n1 2 2 8 2 8 8 2 8
territory n2 10 2 16 2 16 8 10 8
territory n3 2 10 8 10 8 16 2 16
territory s1 26 2 32 2 32 8 26 8
territory s2 34 2 40 2 40 8 34 8
territory s3 26 10 32 10 32 16 26 16
territory e1 50 2 56 2 56 8 50 8
territory e2 58 2 64 2 64 8 58 8
territory e3 50 10 56 10 56 16 50 16
)";

}  // namespace parley::ui::testing
