#pragma once
// ENet keeps process-wide state; enet_initialize() must run once before any host is created.

namespace parley::lobby {

// Initialises ENet on the first call (thread-safe); false if ENet could not start.
bool ensure_enet();

}  // namespace parley::lobby
