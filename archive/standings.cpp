#include "archive/standings.hpp"

#include <algorithm>
#include <map>
#include <string_view>

#include "game/chess/pgn.hpp"

namespace parley::archive {

Standings compute_standings(std::string event, const std::vector<EventGame>& games,
                            const std::vector<EventPlayer>& players) {
  Standings out;
  out.event = std::move(event);
  out.games = games;
  std::map<std::int64_t, std::size_t> index;  // PlayerID → row before sorting
  for (const auto& p : players) {
    index.emplace(p.id, out.rows.size());
    Standing s;
    s.player = p;
    out.rows.push_back(std::move(s));
  }
  for (const auto& g : games) {
    auto& w = out.rows.at(index.at(g.white));
    auto& b = out.rows.at(index.at(g.black));
    w.points += g.white_score, ++w.games;
    b.points += g.black_score, ++b.games;
  }
  // Tie-breaks use the final points of the opponents (FIDE Handbook C.07: Buchholz sums them;
  // Sonneborn–Berger sums those of beaten opponents and half of those drawn with).
  for (const auto& g : games) {
    auto& w = out.rows.at(index.at(g.white));
    auto& b = out.rows.at(index.at(g.black));
    w.buchholz += b.points;
    b.buchholz += w.points;
    // score in half points (0, 1, 2) × opponent's half points = quarter points.
    w.sonneborn_berger += g.white_score * b.points;
    b.sonneborn_berger += g.black_score * w.points;
  }
  std::vector<std::size_t> order(out.rows.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto key = [&](std::size_t i) {
    const auto& r = out.rows[i];
    return std::tuple(-r.points, -r.sonneborn_berger, -r.buchholz);
  };
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (key(a) != key(b)) return key(a) < key(b);
    if (out.rows[a].player.name != out.rows[b].player.name) return out.rows[a].player.name < out.rows[b].player.name;
    return out.rows[a].player.id < out.rows[b].player.id;
  });
  std::vector<Standing> sorted;
  std::map<std::int64_t, std::size_t> position;  // PlayerID → row after sorting
  for (std::size_t i = 0; i < order.size(); ++i) {
    Standing s = std::move(out.rows[order[i]]);
    s.rank = i > 0 && key(order[i]) == key(order[i - 1]) ? sorted.back().rank : i + 1;
    position.emplace(s.player.id, i);
    sorted.push_back(std::move(s));
  }
  for (auto& s : sorted) s.against.assign(sorted.size(), {});
  for (const auto& g : games) {
    std::size_t w = position.at(g.white), b = position.at(g.black);
    sorted[w].against[b].push_back({g.id, g.white_score});
    sorted[b].against[w].push_back({g.id, g.black_score});
  }
  out.rows = std::move(sorted);
  return out;
}

std::optional<Standings> standings_of(ArchiveStore& store, const std::string& event) {
  auto id = store.event_id(event);
  if (!id) return std::nullopt;
  auto games = store.event_games(*id);
  std::vector<std::int64_t> ids;
  for (const auto& g : games) ids.push_back(g.white), ids.push_back(g.black);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  Standings standings = compute_standings(event, games, store.players(ids));
  for (const auto& g : games) {
    auto stored = store.stored_pgn(g.id);
    if (!stored) continue;  // not chess
    auto rebuilt = rebuild_pgn(*stored);
    if (!rebuilt) continue;
    std::string text = game::chess::pgn::write(*rebuilt);
    while (text.ends_with('\n')) text.pop_back();  // the blank line that separates games in a file
    standings.pgn.emplace(g.id.value, std::move(text));
  }
  return standings;
}

namespace {

// Half points as "3", "3.5"; quarter points as "4.25".
std::string halves(std::int64_t h) { return std::to_string(h / 2) + (h % 2 ? ".5" : ""); }
std::string quarters(std::int64_t q) {
  static constexpr const char* kFraction[] = {"", ".25", ".5", ".75"};
  return std::to_string(q / 4) + kFraction[q % 4];
}
// A draw is ½ in every format: the CSV's "=" opened in a spreadsheet as a formula ("=1", a draw
// then a win, showed 1).
std::string game_score(std::int64_t half_points) { return half_points == 2 ? "1" : half_points == 0 ? "0" : "½"; }
std::string cell_text(const std::vector<PairingResult>& results) {
  std::string out;
  for (const auto& r : results) out += game_score(r.score);
  return out;
}
// A name is a player's own text: one that a spreadsheet would take for a formula (it starts with
// =, +, -, @, a tab or a carriage return) is opened as text, with a leading apostrophe, as
// OWASP's advice on CSV injection has it.
std::string csv_field(const std::string& s) {
  const bool formula = !s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos;
  const std::string text = formula ? "'" + s : s;
  if (!formula && text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}
std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}
// Display width of UTF-8 text: code points, not bytes ("½" is one column).
std::size_t width(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}
std::string pad(const std::string& s, std::size_t w, bool right) {
  std::string fill(w > width(s) ? w - width(s) : 0, ' ');
  return right ? fill + s : s + fill;
}

}  // namespace

std::string format_text(const Standings& s) {
  std::size_t name_w = 4;
  for (const auto& r : s.rows) name_w = std::max(name_w, width(r.player.name));
  std::size_t cell_w = 1;
  for (const auto& r : s.rows)
    for (const auto& a : r.against) cell_w = std::max(cell_w, width(cell_text(a)));
  std::string out = s.event + "\n\n";
  std::string head = pad("#", 3, true) + "  " + pad("Name", name_w, false);
  for (std::size_t j = 0; j < s.rows.size(); ++j) head += " " + pad(std::to_string(j + 1), cell_w, true);
  head += "  " + pad("Pts", 5, true) + " " + pad("Games", 5, true) + " " + pad("SB", 7, true) + " " +
          pad("Buch", 6, true) + "\n";
  out += head;
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    const auto& r = s.rows[i];
    std::string line = pad(std::to_string(r.rank), 3, true) + "  " + pad(r.player.name, name_w, false);
    for (std::size_t j = 0; j < s.rows.size(); ++j)
      line += " " + pad(i == j ? "x" : r.against[j].empty() ? "." : cell_text(r.against[j]), cell_w, true);
    line += "  " + pad(halves(r.points), 5, true) + " " + pad(std::to_string(r.games), 5, true) + " " +
            pad(quarters(r.sonneborn_berger), 7, true) + " " + pad(halves(r.buchholz), 6, true) + "\n";
    out += line;
  }
  return out;
}

std::string format_csv(const Standings& s) {
  std::string out = "rank,name,fingerprint,points,games,sonneborn_berger,buchholz";
  for (std::size_t j = 0; j < s.rows.size(); ++j) out += "," + std::to_string(j + 1);
  out += "\n";
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    const auto& r = s.rows[i];
    out += std::to_string(r.rank) + "," + csv_field(r.player.name) + "," + csv_field(r.player.fingerprint) + "," +
           halves(r.points) + "," + std::to_string(r.games) + "," + quarters(r.sonneborn_berger) + "," +
           halves(r.buchholz);
    for (std::size_t j = 0; j < s.rows.size(); ++j) out += "," + (i == j ? std::string("x") : cell_text(r.against[j]));
    out += "\n";
  }
  return out;
}

std::string format_html(const Standings& s) {
  std::string title = html_escape(s.event);
  std::string out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + title +
                    "</title></head><body>\n<h1>" + title + "</h1>\n<table>\n<tr><th>#</th><th>Name</th>";
  for (std::size_t j = 0; j < s.rows.size(); ++j) out += "<th>" + std::to_string(j + 1) + "</th>";
  out += "<th>Pts</th><th>Games</th><th>SB</th><th>Buch</th></tr>\n";
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    const auto& r = s.rows[i];
    out += "<tr><td>" + std::to_string(r.rank) + "</td><td>" + html_escape(r.player.name) + "</td>";
    for (std::size_t j = 0; j < s.rows.size(); ++j) {
      out += "<td>";
      if (i == j) out += "x";
      for (const auto& g : r.against[j])
        out += "<a href=\"#game-" + std::to_string(g.game.value) + "\">" + game_score(g.score) + "</a>";
      out += "</td>";
    }
    out += "<td>" + halves(r.points) + "</td><td>" + std::to_string(r.games) + "</td><td>" +
           quarters(r.sonneborn_berger) + "</td><td>" + halves(r.buchholz) + "</td></tr>\n";
  }
  out += "</table>\n<h2>Games</h2>\n<ol>\n";
  std::map<std::int64_t, const EventPlayer*> by_id;
  for (const auto& r : s.rows) by_id[r.player.id] = &r.player;
  for (const auto& g : s.games) {
    auto name = [&](std::int64_t id) { return html_escape(by_id.at(id)->name); };
    out += "<li id=\"game-" + std::to_string(g.id.value) + "\">Round " + html_escape(g.round) + ": " + name(g.white) +
           " – " + name(g.black) + " " + game_score(g.white_score) + "–" + game_score(g.black_score) +
           " (game " + std::to_string(g.id.value) + ")";
    if (auto pgn = s.pgn.find(g.id.value); pgn != s.pgn.end())
      out += "\n<details><summary>PGN</summary><pre>" + html_escape(pgn->second) + "</pre></details>";
    out += "</li>\n";
  }
  out += "</ol>\n</body></html>\n";
  return out;
}

}  // namespace parley::archive
