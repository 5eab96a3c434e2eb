// The Gunjin screens rendered by SDL's software renderer in a hidden window under the dummy
// video driver, written to build/tests/ui/render/gunjin-*.png, and checked pixel by pixel: own
// pieces face up with their names, enemy pieces face down, the HQ one square over two cells,
// the gates and the bridges over the river, the picked-up piece and its targets, the board
// turned for seat 1, the layout editor with a dragged piece, and the replay of a finished game
// with both armies face up.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cstdlib>
#include <fstream>

#include "games/gunjin/gunjin_strategy.hpp"
#include "games/gunjin/sdl/gunjin_game_view.hpp"
#include "games/gunjin/sdl/gunjin_info.hpp"
#include "games/gunjin/sdl/gunjin_view.hpp"
#include "games/gunjin/ui/gunjin_screen.hpp"
#include "i18n/i18n.hpp"
#include "peer/session/gunjin_messages.hpp"
#include "peer/session/options.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"
#include "tests/ui/hidden_screens.hpp"
#include "ui/core/app.hpp"
#include "ui/sdl/screens.hpp"
#include "ui/sdl/text_clipping.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl {
namespace {

namespace fs = std::filesystem;
using namespace game::gunjin;
using game::Seat;

constexpr Seat kSeat0{0}, kSeat1{1};

struct Rgb {
  int r, g, b;
};
constexpr Rgb kCell{223, 203, 156}, kHq{212, 182, 126}, kGate{167, 196, 134}, kRiver{74, 138, 184},
    kBridge{138, 91, 45}, kCream{248, 238, 200}, kBlue{196, 220, 242}, kBack{122, 46, 46};

bool near(Image::Pixel p, Rgb c, int tolerance = 4) {
  return std::abs(p.r - c.r) <= tolerance && std::abs(p.g - c.g) <= tolerance && std::abs(p.b - c.b) <= tolerance;
}
bool dark(Image::Pixel p) { return p.r < 90 && p.g < 90 && p.b < 90; }

template <class Pred>
int count(const Image& image, Rect r, Pred pred) {
  int n = 0;
  for (int y = r.y; y < r.y + r.h; ++y)
    for (int x = r.x; x < r.x + r.w; ++x) n += pred(image.at(x, y)) ? 1 : 0;
  return n;
}

// The body of the piece on a square (inside its outline, where the name is written).
Rect body(const GunjinBoardGeometry& g, Square s) {
  const Rect r = g.square_rect(s);
  const int c = g.cell_size();
  const int cx = r.x + r.w / 2, cy = r.y + c / 2;
  return {cx - c * 3 / 10, cy - c / 8, c * 6 / 10, c * 3 / 8};
}

enum class Face { own_seat0, open_seat1, down, empty };

void expect_piece(const Image& image, const GunjinBoardGeometry& g, Square s, Face face, const std::string& what) {
  const Rect b = body(g, s);
  const int area = b.w * b.h;
  const int cream = count(image, b, [](auto p) { return near(p, kCream, 6); });
  const int blue = count(image, b, [](auto p) { return near(p, kBlue, 6); });
  const int back = count(image, b, [](auto p) { return near(p, kBack, 6); });
  const int ink = count(image, b, dark);
  switch (face) {
    case Face::own_seat0:
      EXPECT_GT(cream, area / 5) << what;
      EXPECT_GT(ink, area / 40) << what << ": a name written on it";
      EXPECT_EQ(back, 0) << what;
      break;
    case Face::open_seat1:
      EXPECT_GT(blue, area / 5) << what;
      EXPECT_GT(ink, area / 40) << what;
      break;
    case Face::down:
      EXPECT_GT(back, area * 8 / 10) << what << ": a plain back";
      EXPECT_EQ(cream + blue, 0) << what;
      EXPECT_EQ(ink, 0) << what << ": nothing written on it";
      break;
    case Face::empty:
      EXPECT_EQ(cream + blue + back + ink, 0) << what;
      break;
  }
}

// A hidden window, App and the screens, for seat `me` of a fake lobby's Gunjin game against the
// tracking bot (whose agent is the other seat); the client's own seat is played by a
// HumanGunjinPlayer with the layout the App sent.
struct Rig : testing::HiddenScreens {
  explicit Rig(Seat me = kSeat0)
      : me(me),
        layout(sensible_layout(41)),
        table(me == kSeat0 ? std::unique_ptr<peer::GunjinAgent>(std::make_unique<HumanGunjinPlayer>(layout))
                           : peer::testing::tracking_agent(8),
              me == kSeat1 ? std::unique_ptr<peer::GunjinAgent>(std::make_unique<HumanGunjinPlayer>(layout))
                           : peer::testing::tracking_agent(8)),
        app(AppConfig{table.lobby.seat_identity(me).public_key(), "alice", "127.0.0.1:7777", 7777, false, false}) {
    open(app, data_dir());
  }
  ~Rig() { close(); }
  // One data directory per test: ctest runs the cases in parallel, and the editor writes there.
  static fs::path data_dir() {
    return fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/gunjin-data" /
           ::testing::UnitTest::GetInstance()->current_test_info()->name();
  }
  HumanGunjinPlayer& human() { return static_cast<HumanGunjinPlayer&>(table.agent(me)); }

  void lobby(lobby::ClientEvent e) { app.on_event(LobbyEvent{std::move(e)}, now); }
  void in_room() {
    app.connect(now);
    lobby(lobby::Connected{table.lobby.log().lobby_key});
    lobby(lobby::Welcome{lobby::RequestId{1}, "alice", {}});
    room.room = lobby::RoomId{42};
    room.game = "gunjin";
    room.phase = lobby::RoomPhase::waiting;
    room.seats = {{table.lobby.seat_identity(kSeat0).public_key(), me == kSeat0 ? "alice" : "bot", false, true},
                  {table.lobby.seat_identity(kSeat1).public_key(), me == kSeat1 ? "alice" : "bot", true, true}};
    lobby(room);
  }
  void in_game() {
    in_room();
    gunjin_screen(app).editor().set(layout);
    app.set_ready(true);
    room.phase = lobby::RoomPhase::started;
    lobby(room);
    run();
  }
  void run() {
    table.run();
    const auto& all = table.lobby.entries();
    RoomEntries batch{room.room, table.lobby.log().lobby_key, lobby::EntryIndex{delivered}, {}};
    batch.entries.assign(all.begin() + static_cast<long>(delivered), all.end());
    delivered = all.size();
    app.on_event(batch, now);
    for (auto& c : app.take_commands())
      if (auto* g = seat_intent<GunjinIntent>(c)) human().submit(*g);
  }
  // The person plays `n` moves (attacks first), each answered by the bot.
  void play(int n) {
    for (int i = 0; i < n && gunjin_screen(app).board()->may_move(); ++i) {
      auto moves = peer::own_moves(gunjin_screen(app).board()->view(), me);
      Play pick = moves.front();
      for (const Play& m : moves)
        if (gunjin_screen(app).board()->view().piece_at(m.to)) pick = m;
      gunjin_screen(app).press(pick.from);
      gunjin_screen(app).release(pick.from);
      gunjin_screen(app).press(pick.to);
      run();
      run();
    }
  }

  Seat me;
  Layout layout;
  peer::testing::GunjinTable table;
  App app;
  lobby::RoomState room;
  std::size_t delivered = 0;
};

// Every square shows what the view has there: own pieces face up, enemy pieces face down.
void expect_board(const Image& image, const GunjinBoardGeometry& g, const State& view, Seat me, bool open) {
  for (std::uint8_t i = 0; i < kSquareCount; ++i) {
    const Square s{i};
    const auto id = view.piece_at(s);
    const std::string what = "square " + std::to_string(i);
    if (!id)
      expect_piece(image, g, s, Face::empty, what);
    else if (id->seat == me || open)
      expect_piece(image, g, s, id->seat == kSeat0 ? Face::own_seat0 : Face::open_seat1, what);
    else
      expect_piece(image, g, s, Face::down, what);
  }
}

// `moved`: the last move's squares, which are tinted.
void expect_hq_gates_and_river(const Image& image, const GunjinBoardGeometry& g, SquareSet moved = {}) {
  const int c = g.cell_size();
  for (Seat s : {kSeat0, kSeat1}) {
    const Rect hq = g.square_rect(hq_of(s));
    EXPECT_EQ(hq.w, 2 * c);
    if (moved.contains(hq_of(s))) continue;  // tinted
    // Both ends and the middle between the two cells are HQ-coloured: one square, no line.
    EXPECT_TRUE(near(image.at(hq.x + c * 3 / 10, hq.y + c * 3 / 4), kHq));
    EXPECT_TRUE(near(image.at(hq.x + hq.w - c * 3 / 10, hq.y + c * 3 / 4), kHq));
    const int bottom_free = g.flipped() == (s == kSeat0) ? hq.y + 2 : hq.y + hq.h - 3;
    EXPECT_TRUE(near(image.at(hq.x + c, bottom_free), kHq)) << "a line between the HQ's cells";
  }
  for (std::uint8_t gate : {18, 21, 24, 27}) {
    if (moved.contains(Square{gate})) continue;
    const Rect r = g.square_rect(Square{gate});
    EXPECT_TRUE(near(image.at(r.x + 3, r.y + 3), kGate)) << "gate " << int(gate);
  }
  for (std::uint8_t plain : {17, 19, 20, 22, 23, 25}) {
    if (moved.contains(Square{plain})) continue;
    const Rect r = g.square_rect(Square{plain});
    EXPECT_TRUE(near(image.at(r.x + 3, r.y + 3), kCell)) << "square " << int(plain);
  }
  const Rect river = g.river();
  EXPECT_TRUE(near(image.at(river.x + c / 2, river.y + river.h / 2), kRiver));
  EXPECT_TRUE(near(image.at(river.x + c * 5 / 2, river.y + river.h / 2), kRiver));
  for (int column : kGateColumns) {
    const Rect b = g.bridge(column);
    EXPECT_TRUE(near(image.at(b.x + b.w / 2, b.y + b.h * 3 / 8), kBridge)) << "bridge " << column;
  }
}

TEST(GunjinRender, OwnPiecesShowTheirNamesEnemyPiecesAreFaceDown) {
  Rig rig;
  rig.in_game();
  ASSERT_TRUE(gunjin_screen(rig.app).board());
  ASSERT_TRUE(gunjin_screen(rig.app).board()->may_move());
  Image image = rig.render("gunjin-game");
  ASSERT_TRUE(gunjin_view(*rig.screens).board_geometry());
  const GunjinBoardGeometry g = *gunjin_view(*rig.screens).board_geometry();
  EXPECT_FALSE(g.flipped());
  EXPECT_EQ(g.square_at({g.bounds().x + 2, g.bounds().y + g.bounds().h - 2}), Square{0});
  expect_board(image, g, gunjin_screen(rig.app).board()->view(), kSeat0, false);
  expect_hq_gates_and_river(image, g);
  // With the readings on, the romaji is written under each own name: the lowest ink on the
  // piece (above its outline) comes much lower; the enemy's face-down pieces stay blank.
  gunjin_view(*rig.screens).set_readings(true);
  Image readings = rig.render("gunjin-game-readings");
  auto lowest_ink = [&](const Image& im, Square s) {
    const Rect r = g.square_rect(s);
    const int c = g.cell_size(), cx = r.x + r.w / 2, cy = r.y + c / 2;
    int lowest = cy;
    for (int y = cy; y < cy + c * 40 / 100; ++y)
      for (int x = cx - c / 4; x < cx + c / 4; ++x)
        if (dark(im.at(x, y))) lowest = y;
    return lowest;
  };
  for (std::uint8_t slot : {0, 5, 9, 17}) {
    const Square s{slot};
    EXPECT_GT(lowest_ink(readings, s), lowest_ink(image, s) + g.cell_size() / 20) << "slot " << int(slot);
  }
  expect_piece(readings, g, Square{40}, Face::down, "enemy with readings on");
}

// The coordinates are written in the strips left of and under the board, in every view.
TEST(GunjinRender, TheBoardEdgesCarryTheCoordinates) {
  Rig rig;
  rig.in_game();
  Image image = rig.render("gunjin-coordinates");
  const GunjinBoardGeometry g = *gunjin_view(*rig.screens).board_geometry();
  const int gutter = gunjin_label_gutter(1.0f);
  auto light = [](Image::Pixel p) { return p.r > 110 && p.g > 110 && p.b > 110; };
  for (const auto& label : g.edge_labels(gutter)) {
    const Rect around{label.centre.x - gutter / 2, label.centre.y - gutter / 2, gutter, gutter};
    EXPECT_GT(count(image, around, light), 8) << "label " << label.text;
  }
  // No text cut off by its box (the check of docs/ui.md, "Tests"), here and at 1024×768.
  for (const ClippedGlyph& cut : clipped_glyphs(ImGui::GetDrawData()))
    ADD_FAILURE() << "a glyph at " << cut.glyph.x << "," << cut.glyph.y << " cut at 1280x800";
  // Between two labels of the left strip, nothing.
  const auto labels = g.edge_labels(gutter);
  const int between = (labels[6].centre.y + labels[7].centre.y) / 2;
  EXPECT_EQ(count(image, {labels[6].centre.x - gutter / 2, between - 2, gutter, 4}, light), 0);
}

// The battle chart, a click away: every cell in the colour of the engine's outcome for the
// attacker and the defender, under the room's variants (engineer beats tank here).
TEST(GunjinRender, TheBattleChartIsTheEnginesTableUnderTheGamesVariants) {
  auto colour = [](BattleOutcome o) {
    return o == BattleOutcome::attacker_takes ? Rgb{76, 166, 90} : o == BattleOutcome::both_removed ? Rgb{140, 140, 140} : Rgb{192, 80, 70};
  };
  auto check = [&](Rig& rig, const Options& options, const std::string& name) {
    ASSERT_TRUE(rig.screens->open_info("gunjin", "battle-chart"));
    Image image = rig.render(name);
    auto* chart = dynamic_cast<GunjinBattleChartView*>(rig.screens->info("gunjin", "battle-chart"));
    ASSERT_NE(chart, nullptr);
    EXPECT_EQ(chart->options(), options);
    const BattleTable table = battle_table(options);
    const auto rows = GunjinBattleChartView::rows();
    const auto columns = GunjinBattleChartView::columns();
    int checked = 0;
    for (std::size_t r = 0; r < rows.size(); ++r)
      for (std::size_t c = 0; c < columns.size(); ++c) {
        const auto cell = chart->cell(r, c);
        ASSERT_TRUE(cell) << r << "," << c;
        const auto outcome = table[rows[r].index()][index_of(columns[c])];
        ASSERT_TRUE(outcome);
        // A corner of the cell, away from its mark.
        EXPECT_TRUE(near(image.at(cell->x + 2, cell->y + 2), colour(*outcome), 3)) << name << " " << r << "," << c;
        ++checked;
      }
    EXPECT_EQ(checked, 16 * 14);
  };
  {
    Rig rig;
    rig.in_room();
    check(rig, Options{}, "gunjin-battle-chart");
  }
  Rig rig;
  rig.in_room();
  peer::RoomOptions options;
  options.game_options = peer::encode(peer::GunjinRoomOptions{Options{false, true, false}, false});
  rig.room.options = peer::encode(options);
  rig.lobby(rig.room);
  check(rig, Options{false, true, false}, "gunjin-battle-chart-variant");
  // Engineer beats tank: the tank row's engineer column is green now.
  EXPECT_EQ(battle(*EffectiveKind::from_index(index_of(Kind::tank)), Kind::engineer, Options{false, true, false}),
            BattleOutcome::attacker_takes);
}

TEST(GunjinRender, TheRulesWindowOpensFromTheGamePanel) {
  Rig rig;
  rig.in_game();
  rig.render("gunjin-before-rules");
  EXPECT_FALSE(rig.screens->info_open("gunjin", "rules"));
  ASSERT_TRUE(gunjin_view(*rig.screens).drawn_button(i18n::tr("Rules")));
  ASSERT_TRUE(rig.screens->open_info("gunjin", "rules"));
  Image image = rig.render("gunjin-rules");
  EXPECT_TRUE(rig.screens->info_open("gunjin", "rules"));
  // A window of text over the middle of the screen.
  const Rect middle{image.width / 2 - 250, image.height / 2 - 200, 500, 400};
  EXPECT_GT(count(image, middle, [](Image::Pixel p) { return p.r > 200 && p.g > 200 && p.b > 200; }), 2000);
}

TEST(GunjinRender, APickedUpPieceShowsItsTargetsAndBattlesAreAnnounced) {
  Rig rig;
  rig.in_game();
  rig.play(8);
  ASSERT_TRUE(gunjin_screen(rig.app).board()->may_move());
  const State& view = gunjin_screen(rig.app).board()->view();
  const Play m = peer::own_moves(view, kSeat0).front();
  gunjin_screen(rig.app).press(m.from);
  gunjin_screen(rig.app).release(m.from);
  Image image = rig.render("gunjin-selected");
  const GunjinBoardGeometry g = *gunjin_view(*rig.screens).board_geometry();
  const Rect from = g.square_rect(m.from);
  const auto tint = image.at(from.x + 2, from.y + 2);
  EXPECT_FALSE(near(tint, kCell) || near(tint, kGate) || near(tint, kHq)) << "the selected square is tinted";
  for (std::uint8_t i = 0; i < kSquareCount; ++i) {
    const Square s{i};
    if (!gunjin_screen(rig.app).board()->targets().contains(s) || view.piece_at(s)) continue;
    const Rect r = g.square_rect(s);
    EXPECT_TRUE(dark(image.at(r.x + r.w / 2, r.y + g.cell_size() / 2)) ||
                image.at(r.x + r.w / 2, r.y + g.cell_size() / 2).r < 160)
        << "a dot on target " << int(i);
  }
  EXPECT_GE(gunjin_screen(rig.app).board()->announcements().size(), 1U);
  // The referee is heard on the terminal too, once per battle.
  std::size_t said = 0;
  for (const auto& line : rig.app.take_log_lines()) said += line.rfind("referee: Battle at ", 0) == 0 ? 1 : 0;
  EXPECT_EQ(said, gunjin_screen(rig.app).board()->announcements().size());
}

TEST(GunjinRender, SeatOneSeesTheBoardTurnedWithItsOwnCampBelow) {
  Rig rig(kSeat1);
  rig.in_game();
  ASSERT_TRUE(gunjin_screen(rig.app).board());
  Image image = rig.render("gunjin-seat1");
  const GunjinBoardGeometry g = *gunjin_view(*rig.screens).board_geometry();
  EXPECT_TRUE(g.flipped());
  EXPECT_EQ(g.square_at({g.bounds().x + 2, g.bounds().y + g.bounds().h - 2}), Square{45});
  // Seat 1's own pieces are face up (blue tiles) at the bottom; seat 0's face down on top.
  expect_piece(image, g, Square{45}, Face::open_seat1, "own back corner");
  expect_piece(image, g, Square{0}, Face::down, "enemy back corner");
  expect_board(image, g, gunjin_screen(rig.app).board()->view(), kSeat1, false);
  // Seat 0 (the bot) has moved first: its move's squares are tinted.
  ASSERT_TRUE(gunjin_screen(rig.app).board()->last_move());
  SquareSet moved;
  moved.insert(gunjin_screen(rig.app).board()->last_move()->first);
  moved.insert(gunjin_screen(rig.app).board()->last_move()->second);
  expect_hq_gates_and_river(image, g, moved);
  const Rect from = g.square_rect(gunjin_screen(rig.app).board()->last_move()->first);
  const auto tinted = image.at(from.x + 3, from.y + 3);
  EXPECT_FALSE(near(tinted, kCell) || near(tinted, kGate)) << "the last move is tinted";
}

TEST(GunjinRender, TheLayoutEditorShowsTheCampAndADraggedPiece) {
  Rig rig;
  rig.in_room();
  gunjin_screen(rig.app).editor().set(rig.layout);
  Image image = rig.render("gunjin-editor");
  ASSERT_TRUE(gunjin_view(*rig.screens).editor_geometry());
  const GunjinBoardGeometry g = *gunjin_view(*rig.screens).editor_geometry();
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot)
    expect_piece(image, g, Square{slot}, Face::own_seat0, "slot " + std::to_string(slot));
  for (std::uint8_t i = kCampSquareCount; i < kSquareCount; ++i) expect_piece(image, g, Square{i}, Face::empty, "enemy camp");
  // Drag slot 6's piece toward the river: its square is left empty, the piece is under the pointer.
  gunjin_screen(rig.app).editor().press(std::uint8_t{6});
  const Rect river = g.river();
  gunjin_screen(rig.app).editor().drag({river.x + river.w / 2, river.y - g.cell_size()});
  image = rig.render("gunjin-editor-drag");
  const Rect six = g.square_rect(Square{6});
  EXPECT_EQ(count(image, body(g, Square{6}), [](auto p) { return near(p, kCream, 6); }), 0);
  EXPECT_GT(count(image, Rect{river.x + river.w / 2 - 5, river.y - g.cell_size() - 5, 10, 10},
                  [](auto p) { return near(p, kCream, 6) || dark(p); }),
            20);
  (void)six;
  // Mines and the flag may not go on the gates: those are outlined in red while a mine is up.
  gunjin_screen(rig.app).editor().cancel();
  const auto mine = static_cast<std::uint8_t>(std::find(rig.layout.begin(), rig.layout.end(), Kind::mine) - rig.layout.begin());
  gunjin_screen(rig.app).editor().press(mine);
  gunjin_screen(rig.app).editor().release(mine);
  image = rig.render("gunjin-editor-mine");
  for (std::uint8_t gate : {18, 21}) {
    const Rect r = g.square_rect(Square{gate});
    const auto p = image.at(r.x + 1, r.y + r.h / 2);
    EXPECT_TRUE(p.r > 200 && p.g < 60 && p.b < 60) << "gate " << int(gate) << " is outlined in red";
  }
}

TEST(GunjinRender, TheEditorsLayoutIsRememberedForTheNextSession) {
  const Layout chosen = sensible_layout(77);
  {
    Rig rig;
    rig.in_room();
    ASSERT_TRUE(gunjin_screen(rig.app).editor().set(chosen));
    rig.render("gunjin-editor-remembered");
  }
  EXPECT_EQ(load_layout(layout_dir(Rig::data_dir()) / "last.layout").value(), chosen);
  Rig next;
  EXPECT_EQ(gunjin_screen(next.app).editor().layout(), chosen);
}

TEST(GunjinRender, TheLobbyOpensTheLayoutEditorForAQuickMatch) {
  Rig rig;
  rig.app.connect(rig.now);
  rig.lobby(lobby::Connected{rig.table.lobby.log().lobby_key});
  rig.lobby(lobby::Welcome{lobby::RequestId{1}, "alice", {}});
  ASSERT_EQ(rig.app.screen(), Screen::lobby);
  rig.render("gunjin-lobby");
  EXPECT_FALSE(gunjin_view(*rig.screens).editor_geometry());
  gunjin_view(*rig.screens).open_layout_dialog();
  Image image = rig.render("gunjin-lobby-layout");
  ASSERT_TRUE(gunjin_view(*rig.screens).editor_geometry());
  const GunjinBoardGeometry g = *gunjin_view(*rig.screens).editor_geometry();
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot)
    expect_piece(image, g, Square{slot}, Face::own_seat0, "slot " + std::to_string(slot));
}

TEST(GunjinRender, TheReplayOfAFinishedGameShowsBothArmiesAndTheVerdict) {
  Rig rig;
  rig.in_game();
  rig.play(6);
  gunjin_screen(rig.app).act(GunjinIntent{GunjinIntent::Kind::resign, {}, {}}, rig.now);
  rig.run();
  rig.run();
  ASSERT_TRUE(rig.table.session->outcome());
  ASSERT_EQ(rig.table.session->phase(), peer::Phase::complete);
  // The live board too: both layouts opened, every piece face up.
  rig.app.close_result_dialog();
  Image live = rig.render("gunjin-game-over");
  const GunjinBoardGeometry lg = *gunjin_view(*rig.screens).board_geometry();
  expect_board(live, lg, gunjin_screen(rig.app).board()->view(), kSeat0, true);

  fs::create_directories(Rig::data_dir());
  const fs::path file = Rig::data_dir() / "gunjin-replay.plog";
  {
    const auto bytes = lobby::encode(rig.table.lobby.log());
    std::ofstream out(file, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  rig.screens->open_log(file, rig.now);
  ASSERT_EQ(rig.app.screen(), Screen::replay);
  rig.app.replay()->last();
  Image image = rig.render("gunjin-replay");
  {
    // The replay's board carries the coordinates too.
    const GunjinBoardGeometry rg = *gunjin_view(*rig.screens).board_geometry();
    const int gutter = gunjin_label_gutter(1.0f);
    for (const auto& label : rg.edge_labels(gutter))
      EXPECT_GT(count(image, {label.centre.x - gutter / 2, label.centre.y - gutter / 2, gutter, gutter},
                      [](Image::Pixel p) { return p.r > 110 && p.g > 110 && p.b > 110; }),
                8)
          << "replay label " << label.text;
  }
  ASSERT_TRUE(gunjin_view(*rig.screens).board_geometry());
  const GunjinBoardGeometry g = *gunjin_view(*rig.screens).board_geometry();
  const State& full = *rig.table.rules().replayed();
  expect_board(image, g, full, kSeat0, true);
  expect_hq_gates_and_river(image, g);
  // The verdict beside the board, in green.
  const Rect panel{g.bounds().x + g.bounds().w + 10, g.bounds().y, 600, 120};
  EXPECT_GT(count(image, panel, [](auto p) { return p.g > 180 && p.r < 150 && p.b < 150; }), 100);
  // The public board of the same step, as a spectator saw it live: every piece face down.
  gunjin_view(*rig.screens).set_show_armies(false);
  image = rig.render("gunjin-replay-public");
  for (std::uint8_t i = 0; i < kSquareCount; ++i)
    expect_piece(image, g, Square{i}, full.piece_at(Square{i}) ? Face::down : Face::empty, "public " + std::to_string(i));
  gunjin_view(*rig.screens).set_show_armies(true);
  // Stepping back to the start: both armies where they were laid out, face up.
  rig.app.replay()->first();
  rig.app.replay()->step_by(3);
  image = rig.render("gunjin-replay-start");
  for (std::uint8_t i : {0, 2, 5, 17, 28, 43, 45})
    expect_piece(image, g, Square{i}, i < kCampSquareCount ? Face::own_seat0 : Face::open_seat1, "start " + std::to_string(i));
}


// No text cut off on the Gunjin game screen (the players, the status, the referee's words, the
// buttons) nor in the layout editor, in English, Italian and Japanese, at 1280×800 and 1024×768.
TEST(GunjinRender, NoTextIsClippedOnTheGameScreenInEveryLanguage) {
  for (const char* language : {"en", "it", "ja"}) {
    i18n::set_language(language);  // before the game: the board words its status as it updates
    ASSERT_EQ(i18n::language(), language);
    Rig rig;
    rig.in_game();
    rig.play(2);
    ASSERT_GE(gunjin_screen(rig.app).board()->announcements().size(), 1U) << "no battle to announce";
    for (auto [w, h] : {std::pair{1280, 800}, std::pair{1024, 768}}) {
      const std::string name = "gunjin-clip-" + std::string(language) + "-" + std::to_string(w) + "x" + std::to_string(h);
      rig.close();
      rig.open(rig.app, Rig::data_dir(), w, h);
      rig.render(name);
      for (const ClippedGlyph& g : clipped_glyphs(ImGui::GetDrawData()))
        ADD_FAILURE() << name << ": " << describe(g);
    }
  }
  i18n::set_language("en");
}

TEST(GunjinRender, NoTextIsClippedInTheLayoutEditorInEveryLanguage) {
  Rig rig;
  rig.in_room();
  for (const char* language : {"en", "it", "ja"}) {
    i18n::set_language(language);
    for (auto [w, h] : {std::pair{1280, 800}, std::pair{1024, 768}}) {
      const std::string name = "gunjin-editor-clip-" + std::string(language) + "-" + std::to_string(w) + "x" + std::to_string(h);
      rig.close();
      rig.open(rig.app, Rig::data_dir(), w, h);
      rig.render(name);
      for (const ClippedGlyph& g : clipped_glyphs(ImGui::GetDrawData()))
        ADD_FAILURE() << name << ": " << describe(g);
    }
  }
  i18n::set_language("en");
}

}  // namespace
}  // namespace parley::ui::sdl
