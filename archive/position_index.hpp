#pragma once
// The position index (docs/archive.md, "Schema", PositionBlock): the Zobrist key of every main-line
// position of every chess game, as (key, game, ply) entries. Entries are grouped by the key's
// top 12 bits and packed into one PositionBlock row per group and per import batch (a small
// batch adds to the group's newest block instead, while that is small). A batch then writes at
// most 4,096 rows however many positions it adds, and a query reads the few rows of one group;
// one B-tree row per position was half of an import's time, and one row per 16-bit group a
// tenth (docs/performance.md, "Archive").
#include <array>
#include <cstdint>
#include <memory_resource>
#include <span>
#include <string>
#include <vector>

#include "archive/sql.hpp"
#include "game/core/bytes.hpp"

namespace parley::archive {

struct PositionEntry {
  std::uint64_t key = 0;
  std::int64_t game = 0;
  std::int64_t ply = 0;
  friend auto operator<=>(const PositionEntry&, const PositionEntry&) = default;
};

// How a block holds its keys: a key's top `prefix_bits` bits name its group (the row's KeyPrefix),
// and each entry keeps the other bits, little-endian, in as many bytes as they need.
struct KeyLayout {
  int prefix_bits;
  constexpr int suffix_bits() const { return 64 - prefix_bits; }
  constexpr int suffix_bytes() const { return (suffix_bits() + 7) / 8; }
  constexpr std::int64_t groups() const { return std::int64_t{1} << prefix_bits; }
  constexpr std::int64_t prefix_of(std::uint64_t key) const { return static_cast<std::int64_t>(key >> suffix_bits()); }
};
// Schema version 3's: 4,096 groups, 52-bit suffixes in 7 bytes.
inline constexpr KeyLayout kKeyLayout{12};
// Schema version 2's: 65,536 groups, 48-bit suffixes in 6 bytes. Migration step 2 writes it and
// step 3 reads it; nothing else does.
inline constexpr KeyLayout kKeyLayoutV2{16};

// The group of a key: its top 12 bits, 0…4,095.
constexpr std::int64_t key_prefix(std::uint64_t key) { return kKeyLayout.prefix_of(key); }

// Packs entries of one group, sorted and without repeats, whose games are all >= first_game.
// Per entry: the key's suffix (7 bytes), then game - first_game and the ply as LEB128 varints.
// About 10 bytes per position.
game::Bytes encode_position_block(std::span<const PositionEntry> entries, std::int64_t first_game,
                                  KeyLayout layout = kKeyLayout);

struct PositionBlockError {
  std::string detail;
};

// The inverse, for what a damaged or hand-edited database may hold: only the canonical encoding
// of a valid block is accepted (sorted entries without repeats, minimal varints, games and plies
// within 63 bits); anything else is an error naming the fault, never a crash.
game::Result<std::vector<PositionEntry>, PositionBlockError> decode_position_block(
    std::int64_t prefix, std::int64_t first_game, std::span<const std::uint8_t> bytes, KeyLayout layout = kKeyLayout);

// The table: PositionBlock (KeyPrefix, FirstGameID, Entries), primary key (KeyPrefix,
// FirstGameID), where FirstGameID is the smallest game in the block. A batch's games have IDs
// above every stored game's, so its blocks never collide with stored ones.

// Writes entries sorted without repeats (one batch's, of games newer than every stored one) as
// one block per group, or into the group's newest block if the batch and that block are small.
void insert_position_blocks(SqlConnection& db, std::span<const PositionEntry> sorted);
// A batch's entries as the store adds them, held apart by the top byte of their key (256 buckets
// of 16 groups each), so that the commit finds a group's entries among a bucket's, which fit in
// the cache, instead of among the whole batch's (docs/archive.md, "Import"). An entry is held in
// 16 bytes, its game and ply in one word: writing the 24 of a PositionEntry scattered over the
// buckets was most of what adding a game cost the storing thread.
class HeldPositions {
 public:
  static constexpr int kBucketBits = 8;
  static constexpr std::size_t kBuckets = std::size_t{1} << kBucketBits;
  static_assert(kKeyLayout.prefix_bits > kBucketBits);
  // Plies up to 16.7 million (a game log may hold a few million moves); game IDs below 2^40.
  static constexpr int kPlyBits = 24;

  struct Held {
    std::uint64_t key;
    std::uint64_t game_and_ply;
    PositionEntry entry() const {
      return {key, static_cast<std::int64_t>(game_and_ply >> kPlyBits),
              static_cast<std::int64_t>(game_and_ply & ((std::uint64_t{1} << kPlyBits) - 1))};
    }
  };

  // The buckets' room comes from one arena, given back whole when the store closes: 256 vectors
  // of their own were 256 mappings to make and unmake, 4.7 ms at the end of an import of 4,000
  // games. Its first block (address space, its pages made ready as the buckets fill) holds an
  // import's reserve (ArchiveStore::BulkLoad); a bucket that outgrows its room leaves the old
  // room unused until then.
  static constexpr std::size_t kFirstArenaBytes = (std::size_t{64} << 20) + (std::size_t{64} << 10);

  HeldPositions();
  HeldPositions(const HeldPositions&) = delete;
  HeldPositions& operator=(const HeldPositions&) = delete;

  // Throws SqlError for a game or ply beyond those bits (an archive whose IDs were edited by hand).
  void add(const PositionEntry& e) {
    const auto game = static_cast<std::uint64_t>(e.game), ply = static_cast<std::uint64_t>(e.ply);
    if ((game >> (64 - kPlyBits)) != 0 || (ply >> kPlyBits) != 0) throw_out_of_range(e);
    const std::size_t b = e.key >> (64 - kBucketBits);
    if (buckets_[b].size() == ready_[b]) make_ready(b);
    buckets_[b].push_back({e.key, game << kPlyBits | ply});
    ++size_;
  }
  std::size_t size() const { return size_; }
  std::span<const Held> bucket(std::size_t b) const { return buckets_[b]; }
  // Forgets the entries and keeps the room.
  void clear();
  // Room for about `entries` in all, spread over the buckets (address space, its pages made
  // ready a step ahead of each bucket's entries).
  void reserve(std::size_t entries);

 private:
  [[noreturn]] static void throw_out_of_range(const PositionEntry& e);
  // The next step of bucket b's reserved room asked of the kernel in one call
  // (MADV_POPULATE_WRITE): a page first touched costs a fault, 10 µs on the 2-core virtual
  // machine the benchmarks run on, and an import of 4,000 games touches 5,000 pages of buckets;
  // asked for 64 KB at a time they cost 0.5 µs each (docs/performance.md, "Archive").
  void make_ready(std::size_t b);
  static constexpr std::size_t kReadyStepBytes = std::size_t{64} << 10;

  std::pmr::monotonic_buffer_resource arena_{kFirstArenaBytes};
  std::array<std::pmr::vector<Held>, kBuckets> buckets_;
  // How many entries each bucket's room has pages ready for; the most a size_t holds where
  // nothing was reserved (the lobby's batches of one game), so that add() never asks.
  std::array<std::size_t, kBuckets> ready_;
  std::size_t size_ = 0;
};

// One batch's entries written as above. A large batch's buckets are each gathered into their
// groups by a counting pass and a scatter, and each group is sorted on its own (a sort of the
// whole batch was a tenth of an import's CPU time). Pieces of a few buckets are packed in key
// order by a helper thread and by this one, which writes each piece once it is packed and packs
// the next one while it waits: an import's commit would otherwise leave the core of its reading
// thread idle (docs/performance.md, "Archive").
void index_positions(SqlConnection& db, const HeldPositions& batch);
// The games whose main line reached `key`, each once with the first ply it did, by game.
// Throws SqlError if a block of the key's group is damaged.
std::vector<PositionEntry> find_position(SqlConnection& db, std::uint64_t key);
// Every entry of the index, sorted (for tests, the benchmark and checks of a whole archive).
std::vector<PositionEntry> all_positions(SqlConnection& db);
// Schema step 2: version 1's PositionKey table (one row per position) into blocks of version 2's
// layout, one per group, then dropped.
void pack_position_keys(SqlConnection& db);
// Schema step 3: version 2's blocks (the table renamed PositionBlockV2 by the step's SQL) into
// blocks of the current layout, then dropped. A group's entries are split by game into blocks
// of a few hundred entries, as import batches would have left them.
void repack_position_blocks(SqlConnection& db);

}  // namespace parley::archive
