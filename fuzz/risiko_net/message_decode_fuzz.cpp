// Risiko's session messages (peer/session/risiko_messages.hpp) on arbitrary bytes: decoding
// never crashes or allocates beyond its bounds; what decodes re-encodes to the same bytes (the
// encoding is canonical); and RisikoRules, at the start of a game, either takes the message or
// names the reason it refuses it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "peer/session/risiko_rules.hpp"

namespace {
using namespace parley;
using namespace parley::peer;
using namespace parley::peer::risiko;

// A 3-seat game that has just begun (the keys stage), the same on every run.
RisikoRules fresh_game() {
  auto made = make_risiko_rules(3, RoomOptions{});
  if (!made) std::abort();
  std::unique_ptr<GameRules> rules = std::move(made).value();
  GameStart start;
  start.session.bytes.fill(0x5E);
  start.seed.bytes.fill(0x17);
  start.setups.resize(3);
  rules->begin(start);
  return std::move(dynamic_cast<RisikoRules&>(*rules));
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> bytes(data, size);
  auto message = decode_message(bytes);
  if (message) {
    const Bytes again = encode(*message);
    if (again.size() != size || !std::equal(again.begin(), again.end(), data)) std::abort();
  }
  static const RisikoRules start = fresh_game();
  RisikoRules rules = start;
  const Seat seat{static_cast<std::uint8_t>(size % 3)};
  (void)rules.describe_action(seat, bytes);
  auto verdict = rules.act(seat, bytes, ActionContext{});
  if (!verdict && rules.describe_refusal(verdict.error()).empty()) std::abort();
  return 0;
}
