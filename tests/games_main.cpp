// The main of the test binaries that play games: it registers them as the programs do
// (games/register.hpp; PARLEY_REGISTER_GAMES names the level), then runs GoogleTest.
#include <gmock/gmock.h>

#include "games/register.hpp"

int main(int argc, char** argv) {
  parley::games::PARLEY_REGISTER_GAMES();
  testing::InitGoogleMock(&argc, argv);
  return RUN_ALL_TESTS();
}
