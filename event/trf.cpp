#include "event/trf.hpp"

#include <algorithm>
#include <charconv>
#include <ctime>
#include <map>

#include "event/limits.hpp"
#include "event/results.hpp"
#include "game/core/utf8.hpp"

namespace parley::event {

namespace {

constexpr std::string_view kResults = "1=0+-WDLHFUZ";

// A line as code points, so columns count characters whatever their UTF-8 length.
using Line = std::u32string;

Line decode_line(std::string_view text) {
  Line out;
  std::size_t at = 0;
  while (at < text.size()) {
    auto cp = game::next_code_point(text, at);
    if (!cp) return {};  // the caller checked the text is UTF-8
    out.push_back(*cp);
  }
  return out;
}

std::string utf8_of(std::u32string_view line) {
  std::string out;
  for (char32_t c : line) game::append_utf8(out, c);
  return out;
}

// Writes `text` into columns [first, last] (1-based, inclusive), left- or right-aligned.
void put(Line& line, std::size_t first, std::size_t last, std::string_view text, bool right = false) {
  Line t = decode_line(text);
  const std::size_t width = last - first + 1;
  if (t.size() > width) t.resize(width);
  if (line.size() < last) line.resize(last, U' ');
  const std::size_t start = first - 1 + (right ? width - t.size() : 0);
  std::copy(t.begin(), t.end(), line.begin() + static_cast<std::ptrdiff_t>(start));
}

// Columns [first, last] of a line, trimmed of blanks.
std::u32string_view field(const Line& line, std::size_t first, std::size_t last) {
  if (line.size() < first) return {};
  std::u32string_view f(line);
  f = f.substr(first - 1, std::min(last, line.size()) - (first - 1));
  while (!f.empty() && f.front() == U' ') f.remove_prefix(1);
  while (!f.empty() && f.back() == U' ') f.remove_suffix(1);
  return f;
}

std::optional<std::uint32_t> number(std::u32string_view f, std::uint32_t max) {
  if (f.empty() || f.size() > 9) return std::nullopt;
  std::uint32_t v = 0;
  for (char32_t c : f) {
    if (c < U'0' || c > U'9') return std::nullopt;
    v = v * 10 + static_cast<std::uint32_t>(c - U'0');
  }
  if (v > max) return std::nullopt;
  return v;
}

// "11.5", "11", "7.0" as half points.
std::optional<Points> points(std::u32string_view f) {
  const auto dot = f.find(U'.');
  auto whole = number(f.substr(0, dot), 9999);
  if (!whole) return std::nullopt;
  Points p = static_cast<Points>(*whole * 2);
  if (dot != std::u32string_view::npos) {
    const auto frac = f.substr(dot + 1);
    if (frac == U"5")
      p += 1;
    else if (frac != U"0" && !frac.empty())
      return std::nullopt;
  }
  return p;
}

std::string date_of(std::uint64_t unix_ms) {
  const std::time_t t = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y/%m/%d", &tm);
  return buf;
}

std::string clock_text(const Clock& c) {
  if (c.base_ms == 0) return "";
  auto secs = [](std::uint64_t ms) {
    std::string s = std::to_string(ms / 1000);
    if (ms % 1000) {
      std::string frac = std::to_string(ms % 1000);
      s += "." + std::string(3 - frac.size(), '0') + frac;
      while (s.back() == '0') s.pop_back();
    }
    return s;
  };
  return secs(c.base_ms) + "+" + secs(c.increment_ms) + " s";
}

}  // namespace

std::string_view describe(TrfError error) {
  switch (error) {
    case TrfError::line_too_long: return "a line is longer than any TRF line can be";
    case TrfError::bad_line: return "a line does not have the TRF-16 fields";
    case TrfError::bad_number: return "a number field holds something else or is out of range";
    case TrfError::bad_result: return "a colour or result code outside TRF-16's table";
    case TrfError::duplicate_rank: return "two players have one starting rank";
    case TrfError::unknown_opponent: return "a round names a starting rank no player has";
    case TrfError::too_many_players: return "too many players";
    case TrfError::too_many_rounds: return "too many rounds";
    case TrfError::bad_text: return "the text is neither UTF-8 nor Windows-1252";
  }
  return "unknown TRF error";
}

std::string write_trf(const TrfTournament& t) {
  std::string out;
  auto header = [&](std::string_view tag, const std::string& value) {
    if (!value.empty()) out += std::string(tag) + " " + value + "\r\n";
  };
  header("012", t.name);
  header("022", t.city);
  header("032", t.federation);
  header("042", t.start_date);
  header("052", t.end_date);
  header("062", std::to_string(t.players.size()));
  header("072", std::to_string(std::count_if(t.players.begin(), t.players.end(), [](const auto& p) { return p.rating.has_value(); })));
  header("092", t.type);
  header("102", t.arbiter);
  header("122", t.time_control);
  for (const TrfPlayer& p : t.players) {
    Line line;
    put(line, 1, 3, "001");
    put(line, 5, 8, std::to_string(p.start_rank), true);
    put(line, 10, 10, std::string(1, p.sex));
    put(line, 11, 13, p.title);
    put(line, 15, 47, p.name);
    put(line, 49, 52, p.rating ? std::to_string(*p.rating) : "", true);
    put(line, 54, 56, p.federation);
    put(line, 58, 68, p.fide_id, true);
    put(line, 70, 79, p.birth_date);
    put(line, 81, 84, format_points(p.points), true);
    put(line, 86, 89, std::to_string(p.rank), true);
    for (std::size_t r = 0; r < p.rounds.size(); ++r) {
      const std::size_t at = kTrfRoundColumn + 10 * r;
      const TrfGame& g = p.rounds[r];
      std::string id = std::to_string(g.opponent);
      put(line, at, at + 3, std::string(4 - std::min<std::size_t>(id.size(), 4), '0') + id);
      put(line, at + 5, at + 5, std::string(1, g.colour));
      put(line, at + 7, at + 7, std::string(1, g.result));
    }
    while (!line.empty() && line.back() == U' ') line.pop_back();
    out += utf8_of(line) + "\r\n";
  }
  return out;
}

game::Result<TrfTournament, TrfProblem> read_trf(std::string_view text) {
  TrfTournament t;
  std::map<std::uint32_t, std::size_t> ranks;  // starting rank -> index
  std::size_t line_no = 0;
  std::size_t pos = 0;
  std::vector<std::size_t> line_of;  // each player's line, for unknown-opponent errors
  while (pos < text.size()) {
    ++line_no;
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(pos, end - pos);
    pos = end + 1;
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    if (raw.size() > kMaxTrfLineBytes) return TrfProblem{TrfError::line_too_long, line_no};
    std::string utf8 = game::is_valid_utf8(raw) ? std::string(raw) : game::utf8_from_windows_1252(raw);
    for (unsigned char c : utf8)
      if (c < 0x20 && c != '\t') return TrfProblem{TrfError::bad_text, line_no};
    const Line line = decode_line(utf8);
    if (line.size() < 3) continue;  // blank lines
    const std::string tag = utf8_of(std::u32string_view(line).substr(0, 3));
    auto rest = [&] { return line.size() > 4 ? utf8_of(field(line, 5, line.size())) : std::string(); };
    if (tag == "012") t.name = rest();
    else if (tag == "022") t.city = rest();
    else if (tag == "032") t.federation = rest();
    else if (tag == "042") t.start_date = rest();
    else if (tag == "052") t.end_date = rest();
    else if (tag == "092") t.type = rest();
    else if (tag == "102") t.arbiter = rest();
    else if (tag == "122") t.time_control = rest();
    if (tag != "001") continue;  // other records (062, 072, 013, XX…) are not needed here
    if (t.players.size() >= kMaxPlayers) return TrfProblem{TrfError::too_many_players, line_no};
    if (line.size() < 89 || line[3] != U' ') return TrfProblem{TrfError::bad_line, line_no};
    TrfPlayer p;
    auto rank = number(field(line, 5, 8), 9999);
    if (!rank || *rank == 0) return TrfProblem{TrfError::bad_number, line_no};
    p.start_rank = *rank;
    const auto sex = field(line, 10, 10);
    p.sex = sex.empty() ? ' ' : static_cast<char>(sex[0] < 0x80 ? sex[0] : '?');
    p.title = utf8_of(field(line, 11, 13));
    p.name = utf8_of(field(line, 15, 47));
    const auto rating = field(line, 49, 52);
    if (!rating.empty()) {
      auto r = number(rating, kMaxRating);
      if (!r) return TrfProblem{TrfError::bad_number, line_no};
      if (*r > 0) p.rating = static_cast<std::uint16_t>(*r);
    }
    p.federation = utf8_of(field(line, 54, 56));
    p.fide_id = utf8_of(field(line, 58, 68));
    p.birth_date = utf8_of(field(line, 70, 79));
    auto pts = points(field(line, 81, 84));
    if (!pts) return TrfProblem{TrfError::bad_number, line_no};
    p.points = *pts;
    const auto rank_field = field(line, 86, 89);
    if (!rank_field.empty()) {
      auto r = number(rank_field, 9999);
      if (!r) return TrfProblem{TrfError::bad_number, line_no};
      p.rank = *r;
    }
    for (std::size_t at = kTrfRoundColumn; at <= line.size(); at += 10) {
      if (p.rounds.size() >= kMaxRounds) return TrfProblem{TrfError::too_many_rounds, line_no};
      TrfGame g;
      const auto id = field(line, at, at + 3);
      if (!id.empty()) {
        auto o = number(id, 9999);
        if (!o) return TrfProblem{TrfError::bad_number, line_no};
        g.opponent = *o;
      }
      const auto colour = field(line, at + 5, at + 5);
      g.colour = colour.empty() ? '-' : static_cast<char>(colour[0] < 0x80 ? colour[0] : '?');
      if (g.colour == 'W') g.colour = 'w';
      if (g.colour == 'B') g.colour = 'b';
      if (g.colour != 'w' && g.colour != 'b' && g.colour != '-') return TrfProblem{TrfError::bad_result, line_no};
      const auto result = field(line, at + 7, at + 7);
      char code = result.empty() ? 'Z' : static_cast<char>(result[0] < 0x80 ? result[0] : '?');
      if (code >= 'a' && code <= 'z') code = static_cast<char>(code - 'a' + 'A');
      if (kResults.find(code) == std::string_view::npos) return TrfProblem{TrfError::bad_result, line_no};
      g.result = code;
      // Blanks between the fields, as the columns require.
      for (std::size_t c : {at + 4, at + 6, at + 8, at + 9})
        if (c <= line.size() && line[c - 1] != U' ') return TrfProblem{TrfError::bad_line, line_no};
      p.rounds.push_back(g);
    }
    if (!ranks.emplace(p.start_rank, t.players.size()).second) return TrfProblem{TrfError::duplicate_rank, line_no};
    line_of.push_back(line_no);
    t.players.push_back(std::move(p));
  }
  for (std::size_t i = 0; i < t.players.size(); ++i)
    for (const TrfGame& g : t.players[i].rounds)
      if (g.opponent != 0 && !ranks.count(g.opponent)) return TrfProblem{TrfError::unknown_opponent, line_of[i]};
  return t;
}

game::Result<TrfTournament, TrfExportError> trf_of(const Event& event, const History& history, const Standings& standings) {
  if (event.game == GameKind::risiko) return TrfExportError::not_two_player;
  TrfTournament t;
  t.name = event.name;
  t.start_date = date_of(event.created_ms);
  t.type = event.system == PairingSystem::swiss ? "Swiss (FIDE Dutch)" : "Round robin (Berger)";
  t.time_control = clock_text(event.clock);
  const auto ranking = initial_ranking(event);
  std::vector<std::uint32_t> start_rank(event.roster.size());
  for (std::size_t k = 0; k < ranking.size(); ++k) start_rank[ranking[k]] = static_cast<std::uint32_t>(k + 1);
  std::vector<std::uint32_t> place(event.roster.size());
  std::vector<Points> total(event.roster.size());
  for (const auto& row : standings.rows) {
    place[row.player] = row.rank;
    total[row.player] = row.points;
  }
  for (PlayerIndex p : ranking) {
    TrfPlayer tp;
    tp.start_rank = start_rank[p];
    tp.name = event.roster[p].name;
    tp.rating = event.roster[p].rating;
    tp.points = total[p];
    tp.rank = place[p];
    for (std::size_t r = 1; r <= history.rounds(); ++r) {
      const PlayerRound& pr = history.at(p, r);
      TrfGame g;
      switch (pr.kind) {
        case PlayerRound::Kind::played:
        case PlayerRound::Kind::forfeit_win:
        case PlayerRound::Kind::forfeit_loss:
          g.opponent = start_rank[pr.opponents.front()];
          g.colour = pr.seat == 0 ? 'w' : 'b';
          if (pr.kind == PlayerRound::Kind::forfeit_win)
            g.result = '+';
          else if (pr.kind == PlayerRound::Kind::forfeit_loss)
            g.result = '-';
          else
            g.result = pr.points == kWinPoints ? '1' : pr.points == kDrawPoints ? '=' : '0';
          break;
        case PlayerRound::Kind::bye:
          g.result = event.system == PairingSystem::swiss ? 'U' : 'Z';
          break;
        case PlayerRound::Kind::absent:
          g.result = 'Z';
          break;
      }
      tp.rounds.push_back(g);
    }
    t.players.push_back(std::move(tp));
  }
  return t;
}

}  // namespace parley::event
