// `parley event verify` of a published bundle against the verification of its logs alone
// (docs/performance.md, "Events"): a Swiss event of 20 players and 10 rounds, 100 chess games
// stamped by the event's lobby, each a random legal game on a 5+2 clock; then, on one core in
// the same run, the bundle's whole check (cli/event_bundle.hpp: manifest, documents, pairings
// re-derived, every log verified and held against its board, standings recomputed) and the sum
// of `parley verify`'s work on each log (read, decode, verify, the lobby judged). Target: the
// bundle at most 1.2 times its logs.
//   build-release/bench/event/bundle_bench [--players 20] [--rounds 10] [--plies 200] [--runs 5]
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "cli/event_bundle.hpp"
#include "cli/event_folder.hpp"
#include "event/bundle.hpp"
#include "event/manifest.hpp"
#include "event/pairing.hpp"
#include "event/standings.hpp"
#include "event/trf.hpp"
#include "game/chess/movegen.hpp"
#include "peer/log/trust.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace fs = std::filesystem;
using namespace parley;
using game::chess::Action;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void put(const fs::path& dir, const std::string& name, std::span<const std::uint8_t> bytes,
         std::vector<event::ManifestEntry>& entries) {
  std::ofstream(dir / name, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  entries.push_back({name, event::file_digest(bytes)});
}
void put_text(const fs::path& dir, const std::string& name, const std::string& text,
              std::vector<event::ManifestEntry>& entries) {
  put(dir, name, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, entries);
}

// A random legal game of this board, up to `max_plies`, then a resignation if it has not ended.
game::Bytes board_game(std::mt19937_64& rng, const crypto::Identity& lobby, std::vector<crypto::Identity> seats,
                       const peer::RoomOptions& options, std::size_t max_plies, std::optional<std::uint8_t>& winner) {
  peer::testing::Table t(lobby, std::move(seats), options);
  t.start_play();
  for (std::size_t ply = 0; ply < max_plies && !t.session->outcome(); ++ply) {
    game::chess::MoveList moves(t.chess().position());
    std::vector<game::chess::Move> list(moves.begin(), moves.end());
    const game::Seat s = game::chess::seat_of(t.chess().position().side_to_move());
    t.lobby.advance(200 + rng() % 2'000);
    t.post(s, t.chess_action({Action::Kind::move, s, list[rng() % list.size()], 0}));
  }
  if (!t.session->outcome()) {
    const game::Seat s = game::chess::seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::resign, s, {}, 0}));
  }
  for (auto& l : t.locals) t.post(l.seat(), *l.duty(*t.session, {}));
  const auto& outcome = t.session->outcome();
  winner = outcome && outcome->winner ? std::optional<std::uint8_t>(outcome->winner->index) : std::nullopt;
  return lobby::encode(t.lobby.log());
}

// Writes the bundle of a Swiss event played at random into `dir`; the organizer's key.
crypto::Identity make_bundle(const fs::path& dir, std::size_t players, std::uint16_t rounds, std::size_t plies) {
  std::mt19937_64 rng(20261205);
  const crypto::Identity organizer = crypto::Identity::generate(), lobby_key = crypto::Identity::generate();
  std::map<crypto::PublicKey, crypto::Identity> keys;
  event::Event e;
  e.name = "Bench Swiss";
  e.rounds = rounds;
  e.clock = {300'000, 2'000};
  e.created_ms = 1'764'547'200'000;
  e.lobby_address = "127.0.0.1:7777";
  e.lobby_keys = {lobby_key.public_key()};
  e.organizer = organizer.public_key();
  for (std::size_t i = 0; i < players; ++i) {
    crypto::Identity id = crypto::Identity::generate();
    e.roster.push_back({"Player " + std::to_string(i + 1), id.public_key(), static_cast<std::uint16_t>(1200 + rng() % 1000), {}});
    keys.emplace(id.public_key(), id);
  }
  std::vector<event::ManifestEntry> entries;
  put(dir, std::string(event::kEventFile), event::encode(event::sign_event(organizer, e)), entries);
  std::vector<event::Pairings> all_pairings;
  std::vector<event::Results> all_results;
  for (std::uint16_t round = 1; round <= rounds; ++round) {
    const auto history = event::History::build(e, all_pairings, all_results).value();
    const auto pairings = event::pair_round(e, history, {round, e.created_ms + round * 3'600'000ULL, {}}).value();
    put(dir, event::pairings_file(round), event::encode(event::sign_pairings(organizer, pairings)), entries);
    event::Results results{pairings.event_id, round, {}};
    for (std::size_t b = 0; b < pairings.boards.size(); ++b) {
      peer::RoomOptions options;
      options.event = e.name;
      options.round = std::to_string(round);
      options.clock_base_ms = e.clock.base_ms;
      options.clock_increment_ms = e.clock.increment_ms;
      options.event_board = event::encode(event::board_room(pairings, b));
      std::vector<crypto::Identity> seats;
      for (const auto& k : pairings.boards[b].seats) seats.push_back(keys.at(k));
      std::optional<std::uint8_t> winner;
      const auto log = board_game(rng, lobby_key, std::move(seats), options, plies, winner);
      put(dir, event::log_file(round, static_cast<std::uint16_t>(b + 1)), log, entries);
      event::BoardResult r;
      r.winner = winner;
      r.log_digest = event::file_digest(log);
      results.boards.push_back(r);
    }
    put(dir, event::results_file(round), event::encode(event::sign_results(organizer, results)), entries);
    all_pairings.push_back(pairings);
    all_results.push_back(results);
  }
  const auto history = event::History::build(e, all_pairings, all_results).value();
  const auto standings = event::compute_standings(e, history);
  put_text(dir, std::string(event::kStandingsText), event::crosstable_text(e, history, standings), entries);
  put_text(dir, std::string(event::kStandingsCsv), event::crosstable_csv(e, history, standings), entries);
  put_text(dir, std::string(event::kStandingsHtml), event::crosstable_html(e, history, standings), entries);
  put_text(dir, std::string(event::kTrfFile), event::write_trf(event::trf_of(e, history, standings).value()), entries);
  const auto manifest = event::sign_manifest(organizer, event::make_manifest(event::event_id(e), entries));
  const auto bytes = event::encode(manifest);
  std::ofstream(dir / std::string(event::kManifestFile), std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return organizer;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"parley event verify of a bundle against the verification of its logs"};
  std::size_t players = 20, plies = 200;
  std::uint16_t rounds = 10;
  int runs = 5;
  app.add_option("--players", players)->capture_default_str();
  app.add_option("--rounds", rounds)->capture_default_str();
  app.add_option("--plies", plies, "the longest random game before a resignation")->capture_default_str();
  app.add_option("--runs", runs)->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  const fs::path dir = fs::temp_directory_path() / ("parley-bundle-bench-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto made = Clock::now();
  const crypto::Identity organizer = make_bundle(dir, players, rounds, plies);
  std::vector<fs::path> logs;
  std::size_t log_bytes = 0;
  for (const auto& f : fs::directory_iterator(dir))
    if (f.path().extension() == ".plog") {
      logs.push_back(f.path());
      log_bytes += fs::file_size(f.path());
    }
  std::sort(logs.begin(), logs.end());
  fmt::print("bundle: {} players, {} rounds, {} games, {:.1f} MB of logs (made in {:.1f} s)\n", players, rounds,
             logs.size(), static_cast<double>(log_bytes) / 1e6, seconds_since(made));

  peer::TrustRoots roots;
  roots.pinned = {};
  std::vector<double> alone, whole;
  for (int run = 0; run < runs; ++run) {
    // Each log as `parley verify --lobby-key` takes it: read, decoded, verified, its lobby judged.
    auto start = Clock::now();
    std::size_t valid = 0;
    for (const auto& path : logs) {
      auto bytes = cli::read_file_bounded(path, cli::kMaxEventLogBytes).value();
      auto log = lobby::decode_log(bytes).value();
      auto report = peer::verify(log);
      if (roots.pinned.empty()) roots.pinned.push_back(peer::pin_of(log.lobby_key));
      peer::apply_trust(report, roots);
      valid += report.valid;
    }
    alone.push_back(seconds_since(start));
    start = Clock::now();
    const auto report = cli::check_bundle(dir, organizer.public_key());
    whole.push_back(seconds_since(start));
    if (valid != logs.size() || !report.valid()) {
      fmt::print(stderr, "the bundle does not hold:\n{}", cli::format_text(report, dir.string()));
      return 1;
    }
  }
  // Of the difference: re-deriving every round's pairing from the earlier rounds.
  std::vector<double> derive;
  {
    auto e = event::decode_event(cli::read_file_bounded(dir / std::string(event::kEventFile), cli::kMaxDocumentBytes).value()).value().event;
    std::vector<event::Pairings> ps;
    std::vector<event::Results> rs;
    for (std::uint16_t r = 1; r <= rounds; ++r) {
      ps.push_back(event::decode_pairings(cli::read_file_bounded(dir / event::pairings_file(r), cli::kMaxDocumentBytes).value()).value().pairings);
      rs.push_back(event::decode_results(cli::read_file_bounded(dir / event::results_file(r), cli::kMaxDocumentBytes).value()).value().results);
    }
    for (int run = 0; run < runs; ++run) {
      const auto start = Clock::now();
      for (std::size_t r = 0; r < ps.size(); ++r) {
        auto h = event::History::build(e, std::span(ps).first(r), std::span(rs).first(r)).value();
        if (!event::pairing_follows(e, h, ps[r])) return 1;
      }
      derive.push_back(seconds_since(start));
    }
  }
  fmt::print("re-deriving the {} rounds' pairings: {:.3f} s\n", rounds, median(derive));
  const double a = median(alone), w = median(whole);
  fmt::print("logs verified one by one: {:.3f} s (median of {})\nthe bundle's whole check: {:.3f} s\nratio: {:.3f} "
             "(target: at most 1.2)\n",
             a, runs, w, w / a);
  fs::remove_all(dir);
  return 0;
}
