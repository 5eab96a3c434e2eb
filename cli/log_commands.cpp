#include <fmt/core.h>

#include <atomic>
#include <charconv>
#include <optional>
#include <thread>

#include "cli/commands.hpp"
#include "cli/folder_files.hpp"
#include "cli/mapped_file.hpp"
#include "peer/log/chess_export.hpp"
#include "peer/log/show.hpp"

namespace parley::cli {

namespace {

struct Checked {
  bool readable = true;
  std::string error;
  peer::VerifyReport report;
};

std::span<const std::uint8_t> bytes_of(const MappedFile& f) {
  return {reinterpret_cast<const std::uint8_t*>(f.text().data()), f.text().size()};
}

// A log file decoded, or the exit status once the reason has been printed.
game::Result<peer::GameLog, int> read_log(const std::string& path) {
  MappedFile file(path);
  if (!file.ok()) {
    fmt::print(stderr, "{}: cannot read: {}\n", path, file.error());
    return kUnreadable;
  }
  auto log = peer::decode_log(bytes_of(file));
  if (!log) {
    fmt::print(stderr, "{}: {}\n", path, lobby::describe(log.error().kind));
    return kInvalidInput;
  }
  return std::move(log).value();
}

// --lobby-key: 64 hex digits naming a valid public key.
std::optional<crypto::PublicKey> pinned_lobby_key(std::string_view hex) {
  if (hex.size() != 2 * crypto::kPublicKeyBytes) return std::nullopt;
  std::vector<std::uint8_t> raw;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    std::uint8_t v = 0;
    auto [end, ec] = std::from_chars(hex.data() + i, hex.data() + i + 2, v, 16);
    if (ec != std::errc() || end != hex.data() + i + 2) return std::nullopt;
    raw.push_back(v);
  }
  auto key = crypto::PublicKey::from_bytes(raw);
  if (!key) return std::nullopt;
  return *key;
}

}  // namespace

int verify_logs(const VerifyOptions& options) {
  static constexpr std::string_view kLogs[] = {".plog", ".plog.gz"};
  std::optional<crypto::PublicKey> pinned;
  if (!options.lobby_key.empty()) {
    auto key = pinned_lobby_key(options.lobby_key);
    if (!key) {
      fmt::print(stderr, "--lobby-key: expected a public key as 64 hex digits\n");
      return kUsage;
    }
    pinned = *key;
  }
  bool empty_folder = false;
  const std::vector<std::string> files = expand_folders(options.files, kLogs, ".plog files (nor .plog.gz)", empty_folder);
  // Files are independent: every core verifies its share; results print in the given order.
  std::vector<Checked> results(files.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next++) < files.size();) {
      MappedFile file(files[i]);
      if (!file.ok()) {
        results[i].readable = false;
        results[i].error = file.error();
        continue;
      }
      results[i].report = pinned ? peer::verify_bytes_pinned(bytes_of(file), *pinned) : peer::verify_bytes(bytes_of(file));
    }
  };
  std::size_t threads = std::max<std::size_t>(1, std::min<std::size_t>(std::thread::hardware_concurrency(), files.size()));
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

int show_log(const std::string& path, bool json) {
  auto log = read_log(path);
  if (!log) return log.error();
  auto description = peer::describe_log(*log);
  fmt::print("{}", json ? peer::format_json(description, path) + "\n" : peer::format_text(description, path));
  return description.report.valid ? kSuccess : kInvalidInput;
}

int export_pgn(const std::string& path) {
  auto log = read_log(path);
  if (!log) return log.error();
  auto record = peer::chess_pgn(*log);
  if (!record) {
    fmt::print(stderr, "{}: {}\n", path, record.error().detail);
    return kInvalidInput;
  }
  fmt::print("{}", game::chess::pgn::write(*record));
  return kSuccess;
}

}  // namespace parley::cli
