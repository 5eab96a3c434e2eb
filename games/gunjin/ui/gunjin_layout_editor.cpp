#include "games/gunjin/ui/gunjin_layout_editor.hpp"

#include <array>
#include <cctype>
#include <fstream>
#include <random>
#include <sstream>

#include "games/gunjin/gunjin_strategy.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"
#include "i18n/i18n.hpp"

namespace parley::ui {

using namespace game::gunjin;

namespace {

// The file's rows, front first: the first slot of each and its length. The labels are written
// to the file in English (a file format) and shown translated in a refusal.
struct FileRow {
  std::uint8_t first;
  std::uint8_t count;
  const char* label;
};
constexpr std::array<FileRow, 4> kFileRows = {{{17, 6, i18n::tr_noop("front row (gates in columns 2 and 5)")},
                                               {11, 6, i18n::tr_noop("third row")},
                                               {5, 6, i18n::tr_noop("second row")},
                                               {0, 5, i18n::tr_noop("back row (the third entry is the HQ)")}}};

// A kind in a refusal: its kanji, with its name in the person's language unless that is the kanji.
std::string refusal_kind(Kind kind) {
  if (i18n::language() == "ja") return std::string(japanese_name(kind));
  // The names are marked in games/gunjin/terminal/gunjin_board_text.cpp.
  return i18n::trf("{0} ({1})", japanese_name(kind), i18n::trc("gunjin piece", std::string(english_name(kind)).c_str()));
}

std::string placement_text(const PlacementError& e) {
  if (e.problem == PlacementError::Problem::immovable_on_gate)
    return i18n::trf("{0} may not stand on a gate: it never moves and would close the road", refusal_kind(e.kind));
  const unsigned count = army_count(e.kind);
  return i18n::trnf("the army must have exactly {0} {1}", "the army must have exactly {0} {1}", count, count,
                    refusal_kind(e.kind));
}

constexpr std::size_t kMaxLayoutFileBytes = 16 * 1024;

}  // namespace

std::string format_layout(const Layout& layout) {
  std::string out = "# parley Gunjin layout: the camp seen from behind, front row first\n";
  for (const FileRow& row : kFileRows) {
    out += "# " + std::string(row.label) + ":";
    for (std::uint8_t i = 0; i < row.count; ++i) out += " " + std::string(reading(layout[row.first + i]));
    out += "\n";
    for (std::uint8_t i = 0; i < row.count; ++i) {
      if (i) out += ' ';
      out += japanese_name(layout[row.first + i]);
    }
    out += "\n";
  }
  return out;
}

game::Result<Layout, std::string> parse_layout(std::string_view text) {
  if (text.size() > kMaxLayoutFileBytes) return std::string(i18n::tr("the file is too large to be a layout"));
  Layout layout{};
  std::size_t row = 0;
  std::size_t line_number = 0;
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    ++line_number;
    if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::vector<std::string> names;
    for (std::string w; words >> w;) names.push_back(w);
    if (names.empty()) continue;
    if (row == kFileRows.size()) return i18n::trf("line {0}: more than four rows", line_number);
    const FileRow& r = kFileRows[row];
    if (names.size() != r.count)
      return i18n::trf("line {0}: the {1} has {2} pieces, not {3}", line_number, i18n::tr(r.label), unsigned{r.count}, names.size());
    for (std::uint8_t i = 0; i < r.count; ++i) {
      auto kind = kind_from_word(names[i]);
      if (!kind) return i18n::trf("line {0}: '{1}' is not a piece's name", line_number, names[i]);
      layout[r.first + i] = *kind;
    }
    ++row;
  }
  if (row != kFileRows.size()) return i18n::trf("a layout has four rows; this one has {0}", row);
  auto valid = validate_layout(layout);
  if (!valid) return placement_text(valid.error());
  return layout;
}

std::filesystem::path layout_dir(const std::filesystem::path& data_dir) { return data_dir / "gunjin" / "layouts"; }

game::Result<std::filesystem::path, std::string> save_layout(const std::filesystem::path& data_dir,
                                                              const std::string& name, const Layout& layout) {
  if (name.empty() || name.size() > 40) return std::string(i18n::tr("a layout's name has 1 to 40 characters"));
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_')
      return std::string(i18n::tr("a layout's name has letters, digits, '-' and '_' only"));
  if (!validate_layout(layout)) return std::string(i18n::tr("this layout breaks the placement rules"));
  std::error_code ec;
  std::filesystem::create_directories(layout_dir(data_dir), ec);
  const auto path = layout_dir(data_dir) / (name + ".layout");
  std::ofstream out(path, std::ios::trunc);
  out << format_layout(layout);
  out.close();
  if (!out) return i18n::trf("cannot write {0}", path.string());
  return path;
}

game::Result<Layout, std::string> load_layout(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return i18n::trf("cannot open {0}", file.string());
  std::string text(kMaxLayoutFileBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  auto layout = parse_layout(text);
  if (!layout) return i18n::trf("{0}: {1}", file.filename().string(), layout.error());
  return layout;
}

Layout sensible_layout(std::uint64_t seed) { return peer::TrackingStrategy(seed).layout(); }

// ---- the editor ---------------------------------------------------------------------------

GunjinLayoutEditor::GunjinLayoutEditor(const Layout& layout) : layout_(layout) {
  if (!validate_layout(layout_)) layout_ = sensible_layout(0);
}

bool GunjinLayoutEditor::set(const Layout& layout) {
  if (!validate_layout(layout)) return false;
  layout_ = layout;
  selected_.reset();
  dragging_ = false;
  refusal_.clear();
  return true;
}

bool GunjinLayoutEditor::may_swap(std::uint8_t a, std::uint8_t b) const {
  Layout next = layout_;
  std::swap(next[a], next[b]);
  return validate_layout(next).ok();
}

bool GunjinLayoutEditor::swap(std::uint8_t a, std::uint8_t b) {
  Layout next = layout_;
  std::swap(next[a], next[b]);
  auto valid = validate_layout(next);
  if (!valid) {
    refusal_ = placement_text(valid.error());
    return false;
  }
  layout_ = next;
  refusal_.clear();
  return true;
}

void GunjinLayoutEditor::press(std::optional<std::uint8_t> at) {
  dragging_ = false;
  pressed_on_selected_ = false;
  second_press_ = false;
  if (!at) return cancel();
  if (selected_ && *selected_ != *at) {
    swap(*selected_, *at);
    selected_.reset();
    return;
  }
  second_press_ = selected_ == at;  // a click on the piece already up puts it back
  selected_ = at;
  pressed_on_selected_ = true;
}

void GunjinLayoutEditor::drag(Point pointer) {
  if (!selected_ || !pressed_on_selected_) return;
  dragging_ = true;
  pointer_ = pointer;
}

void GunjinLayoutEditor::release(std::optional<std::uint8_t> at) {
  const bool was_dragging = std::exchange(dragging_, false);
  pressed_on_selected_ = false;
  if (!selected_) return;
  if (was_dragging) {
    if (at && *at != *selected_) swap(*selected_, *at);
    selected_.reset();
  } else if (std::exchange(second_press_, false)) {
    selected_.reset();
  }
}

void GunjinLayoutEditor::cancel() {
  selected_.reset();
  dragging_ = false;
  pressed_on_selected_ = false;
}

}  // namespace parley::ui
