#include "games/gunjin/sdl/gunjin_info.hpp"

#include <imgui.h>

#include "games/gunjin/ui/gunjin_screen.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"
#include "i18n/i18n.hpp"
#include "peer/session/gunjin_messages.hpp"
#include "peer/session/gunjin_rules.hpp"
#include "peer/session/options.hpp"
#include "ui/sdl/palette.hpp"
#include "ui/sdl/window.hpp"

namespace parley::ui::sdl {

using namespace game::gunjin;
using i18n::tr;

// ---- rules ------------------------------------------------------------------------------------

std::string GunjinRulesView::title() const { return tr("Rules of Gunjin shogi"); }

void GunjinRulesView::draw(std::uint64_t) {
  info_section(window_, tr("The aim"),
               {tr("Move one of your six officers (大将, 中将, 少将, 大佐, 中佐, 少佐) into the enemy headquarters "
                   "(HQ), or leave the enemy without a legal move."),
                tr("You see your own pieces; the enemy's are face down. A battle tells both players only who was "
                   "removed, never the kinds.")});
  info_section(window_, tr("The board"),
               {tr("Six columns a-f and eight rows 1-8, as written on the board's edges; the HQ is one square over "
                   "two cells (HQ1 and HQ8)."),
                tr("A river divides the camps; pieces cross only on the two bridges, from a gate (green) to the "
                   "gate facing it. The plane flies over the river anywhere.")});
  info_section(window_, tr("Moving"),
               {tr("Every piece but the mines (地雷) and the flag (軍旗) moves one square forward, back or sideways."),
                tr("The tank (タンク) and the cavalry (騎兵) may also move two squares forward when the square "
                   "between is empty."),
                tr("The engineer (工兵) slides any distance in a straight line over empty squares."),
                tr("The plane (飛行機) flies any distance forward or back, over any piece, and steps one square "
                   "sideways.")});
  info_section(window_, tr("Battles"),
               {tr("Moving onto an enemy piece is a battle: the battle chart (Help menu) says who wins, by the "
                   "attacker's and the defender's kinds."),
                tr("The flag fights with the strength of your piece directly behind it; alone it loses to every "
                   "attacker."),
                tr("The spy (スパイ) beats the general (大将) and loses to everything else.")});
  info_section(window_, tr("The end"),
               {tr("An officer in the enemy HQ wins. A side that says it has no legal move loses, unless the other "
                   "has none either (a draw)."),
                tr("A position seen three times is a draw; you may also offer a draw or resign."),
                tr("At the end both layouts are opened and every battle is checked against them.")});
}

// ---- the battle chart ----------------------------------------------------------------------

GunjinBattleChartView::GunjinBattleChartView(const ViewContext& context)
    : app_(context.app), screen_(context.screen), window_(context.window) {}

std::string GunjinBattleChartView::title() const { return tr("Gunjin battle chart"); }

std::array<EffectiveKind, 16> GunjinBattleChartView::rows() {
  std::array<EffectiveKind, 16> out{EffectiveKind::lone_flag(), EffectiveKind::lone_flag(), EffectiveKind::lone_flag(),
                                    EffectiveKind::lone_flag(), EffectiveKind::lone_flag(), EffectiveKind::lone_flag(),
                                    EffectiveKind::lone_flag(), EffectiveKind::lone_flag(), EffectiveKind::lone_flag(),
                                    EffectiveKind::lone_flag(), EffectiveKind::lone_flag(), EffectiveKind::lone_flag(),
                                    EffectiveKind::lone_flag(), EffectiveKind::lone_flag(), EffectiveKind::lone_flag(),
                                    EffectiveKind::lone_flag()};
  for (std::uint8_t i = 0; i < 15; ++i) out[i] = *EffectiveKind::from_index(i);
  return out;
}

std::array<Kind, 14> GunjinBattleChartView::columns() {
  std::array<Kind, 14> out{};
  std::size_t n = 0;
  for (Kind k : kAllKinds)
    if (can_move(k)) out[n++] = k;
  return out;
}

std::optional<Rect> GunjinBattleChartView::cell(std::size_t row, std::size_t column) const {
  if (row >= cells_.size() || column >= cells_[row].size()) return std::nullopt;
  return cells_[row][column];
}

Options GunjinBattleChartView::in_question() const {
  const auto& gunjin = dynamic_cast<const GunjinScreen&>(screen_);
  if (app_.screen() == Screen::replay && gunjin.replay() && app_.replay())
    return gunjin.replay()->board(app_.replay()->step().index, false).options();
  if (gunjin.board()) return gunjin.board()->view().options();
  if (const auto& room = app_.lobby().room(); room && room->game == peer::kGunjinGame) {
    if (auto options = peer::decode_room_options(room->options))
      if (auto variants = peer::decode_gunjin_room_options(options->game_options)) return variants->variants;
  }
  return dynamic_cast<GunjinScreen&>(screen_).room_form().variants;
}

void GunjinBattleChartView::draw(std::uint64_t) {
  options_ = in_question();
  const BattleTable table = battle_table(options_);
  cells_ = {};
  ImGui::PushStyleColor(ImGuiCol_Text, kQuiet);
  ImGui::TextWrapped("%s", tr("Rows: the piece attacked. Columns: the attacking piece. Green: the attacker wins and takes "
                              "the square. Red: the attacker is removed. Grey: both are removed."));
  ImGui::PopStyleColor();
  if (options_ == Options{}) {
    ImGui::TextUnformatted(tr("The original table (no variants)."));
  } else {
    if (options_.mine_removes_both) ImGui::TextUnformatted(tr("Variant: a mine that wins is removed with its victim."));
    if (options_.engineer_beats_tank) ImGui::TextUnformatted(tr("Variant: the engineer beats the tank."));
    if (options_.spy_wins_only_attacking)
      ImGui::TextUnformatted(tr("Variant: the spy beats the general only when the spy attacks."));
  }
  ImGui::Spacing();

  const auto rs = rows();
  const auto cs = columns();
  // The text font (it holds the Japanese glyphs), a little smaller over the narrow columns.
  ImFont* font = ImGui::GetFont();
  const float head_size = ImGui::GetFontSize() * 0.8f;
  const float s = window_.scale();
  const float head_w = 92 * s;
  const float avail = ImGui::GetContentRegionAvail().x - head_w;
  const float cw = std::max(18.0f * s, avail / static_cast<float>(cs.size()));
  const float ch = std::max(ImGui::GetTextLineHeight() + 6 * s, 24 * s);
  const float head_h = head_size + 8 * s;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  // The attackers' names over their columns, the defenders' beside their rows.
  for (std::size_t c = 0; c < cs.size(); ++c) {
    const std::string name = std::string(japanese_name(cs[c]));
    const ImVec2 size = font->CalcTextSizeA(head_size, FLT_MAX, 0, name.c_str());
    const float x = at.x + head_w + static_cast<float>(c) * cw + (cw - 2 - size.x) / 2;
    list->AddText(font, head_size, ImVec2(x, at.y + head_h - size.y - 4 * s), text, name.c_str());
  }
  for (std::size_t r = 0; r < rs.size(); ++r) {
    const float y = at.y + head_h + static_cast<float>(r) * ch;
    const std::string name = rs[r].kind() ? std::string(japanese_name(*rs[r].kind())) : std::string(tr("軍旗 (alone)"));
    list->AddText(ImVec2(at.x, y + (ch - ImGui::GetTextLineHeight()) / 2), text, name.c_str());
    for (std::size_t c = 0; c < cs.size(); ++c) {
      const auto outcome = table[rs[r].index()][index_of(cs[c])];
      if (!outcome) continue;
      const ImVec2 a(at.x + head_w + static_cast<float>(c) * cw, y);
      const ImVec2 b(a.x + cw - 2, a.y + ch - 2);
      const unsigned fill = *outcome == BattleOutcome::attacker_takes ? kAttackerTakes
                            : *outcome == BattleOutcome::both_removed ? kBothRemoved
                                                                      : kDefenderStays;
      list->AddRectFilled(a, b, fill);
      cells_[r][c] = Rect{static_cast<int>(a.x), static_cast<int>(a.y), static_cast<int>(b.x - a.x), static_cast<int>(b.y - a.y)};
      const char* mark = *outcome == BattleOutcome::attacker_takes ? "+" : *outcome == BattleOutcome::both_removed ? "=" : "-";
      const ImVec2 m = ImGui::CalcTextSize(mark);
      list->AddText(ImVec2((a.x + b.x - m.x) / 2, (a.y + b.y - m.y) / 2), IM_COL32(255, 255, 255, 255), mark);
    }
  }
  // One item over the whole chart, for the hover's tooltip.
  ImGui::InvisibleButton("##chart", ImVec2(head_w + cw * static_cast<float>(cs.size()), head_h + ch * static_cast<float>(rs.size())));
  if (ImGui::IsItemHovered()) {
    const ImVec2 m = ImGui::GetMousePos();
    const int c = static_cast<int>((m.x - at.x - head_w) / cw), r = static_cast<int>((m.y - at.y - head_h) / ch);
    if (m.x >= at.x + head_w && m.y >= at.y + head_h && c < static_cast<int>(cs.size()) && r < static_cast<int>(rs.size())) {
      const auto outcome = table[rs[static_cast<std::size_t>(r)].index()][index_of(cs[static_cast<std::size_t>(c)])];
      const EffectiveKind defender = rs[static_cast<std::size_t>(r)];
      const std::string attacked = defender.kind() ? kind_caption(*defender.kind()) : std::string(tr("a flag alone"));
      if (outcome)
        ImGui::SetTooltip("%s", i18n::trf("{0} attacks {1}: {2}", kind_caption(cs[static_cast<std::size_t>(c)]), attacked,
                                          referee_outcome(*outcome))
                                    .c_str());
    }
  }
  ImGui::PushStyleColor(ImGuiCol_Text, kQuiet);
  ImGui::TextWrapped("%s", tr("A flag fights as the piece of its own side directly behind it: read that piece's row."));
  ImGui::PopStyleColor();
}

}  // namespace parley::ui::sdl
