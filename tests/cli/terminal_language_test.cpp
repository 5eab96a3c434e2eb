// The terminal players in Italian and Japanese (docs/i18n.md): the words that are data come
// from the engine and the map (Gunjin's kanji, the classic map's Italian names), the rest from
// the built catalogues; English again once chosen back.
#include <gtest/gtest.h>

#include <string>

#include "game/gunjin/kind.hpp"
#include "game/risiko/builtin_maps.hpp"
#include "games/gunjin/terminal/gunjin_board_text.hpp"
#include "games/gunjin/terminal/terminal_gunjin.hpp"
#include "games/gunjin/ui/gunjin_layout_editor.hpp"
#include "games/risiko/terminal/risiko_map_text.hpp"
#include "i18n/i18n.hpp"
#include "tests/cli/typed_terminal.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"

namespace parley::cli {
namespace {

namespace gj = game::gunjin;
namespace rk = game::risiko;

class TerminalLanguage : public ::testing::Test {
 protected:
  void TearDown() override { i18n::set_language("en"); }
};

// Gunjin's help at a terminal, typed by seat 0 against the tracking bot.
std::string gunjin_help() {
  testing::TypedTerminal terminal;
  auto me = std::make_unique<TerminalGunjinPlayer>(ui::sensible_layout(5), terminal.keyboard(), terminal.screen());
  peer::testing::GunjinTable table(std::move(me), peer::testing::tracking_agent(6));
  table.run();
  terminal.printed();
  terminal.type_line("help");
  table.run();
  return terminal.printed();
}

TEST_F(TerminalLanguage, GunjinSpeaksInTheEnginesKanjiInJapanese) {
  ASSERT_TRUE(i18n::set_language("ja"));
  for (gj::Kind k : gj::kAllKinds) EXPECT_EQ(kind_name(k), gj::japanese_name(k)) << gj::english_name(k);
  EXPECT_EQ(kind_words(gj::Kind::captain), "Cp (" + std::string(gj::japanese_name(gj::Kind::captain)) + ")");
  const std::string japanese = gunjin_help();
  for (gj::Kind k : gj::kAllKinds) EXPECT_NE(japanese.find(gj::japanese_name(k)), std::string::npos) << japanese;
  ASSERT_TRUE(i18n::set_language("en"));
  for (gj::Kind k : gj::kAllKinds) EXPECT_EQ(kind_name(k), gj::english_name(k));
  const std::string english = gunjin_help();
  EXPECT_NE(english, japanese);  // the sentences around the names are translated too
}

TEST_F(TerminalLanguage, GunjinsPiecesHaveItalianNames) {
  ASSERT_TRUE(i18n::set_language("it"));
  for (gj::Kind k : gj::kAllKinds) {
    EXPECT_FALSE(kind_name(k).empty());
    EXPECT_NE(kind_name(k), gj::japanese_name(k));
  }
  // Two kinds the catalogue must tell apart, and a kind whose name differs from the English.
  EXPECT_NE(kind_name(gj::Kind::major), kind_name(gj::Kind::major_general));
  EXPECT_NE(kind_name(gj::Kind::captain), gj::english_name(gj::Kind::captain));
}

TEST_F(TerminalLanguage, RisikosClassicMapShowsItsItalianNamesInItalian) {
  const auto world = rk::classic_world();
  ASSERT_TRUE(world);
  ASSERT_TRUE(i18n::set_language("it"));
  for (const rk::Country& c : world->countries) {
    ASSERT_FALSE(c.name_it.empty()) << c.key;  // the shipped map names every territory in Italian
    EXPECT_EQ(risiko_place_name(c), c.name_it);
  }
  for (const rk::Continent& c : world->continents) EXPECT_EQ(risiko_place_name(c), c.name_it);
  const auto east_africa = world->find_territory("east_africa");
  ASSERT_TRUE(east_africa);
  // Typed in Italian, as shown.
  EXPECT_EQ(risiko_territory_from_name(*world, risiko_place_name(world->country(*east_africa))), east_africa);
  ASSERT_TRUE(i18n::set_language("ja"));
  for (const rk::Country& c : world->countries) EXPECT_EQ(risiko_place_name(c), c.name);
  ASSERT_TRUE(i18n::set_language("en"));
  for (const rk::Country& c : world->countries) EXPECT_EQ(risiko_place_name(c), c.name);
}

}  // namespace
}  // namespace parley::cli
