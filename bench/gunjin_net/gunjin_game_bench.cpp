// Gunjin with hidden pieces against the same games with open pieces, in one run
// (docs/performance.md, "Gunjin protocol"): bot games between two tracking bots are played
// through the session layer with hidden pieces, then each game's engine actions are played
// again as an open-pieces game. Reported: the time to make each kind of message (the seat that
// sends it) and to check it (one peer's Session::apply; every peer and the verifier do this
// once), per move, per battle (the attack and its duel), for the army proofs and the reveal; the
// bytes every game puts on the wire; and a crypto_scalarmult_ristretto255 anchor measured in the
// same run, every figure also as a multiple of it.
//
//   gunjin_game_bench [--games N] [--seed S]
#include <sodium.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

#include "games/register.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"

using namespace parley;
using namespace parley::peer;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// A variable-base scalar multiplication, the unit of this run.
double anchor_ms() {
  std::array<unsigned char, crypto_core_ristretto255_SCALARBYTES> n{};
  std::array<unsigned char, crypto_core_ristretto255_BYTES> p{}, q{};
  crypto_core_ristretto255_random(p.data());
  crypto_core_ristretto255_scalar_random(n.data());
  constexpr int kRounds = 2000;
  auto start = Clock::now();
  for (int i = 0; i < kRounds; ++i) {
    if (crypto_scalarmult_ristretto255(q.data(), n.data(), p.data()) != 0) std::abort();
    n[0] ^= q[0];
  }
  return ms_since(start) / kRounds;
}

struct Tally {
  double make_ms = 0, check_ms = 0;
  std::size_t count = 0, bytes = 0;
  void add(double make, double check, std::size_t b) {
    make_ms += make;
    check_ms += check;
    bytes += b;
    ++count;
  }
};

// The category of a hidden-pieces game message: what the benchmark groups it under.
std::string category(const Message& m) {
  const auto* action = std::get_if<ActionMessage>(&m);
  if (action == nullptr) {
    if (std::holds_alternative<RevealMessage>(m)) return "reveal (openings, the game replayed)";
    return "session (setup, beacon, result)";
  }
  auto g = decode_gunjin_message(action->game_message);
  if (!g) return "?";
  if (std::holds_alternative<ArmyMessage>(*g)) return "army proof";
  if (const auto* move = std::get_if<MoveMessage>(&*g)) {
    if (move->offer) return "battle: attack (move, proof, offer)";
    return move->proof ? "move with its proof" : "move, no proof needed";
  }
  if (std::holds_alternative<DuelAnswerMessage>(*g) || std::holds_alternative<DuelTableMessage>(*g) ||
      std::holds_alternative<DuelReplyMessage>(*g) || std::holds_alternative<DuelClaimMessage>(*g) ||
      std::holds_alternative<DuelOpeningMessage>(*g))
    return "battle: duel replies";
  return "other (declarations, draws)";
}

struct Run {
  std::map<std::string, Tally> tallies;
  std::size_t wire_bytes = 0, entries = 0, battles = 0, plies = 0;
};

// One hidden-pieces game, timed message by message; returns its engine actions too.
Run play_hidden(std::uint64_t seed, std::vector<game::gunjin::Action>& actions, std::optional<game::Outcome>& outcome) {
  testing::GunjinTable t(testing::tracking_agent(seed), testing::tracking_agent(seed + 1000));
  Run run;
  bool progress = true;
  while (progress) {
    progress = false;
    for (std::uint8_t i = 0; i < 2; ++i) {
      auto start = Clock::now();
      auto m = t.next_of(Seat{i});
      const double make = ms_since(start);
      if (!m) continue;
      const std::string what = category(*m);
      t.lobby.advance(10);
      const auto& entry = t.lobby.post(Seat{i}, *m);
      start = Clock::now();
      t.session->apply(entry);
      const double check = ms_since(start);
      const std::size_t bytes = std::get<lobby::SignedEnvelope>(entry.entry.payload).envelope.body.size();
      run.tallies[what].add(make, check, bytes);
      progress = true;
    }
  }
  for (const auto& e : t.lobby.entries())
    if (const auto* env = std::get_if<lobby::SignedEnvelope>(&e.entry.payload)) run.wire_bytes += env->envelope.body.size();
  run.entries = t.lobby.entries().size();
  run.battles = t.rules().public_state().battles().size();
  run.plies = t.rules().public_state().ply();
  actions = t.rules().history();
  outcome = t.session->outcome();
  if (t.session->phase() != Phase::complete || t.session->seat(Seat{0}).out() || t.session->seat(Seat{1}).out()) {
    std::fprintf(stderr, "game %llu did not end honestly\n", static_cast<unsigned long long>(seed));
    std::exit(1);
  }
  return run;
}

// The same game with open pieces: the same layouts and engine actions, as plain actions.
Run play_open(std::uint64_t seed, const std::vector<game::gunjin::Action>& actions, const std::optional<game::Outcome>& outcome) {
  GunjinRoomOptions open;
  open.open_pieces = true;
  testing::GunjinTable t(testing::tracking_agent(seed), testing::tracking_agent(seed + 1000), open);
  Run run;
  std::size_t next = 0;
  auto post = [&](Seat seat, const Message& m, double make) {
    const bool is_move = std::holds_alternative<ActionMessage>(m);
    t.lobby.advance(10);
    const auto& entry = t.lobby.post(seat, m);
    auto start = Clock::now();
    t.session->apply(entry);
    const double check = ms_since(start);
    const std::size_t bytes = std::get<lobby::SignedEnvelope>(entry.entry.payload).envelope.body.size();
    run.tallies[is_move ? "open: an engine action" : "open: session (setup, beacon, result)"].add(make, check, bytes);
  };
  bool progress = true;
  while (progress) {
    progress = false;
    for (std::uint8_t i = 0; i < 2; ++i) {
      const Seat s{i};
      if (t.session->phase() == Phase::play) {
        if (next >= actions.size() || actions[next].actor != s) continue;
        auto start = Clock::now();
        // The hidden game's action, now stated with its outcome and claim in the open.
        Message m = ActionMessage{t.session->state_hash(), [&] {
                                    game::ByteWriter w;
                                    game::gunjin::encode(actions[next], w);
                                    return std::move(w).take();
                                  }()};
        post(s, m, ms_since(start));
        ++next;
        progress = true;
      } else if (auto m = t.next_of(s)) {
        post(s, *m, 0);
        progress = true;
      }
    }
  }
  for (const auto& e : t.lobby.entries())
    if (const auto* env = std::get_if<lobby::SignedEnvelope>(&e.entry.payload)) run.wire_bytes += env->envelope.body.size();
  run.entries = t.lobby.entries().size();
  run.battles = t.rules().public_state().battles().size();
  run.plies = t.rules().public_state().ply();
  if (t.session->phase() != Phase::complete || t.session->outcome() != outcome) {
    std::fprintf(stderr, "the open replay of game %llu differs\n", static_cast<unsigned long long>(seed));
    std::exit(1);
  }
  return run;
}

void merge(Run& into, const Run& r) {
  for (const auto& [k, v] : r.tallies) {
    Tally& t = into.tallies[k];
    t.make_ms += v.make_ms;
    t.check_ms += v.check_ms;
    t.count += v.count;
    t.bytes += v.bytes;
  }
  into.wire_bytes += r.wire_bytes;
  into.entries += r.entries;
  into.battles += r.battles;
  into.plies += r.plies;
}

}  // namespace

int main(int argc, char** argv) {
  parley::games::register_modules();
  int games = 4;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--games") == 0) games = std::atoi(argv[i + 1]);
    else if (std::strcmp(argv[i], "--seed") == 0) seed = std::strtoull(argv[i + 1], nullptr, 10);
  }
  if (sodium_init() < 0 || games < 1) return 1;
  const double anchor_before = anchor_ms();
  Run hidden, open;
  for (int g = 0; g < games; ++g) {
    std::vector<game::gunjin::Action> actions;
    std::optional<game::Outcome> outcome;
    merge(hidden, play_hidden(seed + static_cast<std::uint64_t>(g), actions, outcome));
    merge(open, play_open(seed + static_cast<std::uint64_t>(g), actions, outcome));
  }
  const double anchor = (anchor_before + anchor_ms()) / 2;

  std::printf("%d games, %zu plies, %zu battles; anchor (variable-base scalar multiplication) %.1f us\n\n", games,
              hidden.plies, hidden.battles, anchor * 1000);
  std::printf("%-40s %8s %11s %11s %9s %9s %9s\n", "message", "count", "make ms", "check ms", "make x", "check x",
              "bytes");
  for (const Run* r : {&hidden, &open}) {
    for (const auto& [name, t] : r->tallies) {
      const double n = static_cast<double>(t.count);
      std::printf("%-40s %8zu %11.3f %11.3f %9.1f %9.1f %9.0f\n", name.c_str(), t.count, t.make_ms / n, t.check_ms / n,
                  t.make_ms / n / anchor, t.check_ms / n / anchor, static_cast<double>(t.bytes) / n);
    }
  }
  const auto& attack = hidden.tallies["battle: attack (move, proof, offer)"];
  const auto& replies = hidden.tallies["battle: duel replies"];
  const auto& open_move = open.tallies["open: an engine action"];
  const double battles = static_cast<double>(attack.count);
  // Per battle: the attack and its duel replies, each made by its sender and checked by both
  // seats (the verifier checks them once more, offline).
  const double battle_ms = (attack.make_ms + 2 * attack.check_ms + replies.make_ms + 2 * replies.check_ms) / battles;
  const double open_ms = (open_move.make_ms + 2 * open_move.check_ms) / static_cast<double>(open_move.count);
  std::printf("\nper battle, both seats together (attack + %.1f duel replies, each made once and checked by both): "
              "%.2f ms = %.0f x anchor; the same move with open pieces %.3f ms; a battle adds %.2f ms\n",
              static_cast<double>(replies.count) / battles, battle_ms, battle_ms / anchor, open_ms, battle_ms - open_ms);
  std::printf("round trips per battle after the attack: %.1f (messages %.1f, alternating sides)\n",
              static_cast<double>(replies.count) / battles / 2, static_cast<double>(replies.count) / battles);
  std::printf("wire bytes per game: hidden %zu, open %zu (x%.1f); entries per game: hidden %zu, open %zu\n",
              hidden.wire_bytes / static_cast<std::size_t>(games), open.wire_bytes / static_cast<std::size_t>(games),
              static_cast<double>(hidden.wire_bytes) / static_cast<double>(open.wire_bytes),
              hidden.entries / static_cast<std::size_t>(games), open.entries / static_cast<std::size_t>(games));
  return 0;
}
