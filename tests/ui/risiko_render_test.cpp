// The Risiko screen rendered by SDL's software renderer under the dummy video driver, written to
// build/tests/ui/render/risiko-*.png (look at them: the map must read as the world), and checked
// pixel by pixel: every territory filled with its owner's colour, an army count disc with a
// number at each label point, the selected territory lightened under a white outline and the
// territories it can attack outlined in orange, the dice after a roll, and the replay of a whole
// game's log showing the final map beside the verdict.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <cstdlib>
#include <fstream>

#include "games/risiko/sdl/risiko_game_view.hpp"
#include "games/risiko/sdl/risiko_view.hpp"
#include "games/risiko/ui/risiko_screen.hpp"
#include "i18n/i18n.hpp"
#include "tests/peer/risiko_table.hpp"
#include "tests/peer/risiko_users_map.hpp"
#include "tests/ui/hidden_screens.hpp"
#include "tests/ui/risiko_users_shapes.hpp"
#include "ui/core/app.hpp"
#include "ui/sdl/client.hpp"
#include "ui/sdl/screens.hpp"
#include "ui/sdl/text_clipping.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl {
namespace {

namespace fs = std::filesystem;
namespace rk = game::risiko;
using peer::testing::identity_from;
using peer::testing::RisikoTable;
constexpr game::Seat kMe{0};
constexpr lobby::RoomId kRoom{7};

bool near(Image::Pixel p, Rgb c, int tolerance = 6) {
  return std::abs(p.r - c.r) <= tolerance && std::abs(p.g - c.g) <= tolerance && std::abs(p.b - c.b) <= tolerance;
}

std::string rgb(Image::Pixel p) {
  return "(" + std::to_string(p.r) + "," + std::to_string(p.g) + "," + std::to_string(p.b) + ")";
}

// A point of the territory far from its label and its edges: where only its fill shows.
MapPoint fill_point(const TerritoryShape& s) {
  MapPoint best = s.label;
  float best_score = -1;
  auto edge_distance = [&](MapPoint p) {
    float d = 1e9f;
    for (std::size_t i = 0; i < s.outline.size(); ++i) {
      const MapPoint a = s.outline[i], b = s.outline[(i + 1) % s.outline.size()];
      const float dx = b.x - a.x, dy = b.y - a.y;
      float t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy);
      t = std::clamp(t, 0.0f, 1.0f);
      d = std::min(d, std::hypot(a.x + t * dx - p.x, a.y + t * dy - p.y));
    }
    return d;
  };
  for (const auto& tri : s.triangles)
    for (float u = 0.15f; u < 1; u += 0.15f)
      for (float v = 0.15f; u + v < 1; v += 0.15f) {
        const MapPoint a = s.outline[tri[0]], b = s.outline[tri[1]], c = s.outline[tri[2]];
        const MapPoint p{a.x + u * (b.x - a.x) + v * (c.x - a.x), a.y + u * (b.y - a.y) + v * (c.y - a.y)};
        const float score = std::min(edge_distance(p), std::hypot(p.x - s.label.x, p.y - s.label.y) - 3.0f);
        if (score > best_score) {
          best_score = score;
          best = p;
        }
      }
  return best;
}

// A hidden window, App and the screens for seat 0 of a FakeLobby Risiko game (seats 1 and 2
// the bot), the person's seat played by the human player with intents from the map.
struct Rig : testing::HiddenScreens {
  explicit Rig(peer::RoomOptions options = {}, std::vector<std::string> drawings = {})
      : t(3, std::move(options)),
        app(AppConfig{identity_from(1).public_key(), "alice", "127.0.0.1:7777", 7777, false, false}) {
    risiko_screen(app).set_drawings(std::move(drawings));
    auto player = std::make_unique<HumanRisikoPlayer>();
    human = player.get();
    t.players[0] = std::move(player);
    open(app, fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/data");
    app.connect(now);
    app.on_event(LobbyEvent{lobby::Connected{t.lobby.log().lobby_key}}, now);
    app.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{1}, "alice", {}}}, now);
    lobby::RoomState r;
    r.room = kRoom;
    r.game = "risiko";
    r.phase = lobby::RoomPhase::started;
    for (std::uint8_t i = 0; i < 3; ++i)
      r.seats.push_back({t.lobby.seat_identity(game::Seat{i}).public_key(), i == 0 ? "alice" : "bot", true, true});
    app.on_event(LobbyEvent{r}, now);
    deliver();
  }
  ~Rig() { close(); }

  void deliver() {
    const auto& all = t.lobby.entries();
    RoomEntries batch{kRoom, t.lobby.log().lobby_key, lobby::EntryIndex{delivered}, {}};
    batch.entries.assign(all.begin() + static_cast<long>(delivered), all.end());
    delivered = all.size();
    app.on_event(batch, now);
    app.on_event(SeatNews{kRoom, "risiko", RisikoSecrets{human->knowledge(*t.session, kMe)}}, now);
    // What the App sent is what the network thread would hand the player.
    for (auto& c : app.take_commands())
      if (auto* r = seat_intent<RisikoIntent>(c)) human->submit(*r);
  }
  template <class Predicate>
  bool run_until(Predicate done, std::size_t max_rounds = 5000) {
    deliver();
    for (std::size_t i = 0; i < max_rounds && !done(); ++i) {
      const bool posted = t.round();
      deliver();
      if (!posted && !done()) return false;
    }
    return done();
  }
  RisikoBoard& board() { return *risiko_screen(app).board(); }

  // Every territory shows its owner's colour (the selected one lightened).
  void expect_owners(const Image& image, const MapFrame& frame, const rk::Table& table, const RisikoShapes& shapes,
                     std::optional<rk::TerritoryId> selected) {
    for (const TerritoryShape& s : shapes.shapes()) {
      const Point px = frame.pixel(fill_point(s));
      Rgb expected = RisikoColors::owner(table.player(table.countries[s.id.value].owner).colour);
      if (selected == s.id) expected = RisikoColors::lighten(expected, RisikoColors::selected_lighten);
      EXPECT_TRUE(near(image.at(px.x, px.y), expected))
          << shapes.shapes().size() << " " << board().world().country(s.id).name << " at " << px.x << "," << px.y
          << " is " << rgb(image.at(px.x, px.y));
    }
  }

  // Each label: a light disc with dark digits in it.
  void expect_labels(const Image& image, const MapFrame& frame, const RisikoShapes& shapes) {
    for (const TerritoryShape& s : shapes.shapes()) {
      const Point c = frame.pixel(s.label);
      const int r = static_cast<int>(std::max(9.1f, 2.3f * frame.scale) * 0.85f);
      int disc = 0, ink = 0;
      for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx) {
          if (dx * dx + dy * dy > r * r) continue;
          const auto p = image.at(c.x + dx, c.y + dy);
          disc += near(p, RisikoColors::label, 10) || near(p, RisikoColors::label_draft, 10);
          ink += p.r < 90 && p.g < 90 && p.b < 90;
        }
      EXPECT_GT(disc, r * r) << board().world().country(s.id).name;
      EXPECT_GT(ink, 4) << board().world().country(s.id).name << ": no digits";
    }
  }

  RisikoTable t;
  HumanRisikoPlayer* human = nullptr;
  App app;
  std::size_t delivered = 0;
};

TEST(RisikoRender, TheMapShowsOwnersArmiesAndTheDraftOfThePlacement) {
  Rig rig;
  ASSERT_EQ(rig.app.screen(), Screen::game);
  ASSERT_NE(risiko_screen(rig.app).board(), nullptr);
  ASSERT_TRUE(rig.run_until([&] { return rig.board().mode() == RisikoMode::initial_placement && rig.board().own().mission; }));
  // Three armies drafted on one own territory: its disc turns green and counts them.
  rk::TerritoryId home{};
  for (std::uint8_t i = 0; i < 42; ++i)
    if (rig.board().table().countries[i].owner == kMe) home = rk::TerritoryId{i};
  for (int i = 0; i < 3; ++i) risiko_screen(rig.app).act(rig.board().click(home));
  Image image = rig.render("risiko-placement");
  ASSERT_TRUE(risiko_view(*rig.screens).frame());
  const MapFrame frame = *risiko_view(*rig.screens).frame();
  const RisikoShapes& shapes = *rig.board().shapes();
  rig.expect_owners(image, frame, rig.board().table(), shapes, std::nullopt);
  rig.expect_labels(image, frame, shapes);
  const Point c = risiko_view(*rig.screens).frame()->pixel(shapes.shape(home).label);
  int green = 0;
  for (int dy = -6; dy <= 6; ++dy)
    for (int dx = -6; dx <= 6; ++dx) green += near(image.at(c.x + dx, c.y + dy), RisikoColors::label_draft, 10);
  EXPECT_GT(green, 40);
  // The sea between the continents.
  const Point atlantic = frame.pixel({70, 40});
  EXPECT_TRUE(near(image.at(atlantic.x, atlantic.y), RisikoColors::sea)) << rgb(image.at(atlantic.x, atlantic.y));
}

TEST(RisikoRender, AUsersMapIsDrawnAsContinentBlocksWithOwnersArmiesAndBorders) {
  peer::RoomOptions room;
  auto chosen = peer::risiko::custom_map_options(peer::testing::kIslandsMap, rk::DiceRule::risiko);
  ASSERT_TRUE(chosen.ok());
  room.game_options = peer::risiko::encode(*chosen);
  Rig rig(room);
  ASSERT_EQ(rig.app.screen(), Screen::game);
  ASSERT_NE(risiko_screen(rig.app).board(), nullptr);
  ASSERT_EQ(rig.board().world().territory_count(), 9u);
  ASSERT_TRUE(rig.run_until([&] { return rig.board().mode() == RisikoMode::initial_placement && rig.board().own().mission; }));
  Image image = rig.render("risiko-users-map");
  ASSERT_TRUE(risiko_view(*rig.screens).frame());
  const MapFrame frame = *risiko_view(*rig.screens).frame();
  const RisikoShapes& shapes = *rig.board().shapes();
  rig.expect_owners(image, frame, rig.board().table(), shapes, std::nullopt);
  rig.expect_labels(image, frame, shapes);
  // A border between two blocks (n3 - s1) is a dashed line across the sea between them:
  // along the segment between the two squares, some pixels are the line's, lighter than the sea.
  const auto n3 = *rig.board().world().find_territory("n3");
  const auto s1 = *rig.board().world().find_territory("s1");
  const MapPoint a = shapes.shape(n3).label, b = shapes.shape(s1).label;
  int sea = 0, line = 0;
  for (float u = 0; u <= 1; u += 0.002f) {
    const MapPoint m{a.x + u * (b.x - a.x), a.y + u * (b.y - a.y)};
    if (shapes.hit(m)) continue;  // over a territory the line is hidden
    const Point px = frame.pixel(m);
    const auto p = image.at(px.x, px.y);
    if (near(p, RisikoColors::sea)) ++sea;
    else if (p.r > RisikoColors::sea.r + 20 && p.b > RisikoColors::sea.b + 10) ++line;
  }
  EXPECT_GT(line, 5) << "no dashes between n3 and s1";
  EXPECT_GT(sea, 5) << "no gaps between the dashes";
  // Each continent's caption: light text on the sea above its squares.
  for (const MapCaption& caption : shapes.captions()) {
    const Point from = frame.pixel(caption.at);
    const Point to = frame.pixel({caption.at.x + caption.max_width, caption.at.y + caption.height});
    int text = 0;
    for (int y = from.y; y <= to.y; ++y)
      for (int x = from.x; x <= to.x; ++x) text += near(image.at(x, y), RisikoColors::caption, 40);
    EXPECT_GT(text, 20) << caption.text;
  }
}

TEST(RisikoRender, TheReplayOfAGameOnAUsersMapLaysTheMapOutFromTheLog) {
  peer::RoomOptions room;
  room.game_options = peer::risiko::encode(*peer::risiko::custom_map_options(peer::testing::kIslandsMap, rk::DiceRule::classic));
  RisikoTable t(3, room);
  t.run();
  ASSERT_EQ(t.session->phase(), peer::Phase::complete);
  Rig rig;
  auto viewer = ReplayViewer::open(lobby::encode(t.lobby.log()), "islands.plog");
  ASSERT_TRUE(viewer.ok()) << viewer.error();
  EXPECT_TRUE(viewer->report().valid) << viewer->report().fault;
  rig.app.open_replay(std::move(viewer).value());
  const RisikoReplay* replay = risiko_screen(rig.app).replay();
  ASSERT_NE(replay, nullptr);
  EXPECT_EQ(replay->world().territory_count(), 9u);
  EXPECT_EQ(replay->shapes()->shapes().size(), 9u);
  rig.app.replay()->last();
  const RisikoReplayFrame& last = replay->frame(rig.app.replay()->current());
  ASSERT_TRUE(last.table.has_value());
  EXPECT_EQ(*last.table, t.rules().state().table);
  Image image = rig.render("risiko-users-map-replay");
  ASSERT_TRUE(risiko_view(*rig.screens).frame());
  const MapFrame frame = *risiko_view(*rig.screens).frame();
  for (const TerritoryShape& s : replay->shapes()->shapes()) {
    if (last.roll && (s.id == last.roll->from || s.id == last.roll->to)) continue;  // highlighted
    const Point px = frame.pixel(fill_point(s));
    const Rgb expected = RisikoColors::owner(last.table->player(last.table->countries[s.id.value].owner).colour);
    EXPECT_TRUE(near(image.at(px.x, px.y), expected)) << s.id.value << " is " << rgb(image.at(px.x, px.y));
  }
}

TEST(RisikoRender, KeptDrawingsAreReadByNameSkippingOtherFilesAndOversizedOnes) {
  const fs::path dir = fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/data/risiko-shapes";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "b-islands.shapes") << ui::testing::kIslandsShapes;
  std::ofstream(dir / "a-classic.shapes") << classic_shapes_text();
  std::ofstream(dir / "notes.txt") << "not a drawing";
  std::ofstream(dir / "c-huge.shapes") << std::string(kMaxShapesBytes + 1, '#');
  const auto texts = read_risiko_drawings(dir);
  ASSERT_EQ(texts.size(), 2u);
  EXPECT_EQ(texts[0], classic_shapes_text());
  EXPECT_EQ(texts[1], ui::testing::kIslandsShapes);
  EXPECT_TRUE(read_risiko_drawings(dir / "missing").empty());

  // The client given them draws a room on that map, live and in its replay, with the kept drawing.
  peer::RoomOptions room;
  room.game_options = peer::risiko::encode(*peer::risiko::custom_map_options(peer::testing::kIslandsMap, rk::DiceRule::risiko));
  Rig rig(room, texts);
  ASSERT_NE(risiko_screen(rig.app).board(), nullptr);
  EXPECT_FLOAT_EQ(rig.board().shapes()->width(), 64);
  ASSERT_TRUE(rig.run_until([&] { return rig.board().mode() == RisikoMode::initial_placement && rig.board().own().mission; }));
  Image image = rig.render("risiko-users-map-drawn");
  rig.expect_owners(image, *risiko_view(*rig.screens).frame(), rig.board().table(), *rig.board().shapes(), std::nullopt);
  auto viewer = ReplayViewer::open(lobby::encode(rig.t.lobby.log()), "islands.plog");
  ASSERT_TRUE(viewer.ok()) << viewer.error();
  rig.app.open_replay(std::move(viewer).value());
  ASSERT_NE(risiko_screen(rig.app).replay(), nullptr);
  EXPECT_FLOAT_EQ(risiko_screen(rig.app).replay()->shapes()->width(), 64);
}

// A Rig at the person's first reinforcement, the initial allowance placed by clicks on a
// border territory (`home`). A bot can complete its mission within its first turn (18
// territories with two armies each, from the 14 of a 3-seat deal): then the person's turn never
// comes, and the table is dealt again.
std::unique_ptr<Rig> at_first_reinforcement(rk::TerritoryId& home) {
  for (int deal = 0; deal < 8; ++deal) {
    auto rig = std::make_unique<Rig>();
    if (!rig->run_until([&] { return rig->board().mode() == RisikoMode::initial_placement; })) return nullptr;
    bool found = false;
    for (std::uint8_t i = 0; i < 42 && !found; ++i) {
      if (rig->board().table().countries[i].owner != kMe) continue;
      for (auto n : rig->board().world().country(rk::TerritoryId{i}).neighbours)
        if (rig->board().table().countries[n.value].owner != kMe) found = true;
      if (found) home = rk::TerritoryId{i};
    }
    for (std::uint32_t i = rig->board().allowance(); i > 0; --i) risiko_screen(rig->app).act(rig->board().click(home));
    risiko_screen(rig->app).act(rig->board().place());
    if (rig->run_until([&] { return rig->board().mode() == RisikoMode::reinforce; })) return rig;
    const auto outcome = rig->t.session->outcome();
    if (!outcome || !outcome->winner || *outcome->winner == kMe) return nullptr;  // stuck, not won: fail
  }
  return nullptr;
}

TEST(RisikoRender, TheSelectedTerritoryAndItsTargetsAreHighlightedAndTheDiceShown) {
  rk::TerritoryId home{};
  auto dealt = at_first_reinforcement(home);
  ASSERT_TRUE(dealt) << "the person's first reinforcement never came";
  Rig& rig = *dealt;
  for (std::uint32_t i = rig.board().allowance(); i > 0; --i) risiko_screen(rig.app).act(rig.board().click(home));
  risiko_screen(rig.app).act(rig.board().place());
  ASSERT_TRUE(rig.run_until([&] { return rig.board().mode() == RisikoMode::attack; }));
  risiko_screen(rig.app).act(rig.board().click(home));
  ASSERT_EQ(rig.board().selected(), home);
  Image image = rig.render("risiko-selected");
  const MapFrame frame = *risiko_view(*rig.screens).frame();
  const RisikoShapes& shapes = *rig.board().shapes();
  rig.expect_owners(image, frame, rig.board().table(), shapes, home);
  rig.expect_labels(image, frame, shapes);
  for (const ClippedGlyph& cut : clipped_glyphs(ImGui::GetDrawData()))
    ADD_FAILURE() << "a glyph at " << cut.glyph.x << "," << cut.glyph.y << " cut by " << cut.clip.x << "," << cut.clip.y << " "
                  << cut.clip.w << "x" << cut.clip.h;
  // Every continent tinted around its coasts and captioned in a pill of its tint.
  for (std::size_t ci = 0; ci < rig.board().world().continents.size(); ++ci) {
    const Rgb tint = RisikoColors::continent(ci);
    int tinted = 0;
    for (int y = static_cast<int>(frame.y); y < static_cast<int>(frame.y + frame.height); ++y)
      for (int x = static_cast<int>(frame.x); x < static_cast<int>(frame.x + frame.width); ++x)
        tinted += near(image.at(x, y), tint, 3);
    EXPECT_GT(tinted, 300) << rig.board().world().continents[ci].name;
  }
  // The white outline around the selection, orange ones around the territories it can attack.
  auto outline_pixels = [&](rk::TerritoryId t, Rgb colour) {
    int n = 0;
    const auto& outline = shapes.shape(t).outline;
    for (std::size_t i = 0; i < outline.size(); ++i) {
      const MapPoint a = outline[i], b = outline[(i + 1) % outline.size()];
      for (float u = 0.2f; u < 0.85f; u += 0.2f) {
        const Point p = frame.pixel({a.x + u * (b.x - a.x), a.y + u * (b.y - a.y)});
        n += near(image.at(p.x, p.y), colour, 40);
      }
    }
    return n;
  };
  EXPECT_GT(outline_pixels(home, RisikoColors::selected_outline), 3);
  const auto targets = rig.board().targets();
  ASSERT_FALSE(targets.empty());
  for (rk::TerritoryId t : targets) {
    if (rig.board().table().countries[t.value].owner == kMe) continue;
    EXPECT_GT(outline_pixels(t, RisikoColors::target_outline), 0) << rig.board().world().country(t).name;
  }
  // A click on the target's pixels, as the mouse would: the territory under it is the target.
  rk::TerritoryId enemy = targets.front();
  for (rk::TerritoryId t : targets)
    if (rig.board().table().countries[t.value].owner != kMe) enemy = t;
  const Point target_px = frame.pixel(fill_point(shapes.shape(enemy)));
  EXPECT_EQ(shapes.hit(frame.to_map(target_px)), enemy);
  risiko_screen(rig.app).act(rig.board().click(shapes.hit(frame.to_map(target_px))));
  risiko_screen(rig.app).act(rig.board().click(shapes.hit(frame.to_map(target_px))));  // rolls
  ASSERT_TRUE(rig.run_until([&] {
    return rig.board().mode() == RisikoMode::attack || rig.board().mode() == RisikoMode::move_in;
  }));
  ASSERT_TRUE(rig.board().tracker().last_roll().has_value());
  image = rig.render("risiko-dice");
  // The dice, red over blue, in the panel (right of the map).
  const int panel_x = static_cast<int>(frame.x + frame.width) + 4;
  int red = 0, blue = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = panel_x; x < image.width; ++x) {
      red += near(image.at(x, y), RisikoColors::attacker_die, 4);
      blue += near(image.at(x, y), RisikoColors::defender_die, 4);
    }
  const auto& roll = *rig.board().tracker().last_roll();
  EXPECT_GT(red, 60 * roll.rounds.back().attacker.count);
  EXPECT_GT(blue, 60 * roll.rounds.back().defender.count);
  // Large, each side high to low from the left, the compared pairs one above the other and the
  // loser of each crossed out, as the rules decide (resolve_battle).
  const auto& dice = risiko_view(*rig.screens).drawn_dice();
  const rk::Roll& last = roll.rounds.back();
  ASSERT_EQ(dice.size(), static_cast<std::size_t>(last.attacker.count + last.defender.count));
  std::vector<DrawnDie> attacker, defender;
  for (const DrawnDie& d : dice) (d.attacker ? attacker : defender).push_back(d);
  ASSERT_EQ(attacker.size(), last.attacker.count);
  ASSERT_EQ(defender.size(), last.defender.count);
  rk::Losses lost;
  for (const auto* side : {&attacker, &defender})
    for (std::size_t i = 0; i < side->size(); ++i) {
      const DrawnDie& d = (*side)[i];
      EXPECT_GE(d.rect.w, 30) << "large dice";
      if (i > 0) {
        EXPECT_GT(d.rect.x, (*side)[i - 1].rect.x);
        EXPECT_LE(d.value, (*side)[i - 1].value) << "high to low";
      }
      EXPECT_EQ(d.compared, i < std::min(attacker.size(), defender.size()));
      if (d.lost) ++(d.attacker ? lost.attacker : lost.defender);
    }
  for (std::size_t i = 0; i < std::min(attacker.size(), defender.size()); ++i) {
    EXPECT_EQ(attacker[i].rect.x, defender[i].rect.x) << "a pair stands in one column";
    EXPECT_LT(attacker[i].rect.y, defender[i].rect.y);
  }
  EXPECT_EQ(lost, rk::resolve_battle(last));
}

TEST(RisikoRender, TheReplayOfAWholeGameShowsTheFinalMapBesideTheVerdict) {
  RisikoTable t(3);
  t.run();
  ASSERT_EQ(t.session->phase(), peer::Phase::complete);
  Rig rig;
  auto viewer = ReplayViewer::open(lobby::encode(t.lobby.log()), "risiko.plog");
  ASSERT_TRUE(viewer.ok()) << viewer.error();
  rig.app.open_replay(std::move(viewer).value());
  const RisikoReplay* replay = risiko_screen(rig.app).replay();
  ASSERT_NE(replay, nullptr);
  ASSERT_EQ(replay->size(), rig.app.replay()->size());
  rig.app.replay()->last();
  const RisikoReplayFrame& last = replay->frame(rig.app.replay()->current());
  ASSERT_TRUE(last.table.has_value());
  EXPECT_EQ(*last.table, t.rules().state().table);
  EXPECT_EQ(last.log_lines, replay->log().size());
  EXPECT_TRUE(std::any_of(replay->log().begin(), replay->log().end(),
                          [](const std::string& l) { return l.starts_with("Game over: "); }));
  EXPECT_TRUE(rig.app.replay()->report().valid);
  Image image = rig.render("risiko-replay");
  ASSERT_TRUE(risiko_view(*rig.screens).frame());
  const MapFrame frame = *risiko_view(*rig.screens).frame();
  const RisikoShapes& shapes = *replay->shapes();
  for (const TerritoryShape& s : shapes.shapes()) {
    if (last.roll && (s.id == last.roll->from || s.id == last.roll->to)) continue;  // highlighted
    const Point px = frame.pixel(fill_point(s));
    const Rgb expected = RisikoColors::owner(last.table->player(last.table->countries[s.id.value].owner).colour);
    EXPECT_TRUE(near(image.at(px.x, px.y), expected)) << s.id.value << " is " << rgb(image.at(px.x, px.y));
  }
  // The verdict beside it: green text in the panel.
  int green = 0;
  for (int y = 0; y < 200; ++y)
    for (int x = static_cast<int>(frame.x + frame.width) + 4; x < image.width; ++x) {
      const auto p = image.at(x, y);
      green += p.g > 170 && p.r < 150 && p.b < 150;
    }
  EXPECT_GT(green, 100);
  // An earlier step: before the deal, no armies on the map.
  rig.app.replay()->first();
  EXPECT_FALSE(replay->frame(rig.app.replay()->current()).table.has_value());
}

template <class Pred>
int count(const Image& image, Rect r, Pred pred) {
  int n = 0;
  for (int y = r.y; y < r.y + r.h; ++y)
    for (int x = r.x; x < r.x + r.w; ++x) n += pred(image.at(x, y)) ? 1 : 0;
  return n;
}

// The cards as tiles: each symbol drawn in ink on the paper, every symbol a different drawing,
// the chosen card outlined.
TEST(RisikoRender, CardsShowTheirSymbols) {
  App app(AppConfig{identity_from(9).public_key(), "alice", "127.0.0.1:7777", 7777, false, false});
  testing::HiddenScreens h;
  h.open(app, fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/data");
  const rk::Symbol symbols[] = {rk::Symbol::infantry, rk::Symbol::cavalry, rk::Symbol::artillery, rk::Symbol::joker};
  std::vector<Rect> tiles;
  h.window->begin_frame();
  for (std::size_t i = 0; i < std::size(symbols); ++i) {
    tiles.push_back({100 + static_cast<int>(i) * 130, 100, 90, 120});
    draw_risiko_card(ImGui::GetForegroundDrawList(), tiles.back(), symbols[i], i == 3 ? "" : "Kamchatka", i == 1,
                     h.window->text_font(), 13);
  }
  h.window->end_frame();
  const Image image = h.window->read_pixels();
  EXPECT_TRUE(write_png(image, (fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/risiko-cards.png").string()));
  auto ink = [](Image::Pixel p) { return near(p, RisikoCardColors::ink, 10); };
  std::vector<std::vector<bool>> masks;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Rect symbol{tiles[i].x + 8, tiles[i].y + 6, tiles[i].w - 16, tiles[i].h * 6 / 10};
    EXPECT_GT(count(image, symbol, ink), 300) << "symbol " << i;
    EXPECT_GT(count(image, tiles[i], [](Image::Pixel p) { return near(p, RisikoCardColors::paper, 6); }), 3000) << i;
    std::vector<bool> mask;
    for (int y = symbol.y; y < symbol.y + symbol.h; ++y)
      for (int x = symbol.x; x < symbol.x + symbol.w; ++x) mask.push_back(ink(image.at(x, y)));
    masks.push_back(std::move(mask));
  }
  for (std::size_t a = 0; a < masks.size(); ++a)
    for (std::size_t b = a + 1; b < masks.size(); ++b) {
      int differ = 0;
      for (std::size_t i = 0; i < masks[a].size(); ++i) differ += masks[a][i] != masks[b][i];
      EXPECT_GT(differ, 200) << "symbols " << a << " and " << b << " look alike";
    }
  EXPECT_GT(count(image, tiles[1], [](Image::Pixel p) { return near(p, RisikoCardColors::chosen, 10); }), 150) << "chosen";
  EXPECT_EQ(count(image, tiles[0], [](Image::Pixel p) { return near(p, RisikoCardColors::chosen, 10); }), 0);
  h.close();
}


// No text cut off on the Risiko game screen (the players, the mission, the cards, the controls,
// the events) in English, Italian and Japanese, at 1280×800 and 1024×768; zoomed in, the map
// keeps its place on screen, magnified about the chosen point, and its territory names are cut
// by nothing either.
TEST(RisikoRender, NoTextIsClippedOnTheGameScreenInEveryLanguageZoomedOrNot) {
  // One game (a deal is costly); the panel words itself anew each frame. (The events already
  // logged keep the language they were told in; they wrap, and the replay's test reads them.)
  rk::TerritoryId home{};
  auto dealt = at_first_reinforcement(home);
  ASSERT_TRUE(dealt) << "the person's first reinforcement never came";
  Rig& rig = *dealt;
  for (std::uint32_t i = rig.board().allowance(); i > 0; --i) risiko_screen(rig.app).act(rig.board().click(home));
  risiko_screen(rig.app).act(rig.board().place());
  ASSERT_TRUE(rig.run_until([&] { return rig.board().mode() == RisikoMode::attack; }));
  risiko_screen(rig.app).act(rig.board().click(home));
  for (const char* language : {"en", "it", "ja"}) {
    i18n::set_language(language);
    ASSERT_EQ(i18n::language(), language);
    for (auto [w, h] : {std::pair{1280, 800}, std::pair{1024, 768}}) {
      const std::string name = "risiko-clip-" + std::string(language) + "-" + std::to_string(w) + "x" + std::to_string(h);
      rig.close();
      rig.open(rig.app, fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/data", w, h);
      auto expect_nothing_cut = [&](const std::string& what) {
        for (const ClippedGlyph& g : clipped_glyphs(ImGui::GetDrawData()))
          ADD_FAILURE() << what << ": " << describe(g);
      };
      rig.render(name);
      expect_nothing_cut(name);
      const MapFrame fitted = *risiko_view(*rig.screens).frame();
      const MapPoint centre = rig.board().shapes()->shape(home).label;
      risiko_view(*rig.screens).set_zoom(2.5f, centre);
      rig.render(name + "-zoomed");
      expect_nothing_cut(name + "-zoomed");
      const MapFrame zoomed = *risiko_view(*rig.screens).frame();
      EXPECT_FLOAT_EQ(zoomed.scale, fitted.scale * 2.5f);
      EXPECT_EQ(zoomed.view_x, fitted.x);
      EXPECT_EQ(zoomed.view_width, fitted.width);
      // The chosen point at the view's centre, unless the map's edge stops it.
      const MapPoint at = zoomed.to_screen(centre);
      EXPECT_TRUE(std::abs(at.x - (zoomed.view_x + zoomed.view_width / 2)) < 1 || zoomed.x == zoomed.view_x ||
                  zoomed.x == zoomed.view_x + zoomed.view_width - zoomed.width)
          << at.x;
      // Beyond the most: held at it.
      risiko_view(*rig.screens).set_zoom(100, centre);
      EXPECT_EQ(risiko_view(*rig.screens).zoom(), RisikoGameView::kMaxZoom);
    }
  }
  i18n::set_language("en");
}

}  // namespace
}  // namespace parley::ui::sdl
