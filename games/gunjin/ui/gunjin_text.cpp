#include "games/gunjin/ui/gunjin_text.hpp"

#include <array>
#include <cctype>

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
    case BattleOutcome::defender_stays: return "attacker removed";
    case BattleOutcome::both_removed: return "both removed";
    case BattleOutcome::attacker_takes: return "defender removed";
  }
  return "?";
}

std::string kanji_name(Kind kind) { return std::string(japanese_name(kind)); }

std::string referee_announcement(const BattleRecord& battle, const State& view, std::optional<game::Seat> listener,
                                 KindName name) {
  auto own = [&](PieceId id) -> std::string {
    const auto kind = view.piece(id).kind;
    return kind ? "your " + name(*kind) : "your piece";
  };
  std::string text = "Battle at " + square_name(battle.to) + ": ";
  if (listener == battle.attacker.seat)
    text += own(battle.attacker) + " attacked from " + square_name(battle.from);
  else if (listener == battle.defender.seat)
    text += "the enemy attacked " + own(battle.defender) + " from " + square_name(battle.from);
  else
    text += "seat " + std::to_string(battle.attacker.seat.index) + " attacked from " + square_name(battle.from);
  text += "; " + std::string(referee_outcome(battle.outcome));
  return text;
}

}  // namespace parley::ui
