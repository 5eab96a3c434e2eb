#include "event/standings.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>

#include "event/results.hpp"

namespace parley::event {

std::string_view name_of(TieBreak tie_break) {
  switch (tie_break) {
    case TieBreak::buchholz: return "Buchholz";
    case TieBreak::buchholz_cut1: return "Buchholz Cut-1";
    case TieBreak::sonneborn_berger: return "Sonneborn-Berger";
    case TieBreak::progressive: return "Progressive";
  }
  return "?";
}

std::vector<TieBreak> tie_breaks_of(const Event& event) {
  if (event.game == GameKind::risiko) return {TieBreak::buchholz, TieBreak::progressive};
  if (event.system == PairingSystem::round_robin) return {TieBreak::sonneborn_berger};
  return {TieBreak::buchholz, TieBreak::buchholz_cut1, TieBreak::sonneborn_berger, TieBreak::progressive};
}

namespace {

// What one round gave a player for the tie-breaks: the opponents' final scores, with the
// points scored against each (a virtual opponent for a round not played).
struct RoundOpponents {
  std::vector<std::int64_t> scores;
  Points points = 0;
  bool counted = true;  // false: a round robin's odd player out, which has no opponent at all
};

RoundOpponents opponents_in(const Event& event, const History& h, PlayerIndex p, std::size_t r) {
  const PlayerRound& pr = h.at(p, r);
  RoundOpponents out;
  out.points = pr.points;
  const std::size_t rounds = h.rounds();
  const bool played = pr.kind == PlayerRound::Kind::played ||
                      (event.game == GameKind::risiko && !pr.opponents.empty());
  if (played) {
    for (PlayerIndex o : pr.opponents) out.scores.push_back(h.score(o));
  } else if (pr.kind == PlayerRound::Kind::bye && event.system == PairingSystem::round_robin) {
    out.counted = false;
  } else {
    // The virtual opponent: starts the round on the player's score, takes the points the player
    // did not, then draws every later round.
    const std::int64_t before = h.score_after(p, r - 1);
    out.scores.push_back(before + (kWinPoints - pr.points) + static_cast<std::int64_t>(kDrawPoints * (rounds - r)));
  }
  return out;
}

std::int64_t tie_break_value(TieBreak t, const Event& event, const History& h, PlayerIndex p) {
  const std::size_t rounds = h.rounds();
  switch (t) {
    case TieBreak::progressive: {
      std::int64_t total = 0;
      for (std::size_t r = 1; r <= rounds; ++r) total += h.score_after(p, r);
      return total;
    }
    case TieBreak::buchholz:
    case TieBreak::buchholz_cut1: {
      std::int64_t total = 0;
      std::int64_t lowest = 0;
      bool any = false;
      for (std::size_t r = 1; r <= rounds; ++r) {
        const RoundOpponents o = opponents_in(event, h, p, r);
        if (!o.counted) continue;
        // A round's contribution (Risiko: the sum over the table-mates).
        const std::int64_t c = std::accumulate(o.scores.begin(), o.scores.end(), std::int64_t{0});
        total += c;
        if (!any || c < lowest) lowest = c;
        any = true;
      }
      return t == TieBreak::buchholz_cut1 && any ? total - lowest : total;
    }
    case TieBreak::sonneborn_berger: {
      std::int64_t total = 0;
      for (std::size_t r = 1; r <= rounds; ++r) {
        const RoundOpponents o = opponents_in(event, h, p, r);
        if (!o.counted) continue;
        for (std::int64_t s : o.scores) total += s * o.points;
      }
      return total;
    }
  }
  return 0;
}

std::string half_points(std::int64_t units) {
  const bool negative = units < 0;
  const std::int64_t a = negative ? -units : units;
  return (negative ? "-" : "") + std::to_string(a / 2) + (a % 2 ? ".5" : ".0");
}

std::string quarter_points(std::int64_t quarters) {
  const bool negative = quarters < 0;
  const std::int64_t a = negative ? -quarters : quarters;
  static constexpr const char* kFractions[] = {".0", ".25", ".5", ".75"};
  return (negative ? "-" : "") + std::to_string(a / 4) + kFractions[a % 4];
}

// One crosstable cell: the opponent's rank, the colour and the result ("12w1"); a bye, an
// absence; Risiko: the table and the result ("T2:1").
std::string cell(const Event& event, const History& h, const std::vector<std::uint32_t>& rank_of, PlayerIndex p,
                 std::size_t r) {
  const PlayerRound& pr = h.at(p, r);
  auto result = [&] {
    switch (pr.kind) {
      case PlayerRound::Kind::forfeit_win: return std::string("+");
      case PlayerRound::Kind::forfeit_loss: return std::string("-");
      default: return std::string(pr.points == kWinPoints ? "1" : pr.points == kDrawPoints ? "=" : "0");
    }
  };
  switch (pr.kind) {
    case PlayerRound::Kind::bye: return event.system == PairingSystem::swiss ? "bye" : "-";
    case PlayerRound::Kind::absent: return "-";
    default: break;
  }
  if (event.game == GameKind::risiko) return "T" + std::to_string(pr.board) + ":" + result();
  return std::to_string(rank_of[pr.opponents.front()]) + (pr.seat == 0 ? "w" : "b") + result();
}

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string html_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

// The crosstable as rows of strings: a header, then one row per player.
std::vector<std::vector<std::string>> table(const Event& event, const History& h, const Standings& st) {
  std::vector<std::uint32_t> rank_of(event.roster.size(), 0);
  for (std::size_t i = 0; i < st.rows.size(); ++i) rank_of[st.rows[i].player] = static_cast<std::uint32_t>(i + 1);
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"Rank", "Name", "Rating", "Fingerprint"};
  for (std::size_t r = 1; r <= st.rounds; ++r) header.push_back("R" + std::to_string(r));
  header.push_back("Points");
  for (TieBreak t : st.tie_breaks) header.emplace_back(name_of(t));
  rows.push_back(header);
  for (const StandingRow& row : st.rows) {
    const Player& p = event.roster[row.player];
    std::vector<std::string> line{std::to_string(row.rank), p.name, p.rating ? std::to_string(*p.rating) : "",
                                  crypto::fingerprint(p.key)};
    for (std::size_t r = 1; r <= st.rounds; ++r) line.push_back(cell(event, h, rank_of, row.player, r));
    line.push_back(format_points(row.points));
    for (std::size_t i = 0; i < st.tie_breaks.size(); ++i) line.push_back(format_tie_break(st.tie_breaks[i], row.tie_breaks[i]));
    rows.push_back(line);
  }
  return rows;
}

std::size_t display_width(std::string_view s) {
  std::size_t w = 0;
  for (unsigned char c : s)
    if ((c & 0xc0) != 0x80) ++w;  // count code points, not bytes
  return w;
}

}  // namespace

std::string format_points(Points points) { return half_points(points); }

std::string format_tie_break(TieBreak tie_break, std::int64_t value) {
  return tie_break == TieBreak::sonneborn_berger ? quarter_points(value) : half_points(value);
}

Standings compute_standings(const Event& event, const History& history) {
  Standings st;
  st.tie_breaks = tie_breaks_of(event);
  st.rounds = history.rounds();
  const auto ranking = initial_ranking(event);
  for (PlayerIndex p : ranking) {
    StandingRow row;
    row.player = p;
    row.points = history.score(p);
    for (TieBreak t : st.tie_breaks) row.tie_breaks.push_back(tie_break_value(t, event, history, p));
    st.rows.push_back(std::move(row));
  }
  // Points, then the tie-breaks in order; exact ties keep the initial ranking's order.
  auto key_less = [](const StandingRow& a, const StandingRow& b) {
    if (a.points != b.points) return a.points > b.points;
    return a.tie_breaks > b.tie_breaks;
  };
  std::stable_sort(st.rows.begin(), st.rows.end(), key_less);
  for (std::size_t i = 0; i < st.rows.size(); ++i) {
    const bool tied = i > 0 && !key_less(st.rows[i - 1], st.rows[i]);
    st.rows[i].rank = tied ? st.rows[i - 1].rank : static_cast<std::uint32_t>(i + 1);
  }
  return st;
}

std::string crosstable_text(const Event& event, const History& history, const Standings& standings) {
  const auto rows = table(event, history, standings);
  std::vector<std::size_t> width(rows.front().size(), 0);
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], display_width(row[c]));
  std::ostringstream out;
  out << event.name << " (" << name_of(event.game) << ", " << name_of(event.system) << ", " << standings.rounds << " of "
      << event.rounds << " rounds)\n";
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::size_t pad = width[c] - display_width(row[c]);
      const bool left = c == 1 || c == 3;  // names and fingerprints left-aligned, numbers right
      if (c > 0) line += "  ";
      line += left ? row[c] + std::string(pad, ' ') : std::string(pad, ' ') + row[c];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
  return out.str();
}

std::string crosstable_csv(const Event& event, const History& history, const Standings& standings) {
  std::string out;
  for (const auto& row : table(event, history, standings)) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (c > 0) out += ',';
      out += csv_field(row[c]);
    }
    out += "\r\n";  // RFC 4180
  }
  return out;
}

std::string crosstable_html(const Event& event, const History& history, const Standings& standings) {
  const auto rows = table(event, history, standings);
  std::string out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + html_escape(event.name) +
                    "</title></head>\n<body>\n<h1>" + html_escape(event.name) + "</h1>\n<table>\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    out += "<tr>";
    for (const auto& c : rows[i]) out += (i == 0 ? "<th>" : "<td>") + html_escape(c) + (i == 0 ? "</th>" : "</td>");
    out += "</tr>\n";
  }
  out += "</table>\n</body></html>\n";
  return out;
}

}  // namespace parley::event
