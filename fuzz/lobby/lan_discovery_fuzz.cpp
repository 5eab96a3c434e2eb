// LAN discovery datagrams, as a lobby (probes) and a client (answers) read them from anyone on
// the network: decoding is bounded and canonical, and an answer is never larger than a probe.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "lobby/protocol/lan_discovery.hpp"

using namespace parley::lobby;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> in(data, size);
  if (auto probe = decode_lan_probe(in); probe.ok()) {
    Bytes again = encode(*probe);
    if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
  }
  if (auto answer = decode_lan_answer(in); answer.ok()) {
    Bytes again = encode(*answer);
    if (!std::equal(again.begin(), again.end(), in.begin(), in.end())) std::abort();
    if (again.size() > kLanProbeBytes || answer->lobby_port == 0) std::abort();
    auto clean = sanitize_lan_name(answer->name);
    if (!clean.ok() || *clean != answer->name) std::abort();
  }
  return 0;
}
