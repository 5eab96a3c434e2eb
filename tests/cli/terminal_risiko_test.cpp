// A person playing Risiko at a terminal (games/risiko/terminal/terminal_risiko): typed lines,
// through a pipe, play against two heuristic bots over the fake lobby; what the terminal printed
// is read back. And the map as text and territories as people type them
// (games/risiko/terminal/risiko_map_text).
#include "games/risiko/terminal/terminal_risiko.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "games/risiko/terminal/risiko_map_text.hpp"
#include "tests/cli/typed_terminal.hpp"
#include "tests/peer/risiko_table.hpp"

namespace parley::cli {
namespace {

namespace rk = game::risiko;
namespace bot = peer::risiko;
using ui::RisikoMode;

using testing::kMe;

// Seat 0 typed at, seats 1 and 2 the heuristic bot.
struct RisikoTerminal : testing::TypedTerminal {
  RisikoTerminal() : table(3) {
    auto me = std::make_unique<TerminalRisikoPlayer>(keyboard(), screen());
    player = me.get();
    table.players[0] = std::move(me);
  }
  const ui::RisikoBoard& board() const { return *player->board(); }
  RisikoMode mode() const { return player->board() ? board().mode() : RisikoMode::watching; }
  // Rounds until the terminal's seat is in `mode` and asks for it (false: the game ended or
  // stalled first).
  bool run_until(RisikoMode m) {
    auto asked = [&] { return mode() == m && shows_last("> "); };
    return table.run_until([&] { return asked() || table.session->outcome().has_value(); }) && asked();
  }
  // Types a line, lets every seat answer (one round), and returns what the terminal printed.
  std::string type(const std::string& line) {
    type_line(line);
    table.round();
    return printed();
  }
  std::string name_of(rk::TerritoryId t) const { return board().world().country(t).key; }
  // How the terminal names its own seat in the game's story.
  std::string me() const { return ui::colour_name(board().table().player(kMe).colour) + " (you)"; }
  // An own territory that borders an enemy one.
  rk::TerritoryId front() const {
    const auto& c = board().table().countries;
    for (std::uint8_t i = 0; i < c.size(); ++i) {
      if (c[i].owner != kMe) continue;
      for (auto n : board().world().country(rk::TerritoryId{i}).neighbours)
        if (c[n.value].owner != kMe) return rk::TerritoryId{i};
    }
    return {};
  }

  peer::testing::RisikoTable table;
  TerminalRisikoPlayer* player = nullptr;
};

// A bot can complete its mission before the person's first turn (18 territories can fall within
// one turn of a 3-seat game), so a test that needs that turn deals again, up to eight times.
std::unique_ptr<RisikoTerminal> at_first_reinforcement(std::string* placement_screen = nullptr) {
  for (int deal = 0; deal < 8; ++deal) {
    auto t = std::make_unique<RisikoTerminal>();
    if (!t->run_until(RisikoMode::initial_placement)) return nullptr;
    const std::string asked = t->printed();
    const std::string home = t->name_of(t->front());
    t->type("place " + home);
    if (placement_screen) *placement_screen = asked;
    if (t->run_until(RisikoMode::reinforce)) return t;
    const auto outcome = t->table.session->outcome();
    if (!outcome || !outcome->winner || *outcome->winner == kMe) return nullptr;
  }
  return nullptr;
}

TEST(TerminalRisiko, TheInitialPlacementIsTypedWholeAndBadCommandsAreRefusedWithTheReason) {
  RisikoTerminal t;
  ASSERT_TRUE(t.run_until(RisikoMode::initial_placement));
  const std::string start = t.printed();
  // The deal in words, then the map with the seat's mission and the question.
  EXPECT_NE(start.find("The territories are dealt; turn order: "), std::string::npos) << start;
  EXPECT_NE(start.find("North America (+5)"), std::string::npos) << start;
  EXPECT_NE(start.find("your mission: "), std::string::npos) << start;
  const std::uint32_t allowance = t.board().allowance();
  EXPECT_NE(start.find("place your " + std::to_string(allowance) + " starting armies"), std::string::npos) << start;

  const rk::TerritoryId mine = t.front();
  rk::TerritoryId theirs{};
  for (std::uint8_t i = 0; i < t.board().table().countries.size(); ++i)
    if (t.board().table().countries[i].owner != kMe) theirs = rk::TerritoryId{i};
  EXPECT_NE(t.type("place " + t.name_of(mine) + " 1").find("all " + std::to_string(allowance) + " starting armies are placed at once"),
            std::string::npos);
  EXPECT_NE(t.type("place " + t.name_of(theirs)).find("is not yours"), std::string::npos);
  EXPECT_NE(t.type("place atlantis 3").find("not a territory: atlantis"), std::string::npos);
  EXPECT_NE(t.type("attack 1 2").find("not now: place your"), std::string::npos);
  EXPECT_NE(t.type("castle").find("not a command: castle"), std::string::npos);
  EXPECT_NE(t.type("help").find("blitz FROM TO"), std::string::npos);
  EXPECT_EQ(t.mode(), RisikoMode::initial_placement);

  // Split over two territories, one typed by its number on the map: committed.
  const std::string split = "place " + std::to_string(mine.value + 1) + " " + std::to_string(allowance - 1) + " " +
                            t.name_of(mine) + " 1";
  EXPECT_NE(t.type(split).find("your placement is committed"), std::string::npos);
  ASSERT_TRUE(t.table.run_until([&] { return t.mode() != RisikoMode::placement_committed; }));
  const std::string revealed = t.printed();
  EXPECT_NE(revealed.find(t.me() + " places " + std::to_string(allowance) + " on " +
                          t.board().world().country(mine).name),
            std::string::npos)
      << revealed;
  EXPECT_TRUE(t.table.blames().empty());
}

TEST(TerminalRisiko, ATurnIsTypedReinforcementAttackAndEndAndLeavingEndsTheSeatsGame) {
  auto t = at_first_reinforcement();
  ASSERT_TRUE(t) << "no deal reached the person's first turn";
  const std::string turn = t->printed();
  EXPECT_NE(turn.find("Players (turn "), std::string::npos) << turn;
  EXPECT_NE(turn.find("armies to place"), std::string::npos) << turn;
  EXPECT_NE(t->type("end").find("not now: place your"), std::string::npos);

  // Everything on the front, then one throw of the dice at a neighbour.
  const rk::TerritoryId from = t->front();
  std::string placed = t->type("place " + std::to_string(from.value + 1));
  ASSERT_TRUE(t->run_until(RisikoMode::attack));
  placed += t->printed();
  EXPECT_NE(placed.find(t->me() + " places "), std::string::npos) << placed;
  rk::TerritoryId to{};
  for (auto n : t->board().world().country(from).neighbours)
    if (t->board().table().countries[n.value].owner != kMe) to = n;
  EXPECT_NE(t->type("move " + t->name_of(from) + " " + t->name_of(to) + " 1").find("refused: "), std::string::npos);
  std::string battle = t->type("attack " + t->name_of(from) + " " + t->name_of(to));
  t->table.run_until([&] { return t->mode() == RisikoMode::attack || t->mode() == RisikoMode::move_in; });
  battle += t->printed();
  EXPECT_NE(battle.find(t->me() + " attacks " + t->board().world().country(to).name), std::string::npos) << battle;
  EXPECT_NE(battle.find(" against "), std::string::npos) << battle;  // the dice
  if (t->mode() == RisikoMode::move_in) t->type("move");
  ASSERT_TRUE(t->run_until(RisikoMode::attack));
  t->type("end");
  t->table.run_until([&] { return t->mode() == RisikoMode::watching; });
  EXPECT_NE(t->type("place 1").find("not now: it is "), std::string::npos);

  std::string left = t->type("leave");
  t->table.run();
  left += t->printed();
  EXPECT_NE(left.find(t->me() + " leaves the game"), std::string::npos) << left;
  EXPECT_EQ(t->mode(), RisikoMode::out);
  ASSERT_TRUE(t->table.session->outcome());
  const auto report = peer::verify(t->table.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest);
}

// The bot's own choices, typed: a whole game played at the terminal ends with a verified log,
// and nothing typed was refused.
TEST(TerminalRisiko, AWholeGameTypedAtTheTerminalEndsWithEverySeatHonest) {
  RisikoTerminal t;
  int typed = 0, attacks = 0;
  for (int rounds = 0; rounds < 20000 && !t.table.session->outcome(); ++rounds) {
    if (!t.player->board()) {
      t.table.round();
      continue;
    }
    const rk::State s = t.board().knowing();
    std::string line;
    auto place_line = [&](const rk::PlaceArmies& p) {
      line = "place";
      for (const auto& q : p.placements) line += " " + t.name_of(q.territory) + " " + std::to_string(q.armies);
    };
    auto trade_line = [&](const rk::TradeCards& trade) {
      line = "trade";
      for (auto slot : trade.slots) line += " " + std::to_string(slot + 1);
    };
    switch (t.mode()) {
      case RisikoMode::initial_placement: place_line(bot::initial_placement(s, kMe)); break;
      case RisikoMode::must_trade: trade_line(*bot::best_trade(s, kMe)); break;
      case RisikoMode::reinforce:
        if (t.board().can_claim()) line = "claim";
        else if (auto trade = bot::best_trade(s, kMe)) trade_line(*trade);
        else place_line(bot::reinforcement(s, kMe));
        break;
      case RisikoMode::attack:
        if (t.board().can_claim()) {
          line = "claim";
        } else if (auto a = bot::best_attack(s, kMe)) {
          // Territories by number and by name, one throw and throws until a stop, in turn.
          line = attacks % 2 ? "attack " + std::to_string(a->from.value + 1) + " " + std::to_string(a->to.value + 1)
                             : "blitz " + t.name_of(a->from) + " " + t.name_of(a->to) + " " + std::to_string(a->stop_at);
          ++attacks;
        } else if (auto m = bot::consolidation(s, kMe)) {
          line = "move " + t.name_of(m->from) + " " + t.name_of(m->to) + " " + std::to_string(m->armies);
        } else {
          line = "end";
        }
        break;
      case RisikoMode::move_in: line = "move " + std::to_string(bot::move_in(s, kMe).armies); break;
      default: break;
    }
    if (!line.empty()) {
      t.type_line(line);
      ++typed;
    }
    if (!t.table.round() && line.empty()) break;
  }
  t.table.run();  // the seats' final messages
  const std::string screen = t.printed();
  ASSERT_TRUE(t.table.session->outcome()) << screen.substr(screen.size() > 3000 ? screen.size() - 3000 : 0);
  EXPECT_EQ(screen.find("refused"), std::string::npos) << screen.substr(screen.find("refused"), 500);
  EXPECT_EQ(screen.find("not now"), std::string::npos);
  EXPECT_NE(screen.find("Game over: "), std::string::npos);
  EXPECT_GE(typed, 1);
  const auto report = peer::verify(t.table.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest);
}

TEST(RisikoText, TerritoriesAreTypedByNumberKeyOrNameAndTheMapListsThemAll) {
  peer::testing::RisikoTable table(3);
  table.run_until([&] { return table.rules().started(); });
  ASSERT_TRUE(table.rules().started());
  const rk::World& world = table.rules().world();
  const auto east_africa = world.find_territory("east_africa");
  ASSERT_TRUE(east_africa);
  for (const char* typed : {"east_africa", "East-Africa", "EASTAFRICA", "eastaf"})
    EXPECT_EQ(risiko_territory_from_name(world, typed), east_africa) << typed;
  EXPECT_EQ(risiko_territory_from_name(world, std::to_string(east_africa->value + 1)), east_africa);
  EXPECT_EQ(risiko_territory_from_name(world, "0"), std::nullopt);
  EXPECT_EQ(risiko_territory_from_name(world, std::to_string(world.territory_count() + 1)), std::nullopt);
  EXPECT_EQ(risiko_territory_from_name(world, "east"), std::nullopt);  // East Africa or Eastern Australia?
  EXPECT_EQ(risiko_territory_from_name(world, "--"), std::nullopt);

  const std::string text = risiko_map_text(world, table.rules().state().table, kMe,
                                           [](game::Seat s) { return "seat " + std::to_string(s.index); });
  for (const rk::Country& c : world.countries) EXPECT_NE(text.find(" " + c.name + " "), std::string::npos) << c.name;
  EXPECT_NE(text.find(" you "), std::string::npos);
  EXPECT_NE(text.find("Players"), std::string::npos);
}

}  // namespace
}  // namespace parley::cli
