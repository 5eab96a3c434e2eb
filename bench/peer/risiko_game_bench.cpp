// Risiko with no trusted host against the rules engine alone, in one run (docs/performance.md,
// "Risiko protocol"). Whole games of heuristic bots (games/risiko/risiko_bot) are played through the
// session layer with all the seats' peers in this process, each with its own Session that
// applies and checks every entry (as every live peer does), over the fake lobby of the tests
// (every entry signed as parley-lobby signs it). Then each game's engine actions are played
// again by game/risiko alone. Reported, per stage of the setup (session setup and beacon, deck
// keys, the two decks shuffled and proven by every seat, the missions dealt), for the initial
// placement and per turn of play: the wall time and the CPU time of all the peers together on
// one thread (each message made by its sender and checked by every peer, plus the lobby's
// signing), what of the CPU time is making and what checking, the messages and the bytes on the
// wire; the engine alone on the same actions (CPU time); and a crypto_scalarmult_ristretto255
// anchor (CPU time) measured in the same run. On a loaded machine the wall time also counts the
// time other processes held the cores; the CPU times do not.
//
//   risiko_game_bench [--games N] [--seats 3..6] [--seed S]
#include <sodium.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "game/risiko/engine.hpp"
#include "games/register.hpp"
#include "games/risiko/module.hpp"
#include "games/risiko/risiko_bot.hpp"
#include "tests/peer/fake_lobby.hpp"

using namespace parley;
using namespace parley::peer;
using Clock = std::chrono::steady_clock;
namespace rk = game::risiko;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// This thread's CPU time in milliseconds.
double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1000.0 + static_cast<double>(t.tv_nsec) / 1e6;
}

// A variable-base scalar multiplication (CPU time), the unit of this run.
double anchor_ms() {
  std::array<unsigned char, crypto_core_ristretto255_SCALARBYTES> n{};
  std::array<unsigned char, crypto_core_ristretto255_BYTES> p{}, q{};
  crypto_core_ristretto255_random(p.data());
  crypto_core_ristretto255_scalar_random(n.data());
  constexpr int kRounds = 2000;
  const double start = cpu_ms();
  for (int i = 0; i < kRounds; ++i) {
    if (crypto_scalarmult_ristretto255(q.data(), n.data(), p.data()) != 0) std::abort();
    n[0] ^= q[0];
  }
  return (cpu_ms() - start) / kRounds;
}

// One part of a game: its wall time (all peers and the lobby, one thread), what of it went into
// making messages and into checking them (summed over every peer), its entries and bytes.
struct Part {
  double wall_ms = 0, cpu_ms = 0, make_ms = 0, check_ms = 0;
  std::size_t messages = 0, body_bytes = 0, entry_bytes = 0;
  void operator+=(const Part& o) {
    wall_ms += o.wall_ms;
    cpu_ms += o.cpu_ms;
    make_ms += o.make_ms;
    check_ms += o.check_ms;
    messages += o.messages;
    body_bytes += o.body_bytes;
    entry_bytes += o.entry_bytes;
  }
};

// Where an entry belongs, by the stage the game was in when it was posted.
enum class Bucket : std::uint8_t { session, keys, decks, missions, placement, turns, end };
constexpr std::array<const char*, 7> kBucketNames = {"session setup + beacon", "deck keys",
                                                     "decks shuffled and proven", "missions dealt",
                                                     "initial placement", "turns of play",
                                                     "end (results signed)"};

Bucket bucket_of(const Session& s) {
  if (s.phase() != Phase::play) return s.phase() == Phase::setup || s.phase() == Phase::beacon ? Bucket::session : Bucket::end;
  const auto& rules = parley::games::risiko::rules_of(s);
  if (!rules.started()) return Bucket::session;
  switch (rules.stage()) {
    case risiko::Stage::keys: return Bucket::keys;
    case risiko::Stage::decks: return Bucket::decks;
    case risiko::Stage::missions: return Bucket::missions;
    case risiko::Stage::placement_commit:
    case risiko::Stage::placement_reveal: return Bucket::placement;
    case risiko::Stage::play: return Bucket::turns;
    case risiko::Stage::over: return Bucket::end;
  }
  return Bucket::end;
}

struct Game {
  std::array<Part, 7> parts;
  std::uint32_t turns = 0;
  std::vector<rk::Action> actions;
  std::shared_ptr<const rk::World> world;
  rk::Options options;
  std::uint64_t public_hash = 0;
};

// One game: every seat's peer runs its own Session; each entry is made by its sender and
// applied by every peer.
Game play(std::size_t seats, std::uint64_t seed) {
  // Every game differs: the seats' beacon values and deck keys are fresh random secrets.
  testing::FakeLobby lobby(seats, RoomOptions{}, "risiko");
  std::vector<Session> peers;
  std::vector<LocalSeat> locals;
  std::vector<std::unique_ptr<risiko::RisikoBot>> bots;
  for (std::uint8_t i = 0; i < seats; ++i) {
    peers.push_back(Session::start(lobby.genesis(), lobby.now()).value());
    locals.push_back(LocalSeat::create(lobby.genesis().session_id, Seat{i}));
    bots.push_back(std::make_unique<risiko::RisikoBot>());
  }
  Game g;
  bool progress = true;
  while (progress && peers[0].phase() != Phase::complete && lobby.entries().size() < 200000) {
    progress = false;
    for (std::uint8_t i = 0; i < seats && peers[0].phase() != Phase::complete; ++i) {
      const Seat me{i};
      Session& mine = peers[i];
      const auto start = Clock::now();
      const double cpu_start = cpu_ms();
      const Bucket bucket = bucket_of(peers[0]);
      std::optional<Message> m;
      if (auto duty = locals[i].duty(mine, "bot " + std::to_string(i))) {
        m = std::move(duty);
      } else if (mine.phase() == Phase::play && !mine.seat(me).out()) {
        if (auto game_message = bots[i]->act(mine, me)) m = ActionMessage{mine.state_hash(), std::move(*game_message)};
      }
      const double make = cpu_ms() - cpu_start;
      if (!m) continue;
      lobby.advance(10);
      const lobby::SignedEntry& entry = lobby.post(me, *m);
      const double checking = cpu_ms();
      for (Session& peer : peers) peer.apply(entry);
      const double check = cpu_ms() - checking;
      Part& part = g.parts[static_cast<std::size_t>(bucket)];
      part.wall_ms += ms_since(start);
      part.cpu_ms += cpu_ms() - cpu_start;
      part.make_ms += make;
      part.check_ms += check;
      part.messages += 1;
      part.body_bytes += std::get<lobby::SignedEnvelope>(entry.entry.payload).envelope.body.size();
      part.entry_bytes += lobby::encode_signed_entry(entry).size();
      progress = true;
    }
  }
  const auto& rules = parley::games::risiko::rules_of(peers[0]);
  for (const Session& p : peers)
    if (p.state_hash() != peers[0].state_hash()) std::fprintf(stderr, "the peers disagree\n"), std::exit(1);
  for (std::uint8_t i = 0; i < seats; ++i)
    if (peers[0].seat(Seat{i}).blame) std::fprintf(stderr, "seat %d blamed\n", i), std::exit(1);
  if (peers[0].phase() != Phase::complete || !rules.deck_alive()) {
    std::fprintf(stderr, "game %llu did not end honestly\n", static_cast<unsigned long long>(seed));
    std::exit(1);
  }
  g.turns = rules.state().table.turn;
  g.actions = rules.history();
  g.world = rules.state().world;
  g.options = rules.state().options;
  g.public_hash = rk::Risiko::hash(rules.state());
  return g;
}

// The same game for the engine alone: its actions applied from new_game, timed in the same
// buckets (the deal and the initial placement, then the turns).
std::pair<double, double> engine_alone(const Game& g) {
  rk::State s = rk::new_game(g.world, g.options);
  double setup_ms = 0, turns_ms = 0;
  for (const rk::Action& a : g.actions) {
    const bool in_turns = s.table.turn >= 1;
    const double start = cpu_ms();
    auto step = rk::play(s, a);
    if (!step) std::fprintf(stderr, "the engine refused an action\n"), std::exit(1);
    s = std::move(step->state);
    (in_turns ? turns_ms : setup_ms) += cpu_ms() - start;
  }
  if (rk::Risiko::hash(s) != g.public_hash) std::fprintf(stderr, "the engine alone reached another state\n"), std::exit(1);
  return {setup_ms, turns_ms};
}

}  // namespace

int main(int argc, char** argv) {
  parley::games::register_modules();
  int games = 3;
  std::size_t seats = 6;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--games") == 0) games = std::atoi(argv[i + 1]);
    else if (std::strcmp(argv[i], "--seats") == 0) seats = static_cast<std::size_t>(std::atoi(argv[i + 1]));
    else if (std::strcmp(argv[i], "--seed") == 0) seed = std::strtoull(argv[i + 1], nullptr, 10);
  }
  if (sodium_init() < 0 || games < 1 || seats < 3 || seats > 6) return 1;
  const double anchor_before = anchor_ms();
  std::array<Part, 7> total{};
  std::uint64_t turns = 0;
  double engine_setup_ms = 0, engine_turns_ms = 0;
  std::vector<double> setups, setup_cpus;
  for (int n = 0; n < games; ++n) {
    const Game g = play(seats, seed + static_cast<std::uint64_t>(n));
    for (std::size_t b = 0; b < total.size(); ++b) total[b] += g.parts[b];
    setups.push_back(g.parts[0].wall_ms + g.parts[1].wall_ms + g.parts[2].wall_ms + g.parts[3].wall_ms);
    setup_cpus.push_back(g.parts[0].cpu_ms + g.parts[1].cpu_ms + g.parts[2].cpu_ms + g.parts[3].cpu_ms);
    turns += g.turns;
    const auto [setup, play_ms] = engine_alone(g);
    engine_setup_ms += setup;
    engine_turns_ms += play_ms;
  }
  const double anchor = (anchor_before + anchor_ms()) / 2;
  const double n = games;

  std::printf("%d games of %zu seats, %llu turns; all %zu peers in this process, one thread; anchor (variable-base "
              "scalar multiplication) %.1f us CPU\n\n",
              games, seats, static_cast<unsigned long long>(turns), seats, anchor * 1000);
  std::printf("per game: %-28s %10s %10s %10s %10s %9s %11s %11s\n", "part", "wall ms", "cpu ms", "make ms",
              "check ms", "messages", "body bytes", "entry bytes");
  for (std::size_t b = 0; b < total.size(); ++b) {
    const Part& p = total[b];
    std::printf("          %-28s %10.1f %10.1f %10.1f %10.1f %9.1f %11.0f %11.0f\n", kBucketNames[b], p.wall_ms / n,
                p.cpu_ms / n, p.make_ms / n, p.check_ms / n, static_cast<double>(p.messages) / n,
                static_cast<double>(p.body_bytes) / n, static_cast<double>(p.entry_bytes) / n);
  }
  Part setup;
  for (std::size_t b = 0; b < 4; ++b) setup += total[b];
  const Part& play_part = total[static_cast<std::size_t>(Bucket::turns)];
  const double t = static_cast<double>(turns);
  std::printf("\nsetup (session setup and beacon, keys, both decks shuffled and proven, missions dealt), per game: "
              "%.3f s wall, %.3f s CPU = %.0f x anchor (slowest game %.3f s wall, %.3f s CPU; target <= 3 s), %.0f "
              "bytes of messages, %.0f bytes of signed entries\n",
              setup.wall_ms / n / 1000, setup.cpu_ms / n / 1000, setup.cpu_ms / n / anchor,
              *std::max_element(setups.begin(), setups.end()) / 1000,
              *std::max_element(setup_cpus.begin(), setup_cpus.end()) / 1000, static_cast<double>(setup.body_bytes) / n,
              static_cast<double>(setup.entry_bytes) / n);
  std::printf("  CPU: making %.3f s (each message once, by its sender), checking %.3f s (every message by all %zu "
              "peers: %.3f s per peer)\n",
              setup.make_ms / n / 1000, setup.check_ms / n / 1000, seats, setup.check_ms / n / 1000 / static_cast<double>(seats));
  std::printf("  the engine alone on the same game's deal and initial placement: %.3f ms CPU\n", engine_setup_ms / n);
  std::printf("per turn of play: %.2f ms wall, %.2f ms CPU = %.0f x anchor (CPU making %.2f, checking by all peers %.2f), "
              "%.1f messages, %.0f bytes of messages, %.0f bytes of signed entries\n",
              play_part.wall_ms / t, play_part.cpu_ms / t, play_part.cpu_ms / t / anchor, play_part.make_ms / t,
              play_part.check_ms / t,
              static_cast<double>(play_part.messages) / t, static_cast<double>(play_part.body_bytes) / t,
              static_cast<double>(play_part.entry_bytes) / t);
  std::printf("  the engine alone on the same turns: %.4f ms CPU per turn (the protocol's CPU time is %.0f x the engine's)\n",
              engine_turns_ms / t, play_part.cpu_ms / engine_turns_ms);
  return 0;
}
