#include "archive/record.hpp"

#include <algorithm>
#include <array>

#include "archive/compress.hpp"
#include "crypto/hash.hpp"
#include "game/core/seat.hpp"
#include "game/core/utf8.hpp"
#include "peer/log/pgn_export.hpp"
#include "peer/log/verify.hpp"
#include "peer/session/options.hpp"

namespace parley::archive {

namespace pgn = game::chess::pgn;

namespace {

constexpr std::array<std::string_view, 7> kSevenTagRoster = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

bool in_roster(std::string_view tag) {
  for (auto t : kSevenTagRoster)
    if (t == tag) return true;
  return false;
}

// Every comment of a line in movetext order: before the first move, then each move's own
// comments and, after them, its variations (the order pgn::write emits them in, so that
// emptying and refilling line up).
template <class LineT, class Visit>  // pgn::Line or const pgn::Line
void for_each_comment(LineT& line, const Visit& visit) {
  for (auto& c : line.comments) visit(c);
  for (auto& node : line.nodes) {
    for (auto& c : node.comments) visit(c);
    for (auto& v : node.variations) for_each_comment(v, visit);
  }
}

// Text as the archive keeps it: UTF-8, which PostgreSQL requires of a text column and every
// reader expects. PGN's own character set is ISO 8859-1, and many files are Windows-1252 (its
// superset), so text that is not valid UTF-8 is read as Windows-1252. Control characters, which
// the PGN standard does not allow in a tag and which a terminal would obey when the archive
// prints them, become spaces (the reader has already folded a comment's line breaks).
bool is_control(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

std::string archived_text(std::string_view text) {
  const std::string utf8 = game::is_valid_utf8(text) ? std::string(text) : game::utf8_from_windows_1252(text);
  std::string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size();) {
    const char32_t cp = *game::next_code_point(utf8, i);
    game::append_utf8(out, is_control(cp) ? U' ' : cp);
  }
  return out;
}

// Whether the text is kept as it stands. Nearly every tag and comment is printable ASCII, which
// is all this reads; anything else is cleaned and compared.
bool is_archived_text(std::string_view text) {
  const bool printable_ascii = std::all_of(text.begin(), text.end(), [](char c) {
    const auto b = static_cast<unsigned char>(c);
    return b >= 0x20 && b < 0x7F;
  });
  return printable_ascii || archived_text(text) == text;
}

// What one walk over a line and its variations learns.
struct Survey {
  std::int64_t variations = 0, comments = 0, nags = 0;
  // A variation without moves ("1. Nf3 ( ) *", or one holding only a move number): the reader
  // accepts it, but pgn::write cannot write it back in a form the reader accepts (it prints
  // "1. Nf3) (*"). Such a variation says nothing about the game; the archive drops it, with any
  // comment inside it.
  bool empty_variation = false;
  bool comments_archived = true;  // every comment kept as it stands (is_archived_text)
};
void survey(const pgn::Line& line, Survey& s) {
  s.comments += static_cast<std::int64_t>(line.comments.size());
  for (const auto& c : line.comments) s.comments_archived = s.comments_archived && is_archived_text(c);
  for (const auto& node : line.nodes) {
    s.comments += static_cast<std::int64_t>(node.comments.size());
    s.nags += static_cast<std::int64_t>(node.nags.size());
    s.variations += static_cast<std::int64_t>(node.variations.size());
    for (const auto& c : node.comments) s.comments_archived = s.comments_archived && is_archived_text(c);
    for (const auto& v : node.variations) {
      s.empty_variation = s.empty_variation || v.nodes.empty();
      survey(v, s);
    }
  }
}
// One walk instead of one per question: the three it replaced cost 15 M more of the 2,447 M
// instructions of the benchmark's import (docs/performance.md, "Archive").
Survey survey_of(const pgn::Line& line) {
  Survey s;
  survey(line, s);
  return s;
}

// The game with its tags and comments as the archive keeps them; nothing when they already are
// (nearly every game: the check reads the text once).
std::optional<pgn::Game> with_archived_text(const pgn::Game& game, const Survey& surveyed) {
  const bool clean = surveyed.comments_archived && std::all_of(game.tags.begin(), game.tags.end(), [](const pgn::Tag& t) {
                       return is_archived_text(t.value);
                     });
  if (clean) return std::nullopt;
  pgn::Game copy = game;
  for (auto& t : copy.tags) t.value = archived_text(t.value);
  for_each_comment(copy.main, [](std::string& c) { c = archived_text(c); });
  return copy;
}

void drop_empty_variations(pgn::Line& line) {
  for (auto& node : line.nodes) {
    std::erase_if(node.variations, [](const pgn::Line& v) { return v.nodes.empty(); });
    for (auto& v : node.variations) drop_empty_variations(v);
  }
}

// The digest of HashInput(label).bytes(data), with `data` (a whole game's text or log) fed to
// BLAKE2b where it lies instead of copied into the input first.
game::Bytes digest_of(crypto::DomainLabel label, std::span<const std::uint8_t> data) {
  auto d = crypto::blake2b_256(crypto::HashInput(label), {data});
  return {d.begin(), d.end()};
}

std::span<const std::uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// The result of an n-seat game, PGN style: "1-0" and "0-1" for two seats, "0-1-0" for three;
// a game without a winner "1/2-1/2"; an unfinished one "*".
std::string result_of(const std::optional<game::Outcome>& outcome, std::size_t seats) {
  if (!outcome || seats == 0) return "*";
  std::string out;
  for (std::size_t s = 0; s < seats; ++s) {
    if (s) out += '-';
    out += !outcome->winner ? "1/2" : outcome->winner->index == s ? "1" : "0";
  }
  return out;
}

// PositionSearch.Moves, as in the original layout: the game's movetext as written, every comment emptied
// to "{}" where it stands, without the termination marker (the comments are kept in Comment, in
// the order of the "{}" here). The writer braces a comment unless it holds a '}', and writes that
// one as a ';' comment running to the end of its line. The movetext starts after the tag
// section's blank line: tags as the archive keeps them hold no line break (archived_text; a log's
// are sanitised room texts and names).
std::string bare_movetext(std::string_view written, std::string_view result) {
  std::string_view movetext = written.substr(written.find("\n\n") + 2);
  auto trim_end = [&] {
    while (!movetext.empty() && (movetext.back() == '\n' || movetext.back() == ' ')) movetext.remove_suffix(1);
  };
  trim_end();
  if (movetext.ends_with(result)) movetext.remove_suffix(result.size());
  trim_end();
  std::string out;
  out.reserve(movetext.size());
  // Each kind of comment looked for on its own (memchr): moves are most of the text.
  std::size_t brace = movetext.find('{'), semicolon = movetext.find(';');
  for (std::size_t at = 0;;) {
    if (brace < at) brace = movetext.find('{', at);
    if (semicolon < at) semicolon = movetext.find(';', at);
    const std::size_t comment = std::min(brace, semicolon);
    if (comment == std::string_view::npos) {
      out.append(movetext.substr(at));
      return out;
    }
    out.append(movetext.substr(at, comment - at)).append("{}");
    // A ';' comment keeps its line end; a braced one ends at its brace.
    const std::size_t end = comment == brace ? movetext.find('}', comment) : movetext.find('\n', comment);
    if (end == std::string_view::npos) return out;
    at = comment == brace ? end + 1 : end;
  }
}

// Fills the chess-specific parts (movetext, comments, counts, positions) from a PGN game, its
// survey, its written text and its main line's position keys. A game with an empty variation is
// written again without it (its main line, and so its keys, stay the same).
void add_movetext(GameRecord& r, const pgn::Game& original, Survey surveyed, const std::string& written,
                  std::vector<std::uint64_t> main_line_keys) {
  std::optional<pgn::Game> dropped;
  std::string rewritten;
  if (surveyed.empty_variation) {
    dropped.emplace(original);
    drop_empty_variations(dropped->main);
    rewritten = pgn::write(*dropped);
    surveyed = survey_of(dropped->main);
  }
  const pgn::Game& game = dropped ? *dropped : original;
  r.ply_count = static_cast<std::int64_t>(game.main.nodes.size());
  r.variation_count = surveyed.variations;
  r.comment_count = surveyed.comments;
  r.nag_count = surveyed.nags;

  r.comments.clear();
  r.comments.reserve(static_cast<std::size_t>(surveyed.comments));
  for_each_comment(game.main, [&](const std::string& comment) { r.comments.push_back(comment); });
  r.moves = bare_movetext(dropped ? rewritten : written, game.result);
  r.position_keys = std::move(main_line_keys);
}

}  // namespace

std::vector<std::optional<std::int64_t>> scores_of_result(std::string_view result, std::size_t seats) {
  std::vector<std::optional<std::int64_t>> scores(seats);
  std::size_t at = 0;
  for (std::size_t s = 0; s < seats; ++s) {
    std::size_t end = result.find('-', at);
    std::string_view field = result.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    if (field == "1") scores[s] = 2;
    else if (field == "0") scores[s] = 0;
    else if (field == "1/2") scores[s] = 1;
    else return std::vector<std::optional<std::int64_t>>(seats);
    if (end == std::string_view::npos) {
      if (s + 1 != seats) return std::vector<std::optional<std::int64_t>>(seats);
      break;
    }
    at = end + 1;
  }
  return scores;
}

bool is_stored_result(std::string_view text) {
  if (text == "*") return true;
  const auto seats = static_cast<std::size_t>(std::ranges::count(text, '-')) + 1;
  if (seats < 2 || seats > game::kMaxSeats) return false;
  return std::ranges::all_of(scores_of_result(text, seats), [](const auto& score) { return score.has_value(); });
}

GameRecord record_from_pgn(const pgn::Game& read) {
  // Cleaning changes only text: the counts and the empty variations are the same after it.
  const Survey surveyed = survey_of(read.main);
  const std::optional<pgn::Game> cleaned = with_archived_text(read, surveyed);
  const pgn::Game& game = cleaned ? *cleaned : read;
  GameRecord r;
  r.kind = std::string(kPgnGame);
  r.origin = kOriginPgn;
  r.white_black = true;
  auto tag = [&](std::string_view name) {
    const std::string* v = game.tag(name);
    return v ? *v : std::string();
  };
  r.event = tag("Event");
  r.site = tag("Site");
  r.date = tag("Date");
  r.round = tag("Round");
  r.result = game.result;
  auto scores = scores_of_result(game.result, 2);
  r.seats.push_back(SeatRecord{0, tag("White"), std::nullopt, std::nullopt, std::nullopt, {}, scores[0]});
  r.seats.push_back(SeatRecord{1, tag("Black"), std::nullopt, std::nullopt, std::nullopt, {}, scores[1]});
  for (const auto& t : game.tags)
    if (!in_roster(t.name)) r.extra_tags.push_back(t);
  std::vector<std::uint64_t> keys;
  const std::string written = pgn::write(game, &keys);
  r.content_hash = digest_of(crypto::DomainLabel("archive-pgn-game"), bytes_of(written));
  add_movetext(r, game, surveyed, written, std::move(keys));
  return r;
}

game::Result<GameRecord, LogRejected> record_from_log(std::span<const std::uint8_t> bytes) {
  auto decoded = peer::decode_log(bytes);
  if (!decoded) {
    std::string detail(lobby::describe(decoded.error().kind));
    if (!decoded.error().detail.empty()) detail += ": " + decoded.error().detail;
    return LogRejected{detail};
  }
  const peer::GameLog& log = *decoded;
  if (log.entries.empty()) return LogRejected{"the log has no entries"};
  const auto* genesis = std::get_if<lobby::Genesis>(&log.entries.front().entry.payload);
  if (!genesis) return LogRejected{"the first entry is not the room's genesis"};
  if (bytes.size() > kMaxStoredLogBytes) return LogRejected{"the log is larger than the archive keeps"};

  peer::VerifyReport report = peer::verify(log);
  GameRecord r;
  r.kind = genesis->game;
  r.origin = kOriginLog;
  r.verified = report.valid;
  r.fault = report.fault;
  if (report.fault_entry) r.fault_entry = static_cast<std::int64_t>(*report.fault_entry);
  auto key = log.lobby_key.bytes();
  r.lobby_key = game::Bytes(key.begin(), key.end());
  r.log = deflate_bytes(bytes);
  r.log_bytes = static_cast<std::int64_t>(bytes.size());
  r.content_hash = digest_of(crypto::DomainLabel("archive-game-log"), bytes);

  auto options = peer::decode_room_options(genesis->options);
  peer::RoomOptions room = options ? *options : peer::RoomOptions{};
  r.event = room.event;
  r.site = room.site;
  r.round = room.round;
  r.date = peer::pgn_date(log.entries.front().entry.lobby_time_ms);
  std::size_t seats = genesis->seat_keys.size();
  r.result = result_of(report.outcome, seats);
  auto scores = scores_of_result(r.result, seats);
  for (std::size_t s = 0; s < seats; ++s) {
    SeatRecord seat;
    seat.index = static_cast<std::uint8_t>(s);
    auto k = genesis->seat_keys[s].bytes();
    seat.public_key = game::Bytes(k.begin(), k.end());
    seat.score = scores[s];
    for (const auto& v : report.seats) {
      if (v.seat.index != s) continue;
      seat.name = v.name;
      seat.verdict = std::string(peer::describe(v.kind));
      if (v.index) seat.verdict_entry = static_cast<std::int64_t>(v.index->value);
      seat.reason = v.reason;
    }
    r.seats.push_back(std::move(seat));
  }

  if (const peer::PgnExport* pgn = peer::pgn_export(genesis->game)) {
    // The moves as PGN (with clock comments), for position search and export. A log too broken
    // to replay keeps its verdict and bytes but has no moves.
    r.white_black = true;
    if (auto game = pgn->pgn(log)) {
      for (const auto& t : game->tags)
        if (!in_roster(t.name)) r.extra_tags.push_back(t);
      std::vector<std::uint64_t> keys;
      const std::string written = pgn::write(*game, &keys);
      add_movetext(r, *game, survey_of(game->main), written, std::move(keys));
    }
  }
  return r;
}

game::Result<pgn::Game, RebuildError> rebuild_pgn(const StoredPgn& stored) {
  // The text always has a tag section: the reader takes a comment before any tag or move as
  // text between games, so a stored game whose movetext opens with a comment would lose it.
  std::vector<pgn::Tag> tags = stored.tags;
  if (std::none_of(tags.begin(), tags.end(), [](const pgn::Tag& t) { return t.name == "Result"; }))
    tags.push_back({"Result", stored.result});
  std::string text;
  for (const auto& t : tags) {
    std::string value;
    for (char c : t.value) {
      if (c == '"' || c == '\\') value += '\\';
      value += c;
    }
    text += "[" + t.name + " \"" + value + "\"]\n";
  }
  text += "\n" + stored.moves + (stored.moves.empty() ? "" : " ") + stored.result + "\n";
  pgn::Reader reader(text);
  auto next = reader.next();
  if (!next) return RebuildError{"the stored movetext holds no game"};
  if (!next->ok()) return RebuildError{"the stored movetext does not replay: " + pgn::format(next->error(), "archive")};
  pgn::Game game = std::move(*next).value();
  std::size_t at = 0;
  bool mismatch = false;
  for_each_comment(game.main, [&](std::string& comment) {
    if (at < stored.comments.size()) comment = stored.comments[at];
    else mismatch = true;
    ++at;
  });
  if (mismatch || at != stored.comments.size())
    return RebuildError{"the game has " + std::to_string(stored.comments.size()) + " stored comments but " +
                        std::to_string(at) + " places for them"};
  return game;
}

}  // namespace parley::archive
