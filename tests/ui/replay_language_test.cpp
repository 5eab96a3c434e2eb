// The replay's list in the person's language (docs/i18n.md): every entry of a chess, a Gunjin and
// a Risiko log opened in Italian, and no text of the list is one of the catalogue's English
// texts left as it is. The catalogue itself (po/it.po) says what its English texts are: each
// msgid with fields becomes a pattern, so "attacks c5 from c4" is caught as "attacks {0} from
// {1}" untranslated, whatever the wording of the day.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "game/chess/notation.hpp"
#include "i18n/i18n.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/peer/gunjin/gunjin_table.hpp"
#include "tests/peer/risiko_table.hpp"
#include "tests/ui/chess_fixtures.hpp"
#include "ui/core/replay.hpp"

namespace parley::ui {
namespace {

// One text of the catalogue: its English as a pattern, and whether it is translated otherwise.
struct CatalogueText {
  std::string english;
  std::regex pattern;
};

// A po file's quoted string, unescaped (\" and \\ and \n).
std::string po_string(const std::string& line) {
  const auto first = line.find('"'), last = line.rfind('"');
  std::string out;
  for (std::size_t i = first + 1; i < last; ++i) {
    if (line[i] == '\\' && i + 1 < last) {
      ++i;
      out += line[i] == 'n' ? '\n' : line[i];
    } else {
      out += line[i];
    }
  }
  return out;
}

// The catalogue's English texts (msgid, without a context) whose translation differs from them.
std::vector<CatalogueText> italian_catalogue() {
  std::ifstream in(std::string(PARLEY_SOURCE_DIR) + "/po/it.po");
  EXPECT_TRUE(in) << "po/it.po";
  std::vector<CatalogueText> texts;
  std::string line, id, str, *reading = nullptr;
  bool context = false, obsolete = false;
  auto flush = [&] {
    if (!context && !obsolete && !id.empty() && !str.empty() && id != str) {
      // Fields ({0}, {1:>5}) match anything; everything else literally.
      std::string re;
      for (std::size_t i = 0; i < id.size(); ++i) {
        if (id[i] == '{') {
          const auto close = id.find('}', i);
          if (close != std::string::npos) {
            re += ".*";
            i = close;
            continue;
          }
        }
        if (std::string_view("\\^$.|?*+()[]{}").find(id[i]) != std::string_view::npos) re += '\\';
        re += id[i];
      }
      texts.push_back({id, std::regex(re)});
    }
    id.clear();
    str.clear();
    context = obsolete = false;
    reading = nullptr;
  };
  while (std::getline(in, line)) {
    if (line.empty()) {
      flush();
    } else if (line.starts_with("#~")) {
      obsolete = true;
    } else if (line.starts_with("msgctxt")) {
      context = true;
    } else if (line.starts_with("msgid_plural")) {
      reading = nullptr;
    } else if (line.starts_with("msgid")) {
      id = po_string(line);
      reading = &id;
    } else if (line.starts_with("msgstr")) {
      str = po_string(line);
      reading = &str;
    } else if (line.starts_with("\"") && reading) {
      *reading += po_string(line);
    }
  }
  flush();
  return texts;
}

// Every text a person reads in the list (each entry's summary, the verdicts) is not an English
// text of the catalogue; and the game's own entries are not the rules' English words.
void expect_translated(const ReplayViewer& viewer, const std::vector<CatalogueText>& catalogue, const std::string& game) {
  std::size_t game_steps = 0;
  for (const ReplayStep& step : viewer.steps()) {
    std::vector<std::string> read{step.summary};
    read.insert(read.end(), step.verdicts.begin(), step.verdicts.end());
    for (const std::string& text : read)
      for (const CatalogueText& c : catalogue)
        // A text with no letters (a chess move's "e4" matching "{0}") is not words.
        if (std::regex_match(text, c.pattern) && c.english.find_first_not_of("{}0123456789 -+:,.()") != std::string::npos)
          ADD_FAILURE() << game << " entry " << step.index << ": \"" << text << "\" is the catalogue's English \""
                        << c.english << "\"";
    game_steps += step.protocol ? 0 : 1;
  }
  EXPECT_GT(game_steps, 3U) << game;
}

TEST(ReplayLanguage, TheListOfEveryGameIsInItalian) {
  ASSERT_TRUE(i18n::set_language("it"));
  const auto catalogue = italian_catalogue();
  ASSERT_GT(catalogue.size(), 100U);

  {  // Chess: the moves in SAN, a resignation, the result.
    peer::testing::Table t;
    t.start_play();
    using namespace game::chess;
    for (const char* san : {"e4", "e5", "Nf3"}) {
      const Move m = *parse_san(t.chess().position(), san);
      const game::Seat s = seat_of(t.chess().position().side_to_move());
      t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
    }
    t.post(game::Seat{1}, t.chess_action({Action::Kind::resign, game::Seat{1}, Move::none(), 0}));
    for (auto& l : t.locals)
      if (auto duty = l.duty(*t.session, {})) t.post(l.seat(), *duty);
    auto viewer = ReplayViewer::open(lobby::encode(t.lobby.log()), "chess.plog");
    ASSERT_TRUE(viewer) << viewer.error();
    expect_translated(*viewer, catalogue, "chess");
    EXPECT_TRUE(std::ranges::any_of(viewer->steps(), [](const ReplayStep& s) { return s.summary == "Nf3"; }))
        << "moves stay in SAN";
  }
  {  // Gunjin with hidden pieces: moves, attacks and the duels' steps, folded.
    peer::testing::GunjinTable t{peer::testing::tracking_agent(3), peer::testing::tracking_agent(4)};
    t.run(160);
    auto viewer = ReplayViewer::open(lobby::encode(t.lobby.log()), "gunjin.plog");
    ASSERT_TRUE(viewer) << viewer.error();
    expect_translated(*viewer, catalogue, "gunjin");
    // The duels' steps are the protocol's, not the list's.
    std::size_t duel_steps = 0;
    for (const ReplayStep& step : viewer->steps())
      duel_steps += step.kind == "action" && step.protocol ? 1 : 0;
    EXPECT_GT(duel_steps, 0U);
  }
  {  // Risiko: the deal, placements, attacks, dice, the turns.
    peer::testing::RisikoTable t(3);
    for (int round = 0; round < 60 && t.round(); ++round) {
    }
    auto viewer = ReplayViewer::open(lobby::encode(t.lobby.log()), "risiko.plog");
    ASSERT_TRUE(viewer) << viewer.error();
    expect_translated(*viewer, catalogue, "risiko");
  }
  i18n::set_language("en");
}

}  // namespace
}  // namespace parley::ui
