#include "archive/store.hpp"

#include <algorithm>

#include "archive/compress.hpp"
#include "archive/postgres_connection.hpp"
#include "archive/schema.hpp"
#include "archive/sqlite_connection.hpp"
#include "crypto/hex.hpp"
#include "crypto/identity.hpp"

namespace parley::archive {

namespace {

SqlValue text(const std::string& s) { return SqlValue{s}; }
template <class T>
SqlValue optional(const std::optional<T>& v) {
  return v ? SqlValue{*v} : SqlValue{Null{}};
}

// A player given as the 64 hex digits of a public key (as `parley log show` prints seat keys).
game::Bytes key_from_hex(const std::string& s) {
  if (s.size() != 2 * crypto::kPublicKeyBytes) return {};
  return crypto::from_hex(s).value_or(game::Bytes{});
}

bool is_postgres_url(const std::string& location) {
  return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

}  // namespace

game::Result<std::unique_ptr<ArchiveStore>, StoreError> ArchiveStore::open(const std::string& location, Use use) {
  try {
    std::unique_ptr<SqlConnection> db;
    if (is_postgres_url(location))
      db = std::make_unique<PostgresConnection>(location);
    else
      db = std::make_unique<SqliteConnection>(location);
    db->set_bulk_load(use == Use::import);
    migrate(*db);
    return std::make_unique<ArchiveStore>(std::move(db));
  } catch (const SqlError& e) {
    return StoreError{e.what()};
  }
}

ArchiveStore::ArchiveStore(std::unique_ptr<SqlConnection> db) : db_(std::move(db)) {}

// IDs count from 0 as in the layout of docs/archive.md. An import is one writer inside one transaction, so the next
// free number is the largest plus one (an index lookup on the primary key), read once per batch.
std::int64_t ArchiveStore::take_ids(std::string_view table, std::string_view column, std::int64_t count) {
  auto known = next_ids_.find(table);
  if (known == next_ids_.end()) {
    std::string sql = "SELECT COALESCE(MAX(" + std::string(column) + "), -1) + 1 FROM " + std::string(table);
    known = next_ids_.emplace(std::string(table), as_int(db_->query(sql).at(0).at(0))).first;
  }
  std::int64_t first = known->second;
  known->second += count;
  return first;
}

std::int64_t ArchiveStore::intern(std::string_view table, std::string_view id_column, const std::string& name) {
  auto key = std::make_pair(std::string(table), name);
  if (auto known = name_ids_.find(key); known != name_ids_.end()) return known->second;
  std::string select = "SELECT " + std::string(id_column) + " FROM " + std::string(table) + " WHERE Name = ?";
  auto rows = db_->query(select, {text(name)});
  std::int64_t id;
  if (!rows.empty()) {
    id = as_int(rows[0][0]);
  } else {
    id = take_ids(table, id_column);
    append_row(unwritten_.names[std::string(table) + " (" + std::string(id_column) + ", Name)"], integer(id), text(name));
  }
  name_ids_.emplace(std::move(key), id);
  return id;
}

// A player is a key when there is one (names are then aliases), else a name.
std::int64_t ArchiveStore::player_for(const SeatRecord& seat) {
  if (!seat.public_key) {
    // Cached as the name of a keyless player (the "Player" entry of name_ids_).
    auto key = std::make_pair(std::string("Player"), seat.name);
    if (auto known = name_ids_.find(key); known != name_ids_.end()) return known->second;
    auto rows = db_->query("SELECT PlayerID FROM Player WHERE Name = ? AND PublicKey IS NULL", {text(seat.name)});
    std::int64_t id;
    if (!rows.empty()) {
      id = as_int(rows[0][0]);
    } else {
      id = take_ids("Player", "PlayerID");
      append_row(unwritten_.names["Player (PlayerID, Name)"], integer(id), text(seat.name));
    }
    name_ids_.emplace(std::move(key), id);
    return id;
  }
  std::int64_t id;
  auto rows = db_->query("SELECT PlayerID FROM Player WHERE PublicKey = ?", {SqlValue{*seat.public_key}});
  if (!rows.empty()) {
    id = as_int(rows[0][0]);
  } else {
    auto key = crypto::PublicKey::from_bytes(*seat.public_key);
    std::string fingerprint = key ? crypto::fingerprint(*key) : std::string();
    id = take_ids("Player", "PlayerID");
    db_->query("INSERT INTO Player (PlayerID, Name, PublicKey, Fingerprint) VALUES (?, ?, ?, ?)",
               {integer(id), text(seat.name.empty() ? fingerprint : seat.name), SqlValue{*seat.public_key},
                fingerprint.empty() ? SqlValue{Null{}} : text(fingerprint)});
  }
  if (!seat.name.empty())
    db_->query("INSERT INTO PlayerAlias (PlayerID, Name) VALUES (?, ?) ON CONFLICT DO NOTHING",
               {integer(id), text(seat.name)});
  return id;
}

AddOutcome ArchiveStore::add(const GameRecord& r) {
  if (!batching_) {
    Batch batch(*this);
    AddOutcome added = add(r);
    batch.commit();
    return added;
  }
  if (auto waiting = unwritten_.ids.find(r.content_hash); waiting != unwritten_.ids.end())
    return {GameId{waiting->second}, false};
  auto existing = db_->query("SELECT GameID FROM Game WHERE ContentHash = ?", {SqlValue{r.content_hash}});
  if (!existing.empty()) return {GameId{as_int(existing[0][0])}, false};

  std::int64_t event = intern("Event", "EventID", r.event);
  std::int64_t site = intern("Site", "SiteID", r.site);
  std::vector<std::int64_t> players;
  for (const auto& seat : r.seats) players.push_back(player_for(seat));
  std::int64_t round = intern("Round", "RoundID", r.round);
  bool chess = r.white_black && players.size() == 2;

  std::int64_t id = take_ids("Game", "GameID");
  append_row(unwritten_.games, integer(id), integer(event), integer(site), integer(round),
             chess ? integer(players[0]) : SqlValue{Null{}}, chess ? integer(players[1]) : SqlValue{Null{}},
             text(r.date), text(r.result), integer(r.ply_count), integer(r.variation_count), integer(r.comment_count),
             integer(r.nag_count), text(r.kind), text(r.origin), SqlValue{r.content_hash}, integer(r.verified ? 1 : 0),
             text(r.fault), optional(r.fault_entry), optional(r.lobby_key), optional(r.log),
             r.log ? integer(r.log_bytes) : SqlValue{Null{}});
  for (std::size_t s = 0; s < r.seats.size(); ++s) {
    const SeatRecord& seat = r.seats[s];
    append_row(unwritten_.seats, integer(id), integer(seat.index), integer(players[s]), text(seat.name),
               optional(seat.verdict), optional(seat.verdict_entry), text(seat.reason), optional(seat.score));
  }
  std::int64_t tag_id = take_ids("TagPair", "TagPairID", static_cast<std::int64_t>(r.extra_tags.size()));
  for (const auto& tag : r.extra_tags)
    append_row(unwritten_.tag_pairs, integer(tag_id++), integer(id), text(tag.name), text(tag.value));
  std::int64_t comment_id = take_ids("Comment", "CommentID", static_cast<std::int64_t>(r.comments.size()));
  for (const auto& comment : r.comments) append_row(unwritten_.comments, integer(comment_id++), integer(id), text(comment));
  if (r.moves) {
    append_row(unwritten_.moves, integer(id), text(*r.moves));
    // add() always runs in a batch (it opens one of its own otherwise), which writes these.
    for (std::size_t ply = 0; ply < r.position_keys.size(); ++ply)
      pending_.add({r.position_keys[ply], id, static_cast<std::int64_t>(ply)});
  }
  unwritten_.ids.emplace(r.content_hash, id);
  if (unwritten_.ids.size() == kGamesPerWrite) write_rows();
  return {GameId{id}, true};
}

void ArchiveStore::write_rows() {
  // Names first: PostgreSQL checks that a game's names are there when its row is.
  for (const auto& [into, rows] : unwritten_.names) insert_rows(*db_, into, 2, rows);
  insert_rows(*db_,
              "Game (GameID, EventID, SiteID, RoundID, WhiteID, BlackID, Date, Result, PlyCount, VariationCount, "
              "CommentCount, NagCount, Kind, Origin, ContentHash, Verified, Fault, FaultEntry, LobbyKey, Log, LogBytes)",
              21, unwritten_.games);
  insert_rows(*db_, "Seat (GameID, SeatIndex, PlayerID, Name, Verdict, VerdictEntry, Reason, Score)", 8, unwritten_.seats);
  insert_rows(*db_, "TagPair (TagPairID, GameID, Tag, Value)", 4, unwritten_.tag_pairs);
  insert_rows(*db_, "Comment (CommentID, GameID, Comment)", 3, unwritten_.comments);
  insert_rows(*db_, "PositionSearch (GameID, Moves)", 2, unwritten_.moves);
  unwritten_.clear();
}

void ArchiveStore::UnwrittenRows::clear() {
  names.clear();
  games.clear();
  seats.clear();
  tag_pairs.clear();
  comments.clear();
  moves.clear();
  ids.clear();
}

ArchiveStore::BulkLoad::BulkLoad(ArchiveStore& store) : store_(store) {
  store_.db_->set_bulk_load(true);
  store_.pending_.reserve(kReservedPositions);
}

ArchiveStore::BulkLoad::~BulkLoad() {
  try {
    store_.db_->set_bulk_load(false);
  } catch (const SqlError&) {
    // The file keeps the rollback journal until a connection opens it alone.
  }
}

ArchiveStore::Batch::Batch(ArchiveStore& store) : store_(store), transaction_(*store.db_) {
  store_.batching_ = true;
  store_.unwritten_.clear();
  store_.pending_.clear();
  store_.next_ids_.clear();
  store_.name_ids_.clear();
}

ArchiveStore::Batch::~Batch() {
  store_.batching_ = false;
  store_.unwritten_.clear();
  store_.pending_.clear();
  store_.next_ids_.clear();
  store_.name_ids_.clear();
}

void ArchiveStore::Batch::commit() {
  store_.write_rows();
  index_positions(*store_.db_, store_.pending_);
  store_.pending_.clear();
  transaction_.commit();
  store_.batching_ = false;
  store_.next_ids_.clear();
  store_.name_ids_.clear();
}

namespace {

constexpr std::string_view kSummaryColumns =
    "SELECT g.GameID, g.Kind, g.Origin, e.Name, s.Name, r.Name, g.Date, g.Result, g.PlyCount, g.Verified, g.Fault, "
    "g.LobbyKey FROM Game g JOIN Event e ON e.EventID = g.EventID JOIN Site s ON s.SiteID = g.SiteID "
    "JOIN Round r ON r.RoundID = g.RoundID ";

GameSummary summary_of(const SqlRow& row) {
  GameSummary g;
  g.id = GameId{as_int(row[0])};
  g.kind = as_text(row[1]);
  g.origin = as_text(row[2]);
  g.event = as_text(row[3]);
  g.site = as_text(row[4]);
  g.round = as_text(row[5]);
  g.date = as_text(row[6]);
  g.result = as_text(row[7]);
  g.ply_count = as_int(row[8]);
  g.verified = as_int(row[9]) != 0;
  g.fault = as_text(row[10]);
  if (!std::holds_alternative<Null>(row[11])) g.lobby_key = as_bytes(row[11]);
  return g;
}

}  // namespace

void ArchiveStore::load_seats(std::vector<GameSummary>& games) {
  for (auto& g : games) {
    auto rows = db_->query(
        "SELECT st.SeatIndex, st.Name, p.Fingerprint, st.Verdict, st.Score FROM Seat st "
        "JOIN Player p ON p.PlayerID = st.PlayerID WHERE st.GameID = ? ORDER BY st.SeatIndex",
        {integer(g.id.value)});
    for (const auto& row : rows) {
      SeatSummary s;
      s.index = static_cast<std::uint8_t>(as_int(row[0]));
      s.name = as_text(row[1]);
      s.fingerprint = as_text(row[2]);
      if (!std::holds_alternative<Null>(row[3])) s.verdict = as_text(row[3]);
      s.score = as_optional_int(row[4]);
      g.seats.push_back(std::move(s));
    }
  }
}

std::vector<GameSummary> ArchiveStore::games(const GameFilter& f) {
  std::string sql(kSummaryColumns);
  sql +=
      "WHERE (? = '' OR e.Name = ?) AND (? = '' OR g.Kind = ?) AND (? = '' OR g.Result = ?) "
      "AND (? < 0 OR g.GameID = ?) "
      "AND (? = '' OR g.GameID IN (SELECT st.GameID FROM Seat st JOIN Player p ON p.PlayerID = st.PlayerID "
      "WHERE st.Name = ? OR p.Name = ? OR p.Fingerprint = ? OR p.PublicKey = ? OR "
      "st.PlayerID IN (SELECT a.PlayerID FROM PlayerAlias a WHERE a.Name = ?))) "
      "AND (? = 0 OR g.LobbyKey = ?) "
      "ORDER BY g.GameID";
  const game::Bytes lobby = f.lobby_key.empty() ? game::Bytes{} : lobby_key_of(f.lobby_key);
  std::int64_t id = f.id.value_or(-1);
  auto rows = db_->query(sql, {text(f.event), text(f.event), text(f.kind), text(f.kind), text(f.result), text(f.result),
                               integer(id), integer(id), text(f.player), text(f.player), text(f.player),
                               text(f.player), SqlValue{key_from_hex(f.player)}, text(f.player),
                               integer(f.lobby_key.empty() ? 0 : 1), SqlValue{lobby}});
  std::vector<GameSummary> out;
  for (const auto& row : rows) out.push_back(summary_of(row));
  load_seats(out);
  return out;
}

game::Bytes ArchiveStore::lobby_key_of(const std::string& given) {
  if (game::Bytes key = key_from_hex(given); !key.empty()) return key;
  for (const auto& row : db_->query("SELECT DISTINCT LobbyKey FROM Game WHERE LobbyKey IS NOT NULL")) {
    const game::Bytes bytes = as_bytes(row[0]);
    auto key = crypto::PublicKey::from_bytes(bytes);
    if (key && crypto::fingerprint(*key) == given) return bytes;
  }
  return {};
}

std::vector<GameSummary> ArchiveStore::games_at_position(std::uint64_t zobrist_key) {
  std::vector<PositionEntry> hits = find_position(*db_, zobrist_key);
  // The hits' games with the same columns as games(), a few dozen per statement.
  constexpr std::size_t kGamesPerSelect = 64;
  std::vector<GameSummary> out;
  std::vector<SqlValue> ids;
  for (std::size_t first = 0; first < hits.size(); first += kGamesPerSelect) {
    const std::size_t n = std::min(kGamesPerSelect, hits.size() - first);
    std::string sql = std::string(kSummaryColumns) + "WHERE g.GameID IN (?";
    for (std::size_t i = 1; i < n; ++i) sql += ", ?";
    sql += ") ORDER BY g.GameID";
    ids.clear();
    for (std::size_t i = first; i < first + n; ++i) ids.push_back(integer(hits[i].game));
    for (const auto& row : db_->query(sql, ids)) out.push_back(summary_of(row));
  }
  // Both lists are in game order; a hit without its Game row (a damaged archive) is left out.
  std::size_t at = 0;
  for (GameSummary& g : out) {
    while (hits[at].game != g.id.value) ++at;
    g.ply = hits[at].ply;
  }
  load_seats(out);
  return out;
}

std::optional<StoredPgn> ArchiveStore::stored_pgn(GameId id) {
  auto moves = db_->query("SELECT Moves FROM PositionSearch WHERE GameID = ?", {integer(id.value)});
  if (moves.empty()) return std::nullopt;
  auto games = this->games(GameFilter{.id = id.value});
  if (games.empty()) return std::nullopt;
  const GameSummary& g = games.front();
  StoredPgn out;
  out.result = g.result;
  out.moves = as_text(moves[0][0]);
  // The Seven Tag Roster as stored; an empty value was a missing tag and stays missing, so
  // the writer puts in its default ("?").
  auto roster = [&](const char* name, const std::string& value) {
    if (!value.empty()) out.tags.push_back({name, value});
  };
  roster("Event", g.event);
  roster("Site", g.site);
  roster("Date", g.date);
  roster("Round", g.round);
  roster("White", g.seats.size() > 0 ? g.seats[0].name : std::string());
  roster("Black", g.seats.size() > 1 ? g.seats[1].name : std::string());
  out.tags.push_back({"Result", g.result});
  for (const auto& row :
       db_->query("SELECT Tag, Value FROM TagPair WHERE GameID = ? ORDER BY TagPairID", {integer(id.value)}))
    out.tags.push_back({as_text(row[0]), as_text(row[1])});
  for (const auto& row :
       db_->query("SELECT Comment FROM Comment WHERE GameID = ? ORDER BY CommentID", {integer(id.value)}))
    out.comments.push_back(as_text(row[0]));
  return out;
}

std::optional<game::Bytes> ArchiveStore::log(GameId id) {
  auto rows = db_->query("SELECT Log, LogBytes FROM Game WHERE GameID = ? AND Log IS NOT NULL", {integer(id.value)});
  if (rows.empty()) return std::nullopt;
  auto bytes = inflate_bytes(as_bytes(rows[0][0]), static_cast<std::size_t>(as_int(rows[0][1])));
  if (!bytes) throw SqlError("game " + std::to_string(id.value) + ": " + bytes.error().detail);
  return std::move(bytes).value();
}

std::optional<std::int64_t> ArchiveStore::event_id(const std::string& name) {
  auto rows = db_->query("SELECT EventID FROM Event WHERE Name = ?", {text(name)});
  if (rows.empty()) return std::nullopt;
  return as_int(rows[0][0]);
}

std::vector<std::string> ArchiveStore::event_names() {
  std::vector<std::string> names;
  for (const auto& row : db_->query("SELECT Name FROM Event WHERE Name <> ''")) names.push_back(as_text(row[0]));
  std::ranges::sort(names);
  return names;
}

std::vector<EventGame> ArchiveStore::event_games(std::int64_t event) {
  auto rows = db_->query(
      "SELECT g.GameID, r.Name, a.PlayerID, b.PlayerID, a.Score, b.Score FROM Game g "
      "JOIN Round r ON r.RoundID = g.RoundID "
      "JOIN Seat a ON a.GameID = g.GameID AND a.SeatIndex = 0 "
      "JOIN Seat b ON b.GameID = g.GameID AND b.SeatIndex = 1 "
      "WHERE g.EventID = ? AND g.Verified = 1 AND a.Score IS NOT NULL AND b.Score IS NOT NULL "
      "AND NOT EXISTS (SELECT 1 FROM Seat c WHERE c.GameID = g.GameID AND c.SeatIndex > 1) "
      "ORDER BY g.GameID",
      {integer(event)});
  std::vector<EventGame> out;
  for (const auto& row : rows)
    out.push_back(EventGame{GameId{as_int(row[0])}, as_text(row[1]), as_int(row[2]), as_int(row[3]), as_int(row[4]),
                            as_int(row[5])});
  return out;
}

std::vector<EventPlayer> ArchiveStore::players(const std::vector<std::int64_t>& ids) {
  std::vector<EventPlayer> out;
  for (std::int64_t id : ids) {
    auto rows = db_->query("SELECT PlayerID, Name, Fingerprint FROM Player WHERE PlayerID = ?", {integer(id)});
    if (!rows.empty()) out.push_back(EventPlayer{as_int(rows[0][0]), as_text(rows[0][1]), as_text(rows[0][2])});
  }
  return out;
}

}  // namespace parley::archive
