// The verifier's benchmark: `parley verify` on a batch of chess logs, next to the signature
// checks alone on the same entries (every lobby signature and every seat signature: the floor
// of any verifier with libsodium), both on one core in the same run; then the real command on
// every core, in games per second.
//   build-release/bench/peer/verify_bench [--games N] [--runs R]   (scripts/bench runs it)
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "game/chess/movegen.hpp"
#include "games/register.hpp"
#include "peer/log/verify.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace fs = std::filesystem;
using namespace parley;
using namespace parley::peer;
using game::chess::Action;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// A random legal game with a 5+2 clock, up to `max_plies` half-moves, then a resignation if it
// has not ended, and both results signed: a complete, valid log.
Bytes random_game_log(std::mt19937_64& rng, std::size_t max_plies) {
  RoomOptions options;
  options.clock_base_ms = 300'000;
  options.clock_increment_ms = 2'000;
  testing::Table t(options);
  t.start_play();
  for (std::size_t ply = 0; ply < max_plies && !t.session->outcome(); ++ply) {
    game::chess::MoveList moves(t.chess().position());
    std::vector<game::chess::Move> list(moves.begin(), moves.end());
    Seat s = game::chess::seat_of(t.chess().position().side_to_move());
    t.lobby.advance(500 + rng() % 3'000);
    t.post(s, t.chess_action({Action::Kind::move, s, list[rng() % list.size()], 0}));
  }
  if (!t.session->outcome()) {
    Seat s = game::chess::seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::resign, s, {}, 0}));
  }
  for (auto& l : t.locals) t.post(l.seat(), *l.duty(*t.session, {}));
  return encode(t.lobby.log());
}

// What the signature checks alone cost: the same verifications the verifier makes, on messages
// prepared beforehand.
struct SignatureWork {
  crypto::PublicKey lobby_key;
  lobby::SessionId session;
  std::vector<lobby::Genesis> genesis;
  std::vector<std::pair<Bytes, crypto::Signature>> entries;
  std::vector<std::pair<crypto::PublicKey, lobby::SignedEnvelope>> envelopes;
};

SignatureWork signature_work(const GameLog& log) {
  const auto& g = std::get<lobby::Genesis>(log.entries.front().entry.payload);
  SignatureWork w{log.lobby_key, g.session_id, {}, {}, {}};
  for (const auto& e : log.entries) {
    w.entries.emplace_back(lobby::entry_bytes(e.entry), e.signature);
    if (const auto* env = std::get_if<lobby::SignedEnvelope>(&e.entry.payload))
      w.envelopes.emplace_back(g.seat_keys.at(env->envelope.seat.index), *env);
  }
  return w;
}

std::size_t check_signatures(const SignatureWork& w) {
  std::size_t ok = 0;
  for (const auto& [bytes, signature] : w.entries) ok += lobby::verify_entry_signature(w.lobby_key, w.session, bytes, signature);
  for (const auto& [key, envelope] : w.envelopes) ok += lobby::verify_envelope(key, envelope);
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  parley::games::register_modules();
  CLI::App app{"parley verify against its signature checks alone"};
  std::size_t games = 400;
  int runs = 5;
  app.add_option("--games", games, "Logs in the batch")->check(CLI::Range(1, 100000));
  app.add_option("--runs", runs, "Timed runs (the median is reported)")->check(CLI::Range(1, 100));
  CLI11_PARSE(app, argc, argv);

  const fs::path dir = fs::path(PARLEY_BENCH_DATA) / "verify";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::mt19937_64 rng(20261130);
  std::vector<Bytes> logs;
  std::vector<SignatureWork> work;
  std::vector<std::string> files;
  std::size_t entries = 0, expected_signatures = 0;
  for (std::size_t i = 0; i < games; ++i) {
    logs.push_back(random_game_log(rng, 40 + rng() % 120));
    auto log = decode_log(logs.back()).value();
    entries += log.entries.size();
    work.push_back(signature_work(log));
    expected_signatures += work.back().entries.size() + work.back().envelopes.size();
    files.push_back((dir / fmt::format("game{:04}.plog", i)).string());
    std::ofstream(files.back(), std::ios::binary)
        .write(reinterpret_cast<const char*>(logs.back().data()), static_cast<std::streamsize>(logs.back().size()));
  }
  fmt::print("batch: {} chess logs, {} entries, {} signatures\n", games, entries, expected_signatures);

  std::vector<double> verifier, signatures;
  for (int r = 0; r < runs; ++r) {
    auto start = Clock::now();
    std::size_t checked = 0;
    for (const auto& w : work) checked += check_signatures(w);
    signatures.push_back(seconds_since(start));
    if (checked != expected_signatures) {
      fmt::print(stderr, "a signature did not verify\n");
      return 1;
    }
    start = Clock::now();
    for (const auto& bytes : logs) {
      if (!verify_bytes(bytes).valid) {
        fmt::print(stderr, "a generated log does not verify\n");
        return 1;
      }
    }
    verifier.push_back(seconds_since(start));
  }
  const double sig = median(signatures), ver = median(verifier);
  fmt::print("signature checks alone (1 core): {:.3f} s  ({:.0f} games/s)\n", sig, static_cast<double>(games) / sig);
  fmt::print("verifier (1 core, in memory):    {:.3f} s  ({:.0f} games/s)\n", ver, static_cast<double>(games) / ver);
  fmt::print("ratio verifier / signatures:     {:.2f}  (target <= 1.3)\n", ver / sig);

  std::string command = std::string(PARLEY_BINARY) + " verify";
  for (const auto& f : files) command += " " + f;
  command += " > /dev/null";
  std::vector<double> cli;
  for (int r = 0; r < runs; ++r) {
    auto start = Clock::now();
    if (std::system(command.c_str()) != 0) {
      fmt::print(stderr, "parley verify failed on the batch\n");
      return 1;
    }
    cli.push_back(seconds_since(start));
  }
  const double c = median(cli);
  fmt::print("parley verify ({} cores, files): {:.3f} s  ({:.0f} games/s)\n", std::thread::hardware_concurrency(), c,
             static_cast<double>(games) / c);
  return 0;
}
