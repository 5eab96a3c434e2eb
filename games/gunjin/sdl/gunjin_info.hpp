#pragma once
// Gunjin's windows of the Help menu (ui/sdl/info_view.hpp): its rules in short, and the battle
// chart drawn from the engine's own table (game/gunjin/battle.hpp) under the variants of the game
// in question — the game on screen, the log in the replay viewer, the room, else the create-room
// form's — so the chart is the rules this build plays, never a copy.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "game/gunjin/battle.hpp"
#include "ui/core/geometry.hpp"
#include "ui/sdl/info_view.hpp"

namespace parley::ui::sdl {

class GunjinRulesView final : public InfoView {
 public:
  explicit GunjinRulesView(const ViewContext& context) : window_(context.window) {}
  std::string_view id() const override { return "rules"; }
  std::string title() const override;
  void draw(std::uint64_t local_ms) override;

 private:
  const Window& window_;
};

class GunjinBattleChartView final : public InfoView {
 public:
  explicit GunjinBattleChartView(const ViewContext& context);
  std::string_view id() const override { return "battle-chart"; }
  std::string title() const override;
  float width() const override { return 780; }
  float height() const override { return 720; }
  void draw(std::uint64_t local_ms) override;

  // The variants the chart was last drawn with.
  const game::gunjin::Options& options() const { return options_; }
  // The rows (the defender's effective kind, 0..14 and the lone flag) and the columns (the
  // attackers: every kind that moves), in the order drawn.
  static std::array<game::gunjin::EffectiveKind, 16> rows();
  static std::array<game::gunjin::Kind, 14> columns();
  // Where the last frame drew a cell, if it did.
  std::optional<Rect> cell(std::size_t row, std::size_t column) const;
  // The fill of each outcome (ABGR for ImGui; the tests look for the RGB).
  static constexpr unsigned kAttackerTakes = 0xFF5AA64C;  // (76, 166, 90) green
  static constexpr unsigned kBothRemoved = 0xFF8C8C8C;    // (140, 140, 140) grey
  static constexpr unsigned kDefenderStays = 0xFF4650C0;  // (192, 80, 70) red

 private:
  game::gunjin::Options in_question() const;

  App& app_;
  GameScreen& screen_;
  const Window& window_;
  game::gunjin::Options options_;
  std::array<std::array<std::optional<Rect>, 14>, 16> cells_{};
};

}  // namespace parley::ui::sdl
