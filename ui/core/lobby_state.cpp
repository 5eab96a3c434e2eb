#include "ui/core/lobby_state.hpp"

#include <algorithm>

#include "i18n/i18n.hpp"

namespace parley::ui {

namespace {

// Names compared for a list people read: letters of either case together (ASCII), then the key.
bool listed_before(const lobby::PlayerSummary& a, const lobby::PlayerSummary& b) {
  const auto fold = [](unsigned char c) { return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c - 'A' + 'a') : c; };
  const auto less = [&](char x, char y) { return fold(static_cast<unsigned char>(x)) < fold(static_cast<unsigned char>(y)); };
  if (std::lexicographical_compare(a.name.begin(), a.name.end(), b.name.begin(), b.name.end(), less)) return true;
  if (std::lexicographical_compare(b.name.begin(), b.name.end(), a.name.begin(), a.name.end(), less)) return false;
  return a.key < b.key;
}

}  // namespace

std::string_view describe(lobby::Activity activity) {
  switch (activity) {
    case lobby::Activity::idle: return i18n::tr_noop("in the lobby");
    case lobby::Activity::queued: return i18n::tr_noop("waiting for a match");
    case lobby::Activity::playing: return i18n::tr_noop("in game");
    case lobby::Activity::watching: return i18n::tr_noop("watching");
  }
  return "unknown";
}

const lobby::GameRating* rating_in(const lobby::PlayerSummary& player, std::string_view game) {
  for (const lobby::GameRating& r : player.ratings)
    if (r.game == game) return &r;
  return nullptr;
}

std::string_view describe(Connection c) {
  switch (c) {
    case Connection::offline: return i18n::tr_noop("offline");
    case Connection::connecting: return i18n::tr_noop("connecting");
    case Connection::online: return i18n::tr_noop("online");
    case Connection::reconnecting: return i18n::tr_noop("reconnecting");
  }
  return "unknown";
}

LobbyState::NextPage LobbyState::apply(const lobby::ClientEvent& event) {
  if (const auto* c = std::get_if<lobby::Connected>(&event)) {
    lobby_key_ = c->lobby_key;
  } else if (const auto* w = std::get_if<lobby::Welcome>(&event)) {
    connection_ = Connection::online;
    display_name_ = w->display_name;
    seated_rooms_ = w->seated_rooms;
    // A new connection: a lobby that did not serve its common room may now (it was updated).
    if (lobby_room_ == LobbyRoom::not_served) lobby_room_ = LobbyRoom::unknown;
  } else if (const auto* list = std::get_if<lobby::RoomList>(&event)) {
    next_rooms_.insert(next_rooms_.end(), list->rooms.begin(), list->rooms.end());
    if (list->more && !list->rooms.empty()) return {list->rooms.back().room, std::nullopt};
    rooms_ = std::exchange(next_rooms_, {});
    listing_ = false;
  } else if (const auto* page = std::get_if<lobby::PlayerList>(&event)) {
    lobby_room_ = LobbyRoom::served;
    if (!listing_players_) return {};  // a page of a listing given up (a lost connection)
    // Pages come in key order, each after the last: one that does not is the lobby's mistake,
    // and the listing ends there rather than ask round in circles.
    bool in_order = true;
    for (const lobby::PlayerSummary& p : page->players) {
      if (!next_players_.empty() && !(next_players_.back().key < p.key)) {
        in_order = false;
        break;
      }
      if (next_players_.size() == kMaxPlayersListed) break;
      next_players_.push_back(p);
    }
    if (page->more && in_order && !page->players.empty() && next_players_.size() < kMaxPlayersListed)
      return {std::nullopt, next_players_.back().key};
    players_ = std::exchange(next_players_, {});
    std::ranges::sort(players_, listed_before);
    listing_players_ = false;
  } else if (const auto* pulse = std::get_if<lobby::LobbyPulse>(&event)) {
    lobby_room_ = LobbyRoom::served;
    players_online_ = pulse->players_online;
    queues_ = pulse->queues;
  } else if (const auto* r = std::get_if<lobby::RoomState>(&event)) {
    // Only members get a room's state: this client is in it (a new room replaces the old one).
    if (r->phase == lobby::RoomPhase::closed) std::erase(seated_rooms_, r->room);
    if (r->phase == lobby::RoomPhase::closed && (!room_ || room_->room != r->room)) return {};
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
    listing_players_ = false;
    next_players_.clear();
    queued_.reset();
  }
  return {};
}

void LobbyState::lobby_room_refused(lobby::Refusal reason) {
  if (reason == lobby::Refusal::unknown_message) lobby_room_ = LobbyRoom::not_served;
  listing_players_ = false;
  next_players_.clear();
}

std::uint32_t LobbyState::waiting(std::string_view game, std::uint8_t seats) const {
  for (const lobby::QueueCount& q : queues_)
    if (q.game == game && q.seats == seats) return q.waiting;
  return 0;
}

std::uint32_t LobbyState::waiting(std::string_view game) const {
  std::uint32_t n = 0;
  for (const lobby::QueueCount& q : queues_)
    if (q.game == game) n += q.waiting;
  return n;
}

const std::vector<ChatEntry>& LobbyState::lobby_chat() const {
  static const std::vector<ChatEntry> none;
  auto it = chat_.find(lobby::kLobbyRoom);
  return it == chat_.end() ? none : it->second;
}

void LobbyState::left_room() {
  // Leaving a room whose game has not started gives its seat up; a started game keeps it.
  if (room_ && room_->phase != lobby::RoomPhase::started) std::erase(seated_rooms_, room_->room);
  room_.reset();
}

std::vector<lobby::RoomId> LobbyState::unfinished_elsewhere() const {
  std::vector<lobby::RoomId> out;
  for (lobby::RoomId id : seated_rooms_)
    if (!room_ || room_->room != id) out.push_back(id);
  return out;
}

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
