// The room list's words for a room: its players and its options, from the bytes the lobby lists.
#include "peer/session/room_words.hpp"

#include <gtest/gtest.h>

#include "i18n/i18n.hpp"
#include "lobby/protocol/lan_discovery.hpp"
#include "peer/session/gunjin_messages.hpp"
#include "peer/session/options.hpp"
#include "peer/session/risiko_options.hpp"

namespace parley::peer {
namespace {

lobby::RoomSummary listed(std::string game, const peer::RoomOptions& options) {
  return lobby::RoomSummary{lobby::RoomId{1}, std::move(game), {"Ada", std::nullopt}, 0, lobby::RoomPhase::waiting,
                            peer::encode(options)};
}

TEST(RoomWords, APhaseIsAWord) {
  EXPECT_EQ(phase_words(lobby::RoomPhase::waiting), "waiting");
  EXPECT_EQ(phase_words(lobby::RoomPhase::started), "playing");
  EXPECT_EQ(phase_words(lobby::RoomPhase::closed), "closed");
}

TEST(RoomWords, NamesEachSeatsPlayerInSeatOrder) {
  peer::RoomOptions none;
  EXPECT_EQ(seat_names(listed("chess", none)), "Ada – open");
  lobby::RoomSummary risiko = listed("risiko", none);
  risiko.seats = {std::nullopt, "Bo", "Cy", std::nullopt};
  EXPECT_EQ(seat_names(risiko), "open, Bo, Cy, open");
  // A lobby's names are not trusted to be clean: no escape sequence reaches a terminal.
  risiko.seats = {"\x1b[2J\x1b]0;owned\x07" "Eve", "\x1b", std::nullopt};
  EXPECT_EQ(seat_names(risiko), "[2J]0;ownedEve, (no readable name), open");
}

TEST(RoomWords, SaysTheClockTheEventAndTheGamesOptions) {
  peer::RoomOptions chess;
  chess.clock_base_ms = 5 * 60'000;
  chess.clock_increment_ms = 3'000;
  chess.event = "Club Cup";
  chess.round = "2";
  EXPECT_EQ(options_text(listed("chess", chess)), "5 min + 3 s · Club Cup, round 2");
  chess.clock_base_ms = 90'000;
  chess.clock_increment_ms = 0;
  chess.move_limit_ms = 1'500;
  chess.event.clear();
  EXPECT_EQ(options_text(listed("chess", chess)), "90 s · 1500 ms a move · round 2");

  peer::RoomOptions gunjin;
  peer::GunjinRoomOptions pieces;
  pieces.open_pieces = true;
  pieces.variants.engineer_beats_tank = true;
  gunjin.game_options = peer::encode(pieces);
  EXPECT_EQ(options_text(listed("gunjin", gunjin)), "no clock · open pieces · engineer beats tank");

  peer::RoomOptions risiko;
  risiko.clock_base_ms = 3 * 60'000;
  risiko.clock_increment_ms = 2'000;
  peer::risiko::RisikoOptions map;
  map.map = "classic-82";
  map.dice = game::risiko::DiceRule::classic;
  risiko.game_options = peer::risiko::encode(map);
  EXPECT_EQ(options_text(listed("risiko", risiko)), "3 min + 2 s · map classic-82 · classic dice");
  // A room's members have its whole options, a Risiko map of its own included.
  map.map.clear();
  map.custom_map = "territory one";  // carried as text; the words do not parse it
  risiko.game_options = peer::risiko::encode(map);
  EXPECT_EQ(options_text("risiko", peer::encode(risiko)), "3 min + 2 s · a map of its own · classic dice");
}

TEST(RoomWords, AQuickMatchRoomHasTheDefaultsAndOtherOptionsSayWhatIsMissing) {
  lobby::RoomSummary room{lobby::RoomId{1}, "gunjin", {"Ada", "Bo"}, 0, lobby::RoomPhase::started, lobby::Bytes{}};
  EXPECT_EQ(options_text(room), "no clock");
  room.options.reset();  // longer than the lobby lists
  EXPECT_EQ(options_text(room), "options too long to list");
  room.options = lobby::Bytes{9, 9};
  EXPECT_EQ(options_text(room), "options unreadable");
  peer::RoomOptions bad_variant;
  bad_variant.game_options = {1, 0xFF, 0};
  room.options = peer::encode(bad_variant);
  EXPECT_EQ(options_text(room), "no clock · Gunjin options unreadable");
}


// In Italian and Japanese the room's words are the catalogue's: each phase, the clock, a seat
// left open, the LAN table's counts; the names stay as the players gave them.
TEST(RoomWords, SpeakThePersonsLanguage) {
  for (const char* language : {"it", "ja"}) {
    ASSERT_TRUE(i18n::set_language(language));
    EXPECT_EQ(phase_words(lobby::RoomPhase::waiting), i18n::trc("room phase", "waiting"));
    EXPECT_NE(phase_words(lobby::RoomPhase::waiting), "waiting");
    EXPECT_NE(phase_words(lobby::RoomPhase::started), "playing");
    EXPECT_NE(phase_words(lobby::RoomPhase::closed), "closed");
    EXPECT_EQ(options_text(listed("chess", {})), i18n::tr("no clock"));
    EXPECT_NE(options_text(listed("chess", {})), "no clock");
    const std::string seats = seat_names(listed("chess", {}));
    EXPECT_EQ(seats.find("open"), std::string::npos) << seats;
    EXPECT_EQ(seats.rfind("Ada", 0), 0U) << seats;
    lobby::LanTable table{{"192.168.1.5", 7777}, "Anna", crypto::Identity::generate().public_key(), 0, 0, 0};
    EXPECT_EQ(lan_table_words(table), i18n::tr("nobody yet"));
    table.players_online = 3;
    EXPECT_EQ(lan_table_words(table), i18n::trnf("{0} player", "{0} players", 3, 3));
    EXPECT_EQ(lan_table_words(table).find("players"), std::string::npos);
  }
  i18n::set_language("en");
}

// Every refusal of the lobby has its words in each language; in English they are the lobby's.
TEST(RoomWords, EveryLobbyRefusalIsSaidInThePersonsLanguage) {
  constexpr std::uint16_t kLast = static_cast<std::uint16_t>(lobby::Refusal::unavailable);
  for (std::uint16_t v = 1; v <= kLast; ++v)
    EXPECT_EQ(refusal_words(lobby::Refusal{v}), lobby::describe(lobby::Refusal{v})) << v;
  for (const char* language : {"it", "ja"}) {
    ASSERT_TRUE(i18n::set_language(language));
    for (std::uint16_t v = 1; v <= kLast; ++v)
      EXPECT_NE(refusal_words(lobby::Refusal{v}), lobby::describe(lobby::Refusal{v})) << language << " " << v;
    // The lobby's detail is kept unless it only repeats the reason.
    const lobby::Refusal r = lobby::Refusal::room_full;
    EXPECT_EQ(refused_words({{}, r, std::string(lobby::describe(r))}), refused_words({{}, r, {}}));
    EXPECT_NE(refused_words({{}, r, "room 7"}).find("(room 7)"), std::string::npos);
  }
  i18n::set_language("en");
}

}  // namespace
}  // namespace parley::peer
