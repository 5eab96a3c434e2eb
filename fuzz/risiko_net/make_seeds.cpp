// risiko_fuzz_seeds DIR: writes the seeds of risiko_session_fuzz into DIR/risiko_session_fuzz/,
// from four-seat games between bots over the fake lobby (tests/peer/risiko_table.hpp): the
// opening of an honest game, up to the end of its second round of turns, and a game in which a
// seat's shares for a card being dealt cross the card holder's leave (ignored as late), with a
// few more rounds after it. Each must have nobody blamed, and the target must follow it to the
// state its game reached, or no seed is written.
#include <cstdio>
#include <filesystem>

#include "fuzz/peer/seed_file.hpp"
#include "fuzz/peer/session_stream.hpp"
#include "games/register.hpp"
#include "tests/peer/risiko_table.hpp"

namespace fs = std::filesystem;
using namespace parley;
using namespace parley::peer;

namespace {

constexpr std::size_t kSeats = 4;
constexpr std::uint32_t kTurns = 2 * kSeats + 1;  // into the third round
constexpr std::size_t kRoundsAfterTheCrossing = 8;

bool write_seed(const fs::path& dir, const char* name, const testing::RisikoTable& t) {
  if (!t.blames().empty()) {
    std::fprintf(stderr, "risiko_fuzz_seeds: %s: seat %u was blamed: %s\n", name, unsigned{t.blames().front().seat.index},
                 t.blames().front().detail.c_str());
    return false;
  }
  if (!fuzzing::fits_the_stream(t.lobby.entries())) {
    std::fprintf(stderr, "risiko_fuzz_seeds: %s: a message is longer than a stream record holds\n", name);
    return false;
  }
  const game::Bytes stream = fuzzing::stream_of(t.lobby.entries());
  testing::FakeLobby replay(kSeats, RoomOptions{}, std::string(risiko::kRisikoGame));
  if (fuzzing::replay_stream(replay, stream) != t.session->state_hash()) {
    std::fprintf(stderr, "risiko_fuzz_seeds: %s: risiko_session_fuzz does not follow the seed to its game's state\n", name);
    return false;
  }
  fuzzing::write_seed_file(dir, name, stream);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  parley::games::register_modules();
  if (argc != 2) {
    std::fprintf(stderr, "usage: risiko_fuzz_seeds DIR\n");
    return 2;
  }
  const fs::path dir = fs::path(argv[1]) / "risiko_session_fuzz";

  testing::RisikoTable bots(kSeats);
  if (!bots.run_until([&] { return bots.rules().state().table.turn >= kTurns; })) {
    std::fprintf(stderr, "risiko_fuzz_seeds: the game ended or stalled before turn %u\n", kTurns);
    return 1;
  }
  if (!write_seed(dir, "bots", bots)) return 1;

  testing::CrossedShares crossed(false);
  testing::RisikoTable& t = crossed.table;
  if (!crossed.reached() || t.session->events().back().kind != SessionEvent::Kind::ignored) {
    std::fprintf(stderr, "risiko_fuzz_seeds: the crossing shares were not ignored as late\n");
    return 1;
  }
  for (std::size_t i = 0; i < kRoundsAfterTheCrossing && t.round(); ++i) {
  }
  return write_seed(dir, "crossing_shares", t) ? 0 : 1;
}
