#include "archive/importer.hpp"

#include <algorithm>
#include <optional>

namespace parley::archive {

namespace pgn = game::chess::pgn;

namespace {

constexpr std::string_view kLogMagic = "PARLEYLOG";

// The reader does not expose its offset; for the progress bar the games in a file are
// estimated by the lines that open an Event tag (every exported game has one).
std::size_t expected_games(std::string_view text) {
  std::size_t n = text.starts_with("[Event ") ? 1 : 0;
  for (std::size_t at = 0; (at = text.find("\n[Event ", at)) != std::string_view::npos; ++at) ++n;
  return n;
}

}  // namespace

void Importer::import_file(std::string_view name, std::string_view contents, ImportStats& stats) {
  if (contents.starts_with(kLogMagic))
    import_log(name, {reinterpret_cast<const std::uint8_t*>(contents.data()), contents.size()}, stats);
  else
    import_pgn(name, contents, stats);
}

void Importer::count(const AddOutcome& added, const GameRecord& record, ImportStats& stats) {
  if (!added.inserted) {
    ++stats.duplicates;
    return;
  }
  ++stats.imported;
  if (record.moves) stats.positions += record.position_keys.size();
}

void Importer::import_pgn(std::string_view name, std::string_view text, ImportStats& stats) {
  pgn::Reader reader(text);
  const std::size_t expected = progress_ ? expected_games(text) : 0;
  std::size_t seen = 0;
  std::optional<ArchiveStore::Batch> batch;
  std::size_t in_batch = 0;
  while (auto next = reader.next()) {
    ++seen;
    if (progress_) progress_(seen, std::max(seen, expected));
    if (!next->ok()) {
      ++stats.rejected;
      stats.problems.push_back(pgn::format(next->error(), name));
      continue;
    }
    GameRecord record = record_from_pgn(next->value());
    if (!batch) batch.emplace(store_);
    count(store_.add(record), record, stats);
    if (++in_batch == kGamesPerTransaction) {
      batch->commit();
      batch.reset();
      in_batch = 0;
    }
  }
  if (batch) batch->commit();
}

void Importer::import_log(std::string_view name, std::span<const std::uint8_t> bytes, ImportStats& stats) {
  auto record = record_from_log(bytes);
  if (!record) {
    ++stats.rejected;
    stats.problems.push_back(std::string(name) + ": not stored: " + record.error().detail);
    return;
  }
  AddOutcome added = store_.add(*record);
  count(added, *record, stats);
  if (added.inserted && !record->verified) {
    ++stats.invalid_logs;
    stats.problems.push_back(std::string(name) + ": stored as invalid (game " + std::to_string(added.id.value) +
                             "): " + record->fault);
  }
  if (progress_) progress_(1, 1);
}

}  // namespace parley::archive
