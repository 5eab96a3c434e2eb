// RisikoShapes::parse on arbitrary text against the classic world (a map drawing file the
// client reads): never a crash; a drawing it takes has one outline per territory, and finding
// the territory under a point and the borders it does not draw never fail.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "game/risiko/builtin_maps.hpp"
#include "games/risiko/ui/risiko_shapes.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace parley;
  static const auto world = game::risiko::classic_world();
  auto shapes = ui::RisikoShapes::parse({reinterpret_cast<const char*>(data), size}, *world);
  if (!shapes) return 0;
  if (shapes->shapes().size() != world->territory_count()) std::abort();
  for (const auto& s : shapes->shapes()) {
    if (s.outline.size() < 3) std::abort();
    (void)shapes->hit(s.outline.front());
  }
  (void)shapes->hit(ui::MapPoint{shapes->width() / 2, shapes->height() / 2});
  (void)shapes->undrawn_borders(*world);
  return 0;
}
