// The drawing of the Risiko map, without a window: the shipped shapes file parses, covers
// exactly the 42 territories of classic.map, agrees with its borders (land neighbours share an
// edge, the others are drawn as sea lines), and a click inside each territory selects it — on
// the map and through the screen's frame; every malformed shapes file is a typed error.
#include <gtest/gtest.h>

#include "games/risiko/ui/risiko_dice.hpp"

#include <cmath>
#include <map>
#include <set>

#include "game/risiko/builtin_maps.hpp"
#include "game/risiko/map_format.hpp"
#include "games/risiko/ui/risiko_shapes.hpp"
#include "tests/peer/risiko_users_map.hpp"
#include "tests/ui/risiko_users_shapes.hpp"

namespace parley::ui {
namespace {

namespace rk = game::risiko;

const rk::World& world() { return *rk::classic_world(); }

const RisikoShapes& shapes() {
  static const auto s = builtin_shapes("classic");
  return *s;
}

rk::TerritoryId id(std::string_view key) { return *world().find_territory(key); }

// One point well inside each territory, read off the drawing by hand (not from the code under test).
const std::map<std::string, MapPoint> kInside = {
    {"alaska", {8, 20}}, {"northwest_territory", {30, 14}}, {"greenland", {60, 8}}, {"alberta", {25, 26}},
    {"ontario", {37, 26}}, {"quebec", {48, 25}}, {"western_united_states", {26, 37}},
    {"eastern_united_states", {42, 37}}, {"central_america", {33, 47}}, {"venezuela", {48, 58}}, {"peru", {45, 68}},
    {"brazil", {58, 66}}, {"argentina", {50, 85}}, {"iceland", {82, 15}}, {"great_britain", {89, 25}},
    {"scandinavia", {104, 15}}, {"northern_europe", {103, 28}}, {"western_europe", {90, 36}},
    {"southern_europe", {106, 36}}, {"ukraine", {118, 24}}, {"north_africa", {94, 54}}, {"egypt", {110, 48}},
    {"east_africa", {116, 60}}, {"congo", {104, 70}}, {"south_africa", {110, 80}}, {"madagascar", {124, 80}},
    {"ural", {132, 18}}, {"siberia", {146, 14}}, {"yakutsk", {162, 9}}, {"irkutsk", {160, 19}},
    {"kamchatka", {182, 12}}, {"mongolia", {160, 29}}, {"japan", {180, 32}}, {"afghanistan", {135, 35}},
    {"china", {158, 40}}, {"middle_east", {126, 44}}, {"india", {142, 50}}, {"siam", {153, 54}},
    {"indonesia", {158, 68}}, {"new_guinea", {177, 68}}, {"western_australia", {165, 84}},
    {"eastern_australia", {180, 84}},
};

TEST(RisikoMap, TheShippedDrawingHasEveryTerritoryOnce) {
  ASSERT_NE(builtin_shapes("classic"), nullptr);
  EXPECT_EQ(builtin_shapes("classic-82"), builtin_shapes("classic"));  // the variants differ by a border only
  EXPECT_EQ(builtin_shapes("classic-84"), builtin_shapes("classic"));
  EXPECT_EQ(builtin_shapes("my-own-map"), nullptr);
  ASSERT_EQ(shapes().shapes().size(), 42u);
  EXPECT_EQ(kInside.size(), 42u);
  for (std::size_t i = 0; i < shapes().shapes().size(); ++i) EXPECT_EQ(shapes().shapes()[i].id.value, i);
  EXPECT_FLOAT_EQ(shapes().width(), 200);
  EXPECT_FLOAT_EQ(shapes().height(), 100);
}

TEST(RisikoMap, AClickInsideEachTerritorySelectsIt) {
  for (const auto& [key, point] : kInside) {
    auto hit = shapes().hit(point);
    ASSERT_TRUE(hit.has_value()) << key;
    EXPECT_EQ(world().country(*hit).key, key);
  }
}

TEST(RisikoMap, EveryLabelLiesInsideItsOwnTerritory) {
  for (const TerritoryShape& s : shapes().shapes()) {
    auto hit = shapes().hit(s.label);
    ASSERT_TRUE(hit.has_value()) << world().country(s.id).key;
    EXPECT_EQ(*hit, s.id) << world().country(s.id).key;
  }
}

TEST(RisikoMap, ClicksOnTheSeaSelectNothing) {
  for (MapPoint sea : {MapPoint{70, 40}, MapPoint{75, 80}, MapPoint{140, 80}, MapPoint{1, 1}, MapPoint{199, 99},
                       MapPoint{120, 90}, MapPoint{92, 18}})
    EXPECT_FALSE(shapes().hit(sea).has_value()) << sea.x << "," << sea.y;
}

TEST(RisikoMap, AClickOnTheScreenSelectsTheTerritoryUnderIt) {
  // The map in a 900×500 area offset on the screen: the screen pixel of each inside point
  // goes back to that territory.
  for (Rect area : {Rect{10, 40, 900, 500}, Rect{0, 0, 400, 400}, Rect{300, 20, 1600, 820}}) {
    const MapFrame frame = fit_map(shapes(), area);
    EXPECT_LE(frame.width, static_cast<float>(area.w) + 0.01f);
    EXPECT_LE(frame.height, static_cast<float>(area.h) + 0.01f);
    EXPECT_NEAR(frame.width / frame.height, 2.0f, 0.01f);
    for (const auto& [key, point] : kInside) {
      const Point pixel = frame.pixel(point);
      auto hit = shapes().hit(frame.to_map(pixel));
      ASSERT_TRUE(hit.has_value()) << key << " in " << area.w << "x" << area.h;
      EXPECT_EQ(world().country(*hit).key, key);
    }
  }
}

// Zoomed, the map keeps its view on screen, is magnified about the chosen point (at the view's
// centre), never shows past its edges, and a click still finds the territory under it.
TEST(RisikoMap, AZoomedMapMagnifiesAboutAPointWithinItsEdges) {
  const Rect area{10, 40, 900, 500};
  const MapFrame fitted = fit_map(shapes(), area);
  const MapPoint middle{shapes().width() / 2, shapes().height() / 2};
  const MapFrame z = zoom_map(fitted, 3, middle);
  EXPECT_FLOAT_EQ(z.scale, fitted.scale * 3);
  EXPECT_EQ(z.view_x, fitted.x);
  EXPECT_EQ(z.view_width, fitted.width);
  EXPECT_NEAR(z.to_screen(middle).x, fitted.x + fitted.width / 2, 0.01f);
  EXPECT_NEAR(z.to_screen(middle).y, fitted.y + fitted.height / 2, 0.01f);
  // A corner of the map: held at the edge, the view all map.
  const MapFrame corner = zoom_map(fitted, 3, {0, 0});
  EXPECT_EQ(corner.x, corner.view_x);
  EXPECT_EQ(corner.y, corner.view_y);
  const MapFrame far = zoom_map(fitted, 3, {shapes().width(), shapes().height()});
  EXPECT_NEAR(far.x + far.width, far.view_x + far.view_width, 0.01f);
  EXPECT_NEAR(far.y + far.height, far.view_y + far.view_height, 0.01f);
  // Less than 1 is the fitted map.
  EXPECT_FLOAT_EQ(zoom_map(fitted, 0.5f, middle).scale, fitted.scale);
  EXPECT_FLOAT_EQ(zoom_map(fitted, 0.5f, middle).x, fitted.x);
  // Clicks go to the territory under the pointer, for those in view.
  std::size_t in_view = 0;
  for (const auto& [key, point] : kInside) {
    const Point pixel = z.pixel(point);
    if (pixel.x < z.view_x || pixel.x >= z.view_x + z.view_width || pixel.y < z.view_y || pixel.y >= z.view_y + z.view_height)
      continue;
    ++in_view;
    auto hit = shapes().hit(z.to_map(pixel));
    ASSERT_TRUE(hit.has_value()) << key;
    EXPECT_EQ(world().country(*hit).key, key);
  }
  EXPECT_GT(in_view, 0U);
}

TEST(RisikoMap, OutlinesDoNotOverlap) {
  // On a fine grid, no point is inside two territories.
  for (float x = 0.25f; x < 200; x += 0.5f)
    for (float y = 0.25f; y < 100; y += 0.5f) {
      int inside_count = 0;
      for (const TerritoryShape& s : shapes().shapes()) inside_count += inside(s.outline, {x, y}) ? 1 : 0;
      ASSERT_LE(inside_count, 1) << x << "," << y;
    }
}

TEST(RisikoMap, TheDrawingAgreesWithTheMapsBorders) {
  // Land borders: two outlines sharing an edge. Sea borders: a sea line. Together exactly the
  // 83 borders of classic.map, and never both for one pair.
  auto edges = [](const TerritoryShape& s) {
    std::set<std::pair<std::pair<float, float>, std::pair<float, float>>> out;
    for (std::size_t i = 0; i < s.outline.size(); ++i) {
      std::pair<float, float> a{s.outline[i].x, s.outline[i].y};
      std::pair<float, float> b{s.outline[(i + 1) % s.outline.size()].x, s.outline[(i + 1) % s.outline.size()].y};
      out.insert({std::min(a, b), std::max(a, b)});
    }
    return out;
  };
  std::set<std::pair<int, int>> land, sea, borders;
  const auto& all = shapes().shapes();
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      auto a = edges(all[i]), b = edges(all[j]);
      for (const auto& e : a)
        if (b.contains(e)) land.insert({static_cast<int>(i), static_cast<int>(j)});
    }
  for (const SeaLine& s : shapes().seas())
    sea.insert({std::min(s.a.value, s.b.value), std::max(s.a.value, s.b.value)});
  for (const auto& b : world().borders()) borders.insert({b[0].value, b[1].value});
  std::set<std::pair<int, int>> drawn = land;
  for (const auto& s : sea) {
    EXPECT_FALSE(land.contains(s)) << world().countries[s.first].key << " - " << world().countries[s.second].key;
    drawn.insert(s);
  }
  EXPECT_EQ(borders.size(), 83u);
  for (const auto& b : borders)
    EXPECT_TRUE(drawn.contains(b)) << "not drawn: " << world().countries[b.first].key << " - "
                                   << world().countries[b.second].key;
  for (const auto& d : drawn)
    EXPECT_TRUE(borders.contains(d)) << "drawn but no border: " << world().countries[d.first].key << " - "
                                     << world().countries[d.second].key;
}

TEST(RisikoMap, AVariantsExtraBorderIsFoundForADashedLine) {
  // classic.map and classic-82.map: every border drawn; classic-84.map adds Middle East - China.
  EXPECT_TRUE(shapes().undrawn_borders(world()).empty());
  EXPECT_EQ(shapes().shared_edges().size(), 83u - shapes().seas().size());
  for (const auto& m : rk::builtin_maps()) {
    auto variant = rk::parse_map(m.text);
    ASSERT_TRUE(variant.ok()) << m.key;
    const auto undrawn = shapes().undrawn_borders(*variant);
    if (m.key == "classic-84") {
      ASSERT_EQ(undrawn.size(), 1u);
      EXPECT_EQ(variant->country(undrawn[0][0]).key, "china");
      EXPECT_EQ(variant->country(undrawn[0][1]).key, "middle_east");
    } else {
      EXPECT_TRUE(undrawn.empty()) << m.key;
    }
  }
}

// A user's map came in the room's options and nobody drew it: the client lays it out itself.
TEST(RisikoMap, AUsersMapIsLaidOutAsBlocksWithEveryBorderDashed) {
  auto users = rk::parse_map(peer::testing::kIslandsMap);
  ASSERT_TRUE(users.ok());
  peer::risiko::RisikoOptions options;
  options.custom_map = rk::format_map(*users);
  const auto laid = shapes_for(options, *users);
  ASSERT_NE(laid, nullptr);
  EXPECT_EQ(shapes_for(peer::risiko::RisikoOptions{}, world()), builtin_shapes("classic"));
  ASSERT_EQ(laid->shapes().size(), users->territory_count());
  EXPECT_GT(laid->width(), laid->height());  // rows of blocks, wider than tall
  for (std::size_t i = 0; i < laid->shapes().size(); ++i) {
    const TerritoryShape& s = laid->shapes()[i];
    EXPECT_EQ(s.id.value, i);
    EXPECT_EQ(laid->hit(s.label), s.id) << users->countries[i].key;
    ASSERT_FALSE(s.triangles.empty());
    for (const MapPoint& p : s.outline) {
      EXPECT_GE(p.x, 0);
      EXPECT_GE(p.y, 0);
      EXPECT_LE(p.x, laid->width());
      EXPECT_LE(p.y, laid->height());
    }
  }
  // No two territories touch or overlap, so no border is implied by the drawing: all of them
  // are drawn as dashed lines.
  for (float x = 0.25f; x < laid->width(); x += 0.5f)
    for (float y = 0.25f; y < laid->height(); y += 0.5f) {
      int inside_count = 0;
      for (const TerritoryShape& s : laid->shapes()) inside_count += inside(s.outline, {x, y}) ? 1 : 0;
      ASSERT_LE(inside_count, 1) << x << "," << y;
    }
  EXPECT_TRUE(laid->shared_edges().empty());
  EXPECT_EQ(laid->undrawn_borders(*users), users->borders());
  // Each continent is captioned with its name and bonus just above its own squares.
  ASSERT_EQ(laid->captions().size(), users->continents.size());
  for (std::size_t c = 0; c < users->continents.size(); ++c) {
    const MapCaption& caption = laid->captions()[c];
    const rk::Continent& continent = users->continents[c];
    EXPECT_EQ(caption.text, continent.name + " +" + std::to_string(continent.bonus));
    float top = 1e9f;
    for (rk::TerritoryId t : continent.territories) {
      const TerritoryShape& s = laid->shape(t);
      top = std::min(top, s.outline[0].y);
      EXPECT_LT(caption.at.y + caption.height, s.outline[0].y) << caption.text;
      EXPECT_LE(caption.at.x, s.outline[0].x) << caption.text;
      EXPECT_GE(caption.at.x + caption.max_width, s.outline[1].x) << caption.text;
    }
    EXPECT_LT(top - caption.at.y, 10.0f) << caption.text << ": not just above";
  }
  // A continent's territories sit together: each is nearer a territory of its own continent
  // than any territory of another.
  for (const TerritoryShape& a : laid->shapes()) {
    float own = 1e9f, other = 1e9f;
    for (const TerritoryShape& b : laid->shapes()) {
      if (a.id == b.id) continue;
      const float d = std::hypot(a.label.x - b.label.x, a.label.y - b.label.y);
      float& nearest = users->country(a.id).continent == users->country(b.id).continent ? own : other;
      nearest = std::min(nearest, d);
    }
    EXPECT_LT(own, other) << users->country(a.id).key;
  }
}

// A person who drew their own map keeps the drawing; a room on that map uses it, a room on
// another map does not.
TEST(RisikoMap, AUsersMapUsesTheFirstKeptDrawingOfItsTerritories) {
  auto users = rk::parse_map(peer::testing::kIslandsMap);
  ASSERT_TRUE(users.ok());
  peer::risiko::RisikoOptions options;
  options.custom_map = rk::format_map(*users);
  const std::vector<std::string> drawings{std::string(classic_shapes_text()), std::string(testing::kIslandsShapes)};
  const auto drawn = shapes_for(options, *users, drawings);
  ASSERT_NE(drawn, nullptr);
  EXPECT_FLOAT_EQ(drawn->width(), 64);  // the kept drawing's size, not a layout's
  EXPECT_EQ(drawn->shapes().size(), 9u);
  EXPECT_EQ(drawn->hit({5, 5}), users->find_territory("n1"));
  EXPECT_TRUE(drawn->captions().empty());
  // Only drawings of other maps: laid out.
  const std::vector<std::string> others{std::string(classic_shapes_text())};
  EXPECT_EQ(shapes_for(options, *users, others)->captions().size(), 3u);
  // A shipped map keeps its shipped drawing whatever is kept.
  EXPECT_EQ(shapes_for(peer::risiko::RisikoOptions{}, world(), drawings), builtin_shapes("classic"));
}

TEST(RisikoMap, TrianglesCoverEachOutlineExactly) {
  auto area = [](MapPoint a, MapPoint b, MapPoint c) {
    return std::abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2.0;
  };
  for (const TerritoryShape& s : shapes().shapes()) {
    double polygon = 0;
    for (std::size_t i = 0; i < s.outline.size(); ++i) {
      const MapPoint a = s.outline[i], b = s.outline[(i + 1) % s.outline.size()];
      polygon += static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
    }
    double triangles = 0;
    for (const auto& t : s.triangles) triangles += area(s.outline[t[0]], s.outline[t[1]], s.outline[t[2]]);
    EXPECT_EQ(s.triangles.size(), s.outline.size() - 2);
    EXPECT_NEAR(triangles, std::abs(polygon) / 2, 1e-3) << world().country(s.id).key;
  }
  // A concave shape (an L) is cut into triangles that stay inside it.
  const std::vector<MapPoint> ell{{0, 0}, {4, 0}, {4, 1}, {1, 1}, {1, 4}, {0, 4}};
  const auto t = triangulate(ell);
  ASSERT_EQ(t.size(), 4u);
  for (const auto& tri : t) {
    const MapPoint c{(ell[tri[0]].x + ell[tri[1]].x + ell[tri[2]].x) / 3, (ell[tri[0]].y + ell[tri[1]].y + ell[tri[2]].y) / 3};
    EXPECT_TRUE(inside(ell, c));
  }
  // A bow tie is not a simple polygon.
  EXPECT_TRUE(triangulate(std::vector<MapPoint>{{0, 0}, {2, 2}, {2, 0}, {0, 2}}).empty());
}

std::string with_all(std::string extra) {
  // A valid file (every territory a small square on its own), plus `extra` lines.
  std::string text = "risiko-shapes 1\nsize 100 100\n";
  for (std::size_t i = 0; i < 42; ++i) {
    const int x = static_cast<int>(i % 10) * 10, y = static_cast<int>(i / 10) * 10;
    text += "territory " + world().countries[i].key + " " + std::to_string(x) + " " + std::to_string(y) + " " +
            std::to_string(x + 5) + " " + std::to_string(y) + " " + std::to_string(x + 5) + " " +
            std::to_string(y + 5) + " " + std::to_string(x) + " " + std::to_string(y + 5) + "\n";
  }
  return text + extra;
}

TEST(RisikoMap, MalformedShapesFilesAreTypedErrors) {
  ASSERT_TRUE(RisikoShapes::parse(with_all(""), world()).ok());
  ASSERT_TRUE(RisikoShapes::parse(with_all("label alaska 2 2\nsea alaska kamchatka 50 95\n# note\n"), world()).ok());
  EXPECT_EQ(RisikoShapes::parse(with_all("label alaska 2 2\n"), world())->shape(id("alaska")).label, (MapPoint{2, 2}));
  struct Case {
    std::string text;
    ShapeErrorKind kind;
    std::size_t line;
  };
  const std::vector<Case> cases = {
      {"", ShapeErrorKind::bad_header, 0},
      {"risiko-shapes 2\n", ShapeErrorKind::bad_header, 1},
      {"risiko-shapes 1\n", ShapeErrorKind::bad_size, 0},
      {"risiko-shapes 1\nsize 0 10\n", ShapeErrorKind::bad_size, 2},
      {"risiko-shapes 1\nterritory alaska 0 0 1 0 1 1\n", ShapeErrorKind::bad_size, 2},
      {with_all("frobnicate 1\n"), ShapeErrorKind::unknown_directive, 45},
      {with_all("territory atlantis 0 0 1 0 1 1\n"), ShapeErrorKind::unknown_territory, 45},
      {with_all("territory alaska 0 0 1 0 1 1\n"), ShapeErrorKind::duplicate, 45},
      {with_all("label alaska 2 x\n"), ShapeErrorKind::bad_number, 45},
      {with_all("label alaska 2 200\n"), ShapeErrorKind::bad_number, 45},
      {with_all("label alaska 2\n"), ShapeErrorKind::bad_outline, 45},
      {with_all("sea alaska atlantis\n"), ShapeErrorKind::unknown_territory, 45},
      {std::string("risiko-shapes 1\nsize 10 10\nterritory alaska 0 0 1 1\n"), ShapeErrorKind::bad_outline, 3},
      {std::string("risiko-shapes 1\nsize 10 10\nterritory alaska 0 0 2 2 2 0 0 2\n"), ShapeErrorKind::bad_outline, 3},
      {std::string("risiko-shapes 1\nsize 10 10\nterritory alaska 0 0 2 0 2 2\n"), ShapeErrorKind::missing_territory, 0},
      {std::string(kMaxShapesBytes + 1, ' '), ShapeErrorKind::too_large, 0},
  };
  for (const Case& c : cases) {
    auto parsed = RisikoShapes::parse(c.text, world());
    ASSERT_FALSE(parsed.ok()) << c.text.substr(0, 60);
    EXPECT_EQ(parsed.error().kind, c.kind) << describe(parsed.error().kind) << " / " << c.text.substr(0, 60);
    EXPECT_EQ(parsed.error().line, c.line) << c.text.substr(0, 60);
  }
}

// A roll as read on screen: each side high to low and the compared pairs; over every roll of
// 1-3 dice against 1-3 the pairs' losers are exactly the engine's losses.
TEST(RisikoDice, SortedHighToLowAndPairedAsTheRulesCompare) {
  rk::Roll roll;
  roll.attacker = {3, {6, 1, 6}};
  roll.defender = {1, {6, 0, 0}};
  const RisikoSortedDice shown = sorted_dice(roll);
  EXPECT_EQ(shown.attacker, (std::vector<std::uint8_t>{6, 6, 1}));
  EXPECT_EQ(shown.defender, (std::vector<std::uint8_t>{6}));
  ASSERT_EQ(shown.pairs.size(), 1U);
  EXPECT_FALSE(shown.pairs[0].attacker_wins) << "a tie goes to the defender";
  int rolls = 0;
  for (std::uint8_t a = 1; a <= 3; ++a)
    for (std::uint8_t d = 1; d <= 3; ++d)
      for (int code = 0; code < 6 * 6 * 6 * 6 * 6 * 6; ++code) {
        rk::Roll r;
        r.attacker.count = a;
        r.defender.count = d;
        int c = code;
        for (std::uint8_t i = 0; i < 3; ++i, c /= 6) r.attacker.values[i] = i < a ? static_cast<std::uint8_t>(c % 6 + 1) : 0;
        for (std::uint8_t i = 0; i < 3; ++i, c /= 6) r.defender.values[i] = i < d ? static_cast<std::uint8_t>(c % 6 + 1) : 0;
        const RisikoSortedDice s = sorted_dice(r);
        ASSERT_EQ(s.pairs.size(), std::min(a, d));
        rk::Losses lost;
        for (const auto& pair : s.pairs) ++(pair.attacker_wins ? lost.defender : lost.attacker);
        ASSERT_EQ(lost, rk::resolve_battle(r)) << int(a) << " against " << int(d) << ", code " << code;
        ASSERT_TRUE(std::is_sorted(s.attacker.rbegin(), s.attacker.rend()));
        ASSERT_TRUE(std::is_sorted(s.defender.rbegin(), s.defender.rend()));
        ++rolls;
      }
  EXPECT_EQ(rolls, 9 * 46656);
}

}  // namespace
}  // namespace parley::ui
