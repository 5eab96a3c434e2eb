#include "game/risiko/map_format.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace parley::game::risiko {

std::string_view describe(MapErrorKind kind) {
  switch (kind) {
    case MapErrorKind::too_large: return "the map file is larger than 256 KiB";
    case MapErrorKind::bad_header: return "the first line must be \"risiko-map 1\"";
    case MapErrorKind::bad_character: return "control byte or unterminated quoted name";
    case MapErrorKind::unknown_directive: return "unknown directive";
    case MapErrorKind::bad_arguments: return "wrong arguments for this directive";
    case MapErrorKind::bad_key: return "a key must be 1-32 of a-z, 0-9, _";
    case MapErrorKind::bad_name: return "a quoted name must have 1-64 bytes";
    case MapErrorKind::bad_number: return "number missing or out of range";
    case MapErrorKind::duplicate_name: return "the map name is given twice";
    case MapErrorKind::duplicate_key: return "key declared twice";
    case MapErrorKind::unknown_continent: return "continent not declared before use";
    case MapErrorKind::unknown_territory: return "territory not declared before use";
    case MapErrorKind::bad_symbol: return "card symbol must be infantry, cavalry or artillery";
    case MapErrorKind::bad_colour: return "not an army colour";
    case MapErrorKind::self_border: return "a territory cannot border itself";
    case MapErrorKind::duplicate_border: return "border given twice";
    case MapErrorKind::too_many_territories: return "more than 240 territories";
    case MapErrorKind::too_many_continents: return "more than 32 continents";
    case MapErrorKind::too_many_jokers: return "more than 8 jokers, or jokers given twice";
    case MapErrorKind::too_many_missions: return "more than 64 missions";
    case MapErrorKind::bad_start_armies: return "bad starting armies for a player count";
    case MapErrorKind::bad_mission: return "a mission the map cannot satisfy";
    case MapErrorKind::no_territories: return "the map has no territory";
    case MapErrorKind::empty_continent: return "a continent has no territory";
    case MapErrorKind::not_connected: return "the map is not connected";
    case MapErrorKind::no_players: return "no start_armies line";
    case MapErrorKind::too_few_missions: return "fewer missions than the largest player count";
  }
  return "unknown map error";
}

namespace {

struct Token {
  std::string_view text;
  bool quoted = false;
};

struct Fail {
  MapErrorKind kind;
};

// Splits one line into words and quoted names; '#' outside quotes starts a comment.
Result<std::vector<Token>, Fail> tokenize(std::string_view line) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < line.size()) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if (c == ' ' || c == '\t') {
      ++i;
    } else if (c == '#') {
      break;
    } else if (c < 0x20 || c == 0x7f) {
      return Fail{MapErrorKind::bad_character};
    } else if (c == '"') {
      const std::size_t end = line.find('"', i + 1);
      if (end == std::string_view::npos) return Fail{MapErrorKind::bad_character};
      const std::string_view text = line.substr(i + 1, end - i - 1);
      for (char ch : text) {
        const auto u = static_cast<unsigned char>(ch);
        if (u < 0x20 || u == 0x7f) return Fail{MapErrorKind::bad_character};
      }
      out.push_back({text, true});
      i = end + 1;
    } else {
      std::size_t end = i;
      while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '#' &&
             line[end] != '"')
        ++end;
      const std::string_view text = line.substr(i, end - i);
      for (char ch : text) {
        const auto u = static_cast<unsigned char>(ch);
        if (u < 0x20 || u == 0x7f) return Fail{MapErrorKind::bad_character};
      }
      out.push_back({text, false});
      i = end;
    }
  }
  return out;
}

bool is_key(const Token& t) {
  if (t.quoted || t.text.empty() || t.text.size() > kMaxKeyBytes) return false;
  return std::all_of(t.text.begin(), t.text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// A decimal number in [lo, hi].
std::optional<std::uint32_t> number(const Token& t, std::uint32_t lo, std::uint32_t hi) {
  if (t.quoted || t.text.empty() || t.text.size() > 9) return std::nullopt;
  std::uint32_t v = 0;
  for (char c : t.text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<std::uint32_t>(c - '0');
  }
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

bool is_name(const Token& t) { return t.quoted && !t.text.empty() && t.text.size() <= kMaxNameBytes; }

class Parser {
 public:
  Result<World, MapError> run(std::string_view text) {
    if (text.size() > kMaxMapBytes) return MapError{MapErrorKind::too_large, 0};
    std::uint32_t line_no = 0;
    bool header = false;
    std::size_t pos = 0;
    while (pos <= text.size()) {
      std::size_t end = text.find('\n', pos);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(pos, end - pos);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      ++line_no;
      pos = end + 1;
      auto tokens = tokenize(line);
      if (!tokens) return MapError{tokens.error().kind, line_no};
      if (tokens->empty()) continue;
      if (!header) {
        const auto& t = *tokens;
        if (t.size() != 2 || t[0].quoted || t[0].text != "risiko-map" || t[1].quoted ||
            t[1].text != "1")
          return MapError{MapErrorKind::bad_header, line_no};
        header = true;
        continue;
      }
      if (auto fail = directive(*tokens)) return MapError{fail->kind, line_no};
    }
    if (!header) return MapError{MapErrorKind::bad_header, line_no};
    if (auto fail = finish()) return MapError{fail->kind, 0};
    return std::move(world_);
  }

 private:
  std::optional<Fail> directive(const std::vector<Token>& t) {
    const std::string_view d = t[0].quoted ? std::string_view{} : t[0].text;
    if (d == "name") return map_name(t);
    if (d == "continent") return continent(t);
    if (d == "territory") return territory(t);
    if (d == "border") return border(t);
    if (d == "jokers") return jokers(t);
    if (d == "start_armies") return start_armies(t);
    if (d == "mission") return mission(t);
    return Fail{MapErrorKind::unknown_directive};
  }

  std::optional<Fail> map_name(const std::vector<Token>& t) {
    if (t.size() != 2) return Fail{MapErrorKind::bad_arguments};
    if (!is_name(t[1])) return Fail{MapErrorKind::bad_name};
    if (named_) return Fail{MapErrorKind::duplicate_name};
    named_ = true;
    world_.name = std::string(t[1].text);
    return std::nullopt;
  }

  // continent KEY BONUS "Name" ["Nome"]
  std::optional<Fail> continent(const std::vector<Token>& t) {
    if (t.size() != 4 && t.size() != 5) return Fail{MapErrorKind::bad_arguments};
    if (!is_key(t[1])) return Fail{MapErrorKind::bad_key};
    const auto bonus = number(t[2], 0, kMaxBonus);
    if (!bonus) return Fail{MapErrorKind::bad_number};
    if (!is_name(t[3]) || (t.size() == 5 && !is_name(t[4]))) return Fail{MapErrorKind::bad_name};
    if (!keys_.insert(std::string(t[1].text)).second) return Fail{MapErrorKind::duplicate_key};
    if (world_.continents.size() == kMaxContinents) return Fail{MapErrorKind::too_many_continents};
    Continent c;
    c.key = std::string(t[1].text);
    c.bonus = *bonus;
    c.name = std::string(t[3].text);
    if (t.size() == 5) c.name_it = std::string(t[4].text);
    world_.continents.push_back(std::move(c));
    return std::nullopt;
  }

  // territory KEY CONTINENT SYMBOL "Name" ["Nome"]
  std::optional<Fail> territory(const std::vector<Token>& t) {
    if (t.size() != 5 && t.size() != 6) return Fail{MapErrorKind::bad_arguments};
    if (!is_key(t[1]) || !is_key(t[2])) return Fail{MapErrorKind::bad_key};
    const auto continent = world_.find_continent(t[2].text);
    if (!continent) return Fail{MapErrorKind::unknown_continent};
    const auto symbol = t[3].quoted ? std::nullopt : parse_symbol(t[3].text);
    if (!symbol || *symbol == Symbol::joker) return Fail{MapErrorKind::bad_symbol};
    if (!is_name(t[4]) || (t.size() == 6 && !is_name(t[5]))) return Fail{MapErrorKind::bad_name};
    if (!keys_.insert(std::string(t[1].text)).second) return Fail{MapErrorKind::duplicate_key};
    if (world_.countries.size() == kMaxTerritories) return Fail{MapErrorKind::too_many_territories};
    Country c;
    c.key = std::string(t[1].text);
    c.continent = *continent;
    c.symbol = *symbol;
    c.name = std::string(t[4].text);
    if (t.size() == 6) c.name_it = std::string(t[5].text);
    const TerritoryId id{static_cast<std::uint8_t>(world_.countries.size())};
    world_.continents[continent->value].territories.push_back(id);
    world_.countries.push_back(std::move(c));
    return std::nullopt;
  }

  // border KEY KEY
  std::optional<Fail> border(const std::vector<Token>& t) {
    if (t.size() != 3) return Fail{MapErrorKind::bad_arguments};
    if (!is_key(t[1]) || !is_key(t[2])) return Fail{MapErrorKind::bad_key};
    const auto a = world_.find_territory(t[1].text);
    const auto b = world_.find_territory(t[2].text);
    if (!a || !b) return Fail{MapErrorKind::unknown_territory};
    if (*a == *b) return Fail{MapErrorKind::self_border};
    auto& na = world_.countries[a->value].neighbours;
    if (std::find(na.begin(), na.end(), *b) != na.end()) return Fail{MapErrorKind::duplicate_border};
    na.push_back(*b);
    world_.countries[b->value].neighbours.push_back(*a);
    return std::nullopt;
  }

  std::optional<Fail> jokers(const std::vector<Token>& t) {
    if (t.size() != 2) return Fail{MapErrorKind::bad_arguments};
    const auto n = number(t[1], 0, kMaxJokers);
    if (!n || jokers_given_) return Fail{MapErrorKind::too_many_jokers};
    jokers_given_ = true;
    jokers_ = *n;
    return std::nullopt;
  }

  // start_armies PLAYERS ARMIES
  std::optional<Fail> start_armies(const std::vector<Token>& t) {
    if (t.size() != 3) return Fail{MapErrorKind::bad_arguments};
    const auto players = number(t[1], kMinPlayers, kMaxPlayers);
    const auto armies = number(t[2], 1, kMaxStartArmies);
    if (!players || !armies) return Fail{MapErrorKind::bad_start_armies};
    if (world_.start_armies[*players] != 0) return Fail{MapErrorKind::bad_start_armies};
    world_.start_armies[*players] = *armies;
    return std::nullopt;
  }

  // mission occupy N [armies M]
  // mission continents C1 C2 ... [plus N]
  // mission destroy COLOUR else occupy N
  std::optional<Fail> mission(const std::vector<Token>& t) {
    if (t.size() < 3 || t[1].quoted) return Fail{MapErrorKind::bad_arguments};
    if (world_.missions.size() == kMaxMissions) return Fail{MapErrorKind::too_many_missions};
    Mission m;
    if (t[1].text == "occupy") {
      m.kind = MissionKind::occupy;
      if (t.size() != 3 && t.size() != 5) return Fail{MapErrorKind::bad_arguments};
      const auto n = number(t[2], 1, kMaxTerritories);
      if (!n) return Fail{MapErrorKind::bad_number};
      m.territories = *n;
      if (t.size() == 5) {
        if (t[3].quoted || t[3].text != "armies") return Fail{MapErrorKind::bad_arguments};
        const auto a = number(t[4], 1, kMaxStartArmies);
        if (!a) return Fail{MapErrorKind::bad_number};
        m.min_armies = *a;
      }
    } else if (t[1].text == "continents") {
      m.kind = MissionKind::continents;
      std::size_t i = 2;
      for (; i < t.size() && !(!t[i].quoted && t[i].text == "plus"); ++i) {
        if (!is_key(t[i])) return Fail{MapErrorKind::bad_key};
        const auto c = world_.find_continent(t[i].text);
        if (!c) return Fail{MapErrorKind::unknown_continent};
        if (std::find(m.continents.begin(), m.continents.end(), *c) != m.continents.end())
          return Fail{MapErrorKind::bad_mission};
        m.continents.push_back(*c);
      }
      if (m.continents.empty()) return Fail{MapErrorKind::bad_arguments};
      if (i < t.size()) {
        if (i + 2 != t.size()) return Fail{MapErrorKind::bad_arguments};
        const auto n = number(t[i + 1], 1, kMaxContinents);
        if (!n) return Fail{MapErrorKind::bad_number};
        m.extra_continents = *n;
      }
    } else if (t[1].text == "destroy") {
      m.kind = MissionKind::destroy;
      if (t.size() != 6) return Fail{MapErrorKind::bad_arguments};
      const auto colour = t[2].quoted ? std::nullopt : parse_colour(t[2].text);
      if (!colour) return Fail{MapErrorKind::bad_colour};
      if (t[3].quoted || t[3].text != "else" || t[4].quoted || t[4].text != "occupy")
        return Fail{MapErrorKind::bad_arguments};
      const auto n = number(t[5], 1, kMaxTerritories);
      if (!n) return Fail{MapErrorKind::bad_number};
      m.target = *colour;
      m.territories = *n;
    } else {
      return Fail{MapErrorKind::bad_arguments};
    }
    world_.missions.push_back(std::move(m));
    return std::nullopt;
  }

  std::optional<Fail> finish() {
    const std::size_t n = world_.countries.size();
    if (n == 0) return Fail{MapErrorKind::no_territories};
    for (const auto& c : world_.continents)
      if (c.territories.empty()) return Fail{MapErrorKind::empty_continent};
    for (auto& c : world_.countries) std::sort(c.neighbours.begin(), c.neighbours.end());
    // Connected: a search from the first territory reaches every one.
    std::vector<bool> seen(n, false);
    std::vector<TerritoryId> stack{TerritoryId{0}};
    seen[0] = true;
    std::size_t reached = 1;
    while (!stack.empty()) {
      const TerritoryId t = stack.back();
      stack.pop_back();
      for (TerritoryId u : world_.country(t).neighbours)
        if (!seen[u.value]) {
          seen[u.value] = true;
          ++reached;
          stack.push_back(u);
        }
    }
    if (reached != n) return Fail{MapErrorKind::not_connected};
    // The card deck: one card per territory, in territory order, then the jokers.
    for (std::size_t i = 0; i < n; ++i)
      world_.cards.push_back({world_.countries[i].symbol, TerritoryId{static_cast<std::uint8_t>(i)}});
    for (std::uint32_t j = 0; j < jokers_; ++j) world_.cards.push_back({Symbol::joker, std::nullopt});
    std::size_t most_players = 0;
    for (std::size_t p = kMinPlayers; p <= kMaxPlayers; ++p) {
      if (world_.start_armies[p] == 0) continue;
      most_players = p;
      // Every player must be able to cover its share of the deal with one army each.
      if (world_.start_armies[p] < (n + p - 1) / p) return Fail{MapErrorKind::bad_start_armies};
    }
    if (most_players == 0) return Fail{MapErrorKind::no_players};
    for (const auto& m : world_.missions) {
      if ((m.kind == MissionKind::occupy || m.kind == MissionKind::destroy) && m.territories > n)
        return Fail{MapErrorKind::bad_mission};
      if (m.kind == MissionKind::continents &&
          m.continents.size() + m.extra_continents > world_.continents.size())
        return Fail{MapErrorKind::bad_mission};
    }
    if (world_.missions.size() < most_players) return Fail{MapErrorKind::too_few_missions};
    return std::nullopt;
  }

  World world_;
  std::set<std::string> keys_;
  bool named_ = false;
  bool jokers_given_ = false;
  std::uint32_t jokers_ = 0;
};

}  // namespace

Result<World, MapError> parse_map(std::string_view text) { return Parser{}.run(text); }

std::string format_map(const World& world) {
  std::string out = "risiko-map 1\n";
  const auto line = [&out](std::initializer_list<std::string_view> words) {
    bool first = true;
    for (std::string_view w : words) {
      if (!first) out += ' ';
      out += w;
      first = false;
    }
    out += '\n';
  };
  const auto quoted = [](std::string_view name) { return "\"" + std::string(name) + "\""; };
  if (!world.name.empty()) line({"name", quoted(world.name)});
  for (const Continent& c : world.continents) {
    const std::string bonus = std::to_string(c.bonus);
    if (c.name_it.empty()) line({"continent", c.key, bonus, quoted(c.name)});
    else line({"continent", c.key, bonus, quoted(c.name), quoted(c.name_it)});
  }
  for (const Country& t : world.countries) {
    const std::string_view continent = world.continent(t.continent).key;
    if (t.name_it.empty()) line({"territory", t.key, continent, name(t.symbol), quoted(t.name)});
    else line({"territory", t.key, continent, name(t.symbol), quoted(t.name), quoted(t.name_it)});
  }
  for (const auto& [a, b] : world.borders()) line({"border", world.country(a).key, world.country(b).key});
  const auto jokers = std::count_if(world.cards.begin(), world.cards.end(), [](const Card& c) { return !c.territory; });
  if (jokers > 0) line({"jokers", std::to_string(jokers)});
  for (std::size_t p = 0; p < world.start_armies.size(); ++p)
    if (world.start_armies[p] != 0) line({"start_armies", std::to_string(p), std::to_string(world.start_armies[p])});
  for (const Mission& m : world.missions) {
    out += "mission ";
    switch (m.kind) {
      case MissionKind::occupy:
        out += "occupy " + std::to_string(m.territories);
        if (m.min_armies != 1) out += " armies " + std::to_string(m.min_armies);
        break;
      case MissionKind::continents:
        out += "continents";
        for (ContinentId c : m.continents) out += " " + world.continent(c).key;
        if (m.extra_continents != 0) out += " plus " + std::to_string(m.extra_continents);
        break;
      case MissionKind::destroy:
        out += "destroy " + std::string(name(m.target)) + " else occupy " + std::to_string(m.territories);
        break;
    }
    out += '\n';
  }
  return out;
}

}  // namespace parley::game::risiko
