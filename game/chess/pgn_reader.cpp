#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>

#include "game/chess/notation.hpp"
#include "game/chess/pgn.hpp"

namespace parley::game::chess::pgn {

std::string_view describe(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::bad_tag: return "malformed tag pair";
    case ErrorKind::limit_exceeded: return "a limit was exceeded";
    case ErrorKind::unterminated_string: return "unterminated string";
    case ErrorKind::unterminated_comment: return "unterminated comment";
    case ErrorKind::unexpected_token: return "unexpected token";
    case ErrorKind::variant: return "not standard chess";
    case ErrorKind::bad_fen: return "bad FEN tag";
    case ErrorKind::illegal_move: return "illegal move";
    case ErrorKind::ambiguous_move: return "ambiguous move";
    case ErrorKind::bad_move_text: return "not a move";
    case ErrorKind::variation_without_move: return "a variation must follow a move";
    case ErrorKind::unbalanced_variation: return "unbalanced parentheses";
    case ErrorKind::missing_result: return "the game has no termination marker";
    case ErrorKind::result_mismatch: return "the termination marker differs from the Result tag";
  }
  return "bad PGN";
}

std::string format(const Error& e, std::string_view source) {
  std::string out;
  out.append(source).append(":").append(std::to_string(e.line)).append(":").append(std::to_string(e.column));
  out.append(": ").append(describe(e.kind));
  if (!e.detail.empty()) out.append(": ").append(e.detail);
  out.append(" (game starting at line ").append(std::to_string(e.game_line)).append(")");
  return out;
}

const std::string* Game::tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

void Game::set_tag(std::string_view name, std::string value) {
  for (Tag& t : tags) {
    if (t.name == name) {
      t.value = std::move(value);
      return;
    }
  }
  tags.push_back({std::string(name), std::move(value)});
}

Position Game::final_position() const {
  Position pos = start;
  for (const Node& n : main.nodes) pos.play(n.move);
  return pos;
}

namespace {

enum class Tok : std::uint8_t {
  end, tag_open, tag_close, string, symbol, period, move_number, star, open_paren, close_paren, nag, suffix, comment,
};

struct Token {
  Tok kind = Tok::end;
  std::string_view text;  // symbol, suffix or raw comment text
  std::string value;      // unescaped string
  std::size_t offset = 0, line = 0, column = 0;
};

// The Variant tag's values that mean the rules of chess, in any case: Lichess writes "Standard",
// or "From Position" beside a FEN tag; other programs "Normal" or "chess".
bool names_standard_chess(std::string_view variant) {
  static constexpr std::array<std::string_view, 5> kStandard = {"", "standard", "normal", "chess", "from position"};
  return std::ranges::any_of(kStandard, [&](std::string_view name) {
    return std::ranges::equal(variant, name, [](char a, char b) {
      return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
    });
  });
}

constexpr bool is_symbol_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
// A table, not the comparisons: the lexer asks for every character of every move.
constexpr std::array<bool, 256> kSymbolChars = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c) table[c] = is_symbol_start(static_cast<char>(c));
  for (char c : std::string_view("_+#=:-/")) table[static_cast<unsigned char>(c)] = true;
  return table;
}();
bool is_symbol_char(char c) { return kSymbolChars[static_cast<unsigned char>(c)]; }
bool is_result(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2"; }

std::optional<std::uint8_t> suffix_nag(std::string_view s) {
  if (s == "!") return 1;
  if (s == "?") return 2;
  if (s == "!!") return 3;
  if (s == "??") return 4;
  if (s == "!?") return 5;
  if (s == "?!") return 6;
  return std::nullopt;
}

// Whitespace runs become one space; leading and trailing space go (the export form).
std::string normalize_comment(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  bool space = false;
  for (char c : raw) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
    } else {
      if (space) out += ' ';
      space = false;
      out += c;
    }
  }
  return out;
}

struct Failure {
  Error error;
  std::size_t offset;  // where the offending token starts
};

}  // namespace

// One game's parse. Errors unwind as Failure to next(), which resynchronises.
class Reader::Parser {
 public:
  Parser(Reader& r) : r_(r) {}

  // Skips whitespace, BOMs and escape lines; returns false at the end of the text.
  bool skip_space() {
    const std::string_view t = r_.text_;
    while (r_.pos_ < t.size()) {
      char c = t[r_.pos_];
      if (c == ' ') {
        ++r_.pos_;
      } else if (kSymbolChars[static_cast<unsigned char>(c)]) {
        // A move or a move number, what most of these runs end at: it is none of the cases below.
        return true;
      } else if (c == '\n') {
        ++r_.pos_;
        ++r_.line_;
        r_.line_start_ = r_.pos_;
      } else if (c == '\t' || c == '\r' || c == '\v' || c == '\f') {
        ++r_.pos_;
      } else if (c == '%' && r_.pos_ == r_.line_start_) {
        while (r_.pos_ < t.size() && t[r_.pos_] != '\n') ++r_.pos_;
      } else if (c == '\xEF' && t.substr(r_.pos_, 3) == "\xEF\xBB\xBF") {
        // A byte-order mark takes no column: a '%' right after it still starts its line.
        if (r_.line_start_ == r_.pos_) r_.line_start_ += 3;
        r_.pos_ += 3;
      } else {
        return true;
      }
    }
    return false;
  }

  [[noreturn]] void fail(ErrorKind kind, std::size_t offset, std::size_t line, std::size_t column,
                         std::string detail = {}) {
    throw Failure{Error{kind, line, column, std::move(detail), game_line_}, offset};
  }
  [[noreturn]] void fail_at(ErrorKind kind, const Token& t, std::string detail = {}) {
    fail(kind, t.offset, t.line, t.column, std::move(detail));
  }

  const Token& peek() {
    if (!peeked_) {
      lex(next_);
      peeked_ = true;
    }
    return next_;
  }
  Token take() {
    peek();
    peeked_ = false;
    return std::move(next_);
  }
  // Takes the token peek() returned, which stays readable until the next peek(). Movetext reads
  // its tokens in place: copying one out right after lexing it read the halves of its text,
  // just written apart, as one 16-byte load, which stalled store forwarding.
  void consume() { peeked_ = false; }

  void lex(Token& tok) {
    // Field by field: assigning a fresh Token{} built it on the stack and copied it with loads
    // that straddle its just-written halves, which stalled store forwarding for two thirds of
    // the lexer's time (docs/performance.md, "Archive").
    tok.kind = Tok::end;
    tok.text = {};
    tok.value.clear();
    bool more = skip_space();
    tok.offset = r_.pos_;
    tok.line = r_.line_;
    tok.column = r_.pos_ - r_.line_start_ + 1;
    if (!more) return;
    const std::string_view t = r_.text_;
    const std::size_t start = r_.pos_;
    char c = t[r_.pos_++];
    // A move or a move number, most of the tokens, here; every other token, with the error
    // paths that make a function large, in lex_other (the whole in one function spent a sixth of
    // the lexer's instructions saving and restoring registers).
    if (!is_symbol_start(c)) return lex_other(tok, start, c);
    tok.kind = Tok::symbol;
    while (r_.pos_ < t.size() && is_symbol_char(t[r_.pos_])) ++r_.pos_;
    // Digits alone are a move number, which takes its periods with it ("12", "12." or "12..."):
    // one token where there were two, and a third of a game's tokens were these periods.
    if (c >= '0' && c <= '9' &&
        std::all_of(t.begin() + static_cast<std::ptrdiff_t>(start), t.begin() + static_cast<std::ptrdiff_t>(r_.pos_),
                    [](char d) { return d >= '0' && d <= '9'; })) {
      tok.kind = Tok::move_number;
      while (r_.pos_ < t.size() && t[r_.pos_] == '.') ++r_.pos_;
    }
    tok.text = t.substr(start, r_.pos_ - start);
    if (tok.text.size() > kMaxSymbol) [[unlikely]]
      fail_long_symbol(tok);
  }

  static constexpr std::size_t kMaxSymbol = 255;
  [[noreturn, gnu::noinline]] void fail_long_symbol(const Token& tok) {
    fail_at(ErrorKind::limit_exceeded, tok, "symbol longer than " + std::to_string(kMaxSymbol) + " bytes");
  }

  // The tokens that are not symbols; `c` is the first character, at `start`.
  [[gnu::noinline]] void lex_other(Token& tok, std::size_t start, char c) {
    const std::string_view t = r_.text_;
    switch (c) {
      case '[': tok.kind = Tok::tag_open; return;
      case ']': tok.kind = Tok::tag_close; return;
      case '(': tok.kind = Tok::open_paren; return;
      case ')': tok.kind = Tok::close_paren; return;
      case '.': tok.kind = Tok::period; return;
      case '*': tok.kind = Tok::star; return;
      case '"': {
        tok.kind = Tok::string;
        for (;;) {
          if (r_.pos_ >= t.size() || t[r_.pos_] == '\n') fail_at(ErrorKind::unterminated_string, tok);
          char s = t[r_.pos_++];
          if (s == '"') return;
          if (s == '\\' && r_.pos_ < t.size() && (t[r_.pos_] == '"' || t[r_.pos_] == '\\')) s = t[r_.pos_++];
          if (tok.value.size() >= r_.limits_.max_tag_value)
            fail_at(ErrorKind::limit_exceeded, tok, "tag value longer than " + std::to_string(r_.limits_.max_tag_value));
          tok.value += s;
        }
      }
      case '{': {
        tok.kind = Tok::comment;
        while (r_.pos_ < t.size() && t[r_.pos_] != '}') {
          if (t[r_.pos_] == '\n') {
            ++r_.line_;
            r_.line_start_ = r_.pos_ + 1;
          }
          ++r_.pos_;
        }
        if (r_.pos_ >= t.size()) {
          // The one read that reaches the end and then goes back: the lines inside are read again.
          r_.reached_end_ = true;
          fail_at(ErrorKind::unterminated_comment, tok);
        }
        tok.text = t.substr(start + 1, r_.pos_ - start - 1);
        ++r_.pos_;
        check_comment(tok);
        return;
      }
      case ';': {
        tok.kind = Tok::comment;
        while (r_.pos_ < t.size() && t[r_.pos_] != '\n') ++r_.pos_;
        tok.text = t.substr(start + 1, r_.pos_ - start - 1);
        check_comment(tok);
        return;
      }
      case '$': {
        tok.kind = Tok::nag;
        while (r_.pos_ < t.size() && t[r_.pos_] >= '0' && t[r_.pos_] <= '9') ++r_.pos_;
        tok.text = t.substr(start + 1, r_.pos_ - start - 1);
        if (tok.text.empty() || tok.text.size() > 3 || std::stoi(std::string(tok.text)) > 255)
          fail_at(ErrorKind::unexpected_token, tok, "NAG must be $0 to $255");
        return;
      }
      case '!':
      case '?': {
        tok.kind = Tok::suffix;
        while (r_.pos_ < t.size() && (t[r_.pos_] == '!' || t[r_.pos_] == '?')) ++r_.pos_;
        tok.text = t.substr(start, r_.pos_ - start);
        if (!suffix_nag(tok.text)) fail_at(ErrorKind::unexpected_token, tok, std::string(tok.text));
        return;
      }
      default:
        fail_at(ErrorKind::unexpected_token, tok, printable(c));
    }
  }

  static std::string printable(char c) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
    char byte[sizeof "byte 0xff"];
    std::snprintf(byte, sizeof byte, "byte 0x%02x", u);
    return byte;
  }

  void check_comment(const Token& tok) {
    if (tok.text.size() > r_.limits_.max_comment)
      fail_at(ErrorKind::limit_exceeded, tok, "comment longer than " + std::to_string(r_.limits_.max_comment));
  }

  std::optional<Game> parse_game() {
    // Comments before the tag section belong to nothing; skip them. A piece's reader stops before
    // the first token at or past its end, whatever it is. A bad first token is reported as in a
    // game starting on its line, not on the line the space before it began: a piece's reader
    // starts at that token and knows no line before it.
    for (;;) {
      if (skip_space() && r_.pos_ >= r_.stop_) return std::nullopt;
      game_line_ = r_.line_;
      if (peek().kind != Tok::comment) break;
      take();
    }
    if (peek().kind == Tok::end) return std::nullopt;
    game_line_ = peek().line;
    game_offset_ = peek().offset;

    Game game;
    std::optional<Token> variant;
    while (peek().kind == Tok::tag_open) {
      Token open = take();
      Token name = take();
      if (name.kind != Tok::symbol) fail_at(ErrorKind::bad_tag, name, "expected a tag name");
      Token value = take();
      if (value.kind != Tok::string) fail_at(ErrorKind::bad_tag, value, "expected a quoted value");
      Token close = take();
      if (close.kind != Tok::tag_close) fail_at(ErrorKind::bad_tag, close, "expected ']'");
      if (game.tags.size() >= r_.limits_.max_tags)
        fail_at(ErrorKind::limit_exceeded, open, "more than " + std::to_string(r_.limits_.max_tags) + " tags");
      if (name.text.size() > r_.limits_.max_tag_name) fail_at(ErrorKind::limit_exceeded, name, "tag name too long");
      if (game.tag(name.text)) fail_at(ErrorKind::bad_tag, name, "duplicate tag " + std::string(name.text));
      if (name.text == "Variant" && !names_standard_chess(value.value)) variant = name;
      game.tags.push_back({std::string(name.text), std::move(value.value)});
    }
    // A game of other rules could be legal move by move and still not be chess (Three-check,
    // King of the Hill, Atomic for a while): replayed as chess, it would be stored with a result
    // and positions its rules never gave.
    if (variant) fail_at(ErrorKind::variant, *variant, "Variant \"" + *game.tag("Variant") + "\"");
    if (const std::string* fen = game.tag("FEN")) {
      auto pos = Position::from_fen(*fen);
      if (!pos) fail(ErrorKind::bad_fen, game_offset_, game_line_, 1, std::string(chess::describe(pos.error())));
      game.start = *pos;
    }

    game.main.nodes.reserve(r_.main_line_hint_);
    parse_line(game.start, 0, game.main, &game.result);
    r_.main_line_hint_ = std::min(game.main.nodes.size(), Reader::kMainLineHintCap);
    if (const std::string* tagged = game.tag("Result"); tagged && *tagged != game.result)
      fail(ErrorKind::result_mismatch, end_offset_, end_line_, end_column_,
           "Result \"" + *tagged + "\", marker " + game.result);
    return game;
  }

  // Parses moves from `pos` into `line` until the termination marker (top level, result set)
  // or the closing parenthesis (a variation, result == nullptr).
  void parse_line(Position pos, std::size_t depth, Line& line, std::string* result) {
    Position before = pos;  // the position before the last move, where its variations start
    for (;;) {
      const Token& t = peek();
      switch (t.kind) {
        case Tok::comment: {
          consume();
          auto& target = line.nodes.empty() ? line.comments : line.nodes.back().comments;
          target.push_back(normalize_comment(t.text));
          break;
        }
        case Tok::period:
        case Tok::move_number:
          consume();
          break;
        case Tok::nag:
        case Tok::suffix: {
          consume();
          if (line.nodes.empty()) fail_at(ErrorKind::unexpected_token, t, "annotation before any move");
          std::uint8_t value = t.kind == Tok::nag ? static_cast<std::uint8_t>(std::stoi(std::string(t.text)))
                                                  : *suffix_nag(t.text);
          line.nodes.back().nags.push_back(value);
          break;
        }
        case Tok::open_paren: {
          consume();
          if (line.nodes.empty()) fail_at(ErrorKind::variation_without_move, t);
          if (depth + 1 > r_.limits_.max_depth)
            fail_at(ErrorKind::limit_exceeded, t, "variations nested deeper than " + std::to_string(r_.limits_.max_depth));
          Line variation;
          parse_line(before, depth + 1, variation, nullptr);
          line.nodes.back().variations.push_back(std::move(variation));
          break;
        }
        case Tok::close_paren: {
          consume();
          if (result) fail_at(ErrorKind::unbalanced_variation, t, "')' without '('");
          return;
        }
        case Tok::star: {
          consume();
          if (!result) fail_at(ErrorKind::unbalanced_variation, t, "game ends inside a variation");
          end_offset_ = t.offset;
          end_line_ = t.line;
          end_column_ = t.column;
          result->assign(1, '*');  // not `= "*"`: GCC 12 at -O3 warns falsely there (-Wrestrict, its bug 105651)
          return;
        }
        case Tok::symbol: {
          consume();
          if (is_result(t.text)) {
            if (!result) fail_at(ErrorKind::unbalanced_variation, t, "game ends inside a variation");
            end_offset_ = t.offset;
            end_line_ = t.line;
            end_column_ = t.column;
            *result = std::string(t.text);
            return;
          }
          auto read = read_san(pos, t.text);
          if (!read) {
            ErrorKind kind = read.error() == NotationError::illegal     ? ErrorKind::illegal_move
                             : read.error() == NotationError::ambiguous ? ErrorKind::ambiguous_move
                                                                        : ErrorKind::bad_move_text;
            fail_at(kind, t, std::string(t.text) + " in " + pos.fen());
          }
          if (++nodes_ > r_.limits_.max_nodes)
            fail_at(ErrorKind::limit_exceeded, t, "more than " + std::to_string(r_.limits_.max_nodes) + " moves");
          before = pos;
          pos.play(read->move);
          Node& node = line.nodes.emplace_back(Node{read->move, {}, {}, {}});
          if (r_.notes_ == Notes::keep) node.replayed = Replayed{marked(read->shape, pos), pos.key()};
          break;
        }
        case Tok::end:
          if (!result) fail_at(ErrorKind::unbalanced_variation, t, "text ends inside a variation");
          fail_at(ErrorKind::missing_result, t);
        case Tok::tag_open:
          // The next game's tags: this one never ended.
          fail_at(ErrorKind::missing_result, t, "a tag section starts before the termination marker");
        case Tok::tag_close:
        case Tok::string:
          fail_at(ErrorKind::unexpected_token, t, t.kind == Tok::string ? "a string in movetext" : "']'");
      }
    }
  }

  // After an error: continue at the next tag section, the next line starting with '[' that
  // follows a line that does not (so an error among the tags skips that game's other tags).
  // A '[' that itself caused the error — the next game began before this one ended — is
  // kept, unless it opened this very game: the reader must always move forward.
  void resynchronise(const Failure& f) {
    const std::string_view t = r_.text_;
    std::size_t line = f.error.line;
    std::size_t line_start = f.offset - (f.error.column - 1);
    std::size_t p = f.offset;
    if (p < t.size() && t[p] == '[' && p == line_start && p != game_offset_) return set(p, line, line_start);
    bool left_tags = p >= t.size() || t[line_start] != '[';
    for (; p < t.size(); ++p) {
      if (t[p] != '\n') continue;
      ++line;
      line_start = p + 1;
      bool tag_line = line_start < t.size() && t[line_start] == '[';
      if (tag_line && left_tags) return set(line_start, line, line_start);
      left_tags |= !tag_line;
    }
    set(t.size(), line, line_start);
  }

 private:
  void set(std::size_t pos, std::size_t line, std::size_t line_start) {
    r_.pos_ = pos;
    r_.line_ = line;
    r_.line_start_ = line_start;
  }

  Reader& r_;
  Token next_;
  bool peeked_ = false;
  std::size_t game_line_ = 0;
  std::size_t game_offset_ = std::string_view::npos;
  std::size_t nodes_ = 0;
  std::size_t end_offset_ = 0, end_line_ = 0, end_column_ = 0;
};

Reader::Reader(std::string_view text, Limits limits, Notes notes) : text_(text), limits_(limits), notes_(notes) {}

Reader::Reader(std::string_view text, Place from, std::size_t stop, Limits limits, Notes notes)
    : text_(text),
      pos_(std::min(from.offset, text.size())),
      line_(from.line),
      line_start_(std::min(from.line_start, pos_)),
      stop_(stop),
      limits_(limits),
      notes_(notes) {}

Place Reader::place() {
  Parser(*this).skip_space();
  reached_end_ |= pos_ >= text_.size();
  return {pos_, line_, line_start_};
}

// Every other read that reaches the text's end stays there: at the end of next() it shows.
std::optional<Result<Game, Error>> Reader::next() {
  Parser parser(*this);
  std::optional<Result<Game, Error>> read;
  try {
    if (auto game = parser.parse_game()) read.emplace(std::move(*game));
  } catch (const Failure& f) {
    parser.resynchronise(f);
    read.emplace(f.error);
  }
  reached_end_ |= pos_ >= text_.size();
  return read;
}

}  // namespace parley::game::chess::pgn
