// The archive's import rate against pgn-extract (reading and checking every move, the anchor)
// and scid's own importer (sc_import, when Debian's scid is installed), each a whole process on
// the same generated corpus in the same run; then the time of position queries on the archive
// the import built (the target: under 10 ms on at least a million positions).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "archive/store.hpp"
#include "bench/chess/random_games.hpp"
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char** environ;

using namespace parley;
namespace fs = std::filesystem;

namespace {

constexpr const char* kPgnExtract = "/usr/games/pgn-extract";
// Debian's scid 4.7 ships no pgnscid; its importer is the Tcl script sc_import run by tkscid
// (which needs no display for a script). sc_import only imports into an existing database.
constexpr const char* kTkScid = "/usr/games/tkscid";
constexpr const char* kScImport = "/usr/games/sc_import";

// A whole process with its output discarded: wall-clock seconds, and the CPU seconds (user +
// system) it used, which the other work on a shared machine disturbs much less.
struct Timed {
  int status = -1;
  double wall = 0, cpu = 0;
};

Timed run_timed(const std::vector<std::string>& argv, const std::string& output = "/dev/null") {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  Timed t;
  if (posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ) != 0) {
    posix_spawn_file_actions_destroy(&actions);
    throw std::runtime_error("cannot start " + argv[0]);
  }
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  t.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t.cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
          static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  t.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return t;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void remove_archive(const std::string& path) {
  for (auto suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The number after `marker` in `text` (e.g. "imported 4000 games"), or -1.
long long number_after(const std::string& text, const std::string& marker) {
  auto at = text.find(marker);
  return at == std::string::npos ? -1 : std::atoll(text.c_str() + at + marker.size());
}

// A new, empty scid database (not timed: sc_import needs one to exist).
void create_scid_base(const std::string& base, const std::string& script) {
  for (auto ext : {".si4", ".sg4", ".sn4"}) fs::remove(base + ext);
  std::ofstream(script) << "sc_base close [sc_base create [lindex $argv 0]]\n";
  if (run_timed({kTkScid, script, base}).status != 0 || !fs::exists(base + ".si4"))
    throw std::runtime_error("tkscid could not create " + base);
}

// Position queries on an archive: positions a few moves apart along the games (most are reached
// by one game, the early ones by many), each query listing the games with their seats (what
// `parley archive position` prints).
void time_queries(const std::string& db, int queries) {
  auto store = std::move(archive::ArchiveStore::open(db)).value();
  auto& sql = store->sql();
  const std::vector<archive::PositionEntry> index = archive::all_positions(sql);
  const std::size_t positions = index.size();
  std::vector<archive::PositionEntry> sampled;
  std::copy_if(index.begin(), index.end(), std::back_inserter(sampled),
               [](const archive::PositionEntry& e) { return e.ply == 4 || e.ply == 12 || e.ply == 40; });
  std::stable_sort(sampled.begin(), sampled.end(), [](const auto& a, const auto& b) { return a.game < b.game; });
  std::vector<std::uint64_t> keys;
  for (const auto& e : sampled) keys.push_back(e.key);
  if (keys.empty()) {
    fmt::print("position queries: no position at plies 4, 12 or 40 among {} positions to query\n", positions);
    return;
  }
  std::vector<double> ms;
  std::size_t hits = 0;
  for (int q = 0; q < queries; ++q) {
    const std::uint64_t key = keys[static_cast<std::size_t>(q) * 7919 % keys.size()];
    auto start = std::chrono::steady_clock::now();
    hits += store->games_at_position(key).size();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  fmt::print("position queries on {} positions: {} queries, {} games found; median {:.3f} ms, 99th percentile {:.3f} ms, "
             "max {:.3f} ms (target < 10 ms)\n",
             positions, ms.size(), hits, ms[ms.size() / 2], ms[ms.size() * 99 / 100], ms.back());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"parley archive benchmark: PGN import vs pgn-extract and scid, position queries"};
  std::size_t games = 15000;
  int runs = 3, queries = 1000;
  std::string parley_binary = PARLEY_BINARY, corpus_dir = PARLEY_BENCH_DATA;
  app.add_option("--games", games, "Games in the PGN corpus");
  app.add_option("--runs", runs, "Runs of each import (the median is reported)")->check(CLI::Range(1, 20));
  app.add_option("--queries", queries, "Position queries to time")->check(CLI::Range(1, 1000000));
  app.add_option("--parley", parley_binary, "The parley binary to time");
  std::string query_only;
  app.add_option("--query-only", query_only, "Only time the position queries, on this existing archive")
      ->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);
  if (!query_only.empty()) {
    time_queries(query_only, queries);
    return 0;
  }

  fs::create_directories(corpus_dir);
  std::string corpus = fmt::format("{}/random-{}.pgn", corpus_dir, games);
  if (!fs::exists(corpus)) {
    auto stats = bench::write_random_games(corpus, games, 20261130);
    fmt::print("wrote {}: {} games, {} plies\n", corpus, stats.games, stats.plies);
  }
  std::string db = corpus_dir + "/archive-bench.sqlite";
  std::string scid_base = corpus_dir + "/scid-bench";
  const std::string scid_script = corpus_dir + "/scid-create.tcl";
  const std::string ours_output = corpus_dir + "/parley-import.out", scid_output = corpus_dir + "/scid-import.out";
  bool have_scid = fs::exists(kTkScid) && fs::exists(kScImport);

  std::vector<double> ours, ours_cpu, extract, extract_cpu, scid, scid_cpu;
  for (int r = 0; r < runs; ++r) {
    remove_archive(db);
    auto o = run_timed({parley_binary, "archive", "import", "--quiet", "--db", db, corpus}, ours_output);
    if (o.status != 0 || number_after(read_text(ours_output), "imported ") != static_cast<long long>(games))
      throw std::runtime_error("parley archive import failed on the corpus: " + read_text(ours_output));
    ours.push_back(o.wall), ours_cpu.push_back(o.cpu);
    auto e = run_timed({kPgnExtract, "-r", "-s", corpus});
    extract.push_back(e.wall), extract_cpu.push_back(e.cpu);
    if (have_scid) {
      create_scid_base(scid_base, scid_script);
      auto s = run_timed({kTkScid, kScImport, scid_base, corpus}, scid_output);
      if (s.status != 0 || number_after(read_text(scid_output), "Imported ") != static_cast<long long>(games))
        throw std::runtime_error("scid's sc_import failed on the corpus: " + read_text(scid_output));
      scid.push_back(s.wall), scid_cpu.push_back(s.cpu);
    }
  }
  auto line = [&](const char* what, const std::vector<double>& wall, const std::vector<double>& cpu) {
    double w = median(wall), c = median(cpu);
    fmt::print("  {:<32} {:>7.3f} s wall {:>8.0f} games/s   {:>7.3f} s CPU {:>8.0f} games/s\n", what, w, games / w, c,
               games / c);
  };
  fmt::print("PGN import of {} games ({:.1f} MB), whole processes, median of {} runs\n", games,
             static_cast<double>(fs::file_size(corpus)) / 1e6, runs);
  line("parley archive import (SQLite)", ours, ours_cpu);
  line("pgn-extract -r -s (check only)", extract, extract_cpu);
  fmt::print("  ratio parley / pgn-extract rate: {:.2f} wall, {:.2f} CPU\n", median(extract) / median(ours),
             median(extract_cpu) / median(ours_cpu));
  if (have_scid) {
    line("scid sc_import (import)", scid, scid_cpu);
    fmt::print("  ratio parley / scid rate: {:.2f} wall, {:.2f} CPU (target >= 1)\n", median(scid) / median(ours),
               median(scid_cpu) / median(ours_cpu));
  } else {
    fmt::print("  scid: {} not installed (Debian package scid), not compared\n", kScImport);
  }

  time_queries(db, queries);
  return 0;
}
