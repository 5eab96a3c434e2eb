#pragma once
// ArchiveStore: the game database (docs/archive.md). One class over an SqlConnection, so that
// SQLite and PostgreSQL run the very same statements: `open("games.sqlite")` or
// `open("postgresql://…")`. Opening migrates the schema to the latest version.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "archive/position_index.hpp"
#include "archive/record.hpp"
#include "archive/sql.hpp"

namespace parley::archive {

struct StoreError {
  std::string detail;
};

struct GameId {
  std::int64_t value = 0;
  friend auto operator<=>(const GameId&, const GameId&) = default;
};

struct AddOutcome {
  GameId id;
  bool inserted = false;  // false: the same game was already archived (under `id`)
};

// Every given field must match; empty ones match anything. (Default member initializers let
// callers name only the fields they use.)
struct GameFilter {
  std::string player{};  // a name, an alias, a key's fingerprint, or the key in hex
  std::string event{};
  std::string kind{};
  std::string result{};
  std::optional<std::int64_t> id{};
  std::string lobby_key{};  // only games stamped by this lobby: its key in hex or its fingerprint
};

struct SeatSummary {
  std::uint8_t index = 0;
  std::string name;
  std::string fingerprint;  // empty for PGN players
  std::optional<std::string> verdict;
  std::optional<std::int64_t> score;
};

struct GameSummary {
  GameId id;
  std::string kind, origin, event, site, round, date, result;
  std::int64_t ply_count = 0;
  bool verified = true;
  std::string fault;
  std::vector<SeatSummary> seats;
  std::optional<std::int64_t> ply;  // for position search: where the position was reached
  std::optional<game::Bytes> lobby_key;  // a log's: the key that signed it as the lobby
};

struct EventGame {
  GameId id;
  std::string round;
  std::int64_t white = 0, black = 0;              // PlayerIDs
  std::int64_t white_score = 0, black_score = 0;  // half points
};

struct EventPlayer {
  std::int64_t id = 0;
  std::string name;
  std::string fingerprint;
};

class ArchiveStore {
 public:
  // What a program opens the archive for. An importer (`archive import`) has the SQLite file in
  // its bulk-load mode from the start (SqlConnection::set_bulk_load), so that a new archive's
  // schema is written straight to the file instead of through a write-ahead log that the import
  // then folds back in: 10 of the 20 ms before reading began. Its Importer leaves that mode.
  enum class Use : std::uint8_t { shared, import };
  // A path to an SQLite file (created if missing), or a postgresql:// URL.
  static game::Result<std::unique_ptr<ArchiveStore>, StoreError> open(const std::string& location,
                                                                      Use use = Use::shared);
  explicit ArchiveStore(std::unique_ptr<SqlConnection> db);

  // Stores a game unless a game with the same content hash is there already. Runs in the
  // caller's Batch if there is one, else in a transaction of its own.
  AddOutcome add(const GameRecord& record);

  std::vector<GameSummary> games(const GameFilter& filter);
  // Games whose main line reached the position with this Zobrist key, with the first ply.
  std::vector<GameSummary> games_at_position(std::uint64_t zobrist_key);

  // The stored parts of a chess game's PGN (nullopt for games without moves).
  std::optional<StoredPgn> stored_pgn(GameId id);
  // The .plog bytes as imported (nullopt for games that came from PGN).
  std::optional<game::Bytes> log(GameId id);

  // Finished, verified two-seat games of an event, and the players in them.
  std::optional<std::int64_t> event_id(const std::string& name);
  // The events' names, in byte order (the same on both back ends, whatever their collation);
  // the unnamed event of games without an Event tag is left out.
  std::vector<std::string> event_names();
  std::vector<EventGame> event_games(std::int64_t event_id);
  std::vector<EventPlayer> players(const std::vector<std::int64_t>& ids);
  // The lobby key a filter's lobby_key names: its bytes for hex, the archived key whose
  // fingerprint it is; empty bytes (matching no game) when it names none.
  game::Bytes lobby_key_of(const std::string& key_or_fingerprint);

  // A write transaction for many add()s. The position keys of the games added in it are held
  // until commit() and then written as one packed block per key group (archive/position_index.hpp).
  // Destroyed without commit(), it rolls back and drops the held keys.
  class Batch {
   public:
    explicit Batch(ArchiveStore& store);
    ~Batch();
    Batch(const Batch&) = delete;
    Batch& operator=(const Batch&) = delete;
    void commit();

   private:
    ArchiveStore& store_;
    Transaction transaction_;
  };

  // Held by an Importer for its whole run (SqlConnection::set_bulk_load), outside its batches.
  class BulkLoad {
   public:
    explicit BulkLoad(ArchiveStore& store);
    // Back to the usual mode if it can be had; never throws (the archive is correct either way).
    ~BulkLoad();
    BulkLoad(const BulkLoad&) = delete;
    BulkLoad& operator=(const BulkLoad&) = delete;

   private:
    ArchiveStore& store_;
  };

  SqlConnection& sql() { return *db_; }

 private:
  // The first of `count` new consecutive IDs of a table.
  std::int64_t take_ids(std::string_view table, std::string_view column, std::int64_t count = 1);
  std::int64_t intern(std::string_view table, std::string_view id_column, const std::string& name);
  std::int64_t player_for(const SeatRecord& seat);
  // Writes the rows of the games added since the last write.
  void write_rows();
  void load_seats(std::vector<GameSummary>& games);

  std::unique_ptr<SqlConnection> db_;
  bool batching_ = false;
  // Room for the positions of an import's large batches (64 MB of address space, reserved by
  // BulkLoad, its pages made ready as it fills, kept from batch to batch): growing a vector by
  // doubling copied it and faulted in twice its pages, a fifth of an import's time
  // (docs/performance.md, "Archive"). The lobby's batches of one game grow as they go.
  static constexpr std::size_t kReservedPositions = std::size_t{1} << 21;
  static_assert(2 * kReservedPositions * sizeof(HeldPositions::Held) < HeldPositions::kFirstArenaBytes);
  HeldPositions pending_;
  // The rows of a batch's newest games and of the names they brought (found through name_ids_
  // meanwhile), written kGamesPerWrite games at a time (and when the batch commits) with a
  // statement per table instead of a statement per table and game: each statement cost SQLite
  // about 4,300 instructions beyond its rows' own (docs/performance.md, "Archive"). Players with
  // a key are written at once: they are looked up by key, not through name_ids_.
  struct UnwrittenRows {
    std::map<std::string, std::vector<SqlValue>> names;              // by "Table (IDColumn, Name)"
    std::vector<SqlValue> games, seats, tag_pairs, comments, moves;  // as insert_rows takes them
    std::map<game::Bytes, std::int64_t> ids;                          // by content hash
    void clear();
  };
  static constexpr std::size_t kGamesPerWrite = 32;
  UnwrittenRows unwritten_;
  // What this batch has learnt about IDs: the next free ID of each table and the IDs of the
  // names it has looked up or inserted (Event, Site, Round, players without a key). A batch is
  // one write transaction holding the writer lock, so no one else changes them meanwhile; it is
  // forgotten when the batch ends, committed or rolled back (a rollback takes new IDs back).
  std::map<std::string, std::int64_t, std::less<>> next_ids_;
  std::map<std::pair<std::string, std::string>, std::int64_t, std::less<>> name_ids_;
};

}  // namespace parley::archive
