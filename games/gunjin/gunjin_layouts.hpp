#pragma once
// Sensible Gunjin layouts drawn at random: the tracking bot's, and a person's default (the
// layout editor's first layout, `parley play gunjin` without --layout). Each draw builds the
// layout around a protected flag and varies everything else, so that two draws almost never
// agree, and a person who keeps the default never meets a bot with the same layout or its
// mirror image (a one-in-millions chance: docs/gunjin.md, "Bots").
//
// A layout is sensible (`layout_concerns` finds nothing) when
//   - the flag stands in the second or third row from the back, never on the back row or the
//     front row, with a 大将, 中将, 少将 or a mine directly behind it (the flag fights with the
//     strength of the piece behind it: docs/gunjin.md, "The flag rule");
//   - the strong movers (大将, 中将, 少将, both 飛行機, both タンク) are spread: each half of the
//     camp (columns a–c and d–f; the HQ belongs to neither) holds at least two of them;
//   - each gate holds a fighter (中将, 少将, 飛行機, タンク, 大佐, 中佐, 少佐 or 騎兵), not a piece
//     that cannot win there (スパイ, 工兵, the lieutenants and captains) or the 大将.
#include <cstdint>
#include <random>
#include <vector>

#include "game/gunjin/layout.hpp"

namespace parley::peer {

enum class LayoutConcern : std::uint8_t {
  flag_exposed,     // the flag on the back or front row, or nothing strong behind it
  strength_bunched, // a half of the camp with fewer than two strong movers
  weak_gate,        // a gate held by a piece that is not a fighter
};

// What makes a layout less than sensible; empty for a sensible one. Precondition: legal.
std::vector<LayoutConcern> layout_concerns(const game::gunjin::Layout& layout);

// A legal, sensible layout drawn with `rng`.
game::gunjin::Layout sensible_layout(std::mt19937_64& rng);

// The same layout seen in a mirror, left and right swapped (the HQ and the gates stay).
game::gunjin::Layout mirrored(const game::gunjin::Layout& layout);

}  // namespace parley::peer
