// A UCI engine's option lines (parse_uci_option) and the level plans made from them: any lines
// either fail or give an option with a name and a type; every level's plan then sets only options
// the engine listed, within their ranges, and its go command carries a time.
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "games/chess/chess_levels.hpp"

using namespace parley::peer;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<UciOption> options;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    if (auto o = parse_uci_option(text.substr(at, end - at))) {
      if (o->name.empty() || o->type.empty() || o->name.find(" type ") != std::string::npos) std::abort();
      options.push_back(*o);
    }
    at = end + 1;
  }
  for (int level = kMinChessLevel; level <= kMaxChessLevel; ++level) {
    const UciLevelPlan plan = plan_uci_level(level, options);
    for (const std::string& line : plan.setoptions) {
      bool listed = false;
      for (const UciOption& o : options) {
        const std::string prefix = "setoption name " + o.name + " value ";
        if (line.rfind(prefix, 0) != 0) continue;
        const std::string value = line.substr(prefix.size());
        if (o.type == "spin") {
          // Within the range the engine gave (one given backwards is never used).
          const long v = std::strtol(value.c_str(), nullptr, 10);
          if (o.min > o.max || v < o.min || v > o.max) continue;
        }
        listed = true;
      }
      if (!listed) std::abort();
    }
    if (plan.go.rfind("go ", 0) != 0 || plan.go.find(" movetime ") == std::string::npos) std::abort();
  }
  return 0;
}
