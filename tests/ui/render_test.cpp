// Every screen rendered by SDL's software renderer in a hidden window under the dummy video
// driver, written to build/tests/ui/render/*.png (look at them), and checked pixel by pixel
// where it matters: the colour of every square, a piece of the right colour on every occupied
// square and none on the empty ones, the last move, the selection and its targets, the check,
// the flipped board, the rooms list, the verdict and the cheat banner.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cstdlib>
#include <fstream>

#include "game/chess/notation.hpp"
#include "games/chess/sdl/board_view.hpp"
#include "games/chess/sdl/chess_game_view.hpp"
#include "games/chess/ui/chess_screen.hpp"
#include "i18n/i18n.hpp"
#include "peer/session/options.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/ui/chess_fixtures.hpp"
#include "tests/ui/hidden_screens.hpp"
#include "ui/core/app.hpp"
#include "ui/sdl/screens.hpp"
#include "ui/sdl/text_clipping.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl {
namespace {

namespace fs = std::filesystem;
using namespace game::chess;
using ui::testing::kBlack;
using ui::testing::kWhite;
using ui::testing::sq;
using peer::testing::identity_from;
using peer::testing::Table;

struct Rgb {
  int r, g, b;
};
constexpr Rgb kLight{240, 217, 181};
constexpr Rgb kDark{181, 136, 99};

bool near(Image::Pixel p, Rgb c, int tolerance = 4) {
  return std::abs(p.r - c.r) <= tolerance && std::abs(p.g - c.g) <= tolerance && std::abs(p.b - c.b) <= tolerance;
}

// Pixels in a rectangle that satisfy `pred`.
template <class Pred>
int count(const Image& image, Rect r, Pred pred) {
  int n = 0;
  for (int y = r.y; y < r.y + r.h; ++y)
    for (int x = r.x; x < r.x + r.w; ++x) n += pred(image.at(x, y)) ? 1 : 0;
  return n;
}

bool whiteish(Image::Pixel p) { return p.r > 242 && p.g > 242 && p.b > 240; }
bool blackish(Image::Pixel p) { return p.r < 45 && p.g < 45 && p.b < 50; }

// The square's colour where no piece, dot or coordinate reaches: just inside its top-right corner.
Image::Pixel corner(const Image& image, const BoardGeometry& g, Square s) {
  Rect r = g.square_rect(s);
  return image.at(r.x + r.w - 3, r.y + 2);
}

Rect inner(const BoardGeometry& g, Square s) {
  Rect r = g.square_rect(s);
  return {r.x + r.w / 5, r.y + r.h / 8, r.w * 3 / 5, r.h * 3 / 4};
}

std::string square_name(Square s) { return {file_char(s), rank_char(s)}; }

// A hidden window, App and the screens, for one client of a fake lobby's chess game.
struct Rig : testing::HiddenScreens {
  explicit Rig(std::optional<game::Seat> seat = kWhite)
      : app(AppConfig{seat ? identity_from(static_cast<std::uint8_t>(seat->index + 1)).public_key()
                           : identity_from(0x77).public_key(),
                      "alice", "127.0.0.1:7777", 7777, false, false}) {
    open(app, fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/data");
  }
  explicit Rig(AppConfig config) : app(std::move(config)) { open(app, fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/data"); }
  ~Rig() { close(); }

  void lobby(lobby::ClientEvent e) { app.on_event(LobbyEvent{std::move(e)}, now); }
  void online() {
    app.connect(now);
    lobby(lobby::Connected{t.lobby.log().lobby_key});
    lobby(lobby::Welcome{lobby::RequestId{1}, "alice", {}});
  }
  void in_game() {
    online();
    lobby::RoomState r;
    r.room = lobby::RoomId{42};
    r.game = "chess";
    r.phase = lobby::RoomPhase::started;
    r.seats = {{t.lobby.seat_identity(kWhite).public_key(), "alice", true, true},
               {t.lobby.seat_identity(kBlack).public_key(), "bob", true, true}};
    lobby(r);
    t.start_play();
    deliver();
  }
  void deliver() {
    const auto& all = t.lobby.entries();
    RoomEntries batch{lobby::RoomId{42}, t.lobby.log().lobby_key, lobby::EntryIndex{delivered}, {}};
    batch.entries.assign(all.begin() + static_cast<long>(delivered), all.end());
    delivered = all.size();
    app.on_event(batch, now);
  }
  void play(std::initializer_list<const char*> sans) {
    for (auto san : sans) {
      Move m = *parse_san(t.chess().position(), san);
      game::Seat s = seat_of(t.chess().position().side_to_move());
      t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
    }
    deliver();
  }

  // Every square has its colour (or a tint, where expected) and shows exactly the piece the
  // position has there.
  void expect_board(const Image& image, const BoardGeometry& g, const Position& pos, Bitboard tinted) {
    for (int i = 0; i < 64; ++i) {
      Square s(i);
      const bool light = (s.file() + s.rank()) % 2 == 1;
      const auto c = corner(image, g, s);
      if (tinted & s.bb())
        EXPECT_FALSE(near(c, light ? kLight : kDark)) << square_name(s) << " is not tinted";
      else
        EXPECT_TRUE(near(c, light ? kLight : kDark))
            << square_name(s) << " is (" << int(c.r) << "," << int(c.g) << "," << int(c.b) << ")";
      const Rect r = inner(g, s);
      const int area = r.w * r.h;
      const int white = count(image, r, whiteish), black = count(image, r, blackish);
      const Piece p = pos.piece_on(s);
      if (p.empty()) {
        EXPECT_EQ(white + black, 0) << square_name(s) << " should be empty";
      } else if (p.color == Color::white) {
        EXPECT_GT(white, area / 12) << square_name(s) << " should hold a white piece";
      } else {
        EXPECT_GT(black, area / 12) << square_name(s) << " should hold a black piece";
      }
    }
  }

  Table t;
  App app;
  std::size_t delivered = 0;
};

TEST(Render, TheConnectScreenShowsItsFields) {
  Rig rig;
  Image image = rig.render("connect");
  ASSERT_EQ(image.width, 1280);
  ASSERT_EQ(image.height, 800);
  EXPECT_EQ(chess_view(*rig.screens).board_geometry(), std::nullopt);
  // Text (light grey on dark) and the blue buttons in the middle column.
  const Rect middle{360, 60, 560, 500};
  EXPECT_GT(count(image, middle, [](Image::Pixel p) { return p.r > 200 && p.g > 200 && p.b > 200; }), 400);
  EXPECT_GT(count(image, middle, [](Image::Pixel p) { return near(p, {69, 107, 158}, 6); }), 1000);
}

TEST(Render, TheConnectScreenListsTheTablesOnTheNetwork) {
  Rig rig;
  const int blue_before = count(rig.render("connect-no-tables"), {360, 60, 560, 600},
                                [](Image::Pixel p) { return near(p, {69, 107, 158}, 6); });
  rig.app.on_event(LanTablesFound{{lobby::LanTable{{"192.168.1.5", 7777}, "Anna", identity_from(50).public_key(), 3, 1, 2},
                                   lobby::LanTable{{"192.168.1.9", 7000}, "Club night", identity_from(51).public_key(), 0, 0, 0}}},
                   rig.now);
  Image image = rig.render("connect-lan-tables");
  // Two more Join buttons.
  const int blue_after = count(image, {360, 60, 560, 600}, [](Image::Pixel p) { return near(p, {69, 107, 158}, 6); });
  EXPECT_GT(blue_after, blue_before + 300) << blue_before << " -> " << blue_after;
}

// Connecting shows at once what it tries, with Cancel in place of Connect; given up, the problem
// stays in a red frame (not a fading notice) with what to try, all of its text inside the frame.
TEST(Render, TheConnectScreenKeepsAProblemInViewWithWhatToTry) {
  Rig rig;
  auto problem_red = [](const Image& image) {
    return count(image, {0, 0, image.width, image.height}, [](Image::Pixel p) { return near(p, {120, 36, 36}, 3); });
  };
  rig.app.address_field = "192.0.2.1:7777";
  rig.app.connect(rig.now);
  rig.now += 2000;
  rig.app.tick(rig.now);
  EXPECT_EQ(problem_red(rig.render("connect-connecting")), 0);
  rig.now += 8000;
  rig.app.tick(rig.now);
  ASSERT_TRUE(rig.app.connect_problem());
  Image image = rig.render("connect-timed-out");
  const int red = problem_red(image);
  EXPECT_GT(red, 560 * 60) << "the problem's frame";
  // White text on it, at every later frame too (it does not fade).
  rig.now += 60'000;
  rig.app.tick(rig.now);
  Image later = rig.render("connect-timed-out-later");
  EXPECT_EQ(problem_red(later), red);
  // The frame holds its text: the rows just above and below the red block are free of white ink.
  int top = image.height, bottom = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x)
      if (near(image.at(x, y), {120, 36, 36}, 3)) {
        top = std::min(top, y);
        bottom = std::max(bottom, y);
      }
  const int white_inside = count(image, {360, top, 560, bottom - top}, [](Image::Pixel p) { return p.r > 230 && p.g > 230 && p.b > 230; });
  EXPECT_GT(white_inside, 500) << "the problem and what to try are written on it";
}

// Every game registers its rules as a window of the Help menu; each opens over any screen with
// its text, and closes.
TEST(Render, EveryGameHasARulesWindow) {
  Rig rig;
  for (const char* game : {"chess", "gunjin", "risiko"}) {
    ASSERT_NE(rig.screens->info(game, "rules"), nullptr) << game;
    EXPECT_FALSE(rig.screens->info_open(game, "rules"));
    Image before = rig.render(std::string("rules-before-") + game);
    ASSERT_TRUE(rig.screens->open_info(game, "rules"));
    Image image = rig.render(std::string("rules-") + game);
    const Rect middle{image.width / 2 - 250, image.height / 2 - 200, 500, 400};
    auto white = [](Image::Pixel p) { return p.r > 200 && p.g > 200 && p.b > 200; };
    EXPECT_GT(count(image, middle, white), count(before, middle, white) + 1500) << game;
    // Closed again, for the next game's window.
    rig.screens.reset();
    rig.screens.emplace(*rig.window, rig.app, fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/data");
  }
  EXPECT_FALSE(rig.screens->open_info("chess", "no-such-window"));
}

TEST(Render, TheBoardShowsThePositionTheLastMoveAndItsSquares) {
  Rig rig;
  rig.in_game();
  rig.play({"e4", "e5", "Nf3"});
  Image image = rig.render("game-white");
  ASSERT_TRUE(chess_view(*rig.screens).board_geometry());
  const BoardGeometry g = *chess_view(*rig.screens).board_geometry();
  EXPECT_FALSE(g.flipped());
  EXPECT_EQ(g.square_at({g.bounds().x + 1, g.bounds().y + 1}), sq("a8"));
  rig.expect_board(image, g, rig.t.chess().position(), sq("g1").bb() | sq("f3").bb());
  // The last move's squares are tinted yellow-green.
  const auto f3 = corner(image, g, sq("f3"));
  EXPECT_GT(f3.g, f3.b + 60);
}

TEST(Render, APickedUpPieceShowsItsSquareAndTargets) {
  Rig rig;
  rig.in_game();
  chess_screen(rig.app).press(sq("g1"));
  chess_screen(rig.app).release(sq("g1"));
  Image image = rig.render("game-selected");
  const BoardGeometry g = *chess_view(*rig.screens).board_geometry();
  rig.expect_board(image, g, rig.t.chess().position(), sq("g1").bb());
  // A dark dot in the middle of each empty target square, none on a square that is not one.
  for (const char* target : {"f3", "h3"}) {
    Rect r = g.square_rect(sq(target));
    const auto centre = image.at(r.x + r.w / 2, r.y + r.h / 2);
    const Rgb plain = (sq(target).file() + sq(target).rank()) % 2 == 1 ? kLight : kDark;
    EXPECT_LT(centre.r, plain.r - 30) << target;
  }
  Rect g3 = g.square_rect(sq("g3"));
  EXPECT_TRUE(near(image.at(g3.x + g3.w / 2, g3.y + g3.h / 2), kDark));
}

TEST(Render, BlackSeesTheBoardTurnedAndACheckIsRed) {
  Rig rig(kBlack);
  rig.in_game();
  rig.play({"e4", "f5", "Qh5+"});
  Image image = rig.render("game-black-check");
  const BoardGeometry g = *chess_view(*rig.screens).board_geometry();
  EXPECT_TRUE(g.flipped());
  EXPECT_EQ(g.square_at({g.bounds().x + 1, g.bounds().y + 1}), sq("h1"));
  // The black king on e8, in check: red around it.
  Rect e8 = g.square_rect(sq("e8"));
  EXPECT_GT(count(image, e8, [](Image::Pixel p) { return p.r > 200 && p.g < 80 && p.b < 80; }), e8.w * e8.h / 10);
  rig.expect_board(image, g, rig.t.chess().position(), sq("d1").bb() | sq("h5").bb());  // the glow is round: corners stay
}

TEST(Render, ADraggedPieceLeavesItsSquareAndFollowsThePointer) {
  Rig rig;
  rig.in_game();
  Image before = rig.render("game-before-drag");
  const BoardGeometry g = *chess_view(*rig.screens).board_geometry();
  chess_screen(rig.app).press(sq("e2"));
  chess_screen(rig.app).drag(g.square_rect(sq("e4")).center());
  Image image = rig.render("game-drag");
  // e2 is empty (its square tinted as picked up), e4 shows the pawn under the pointer.
  EXPECT_EQ(count(image, inner(g, sq("e2")), whiteish), 0);
  EXPECT_GT(count(image, inner(g, sq("e4")), whiteish), count(before, inner(g, sq("e2")), whiteish) / 2);
  EXPECT_EQ(count(before, inner(g, sq("e4")), whiteish), 0);
  chess_screen(rig.app).release(sq("e4"));
  ASSERT_TRUE(chess_screen(rig.app).pending_move());
  EXPECT_EQ(game::chess::to_uci(*chess_screen(rig.app).pending_move()), "e2e4");
  // The move just sent is shown made while the lobby relays it.
  Image sent = rig.render("game-sent");
  Position after = Position::start().after(*chess_screen(rig.app).pending_move());
  rig.expect_board(sent, g, after, sq("e2").bb() | sq("e4").bb());
}

TEST(Render, APromotionOffersFourPiecesOverTheSquare) {
  Rig rig;
  rig.in_game();
  rig.play({"a4", "b5", "axb5", "a6", "bxa6", "Bb7", "axb7", "Nc6"});  // b8 is free
  const Position before = rig.t.chess().position();
  rig.render("game-before-promotion");
  const BoardGeometry g = *chess_view(*rig.screens).board_geometry();
  chess_screen(rig.app).press(sq("b7"));
  chess_screen(rig.app).release(sq("b7"));
  chess_screen(rig.app).press(sq("b8"));
  ASSERT_TRUE(chess_screen(rig.app).input().promotion());
  Image image = rig.render("game-promotion");
  // The chooser covers b8 down to b5 with its buttons; the rest of the board is untouched.
  Rect column = g.square_rect(sq("b8"));
  column.h *= 4;
  EXPECT_GT(count(image, column, [](Image::Pixel p) { return near(p, {69, 107, 158}, 8); }), column.w * column.h / 3);
  EXPECT_TRUE(near(corner(image, g, sq("h1")), kLight));
  rig.app.take_commands();
  chess_screen(rig.app).choose_promotion(PieceType::knight);
  auto commands = rig.app.take_commands();
  ASSERT_EQ(commands.size(), 1U);
  ASSERT_TRUE(seat_intent<ChessIntent>(commands[0]));
  EXPECT_EQ(game::chess::to_uci(seat_intent<ChessIntent>(commands[0])->move), "b7b8n");
  Image chosen = rig.render("game-promoted");
  rig.expect_board(chosen, g, before.after(*parse_uci(before, "b7b8n")), sq("b7").bb() | sq("b8").bb());
}

TEST(Render, TheRoomShowsItsSeatsAndChat) {
  Rig rig;
  rig.online();
  lobby::RoomState r;
  r.room = lobby::RoomId{7};
  r.game = "chess";
  r.phase = lobby::RoomPhase::waiting;
  r.seats = {{rig.t.lobby.seat_identity(kWhite).public_key(), "alice", false, true}, {}};
  rig.lobby(r);
  ASSERT_EQ(rig.app.screen(), Screen::room);
  Image empty_chat = rig.render("room-empty");
  auto text = [](const Image& image) {
    // The chat pane: right of the seats column.
    return count(image, {420, 120, image.width - 440, 300}, [](Image::Pixel p) { return p.r > 150 && p.g > 150; });
  };
  for (int i = 0; i < 3; ++i)
    rig.lobby(lobby::ChatLine{r.room, rig.t.lobby.seat_identity(kBlack).public_key(), "bob", lobby::Role::player,
                              "good luck, have fun " + std::to_string(i)});
  Image chat = rig.render("room-chat");
  EXPECT_GT(text(chat), text(empty_chat) + 500) << "the chat lines are not drawn";
  EXPECT_EQ(rig.app.lobby().chat().size(), 3U);
}

// On a host with house bots of the room's game, the room offers one more button: "Seat a house bot".
TEST(Render, AWaitingRoomOnAHostWithHouseBotsOffersToSeatOne) {
  auto room_buttons = [](Rig& rig, const char* name) {
    rig.online();
    lobby::RoomState r;
    r.room = lobby::RoomId{7};
    r.game = "chess";
    r.seats = {{rig.t.lobby.seat_identity(kWhite).public_key(), "alice", false, true}, {}};
    rig.lobby(r);
    Image image = rig.render(name);
    // The seats column, left of the chat.
    return count(image, {0, 100, 400, image.height - 100}, [](Image::Pixel p) { return near(p, {69, 107, 158}, 6); });
  };
  int without = 0;
  {
    Rig plain;  // one window (and ImGui back end) at a time
    without = room_buttons(plain, "room-plain");
  }
  AppConfig hosting{identity_from(1).public_key(), "alice", "127.0.0.1:7777", 7777, false, false,
                    {QuickMatchTarget{"chess", 2}}};
  hosting.seat_house_bot = [](std::string_view, lobby::RoomId) { return true; };
  Rig host(hosting);
  EXPECT_GT(room_buttons(host, "room-house-bots"), without + 300 * 20) << "no \"Seat a house bot\" button";
}

TEST(Render, TheLobbyListsEveryRoomWithItsButtons) {
  Rig rig;
  rig.online();
  Image empty = rig.render("lobby-empty");
  auto buttons = [](const Image& image) {
    return count(image, {0, 0, image.width, image.height}, [](Image::Pixel p) { return near(p, {69, 107, 158}, 6); });
  };
  const int without_rooms = buttons(empty);
  peer::RoomOptions club;
  club.clock_base_ms = 5 * 60'000;
  club.clock_increment_ms = 3'000;
  club.event = "Club Cup";
  club.round = "2";
  std::vector<lobby::RoomSummary> rooms{
      {lobby::RoomId{1}, "chess", {"Ada", std::nullopt}, 0, lobby::RoomPhase::waiting, peer::encode(club)},
      {lobby::RoomId{2}, "gunjin", {"Bo", "Cy"}, 2, lobby::RoomPhase::started, lobby::Bytes{}},
      {lobby::RoomId{3}, "risiko", {"Di", std::nullopt, "Ed"}, 0, lobby::RoomPhase::waiting, std::nullopt},
      {lobby::RoomId{4}, "chess", {std::nullopt, "Fay"}, 0, lobby::RoomPhase::waiting, lobby::Bytes{}}};
  rig.lobby(lobby::RoomList{lobby::RequestId{2}, rooms, false});
  Image listed = rig.render("lobby-rooms");
  // Each row has its Join and Watch buttons.
  EXPECT_GT(buttons(listed), without_rooms + 4 * 2 * 300);
}

// A chess game's log where Black plays White's pawn (d2d4) after e4 e5: Black is blamed.
std::vector<std::uint8_t> cheat_log() {
  Table t;
  t.start_play();
  for (auto san : {"e4", "e5"}) {
    Move m = *parse_san(t.chess().position(), san);
    game::Seat s = seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
  }
  t.post(kBlack, t.chess_action({Action::Kind::move, kBlack, *parse_uci(t.chess().position(), "d2d4"), 0}));
  for (auto& l : t.locals)
    if (auto duty = l.duty(*t.session, {})) t.post(l.seat(), *duty);
  return lobby::encode(t.lobby.log());
}

TEST(Render, TheReplayShowsTheBoardAtTheStepAndTheVerdictInRed) {
  Rig rig;
  auto viewer = ReplayViewer::open(cheat_log(), "cheat.plog");
  ASSERT_TRUE(viewer) << viewer.error();
  rig.app.open_replay(std::move(viewer).value());
  rig.app.replay()->next_verdict();  // the cheat
  Image image = rig.render("replay-blame");
  ASSERT_TRUE(chess_view(*rig.screens).board_geometry());
  const BoardGeometry g = *chess_view(*rig.screens).board_geometry();
  // The illegal move is not on the board: e4 e5, with e5 the last move.
  Position shown = Position::start().after(*parse_uci(Position::start(), "e2e4"));
  shown = shown.after(*parse_uci(shown, "e7e5"));
  rig.expect_board(image, g, shown, sq("e7").bb() | sq("e5").bb());
  // The blamed seat and its entry in the verdict colour.
  const Rect panel{g.bounds().x + g.bounds().w, g.bounds().y, image.width - g.bounds().x - g.bounds().w, g.bounds().h};
  EXPECT_GT(count(image, panel, [](Image::Pixel p) { return near(p, {242, 107, 97}, 12); }), 200);
  rig.app.replay()->first();
  Image start = rig.render("replay-start");
  rig.expect_board(start, g, Position::start(), 0);
  // The list folds the protocol's steps away until asked for them.
  const std::size_t folded = rig.screens->replay_rows();
  rig.screens->show_protocol_steps(true);
  rig.render("replay-protocol-steps");
  EXPECT_EQ(rig.screens->replay_rows(), rig.app.replay()->size());
  EXPECT_LT(folded, rig.app.replay()->size());
  EXPECT_GE(folded, 4U) << "the genesis and the three moves at least";
}

TEST(Render, ACheatIsARedBannerOverTheGame) {
  Rig rig(std::nullopt);
  rig.in_game();
  rig.play({"e4"});
  rig.t.post(kBlack, rig.t.chess_action({Action::Kind::move, kBlack, *parse_uci(Position::start(), "d2d4"), 0}));
  rig.deliver();
  Image image = rig.render("game-cheat-banner");
  EXPECT_GT(count(image, {10, 30, image.width - 20, 60}, [](Image::Pixel p) { return near(p, {170, 30, 30}, 8); }), 5000);
}

// Ctrl+Q (or the window's close box) in a game being played asks first, in a dialog with a red
// "quit anyway"; once the game is over it quits at once. The result dialog offers a rematch.
TEST(Render, QuittingAGameInProgressAsksFirst) {
  Rig rig;
  rig.in_game();
  rig.play({"e4", "e5"});
  Image before = rig.render("game-before-quit");
  rig.screens->request_quit();
  EXPECT_FALSE(rig.screens->quit_requested());
  EXPECT_TRUE(rig.screens->quit_confirmation_open());
  Image asking = rig.render("game-confirm-quit");
  auto red_button = [](const Image& image) {
    return count(image, {0, 0, image.width, image.height}, [](Image::Pixel p) { return near(p, {158, 51, 51}, 4); });
  };
  EXPECT_EQ(red_button(before), 0);
  EXPECT_GT(red_button(asking), 1000) << "the dialog and its red button";
  EXPECT_FALSE(rig.screens->quit_requested());
  // The game ends: the result dialog, with more buttons than before (Rematch, Open replay), and
  // quitting is no longer a question.
  rig.t.post(kBlack, rig.t.chess_action({Action::Kind::resign, kBlack, Move::none(), 0}));
  rig.deliver();
  ASSERT_TRUE(rig.app.result_dialog_open());
  ASSERT_TRUE(rig.app.can_rematch());
  Image over = rig.render("game-over-dialog");
  EXPECT_TRUE(rig.screens->quit_requested()) << "the pending question is moot";
}

// The open dialog lists the saved logs newest first (by when they were written), each with its
// Open button, and opens one from the list; other files are not listed.
TEST(Render, TheOpenDialogListsTheSavedLogsNewestFirst) {
  const fs::path data = fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/logs-data";
  fs::remove_all(data);
  fs::create_directories(data / "logs");
  Table t;
  t.start_play();
  const auto bytes = lobby::encode(t.lobby.log());
  const auto now = fs::file_time_type::clock::now();
  // Names in another order than their times.
  const std::vector<std::pair<std::string, int>> files{{"a-oldest.plog", -300}, {"c-middle.plog", -200}, {"b-newest.plog", -100}};
  for (const auto& [name, age] : files) {
    std::ofstream(data / "logs" / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                                static_cast<std::streamsize>(bytes.size()));
    fs::last_write_time(data / "logs" / name, now + std::chrono::seconds(age));
  }
  std::ofstream(data / "logs" / "notes.txt") << "not a log";
  AppConfig config{identity_from(1).public_key(), "alice", "127.0.0.1:7777", 7777, false, false};
  App app(config);
  testing::HiddenScreens h;
  h.open(app, data);
  h.screens->open_log_dialog();
  Image image = h.render("open-log-dialog");
  ASSERT_EQ(h.screens->recent_logs().size(), 3U);
  EXPECT_EQ(h.screens->recent_logs()[0].filename(), "b-newest.plog");
  EXPECT_EQ(h.screens->recent_logs()[1].filename(), "c-middle.plog");
  EXPECT_EQ(h.screens->recent_logs()[2].filename(), "a-oldest.plog");
  // An Open button per row, in the dialog.
  EXPECT_GT(count(image, {0, 0, image.width, image.height}, [](Image::Pixel p) { return near(p, {69, 107, 158}, 6); }),
            3 * 250);
  h.close();
  fs::remove_all(data);
}

// The check itself: a name wider than its column (a child region here) is found cut, one that
// fits is not.
TEST(Render, TextWiderThanItsBoxIsFoundClipped) {
  Rig rig;
  auto frame = [&](float width) {
    rig.window->begin_frame();
    ImGui::SetNextWindowPos(ImVec2(100, 100));
    ImGui::SetNextWindowSize(ImVec2(400, 200));
    ImGui::Begin("clip-check", nullptr, ImGuiWindowFlags_NoDecoration);
    ImGui::BeginChild("column", ImVec2(width, 60), false);
    ImGui::TextUnformatted("A player's name of some length to fit or not");
    ImGui::EndChild();
    ImGui::End();
    rig.window->end_frame();
    return clipped_glyphs(ImGui::GetDrawData()).size();
  };
  // ImGui lays a new window out over its first frames. A column edge may fall between two words
  // (nothing straddles it): over a few widths some glyph does.
  std::size_t cut = 0;
  for (float width = 100; width < 160; width += 6) {
    frame(width);
    cut += frame(width);
  }
  EXPECT_GE(cut, 5U);
  frame(380);
  EXPECT_EQ(frame(380), 0U);
}

// The lobby's common room as a lobby serving it fills it (docs/ui.md, "Lobby"): a pulse with
// queues, players doing each thing with ratings in some games, a long name, lobby chat.
void alive_lobby(Rig& rig) {
  rig.lobby(lobby::LobbyPulse{lobby::RequestId{3}, 6, {{"chess", 2, 1}, {"risiko", 3, 2}, {"gunjin", 2, 1}}});
  const std::vector<std::pair<std::string, lobby::Activity>> people{
      {"alice", lobby::Activity::idle},
      {"Bartolomeo Cristofori di Padova, the piano's maker", lobby::Activity::playing},
      {"Chiara", lobby::Activity::queued},
      {"\xe5\xb1\xb1\xe7\x94\xb0", lobby::Activity::watching},  // 山田
      {"dmitri", lobby::Activity::queued},
      {"Eve", lobby::Activity::playing}};
  std::vector<lobby::PlayerSummary> players;
  for (std::size_t i = 0; i < people.size(); ++i) {
    std::vector<lobby::GameRating> ratings;
    if (i % 2 == 1) ratings.push_back({"chess", static_cast<std::uint16_t>(1450 + 97 * i), static_cast<std::uint16_t>(45 + 50 * i)});
    if (i % 3 == 0) ratings.push_back({"risiko", 1500, 350});
    // The first is this client ("alice", her row in green).
    const crypto::PublicKey key = i == 0 ? rig.app.config().identity : identity_from(static_cast<std::uint8_t>(0x30 + i)).public_key();
    players.push_back({key, people[i].first, people[i].second, ratings});
  }
  std::ranges::sort(players, [](const auto& a, const auto& b) { return a.key < b.key; });
  rig.lobby(lobby::PlayerList{lobby::RequestId{4}, players, false});
  const auto me = rig.app.config().identity;
  const auto& chiara = *std::ranges::find_if(players, [](const auto& p) { return p.name == "Chiara"; });
  rig.lobby(lobby::ChatLine{lobby::kLobbyRoom, chiara.key, chiara.name, lobby::Role::player, "anyone for Risiko?"});
  rig.lobby(lobby::ChatLine{lobby::kLobbyRoom, me, "alice", lobby::Role::player,
                            "yes, in a minute: a long line of chat that wraps at the panel's edge rather than run on"});
}

// The draw lists of the last frame drawn for a window named `name` (a child's name holds it).
bool window_drawn(const std::string& name) {
  const ImDrawData* data = ImGui::GetDrawData();
  for (int l = 0; l < data->CmdListsCount; ++l)
    if (data->CmdLists[l]->_OwnerName != nullptr && std::string(data->CmdLists[l]->_OwnerName).find(name) != std::string::npos &&
        data->CmdLists[l]->VtxBuffer.Size > 0)
      return true;
  return false;
}

// The lobby screen with its common room, in English, Italian and Japanese at 1024×768 and
// 1280×800: who is online and the lobby chat beside Play and the rooms, one Play per game with
// its queue's count in green where someone waits, no text cut; the same lobby refusing the
// common room as unknown shows neither panel, and no notice.
TEST(Render, TheLobbyShowsWhoIsOnlineTheQueuesAndItsChat) {
  for (const char* language : {"en", "it", "ja"}) {
    ASSERT_TRUE(i18n::set_language(language));
    for (auto [w, h] : {std::pair{1280, 800}, std::pair{1024, 768}}) {
      const std::string size = std::to_string(w) + "x" + std::to_string(h) + "-" + language;
      auto green = [](const Image& image) {
        return count(image, {0, 0, image.width, image.height}, [](Image::Pixel p) { return near(p, {115, 209, 122}, 30); });
      };
      Rig rig;
      rig.close();
      rig.open(rig.app, fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/data", w, h);
      rig.online();
      alive_lobby(rig);
      ASSERT_EQ(rig.app.lobby().lobby_room(), LobbyRoom::served);
      Image alive = rig.render("lobby-alive-" + size);
      for (const ClippedGlyph& g : clipped_glyphs(ImGui::GetDrawData()))
        ADD_FAILURE() << "lobby at " << size << ": " << describe(g);
      EXPECT_TRUE(window_drawn("who-is-online")) << size;
      EXPECT_TRUE(window_drawn("lobby-chat")) << size;
      // The counts where someone waits, this client's row and its chat line, in green.
      EXPECT_GT(green(alive), 300) << size;
      rig.close();  // one window at a time
      // Without the common room the lobby is the plain one the clipping check covers in every
      // language: the panels' absence is checked once.
      if (std::string(language) != "en" || w != 1024) continue;

      Rig old;
      old.close();
      old.open(old.app, fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/data", w, h);
      old.online();
      old.app.on_event(LobbyRoomRefused{lobby::Refusal::unknown_message}, old.now);
      Image plain = old.render("lobby-older-" + size);
      EXPECT_TRUE(clipped_glyphs(ImGui::GetDrawData()).empty()) << size;
      EXPECT_FALSE(window_drawn("who-is-online")) << size;
      EXPECT_FALSE(window_drawn("lobby-chat")) << size;
      EXPECT_TRUE(old.app.active_notices(old.now).empty()) << size;
      EXPECT_GT(green(alive), green(plain) + 300) << size;
    }
  }
  i18n::set_language("en");
}

// No text cut off by its box on the shared screens, at 1280×800 and at 1024×768, in the
// language in use.
void expect_no_text_clipped_on_the_shared_screens() {
  const std::string language = i18n::language();
  for (auto [w, h] : {std::pair{1280, 800}, std::pair{1024, 768}}) {
    const std::string size = std::to_string(w) + "x" + std::to_string(h) + (language == "en" ? "" : "-" + language);
    Rig rig;
    rig.close();
    rig.open(rig.app, fs::path(PARLEY_BINARY_DIR) / "tests/ui/render/data", w, h);
    auto check = [&](const std::string& name) {
      rig.render("clip-" + name + "-" + size);
      for (const ClippedGlyph& g : clipped_glyphs(ImGui::GetDrawData()))
        ADD_FAILURE() << name << " at " << size << ": " << describe(g);
    };
    check("connect");
    rig.app.address_field = "192.0.2.1:7777";
    rig.app.connect(rig.now);
    rig.app.tick(rig.now + 10'000);
    check("connect-problem");
    rig.online();
    peer::RoomOptions club;
    club.clock_base_ms = 5 * 60'000;
    club.event = "Club Cup";
    rig.lobby(lobby::RoomList{lobby::RequestId{2},
                              {{lobby::RoomId{1}, "chess", {"Ada", std::nullopt}, 0, lobby::RoomPhase::waiting, peer::encode(club)},
                               {lobby::RoomId{2}, "gunjin", {"Bo", "Cy"}, 2, lobby::RoomPhase::started, lobby::Bytes{}}},
                              false});
    check("lobby");
    alive_lobby(rig);
    check("lobby-alive");
    rig.screens->show_lobby_tab(Screens::LobbyTab::create);
    check("lobby-create-room");
    rig.screens->show_lobby_tab(Screens::LobbyTab::invite_code);
    check("lobby-invite-code");
    rig.screens->show_lobby_tab(Screens::LobbyTab::rooms);
    rig.in_game();
    rig.play({"e4", "e5", "Nf3"});
    check("game");
    for (const char* game : {"chess", "gunjin", "risiko"}) {
      rig.screens->open_info(game, "rules");
      check(std::string("rules-") + game);
    }
    // The replay viewer with a blamed seat: the verdict, the list, the players' names.
    auto viewer = ReplayViewer::open(cheat_log(), "cheat.plog");
    ASSERT_TRUE(viewer) << viewer.error();
    rig.app.open_replay(std::move(viewer).value());
    rig.app.replay()->next_verdict();
    check("replay-blame");
  }
}

TEST(Render, NoTextIsClippedOnTheSharedScreens) { expect_no_text_clipped_on_the_shared_screens(); }

// The translations are longer (Italian) or wider (Japanese) than the English.
TEST(Render, NoTextIsClippedOnTheSharedScreensInItalianAndJapanese) {
  for (const char* language : {"it", "ja"}) {
    ASSERT_TRUE(i18n::set_language(language));
    expect_no_text_clipped_on_the_shared_screens();
  }
  i18n::set_language("en");
}

}  // namespace
}  // namespace parley::ui::sdl
