// For the fuzz targets that run sessions: the games registered as parley-lobby registers them
// (games/register.hpp), before libFuzzer's first input.
#include "games/register.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  parley::games::register_modules();
  return 0;
}
