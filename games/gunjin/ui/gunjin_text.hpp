#pragma once
// Gunjin shogi in words for the screen: each kind's name with its readings (kanji, kana,
// romaji, English), square names, and the referee's announcement of a battle — which says
// where it was and who was removed, never the kinds: exactly what a referee standing between
// the two players would say aloud (docs/ui.md, "Gunjin").
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "game/gunjin/state.hpp"

namespace parley::ui {

// The reading in kana (たいしょう, タンク, …); romaji and English come from the engine.
std::string_view kana_reading(game::gunjin::Kind kind);
// "大佐 (たいさ, taisa): colonel".
std::string kind_caption(game::gunjin::Kind kind);
// The kind a layout file's word names: kanji/kana as on the piece, romaji with or without
// long-vowel marks ("taishō", "taisho"), or the English name; case-insensitive.
std::optional<game::gunjin::Kind> kind_from_word(std::string_view word);

// How a kind is named in a sentence: as on the piece (大佐) in the graphical client, by the
// board's code and in English (Co (colonel)) at a terminal, which may have no Japanese font.
using KindName = std::string (*)(game::gunjin::Kind);
std::string kanji_name(game::gunjin::Kind kind);

// The referee's announcement of a battle, as heard by `listener` (a seat, or nothing for a
// spectator): where, who attacked whom, and which pieces were removed. The listener's own
// piece is named (it knows its kinds); the other side's never is.
// A spectator hears the attacker by the name in `seat_names` (by seat), else by its colour. In
// the person's language:
//   "Battle at c5: your 大佐 attacked from c4; both removed"
//   "Battle at c5: Ada attacked from c4; defender removed"
std::string referee_announcement(const game::gunjin::BattleRecord& battle, const game::gunjin::State& view,
                                 std::optional<game::Seat> listener, KindName name = kanji_name,
                                 std::span<const std::string> seat_names = {});
// A side by its pieces' colour, in the person's language: "Cream" (seat 0), "Blue" (seat 1).
std::string gunjin_side_name(game::Seat seat);
// The outcome alone in the referee's words: "attacker removed", "both removed", "defender removed".
std::string_view referee_outcome(game::gunjin::BattleOutcome outcome);

}  // namespace parley::ui
