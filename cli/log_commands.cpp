#include <fmt/core.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>

#include "cli/commands.hpp"
#include "cli/folder_files.hpp"
#include "cli/mapped_file.hpp"
#include "cli/memory_budget.hpp"
#include "event/pairings.hpp"
#include "peer/log/pgn_export.hpp"
#include "peer/log/show.hpp"
#include "peer/log/trust.hpp"

namespace parley::cli {

namespace {

struct Checked {
  bool readable = true;
  std::string error;
  peer::VerifyReport report;
};

std::span<const std::uint8_t> bytes_of(std::string_view text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

// What reading and verifying a log holds per byte of it: the bytes, the entries decoded, the
// transcript's copy of them as it checks the chain, and the session; a log of 100,000 short
// entries (272 bytes each) took 3.5 bytes of memory per byte of log at its peak.
constexpr std::size_t kMemoryPerLogByte = 4;

// A log file read within `lease`: a file that does not begin as a log is refused after its first
// bytes, whatever its size or however far it inflates.
ReadOptions log_reading(MemoryBudget::Lease& lease) {
  return ReadOptions{kMaxInputBytes, peer::may_be_log, &lease, kMemoryPerLogByte};
}

// A log file decoded, the file's bytes let go before the caller verifies it; or the verdict on
// bytes that are not a log; or, unreadable, the reason.
struct ReadLog {
  std::optional<peer::GameLog> log;
  std::optional<peer::VerifyReport> verdict;
  std::string error;
};
ReadLog read_log(const std::string& path, MemoryBudget::Lease& lease) {
  MappedFile file(path, log_reading(lease));
  if (file.over_budget())
    return {std::nullopt, std::nullopt,
            file.error() + fmt::format(" (verifying a log takes about {} bytes of memory per byte of it; "
                                       "parley verify --memory MIB sets how much it may take, {} by default)",
                                       kMemoryPerLogByte, kDefaultVerifyMemoryMiB)};
  if (!file.ok() && !file.refused()) return {std::nullopt, std::nullopt, file.error()};
  auto log = peer::decode_log(bytes_of(file.text()));
  if (!log) return {std::nullopt, peer::undecodable(log.error()), {}};
  return {std::move(log).value(), std::nullopt, {}};
}

// A log file decoded, or the exit status once the reason has been printed.
game::Result<peer::GameLog, int> read_one_log(const std::string& path) {
  MemoryBudget budget(kDefaultVerifyMemoryMiB << 20, 1);
  MemoryBudget::Lease lease(budget);
  ReadLog read = read_log(path, lease);
  if (!read.error.empty()) {
    fmt::print(stderr, "{}: cannot read: {}\n", path, read.error);
    return kUnreadable;
  }
  if (read.verdict) {
    fmt::print(stderr, "{}: {}\n", path, read.verdict->fault);
    return kInvalidInput;
  }
  return std::move(*read.log);
}

void give_back_freed_memory() {
#ifdef __GLIBC__
  ::malloc_trim(0);
#endif
}

// Blocks of 256 KB and more (a log's bytes as they inflate, large entries) are mapped for
// themselves and unmapped when freed: glibc otherwise raises that threshold to the largest block
// freed so far, and a growing buffer's earlier blocks stayed in the heap beside it.
void map_large_blocks() {
#ifdef __GLIBC__
  ::mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}

}  // namespace

int verify_logs(const VerifyOptions& options) {
  const auto roots = trust_roots(options.trust);
  if (!roots) {
    fmt::print(stderr, "{}\n", roots.error());
    return options.trust.lobby_keys.empty() ? kUnreadable : kUsage;
  }
  static constexpr std::string_view kLogs[] = {".plog", ".plog.gz"};
  bool empty_folder = false;
  const std::vector<std::string> files = expand_folders(options.files, kLogs, ".plog files (nor .plog.gz)", empty_folder);
  // Files are independent: every core verifies its share; results print in the given order.
  // What the threads hold together is bounded (MemoryBudget), not what each holds.
  const std::size_t threads = std::max<std::size_t>(
      1, std::min<std::size_t>(options.jobs ? options.jobs : std::thread::hardware_concurrency(), files.size()));
  MemoryBudget budget(options.memory_mib << 20, threads);
  map_large_blocks();
  std::vector<Checked> results(files.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    MemoryBudget::Lease lease(budget);
    for (std::size_t i; (i = next++) < files.size();) {
      ReadLog read = read_log(files[i], lease);
      if (!read.error.empty()) {
        results[i].readable = false;
        results[i].error = std::move(read.error);
      } else {
        results[i].report = read.verdict ? std::move(*read.verdict) : peer::verify(*read.log);
        peer::apply_trust(results[i].report, *roots);
      }
      read.log.reset();
      // What a file in the large share freed stays with this thread's malloc arena otherwise,
      // where the next such file (on another thread) would not find it. Eight 5 MiB logs on
      // eight threads under a 32 MiB budget peaked 45 MiB over one small log's run with
      // neither this nor map_large_blocks, 30 with this alone, 15 with both.
      if (lease.holds_large_share()) give_back_freed_memory();
      lease.release();
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  bool all_readable = true, all_valid = true;
  if (options.json) std::fputs("[", stdout);
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    if (!r.readable) {
      fmt::print(stderr, "{}: cannot read: {}\n", files[i], r.error);
      all_readable = false;
      continue;
    }
    all_valid &= r.report.valid;
    if (options.json)
      fmt::print("{}\n{}", i ? "," : "", peer::format_json(r.report, files[i]));
    else
      fmt::print("{}", peer::format_text(r.report, files[i]));
  }
  if (options.json) std::fputs("\n]\n", stdout);
  return !all_readable ? kUnreadable : all_valid && !empty_folder ? kSuccess : kInvalidInput;
}

int show_log(const std::string& path, bool json, const LobbyTrustOptions& trust) {
  const auto roots = trust_roots(trust);
  if (!roots) {
    fmt::print(stderr, "{}\n", roots.error());
    return trust.lobby_keys.empty() ? kUnreadable : kUsage;
  }
  auto log = read_one_log(path);
  if (!log) return log.error();
  auto description = peer::describe_log(*log);
  peer::apply_trust(description.report, *roots);
  fmt::print("{}", json ? peer::format_json(description, path) + "\n" : peer::format_text(description, path));
  return description.report.valid ? kSuccess : kInvalidInput;
}

int export_pgn(const std::string& path) {
  auto log = read_one_log(path);
  if (!log) return log.error();
  auto record = peer::log_pgn(*log);
  if (!record) {
    fmt::print(stderr, "{}: {}\n", path, record.error().detail);
    return kInvalidInput;
  }
  // A game of an event's board names its board (docs/events.md): PGN's Board tag.
  if (const auto* genesis = std::get_if<lobby::Genesis>(&log->entries.front().entry.payload))
    if (auto options = peer::decode_room_options(genesis->options); options && !options->event_board.empty())
      if (auto board = event::decode_board_room(options->event_board)) record->set_tag("Board", std::to_string(board->board));
  fmt::print("{}", game::chess::pgn::write(*record));
  return kSuccess;
}

}  // namespace parley::cli
