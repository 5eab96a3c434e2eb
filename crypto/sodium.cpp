#include "crypto/sodium.hpp"

#include <sodium.h>

#include <cstdio>
#include <cstdlib>

namespace parley::crypto {

void ensure_sodium() {
  // A function-local static is initialised exactly once, thread-safely (C++11 [stmt.dcl]).
  static const bool ready = [] {
    if (sodium_init() < 0) {
      std::fputs("parley: libsodium failed to initialise\n", stderr);
      std::abort();
    }
    return true;
  }();
  (void)ready;
}

}  // namespace parley::crypto
