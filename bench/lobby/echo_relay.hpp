#pragma once
// The anchor: a bare ENet relay with no checks, no crypto and no storage. A connection's first
// packet (u32 room) puts it in a room; every later packet is re-sent as it is to every member of
// the sender's room (the sender included), exactly the delivery pattern of the lobby's relay.
// It is the physical limit of ENet relaying on this machine, measured in the same run.
#include <atomic>
#include <cstdint>
#include <thread>

#include "lobby/protocol/endpoint.hpp"

typedef struct _ENetHost ENetHost;

namespace parley::lobby::bench {

class EchoRelay {
 public:
  EchoRelay();  // binds 127.0.0.1 on a free port and starts serving on its own thread
  ~EchoRelay();
  EchoRelay(const EchoRelay&) = delete;
  EchoRelay& operator=(const EchoRelay&) = delete;
  Endpoint endpoint() const { return endpoint_; }

 private:
  void serve();
  ENetHost* host_ = nullptr;
  Endpoint endpoint_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace parley::lobby::bench
