// The map: the classic map against the board's published adjacency list (the outside reference), the
// shipped variants, the card symbols and the map file format's checks.
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "game/risiko/map_format.hpp"
#include "support.hpp"

namespace parley::game::risiko {
namespace {
using namespace testing;

// The classic board (docs/risiko.md, "Sources"): every territory with its neighbours, as listed there.
constexpr std::string_view kNotes = R"(
- **North America (5)**
  - Alaska: Northwest Territory, Alberta, Kamchatka
  - Northwest Territory: Alaska, Alberta, Ontario, Greenland
  - Greenland: Northwest Territory, Ontario, Quebec, Iceland
  - Alberta: Alaska, Northwest Territory, Ontario, Western United States
  - Ontario: Northwest Territory, Alberta, Greenland, Quebec, Western United States, Eastern United States
  - Quebec: Ontario, Greenland, Eastern United States
  - Western United States: Alberta, Ontario, Eastern United States, Central America
  - Eastern United States: Ontario, Quebec, Western United States, Central America
  - Central America: Western United States, Eastern United States, Venezuela
- **South America (2)**
  - Venezuela: Central America, Peru, Brazil
  - Peru: Venezuela, Brazil, Argentina
  - Brazil: Venezuela, Peru, Argentina, North Africa
  - Argentina: Peru, Brazil
- **Europe (5)**
  - Iceland: Greenland, Great Britain, Scandinavia
  - Great Britain: Iceland, Scandinavia, Northern Europe, Western Europe
  - Scandinavia: Iceland, Great Britain, Northern Europe, Ukraine
  - Northern Europe: Great Britain, Scandinavia, Ukraine, Southern Europe, Western Europe
  - Western Europe: Great Britain, Northern Europe, Southern Europe, North Africa
  - Southern Europe: Western Europe, Northern Europe, Ukraine, Middle East, Egypt, North Africa
  - Ukraine: Scandinavia, Northern Europe, Southern Europe, Ural, Afghanistan, Middle East
- **Africa (3)**
  - North Africa: Brazil, Western Europe, Southern Europe, Egypt, East Africa, Congo
  - Egypt: Southern Europe, North Africa, East Africa, Middle East
  - East Africa: Egypt, North Africa, Congo, South Africa, Madagascar, Middle East
  - Congo: North Africa, East Africa, South Africa
  - South Africa: Congo, East Africa, Madagascar
  - Madagascar: South Africa, East Africa
- **Asia (7)**
  - Ural: Ukraine, Siberia, China, Afghanistan
  - Siberia: Ural, Yakutsk, Irkutsk, Mongolia, China
  - Yakutsk: Siberia, Irkutsk, Kamchatka
  - Irkutsk: Siberia, Yakutsk, Kamchatka, Mongolia
  - Kamchatka: Yakutsk, Irkutsk, Mongolia, Japan, Alaska
  - Mongolia: Siberia, Irkutsk, Kamchatka, Japan, China
  - Japan: Kamchatka, Mongolia
  - Afghanistan: Ukraine, Ural, China, India, Middle East
  - China: Ural, Siberia, Mongolia, Afghanistan, India, Siam
  - Middle East: Ukraine, Southern Europe, Egypt, East Africa, Afghanistan, India
  - India: Middle East, Afghanistan, China, Siam
  - Siam: India, China, Indonesia
- **Oceania (2)**
  - Indonesia: Siam, New Guinea, Western Australia
  - New Guinea: Indonesia, Western Australia, Eastern Australia
  - Western Australia: Indonesia, New Guinea, Eastern Australia
  - Eastern Australia: New Guinea, Western Australia
)";

struct NotesMap {
  std::map<std::string, std::set<std::string>> neighbours;
  std::map<std::string, std::pair<std::string, int>> continent_of;  // territory -> (continent, bonus)
};

std::string trim(std::string s) {
  while (!s.empty() && s.front() == ' ') s.erase(s.begin());
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

NotesMap parse_notes() {
  NotesMap out;
  std::istringstream in{std::string(kNotes)};
  std::string line, continent;
  int bonus = 0;
  while (std::getline(in, line)) {
    if (line.rfind("- **", 0) == 0) {
      const auto open = line.find(" (");
      continent = line.substr(4, open - 4);
      bonus = line[open + 2] - '0';
    } else if (line.rfind("  - ", 0) == 0) {
      const auto colon = line.find(':');
      const std::string name = line.substr(4, colon - 4);
      out.continent_of[name] = {continent, bonus};
      std::istringstream list(line.substr(colon + 1));
      std::string n;
      while (std::getline(list, n, ',')) out.neighbours[name].insert(trim(n));
    }
  }
  return out;
}

TEST(RisikoMap, ClassicAdjacencyEqualsRulesNotes) {
  const NotesMap notes = parse_notes();
  const World& w = classic();
  ASSERT_EQ(notes.neighbours.size(), 42u);
  ASSERT_EQ(w.territory_count(), 42u);
  for (const auto& [name, ns] : notes.neighbours) {
    auto it = std::find_if(w.countries.begin(), w.countries.end(), [&](const Country& c) { return c.name == name; });
    ASSERT_NE(it, w.countries.end()) << name;
    std::set<std::string> got;
    for (TerritoryId n : it->neighbours) got.insert(w.country(n).name);
    EXPECT_EQ(got, ns) << name;
    EXPECT_EQ(w.continent(it->continent).name, notes.continent_of.at(name).first) << name;
    EXPECT_EQ(static_cast<int>(w.continent(it->continent).bonus), notes.continent_of.at(name).second) << name;
  }
}

TEST(RisikoMap, ClassicHas83SymmetricBorders) {
  const World& w = classic();
  EXPECT_EQ(w.borders().size(), 83u);
  std::size_t directed = 0;
  for (std::size_t i = 0; i < w.territory_count(); ++i) {
    const TerritoryId a{static_cast<std::uint8_t>(i)};
    for (TerritoryId b : w.country(a).neighbours) {
      ++directed;
      EXPECT_TRUE(w.adjacent(b, a)) << w.country(a).key << " " << w.country(b).key;
      EXPECT_NE(a, b);
    }
  }
  EXPECT_EQ(directed, 166u);
}

TEST(RisikoMap, ContinentsAndBonuses) {
  const World& w = classic();
  const std::vector<std::pair<std::string, std::pair<std::uint32_t, std::size_t>>> expected = {
      {"north_america", {5, 9}}, {"south_america", {2, 4}}, {"europe", {5, 7}},
      {"africa", {3, 6}},        {"asia", {7, 12}},        {"oceania", {2, 4}}};
  ASSERT_EQ(w.continents.size(), 6u);
  for (const auto& [key, v] : expected) {
    const Continent& c = w.continent(C(key));
    EXPECT_EQ(c.bonus, v.first) << key;
    EXPECT_EQ(c.territories.size(), v.second) << key;
  }
  EXPECT_EQ(w.start_armies[3], 35u);
  EXPECT_EQ(w.start_armies[4], 30u);
  EXPECT_EQ(w.start_armies[5], 25u);
  EXPECT_EQ(w.start_armies[6], 20u);
  EXPECT_FALSE(w.supports(2));
}

TEST(RisikoMap, FortyFourCardsFourteenOfEachPlusTwoJokers) {
  const World& w = classic();
  ASSERT_EQ(w.cards.size(), 44u);
  std::map<Symbol, int> count;
  for (std::size_t i = 0; i < w.cards.size(); ++i) {
    const Card& c = w.cards[i];
    ++count[c.symbol];
    if (i < 42) {
      ASSERT_TRUE(c.territory.has_value());
      EXPECT_EQ(c.territory->value, i);
      EXPECT_EQ(c.symbol, w.countries[i].symbol);
    } else {
      EXPECT_EQ(c.symbol, Symbol::joker);
      EXPECT_FALSE(c.territory.has_value());
    }
  }
  EXPECT_EQ(count[Symbol::infantry], 14);
  EXPECT_EQ(count[Symbol::cavalry], 14);
  EXPECT_EQ(count[Symbol::artillery], 14);
  EXPECT_EQ(count[Symbol::joker], 2);
  // Spot checks against QRisiko's table (Costanti Nazioni.h, "Compagini").
  EXPECT_EQ(w.country(T("japan")).symbol, Symbol::infantry);
  EXPECT_EQ(w.country(T("siberia")).symbol, Symbol::artillery);
  EXPECT_EQ(w.country(T("ural")).symbol, Symbol::cavalry);
  EXPECT_EQ(w.country(T("northwest_territory")).symbol, Symbol::artillery);
}

TEST(RisikoMap, FourteenMissions) {
  const World& w = classic();
  ASSERT_EQ(w.missions.size(), 14u);
  EXPECT_EQ(w.missions[0], (Mission{MissionKind::occupy, 18, 2, {}, 0, Colour::yellow}));
  EXPECT_EQ(w.missions[1], (Mission{MissionKind::occupy, 24, 1, {}, 0, Colour::yellow}));
  EXPECT_EQ(w.missions[6].continents, (std::vector<ContinentId>{C("europe"), C("south_america")}));
  EXPECT_EQ(w.missions[6].extra_continents, 1u);
  for (int c = 0; c < kColours; ++c) {
    const Mission& m = w.missions[8 + c];
    EXPECT_EQ(m.kind, MissionKind::destroy);
    EXPECT_EQ(m.target, static_cast<Colour>(c));
    EXPECT_EQ(m.territories, 24u);
  }
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

TEST(RisikoMap, EmbeddedMapsAreTheFiles) {
  ASSERT_EQ(builtin_maps().size(), 3u);
  for (const BuiltinMap& m : builtin_maps()) {
    const std::string file = read_file(std::string(PARLEY_SOURCE_DIR) + "/game/risiko/maps/" + std::string(m.key) + ".map");
    EXPECT_EQ(file, m.text) << m.key;
  }
}

TEST(RisikoMap, VariantsDifferByOneBorderEach) {
  auto parse = [](std::string_view key) {
    for (const BuiltinMap& m : builtin_maps())
      if (m.key == key) {
        auto w = parse_map(m.text);
        EXPECT_TRUE(w.ok());
        return w.ok() ? std::move(w).value() : World{};
      }
    ADD_FAILURE() << key;
    return World{};
  };
  const World w82 = parse("classic-82");
  const World w84 = parse("classic-84");
  EXPECT_EQ(w82.borders().size(), 82u);
  EXPECT_EQ(w84.borders().size(), 84u);
  EXPECT_FALSE(w82.adjacent(T("east_africa"), T("middle_east")));
  EXPECT_TRUE(classic().adjacent(T("east_africa"), T("middle_east")));
  EXPECT_TRUE(w84.adjacent(T("middle_east"), T("china")));
  EXPECT_FALSE(classic().adjacent(T("middle_east"), T("china")));
  // Different maps, different fingerprints: peers on different maps disagree at once.
  EXPECT_NE(w82.fingerprint(), classic().fingerprint());
  EXPECT_NE(w84.fingerprint(), classic().fingerprint());
  EXPECT_EQ(w82.missions, classic().missions);
}

// ---- The format's checks -----------------------------------------------------------

constexpr std::string_view kTiny = R"(risiko-map 1
name "Tiny"
continent a 2 "A" "Ai"
continent b 3 "B"
territory t1 a infantry "T1"
territory t2 a cavalry "T2"
territory t3 b artillery "T3"   # a comment
border t1 t2
border t2 t3
jokers 1
start_armies 3 5
mission occupy 2
mission continents a
mission destroy red else occupy 2
)";

TEST(RisikoMapFormat, TinyMapParses) {
  auto w = parse_map(kTiny);
  ASSERT_TRUE(w.ok()) << describe(w.error().kind) << " line " << w.error().line;
  EXPECT_EQ(w->name, "Tiny");
  EXPECT_EQ(w->continents[0].name_it, "Ai");
  EXPECT_EQ(w->continents[1].name_it, "");
  EXPECT_EQ(w->cards.size(), 4u);
  EXPECT_TRUE(w->supports(3));
  EXPECT_FALSE(w->supports(4));
  EXPECT_EQ(w->borders().size(), 2u);
}

// format_map is what a room's options carry for a user's map: it must read back to the same
// World (every peer and the verifier rebuild it from that text) and be a fixed point.
TEST(RisikoMapFormat, FormattedMapsReadBackToTheSameWorld) {
  std::vector<std::string> texts{std::string(kTiny)};
  for (const BuiltinMap& m : builtin_maps()) texts.emplace_back(m.text);
  for (const std::string& text : texts) {
    auto world = parse_map(text);
    ASSERT_TRUE(world.ok());
    const std::string formatted = format_map(*world);
    auto again = parse_map(formatted);
    ASSERT_TRUE(again.ok()) << describe(again.error().kind) << " line " << again.error().line << "\n" << formatted;
    EXPECT_EQ(again->fingerprint(), world->fingerprint()) << world->name;
    EXPECT_EQ(format_map(*again), formatted);
    EXPECT_LT(formatted.size(), text.size());
  }
  // The tiny map formatted is its own text without the comment.
  constexpr std::string_view kComment = "   # a comment";
  std::string uncommented(kTiny);
  uncommented.erase(uncommented.find(kComment), kComment.size());
  EXPECT_EQ(format_map(*parse_map(kTiny)), uncommented);
  // The shipped classic world (5,998 bytes so) fits a room's 12 KiB with room to spare.
  EXPECT_LT(format_map(classic()).size(), 8u * 1024);
}

// Replaces line `line` (1-based) of kTiny with `text` (which may hold several lines).
std::string with_line(int line, std::string_view text) {
  std::istringstream in{std::string(kTiny)};
  std::string out, l;
  for (int n = 1; std::getline(in, l); ++n) out += (n == line ? std::string(text) : l) + "\n";
  return out;
}

struct Case {
  int line;
  std::string text;
  MapErrorKind kind;
  std::uint32_t reported_line;
};

TEST(RisikoMapFormat, EveryErrorIsTypedWithItsLine) {
  const std::vector<Case> cases = {
      {1, "risiko-map 2", MapErrorKind::bad_header, 1},
      {2, "name \"Tiny\" x", MapErrorKind::bad_arguments, 2},
      {2, "name \"T\"\nname \"U\"", MapErrorKind::duplicate_name, 3},
      {2, "name \"unterminated", MapErrorKind::bad_character, 2},
      {2, "name \"tab\there\"", MapErrorKind::bad_character, 2},
      {2, "flag x", MapErrorKind::unknown_directive, 2},
      {3, "continent A 2 \"A\"", MapErrorKind::bad_key, 3},
      {3, "continent a 2 \"\"", MapErrorKind::bad_name, 3},
      {3, "continent a 2 \"" + std::string(65, 'x') + "\"", MapErrorKind::bad_name, 3},
      {3, "continent a -1 \"A\"", MapErrorKind::bad_number, 3},
      {3, "continent a 1001 \"A\"", MapErrorKind::bad_number, 3},
      {4, "continent a 3 \"B\"", MapErrorKind::duplicate_key, 4},
      {5, "territory t1 z infantry \"T1\"", MapErrorKind::unknown_continent, 5},
      {5, "territory t1 a joker \"T1\"", MapErrorKind::bad_symbol, 5},
      {6, "territory t1 a cavalry \"T2\"", MapErrorKind::duplicate_key, 6},
      {8, "border t1 t9", MapErrorKind::unknown_territory, 8},
      {8, "border t1 t1", MapErrorKind::self_border, 8},
      {9, "border t2 t1", MapErrorKind::duplicate_border, 9},
      {9, "", MapErrorKind::not_connected, 0},
      {10, "jokers 9", MapErrorKind::too_many_jokers, 10},
      {10, "jokers 1\njokers 0", MapErrorKind::too_many_jokers, 11},
      {11, "start_armies 2 5", MapErrorKind::bad_start_armies, 11},
      {11, "start_armies 3 5\nstart_armies 3 6", MapErrorKind::bad_start_armies, 12},
      {11, "start_armies 4 5", MapErrorKind::too_few_missions, 0},
      {11, "", MapErrorKind::no_players, 0},
      {12, "mission occupy 4", MapErrorKind::bad_mission, 0},
      {12, "mission occupy 2 armies", MapErrorKind::bad_arguments, 12},
      {13, "mission continents a a", MapErrorKind::bad_mission, 13},
      {13, "mission continents a plus 2", MapErrorKind::bad_mission, 0},
      {13, "mission continents plus 1", MapErrorKind::bad_arguments, 13},
      {14, "mission destroy pink else occupy 2", MapErrorKind::bad_colour, 14},
      {14, "mission destroy red or occupy 2", MapErrorKind::bad_arguments, 14},
      {14, "mission conquer world", MapErrorKind::bad_arguments, 14},
      {4, "continent c 3 \"C\"", MapErrorKind::unknown_continent, 7},
  };
  for (const Case& c : cases) {
    auto w = parse_map(with_line(c.line, c.text));
    ASSERT_FALSE(w.ok()) << c.text;
    EXPECT_EQ(w.error().kind, c.kind) << c.text << ": " << describe(w.error().kind);
    EXPECT_EQ(w.error().line, c.reported_line) << c.text;
  }
}

TEST(RisikoMapFormat, WholeFileChecks) {
  EXPECT_EQ(parse_map("").error(), (MapError{MapErrorKind::bad_header, 1}));
  EXPECT_EQ(parse_map("# only a comment\n").error().kind, MapErrorKind::bad_header);
  EXPECT_EQ(parse_map("risiko-map 1\n").error(), (MapError{MapErrorKind::no_territories, 0}));
  EXPECT_EQ(parse_map(std::string(kMaxMapBytes + 1, '#')).error(), (MapError{MapErrorKind::too_large, 0}));
  EXPECT_EQ(parse_map("risiko-map 1\ncontinent a 1 \"A\"\n").error(), (MapError{MapErrorKind::no_territories, 0}));
  // CRLF line ends are accepted.
  std::string crlf;
  for (char ch : kTiny) {
    if (ch == '\n') crlf += '\r';
    crlf += ch;
  }
  EXPECT_TRUE(parse_map(crlf).ok());
}

TEST(RisikoMapFormat, BoundsOnCounts) {
  std::string text = "risiko-map 1\n";
  for (std::size_t i = 0; i <= kMaxContinents; ++i) text += "continent c" + std::to_string(i) + " 1 \"C\"\n";
  EXPECT_EQ(parse_map(text).error(), (MapError{MapErrorKind::too_many_continents, static_cast<std::uint32_t>(kMaxContinents + 2)}));
  text = "risiko-map 1\ncontinent c 1 \"C\"\n";
  for (std::size_t i = 0; i <= kMaxTerritories; ++i) text += "territory t" + std::to_string(i) + " c infantry \"T\"\n";
  EXPECT_EQ(parse_map(text).error(), (MapError{MapErrorKind::too_many_territories, static_cast<std::uint32_t>(kMaxTerritories + 3)}));
}

}  // namespace
}  // namespace parley::game::risiko
