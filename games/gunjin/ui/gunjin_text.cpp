#include "games/gunjin/ui/gunjin_text.hpp"

#include <array>
#include <cctype>

#include "i18n/i18n.hpp"

namespace parley::ui {

using namespace game::gunjin;

std::string_view kana_reading(Kind kind) {
  static constexpr std::array<std::string_view, kKindCount> kana = {
      "たいしょう", "ちゅうじょう", "しょうしょう", "ひこうき", "タンク", "たいさ", "ちゅうさ", "しょうさ",
      "たいい",     "ちゅうい",     "しょうい",     "きへい",   "こうへい", "スパイ", "じらい",   "ぐんき"};
  return kana[index_of(kind)];
}

std::string kind_caption(Kind kind) {
  return std::string(japanese_name(kind)) + " (" + std::string(kana_reading(kind)) + ", " + std::string(reading(kind)) +
         "): " + std::string(english_name(kind));
}

namespace {

// Lower case ASCII, long-vowel marks (ō, ū: two bytes each in UTF-8) folded to the plain vowel.
std::string folded(std::string_view word) {
  std::string out;
  for (std::size_t i = 0; i < word.size(); ++i) {
    const auto c = static_cast<unsigned char>(word[i]);
    if (c == 0xC5 && i + 1 < word.size()) {
      const auto d = static_cast<unsigned char>(word[i + 1]);
      if (d == 0x8D || d == 0x8C) { out += 'o'; ++i; continue; }  // ō Ō
      if (d == 0xAB || d == 0xAA) { out += 'u'; ++i; continue; }  // ū Ū
    }
    out += c < 0x80 ? static_cast<char>(std::tolower(c)) : static_cast<char>(c);
  }
  return out;
}

}  // namespace

std::optional<Kind> kind_from_word(std::string_view word) {
  const std::string w = folded(word);
  for (Kind k : kAllKinds)
    if (w == japanese_name(k) || w == kana_reading(k) || w == folded(reading(k)) || w == folded(english_name(k)))
      return k;
  return std::nullopt;
}

std::string_view referee_outcome(BattleOutcome outcome) {
  switch (outcome) {
    case BattleOutcome::defender_stays: return i18n::tr("attacker removed");
    case BattleOutcome::both_removed: return i18n::tr("both removed");
    case BattleOutcome::attacker_takes: return i18n::tr("defender removed");
  }
  return "?";
}

std::string kanji_name(Kind kind) { return std::string(japanese_name(kind)); }

std::string gunjin_side_name(game::Seat seat) { return seat.index == 0 ? i18n::tr("Cream") : i18n::tr("Blue"); }

std::string referee_announcement(const BattleRecord& battle, const State& view, std::optional<game::Seat> listener,
                                 KindName name, std::span<const std::string> seat_names) {
  auto own = [&](PieceId id) -> std::string {
    const auto kind = view.piece(id).kind;
    return kind ? name(*kind) : std::string(i18n::trc("gunjin", "piece"));
  };
  const std::string at = square_name(battle.to), from = square_name(battle.from);
  const std::string_view outcome = referee_outcome(battle.outcome);
  if (listener == battle.attacker.seat)
    return i18n::trf("Battle at {0}: your {1} attacked from {2}; {3}", at, own(battle.attacker), from, outcome);
  if (listener == battle.defender.seat)
    return i18n::trf("Battle at {0}: the enemy attacked your {1} from {2}; {3}", at, own(battle.defender), from, outcome);
  const game::Seat attacker = battle.attacker.seat;
  const std::string who = attacker.index < seat_names.size() && !seat_names[attacker.index].empty()
                              ? seat_names[attacker.index]
                              : gunjin_side_name(attacker);
  return i18n::trf("Battle at {0}: {1} attacked from {2}; {3}", at, who, from, outcome);
}

}  // namespace parley::ui
