#include "lobby/client/enet_init.hpp"

#include <enet/enet.h>

#include <cstdlib>

namespace parley::lobby {

bool ensure_enet() {
  static const bool ready = [] {
    if (enet_initialize() != 0) return false;
    std::atexit(enet_deinitialize);
    return true;
  }();
  return ready;
}

}  // namespace parley::lobby
