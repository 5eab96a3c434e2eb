#include <algorithm>
#include <array>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "game/chess/notation.hpp"
#include "game/chess/pgn.hpp"

namespace parley::game::chess::pgn {
namespace {

constexpr std::size_t kLineWidth = 79;  // export format (PGN standard 8.2.2.2)
constexpr std::array<std::string_view, 7> kSevenTagRoster = {"Event", "Site", "Date", "Round",
                                                             "White", "Black", "Result"};
constexpr std::array<std::string_view, 7> kRosterDefaults = {"?", "?", "????.??.??", "?", "?", "?", "*"};

// Fills lines up to kLineWidth with space-separated tokens. "(" glues to the token after it
// and ")" to the token before it, as in the standard's examples.
class Wrapper {
 public:
  explicit Wrapper(std::string& out) : out_(out) {}
  void token(std::string_view t) {
    flush();
    pending_ = prefix_;
    pending_ += t;
    prefix_.clear();
  }
  void open_paren() { prefix_ += '('; }
  void close_paren() { pending_ += ')'; }
  // A ';' comment runs to the end of its line.
  void rest_of_line_comment(std::string_view text) {
    token(std::string(";").append(text));
    flush();
    out_ += '\n';
    column_ = 0;
  }
  void finish() {
    flush();
    out_ += '\n';
  }

 private:
  void flush() {
    if (pending_.empty()) return;
    if (column_ > 0 && column_ + 1 + pending_.size() > kLineWidth) {
      out_ += '\n';
      column_ = 0;
    } else if (column_ > 0) {
      out_ += ' ';
      ++column_;
    }
    out_ += pending_;
    column_ += pending_.size();
    pending_.clear();
  }

  std::string& out_;
  std::string pending_, prefix_;
  std::size_t column_ = 0;
};

void write_comment(Wrapper& w, const std::string& comment) {
  // A comment holding '}' cannot be braced; it goes out as a ';' comment.
  if (comment.find('}') != std::string::npos) return w.rest_of_line_comment(comment);
  if (comment.empty()) return w.token("{}");
  std::size_t start = 0;
  bool first = true;
  while (start <= comment.size()) {
    std::size_t end = comment.find(' ', start);
    if (end == std::string::npos) end = comment.size();
    std::string word(comment.substr(start, end - start));
    if (first) word.insert(0, "{");
    if (end == comment.size()) word += '}';
    w.token(word);
    first = false;
    start = end + 1;
  }
}

void write_line(Wrapper& w, const Line& line, Position pos) {
  bool show_black_number = true;  // "12..." after anything that interrupts the moves
  for (const std::string& c : line.comments) write_comment(w, c);
  for (const Node& node : line.nodes) {
    if (pos.side_to_move() == Color::white)
      w.token(std::to_string(pos.fullmove_number()) + ".");
    else if (show_black_number)
      w.token(std::to_string(pos.fullmove_number()) + "...");
    w.token(to_san(pos, node.move));
    for (std::uint8_t nag : node.nags) w.token("$" + std::to_string(nag));
    show_black_number = false;
    for (const std::string& c : node.comments) {
      write_comment(w, c);
      show_black_number = true;
    }
    for (const Line& variation : node.variations) {
      w.open_paren();
      write_line(w, variation, pos);
      w.close_paren();
      show_black_number = true;
    }
    pos.play(node.move);
  }
}

void append_escaped(std::string& out, std::string_view value) {
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
}

}  // namespace

std::string write(const Game& game) {
  std::string out;
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
  Wrapper w(out);
  write_line(w, game.main, game.start);
  w.token(game.result);
  w.finish();
  out += '\n';
  return out;
}

namespace {

using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

void json_string(JsonWriter& j, std::string_view s) {
  j.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

void json_line(JsonWriter& j, const Line& line, Position pos) {
  j.StartObject();
  json_string(j, "comments");
  j.StartArray();
  for (const auto& c : line.comments) json_string(j, c);
  j.EndArray();
  json_string(j, "moves");
  j.StartArray();
  for (const Node& node : line.nodes) {
    j.StartObject();
    json_string(j, "ply");
    j.Uint(static_cast<unsigned>(2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == Color::black ? 1 : 0) + 1));
    json_string(j, "san");
    json_string(j, to_san(pos, node.move));
    json_string(j, "uci");
    json_string(j, to_uci(node.move));
    json_string(j, "nags");
    j.StartArray();
    for (auto n : node.nags) j.Uint(n);
    j.EndArray();
    json_string(j, "comments");
    j.StartArray();
    for (const auto& c : node.comments) json_string(j, c);
    j.EndArray();
    json_string(j, "variations");
    j.StartArray();
    for (const Line& v : node.variations) json_line(j, v, pos);
    j.EndArray();
    j.EndObject();
    pos.play(node.move);
  }
  j.EndArray();
  j.EndObject();
}

}  // namespace

std::string to_json(const Game& game) {
  rapidjson::StringBuffer buffer;
  JsonWriter j(buffer);
  j.StartObject();
  json_string(j, "tags");
  j.StartArray();
  for (const Tag& t : game.tags) {
    j.StartArray();
    json_string(j, t.name);
    json_string(j, t.value);
    j.EndArray();
  }
  j.EndArray();
  json_string(j, "start_fen");
  json_string(j, game.start.fen());
  json_string(j, "main_line");
  json_line(j, game.main, game.start);
  json_string(j, "result");
  json_string(j, game.result);
  json_string(j, "final_fen");
  json_string(j, game.final_position().fen());
  j.EndObject();
  return buffer.GetString();
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
