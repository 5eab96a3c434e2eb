#pragma once
// A map of a user's own for the tests (none of the shipped maps): three islands of three
// territories joined in a ring, for three players. Line 16 is its first border.
#include <string_view>

namespace parley::peer::testing {

inline constexpr std::string_view kIslandsMap = R"(risiko-map 1
# Three islands of three, joined in a ring.
name "Three Islands"
continent north 2 "North"
continent south 2 "South"
continent east  3 "East"
territory n1 north infantry "N1"
territory n2 north cavalry "N2"
territory n3 north artillery "N3"
territory s1 south infantry "S1"
territory s2 south cavalry "S2"
territory s3 south artillery "S3"
territory e1 east infantry "E1"
territory e2 east cavalry "E2"
territory e3 east artillery "E3"
border n1 n2
border n2 n3
border n3 n1
border s1 s2
border s2 s3
border s3 s1
border e1 e2
border e2 e3
border e3 e1
border n3 s1
border s3 e1
border e3 n1
jokers 1
start_armies 3 12
mission occupy 7
mission continents north east
mission continents south east
mission destroy red else occupy 6
)";

}  // namespace parley::peer::testing
