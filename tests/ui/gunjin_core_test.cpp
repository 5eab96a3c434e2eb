// The Gunjin parts of the client without a window: names and the referee's words, the layout
// file and editor, the human seat's player (an agent of the session layer, so every proof and
// duel message is the protocol's own), what the seat's board may show, move input, the App's
// Gunjin room, and the replay of a verified log with both armies.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "games/gunjin/ui/gunjin_board.hpp"
#include "games/gunjin/ui/gunjin_geometry.hpp"
#include "games/gunjin/ui/gunjin_layout_editor.hpp"
#include "games/gunjin/ui/gunjin_player.hpp"
#include "games/gunjin/ui/gunjin_replay.hpp"
#include "games/gunjin/ui/gunjin_screen.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"
#include "peer/log/verify.hpp"
#include "peer/session/gunjin_protocol.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"
#include "ui/core/app.hpp"

namespace parley::ui {
namespace {

namespace fs = std::filesystem;
using namespace game::gunjin;
using game::Seat;
using peer::testing::GunjinTable;

constexpr Seat kSeat0{0}, kSeat1{1};

// ---- names and the referee ------------------------------------------------------------------

TEST(GunjinText, EveryKindIsFoundByEachOfItsNames) {
  for (Kind k : kAllKinds) {
    EXPECT_EQ(kind_from_word(japanese_name(k)), k);
    EXPECT_EQ(kind_from_word(kana_reading(k)), k);
    EXPECT_EQ(kind_from_word(reading(k)), k);
    EXPECT_EQ(kind_from_word(english_name(k)), k);
  }
  EXPECT_EQ(kind_from_word("TAISHO"), Kind::general);  // no long-vowel mark, any case
  EXPECT_EQ(kind_from_word("kohei"), Kind::engineer);
  EXPECT_EQ(kind_from_word("queen"), std::nullopt);
  EXPECT_EQ(kind_caption(Kind::colonel), "大佐 (たいさ, taisa): colonel");
}

// A battle on an arranged board: seat 0's `attacker` on b4 (a gate) attacks seat 1's
// `defender` on b5 across the bridge.
struct Battle {
  State full;
  BattleRecord record;
};
Battle battle_between(Kind attacker, Kind defender) {
  const Square from{18}, to{24};
  std::vector<PlacedPiece> pieces = {{PieceId{kSeat0, 18}, attacker, from, false},
                                     {PieceId{kSeat1, 21}, defender, to, false},
                                     {PieceId{kSeat0, 0}, Kind::flag, Square{0}, false},
                                     {PieceId{kSeat1, 0}, Kind::flag, Square{45}, false}};
  State s = State::arrange(Options{}, pieces, kSeat0).value();
  const auto outcome = battle(effective_kind(defender, std::nullopt), attacker);
  State after = Gunjin::apply(s, Action{kSeat0, Play{from, to, outcome, false}}).value();
  return {after, after.battles().back()};
}

bool mentions_any_kind(const std::string& text, std::optional<Kind> except = std::nullopt) {
  for (Kind k : kAllKinds)
    if (k != except && text.find(japanese_name(k)) != std::string::npos) return true;
  return false;
}

TEST(GunjinReferee, AnnouncesWhereAndWhoWasRemovedNeverTheEnemysKind) {
  struct Case {
    Kind attacker, defender;
    const char* outcome;
  };
  const Case cases[] = {{Kind::colonel, Kind::general, "attacker removed"},
                        {Kind::captain, Kind::captain, "both removed"},
                        {Kind::general, Kind::captain, "defender removed"},
                        {Kind::general, Kind::spy, "attacker removed"}};  // the table: the spy beats 大将 either way
  for (const Case& c : cases) {
    const Battle b = battle_between(c.attacker, c.defender);
    // The attacker's own screen: its piece named, the outcome, not the enemy's kind.
    const std::string attacker = referee_announcement(b.record, b.full.conceal(kSeat0), kSeat0);
    EXPECT_NE(attacker.find("Battle at b5"), std::string::npos) << attacker;
    EXPECT_NE(attacker.find(c.outcome), std::string::npos) << attacker;
    EXPECT_NE(attacker.find(japanese_name(c.attacker)), std::string::npos) << attacker;
    if (c.defender != c.attacker) {
      EXPECT_FALSE(mentions_any_kind(attacker, c.attacker)) << attacker;
    }
    // The defender's: its own piece, never the attacker's kind.
    const std::string defender = referee_announcement(b.record, b.full.conceal(kSeat1), kSeat1);
    EXPECT_NE(defender.find(c.outcome), std::string::npos) << defender;
    EXPECT_NE(defender.find("from b4"), std::string::npos) << defender;
    if (c.defender != c.attacker) {
      EXPECT_FALSE(mentions_any_kind(defender, c.defender)) << defender;
    }
    // A spectator hears no kind at all — even from a state that knows them all.
    const std::string watcher = referee_announcement(b.record, b.full, std::nullopt);
    EXPECT_FALSE(mentions_any_kind(watcher)) << watcher;
    EXPECT_NE(watcher.find(c.outcome), std::string::npos) << watcher;
  }
  EXPECT_EQ(referee_outcome(BattleOutcome::defender_stays), "attacker removed");
  // A spectator hears the attacker by name, else by its pieces' colour: never by its seat.
  const Battle b = battle_between(Kind::colonel, Kind::captain);
  const std::vector<std::string> names{"Ada", "Bo"};
  const std::string named = referee_announcement(b.record, b.full, std::nullopt, kanji_name, names);
  EXPECT_NE(named.find(names[b.record.attacker.seat.index]), std::string::npos) << named;
  EXPECT_EQ(named.find(names[1 - b.record.attacker.seat.index]), std::string::npos) << named;
  const std::string unnamed = referee_announcement(b.record, b.full, std::nullopt);
  EXPECT_NE(unnamed.find(gunjin_side_name(b.record.attacker.seat)), std::string::npos) << unnamed;
  EXPECT_NE(gunjin_side_name(kSeat0), gunjin_side_name(kSeat1));
  for (const std::string& text : {named, unnamed}) EXPECT_EQ(text.find("seat"), std::string::npos) << text;
  EXPECT_EQ(referee_outcome(BattleOutcome::both_removed), "both removed");
  EXPECT_EQ(referee_outcome(BattleOutcome::attacker_takes), "defender removed");
}

// ---- the layout file and editor -------------------------------------------------------------

TEST(GunjinLayoutFile, WritesAndReadsBackEveryLayout) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Layout layout = sensible_layout(seed);
    ASSERT_TRUE(validate_layout(layout));
    const std::string text = format_layout(layout);
    auto back = parse_layout(text);
    ASSERT_TRUE(back) << back.error() << "\n" << text;
    EXPECT_EQ(*back, layout);
  }
  // Romaji and English words, comments and blank lines are read too.
  const Layout layout = sensible_layout(7);
  std::string text = "\n# mine\n";
  const std::pair<int, int> rows[] = {{17, 6}, {11, 6}, {5, 6}, {0, 5}};
  for (auto [first, count] : rows) {
    for (int i = 0; i < count; ++i) {
      // English where the name is one word ("colonel"), romaji otherwise.
      const Kind k = layout[first + i];
      const bool one_word = english_name(k).find(' ') == std::string_view::npos;
      text += std::string(i % 2 && one_word ? english_name(k) : reading(k)) + "\t";
    }
    text += "  # row\n";
  }
  auto read = parse_layout(text);
  ASSERT_TRUE(read) << read.error() << "\n" << text;
  EXPECT_EQ(*read, layout);
}

TEST(GunjinLayoutFile, TheExampleInTheDocsIsALegalLayout) {
  std::ifstream in(fs::path(PARLEY_SOURCE_DIR) / "docs/ui.md");
  const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto start = doc.find("```\n# parley Gunjin layout");
  ASSERT_NE(start, std::string::npos);
  const auto end = doc.find("```", start + 3);
  auto layout = parse_layout(doc.substr(start + 4, end - start - 4));
  ASSERT_TRUE(layout) << layout.error();
  EXPECT_EQ((*layout)[2], Kind::general);  // the back row's third entry is the HQ
  EXPECT_EQ((*layout)[17], Kind::colonel);  // the front row comes first
}

TEST(GunjinLayoutFile, SaysWhatIsWrongWithABadFile) {
  const Layout layout = sensible_layout(3);
  std::string good = format_layout(layout);
  auto expect_error = [](const std::string& text, const std::string& part) {
    auto r = parse_layout(text);
    ASSERT_FALSE(r) << text;
    EXPECT_NE(r.error().find(part), std::string::npos) << r.error();
  };
  expect_error("大将 中将\n", "has 6 pieces, not 2");
  expect_error(good + "大将\n", "more than four rows");
  expect_error("", "four rows");
  std::string unknown = good;
  unknown.replace(unknown.find(japanese_name(layout[17])), japanese_name(layout[17]).size(), "queen");
  expect_error(unknown, "'queen' is not a piece's name");
  // A second 大将: whichever piece it replaces, the army is wrong.
  Layout two_generals = layout;
  for (auto& k : two_generals)
    if (k == Kind::second_lieutenant) {
      k = Kind::general;
      break;
    }
  expect_error(format_layout(two_generals), "exactly 1 大将");
  // A mine on a gate.
  Layout mined = layout;
  const auto mine = std::find(mined.begin(), mined.end(), Kind::mine) - mined.begin();
  std::swap(mined[18], mined[static_cast<std::size_t>(mine)]);
  expect_error(format_layout(mined), "may not stand on a gate");
}

TEST(GunjinLayoutFile, SavesUnderTheDataDirectoryAndLoads) {
  const fs::path data = fs::path(PARLEY_BINARY_DIR) / "tests/ui/gunjin-data";
  fs::remove_all(data);
  const Layout layout = sensible_layout(11);
  auto saved = save_layout(data, "first_try-2", layout);
  ASSERT_TRUE(saved) << saved.error();
  EXPECT_EQ(*saved, data / "gunjin/layouts/first_try-2.layout");
  EXPECT_EQ(load_layout(*saved).value(), layout);
  EXPECT_FALSE(save_layout(data, "../escape", layout));
  EXPECT_FALSE(save_layout(data, "", layout));
  EXPECT_FALSE(load_layout(data / "missing.layout"));
}

TEST(GunjinLayoutEditor, ClickClickAndDragSwapTwoPieces) {
  const Layout start = sensible_layout(5);
  GunjinLayoutEditor e(start);
  // Two slots away from the gates holding different kinds.
  std::uint8_t a = 5, b = 6;
  while (start[a] == start[b]) ++b;
  e.press(a);
  e.release(a);
  EXPECT_EQ(e.selected(), a);
  e.press(b);
  e.release(b);
  EXPECT_EQ(e.selected(), std::nullopt);
  EXPECT_EQ(e.layout()[a], start[b]);
  EXPECT_EQ(e.layout()[b], start[a]);
  // Drag it back.
  e.press(b);
  e.drag({10, 10});
  EXPECT_TRUE(e.dragging());
  e.release(a);
  EXPECT_EQ(e.layout(), start);
  EXPECT_FALSE(e.dragging());
  // A second click on the same piece puts it back; a press off the camp too.
  e.press(a);
  e.release(a);
  e.press(a);
  e.release(a);
  EXPECT_EQ(e.selected(), std::nullopt);
  e.press(a);
  e.press(std::nullopt);
  EXPECT_EQ(e.selected(), std::nullopt);
  // A drag dropped off the camp changes nothing.
  e.press(a);
  e.drag({1, 1});
  e.release(std::nullopt);
  EXPECT_EQ(e.layout(), start);
}

TEST(GunjinLayoutEditor, RefusesToPutAMineOrTheFlagOnAGate) {
  const Layout start = sensible_layout(9);
  GunjinLayoutEditor e(start);
  for (Kind immovable : {Kind::mine, Kind::flag}) {
    const auto slot = static_cast<std::uint8_t>(std::find(start.begin(), start.end(), immovable) - start.begin());
    EXPECT_FALSE(e.may_swap(slot, 18));
    e.press(slot);
    e.release(slot);
    e.press(18);
    EXPECT_EQ(e.layout(), start);
    EXPECT_NE(e.refusal().find("may not stand on a gate"), std::string::npos) << e.refusal();
    e.press(std::uint8_t{21});
    e.drag({3, 3});
    e.release(slot);
    EXPECT_EQ(e.layout(), start);
  }
  // A legal swap clears the refusal; set() refuses an illegal layout.
  e.press(std::uint8_t{5});
  e.press(std::uint8_t{6});
  EXPECT_TRUE(e.refusal().empty());
  Layout bad = e.layout();
  std::swap(bad[18], bad[static_cast<std::size_t>(std::find(bad.begin(), bad.end(), Kind::flag) - bad.begin())]);
  EXPECT_FALSE(e.set(bad));
  EXPECT_TRUE(e.set(start));
  EXPECT_EQ(e.layout(), start);
}

// ---- the board's geometry -------------------------------------------------------------------

TEST(GunjinGeometry, SquaresAndTheRiverBothWaysUp) {
  const GunjinBoardGeometry g({100, 50}, 40, false);
  EXPECT_EQ(g.bounds(), (Rect{100, 50, 240, 340}));
  EXPECT_EQ(g.river(), (Rect{100, 210, 240, 20}));
  // Seat 0's back row at the bottom; its HQ two cells wide.
  EXPECT_EQ(g.square_rect(Square{0}), (Rect{100, 350, 40, 40}));
  EXPECT_EQ(g.square_rect(Square{2}), (Rect{180, 350, 80, 40}));
  EXPECT_EQ(g.square_rect(Square{43}), (Rect{180, 50, 80, 40}));
  EXPECT_EQ(g.square_at({185, 355}), Square{2});
  EXPECT_EQ(g.square_at({255, 385}), Square{2});
  EXPECT_EQ(g.square_at({120, 220}), std::nullopt);  // the river
  EXPECT_EQ(g.square_at({99, 60}), std::nullopt);
  for (std::uint8_t i = 0; i < kSquareCount; ++i) EXPECT_EQ(g.square_at(g.square_rect(Square{i}).center()), Square{i});
  // Turned half round: seat 1's camp at the bottom, columns mirrored.
  const GunjinBoardGeometry f({100, 50}, 40, true);
  EXPECT_EQ(f.square_rect(Square{45}), (Rect{100, 350, 40, 40}));
  EXPECT_EQ(f.square_rect(Square{0}), (Rect{300, 50, 40, 40}));
  for (std::uint8_t i = 0; i < kSquareCount; ++i) EXPECT_EQ(f.square_at(f.square_rect(Square{i}).center()), Square{i});
  // The bridges join the facing gates.
  const Rect bridge = g.bridge(1);
  EXPECT_GT(bridge.x, g.square_rect(Square{18}).x);
  EXPECT_LT(bridge.x + bridge.w, g.square_rect(Square{18}).x + 40);
}

// The letters under the columns and the numbers beside the rows name the squares as the referee
// and the terminal do (square_name), both ways up; they sit outside the board.
TEST(GunjinGeometry, TheEdgeCoordinatesNameTheSquaresAsTheRefereeDoes) {
  for (bool flipped : {false, true}) {
    const GunjinBoardGeometry g({100, 50}, 40, flipped);
    const auto labels = g.edge_labels(18);
    ASSERT_EQ(labels.size(), 14U);
    const Rect b = g.bounds();
    for (const auto& label : labels) {
      EXPECT_FALSE(b.contains(label.centre)) << label.text;
      const bool column = label.centre.y > b.y + b.h;
      // The square in line with the label: row 2 for a column (no HQ there), column a/f for a row.
      const Point probe = column ? Point{label.centre.x, g.square_rect(game::gunjin::square_at(Cell{0, 1}).value()).center().y}
                                 : Point{b.x + 5, label.centre.y};
      const auto square = g.square_at(probe);
      ASSERT_TRUE(square) << label.text;
      const std::string name = square_name(*square);
      if (column)
        EXPECT_EQ(name.substr(0, 1), label.text) << (flipped ? "flipped " : "") << name;
      else
        EXPECT_EQ(name.substr(1), label.text) << (flipped ? "flipped " : "") << name;
      if (column) {
        EXPECT_LT(label.centre.y - (b.y + b.h), 18);
      } else {
        EXPECT_LT(b.x - label.centre.x, 18);
      }
    }
  }
  // Seat 0 reads a..f left to right and 1 at the bottom; seat 1 the other way round.
  const auto plain = GunjinBoardGeometry({0, 0}, 40, false).edge_labels(18);
  const auto turned = GunjinBoardGeometry({0, 0}, 40, true).edge_labels(18);
  EXPECT_LT(plain[0].centre.x, plain[5].centre.x);
  EXPECT_GT(turned[0].centre.x, turned[5].centre.x);
  EXPECT_GT(plain[6].centre.y, plain[13].centre.y);
  EXPECT_LT(turned[6].centre.y, turned[13].centre.y);
}

// ---- the human seat, the board, the App -----------------------------------------------------

// A game over the fake signing lobby: seat 0 a person (its agent), seat 1 the tracking bot.
struct HumanGame {
  explicit HumanGame(const Layout& layout = sensible_layout(21), const peer::GunjinRoomOptions& options = {})
      : table(std::make_unique<HumanGunjinPlayer>(layout), peer::testing::tracking_agent(4), options),
        board(kSeat0, layout),
        watcher(std::nullopt, std::nullopt) {}
  HumanGunjinPlayer& human() { return static_cast<HumanGunjinPlayer&>(table.agent(kSeat0)); }
  void run() {
    table.run();
    board.update(*table.session);
    watcher.update(*table.session);
  }
  GunjinTable table;
  GunjinBoard board;
  GunjinBoard watcher;
};

// Every kind the seat's board knows is its own (before the end).
void expect_sees_only_its_own(const GunjinBoard& board, std::optional<Seat> me) {
  for (std::uint8_t s = 0; s < 2; ++s)
    for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
      const bool known = board.view().piece(PieceId{Seat{s}, slot}).kind.has_value();
      EXPECT_EQ(known, me == Seat{s}) << "seat " << int(s) << " slot " << int(slot);
    }
}

TEST(GunjinHuman, ThePersonsMovesBecomeTheAgentsMessagesAndTheGameVerifies) {
  HumanGame g;
  g.run();
  // Setup, beacon and both army proofs are the agent's: the game waits for the person's move.
  ASSERT_EQ(g.table.session->phase(), peer::Phase::play);
  ASSERT_TRUE(g.table.rules().army_proved(kSeat0) && g.table.rules().army_proved(kSeat1));
  ASSERT_TRUE(g.board.may_move());
  EXPECT_EQ(g.board.status(), "Your move");
  expect_sees_only_its_own(g.board, kSeat0);
  expect_sees_only_its_own(g.watcher, std::nullopt);

  // A move the piece cannot make is refused with the reason, and nothing is posted.
  const auto entries = g.table.lobby.entries().size();
  const Square mine_square = *g.board.view().piece(PieceId{kSeat0, static_cast<std::uint8_t>(
      std::find(g.human().layout()->begin(), g.human().layout()->end(), Kind::mine) - g.human().layout()->begin())}).square;
  g.human().submit({GunjinIntent::Kind::move, mine_square, Square{static_cast<std::uint8_t>(mine_square.index + 6)}});
  g.run();
  EXPECT_EQ(g.table.lobby.entries().size(), entries);
  auto refusals = g.human().take_refusals();
  ASSERT_EQ(refusals.size(), 1U);
  EXPECT_NE(refusals[0].find("cannot move there"), std::string::npos) << refusals[0];

  // Play: each turn one legal move chosen at random in the person's own view, until a battle
  // has been fought and announced, then resign.
  std::mt19937_64 rng(3);
  int turns = 0;
  while (g.board.announcements().size() < 2 && turns < 120 && !g.table.session->outcome()) {
    ASSERT_TRUE(g.board.may_move()) << g.board.status();
    auto moves = peer::own_moves(g.board.view(), kSeat0);
    ASSERT_FALSE(moves.empty());
    // Prefer attacks, so battles come.
    std::vector<Play> attacks;
    for (const Play& m : moves)
      if (g.board.view().piece_at(m.to)) attacks.push_back(m);
    const auto& pool = attacks.empty() ? moves : attacks;
    const Play m = pool[rng() % pool.size()];
    g.human().submit({GunjinIntent::Kind::move, m.from, m.to});
    g.run();
    EXPECT_TRUE(g.human().take_refusals().empty());
    ++turns;
    if (!g.table.session->outcome()) {
      expect_sees_only_its_own(g.board, kSeat0);
      expect_sees_only_its_own(g.watcher, std::nullopt);
    }
  }
  ASSERT_GE(g.board.announcements().size(), 1U);
  for (const auto& line : g.watcher.announcements()) EXPECT_FALSE(mentions_any_kind(line)) << line;
  // Every message of seat 0 was a protocol message the agent made: the session accepted them all.
  for (const auto& e : g.table.session->events()) EXPECT_NE(e.kind, peer::SessionEvent::Kind::blame) << e.text;

  if (!g.table.session->outcome()) {
    // Resigning works even when it is not the person's turn.
    g.human().submit({GunjinIntent::Kind::resign, {}, {}});
    g.run();
  }
  ASSERT_TRUE(g.table.session->outcome());
  EXPECT_EQ(g.table.session->phase(), peer::Phase::complete);
  // At the end both layouts are opened: every piece face up on both boards.
  EXPECT_TRUE(g.board.armies_open());
  EXPECT_TRUE(g.watcher.armies_open());
  for (std::uint8_t s = 0; s < 2; ++s)
    for (std::uint8_t slot = 0; slot < kArmySize; ++slot)
      EXPECT_TRUE(g.watcher.view().piece(PieceId{Seat{s}, slot}).kind);
  EXPECT_FALSE(g.board.may_move());

  auto report = peer::verify(g.table.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, peer::SeatVerdict::Kind::honest) << s.reason;

  // The replay: public boards hide every kind, open boards show both armies; the last move.
  const auto bytes = lobby::encode(g.table.lobby.log());
  auto replay = GunjinReplay::open(bytes);
  ASSERT_TRUE(replay) << replay.error();
  ASSERT_TRUE(replay->armies_open());
  const std::size_t last = g.table.lobby.entries().size() - 1;
  const State& open = replay->board(last, true);
  for (std::uint8_t s = 0; s < 2; ++s)
    for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
      EXPECT_EQ(open.piece(PieceId{Seat{s}, slot}).kind, g.table.rules().revealed()[s]->at(slot));
      EXPECT_FALSE(replay->board(last, false).piece(PieceId{Seat{s}, slot}).kind);
    }
  EXPECT_EQ(open.conceal(std::nullopt), g.table.rules().public_state());
  EXPECT_EQ(replay->board(0, true).ply(), 0U);
  EXPECT_EQ(replay->announcements(last).size(), open.battles().size());
  EXPECT_EQ(replay->announcements(0).size(), 0U);
}

TEST(GunjinHuman, DrawOffersAndTheirAcceptanceGoThroughTheRules) {
  HumanGame g;
  g.run();
  ASSERT_TRUE(g.board.may_move());
  // Nothing was offered: accepting is refused; offering is taken and leaves the turn.
  EXPECT_FALSE(gunjin_intent_action(g.board.view(), kSeat0, {GunjinIntent::Kind::accept_draw, {}, {}}));
  EXPECT_FALSE(gunjin_intent_action(g.board.view(), kSeat0, {GunjinIntent::Kind::no_legal_move, {}, {}}));
  g.human().submit({GunjinIntent::Kind::offer_draw, {}, {}});
  g.run();
  EXPECT_TRUE(g.human().take_refusals().empty());
  EXPECT_EQ(g.table.rules().public_state().draw_offer(), kSeat0);
  EXPECT_TRUE(g.board.may_move());
  EXPECT_FALSE(gunjin_intent_action(g.board.view(), kSeat0, {GunjinIntent::Kind::offer_draw, {}, {}}));
  // Not its turn: a move is refused by the rules check.
  HumanGame h;
  h.table.run();
  h.board.update(*h.table.session);
  auto moves = peer::own_moves(h.board.view(), kSeat0);
  h.human().submit({GunjinIntent::Kind::move, moves[0].from, moves[0].to});
  h.run();
  EXPECT_FALSE(gunjin_intent_action(h.board.view(), kSeat0, {GunjinIntent::Kind::move, moves[0].from, moves[0].to}));
}

// The rules take a draw offer at any time outside a battle: the person may make one while the
// opponent thinks, and it goes out at once instead of waiting for the person's turn.
TEST(GunjinHuman, ADrawIsOfferedOnTheOpponentsTurn) {
  HumanGame g;
  g.run();
  ASSERT_TRUE(g.board.may_move());
  // The person's first move (an attack across a bridge: the armies meet there) and its duel,
  // one post at a time, until the opponent is to move.
  const auto moves = peer::own_moves(g.board.view(), kSeat0);
  g.human().submit({GunjinIntent::Kind::move, moves[0].from, moves[0].to});
  for (int posts = 0; posts < 20; ++posts) {
    const auto& rules = g.table.rules();
    if (!rules.history().empty() && !rules.duel() && rules.public_state().to_move() == kSeat1) break;
    for (Seat s : {kSeat0, kSeat1})
      if (auto m = g.table.next_of(s)) {
        g.table.post(s, *m);
        break;
      }
  }
  g.board.update(*g.table.session);
  ASSERT_EQ(g.table.rules().public_state().to_move(), kSeat1);
  ASSERT_FALSE(g.table.rules().duel());
  ASSERT_FALSE(g.table.session->outcome());
  EXPECT_FALSE(g.board.may_move());
  EXPECT_TRUE(g.board.may_offer_draw());
  EXPECT_TRUE(gunjin_intent_action(g.board.view(), kSeat0, {GunjinIntent::Kind::offer_draw, {}, {}}));
  EXPECT_FALSE(gunjin_intent_action(g.board.view(), kSeat0, {GunjinIntent::Kind::no_legal_move, {}, {}}));

  g.human().submit({GunjinIntent::Kind::offer_draw, {}, {}});
  auto offer = g.table.next_of(kSeat0);
  ASSERT_TRUE(offer);
  g.table.post(kSeat0, *offer);
  EXPECT_TRUE(g.human().take_refusals().empty());
  EXPECT_FALSE(g.table.session->seat(kSeat0).blame);
  EXPECT_EQ(g.table.rules().public_state().draw_offer(), kSeat0);
  EXPECT_EQ(g.table.rules().public_state().to_move(), kSeat1);
  g.board.update(*g.table.session);
  EXPECT_FALSE(g.board.may_offer_draw());
  EXPECT_NE(g.board.status().find("your draw offer stands until seat 1 accepts it or plays on"), std::string::npos)
      << g.board.status();
  // The opponent plays on, which declines it; the person may offer again.
  g.run();
  EXPECT_FALSE(g.table.rules().public_state().draw_offer());
  EXPECT_TRUE(g.board.may_offer_draw());
  EXPECT_EQ(g.board.status().find("draw offer"), std::string::npos) << g.board.status();
}

TEST(GunjinHuman, ResigningEndsTheGameWithOpenPiecesAndWaitsForTheArmyProofWithHidden) {
  // Hidden pieces, resigning before anything was posted: the army proof goes first.
  HumanGame hidden;
  hidden.human().submit({GunjinIntent::Kind::resign, {}, {}});
  hidden.run();
  EXPECT_TRUE(hidden.human().take_refusals().empty());
  EXPECT_TRUE(hidden.table.rules().army_proved(kSeat0));
  ASSERT_TRUE(hidden.table.session->outcome());
  EXPECT_EQ(hidden.table.session->outcome()->winner, kSeat1);
  // Open pieces have no army proof to wait for.
  peer::GunjinRoomOptions options;
  options.open_pieces = true;
  HumanGame open(sensible_layout(23), options);
  open.run();
  open.human().submit({GunjinIntent::Kind::resign, {}, {}});
  open.run();
  EXPECT_TRUE(open.human().take_refusals().empty());
  ASSERT_TRUE(open.table.session->outcome());
  EXPECT_EQ(open.table.session->outcome()->winner, kSeat1);
  for (const HumanGame* g : {&hidden, &open}) {
    const auto report = peer::verify(g->table.lobby.log());
    EXPECT_TRUE(report.valid) << report.fault;
  }
}

TEST(GunjinHuman, WithOpenPiecesEveryPieceIsShownAndTheMovesAreThePersons) {
  peer::GunjinRoomOptions open;
  open.open_pieces = true;
  HumanGame g(sensible_layout(23), open);
  g.run();
  ASSERT_TRUE(g.board.may_move()) << g.board.status();
  for (std::uint8_t s = 0; s < 2; ++s)
    for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
      EXPECT_TRUE(g.board.view().piece(PieceId{Seat{s}, slot}).kind);
      EXPECT_TRUE(g.watcher.view().piece(PieceId{Seat{s}, slot}).kind);
    }
  for (int turn = 0; turn < 5 && g.board.may_move(); ++turn) {
    const Play m = peer::own_moves(g.board.view(), kSeat0).back();
    g.human().submit({GunjinIntent::Kind::move, m.from, m.to});
    g.run();
    EXPECT_TRUE(g.human().take_refusals().empty());
    EXPECT_EQ(std::get<Play>(g.table.rules().history()[static_cast<std::size_t>(2 * turn)].body).from, m.from);
  }
  for (const auto& e : g.table.session->events()) EXPECT_NE(e.kind, peer::SessionEvent::Kind::blame) << e.text;
}

TEST(GunjinBoardInput, ClickClickAndDragMakeIntentsOnlyForReachableSquares) {
  HumanGame g;
  g.run();
  ASSERT_TRUE(g.board.may_move());
  GunjinBoard& b = g.board;
  const State& view = b.view();
  // A piece that can move: its targets are exactly its kind's destinations.
  const Play m = peer::own_moves(view, kSeat0).front();
  const Kind kind = *view.piece(*view.piece_at(m.from)).kind;
  EXPECT_EQ(b.press(m.from), std::nullopt);
  EXPECT_EQ(b.release(m.from), std::nullopt);
  EXPECT_EQ(b.selected(), m.from);
  EXPECT_EQ(b.targets(), destinations(kind, kSeat0, m.from, view.occupancy()));
  // A square it cannot reach (the board is full at the start: an enemy piece out of reach),
  // then its target.
  bool pressed = false;
  for (std::uint8_t i = 0; i < kSquareCount && !pressed; ++i) {
    const Square s{i};
    const auto id = view.piece_at(s);
    if (b.targets().contains(s) || !id || id->seat != kSeat1) continue;
    EXPECT_EQ(b.press(s), std::nullopt);
    pressed = true;
  }
  ASSERT_TRUE(pressed);
  EXPECT_EQ(b.selected(), std::nullopt);
  b.press(m.from);
  b.release(m.from);
  auto intent = b.press(m.to);
  ASSERT_TRUE(intent);
  EXPECT_EQ(*intent, (GunjinIntent{GunjinIntent::Kind::move, m.from, m.to}));
  // Drag and drop.
  b.press(m.from);
  b.drag({5, 5});
  EXPECT_TRUE(b.dragging());
  intent = b.release(m.to);
  ASSERT_TRUE(intent);
  EXPECT_EQ(intent->to, m.to);
  // Mines, the flag and enemy pieces cannot be picked up.
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    const Piece& p = view.piece(PieceId{kSeat0, slot});
    if (*p.kind == Kind::mine || *p.kind == Kind::flag) {
      b.press(*p.square);
      EXPECT_EQ(b.selected(), std::nullopt);
    }
  }
  b.press(*view.piece(PieceId{kSeat1, 20}).square);
  EXPECT_EQ(b.selected(), std::nullopt);
  // Once sent, the board takes no other move until the transcript moves on.
  b.sent(*intent);
  EXPECT_FALSE(b.may_move());
  EXPECT_EQ(b.press(m.from), std::nullopt);
  EXPECT_EQ(b.selected(), std::nullopt);
  g.human().submit(*intent);
  g.run();
  EXPECT_EQ(b.pending(), std::nullopt);
  // A spectator never moves.
  EXPECT_FALSE(g.watcher.may_move());
}

TEST(GunjinApp, AGunjinRoomSendsTheEditorsLayoutBeforeReady) {
  const auto key = peer::testing::identity_from(1).public_key();
  App app(AppConfig{key, "alice", "127.0.0.1:7777", 7777, false, false});
  EXPECT_TRUE(playable("gunjin"));
  app.connect(0);
  app.on_event(LobbyEvent{lobby::Connected{peer::testing::identity_from(9).public_key()}}, 0);
  app.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{1}, "alice", {}}}, 0);
  (void)app.take_commands();
  CreateRoomForm form;
  form.game = "gunjin";
  form.seats = 3;
  app.create_room(form, 0);
  EXPECT_TRUE(app.take_commands().empty());
  EXPECT_NE(app.active_notices(0).back().text.find("two players"), std::string::npos);
  form.seats = 2;
  app.create_room(form, 0);
  auto commands = app.take_commands();
  ASSERT_EQ(commands.size(), 1U);
  EXPECT_EQ(std::get<CreateRoomCommand>(commands[0]).game, "gunjin");
  EXPECT_TRUE(std::get<CreateRoomCommand>(commands[0]).options.game_options.empty()) << "the original rules: no blob";
  // A variant goes into the room's options as the Gunjin blob.
  gunjin_screen(app).room_form().variants.engineer_beats_tank = true;
  gunjin_screen(app).room_form().open_pieces = true;
  app.create_room(form, 0);
  commands = app.take_commands();
  ASSERT_EQ(commands.size(), 1U);
  auto blob = peer::decode_gunjin_room_options(std::get<CreateRoomCommand>(commands[0]).options.game_options);
  ASSERT_TRUE(blob);
  EXPECT_EQ(*blob, gunjin_screen(app).room_form());

  lobby::RoomState room;
  room.room = lobby::RoomId{7};
  room.game = "gunjin";
  room.phase = lobby::RoomPhase::waiting;
  room.seats = {{key, "alice", false, true}, {std::nullopt, "", false, false}};
  app.on_event(LobbyEvent{room}, 0);
  ASSERT_EQ(app.screen(), Screen::room);
  (void)app.take_commands();  // off the lobby screen: the lobby's common room is left
  // Rearrange, then Ready: the layout on screen goes first.
  gunjin_screen(app).editor().press(std::uint8_t{5});
  gunjin_screen(app).editor().press(std::uint8_t{7});
  const Layout chosen = gunjin_screen(app).editor().layout();
  app.set_ready(true);
  commands = app.take_commands();
  ASSERT_EQ(commands.size(), 2U);
  ASSERT_TRUE(prepared_seat<Layout>(commands[0]));
  EXPECT_EQ(*prepared_seat<Layout>(commands[0]), chosen);
  EXPECT_TRUE(std::get<ReadyCommand>(commands[1]).ready);
  // Quick match for Gunjin likewise.
  app.quick_match("gunjin", 2);
  commands = app.take_commands();
  ASSERT_EQ(commands.size(), 2U);
  EXPECT_EQ(std::get<QuickMatchCommand>(commands[1]).game, "gunjin");
}

TEST(GunjinApp, TheGameScreenFollowsTheEntriesAndSendsMovesAsIntents) {
  // The fake lobby's seat 0 is this client; its agent plays with the layout the App sent.
  const Layout layout = sensible_layout(33);
  HumanGame g(layout);
  const auto key = g.table.lobby.seat_identity(kSeat0).public_key();
  App app(AppConfig{key, "alice", "127.0.0.1:7777", 7777, false, false});
  app.connect(0);
  app.on_event(LobbyEvent{lobby::Connected{g.table.lobby.log().lobby_key}}, 0);
  app.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{1}, "alice", {}}}, 0);
  lobby::RoomState room;
  room.room = lobby::RoomId{8};
  room.game = "gunjin";
  room.phase = lobby::RoomPhase::waiting;
  room.seats = {{key, "alice", false, true}, {g.table.lobby.seat_identity(kSeat1).public_key(), "bot", true, true}};
  app.on_event(LobbyEvent{room}, 0);
  gunjin_screen(app).editor().set(layout);
  app.set_ready(true);
  room.phase = lobby::RoomPhase::started;
  app.on_event(LobbyEvent{room}, 0);
  ASSERT_EQ(app.screen(), Screen::game);
  (void)app.take_commands();
  g.run();
  std::size_t delivered = 0;
  auto deliver = [&] {
    const auto& all = g.table.lobby.entries();
    RoomEntries batch{room.room, g.table.lobby.log().lobby_key, lobby::EntryIndex{delivered}, {}};
    batch.entries.assign(all.begin() + static_cast<long>(delivered), all.end());
    delivered = all.size();
    app.on_event(batch, 0);
  };
  deliver();
  ASSERT_TRUE(gunjin_screen(app).board());
  ASSERT_TRUE(gunjin_screen(app).board()->may_move()) << gunjin_screen(app).board()->status();
  expect_sees_only_its_own(*gunjin_screen(app).board(), kSeat0);
  EXPECT_FALSE(app.flipped());
  const Play m = peer::own_moves(gunjin_screen(app).board()->view(), kSeat0).front();
  gunjin_screen(app).press(m.from);
  gunjin_screen(app).release(m.from);
  gunjin_screen(app).press(m.to);
  auto commands = app.take_commands();
  ASSERT_EQ(commands.size(), 1U);
  ASSERT_TRUE(seat_intent<GunjinIntent>(commands[0]));
  const GunjinIntent sent = *seat_intent<GunjinIntent>(commands[0]);
  EXPECT_EQ(sent, (GunjinIntent{GunjinIntent::Kind::move, m.from, m.to}));
  EXPECT_TRUE(gunjin_screen(app).board()->pending());
  // The network thread hands it to the seat's player; the lobby relays the result.
  g.human().submit(sent);
  g.run();
  deliver();
  EXPECT_FALSE(gunjin_screen(app).board()->pending());
  ASSERT_GE(g.table.rules().history().size(), 2U);  // the person's move and the bot's reply
  EXPECT_EQ(std::get<Play>(g.table.rules().history()[0].body).from, m.from);
  const auto reply = std::get<Play>(g.table.rules().history().back().body);
  EXPECT_EQ(*gunjin_screen(app).board()->last_move(), std::make_pair(reply.from, reply.to));
  // A draw offered, then a move: the bot plays on, which declines the offer, and the person is
  // told so.
  g.human().submit({GunjinIntent::Kind::offer_draw, {}, {}});
  g.run();
  deliver();
  ASSERT_EQ(app.game()->draw_offered_by(), kSeat0);
  EXPECT_NE(gunjin_screen(app).board()->status().find("your draw offer stands"), std::string::npos) << gunjin_screen(app).board()->status();
  ASSERT_TRUE(gunjin_screen(app).board()->may_move()) << gunjin_screen(app).board()->status();
  const Play second = peer::own_moves(gunjin_screen(app).board()->view(), kSeat0).front();
  g.human().submit({GunjinIntent::Kind::move, second.from, second.to});
  g.run();
  deliver();
  EXPECT_FALSE(app.game()->draw_offered_by());
  ASSERT_FALSE(app.game()->session().outcome());
  EXPECT_EQ(app.active_notices(0).back().text,
            "Your draw offer is off: " + app.game()->seat_name(kSeat1) + " did not accept it");
  // A refused intent (the position moved on) is said, and the board is free again.
  app.on_event(IntentRefused{"b4-b5: that piece cannot move there"}, 0);
  EXPECT_NE(app.active_notices(0).back().text.find("cannot move there"), std::string::npos);
  // Resign from the panel: checked, then sent.
  gunjin_screen(app).act(GunjinIntent{GunjinIntent::Kind::resign, {}, {}}, 0);
  commands = app.take_commands();
  ASSERT_EQ(commands.size(), 1U);
  ASSERT_TRUE(seat_intent<GunjinIntent>(commands[0]));
  g.human().submit(*seat_intent<GunjinIntent>(commands[0]));
  g.run();
  deliver();
  ASSERT_TRUE(app.game()->session().outcome());
  EXPECT_EQ(app.game()->session().outcome()->winner, kSeat1);
  EXPECT_TRUE(app.result_dialog_open());
  EXPECT_TRUE(gunjin_screen(app).board()->armies_open());
  EXPECT_TRUE(app.can_leave_game());
}

// A resumed game: the App never sent a layout in this process (it was restarted), so its board
// shows only what is public until the network thread says which layout the seat plays.
TEST(GunjinApp, AResumedSeatLearnsItsLayoutFromTheNetworkThread) {
  const Layout layout = sensible_layout(35);
  HumanGame g(layout);
  const auto key = g.table.lobby.seat_identity(kSeat0).public_key();
  App app(AppConfig{key, "alice", "127.0.0.1:7777", 7777, false, false});
  app.connect(0);
  app.on_event(LobbyEvent{lobby::Connected{g.table.lobby.log().lobby_key}}, 0);
  app.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{1}, "alice", {lobby::RoomId{9}}}}, 0);
  lobby::RoomState room;
  room.room = lobby::RoomId{9};
  room.game = "gunjin";
  room.phase = lobby::RoomPhase::started;
  room.seats = {{key, "alice", true, true}, {g.table.lobby.seat_identity(kSeat1).public_key(), "bot", true, true}};
  app.on_event(LobbyEvent{room}, 0);
  g.run();
  const auto& all = g.table.lobby.entries();
  app.on_event(RoomEntries{room.room, g.table.lobby.log().lobby_key, lobby::EntryIndex{0}, all}, 0);
  ASSERT_TRUE(gunjin_screen(app).board());
  expect_sees_only_its_own(*gunjin_screen(app).board(), std::nullopt);
  // Without its kinds the board cannot tell where a piece may go: nothing is picked up.
  const Square front = *gunjin_screen(app).board()->view().piece(PieceId{kSeat0, 18}).square;  // a gate: it may attack across
  gunjin_screen(app).press(front);
  EXPECT_EQ(gunjin_screen(app).board()->selected(), std::nullopt);
  app.on_event(SeatNews{room.room, "gunjin", GunjinLayoutInUse{layout}}, 0);
  expect_sees_only_its_own(*gunjin_screen(app).board(), kSeat0);
  EXPECT_EQ(gunjin_screen(app).board()->view().piece(PieceId{kSeat0, 2}).kind, layout[2]);
  gunjin_screen(app).press(front);
  EXPECT_EQ(gunjin_screen(app).board()->selected(), front);
  // Another room's layout is not this game's.
  app.on_event(SeatNews{lobby::RoomId{10}, "gunjin", GunjinLayoutInUse{sensible_layout(36)}}, 0);
  EXPECT_EQ(gunjin_screen(app).board()->layout(), layout);

  // The runner restores its secrets before it passes the first entries on: the layout may
  // come first, and is kept for the board made from the genesis.
  App again(AppConfig{key, "alice", "127.0.0.1:7777", 7777, false, false});
  again.connect(0);
  again.on_event(LobbyEvent{lobby::Connected{g.table.lobby.log().lobby_key}}, 0);
  again.on_event(LobbyEvent{lobby::Welcome{lobby::RequestId{1}, "alice", {lobby::RoomId{9}}}}, 0);
  again.on_event(LobbyEvent{room}, 0);
  again.on_event(SeatNews{room.room, "gunjin", GunjinLayoutInUse{layout}}, 0);
  again.on_event(RoomEntries{room.room, g.table.lobby.log().lobby_key, lobby::EntryIndex{0}, all}, 0);
  ASSERT_TRUE(gunjin_screen(again).board());
  expect_sees_only_its_own(*gunjin_screen(again).board(), kSeat0);
}

TEST(GunjinReplay, AChessLogIsNotAGunjinReplay) {
  peer::testing::Table t;
  t.start_play();
  EXPECT_FALSE(GunjinReplay::open(lobby::encode(t.lobby.log())));
  const std::vector<std::uint8_t> junk = {1, 2, 3};
  EXPECT_FALSE(GunjinReplay::open(junk));
}

}  // namespace
}  // namespace parley::ui
