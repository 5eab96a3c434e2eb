// gunjin_fuzz_seeds DIR: writes the seed of gunjin_session_fuzz into DIR/gunjin_session_fuzz/:
// a game between two tracking bots over the fake lobby (tests/peer/gunjin/gunjin_table.hpp),
// through setup, the army proofs and the moves up to its second battle, then cut short by a
// resignation (so the seed stays small and quick to run) and taken through the reveal and both
// results; and a game in which a draw offer crosses the move that starts a battle (ignored as
// late), ended the same way. Each must end complete with both seats honest, and the target must
// follow it to that end, or no seed is written.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "fuzz/peer/seed_file.hpp"
#include "fuzz/peer/session_stream.hpp"
#include "games/register.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"

namespace fs = std::filesystem;
using namespace parley;
using namespace parley::peer;

namespace {

// Battles settled before the resignation, and a bound on the posts to reach them.
constexpr std::size_t kBattles = 2;
constexpr std::size_t kMaxPosts = 2000;

std::size_t battles(const GunjinRules& rules) {
  return static_cast<std::size_t>(std::count_if(rules.history().begin(), rules.history().end(), [](const auto& a) {
    const auto* play = std::get_if<game::gunjin::Play>(&a.body);
    return play && play->battle;
  }));
}

// Whether the game ended complete, nobody blamed, every message within a stream record's
// bounds; what went wrong is said on stderr.
bool ends_honestly(const testing::GunjinTable& t) {
  for (const Seat s : {testing::kFirst, testing::kSecond})
    if (const auto& blame = t.session->seat(s).blame) {
      std::fprintf(stderr, "gunjin_fuzz_seeds: seat %u was blamed: %s\n", unsigned{s.index}, blame->detail.c_str());
      return false;
    }
  if (t.session->phase() != Phase::complete) {
    std::fprintf(stderr, "gunjin_fuzz_seeds: the game ended in phase %s, not complete\n",
                 std::string(describe(t.session->phase())).c_str());
    return false;
  }
  if (!fuzzing::fits_the_stream(t.lobby.entries())) {
    std::fprintf(stderr, "gunjin_fuzz_seeds: a message is longer than a stream record holds (%zu bytes)\n",
                 fuzzing::kMaxStreamBody);
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  parley::games::register_modules();
  if (argc != 2) {
    std::fprintf(stderr, "usage: gunjin_fuzz_seeds DIR\n");
    return 2;
  }
  testing::GunjinTable t(testing::tracking_agent(1), testing::tracking_agent(2));
  const auto ready_to_resign = [&] {
    return t.session->phase() == Phase::play && battles(t.rules()) >= kBattles && !t.rules().duel();
  };
  std::size_t posts = 0;
  for (std::size_t made = 1; made > 0 && posts < kMaxPosts && !ready_to_resign(); posts += made) made = t.run(1);
  if (!ready_to_resign()) {
    std::fprintf(stderr, "gunjin_fuzz_seeds: no %zu settled battles in play after %zu posts\n", kBattles, posts);
    return 1;
  }
  t.post(testing::kFirst, ActionMessage{t.session->state_hash(), encode(GunjinMessage{ResignMessage{}})});
  t.run();
  // A draw offer that crosses the move starting a battle (ignored as late), then the same end.
  testing::CrossedOffer crossed(false);
  testing::GunjinTable& c = crossed.table;
  const bool ignored = crossed.offer_index != 0 && !c.session->seat(crossed.offerer).blame &&
                       c.session->events().back().kind == SessionEvent::Kind::ignored;
  if (!ignored) {
    std::fprintf(stderr, "gunjin_fuzz_seeds: the crossing draw offer was not ignored as late\n");
    return 1;
  }
  for (std::size_t made = 1; made > 0 && c.rules().duel();) made = c.run(1);  // the battle settled
  c.post(testing::kFirst, ActionMessage{c.session->state_hash(), encode(GunjinMessage{ResignMessage{}})});
  c.run();
  const fs::path dir = fs::path(argv[1]) / "gunjin_session_fuzz";
  for (const auto& [name, table] : {std::pair{"tracking_bots", &t}, std::pair{"crossing_offer", &c}}) {
    if (!ends_honestly(*table)) return 1;
    const game::Bytes stream = fuzzing::stream_of(table->lobby.entries());
    testing::FakeLobby replay(2, testing::gunjin_room(), std::string(kGunjinGame));
    if (fuzzing::replay_stream(replay, stream) != table->session->state_hash()) {
      std::fprintf(stderr, "gunjin_fuzz_seeds: %s: gunjin_session_fuzz does not follow the seed to its game's end\n", name);
      return 1;
    }
    fuzzing::write_seed_file(dir, name, stream);
  }
  return 0;
}
