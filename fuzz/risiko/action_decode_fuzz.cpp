// decode_action on arbitrary bytes: never a crash or an unbounded allocation; what decodes
// re-encodes to the same bytes (the encoding is canonical); and the engine, given the decoded
// action in a game in progress, either applies it or names the reason it is illegal.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "game/risiko/builtin_maps.hpp"
#include "game/risiko/engine.hpp"
#include "game/risiko/setup.hpp"

namespace {
using namespace parley::game;
using namespace parley::game::risiko;

// A 4-player game after the initial placement, the same on every run.
const State& game_in_progress() {
  static const State state = [] {
    std::uint64_t x = 12345;
    auto draw = [&](std::uint32_t bound) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      return static_cast<std::uint32_t>((x >> 33) % bound);
    };
    const std::vector<Colour> colours = {Colour::yellow, Colour::blue, Colour::red, Colour::black};
    auto s = play(new_game(classic_world()), deal_game(*classic_world(), colours, draw));
    if (!s) std::abort();
    State st = std::move(s).value().state;
    for (std::uint8_t seat = 0; seat < 4; ++seat)
      for (std::size_t t = 0; t < st.table.countries.size(); ++t)
        if (st.table.countries[t].owner == Seat{seat}) {
          const std::uint32_t n = st.table.player(Seat{seat}).armies_to_place;
          auto r = play(st, PlaceArmies{Seat{seat}, {{TerritoryId{static_cast<std::uint8_t>(t)}, n}}});
          if (!r) std::abort();
          st = std::move(r).value().state;
          break;
        }
    return st;
  }();
  return state;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto action = decode_action({data, size});
  if (!action) return 0;
  const Bytes again = encode_action(*action);
  if (again.size() != size || !std::equal(again.begin(), again.end(), data)) std::abort();
  auto step = play(game_in_progress(), *action);
  if (!step) (void)describe(step.error());
  return 0;
}
