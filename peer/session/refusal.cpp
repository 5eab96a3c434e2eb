#include "peer/session/refusal.hpp"

#include <algorithm>
#include <cassert>
#include <ostream>

namespace parley::peer {

void PrintTo(const RefusalCode& code, std::ostream* out) {
  constexpr std::string_view kSources[] = {"shared", "engine", "game"};
  *out << kSources[static_cast<std::size_t>(code.source)] << ' ' << int(code.value);
}

namespace {

const RefusalWords* find_words(std::span<const RefusalWords> table, RefusalCode code) {
  auto it = std::find_if(table.begin(), table.end(), [&](const RefusalWords& w) { return w.code == code; });
  return it == table.end() ? nullptr : &*it;
}

}  // namespace

std::string words_for(std::span<const RefusalWords> table, const Rejection& rejection) {
  const RefusalWords* entry = find_words(table, rejection.code);
  assert(entry && "every code a game's rules produce is in its table");
  if (entry == nullptr) return "refused";
  std::string out;
  std::size_t next = 0;
  std::string_view words = entry->words;
  for (std::size_t at = words.find("{}"); at != std::string_view::npos; at = words.find("{}")) {
    assert(next < rejection.detail.size() && "a particular for every place in the words");
    out += words.substr(0, at);
    if (next < rejection.detail.size()) out += rejection.detail[next++];
    words.remove_prefix(at + 2);
  }
  assert(next == rejection.detail.size() && "no particular the words leave out");
  return out += words;
}

std::string_view name_for(std::span<const RefusalWords> table, RefusalCode code) {
  const RefusalWords* entry = find_words(table, code);
  return entry ? entry->name : "unknown";
}

}  // namespace parley::peer
