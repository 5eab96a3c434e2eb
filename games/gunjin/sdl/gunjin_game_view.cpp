#include "games/gunjin/sdl/gunjin_game_view.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cassert>
#include <chrono>

#include "games/gunjin/sdl/gunjin_view.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"
#include "i18n/i18n.hpp"
#include "ui/sdl/palette.hpp"
#include "ui/sdl/screens.hpp"

namespace parley::ui::sdl {

namespace fs = std::filesystem;
using namespace game::gunjin;
using game::Seat;

namespace {

Point mouse_point() {
  const ImVec2 m = ImGui::GetIO().MousePos;
  return {static_cast<int>(m.x), static_cast<int>(m.y)};
}

// The editor shows seat 0's camp from its own side: slot k is square k.
std::optional<std::uint8_t> slot_at(const GunjinBoardGeometry& g, Point p) {
  auto s = g.square_at(p);
  if (!s || camp_of(*s).index != 0) return std::nullopt;
  return slot_of_square(*s);
}

State layout_state(const Layout& layout) {
  std::vector<PlacedPiece> pieces;
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot)
    pieces.push_back({PieceId{Seat{0}, slot}, layout[slot], square_of_slot(Seat{0}, slot), false});
  return State::arrange(Options{}, pieces, Seat{0}).value();
}

}  // namespace

GunjinGameView::GunjinGameView(const ViewContext& context)
    : window_(context.window),
      app_(context.app),
      screens_(context.screens),
      screen_(dynamic_cast<GunjinScreen&>(context.screen)),
      data_dir_(context.data_dir),
      pieces_(context.window.renderer(), context.window.font_files().japanese, context.window.font_files().sans) {
  // The layout of the last session, kept as "last" in the layouts folder.
  if (auto last = load_layout(layout_dir(data_dir_) / "last.layout"); last && screen_.editor().set(*last))
    remembered_ = *last;
}

void GunjinGameView::begin_frame() {
  board_.reset();
  editor_.reset();
  buttons_.clear();
}

void GunjinGameView::lobby_extras(std::uint64_t) {
  if (ImGui::Button(i18n::tr("Your Gunjin layout..."), ImVec2(-1, 0))) open_layout_dialog();
}

void GunjinGameView::room_form(CreateRoomForm& room) {
  room.seats = screen_.module().seats().min;  // a duel: the seat slider does not apply
  ImGui::TextColored(kQuiet, "%s", i18n::tr("Variants (default: the standard battle table)"));
  peer::GunjinRoomOptions& form = screen_.room_form();
  ImGui::Checkbox((std::string(i18n::tr("A mine that wins is removed too")) + "###mine-removes-both").c_str(), &form.variants.mine_removes_both);
  ImGui::Checkbox((std::string(i18n::tr("Engineer beats tank")) + "###engineer-beats-tank").c_str(), &form.variants.engineer_beats_tank);
  ImGui::Checkbox((std::string(i18n::tr("Spy beats the general only attacking")) + "###spy-attacking").c_str(), &form.variants.spy_wins_only_attacking);
  ImGui::Checkbox((std::string(i18n::tr("Open pieces (teaching game, no secrets)")) + "###open-pieces").c_str(), &form.open_pieces);
}

bool GunjinGameView::room_panel(std::uint64_t local_ms, float width) {
  const auto& room = app_.lobby().room();
  layout_editor(local_ms, width, room->seats[*app_.lobby().my_seat()].ready);
  return true;
}

GunjinGameView& gunjin_view(const Screens& screens) {
  auto* view = dynamic_cast<GunjinGameView*>(screens.view(peer::kGunjinGame));
  assert(view != nullptr);
  return *view;
}

void GunjinGameView::refresh_saved() {
  saved_.clear();
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(layout_dir(data_dir_), ec))
    if (e.path().extension() == ".layout") saved_.push_back(e.path());
  std::sort(saved_.begin(), saved_.end());
  saved_listed_ = true;
}

bool GunjinGameView::animating() const {
  return screen_.editor().dragging() || (screen_.board() && screen_.board()->dragging());
}

bool GunjinGameView::shortcut(const SDL_Event& event, std::uint64_t) {
  if (event.type != SDL_KEYDOWN) return false;
  const SDL_Keycode key = event.key.keysym.sym;
  // On the game screen, F flips the board; the board's keys need the board.
  if (app_.screen() == Screen::game && (!screen_.board() || key == SDLK_f)) {
    if (key != SDLK_f) return false;
    app_.flip();
    return true;
  }
  if (key == SDLK_ESCAPE) {
    if (app_.screen() == Screen::game) screen_.cancel();
    if (app_.screen() == Screen::room) screen_.editor().cancel();
    return app_.screen() == Screen::game || app_.screen() == Screen::room;
  }
  if (key == SDLK_r && (app_.screen() == Screen::game || app_.screen() == Screen::room)) {
    readings_ = !readings_;
    return true;
  }
  return false;
}

// A seat by its player's name: the game's on screen, or the log's in the replay viewer.
std::string GunjinGameView::player_name(Seat seat) const {
  if (app_.screen() == Screen::replay && app_.replay() && seat.index < app_.replay()->seat_names().size())
    return app_.replay()->seat_names()[seat.index];
  if (app_.game()) return app_.game()->seat_name(seat);
  return i18n::trf("player {0}", seat.index + 1);
}

std::string GunjinGameView::piece_colour(Seat seat) { return seat.index == 0 ? i18n::tr("cream") : i18n::tr("blue"); }

void GunjinGameView::piece_tooltip(const GunjinBoardGeometry& g, const State& state) {
  if (!ImGui::IsItemHovered()) return;
  const auto s = g.square_at(mouse_point());
  if (!s) return;
  if (const auto id = state.piece_at(*s)) {
    if (const auto kind = state.piece(*id).kind)
      ImGui::SetTooltip("%s  on %s", kind_caption(*kind).c_str(), square_name(*s).c_str());
    else
      ImGui::SetTooltip("%s", (state.piece(*id).has_moved
                                   ? i18n::trf("{0}'s hidden piece ({1}) on {2}: it has moved, so no mine and no flag",
                                               player_name(id->seat), piece_colour(id->seat), square_name(*s))
                                   : i18n::trf("{0}'s hidden piece ({1}) on {2}", player_name(id->seat), piece_colour(id->seat),
                                               square_name(*s)))
                                  .c_str());
  } else if (is_gate(*s)) {
    ImGui::SetTooltip("%s: a gate (突入口 totsunyūguchi) - the only crossing, except for planes", square_name(*s).c_str());
  }
}

// ---- the layout editor ----------------------------------------------------------------------

void GunjinGameView::editor_input(const GunjinBoardGeometry& g) {
  const Rect b = g.bounds();
  ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(b.x), static_cast<float>(b.y)));
  ImGui::InvisibleButton("##layout-board", ImVec2(static_cast<float>(b.w), static_cast<float>(b.h)),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  GunjinLayoutEditor& editor = screen_.editor();
  const Point p = mouse_point();
  if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) return editor.cancel();
  if (ImGui::IsItemActivated() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) editor.press(slot_at(g, p));
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f)) editor.drag(p);
  if (ImGui::IsItemDeactivated()) editor.release(slot_at(g, p));
}

void GunjinGameView::layout_editor(std::uint64_t local_ms, float width, bool locked) {
  const float s = window_.scale();
  if (!saved_listed_) refresh_saved();
  ImGui::BeginChild("gunjin-layout", ImVec2(width, 0), true);
  ImGui::TextUnformatted(i18n::tr("Your layout (布陣)"));
  ImGui::PushStyleColor(ImGuiCol_Text, kQuiet);
  ImGui::TextWrapped("%s", i18n::tr("Click two pieces to swap them, or drag one onto another. Mines (地雷) and the flag "
                                    "(軍旗) may not stand on a gate (green). Your seat commits to this layout when you "
                                    "press Ready (or start a Gunjin quick match)."));
  ImGui::PopStyleColor();
  if (locked) {
    screen_.editor().cancel();
    ImGui::TextColored(kGood, "%s", i18n::tr("You are ready: your seat will play this layout. Press Not ready to change it."));
  }
  ImGui::BeginDisabled(locked);
  GunjinLayoutEditor& editor = screen_.editor();
  const float avail_h = ImGui::GetContentRegionAvail().y - 3 * ImGui::GetFrameHeightWithSpacing();
  const int gutter = gunjin_label_gutter(s);
  const int cell = std::max(
      16, static_cast<int>(std::min((ImGui::GetContentRegionAvail().x - 8 - static_cast<float>(gutter)) / 6,
                                    (avail_h - static_cast<float>(gutter)) * 2 / 17)));
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const GunjinBoardGeometry g({static_cast<int>(at.x) + gutter, static_cast<int>(at.y)}, cell, false);
  editor_ = g;
  const State state = layout_state(editor.layout());
  GunjinScene scene;
  scene.state = &state;
  if (editor.selected()) {
    scene.selected = square_of_slot(Seat{0}, *editor.selected());
    for (std::uint8_t slot = 0; slot < kArmySize; ++slot)
      if (slot != *editor.selected() && !editor.may_swap(*editor.selected(), slot))
        scene.marked.insert(square_of_slot(Seat{0}, slot));
  }
  if (editor.dragging()) {
    scene.dragging_from = scene.selected;
    scene.pointer = *editor.drag_point();
  }
  scene.readings = readings_;
  scene.camp_only = true;
  scene.label_gutter = gutter;
  draw_gunjin_board(ImGui::GetWindowDrawList(), g, scene, pieces_, window_.pixel_ratio(), window_.small_font());
  editor_input(g);
  piece_tooltip(g, state);
  ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + static_cast<float>(g.bounds().h + gutter) + 6 * s));

  if (!editor.refusal().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kError);
    ImGui::TextWrapped("%s", editor.refusal().c_str());  // a refusal may be longer than the column
    ImGui::PopStyleColor();
  }
  if (ImGui::Button(i18n::tr("Random sensible layout"))) {
    const auto now = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    editor.set(sensible_layout(now ^ ++random_seed_));
  }
  ImGui::SameLine();
  ImGui::Checkbox((std::string(i18n::tr("Readings (R)")) + "###readings").c_str(), &readings_);
  ImGui::SetNextItemWidth(160 * s);
  ImGui::InputText("##layout-name", &layout_name_);
  ImGui::SameLine();
  if (ImGui::Button((std::string(i18n::tr("Save")) + "###save-layout").c_str())) {
    auto saved = save_layout(data_dir_, layout_name_, editor.layout());
    if (saved)
      app_.notify(Notice::Kind::info, i18n::trf("Layout saved: {0}", saved->string()), local_ms);
    else
      app_.notify(Notice::Kind::error, i18n::trf("Cannot save the layout: {0}", saved.error()), local_ms);
    refresh_saved();
  }
  // On a line of its own: its label is as long as the column in some languages.
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##load", i18n::tr("Load a saved layout"))) {
    for (const auto& path : saved_) {
      if (!ImGui::Selectable(path.stem().string().c_str())) continue;
      auto loaded = load_layout(path);
      if (loaded && editor.set(*loaded)) {
        layout_name_ = path.stem().string();
      } else {
        app_.notify(Notice::Kind::error, loaded ? std::string(i18n::tr("This layout breaks the placement rules")) : loaded.error(), local_ms);
      }
    }
    if (saved_.empty()) ImGui::TextColored(kQuiet, "%s", i18n::trf("(none in {0})", layout_dir(data_dir_).string()).c_str());
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  ImGui::EndChild();
  // Remember every change for the next session (a few hundred bytes, only when it changed).
  if (remembered_ != editor.layout() && save_layout(data_dir_, "last", editor.layout())) {
    remembered_ = editor.layout();
    refresh_saved();
  }
}

void GunjinGameView::dialogs(std::uint64_t local_ms) {
  const std::string title = std::string(i18n::tr("Your Gunjin layout")) + "###gunjin-layout";
  if (layout_dialog_requested_) {
    ImGui::OpenPopup(title.c_str());
    layout_dialog_requested_ = false;
  }
  const float s = window_.scale();
  ImGui::SetNextWindowSize(ImVec2(620 * s, std::min(760 * s, static_cast<float>(window_.height()) - 40)), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(title.c_str())) return;
  const float close_h = ImGui::GetFrameHeightWithSpacing();
  ImGui::BeginChild("layout-dialog", ImVec2(0, -close_h));
  layout_editor(local_ms, ImGui::GetContentRegionAvail().x);
  ImGui::EndChild();
  if (ImGui::Button(i18n::tr("Close"))) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// ---- the game -------------------------------------------------------------------------------

void GunjinGameView::board_input(const GunjinBoardGeometry& g) {
  const Rect b = g.bounds();
  ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(b.x), static_cast<float>(b.y)));
  ImGui::InvisibleButton("##gunjin-board", ImVec2(static_cast<float>(b.w), static_cast<float>(b.h)),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const Point p = mouse_point();
  const auto at = g.square_at(p);
  if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) return screen_.cancel();
  if (ImGui::IsItemActivated() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) screen_.press(at);
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f)) screen_.drag(p);
  if (ImGui::IsItemDeactivated()) screen_.release(at);
}

void GunjinGameView::game_screen(std::uint64_t local_ms, int top,
                                 const std::function<void(const char* id, float height)>& chat) {
  if (!app_.game() || !screen_.board()) return;
  const LiveGame& live = *app_.game();
  const GunjinBoard& board = *screen_.board();
  const GunjinLayout layout = gunjin_layout(window_.width(), window_.height(), top, window_.scale());
  const GunjinBoardGeometry g = gunjin_geometry(layout, app_.flipped());
  board_ = g;

  GunjinScene scene;
  scene.state = &board.view();
  scene.last_move = board.last_move();
  if (board.pending()) scene.last_move.emplace(board.pending()->from, board.pending()->to);
  scene.selected = board.selected();
  scene.targets = board.targets();
  if (board.dragging()) {
    scene.dragging_from = board.selected();
    scene.pointer = board.drag_point();
  }
  scene.readings = readings_;
  scene.label_gutter = gunjin_label_gutter(window_.scale());
  draw_gunjin_board(ImGui::GetWindowDrawList(), g, scene, pieces_, window_.pixel_ratio(), window_.small_font());
  board_input(g);
  piece_tooltip(g, board.view());

  const Rect p = layout.panel;
  ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(p.x), static_cast<float>(p.y)));
  ImGui::BeginChild("gunjin-panel", ImVec2(static_cast<float>(p.w), static_cast<float>(p.h)), false);
  const State& view = board.view();
  for (std::uint8_t s = 0; s < 2; ++s) {
    const Seat seat{s};
    const bool to_move = view.phase() != Phase::over && view.to_move() == seat && !live.session().outcome();
    int left = 0;
    for (std::uint8_t slot = 0; slot < kArmySize; ++slot) left += view.piece(PieceId{seat, slot}).square ? 1 : 0;
    const std::string name = live.me() == seat ? i18n::trf("{0} (you)", live.seat_name(seat)) : live.seat_name(seat);
    ImGui::TextColored(to_move ? kGood : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s %s", to_move ? "\xE2\x97\x8F" : " ",
                       name.c_str());
    ImGui::SameLine();
    ImGui::TextColored(kQuiet, "%s",
                       (s == 0 ? i18n::trnf("cream pieces, {0} left", "cream pieces, {0} left", static_cast<unsigned long>(left), left)
                               : i18n::trnf("blue pieces, {0} left", "blue pieces, {0} left", static_cast<unsigned long>(left), left))
                           .c_str());
  }
  ImGui::Separator();
  const std::string status = board.status();
  ImGui::TextWrapped("%s", status.empty() ? live.status(local_ms).c_str() : status.c_str());
  if (auto result = live.result_text()) {
    ImGui::PushFont(window_.heading_font());
    ImGui::TextWrapped("%s", result->c_str());
    ImGui::PopFont();
    if (board.armies_open()) ImGui::TextColored(kGood, "%s", i18n::tr("Both layouts opened and checked: every piece is face up."));
  }
  if (const auto& seat = app_.seat(); seat && seat->status == peer::RunnerStatus::finished && seat->log)
    ImGui::TextColored(kQuiet, "%s", i18n::trf("Log: {0}", seat->log->filename().string()).c_str());

  // Actions.
  if (live.me() && !live.session().outcome()) {
    if (board.draw_offered_to_me()) {
      ImGui::TextColored(kGood, "%s", i18n::tr("Your opponent offers a draw"));
      if (buttons_.button(i18n::tr("Accept draw"))) screen_.act(GunjinIntent{GunjinIntent::Kind::accept_draw, {}, {}}, local_ms);
      ImGui::SameLine();
    }
    ImGui::BeginDisabled(!board.may_offer_draw());
    if (buttons_.button(i18n::tr("Offer draw"))) screen_.act(GunjinIntent{GunjinIntent::Kind::offer_draw, {}, {}}, local_ms);
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (board.may_move() && board.no_legal_move()) {
      if (buttons_.button(i18n::tr("I cannot move"))) screen_.act(GunjinIntent{GunjinIntent::Kind::no_legal_move, {}, {}}, local_ms);
      ImGui::SameLine();
    }
    if (ImGui::Button(i18n::tr("Resign"))) resign_requested_ = true;
    const std::string title = std::string(i18n::tr("Resign?")) + "###resign-gunjin";
    if (resign_requested_) {
      ImGui::OpenPopup(title.c_str());
      resign_requested_ = false;
    }
    if (ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
      ImGui::TextUnformatted(i18n::tr("Resign this game?"));
      if (ImGui::Button((std::string(i18n::tr("Resign")) + "###resign-yes").c_str())) {
        screen_.act(GunjinIntent{GunjinIntent::Kind::resign, {}, {}}, local_ms);
        ImGui::CloseCurrentPopup();
      }
      ImGui::SameLine();
      if (ImGui::Button(i18n::tr("Play on"))) ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
    }
  }
  ImGui::Checkbox((std::string(i18n::tr("Readings (R)")) + "###readings").c_str(), &readings_);
  ImGui::SameLine();
  if (ImGui::Button(i18n::tr("Flip (F)"))) app_.flip();
  // The rules a click away (registered windows, gunjin_info.hpp).
  if (buttons_.button(i18n::tr("Battle chart"))) screens_.open_info(screen_.game(), "battle-chart");
  ImGui::SameLine();
  if (buttons_.button(i18n::tr("Rules"))) screens_.open_info(screen_.game(), "rules");
  if (app_.can_leave_game()) {
    ImGui::SameLine();
    if (ImGui::Button(i18n::tr("Back to the lobby"))) app_.leave_game();
  }
  ImGui::Separator();
  ImGui::TextUnformatted(i18n::tr("The referee"));
  const float chat_h = 170 * window_.scale();
  ImGui::BeginChild("referee", ImVec2(0, std::max(ImGui::GetContentRegionAvail().y - chat_h, 80.0f)), true);
  const auto& said = board.announcements();
  if (said.empty()) ImGui::TextColored(kQuiet, "%s", i18n::tr("No battle yet."));
  for (const auto& line : said) ImGui::TextWrapped("%s", line.c_str());
  if (said.size() != announced_) {
    ImGui::SetScrollHereY(1.0f);
    announced_ = said.size();
  }
  ImGui::EndChild();
  ImGui::BeginChild("gunjin-chat", ImVec2(0, chat_h));
  chat("gunjin-chat-lines", 170 * window_.scale());
  ImGui::EndChild();  // chat
  ImGui::EndChild();  // panel
}

// ---- replay ---------------------------------------------------------------------------------

std::optional<Rect> GunjinGameView::replay_board(const ReplayViewer& viewer, int top) {
  const GunjinReplay* replay = screen_.replay();
  if (!replay) return std::nullopt;
  const GunjinLayout layout = gunjin_layout(window_.width(), window_.height(), top, window_.scale());
  const GunjinBoardGeometry g = gunjin_geometry(layout, app_.flipped());
  board_ = g;
  const std::size_t index = viewer.step().index;
  const State& state = replay->board(index, show_armies_);
  GunjinScene scene;
  scene.state = &state;
  scene.last_move = replay->last_move(index);
  scene.readings = readings_;
  scene.label_gutter = gunjin_label_gutter(window_.scale());
  draw_gunjin_board(ImGui::GetWindowDrawList(), g, scene, pieces_, window_.pixel_ratio(), window_.small_font());
  ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(g.bounds().x), static_cast<float>(g.bounds().y)));
  ImGui::InvisibleButton("##gunjin-replay-board", ImVec2(static_cast<float>(g.bounds().w), static_cast<float>(g.bounds().h)));
  piece_tooltip(g, state);
  return layout.panel;
}

void GunjinGameView::replay_controls(const ReplayViewer& viewer) {
  const GunjinReplay* replay = screen_.replay();
  if (!replay) return;
  if (replay->armies_open()) {
    ImGui::Checkbox((std::string(i18n::tr("Show both armies (opened at the end)")) + "###show-armies").c_str(), &show_armies_);
  } else {
    ImGui::TextColored(kQuiet, "%s", i18n::tr("The layouts were not both opened: pieces stay face down."));
  }
  ImGui::SameLine();
  ImGui::Checkbox((std::string(i18n::tr("Readings")) + "###readings").c_str(), &readings_);
  ImGui::SameLine();
  if (ImGui::SmallButton(i18n::tr("Battle chart"))) screens_.open_info(screen_.game(), "battle-chart");
  const auto said = replay->announcements(viewer.step().index);
  if (!said.empty()) ImGui::TextColored(kQuiet, "%s", i18n::trf("Referee: {0}", said.back()).c_str());
}

}  // namespace parley::ui::sdl
