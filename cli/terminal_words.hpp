#pragma once
// What every terminal player says the same way, in the person's language (docs/i18n.md): a
// seat's presence in the room, as the session tells it in English.
#include <string>
#include <string_view>

namespace parley::cli {

// "WHO disconnected" / "reconnected" / "left the room" for a presence event's text
// (lobby::describe(PresenceEvent)); any other text is shown after WHO as it is.
std::string presence_line(const std::string& who, std::string_view event_text);

}  // namespace parley::cli
