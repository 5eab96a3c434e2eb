// Gunjin's session-layer decoders (peer/session/gunjin_messages.hpp): game messages, hidden and
// open setups, end-of-game openings and room options either fail with a typed error or decode
// to a value whose encoding is exactly the input. Every game message is then handed, from each
// seat, to GunjinRules in play (both armies proven), which must refuse or apply it without harm.
#include <algorithm>
#include <cstdlib>
#include <random>

#include "games/gunjin/gunjin_strategy.hpp"
#include "peer/session/gunjin_rules.hpp"

using namespace parley;
using namespace parley::peer;

namespace {

void expect_same(std::span<const std::uint8_t> in, std::span<const std::uint8_t> out) {
  if (!std::equal(in.begin(), in.end(), out.begin(), out.end())) std::abort();
}

// Rules in play: setups in, the game begun, both army proofs accepted.
GunjinRules rules_in_play() {
  GunjinRules rules{GunjinRoomOptions{}};
  GameStart start;
  start.session.bytes.fill(0x5E);
  std::mt19937_64 rng(1);
  std::array<CommittedArmy, 2> armies;
  for (std::uint8_t s = 0; s < 2; ++s) {
    armies[s] = commit_army(random_layout(rng));
    if (!rules.setup(game::Seat{s}, encode_hidden_setup(armies[s].commitments))) std::abort();
  }
  rules.begin(start);
  for (std::uint8_t s = 0; s < 2; ++s) {
    auto proof = prove_army(start.session, game::Seat{s}, armies[s].commitments, armies[s].openings);
    if (!proof) std::abort();
    if (!rules.act(game::Seat{s}, encode(GunjinMessage{ArmyMessage{*proof}}), ActionContext{})) std::abort();
  }
  return rules;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const GunjinRules in_play = rules_in_play();
  std::span<const std::uint8_t> in(data, size);

  if (auto m = decode_gunjin_message(in)) {
    expect_same(in, encode(*m));
    for (std::uint8_t s = 0; s < 2; ++s) {
      GunjinRules rules = in_play;
      (void)rules.describe_action(game::Seat{s}, in);
      if (rules.act(game::Seat{s}, in, ActionContext{})) (void)rules.public_state_hash();
    }
  }
  if (auto setup = decode_hidden_setup(in)) expect_same(in, encode_hidden_setup(*setup));
  if (auto layout = decode_open_setup(in)) expect_same(in, encode_open_setup(*layout));
  if (auto openings = decode_army_openings(in)) expect_same(in, encode_army_openings(*openings));
  if (auto options = decode_gunjin_room_options(in); options && !in.empty()) expect_same(in, encode(*options));
  return 0;
}
