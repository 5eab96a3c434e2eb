#include "game/gunjin/kind.hpp"

namespace parley::game::gunjin {

namespace {
struct Names {
  std::string_view japanese, reading, english;
};
constexpr std::array<Names, kKindCount> kNames = {{
    {"大将", "taishō", "general"},
    {"中将", "chūjō", "lieutenant general"},
    {"少将", "shōshō", "major general"},
    {"飛行機", "hikōki", "plane"},
    {"タンク", "tanku", "tank"},
    {"大佐", "taisa", "colonel"},
    {"中佐", "chūsa", "lieutenant colonel"},
    {"少佐", "shōsa", "major"},
    {"大尉", "taii", "captain"},
    {"中尉", "chūi", "first lieutenant"},
    {"少尉", "shōi", "second lieutenant"},
    {"騎兵", "kihei", "cavalry"},
    {"工兵", "kōhei", "engineer"},
    {"スパイ", "supai", "spy"},
    {"地雷", "jirai", "mine"},
    {"軍旗", "gunki", "flag"},
}};
}  // namespace

std::string_view japanese_name(Kind kind) { return kNames[index_of(kind)].japanese; }
std::string_view reading(Kind kind) { return kNames[index_of(kind)].reading; }
std::string_view english_name(Kind kind) { return kNames[index_of(kind)].english; }

}  // namespace parley::game::gunjin
