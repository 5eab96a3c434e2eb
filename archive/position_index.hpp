#pragma once
// The position index (docs/archive.md, "Position search"): the Zobrist key of every main-line
// position of every chess game, as (key, game, ply) entries. Entries are grouped by the key's
// top 16 bits and packed into one PositionBlock row per group and per import batch (a small
// batch adds to the group's newest block instead, while that is small). A batch then writes at
// most 65,536 rows however many positions it adds, and a query reads the few rows of one group;
// one B-tree row per position was half of an import's time (docs/performance.md, "Archive").
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "archive/sql.hpp"
#include "game/core/bytes.hpp"

namespace parley::archive {

// Trivial (no member initialisers), so room for a batch's entries can be had without touching it.
struct PositionEntry {
  std::uint64_t key;
  std::int64_t game;
  std::int64_t ply;
  friend auto operator<=>(const PositionEntry&, const PositionEntry&) = default;
};

inline constexpr int kKeyPrefixBits = 16;
inline constexpr int kKeySuffixBytes = (64 - kKeyPrefixBits) / 8;

// The group of a key: its top kKeyPrefixBits bits, 0…65,535.
constexpr std::int64_t key_prefix(std::uint64_t key) { return static_cast<std::int64_t>(key >> (64 - kKeyPrefixBits)); }

// Packs entries of one group, sorted and without repeats, whose games are all >= first_game.
// Per entry: the key's low 48 bits (6 bytes, little-endian), then game - first_game and the ply
// as LEB128 varints. About 9 bytes per position.
game::Bytes encode_position_block(std::span<const PositionEntry> entries, std::int64_t first_game);

struct PositionBlockError {
  std::string detail;
};

// The inverse, for what a damaged or hand-edited database may hold: only the canonical encoding
// of a valid block is accepted (sorted entries without repeats, minimal varints, games and plies
// within 63 bits); anything else is an error naming the fault, never a crash.
game::Result<std::vector<PositionEntry>, PositionBlockError> decode_position_block(
    std::int64_t prefix, std::int64_t first_game, std::span<const std::uint8_t> bytes);

// The table: PositionBlock (KeyPrefix, FirstGameID, Entries), primary key (KeyPrefix,
// FirstGameID), where FirstGameID is the smallest game in the block. A batch's games have IDs
// above every stored game's, so its blocks never collide with stored ones.

// Writes entries sorted without repeats (one batch's, of games newer than every stored one) as
// one block per group, or into the group's newest block if the batch and that block are small.
void insert_position_blocks(SqlConnection& db, std::span<const PositionEntry> sorted);
// One batch's entries, in any order, written as above. A large batch is gathered into its groups
// by one counting pass and one scatter, then each group is sorted on its own (a sort of the whole
// batch was a tenth of an import's CPU time), on two threads: the upper half of the groups on a
// helper thread while this one does the lower half and writes it, as an import's commit would
// otherwise leave the core of its reading thread idle (docs/performance.md, "Archive"). The
// room to gather into is kept by the calling thread from batch to batch.
void index_positions(SqlConnection& db, std::span<const PositionEntry> batch);
// The games whose main line reached `key`, each once with the first ply it did, by game.
// Throws SqlError if a block of the key's group is damaged.
std::vector<PositionEntry> find_position(SqlConnection& db, std::uint64_t key);
// Every entry of the index, sorted (for tests, the benchmark and checks of a whole archive).
std::vector<PositionEntry> all_positions(SqlConnection& db);
// Schema step 2: version 1's PositionKey table (one row per position) into blocks, then dropped.
void pack_position_keys(SqlConnection& db);

}  // namespace parley::archive
