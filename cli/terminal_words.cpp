#include "cli/terminal_words.hpp"

#include "i18n/i18n.hpp"
#include "lobby/protocol/entry.hpp"

namespace parley::cli {

std::string presence_line(const std::string& who, std::string_view event_text) {
  using lobby::PresenceEvent;
  if (event_text == lobby::describe(PresenceEvent::disconnected)) return i18n::trf("{0} disconnected", who);
  if (event_text == lobby::describe(PresenceEvent::reconnected)) return i18n::trf("{0} reconnected", who);
  if (event_text == lobby::describe(PresenceEvent::left)) return i18n::trf("{0} left the room", who);
  return who + " " + std::string(event_text);
}

}  // namespace parley::cli
