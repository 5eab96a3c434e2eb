// parse_layout on arbitrary text (a Gunjin layout file, `parley play gunjin --layout`, the
// client's editor): never a crash; a layout it takes keeps the placement rules and reads back
// the same from the text format_layout writes for it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "game/gunjin/layout.hpp"
#include "games/gunjin/ui/gunjin_layout_editor.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace parley;
  auto layout = ui::parse_layout({reinterpret_cast<const char*>(data), size});
  if (!layout) return 0;
  if (!game::gunjin::validate_layout(*layout)) std::abort();
  auto again = ui::parse_layout(ui::format_layout(*layout));
  if (!again || *again != *layout) std::abort();
  return 0;
}
