#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

#include <nlohmann/json.hpp>

#include "game/chess/notation.hpp"
#include "game/chess/pgn.hpp"

namespace parley::game::chess::pgn {
namespace {

constexpr std::size_t kLineWidth = 79;  // export format (PGN standard 8.2.2.2)
constexpr std::array<std::string_view, 7> kSevenTagRoster = {"Event", "Site", "Date", "Round",
                                                             "White", "Black", "Result"};
constexpr std::array<std::string_view, 7> kRosterDefaults = {"?", "?", "????.??.??", "?", "?", "?", "*"};

// Fills lines up to kLineWidth with space-separated tokens, written straight into the text.
// "(" glues to the token after it and ")" to the token before it, as in the standard's
// examples. A token goes out after a space, which becomes a line break when the token, with the
// ")" glued to it, turns out not to fit: that is known only when the next token starts.
// Until finish(), the text is longer than what has been written (the room ahead, written through
// a pointer: appending a character at a time to a std::string was a tenth of the writer's work).
class Wrapper {
 public:
  Wrapper(std::string& out, std::size_t expected_size) : out_(out), end_(out.size()) {
    out_.resize(end_ + expected_size);
  }
  void token(std::string_view t) {
    // Nothing to write (a comment's second space in a row) still ends the token before it.
    if (t.empty() && opening_parens_ == 0) return flush();
    begin_token();
    put(t);
  }
  // A comment's word, with the comment's opening brace before it or its closing one after it.
  void word(bool opens, std::string_view text, bool closes) {
    if (!opens && text.empty() && !closes && opening_parens_ == 0) return flush();
    begin_token();
    if (opens) put('{');
    put(text);
    if (closes) put('}');
  }
  void open_paren() { ++opening_parens_; }
  void close_paren() {
    // An empty variation has no token to carry its '(' and is written as "()".
    if (opening_parens_ > 0) {
      --opening_parens_;
      return token("()");
    }
    if (!pending_) begin_token();
    put(')');
  }
  // A ';' comment runs to the end of its line.
  void rest_of_line_comment(std::string_view text) {
    begin_token();
    put(';');
    put(text);
    flush();
    put('\n');
    column_ = 0;
  }
  // Ends the text with a line break; the text is then exactly what was written, and the wrapper
  // is done with it.
  void finish() {
    flush();
    put('\n');
    out_.resize(end_);
  }
  // Settles the last token's separator.
  void flush() {
    if (!pending_) return;
    pending_ = false;
    if (column_ == 0) {
      column_ = end_ - token_start_;
      return;
    }
    const std::size_t width = end_ - token_start_ - 1;
    if (column_ + 1 + width > kLineWidth) {
      out_[token_start_] = '\n';
      column_ = width;
    } else {
      column_ += 1 + width;
    }
  }

 private:
  void begin_token() {
    flush();
    token_start_ = end_;
    if (column_ > 0) put(' ');
    pending_ = true;
    for (; opening_parens_ > 0; --opening_parens_) put('(');
  }
  char* room(std::size_t n) {
    if (end_ + n > out_.size()) [[unlikely]]
      grow(n);
    return out_.data() + end_;
  }
  // Apart from room(), which stays small enough to be inlined into every put().
  [[gnu::noinline]] void grow(std::size_t n) { out_.resize(std::max(2 * out_.size(), end_ + n)); }
  void put(char c) {
    *room(1) = c;
    ++end_;
  }
  void put(std::string_view s) {
    char* at = room(s.size());
    const char* from = s.data();
    const std::size_t n = s.size();
    // Most tokens are a move or a move number, 2 to 7 characters: two overlapping fixed-size
    // copies each, instead of a call to memcpy (2 million calls, 1% of an archive import).
    if (n >= 4 && n <= 8) {
      std::memcpy(at, from, 4);
      std::memcpy(at + n - 4, from + n - 4, 4);
    } else if (n >= 2 && n < 4) {
      std::memcpy(at, from, 2);
      std::memcpy(at + n - 2, from + n - 2, 2);
    } else {
      std::memcpy(at, from, n);
    }
    end_ += n;
  }

  std::string& out_;
  std::size_t end_;              // of what has been written
  std::size_t column_ = 0;       // of the text before the pending token
  std::size_t token_start_ = 0;  // where the pending token's separator (or, first on a line, the token) is
  bool pending_ = false;
  int opening_parens_ = 0;
};

void write_comment(Wrapper& w, const std::string& comment) {
  // A comment holding '}' cannot be braced; it goes out as a ';' comment.
  if (comment.find('}') != std::string::npos) return w.rest_of_line_comment(comment);
  if (comment.empty()) return w.token("{}");
  const std::string_view text(comment);
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    w.word(start == 0, text.substr(start, end - start), end == text.size());
    start = end + 1;
  }
}

// "12." / "12..." / "$14" without a temporary string per token.
std::string_view number_token(char (&buffer)[24], std::string_view prefix, unsigned number, std::string_view suffix) {
  char* at = std::copy(prefix.begin(), prefix.end(), buffer);
  at = std::to_chars(at, buffer + sizeof buffer - suffix.size(), number).ptr;
  at = std::copy(suffix.begin(), suffix.end(), at);
  return {buffer, static_cast<std::size_t>(at - buffer)};
}

// How write_line learns each move's SAN and the key after it: by playing the moves...
class Replaying {
 public:
  explicit Replaying(const Position& start) : pos_(start) {}
  unsigned fullmove() const { return static_cast<unsigned>(pos_.fullmove_number()); }
  Color side() const { return pos_.side_to_move(); }
  // The node's SAN (valid until the next step); steps past its move and gives the key of the
  // position after it.
  std::string_view step(std::uint64_t& key_after, const Node& node) {
    // The position after the move serves both the SAN's check and mate mark and the next move.
    const Position next = pos_.after(node.move);
    const std::string_view san = write_san(san_, node.move, san_shape(pos_, node.move, next));
    pos_ = next;
    key_after = pos_.key();
    return san;
  }

 private:
  Position pos_;
  SanBuffer san_;
};

// ...or from what the reader left in every node (Node::replayed), without a position.
class Noted {
 public:
  explicit Noted(const Position& start)
      : fullmove_(static_cast<unsigned>(start.fullmove_number())), side_(start.side_to_move()) {}
  unsigned fullmove() const { return fullmove_; }
  Color side() const { return side_; }
  std::string_view step(std::uint64_t& key_after, const Node& node) {
    if (side_ == Color::black) ++fullmove_;
    side_ = ~side_;
    key_after = node.replayed->key_after;
    return write_san(san_, node.move, node.replayed->san);
  }

 private:
  unsigned fullmove_;
  Color side_;
  SanBuffer san_;
};

bool all_noted(const Line& line) {
  for (const Node& node : line.nodes) {
    if (!node.replayed) return false;
    for (const Line& variation : node.variations)
      if (!all_noted(variation)) return false;
  }
  return true;
}

// `keys`, when given, receives the Zobrist key after each move of this line.
template <class Cursor>
void write_line(Wrapper& w, const Line& line, Cursor at, std::vector<std::uint64_t>* keys = nullptr) {
  bool show_black_number = true;  // "12..." after anything that interrupts the moves
  char number[24];
  for (const std::string& c : line.comments) write_comment(w, c);
  for (const Node& node : line.nodes) {
    if (at.side() == Color::white)
      w.token(number_token(number, "", at.fullmove(), "."));
    else if (show_black_number)
      w.token(number_token(number, "", at.fullmove(), "..."));
    // Variations start from the position before the move.
    std::optional<Cursor> before;
    if (!node.variations.empty()) before = at;
    std::uint64_t key = 0;
    w.token(at.step(key, node));
    for (std::uint8_t nag : node.nags) w.token(number_token(number, "$", nag, ""));
    show_black_number = false;
    for (const std::string& c : node.comments) {
      write_comment(w, c);
      show_black_number = true;
    }
    for (const Line& variation : node.variations) {
      w.open_paren();
      write_line(w, variation, *before);
      w.close_paren();
      show_black_number = true;
    }
    if (keys) keys->push_back(key);
  }
}

void append_escaped(std::string& out, std::string_view value) {
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
}

}  // namespace

std::string write(const Game& game, std::vector<std::uint64_t>* main_line_keys) {
  std::string out;
  if (main_line_keys) {
    main_line_keys->clear();
    main_line_keys->reserve(game.main.nodes.size() + 1);
    main_line_keys->push_back(game.start.key());
  }
  for (std::size_t i = 0; i < kSevenTagRoster.size(); ++i) {
    std::string_view name = kSevenTagRoster[i];
    const std::string* value = game.tag(name);
    std::string_view v = name == "Result" ? std::string_view(game.result)
                         : value          ? std::string_view(*value)
                                          : kRosterDefaults[i];
    out.append("[").append(name).append(" \"");
    append_escaped(out, v);
    out.append("\"]\n");
  }
  std::vector<const Tag*> others;
  for (const Tag& t : game.tags)
    if (std::find(kSevenTagRoster.begin(), kSevenTagRoster.end(), t.name) == kSevenTagRoster.end())
      others.push_back(&t);
  std::stable_sort(others.begin(), others.end(), [](const Tag* a, const Tag* b) { return a->name < b->name; });
  for (const Tag* t : others) {
    out.append("[").append(t->name).append(" \"");
    append_escaped(out, t->value);
    out.append("\"]\n");
  }
  out += '\n';
  // About 7 characters a move with its number and space: the text grows once or twice at most,
  // instead of doubling its way up from nothing.
  const std::size_t movetext_estimate = 8 * game.main.nodes.size() + 16;
  Wrapper text(out, movetext_estimate);
  if (all_noted(game.main))
    write_line(text, game.main, Noted(game.start), main_line_keys);
  else
    write_line(text, game.main, Replaying(game.start), main_line_keys);
  text.token(game.result);
  text.finish();
  out += '\n';
  return out;
}

namespace {

nlohmann::ordered_json json_line(const Line& line, Position pos) {
  nlohmann::ordered_json moves = nlohmann::ordered_json::array();
  for (const Node& node : line.nodes) {
    nlohmann::ordered_json variations = nlohmann::ordered_json::array();
    for (const Line& v : node.variations) variations.push_back(json_line(v, pos));
    int ply = 2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == Color::black ? 2 : 1);
    moves.push_back({{"ply", ply},
                     {"san", to_san(pos, node.move)},
                     {"uci", to_uci(node.move)},
                     {"nags", node.nags},
                     {"comments", node.comments},
                     {"variations", std::move(variations)}});
    pos.play(node.move);
  }
  return {{"comments", line.comments}, {"moves", std::move(moves)}};
}

}  // namespace

std::string to_json(const Game& game) {
  nlohmann::ordered_json tags = nlohmann::ordered_json::array();
  for (const Tag& t : game.tags) tags.push_back({t.name, t.value});
  nlohmann::ordered_json out = {{"tags", std::move(tags)},
                                {"start_fen", game.start.fen()},
                                {"main_line", json_line(game.main, game.start)},
                                {"result", game.result},
                                {"final_fen", game.final_position().fen()}};
  // Invalid UTF-8 in a tag or comment is replaced, not thrown: PGN files are often Latin-1.
  return out.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

Game from_game(const chess::Game& played, std::vector<Tag> tags) {
  Game g;
  g.tags = std::move(tags);
  g.start = played.start();
  for (Move m : played.moves()) g.main.nodes.push_back(Node{m, {}, {}, {}});
  g.result = "*";
  if (const auto& r = played.result())
    g.result = !r->winner ? "1/2-1/2" : *r->winner == Color::white ? "1-0" : "0-1";
  if (played.start().fen() != kStartFen) {
    g.set_tag("SetUp", "1");
    g.set_tag("FEN", played.start().fen());
  }
  g.set_tag("Result", g.result);
  return g;
}

}  // namespace parley::game::chess::pgn
