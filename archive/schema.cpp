#include "archive/schema.hpp"

#include <array>
#include <string>

#include "archive/position_index.hpp"

namespace parley::archive {

namespace {

// Version 1: the original layout of docs/archive.md (Event, Site, Player, Round, Game, TagPair, Comment,
// PositionSearch) with its column names, and what parley adds: the game's kind and origin, a
// content hash that makes imports idempotent, the verifier's verdict for the game and each
// seat, the log itself (zlib) and the lobby's key, players as keys with their names as
// aliases, and the Zobrist key of every position for position search.
constexpr std::string_view kInitial = R"sql(
CREATE TABLE Event (EventID {ID}, Name TEXT NOT NULL UNIQUE);
CREATE TABLE Site (SiteID {ID}, Name TEXT NOT NULL UNIQUE);
CREATE TABLE Round (RoundID {ID}, Name TEXT NOT NULL UNIQUE);
CREATE TABLE Player (
  PlayerID {ID},
  Name TEXT NOT NULL,
  PublicKey {BLOB} UNIQUE,
  Fingerprint TEXT UNIQUE
);
CREATE UNIQUE INDEX PlayerByName ON Player (Name) WHERE PublicKey IS NULL;
CREATE TABLE PlayerAlias (
  PlayerID BIGINT NOT NULL REFERENCES Player (PlayerID),
  Name TEXT NOT NULL,
  PRIMARY KEY (PlayerID, Name)
);
CREATE INDEX PlayerAliasByName ON PlayerAlias (Name);
CREATE TABLE Game (
  GameID {ID},
  EventID BIGINT NOT NULL REFERENCES Event (EventID),
  SiteID BIGINT NOT NULL REFERENCES Site (SiteID),
  RoundID BIGINT NOT NULL REFERENCES Round (RoundID),
  WhiteID BIGINT REFERENCES Player (PlayerID),
  BlackID BIGINT REFERENCES Player (PlayerID),
  Date TEXT NOT NULL,
  Result TEXT NOT NULL,
  PlyCount BIGINT NOT NULL,
  VariationCount BIGINT NOT NULL,
  CommentCount BIGINT NOT NULL,
  NagCount BIGINT NOT NULL,
  Kind TEXT NOT NULL,
  Origin TEXT NOT NULL,
  ContentHash {BLOB} NOT NULL UNIQUE,
  Verified BIGINT NOT NULL,
  Fault TEXT NOT NULL,
  FaultEntry BIGINT,
  LobbyKey {BLOB},
  Log {BLOB},
  LogBytes BIGINT
);
CREATE INDEX GameByEvent ON Game (EventID);
CREATE INDEX GameByWhite ON Game (WhiteID);
CREATE INDEX GameByBlack ON Game (BlackID);
CREATE INDEX GameByKind ON Game (Kind);
CREATE TABLE Seat (
  GameID BIGINT NOT NULL REFERENCES Game (GameID),
  SeatIndex BIGINT NOT NULL,
  PlayerID BIGINT NOT NULL REFERENCES Player (PlayerID),
  Name TEXT NOT NULL,
  Verdict TEXT,
  VerdictEntry BIGINT,
  Reason TEXT NOT NULL,
  Score BIGINT,
  PRIMARY KEY (GameID, SeatIndex)
);
CREATE INDEX SeatByPlayer ON Seat (PlayerID);
CREATE TABLE TagPair (
  TagPairID {ID},
  GameID BIGINT NOT NULL REFERENCES Game (GameID),
  Tag TEXT NOT NULL,
  Value TEXT NOT NULL
);
CREATE INDEX TagPairByGame ON TagPair (GameID);
CREATE TABLE Comment (
  CommentID {ID},
  GameID BIGINT NOT NULL REFERENCES Game (GameID),
  Comment TEXT NOT NULL
);
CREATE INDEX CommentByGame ON Comment (GameID);
CREATE TABLE PositionSearch (
  GameID BIGINT PRIMARY KEY REFERENCES Game (GameID),
  Moves TEXT NOT NULL
);
CREATE TABLE PositionKey (
  ZobristKey BIGINT NOT NULL,
  GameID BIGINT NOT NULL REFERENCES Game (GameID),
  Ply BIGINT NOT NULL,
  PRIMARY KEY (ZobristKey, GameID, Ply)
){WITHOUT_ROWID};
)sql";

// Version 2: the position index packed, one row per group of keys and per import batch
// instead of one per position (archive/position_index.hpp); version 1's rows are converted.
constexpr std::string_view kPositionBlocks = R"sql(
CREATE TABLE PositionBlock (
  KeyPrefix BIGINT NOT NULL,
  FirstGameID BIGINT NOT NULL,
  Entries {BLOB} NOT NULL,
  PRIMARY KEY (KeyPrefix, FirstGameID)
){WITHOUT_ROWID};
)sql";

// Version 3: 4,096 groups instead of 65,536 (archive/position_index.hpp, KeyLayout), so that an
// import batch writes a sixteenth of the rows. A block of a large batch now holds a few
// kilobytes, more than SQLite keeps in the page of a table without row ids, so the table has
// them; version 2's blocks are read and packed again.
constexpr std::string_view kPositionGroupsOf12Bits = R"sql(
ALTER TABLE PositionBlock RENAME TO PositionBlockV2;
CREATE TABLE PositionBlock (
  KeyPrefix BIGINT NOT NULL,
  FirstGameID BIGINT NOT NULL,
  Entries {BLOB} NOT NULL,
  PRIMARY KEY (KeyPrefix, FirstGameID)
);
)sql";

// Version 4: the indexes no query reads dropped, each of which cost every imported game an
// insertion (2% of an import's instructions together, docs/performance.md, "Archive"). A
// player's games are found through Seat (SeatByPlayer), which holds White and Black as seats 0
// and 1; Kind holds a handful of values, and the game filter tests it beside a parameter
// ("? = '' OR g.Kind = ?"), which no index serves.
constexpr std::string_view kUnreadIndexesDropped = R"sql(
DROP INDEX IF EXISTS GameByWhite;
DROP INDEX IF EXISTS GameByBlack;
DROP INDEX IF EXISTS GameByKind;
)sql";

constexpr std::array kMigrations = {
    Migration{1, "the original layout with parley's seats, verdicts, logs and position keys", kInitial},
    Migration{2, "position keys packed into blocks by key prefix", kPositionBlocks, &pack_position_keys},
    Migration{3, "position blocks grouped by the key's top 12 bits", kPositionGroupsOf12Bits, &repack_position_blocks},
    Migration{4, "indexes no query reads dropped", kUnreadIndexesDropped},
};

std::string dialect_sql(std::string_view sql, Dialect dialect) {
  auto replace = [](std::string& s, std::string_view from, std::string_view to) {
    for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size()) s.replace(at, from.size(), to);
  };
  std::string out(sql);
  bool lite = dialect == Dialect::sqlite;
  // In SQLite only "INTEGER PRIMARY KEY" is the row id itself (no second index).
  replace(out, "{ID}", lite ? "INTEGER PRIMARY KEY" : "BIGINT PRIMARY KEY");
  replace(out, "{BLOB}", lite ? "BLOB" : "BYTEA");
  replace(out, "{WITHOUT_ROWID}", lite ? " WITHOUT ROWID" : "");
  return out;
}

}  // namespace

std::span<const Migration> migrations() { return kMigrations; }
std::int64_t latest_schema_version() { return kMigrations.back().version; }

std::int64_t schema_version(SqlConnection& db) {
  auto rows = db.query("SELECT COALESCE(MAX(Version), 0) FROM SchemaVersion");
  return as_int(rows.at(0).at(0));
}

void migrate(SqlConnection& db) {
  // An archive already up to date is not locked at all (read-only use stays read-only).
  try {
    std::int64_t have = schema_version(db);
    if (have == latest_schema_version()) return;
  } catch (const SqlError&) {
    // No SchemaVersion table yet: a new archive.
  }
  // Every step in one transaction, under the writer lock, deciding from the version it sees
  // there: two programs opening a new archive at once apply every step once, and an archive is
  // never left between versions. (A transaction per step cost a new SQLite archive three syncs
  // of its journal instead of one.)
  Transaction t(db);
  db.exec_script("CREATE TABLE IF NOT EXISTS SchemaVersion (Version BIGINT PRIMARY KEY, Description TEXT NOT NULL)");
  const std::int64_t have = schema_version(db);
  if (have > latest_schema_version())
    throw SqlError("the archive has schema version " + std::to_string(have) + ", newer than this parley's " +
                   std::to_string(latest_schema_version()));
  for (const Migration& m : kMigrations) {
    if (m.version <= have) continue;
    db.exec_script(dialect_sql(m.sql, db.dialect()));
    if (m.convert) m.convert(db);
    db.query("INSERT INTO SchemaVersion (Version, Description) VALUES (?, ?)",
             {SqlValue{m.version}, SqlValue{std::string(m.description)}});
  }
  t.commit();
}

}  // namespace parley::archive
