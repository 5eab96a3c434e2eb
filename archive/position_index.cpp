#include "archive/position_index.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <exception>
#include <limits>
#include <numeric>
#include <thread>
#include <tuple>
#include <utility>

#include <sys/mman.h>

namespace parley::archive {

namespace {

// A 63-bit value takes at most 9 bytes of 7 bits (what the decoder accepts); any 64-bit value, 10
// (what the encoder makes room for, should a damaged old row give a negative ply).
constexpr int kMaxVarintBytes = 9;
constexpr std::size_t kMaxEncodedVarintBytes = 10;

// Writes v as a LEB128 varint at out; returns the end.
std::uint8_t* put_varint(std::uint8_t* out, std::uint64_t v) {
  while (v >= 0x80) {
    *out++ = static_cast<std::uint8_t>(v | 0x80);
    v >>= 7;
  }
  *out++ = static_cast<std::uint8_t>(v);
  return out;
}

// A minimal varint of at most 63 bits, or false.
bool get_varint(std::span<const std::uint8_t> in, std::size_t& at, std::uint64_t& v) {
  v = 0;
  for (int i = 0; i < kMaxVarintBytes; ++i) {
    if (at == in.size()) return false;
    std::uint8_t byte = in[at++];
    v |= std::uint64_t{byte & 0x7Fu} << (7 * i);
    if ((byte & 0x80) == 0) {
      // A last byte of zero after others would be a longer spelling of the same number.
      return (i == 0 || byte != 0) && v <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    }
  }
  return false;
}

}  // namespace

game::Bytes encode_position_block(std::span<const PositionEntry> entries, std::int64_t first_game, KeyLayout layout) {
  // Written through a pointer into room for the longest entries, then copied out at its size: a
  // byte at a time into the vector was most of an import's time for packing.
  const int suffix_bytes = layout.suffix_bytes();
  const std::size_t max_entry_bytes = static_cast<std::size_t>(suffix_bytes) + 2 * kMaxEncodedVarintBytes;
  thread_local std::vector<std::uint8_t> scratch;
  if (scratch.size() < entries.size() * max_entry_bytes) scratch.resize(entries.size() * max_entry_bytes);
  const std::uint64_t suffix_mask = (std::uint64_t{1} << layout.suffix_bits()) - 1;
  std::uint8_t* at = scratch.data();
  for (const PositionEntry& e : entries) {
    const std::uint64_t suffix = e.key & suffix_mask;
    if constexpr (std::endian::native == std::endian::little) {
      // All eight bytes at once, the last overwritten next (the room has the varints' to spare).
      std::memcpy(at, &suffix, sizeof suffix);
      at += suffix_bytes;
    } else {
      for (int i = 0; i < suffix_bytes; ++i) *at++ = static_cast<std::uint8_t>(suffix >> (8 * i));
    }
    at = put_varint(at, static_cast<std::uint64_t>(e.game - first_game));
    at = put_varint(at, static_cast<std::uint64_t>(e.ply));
  }
  return game::Bytes(scratch.data(), at);
}

game::Result<std::vector<PositionEntry>, PositionBlockError> decode_position_block(
    std::int64_t prefix, std::int64_t first_game, std::span<const std::uint8_t> bytes, KeyLayout layout) {
  if (prefix < 0 || prefix >= layout.groups())
    return PositionBlockError{"key prefix " + std::to_string(prefix) + " is out of range"};
  if (first_game < 0) return PositionBlockError{"first game " + std::to_string(first_game) + " is negative"};
  const auto suffix_bytes = static_cast<std::size_t>(layout.suffix_bytes());
  std::vector<PositionEntry> out;
  // Every entry takes at least two bytes more than its suffix, so the input bounds the allocation.
  out.reserve(bytes.size() / (suffix_bytes + 2));
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::size_t entry_at = at;
    auto fault = [&](const std::string& what) {
      return PositionBlockError{"position block " + std::to_string(prefix) + "/" + std::to_string(first_game) +
                                ", byte " + std::to_string(entry_at) + ": " + what};
    };
    if (bytes.size() - at < suffix_bytes) return fault("truncated key");
    std::uint64_t suffix = 0;
    for (std::size_t i = 0; i < suffix_bytes; ++i) suffix |= std::uint64_t{bytes[at++]} << (8 * i);
    // Bits above the suffix's belong to the prefix, which the row names: set here, they would be
    // a second spelling of the same block.
    if (suffix >> layout.suffix_bits() != 0) return fault("key suffix too large");
    std::uint64_t game_delta = 0, ply = 0;
    if (!get_varint(bytes, at, game_delta)) return fault("bad game number");
    if (!get_varint(bytes, at, ply)) return fault("bad ply");
    if (game_delta > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max() - first_game))
      return fault("game number overflows");
    PositionEntry e{static_cast<std::uint64_t>(prefix) << layout.suffix_bits() | suffix,
                    first_game + static_cast<std::int64_t>(game_delta), static_cast<std::int64_t>(ply)};
    if (!out.empty() && !(out.back() < e)) return fault("entries out of order");
    out.push_back(e);
  }
  return out;
}

namespace {

std::vector<PositionEntry> decode_stored(std::int64_t prefix, std::int64_t first_game, const game::Bytes& bytes) {
  auto entries = decode_position_block(prefix, first_game, bytes);
  if (!entries) throw SqlError("damaged position index: " + entries.error().detail);
  return std::move(entries).value();
}

// A row of (KeyPrefix, FirstGameID, Entries).
std::vector<PositionEntry> decode_row(const SqlRow& row) {
  return decode_stored(as_int(row.at(0)), as_int(row.at(1)), as_bytes(row.at(2)));
}

// A batch this small (a game or a dozen, as the lobby stores them) adds each group's entries to
// the group's newest block while that block is under kMergedBlockBytes, instead of writing a
// new row per group: an archive filled one game at a time would otherwise gain a row per game in
// the groups of the common positions, and a query reads every row of its group. A large batch
// writes new blocks only: reading and rewriting 4,096 blocks would cost more than its import.
constexpr std::size_t kMergingBatchEntries = 4096;
constexpr std::size_t kMergedBlockBytes = 4096;

// Adds a group's entries (of games newer than every stored one) to its newest block if that
// block is small; false if there is none to add to.
bool merge_into_newest_block(SqlConnection& db, std::int64_t prefix, std::span<const PositionEntry> group) {
  auto rows = db.query("SELECT FirstGameID, Entries FROM PositionBlock WHERE KeyPrefix = ? ORDER BY FirstGameID DESC LIMIT 1",
                       {integer(prefix)});
  if (rows.empty()) return false;
  const std::int64_t first_game = as_int(rows[0].at(0));
  const game::Bytes stored = as_bytes(rows[0].at(1));
  if (stored.size() >= kMergedBlockBytes) return false;
  // An older game would break FirstGameID, and entries of a game already in the block would
  // make it ambiguous (the decoder refuses repeats): neither comes from a new batch.
  if (std::any_of(group.begin(), group.end(), [&](const PositionEntry& e) { return e.game < first_game; })) return false;
  std::vector<PositionEntry> merged = decode_stored(prefix, first_game, stored);
  const auto old_end = static_cast<std::ptrdiff_t>(merged.size());
  merged.insert(merged.end(), group.begin(), group.end());
  std::inplace_merge(merged.begin(), merged.begin() + old_end, merged.end());
  if (std::adjacent_find(merged.begin(), merged.end()) != merged.end()) return false;
  db.query("UPDATE PositionBlock SET Entries = ? WHERE KeyPrefix = ? AND FirstGameID = ?",
           {SqlValue{encode_position_block(merged, first_game)}, integer(prefix), integer(first_game)});
  return true;
}

// A group's entries packed, ready to be written as one PositionBlock row.
struct PackedBlock {
  std::int64_t prefix = 0;
  std::int64_t first_game = 0;
  game::Bytes entries;
};

// Calls visit(prefix, group, first_game) for each group of sorted entries, in key order.
template <class Visit>
void for_each_group(std::span<const PositionEntry> sorted, Visit visit) {
  for (std::size_t first = 0; first < sorted.size();) {
    const std::int64_t prefix = key_prefix(sorted[first].key);
    std::size_t end = first;
    std::int64_t first_game = sorted[first].game;
    while (end < sorted.size() && key_prefix(sorted[end].key) == prefix) first_game = std::min(first_game, sorted[end++].game);
    visit(prefix, sorted.subspan(first, end - first), first_game);
    first = end;
  }
}

void write_blocks(SqlConnection& db, std::vector<PackedBlock>& blocks) {
  std::vector<SqlValue> values;
  values.reserve(3 * blocks.size());
  for (PackedBlock& block : blocks)
    append_row(values, integer(block.prefix), integer(block.first_game), std::move(block.entries));
  insert_rows(db, "PositionBlock (KeyPrefix, FirstGameID, Entries)", 3, values);
}

// Below this many entries (a few hundred games) a second thread costs more than it saves.
constexpr std::size_t kEntriesForAHelperThread = std::size_t{1} << 16;

// A bucket's entries are scattered by the key's next 12 bits into slots of about one entry each
// (in a batch of 5,000 games of 80 plies), so that sorting is left to a slot's few entries;
// sorting each group of a few hundred instead was a third of the packing time. Slots are in key
// order, and a group is a run of them.
constexpr int kSlotBits = 12;
constexpr std::size_t kSlotsPerBucket = std::size_t{1} << kSlotBits;
constexpr int kSlotShift = 64 - HeldPositions::kBucketBits - kSlotBits;
static_assert(HeldPositions::kBucketBits + kSlotBits >= kKeyLayout.prefix_bits);

// The blocks of the buckets [first, end): each bucket's entries gathered into its slots by one
// counting pass and one scatter into room that stays in the cache, each slot sorted, then each
// group packed.
std::vector<PackedBlock> pack_buckets(const HeldPositions& held, std::size_t first, std::size_t end) {
  std::size_t largest = 0;
  for (std::size_t b = first; b < end; ++b) largest = std::max(largest, held.bucket(b).size());
  std::vector<PositionEntry> room(largest);
  std::vector<PackedBlock> blocks;
  std::vector<std::size_t> start(kSlotsPerBucket + 1), next(kSlotsPerBucket);
  auto slot_of = [](std::uint64_t key) { return static_cast<std::size_t>(key >> kSlotShift) & (kSlotsPerBucket - 1); };
  for (std::size_t b = first; b < end; ++b) {
    const std::span<const HeldPositions::Held> bucket = held.bucket(b);
    std::fill(start.begin(), start.end(), 0);
    for (const HeldPositions::Held& e : bucket) ++start[slot_of(e.key) + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    std::copy(start.begin(), start.end() - 1, next.begin());
    for (const HeldPositions::Held& e : bucket) room[next[slot_of(e.key)]++] = e.entry();
    for (std::size_t slot = 0; slot < kSlotsPerBucket; ++slot) {
      const std::size_t n = start[slot + 1] - start[slot];
      // Most slots hold one entry or two: two are put in order by hand (std::sort moved them
      // with a call to memmove each time).
      if (n == 2) {
        if (room[start[slot] + 1] < room[start[slot]]) std::swap(room[start[slot]], room[start[slot] + 1]);
      } else if (n > 2) {
        std::sort(room.begin() + static_cast<std::ptrdiff_t>(start[slot]), room.begin() + static_cast<std::ptrdiff_t>(start[slot + 1]));
      }
    }
    for_each_group(std::span(room).first(bucket.size()),
                   [&](std::int64_t prefix, std::span<const PositionEntry> entries, std::int64_t first_game) {
                     blocks.push_back({prefix, first_game, encode_position_block(entries, first_game)});
                   });
  }
  return blocks;
}

}  // namespace

void insert_position_blocks(SqlConnection& db, std::span<const PositionEntry> sorted) {
  const bool merging = sorted.size() <= kMergingBatchEntries;
  std::vector<PackedBlock> blocks;
  for_each_group(sorted, [&](std::int64_t prefix, std::span<const PositionEntry> group, std::int64_t first_game) {
    if (!(merging && merge_into_newest_block(db, prefix, group)))
      blocks.push_back({prefix, first_game, encode_position_block(group, first_game)});
  });
  write_blocks(db, blocks);
}

void HeldPositions::throw_out_of_range(const PositionEntry& e) {
  throw SqlError("cannot index position " + std::to_string(e.ply) + " of game " + std::to_string(e.game) +
                 ": the position index holds games below 2^40 and plies below 2^24");
}

namespace {
template <std::size_t... Bucket>
std::array<std::pmr::vector<HeldPositions::Held>, HeldPositions::kBuckets> buckets_in(
    std::pmr::memory_resource* arena, std::index_sequence<Bucket...>) {
  return {{((void)Bucket, std::pmr::vector<HeldPositions::Held>(arena))...}};
}
}  // namespace

HeldPositions::HeldPositions() : buckets_(buckets_in(&arena_, std::make_index_sequence<kBuckets>())) {
  ready_.fill(std::numeric_limits<std::size_t>::max());
}

void HeldPositions::clear() {
  for (auto& bucket : buckets_) bucket.clear();
  size_ = 0;
}

void HeldPositions::reserve(std::size_t entries) {
  // Twice a bucket's share: keys are uniform, but a position common to many games (the start,
  // an opening's) puts all its entries in one bucket.
  const std::size_t each = 2 * entries / kBuckets;
  for (std::size_t b = 0; b < kBuckets; ++b) {
    if (buckets_[b].capacity() >= each) continue;
    buckets_[b].reserve(each);
    ready_[b] = buckets_[b].size();
  }
}

void HeldPositions::make_ready(std::size_t b) {
  auto& bucket = buckets_[b];
  const std::size_t end = std::min(bucket.capacity(), ready_[b] + kReadyStepBytes / sizeof(Held));
  if (end == bucket.size()) {
    // Full: push_back moves the bucket to new room, which is touched as it fills.
    ready_[b] = std::numeric_limits<std::size_t>::max();
    return;
  }
  // Whole pages around the step: making a page ready changes nothing in it, and the rounded ends
  // fall in the arena (a neighbour's room, or the 64 KB beyond the reserve). A kernel without
  // MADV_POPULATE_WRITE (before Linux 5.14) refuses, and the pages are faulted in as they fill.
  constexpr std::uintptr_t kPage = 4096;
  const auto first = reinterpret_cast<std::uintptr_t>(bucket.data() + ready_[b]) & ~(kPage - 1);
  const auto last = (reinterpret_cast<std::uintptr_t>(bucket.data() + end) + kPage - 1) & ~(kPage - 1);
  madvise(reinterpret_cast<void*>(first), last - first, MADV_POPULATE_WRITE);
  ready_[b] = end;
}

void index_positions(SqlConnection& db, const HeldPositions& batch) {
  if (batch.size() < kEntriesForAHelperThread) {
    std::vector<PositionEntry> sorted;
    sorted.reserve(batch.size());
    for (std::size_t b = 0; b < HeldPositions::kBuckets; ++b)
      for (const HeldPositions::Held& e : batch.bucket(b)) sorted.push_back(e.entry());
    std::sort(sorted.begin(), sorted.end());
    insert_position_blocks(db, sorted);
    return;
  }
  // Pieces of a few buckets, packed in key order by a helper thread and by this one, which
  // writes each piece as soon as it is packed and packs the next unclaimed one while it waits.
  constexpr std::size_t kBucketsPerPiece = 8;
  constexpr std::size_t kPieces = HeldPositions::kBuckets / kBucketsPerPiece;
  // Every few pieces written, the disk is set writing the file meanwhile: the commit's sync then
  // waits for the last few pieces only, not for the whole file (18 ms of the benchmark's 4,000
  // games otherwise; docs/performance.md, "Archive").
  constexpr std::size_t kPiecesPerWriteback = 4;
  struct Piece {
    std::vector<PackedBlock> blocks;
    std::atomic<bool> packed{false};
  };
  std::vector<Piece> pieces(kPieces);
  std::atomic<std::size_t> claimed{0};
  std::atomic<bool> failed{false};
  std::exception_ptr failure;  // the first packing failure, written by whoever set `failed`
  auto pack_next = [&] {
    const std::size_t p = claimed.fetch_add(1);
    if (p >= kPieces) return false;
    try {
      pieces[p].blocks = pack_buckets(batch, p * kBucketsPerPiece, (p + 1) * kBucketsPerPiece);
    } catch (...) {
      if (!failed.exchange(true)) failure = std::current_exception();
    }
    pieces[p].packed.store(true, std::memory_order_release);
    pieces[p].packed.notify_one();
    return true;
  };
  {
    // Joined at the end of the scope, also when writing throws.
    std::jthread helper([&] {
      while (pack_next()) {
      }
    });
    for (std::size_t p = 0; p < kPieces; ++p) {
      Piece& piece = pieces[p];
      while (!piece.packed.load(std::memory_order_acquire))
        if (!pack_next()) piece.packed.wait(false, std::memory_order_acquire);
      if (failed.load(std::memory_order_acquire)) break;
      write_blocks(db, piece.blocks);
      piece.blocks = {};
      if (p % kPiecesPerWriteback == kPiecesPerWriteback - 1) db.start_writeback();
    }
  }
  if (failure) std::rethrow_exception(failure);
}

std::vector<PositionEntry> find_position(SqlConnection& db, std::uint64_t key) {
  auto rows = db.query("SELECT KeyPrefix, FirstGameID, Entries FROM PositionBlock WHERE KeyPrefix = ?",
                       {integer(key_prefix(key))});
  std::vector<PositionEntry> hits;
  for (const SqlRow& row : rows)
    for (const PositionEntry& e : decode_row(row))
      if (e.key == key) hits.push_back(e);
  // By game, then ply: the first entry of each game is its first ply there.
  std::sort(hits.begin(), hits.end(), [](const PositionEntry& a, const PositionEntry& b) {
    return std::pair(a.game, a.ply) < std::pair(b.game, b.ply);
  });
  hits.erase(std::unique(hits.begin(), hits.end(),
                         [](const PositionEntry& a, const PositionEntry& b) { return a.game == b.game; }),
             hits.end());
  return hits;
}

std::vector<PositionEntry> all_positions(SqlConnection& db) {
  std::vector<PositionEntry> out;
  for (const SqlRow& row : db.query("SELECT KeyPrefix, FirstGameID, Entries FROM PositionBlock")) {
    auto entries = decode_row(row);
    out.insert(out.end(), entries.begin(), entries.end());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void pack_position_keys(SqlConnection& db) {
  // A new archive has nothing to pack; an old one is read one group at a time (each group is
  // one range of the old primary key, as keys are stored as their bits read as signed).
  if (!db.query("SELECT ZobristKey FROM PositionKey LIMIT 1").empty()) {
    constexpr KeyLayout layout = kKeyLayoutV2;
    constexpr std::uint64_t kGroupSpan = std::uint64_t{1} << layout.suffix_bits();
    for (std::int64_t prefix = 0; prefix < layout.groups(); ++prefix) {
      auto low = static_cast<std::int64_t>(static_cast<std::uint64_t>(prefix) * kGroupSpan);
      auto rows = db.query("SELECT ZobristKey, GameID, Ply FROM PositionKey WHERE ZobristKey BETWEEN ? AND ?",
                           {integer(low), integer(low + static_cast<std::int64_t>(kGroupSpan - 1))});
      if (rows.empty()) continue;
      std::vector<PositionEntry> entries;
      entries.reserve(rows.size());
      for (const SqlRow& row : rows)
        entries.push_back({static_cast<std::uint64_t>(as_int(row[0])), as_int(row[1]), as_int(row[2])});
      std::sort(entries.begin(), entries.end());
      const std::int64_t first_game =
          std::min_element(entries.begin(), entries.end(), [](auto& a, auto& b) { return a.game < b.game; })->game;
      db.query("INSERT INTO PositionBlock (KeyPrefix, FirstGameID, Entries) VALUES (?, ?, ?)",
               {integer(prefix), integer(first_game), SqlValue{encode_position_block(entries, first_game, layout)}});
    }
  }
  db.exec_script("DROP TABLE PositionKey");
}

void repack_position_blocks(SqlConnection& db) {
  // Each new group is the old groups that share its top bits: one range of the old primary key.
  constexpr int kOldGroupsPerGroup = 1 << (kKeyLayoutV2.prefix_bits - kKeyLayout.prefix_bits);
  // Blocks of about this many entries (about 3.5 KB, which a row keeps within even a 4 KB page),
  // cut between games: a group's blocks must not share a first game.
  constexpr std::size_t kEntriesPerBlock = 350;
  // A new archive has nothing to regroup (4,096 queries of an empty table were a tenth of the
  // time before an import of a new archive began reading).
  const bool empty = db.query("SELECT KeyPrefix FROM PositionBlockV2 LIMIT 1").empty();
  std::vector<PositionEntry> entries;
  std::vector<PackedBlock> blocks;
  for (std::int64_t prefix = 0; !empty && prefix < kKeyLayout.groups(); ++prefix) {
    entries.clear();
    for (const SqlRow& row :
         db.query("SELECT KeyPrefix, FirstGameID, Entries FROM PositionBlockV2 WHERE KeyPrefix BETWEEN ? AND ?",
                  {integer(prefix * kOldGroupsPerGroup), integer(prefix * kOldGroupsPerGroup + kOldGroupsPerGroup - 1)})) {
      auto old = decode_position_block(as_int(row.at(0)), as_int(row.at(1)), as_bytes(row.at(2)), kKeyLayoutV2);
      if (!old) throw SqlError("damaged position index: " + old.error().detail);
      entries.insert(entries.end(), old->begin(), old->end());
    }
    if (entries.empty()) continue;
    // By game, so that each block takes whole games; then each block's entries by key.
    std::sort(entries.begin(), entries.end(), [](const PositionEntry& a, const PositionEntry& b) {
      return std::tie(a.game, a.key, a.ply) < std::tie(b.game, b.key, b.ply);
    });
    for (std::size_t first = 0; first < entries.size();) {
      std::size_t end = std::min(first + kEntriesPerBlock, entries.size());
      while (end < entries.size() && entries[end].game == entries[end - 1].game) ++end;
      const std::int64_t first_game = entries[first].game;
      const auto block = std::span(entries).subspan(first, end - first);
      std::sort(block.begin(), block.end());
      blocks.push_back({prefix, first_game, encode_position_block(block, first_game)});
      first = end;
    }
    write_blocks(db, blocks);
    blocks.clear();
  }
  db.exec_script("DROP TABLE PositionBlockV2");
}

}  // namespace parley::archive
