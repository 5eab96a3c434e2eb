#include "ui/core/lobby_state.hpp"

#include "i18n/i18n.hpp"

namespace parley::ui {

std::string_view describe(Connection c) {
  switch (c) {
    case Connection::offline: return i18n::tr_noop("offline");
    case Connection::connecting: return i18n::tr_noop("connecting");
    case Connection::online: return i18n::tr_noop("online");
    case Connection::reconnecting: return i18n::tr_noop("reconnecting");
  }
  return "unknown";
}

std::optional<lobby::RoomId> LobbyState::apply(const lobby::ClientEvent& event) {
  if (const auto* c = std::get_if<lobby::Connected>(&event)) {
    lobby_key_ = c->lobby_key;
  } else if (const auto* w = std::get_if<lobby::Welcome>(&event)) {
    connection_ = Connection::online;
    display_name_ = w->display_name;
    seated_rooms_ = w->seated_rooms;
  } else if (const auto* list = std::get_if<lobby::RoomList>(&event)) {
    next_rooms_.insert(next_rooms_.end(), list->rooms.begin(), list->rooms.end());
    if (list->more && !list->rooms.empty()) return list->rooms.back().room;
    rooms_ = std::exchange(next_rooms_, {});
    listing_ = false;
  } else if (const auto* r = std::get_if<lobby::RoomState>(&event)) {
    // Only members get a room's state: this client is in it (a new room replaces the old one).
    if (r->phase == lobby::RoomPhase::closed && (!room_ || room_->room != r->room)) return std::nullopt;
    room_ = *r;
    queued_.reset();
  } else if (const auto* q = std::get_if<lobby::Queued>(&event)) {
    queued_ = *q;
  } else if (const auto* line = std::get_if<lobby::ChatLine>(&event)) {
    auto& lines = chat_[line->room];
    lines.push_back({line->name, line->role, line->text, line->from == me_});
    if (lines.size() > kMaxChatLines) lines.erase(lines.begin(), lines.begin() + static_cast<long>(lines.size() - kMaxChatLines));
  } else if (const auto* f = std::get_if<lobby::TranscriptFault>(&event)) {
    faults_.push_back("The lobby sent entry " + std::to_string(f->index.value) + " of room " +
                      std::to_string(f->room.value) + " that does not fit the game's transcript (" +
                      std::string(lobby::describe(f->error)) + "): the lobby is at fault");
  } else if (const auto* p = std::get_if<lobby::ProtocolFault>(&event)) {
    if (p->error == lobby::WireError::unsupported_version)
      faults_.push_back("The lobby sent a message in a format this parley does not know: it runs another version of "
                        "parley, and one of the two needs updating");
    else
      faults_.push_back("The lobby sent a malformed message (" + std::string(lobby::describe(p->error)) +
                        "): the lobby is at fault");
  } else if (std::holds_alternative<lobby::Disconnected>(event)) {
    connection_ = Connection::reconnecting;
    listing_ = false;  // the rest of it will not come
    queued_.reset();
  }
  return std::nullopt;
}

void LobbyState::left_room() { room_.reset(); }

std::optional<std::uint8_t> LobbyState::my_seat() const {
  if (!room_) return std::nullopt;
  for (std::uint8_t i = 0; i < room_->seats.size(); ++i)
    if (room_->seats[i].key == me_) return i;
  return std::nullopt;
}

const std::vector<ChatEntry>& LobbyState::chat() const {
  static const std::vector<ChatEntry> none;
  if (!room_) return none;
  auto it = chat_.find(room_->room);
  return it == chat_.end() ? none : it->second;
}

}  // namespace parley::ui
