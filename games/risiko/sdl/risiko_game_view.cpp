#include "games/risiko/sdl/risiko_game_view.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <fstream>

#include "game/risiko/builtin_maps.hpp"
#include "game/risiko/cards.hpp"
#include "game/risiko/map_format.hpp"
#include "games/risiko/sdl/risiko_view.hpp"
#include "games/risiko/terminal/risiko_map_text.hpp"
#include "i18n/i18n.hpp"
#include "ui/sdl/palette.hpp"
#include "ui/sdl/screens.hpp"

namespace parley::ui::sdl {

namespace rk = game::risiko;

namespace {

int scaled(int v, float scale) { return static_cast<int>(std::lround(static_cast<float>(v) * scale)); }

void swatch(Rgb c) {
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + h, p.y + h), IM_COL32(c.r, c.g, c.b, 255), h * 0.2f);
  ImGui::Dummy(ImVec2(h, h));
}

const char* hint(RisikoMode mode) {
  switch (mode) {
    case RisikoMode::initial_placement:
      return i18n::tr("Place your starting armies: click your territories (right click takes one back), then Place. "
                      "They are committed all at once and revealed when everyone has committed.");
    case RisikoMode::placement_committed: return i18n::tr("Placement committed: waiting for the others.");
    case RisikoMode::must_trade: return i18n::tr("You hold more than 5 cards: choose three that form a set and trade them.");
    case RisikoMode::reinforce:
      return i18n::tr("Click your territories to place your armies (right click takes one back), then Place.");
    case RisikoMode::attack:
      return i18n::tr("Click one of your territories, then a neighbour: an enemy to attack (click it again to roll the "
                      "most dice), or your own for the strategic move. End the turn when done.");
    case RisikoMode::move_in:
      return i18n::tr("Conquered! Choose how many armies move in (or click the territory to move all).");
    case RisikoMode::sent: return i18n::tr("Sent: waiting for the lobby to relay it.");
    case RisikoMode::out: return i18n::tr("You are no longer playing in this game.");
    case RisikoMode::watching: break;
  }
  return "";
}

// A line of text in a colour, wrapped at the panel's edge (a translation may be longer).
void wrapped_text(const ImVec4& colour, const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

}  // namespace

RisikoLayout risiko_layout(int width, int height, int top, float scale) {
  const int margin = scaled(10, scale);
  const int panel_w = std::min(std::max(scaled(360, scale), width / 3), std::max(width - 2 * margin, 0));
  RisikoLayout l;
  const int avail_h = std::max(height - top - 2 * margin, 0);
  // The map at the top, as wide as it may be (it is twice as wide as high).
  const int map_w = std::max(width - panel_w - 3 * margin, 0);
  l.map = {margin, top + margin, map_w, std::min(avail_h, map_w / 2)};
  l.panel = {l.map.x + l.map.w + margin, top + margin, panel_w, avail_h};
  const int below_y = l.map.y + l.map.h + margin;
  const int below_h = top + margin + avail_h - below_y;
  if (below_h >= scaled(140, scale)) l.below = {margin, below_y, map_w, below_h};
  else l.below = {0, 0, 0, 0};
  return l;
}

RisikoGameView::RisikoGameView(const ViewContext& context)
    : window_(context.window), app_(context.app), screen_(dynamic_cast<RisikoScreen&>(context.screen)) {}

bool RisikoGameView::shortcut(const SDL_Event& event, std::uint64_t) {
  if (event.type != SDL_KEYDOWN || app_.screen() != Screen::game || !screen_.board()) return false;
  RisikoBoard& board = *screen_.board();
  switch (event.key.keysym.sym) {
    case SDLK_ESCAPE: board.deselect(); return true;
    case SDLK_RETURN:
    case SDLK_KP_ENTER: screen_.act(board.place()); return true;
    case SDLK_e: screen_.act(board.end_turn()); return true;
    default: return false;
  }
}

void RisikoGameView::room_form(CreateRoomForm&) {
  const char* const kOwnMap = i18n::tr("a map file of yours");
  RisikoScreen::RoomForm& form = screen_.room_form();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##risiko-map", own_map_ ? kOwnMap : form.map.c_str())) {
    for (const auto& shipped : game::risiko::builtin_maps()) {
      const std::string key(shipped.key);
      if (!ImGui::Selectable(key.c_str(), !own_map_ && form.map == key)) continue;
      own_map_ = false;
      form.map = key;
    }
    if (ImGui::Selectable(kOwnMap, own_map_)) own_map_ = true;
    ImGui::EndCombo();
  }
  if (own_map_) {
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##risiko-map-file", i18n::tr("path of a .map file (docs/risiko.md)"), &map_path_);
  }
  bool classic_dice = form.dice == rk::DiceRule::classic;
  ImGui::Checkbox((std::string(i18n::tr("Classic dice (the defender rolls up to 2)")) + "###classic-dice").c_str(), &classic_dice);
  form.dice = classic_dice ? rk::DiceRule::classic : rk::DiceRule::risiko;
}

bool RisikoGameView::before_create(std::uint64_t local_ms) {
  RisikoScreen::RoomForm& form = screen_.room_form();
  form.map_file.reset();
  if (!own_map_) return true;
  namespace fs = std::filesystem;
  const fs::path path = map_path_;
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec) {
    app_.notify(Notice::Kind::error, i18n::trf("Cannot open {0}: {1}", path.string(), ec.message()), local_ms);
    return false;
  }
  if (size > rk::kMaxMapBytes) {
    app_.notify(Notice::Kind::error, i18n::trf("{0} is too large for a map", path.string()), local_ms);
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) {
    app_.notify(Notice::Kind::error, i18n::trf("Cannot read {0}", path.string()), local_ms);
    return false;
  }
  form.map_file = std::move(text);
  return true;
}

void RisikoGameView::game_screen(std::uint64_t local_ms, int top,
                                 const std::function<void(const char* id, float height)>& chat) {
  draw(top, local_ms, [&](float height) { chat("game-chat-lines", height); });
}

RisikoGameView& risiko_view(const Screens& screens) {
  auto* view = dynamic_cast<RisikoGameView*>(screens.view(peer::risiko::kRisikoGame));
  assert(view != nullptr);
  return *view;
}

std::string RisikoGameView::room_seat_label(std::size_t seat) const {
  if (seat < static_cast<std::size_t>(rk::kColours)) return colour_name(static_cast<rk::Colour>(seat));
  return GameView::room_seat_label(seat);
}

void RisikoGameView::set_zoom(float zoom, MapPoint centre) {
  zoom_ = std::clamp(zoom, 1.0f, kMaxZoom);
  zoom_centre_ = centre;
}

MapFrame RisikoGameView::zoomed_frame(const RisikoShapes& shapes, Rect area) const {
  const MapFrame fitted = fit_map(shapes, area);
  if (zoom_ <= 1.0f) return fitted;
  return zoom_map(fitted, zoom_, zoom_centre_);
}

Rect RisikoGameView::zoom_buttons(const MapFrame& frame) const {
  const float s = window_.scale(), side = 26 * s;
  return {static_cast<int>(frame.view_x + frame.view_width - 2 * side - 10 * s), static_cast<int>(frame.view_y + 6 * s),
          static_cast<int>(2 * side + 4 * s), static_cast<int>(side)};
}

void RisikoGameView::zoom_controls(const MapFrame& frame) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const MapPoint under = frame.to_map(Point{static_cast<int>(mouse.x), static_cast<int>(mouse.y)});
  // The map point at the view's centre now, which the buttons keep there.
  const MapPoint centre{(frame.view_x + frame.view_width / 2 - frame.x) / frame.scale,
                        (frame.view_y + frame.view_height / 2 - frame.y) / frame.scale};
  const float wheel = ImGui::GetIO().MouseWheel;
  const bool over_map = ImGui::IsMouseHoveringRect(ImVec2(frame.view_x, frame.view_y),
                                                   ImVec2(frame.view_x + frame.view_width, frame.view_y + frame.view_height)) &&
                        ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
  if (over_map && wheel != 0) {
    // Zoom about the point under the mouse: it stays under the mouse.
    const float next = std::clamp(zoom_ * (wheel > 0 ? 1.25f : 0.8f), 1.0f, kMaxZoom);
    const float scale = frame.scale / zoom_ * next;
    set_zoom(next, {under.x - (mouse.x - frame.view_x - frame.view_width / 2) / scale,
                    under.y - (mouse.y - frame.view_y - frame.view_height / 2) / scale});
  }
  // The buttons, at the view's top right corner.
  const float s = window_.scale();
  const float side = 26 * s;
  const Rect buttons = zoom_buttons(frame);
  ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(buttons.x), static_cast<float>(buttons.y)));
  ImGui::BeginDisabled(zoom_ >= kMaxZoom);
  if (ImGui::Button("+##zoom-in", ImVec2(side, side))) set_zoom(zoom_ * 1.5f, centre);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", i18n::tr("Zoom in (or the mouse wheel): territory names show"));
  ImGui::SameLine(0, 4 * s);
  ImGui::BeginDisabled(zoom_ <= 1.0f);
  if (ImGui::Button("-##zoom-out", ImVec2(side, side))) set_zoom(zoom_ / 1.5f, centre);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", i18n::tr("Zoom out"));
}

void RisikoGameView::map_input(const RisikoShapes& shapes, const MapFrame& frame, RisikoBoard& board) {
  ImGui::SetCursorScreenPos(ImVec2(frame.view_x, frame.view_y));
  ImGui::InvisibleButton("##map", ImVec2(std::max(frame.view_width, 1.0f), std::max(frame.view_height, 1.0f)),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  ImGui::SetItemAllowOverlap();  // the zoom buttons over it
  hovered_.reset();
  if (!ImGui::IsItemHovered()) return;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const Rect buttons = zoom_buttons(frame);
  if (mouse.x >= buttons.x && mouse.x < buttons.x + buttons.w && mouse.y >= buttons.y && mouse.y < buttons.y + buttons.h)
    return;  // a click there is the zoom's
  const auto at = shapes.hit(frame.to_map(Point{static_cast<int>(mouse.x), static_cast<int>(mouse.y)}));
  hovered_ = at;
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) screen_.act(board.click(at, false));
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) screen_.act(board.click(at, true));
  if (at) {
    const rk::Country& c = board.world().country(*at);
    const rk::CountryInfo& info = board.table().countries[at->value];
    std::string owner = app_.game() ? app_.game()->seat_name(info.owner) : "";
    ImGui::SetTooltip("%s", i18n::trnf("{0} ({1})\n{2}: {3} army", "{0} ({1})\n{2}: {3} armies", info.armies,
                                       cli::risiko_place_name(c), cli::risiko_place_name(board.world().continent(c.continent)),
                                       owner, info.armies)
                                .c_str());
  }
}

void RisikoGameView::draw(int top, std::uint64_t local_ms, const std::function<void(float)>& chat) {
  RisikoBoard* board = screen_.board();
  const LiveGame* game = app_.game();
  if (!board || !game) return;
  const float s = window_.scale();
  const RisikoLayout layout = risiko_layout(window_.width(), window_.height(), top, s);
  frame_.reset();
  buttons_.clear();
  drawn_dice_.clear();
  drawn_cards_.clear();
  if (board->shapes()) {
    const MapFrame frame = zoomed_frame(*board->shapes(), layout.map);
    frame_ = frame;
    RisikoMapScene scene;
    const bool dealt = board->table().started;
    scene.table = dealt ? &board->table() : nullptr;
    scene.selected = board->selected();
    scene.target = board->target();
    scene.targets = board->targets();
    scene.draft = &board->draft();
    scene.hovered = hovered_;
    scene.extra_borders = board->shapes()->undrawn_borders(board->world());
    scene.world = &board->world();
    draw_risiko_map(ImGui::GetWindowDrawList(), *board->shapes(), frame, scene, window_.text_font(),
                    std::max(13.0f, frame.scale * 3.6f));
    if (dealt) map_input(*board->shapes(), frame, *board);
    zoom_controls(frame);
  } else {
    ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(layout.map.x), static_cast<float>(layout.map.y)));
    ImGui::TextWrapped("%s", i18n::trf("This client has no drawing of the map \"{0}\"; the panel still shows the game.",
                                       board->world().name)
                                 .c_str());
  }

  const Rect p = layout.panel;
  ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(p.x), static_cast<float>(p.y)));
  ImGui::BeginChild("risiko-panel", ImVec2(static_cast<float>(p.w), static_cast<float>(p.h)), false);
  ImGui::TextWrapped("%s", game->status(local_ms).c_str());
  if (auto result = game->result_text()) {
    ImGui::PushFont(window_.heading_font());
    ImGui::TextWrapped("%s", result->c_str());
    ImGui::PopFont();
    if (auto mission = claimed_mission(board->table()))
      ImGui::TextWrapped("%s", i18n::trf("Mission accomplished: {0}", mission_text(board->world(), *mission)).c_str());
  }
  if (const char* h = hint(board->mode()); *h) {
    ImGui::PushStyleColor(ImGuiCol_Text, kWarn);
    ImGui::TextWrapped("%s", h);
    ImGui::PopStyleColor();
  }
  players(*board);
  ImGui::Separator();
  own_secrets(*board);
  controls(*board);
  if (const auto& roll = board->tracker().last_roll()) {
    ImGui::Separator();
    const rk::World& w = board->world();
    ImGui::TextWrapped("%s", 
        i18n::trf("{0} attacks {1} from {2}", game->seat_name(roll->attacker), cli::risiko_place_name(w.country(roll->to)),
                  cli::risiko_place_name(w.country(roll->from)))
            .c_str());
    // The last round large, each side high to low, the compared pairs one above the other.
    const float side = ImGui::GetTextLineHeight() * 2.2f;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    drawn_dice_ = draw_dice(ImGui::GetWindowDrawList(), at.x, at.y, side, *roll, 1);
    ImGui::Dummy(ImVec2(0, side * 2.4f));
    const std::string rounds =
        roll->conquered ? i18n::trnf("{0} round: attacker lost {1}, defender lost {2}, conquered",
                                     "{0} rounds: attacker lost {1}, defender lost {2}, conquered", roll->rounds.size(),
                                     roll->rounds.size(), roll->losses.attacker, roll->losses.defender)
                        : i18n::trnf("{0} round: attacker lost {1}, defender lost {2}",
                                     "{0} rounds: attacker lost {1}, defender lost {2}", roll->rounds.size(),
                                     roll->rounds.size(), roll->losses.attacker, roll->losses.defender);
    ImGui::PushStyleColor(ImGuiCol_Text, kQuiet);
    ImGui::TextWrapped("%s", rounds.c_str());
    ImGui::PopStyleColor();
  }
  if (const auto& seat = app_.seat(); seat && seat->status == peer::RunnerStatus::finished && seat->log)
    wrapped_text(kQuiet, i18n::trf("Log: {0}", seat->log->filename().string()).c_str());
  if (app_.can_leave_game() && ImGui::Button(i18n::tr("Back to the lobby"))) app_.leave_game();
  ImGui::Separator();
  const auto& lines = board->tracker().log();
  if (layout.below.h > 0) {
    // The events and the chat side by side under the map.
    ImGui::EndChild();
    const Rect b = layout.below;
    const float half = static_cast<float>(b.w) / 2;
    ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(b.x), static_cast<float>(b.y)));
    ImGui::BeginChild("risiko-events", ImVec2(half - 4 * s, static_cast<float>(b.h)), false);
    log(lines, lines.size(), ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing());
    ImGui::EndChild();
    ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(b.x) + half + 4 * s, static_cast<float>(b.y)));
    ImGui::BeginChild("risiko-chat", ImVec2(half - 4 * s, static_cast<float>(b.h)), false);
    chat(static_cast<float>(b.h));
    ImGui::EndChild();
    return;
  }
  const float chat_h = 150 * s;
  log(lines, lines.size(), std::max(ImGui::GetContentRegionAvail().y - chat_h - ImGui::GetStyle().ItemSpacing.y, 60.0f));
  ImGui::BeginChild("risiko-chat", ImVec2(0, chat_h));
  chat(chat_h);
  ImGui::EndChild();
  ImGui::EndChild();
}

void RisikoGameView::players(const RisikoBoard& board) {
  const rk::Table& t = board.table();
  const LiveGame* game = app_.game();
  if (!t.started || !game) return;
  if (!ImGui::BeginTable("risiko-players", 5, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn(i18n::tr("Player"), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn(i18n::tr("Terr."));
  ImGui::TableSetupColumn(i18n::tr("Armies"));
  ImGui::TableSetupColumn(i18n::tr("Cards"));
  ImGui::TableHeadersRow();
  for (game::Seat seat : t.turn_order) {
    const rk::PlayerInfo& p = t.player(seat);
    std::uint32_t armies = 0;
    for (const auto& c : t.countries)
      if (c.owner == seat) armies += c.armies;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    swatch(RisikoColors::owner(p.colour));
    ImGui::TableNextColumn();
    const bool current = t.turn > 0 && t.current_player() == seat && t.phase != rk::Phase::no_move;
    std::string name = board.me() == seat ? i18n::trf("{0} (you)", game->seat_name(seat)) : game->seat_name(seat);
    if (current) name = "> " + name;
    if (p.status == rk::PlayerStatus::left) name = i18n::trf("{0} - left", name);
    if (p.status == rk::PlayerStatus::eliminated) name = i18n::trf("{0} - eliminated", name);
    if (p.armies_to_place > 0) name = i18n::trf("{0} +{1} to place", name, p.armies_to_place);
    ImGui::TextColored(p.status == rk::PlayerStatus::playing ? (current ? kGood : ImGui::GetStyleColorVec4(ImGuiCol_Text)) : kQuiet,
                       "%s", name.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%u", t.territories_of(seat));
    ImGui::TableNextColumn();
    ImGui::Text("%u", armies);
    ImGui::TableNextColumn();
    ImGui::Text("%zu", p.hand.size());
  }
  ImGui::EndTable();
  // The continents, their bonus, and who holds one whole.
  const rk::World& w = board.world();
  std::string continents;
  for (std::uint8_t c = 0; c < w.continents.size(); ++c) {
    std::string held;
    for (game::Seat seat : t.turn_order)
      if (t.holds_continent(w, seat, rk::ContinentId{c})) held = ": " + game->seat_name(seat);
    continents += (continents.empty() ? "" : ", ") + cli::risiko_place_name(w.continents[c]) + " +" +
                  std::to_string(w.continents[c].bonus) + held;
  }
  ImGui::PushStyleColor(ImGuiCol_Text, kQuiet);
  ImGui::TextWrapped("%s", i18n::trf("Continents: {0}", continents).c_str());
  ImGui::PopStyleColor();
}

void RisikoGameView::own_secrets(RisikoBoard& board) {
  if (!board.me() || !board.table().started) return;
  const rk::World& w = board.world();
  const rk::Player& own = board.own();
  if (own.mission)
    ImGui::TextWrapped("%s", i18n::trf("Your mission: {0}", mission_text(w, *own.mission)).c_str());
  else
    wrapped_text(kQuiet, i18n::tr("Your mission is being dealt..."));
  const auto& hand = board.table().player(*board.me()).hand;
  if (hand.empty()) return;
  ImGui::TextWrapped("%s", i18n::trf("Your cards ({0}):", hand.size()).c_str());
  // Each card a tile with its symbol and territory; a click chooses it for a trade.
  const float s = window_.scale();
  const ImVec2 tile(76 * s, 100 * s);
  for (std::size_t i = 0; i < hand.size(); ++i) {
    const auto slot = static_cast<std::uint8_t>(i);
    const bool known = i < own.cards.size() && own.cards[i].has_value();
    const rk::Card* card = known ? &w.card(*own.cards[i]) : nullptr;
    const std::string name = !known ? std::string(i18n::tr("(being dealt...)"))
                             : card->territory ? cli::risiko_place_name(w.country(*card->territory))
                                               : std::string(i18n::tr("Joker"));
    if (i > 0 && ImGui::GetContentRegionAvail().x > tile.x + ImGui::GetStyle().ItemSpacing.x) ImGui::SameLine();
    ImGui::PushID(static_cast<int>(i));
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (ImGui::InvisibleButton("##card", tile)) board.toggle_card(slot);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", known ? card_text(w, *own.cards[i]).c_str() : name.c_str());
    const Rect r{static_cast<int>(at.x), static_cast<int>(at.y), static_cast<int>(tile.x), static_cast<int>(tile.y)};
    draw_risiko_card(ImGui::GetWindowDrawList(), r, card ? card->symbol : rk::Symbol::joker, name,
                     board.chosen_cards().contains(slot), window_.text_font(), window_.small_font()->FontSize);
    drawn_cards_.push_back({r, card ? std::optional<rk::Symbol>(card->symbol) : std::nullopt});
    ImGui::PopID();
  }
  ImGui::BeginDisabled(!board.can_trade());
  if (button(i18n::tr("Trade the three chosen cards"))) screen_.act(board.trade());
  ImGui::EndDisabled();
}

void RisikoGameView::controls(RisikoBoard& board) {
  const RisikoMode mode = board.mode();
  ImGui::Separator();
  switch (mode) {
    case RisikoMode::initial_placement:
    case RisikoMode::reinforce: {
      const std::uint32_t total = board.draft_total(), allowance = board.allowance();
      ImGui::TextWrapped("%s", i18n::trf("Armies to place: {0} of {1} chosen", total, allowance).c_str());
      const bool ready = mode == RisikoMode::initial_placement ? total == allowance : total > 0;
      ImGui::BeginDisabled(!ready);
      if (button(mode == RisikoMode::initial_placement ? i18n::tr("Place (commit)") : i18n::tr("Place"))) screen_.act(board.place());
      ImGui::EndDisabled();
      ImGui::SameLine();
      if (button(i18n::tr("Clear"))) board.clear_draft();
      break;
    }
    case RisikoMode::attack: {
      const auto from = board.selected();
      const auto to = board.target();
      const rk::World& w = board.world();
      if (from && to && board.target_is_enemy()) {
        ImGui::TextWrapped("%s", i18n::trf("Attack {0} from {1}", cli::risiko_place_name(w.country(*to)), cli::risiko_place_name(w.country(*from))).c_str());
        const int most = board.max_dice();
        dice_ = std::clamp(dice_, 1, std::max(most, 1));
        ImGui::SetNextItemWidth(120 * window_.scale());
        ImGui::SliderInt((std::string(i18n::tr("dice")) + "###dice").c_str(), &dice_, 1, std::max(most, 1));
        ImGui::SameLine();
        if (button(i18n::tr("Attack"))) screen_.act(board.attack(static_cast<std::uint8_t>(dice_)));
        const int armies = static_cast<int>(board.table().countries[from->value].armies);
        stop_at_ = std::clamp(stop_at_, 1, std::max(armies - 1, 1));
        ImGui::SetNextItemWidth(120 * window_.scale());
        ImGui::SliderInt((std::string(i18n::tr("stop at")) + "###stop-at").c_str(), &stop_at_, 1, std::max(armies - 1, 1));
        ImGui::SameLine();
        if (button(i18n::tr("Attack until it falls"))) screen_.act(board.attack_until(static_cast<std::uint32_t>(stop_at_)));
      } else if (from && to) {
        ImGui::TextWrapped("%s", 
            i18n::trf("Move from {0} to {1} (once per turn)", cli::risiko_place_name(w.country(*from)),
                      cli::risiko_place_name(w.country(*to))).c_str());
        const int most = static_cast<int>(board.table().countries[from->value].armies) - 1;
        move_armies_ = std::clamp(move_armies_, 1, std::max(most, 1));
        ImGui::SetNextItemWidth(120 * window_.scale());
        ImGui::SliderInt((std::string(i18n::tr("armies")) + "###move-armies").c_str(), &move_armies_, 1, std::max(most, 1));
        ImGui::SameLine();
        if (button(i18n::tr("Move"))) screen_.act(board.move(static_cast<std::uint32_t>(move_armies_)));
      } else if (from) {
        ImGui::TextWrapped("%s", i18n::trf("From {0}: choose a neighbour", cli::risiko_place_name(w.country(*from))).c_str());
      }
      if (button(i18n::tr("End turn"))) screen_.act(board.end_turn());
      break;
    }
    case RisikoMode::move_in: {
      const auto [least, most] = board.move_in_range();
      move_in_ = std::clamp(move_in_, static_cast<int>(least), static_cast<int>(std::max(least, most)));
      ImGui::SetNextItemWidth(120 * window_.scale());
      ImGui::SliderInt((std::string(i18n::tr("armies")) + "###move-in-armies").c_str(), &move_in_, static_cast<int>(least), static_cast<int>(std::max(least, most)));
      ImGui::SameLine();
      if (button(i18n::tr("Move in"))) screen_.act(board.move_in(static_cast<std::uint32_t>(move_in_)));
      break;
    }
    default: break;
  }
  if (board.can_claim()) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.2f, 0.55f, 0.25f, 1));
    if (button(i18n::tr("Claim victory: your mission is accomplished"))) screen_.act(board.claim());
    ImGui::PopStyleColor();
  }
  // A seat may leave on anyone's turn (RisikoBoard::leave), not only on its own.
  if (mode != RisikoMode::out && board.me()) {
    if (!confirm_leave_) {
      if (button(i18n::tr("Leave the game..."), /*small=*/true)) confirm_leave_ = true;
    } else {
      wrapped_text(kWarn, i18n::tr("Leave for good? Your armies stay on the map."));
      ImGui::SameLine();
      if (button(i18n::tr("Leave"), /*small=*/true)) {
        screen_.act(board.leave());
        confirm_leave_ = false;
      }
      ImGui::SameLine();
      if (button(i18n::tr("Stay"), /*small=*/true)) confirm_leave_ = false;
    }
  }
}


void RisikoGameView::log(const std::vector<std::string>& lines, std::size_t count, float height) {
  ImGui::TextWrapped("%s", i18n::tr("Events"));
  ImGui::BeginChild("risiko-log", ImVec2(0, height), true);
  for (std::size_t i = 0; i < count && i < lines.size(); ++i) ImGui::TextWrapped("%s", lines[i].c_str());
  if (count != log_shown_) {
    ImGui::SetScrollHereY(1.0f);
    log_shown_ = count;
  }
  ImGui::EndChild();
}

std::optional<Rect> RisikoGameView::replay_board(const ReplayViewer& viewer, int top) {
  const RisikoReplay* replay = screen_.replay();
  frame_.reset();
  drawn_dice_.clear();
  if (!replay) return std::nullopt;
  const RisikoLayout layout = risiko_layout(window_.width(), window_.height(), top, window_.scale());
  const RisikoReplayFrame& f = replay->frame(viewer.current());
  const MapFrame frame = zoomed_frame(*replay->shapes(), layout.map);
  frame_ = frame;
  RisikoMapScene scene;
  scene.table = f.table ? &*f.table : nullptr;
  scene.extra_borders = replay->shapes()->undrawn_borders(replay->world());
  scene.world = &replay->world();
  if (f.roll) {
    scene.selected = f.roll->from;
    scene.target = f.roll->to;
  }
  draw_risiko_map(ImGui::GetWindowDrawList(), *replay->shapes(), frame, scene, window_.text_font(),
                  std::max(13.0f, frame.scale * 3.6f));
  if (f.roll) {
    const float side = std::max(12.0f, frame.scale / zoom_ * 3);
    drawn_dice_ = draw_dice(ImGui::GetWindowDrawList(), frame.view_x + side * 0.5f,
                            frame.view_y + frame.view_height - side * 2.8f, side, *f.roll, 3);
  }
  zoom_controls(frame);
  return layout.panel;
}

void RisikoGameView::replay_log(const ReplayViewer& viewer) {
  const RisikoReplay* replay = screen_.replay();
  if (!replay) return;
  const RisikoReplayFrame& f = replay->frame(viewer.current());
  log(replay->log(), f.log_lines, 160 * window_.scale());
}

}  // namespace parley::ui::sdl
