#pragma once
// The layout editor (布陣) a person uses before a Gunjin game: the 23 pieces on the camp's 23
// squares, rearranged by swapping two of them (click one, then the other; or drag one onto
// the other). Every swap keeps the 23-piece army, so the only rule a swap can break is the
// placement rule — 地雷 and 軍旗 never on a gate — and such a swap is refused with the
// reason, so the editor always holds a legal layout. Layouts are saved to and loaded from a
// small text file (format below, docs/ui.md "Gunjin"), and a "random sensible layout" is the
// tracking bot's own layout generator.
//
// Layout file (UTF-8, '#' starts a comment, blank lines ignored): four rows as the owner sees
// its camp from behind, front row (the gates in columns 2 and 5) first, the back row last with
// the HQ as one entry:
//     front:  6 names      slots 17..22
//     row 3:  6 names      slots 11..16
//     row 2:  6 names      slots 5..10
//     back:   5 names      slots 0..4 (the third is the HQ)
// A name is the kanji/kana on the piece (大佐, タンク), its romaji (taisa, taisho or taishō) or
// its English name; words are separated by spaces or tabs.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "game/core/result.hpp"
#include "game/gunjin/layout.hpp"
#include "ui/core/geometry.hpp"

namespace parley::ui {

// The text of a layout file.
std::string format_layout(const game::gunjin::Layout& layout);
// A layout file's text: the layout, or why not (the line and what is wrong); the layout keeps
// the placement rules.
game::Result<game::gunjin::Layout, std::string> parse_layout(std::string_view text);

// Where layouts live: <data>/gunjin/layouts/<name>.layout.
std::filesystem::path layout_dir(const std::filesystem::path& data_dir);
// Saves under a name of letters, digits, '-' and '_' (1–40 characters); returns the path.
game::Result<std::filesystem::path, std::string> save_layout(const std::filesystem::path& data_dir,
                                                              const std::string& name,
                                                              const game::gunjin::Layout& layout);
game::Result<game::gunjin::Layout, std::string> load_layout(const std::filesystem::path& file);

// The tracking bot's sensible layout (the flag covered by the 大将, mines before the HQ,
// strong movers at the gates), mirrored at random.
game::gunjin::Layout sensible_layout(std::uint64_t seed);

class GunjinLayoutEditor {
 public:
  explicit GunjinLayoutEditor(const game::gunjin::Layout& layout);

  const game::gunjin::Layout& layout() const { return layout_; }
  // Replaces the whole layout (loaded, random); false and unchanged if it breaks a rule.
  bool set(const game::gunjin::Layout& layout);

  // Mouse on slot `at` (nothing: off the camp). Press picks a piece up (or, with one
  // picked, swaps it with the piece pressed); release after a drag drops it there.
  void press(std::optional<std::uint8_t> at);
  void drag(Point pointer);
  void release(std::optional<std::uint8_t> at);
  void cancel();

  std::optional<std::uint8_t> selected() const { return selected_; }
  bool dragging() const { return dragging_; }
  std::optional<Point> drag_point() const { return dragging_ ? std::optional(pointer_) : std::nullopt; }
  // Why the last attempted swap was refused (cleared by the next successful one).
  const std::string& refusal() const { return refusal_; }
  // Whether a piece of the selected slot could be dropped on `slot` (the highlight).
  bool may_swap(std::uint8_t a, std::uint8_t b) const;

 private:
  bool swap(std::uint8_t a, std::uint8_t b);

  game::gunjin::Layout layout_;
  std::optional<std::uint8_t> selected_;
  bool pressed_on_selected_ = false;  // the button is down on the selected piece (a drag may start)
  bool second_press_ = false;         // it was already selected: a click without a drag puts it back
  bool dragging_ = false;
  Point pointer_;
  std::string refusal_;
};

}  // namespace parley::ui
