#pragma once
// PGN ("Portable Game Notation", Standard 1994-03-12, Steven J. Edwards): a reader for the
// import format and a writer for the export format.
//
// The reader takes text (a whole file, already in memory or mapped), yields one game at a time,
// plays every move through the engine, and on a bad game reports the line and column and skips
// to the next game. Every length it keeps is bounded (Limits), so hostile input cannot make it
// allocate without bound. The writer emits canonical PGN: the Seven Tag Roster in order, the
// other tags sorted by name, movetext wrapped at 79 columns; reading its output and writing it
// again reproduces it byte for byte.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/chess/game.hpp"
#include "game/chess/notation.hpp"

namespace parley::game::chess::pgn {

struct Tag {
  std::string name;
  std::string value;
  friend bool operator==(const Tag&, const Tag&) = default;
};

struct Line;

// What the reader learnt replaying a move: its SAN's shape and the key of the position after it.
// pgn::write then spells the game and names its positions without replaying it (that replay was
// a fifth of an archive import's time).
struct Replayed {
  SanShape san;
  std::uint64_t key_after = 0;
};

// One half-move with its annotations. `variations` are alternatives to this move, each
// starting from the position before it.
struct Node {
  Move move;
  std::vector<std::uint8_t> nags;
  std::vector<std::string> comments;  // after the move (and after its variations, if any)
  std::vector<Line> variations;
  // Set by the reader (unless told to skip it). A node made elsewhere has none, and the writer
  // then replays its game; code that changes a read node's move must reset it. Not part of the
  // node's value.
  std::optional<Replayed> replayed{};
  friend bool operator==(const Node& a, const Node& b);
};

struct Line {
  std::vector<std::string> comments;  // before the first move
  std::vector<Node> nodes;
  friend bool operator==(const Line&, const Line&) = default;
};

inline bool operator==(const Node& a, const Node& b) {
  return a.move == b.move && a.nags == b.nags && a.comments == b.comments && a.variations == b.variations;
}

struct Game {
  std::vector<Tag> tags;  // in the order read
  Position start = Position::start();
  Line main;
  std::string result = "*";  // the game termination marker: "1-0", "0-1", "1/2-1/2" or "*"

  const std::string* tag(std::string_view name) const;
  void set_tag(std::string_view name, std::string value);
  // The position after the main line.
  Position final_position() const;
  std::size_t ply_count() const { return main.nodes.size(); }
  friend bool operator==(const Game&, const Game&) = default;
};

// Bounds on what one game may hold; beyond them the game is reported bad, not stored.
struct Limits {
  std::size_t max_tags = 256;
  std::size_t max_tag_name = 255;
  std::size_t max_tag_value = 4096;
  std::size_t max_comment = 65536;
  std::size_t max_nodes = 100000;  // half-moves in all lines of a game
  std::size_t max_depth = 64;      // nesting of variations
};

enum class ErrorKind : std::uint8_t {
  bad_tag,              // "[Name "value"]" malformed
  limit_exceeded,       // a bound of Limits
  unterminated_string,
  unterminated_comment,
  unexpected_token,
  variant,              // a Variant tag naming other rules than chess's (Chess960, Atomic, …)
  bad_fen,              // the FEN tag of a SetUp game
  illegal_move,
  ambiguous_move,
  bad_move_text,        // not SAN
  variation_without_move,
  unbalanced_variation,
  missing_result,       // the text ended before the game termination marker
  result_mismatch,      // the termination marker differs from the Result tag
};
std::string_view describe(ErrorKind kind);

struct Error {
  ErrorKind kind;
  std::size_t line = 0;    // 1-based
  std::size_t column = 0;  // 1-based, in bytes
  std::string detail;      // the offending text, or which limit
  std::size_t game_line = 0;  // where the bad game started
};
std::string format(const Error& e, std::string_view source);

// Whether the reader keeps Node::replayed: for a game that will be written (the writer then
// need not replay it), not for one that is only checked (it costs the reader about a tenth).
enum class Notes : bool { skip, keep };

// A place in a text where the reader is between tokens: the byte offset, its 1-based line, and
// where that line starts.
struct Place {
  std::size_t offset = 0;
  std::size_t line = 1;
  std::size_t line_start = 0;
  friend bool operator==(const Place&, const Place&) = default;
};

class Reader {
 public:
  explicit Reader(std::string_view text, Limits limits = {}, Notes notes = Notes::keep);
  // A reader of the games of `text` whose first token lies in [from, stop): a game that starts
  // before `stop` is read to its end. Pieces of one text are read so on several threads: a piece
  // read from `from` gives exactly the games a reader of the whole text gives from there when
  // that reader stops (stopped_at()) where this one's first token is (first_token()); otherwise
  // the piece is read again from where the one before it stopped (archive/importer.cpp).
  Reader(std::string_view text, Place from, std::size_t stop, Limits limits = {}, Notes notes = Notes::keep);
  // The next game; a bad game comes back as its Error (the reader has already skipped it);
  // nullopt once the text is exhausted or the next token lies at or past `stop`.
  std::optional<Result<Game, Error>> next();
  // Where the next token starts (space and escape lines skipped): before any next(), where the
  // piece's first token is; after next() gave nullopt, where reading stopped (the text's end, or
  // the first token at or past `stop`).
  Place place();
  // Whether reading has looked at the text's end. Until it has, the reader of a beginning of a
  // text (text.substr(0, n)) reads what the reader of the whole text reads: the importer reads
  // pieces ahead within a bound that way, and reads again the few that reached it.
  bool reached_end() const { return reached_end_; }

 private:
  class Parser;
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t line_start_ = 0;
  std::size_t stop_ = std::string_view::npos;
  bool reached_end_ = false;
  Limits limits_;
  Notes notes_;
  // The last game's main-line length, reserved for the next (up to kMainLineHintCap nodes): games
  // of one file tend to be alike, and a main line grown by doubling moved its nodes twice over.
  static constexpr std::size_t kMainLineHintCap = 1024;
  std::size_t main_line_hint_ = 0;
};

// Canonical export-format PGN of one game, ending with a blank line. With `main_line_keys`,
// also the Zobrist key of every position of the main line, the start included: the writer has
// them from the reader's notes or from its own replay, so a caller that indexes positions need
// not replay the game.
std::string write(const Game& game, std::vector<std::uint64_t>* main_line_keys = nullptr);
// One JSON object per game: tags, start FEN, the move tree (SAN, UCI, NAGs, comments,
// variations) and the result.
std::string to_json(const Game& game);

// Builds the PGN record of a played game (no annotations).
Game from_game(const chess::Game& played, std::vector<Tag> tags);

}  // namespace parley::game::chess::pgn
