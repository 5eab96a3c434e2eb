#include "ui/sdl/screens.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <fstream>

#include "crypto/hex.hpp"
#include "i18n/i18n.hpp"
#include "lobby/protocol/limits.hpp"
#include "peer/log/plog.hpp"
#include "peer/session/room_words.hpp"
#include "ui/sdl/palette.hpp"

namespace parley::ui::sdl {

namespace fs = std::filesystem;

namespace {

constexpr ImGuiWindowFlags kContentFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                           ImGuiWindowFlags_NoSavedSettings |
                                           ImGuiWindowFlags_NoBringToFrontOnFocus;

// Time controls offered when creating a room: minutes + seconds of increment.
struct TimeControl {
  const char* label;
  int minutes;
  int increment;
};
constexpr TimeControl kTimeControls[] = {
    {i18n::tr_noop("Untimed"), 0, 0},          {i18n::tr_noop("1 + 0 bullet"), 1, 0},
    {i18n::tr_noop("3 + 2 blitz"), 3, 2},      {i18n::tr_noop("5 + 3 blitz"), 5, 3},
    {i18n::tr_noop("10 + 5 rapid"), 10, 5},    {i18n::tr_noop("15 + 10 rapid"), 15, 10},
    {i18n::tr_noop("30 + 0 classical"), 30, 0},
};

// `text` cut to fit `width`, at a character's boundary, with an ellipsis after it when cut.
std::string elided(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::size_t end = text.size();
  while (end > 0) {
    do --end;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80);
    const std::string cut = text.substr(0, end) + "\u2026";
    if (ImGui::CalcTextSize(cut.c_str()).x <= width) return cut;
  }
  return {};
}

}  // namespace

Screens::Screens(Window& window, App& app, fs::path data_dir) : window_(window), app_(app), data_dir_(std::move(data_dir)) {
  host_port_ = app_.config().host_port;
  for (const auto& screen : app_.game_screens()) {
    const ViewContext context{window_, app_, *this, *screen, data_dir_};
    if (const auto* views = screen->module().facet<GameViews>())
      views_.emplace_back(std::string(screen->game()), views->view(context));
    if (const auto* infos = screen->module().facet<InfoViews>())
      for (auto& view : infos->views(context)) infos_.push_back({std::string(screen->game()), std::move(view)});
  }
  refresh_logs();
}

Screens::~Screens() = default;

GameView* Screens::view(std::string_view game) const {
  for (const auto& [name, view] : views_)
    if (name == game) return view.get();
  return nullptr;
}

GameView* Screens::view_on_screen() const { return app_.game() ? view(app_.game()->genesis().game) : nullptr; }

int Screens::content_top() const { return static_cast<int>(menu_height_); }

void Screens::request_quit() {
  if (app_.game_in_progress())
    confirm_quit_ = true;
  else
    quit_ = true;
}

// Quitting mid-game leaves the seat to time out unless this client comes back: asked first.
void Screens::quit_dialog() {
  static constexpr const char* kId = "###confirm-quit";
  if (!confirm_quit_) return;
  if (!app_.game_in_progress()) {  // the game ended meanwhile
    confirm_quit_ = false;
    quit_ = true;
    return;
  }
  const std::string title = std::string(i18n::tr("Leave the game in progress?")) + kId;
  if (!ImGui::IsPopupOpen(kId)) ImGui::OpenPopup(title.c_str());
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(480 * window_.scale(), 0), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
  ImGui::TextWrapped("%s", i18n::tr("Your game is still being played. If you quit now, your seat waits for you: start "
                                    "parley again with the same key and data folder to take it back. Until then the "
                                    "game waits, and a seat that does not come back loses on time."));
  ImGui::Spacing();
  if (ImGui::Button(i18n::tr("Keep playing")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    confirm_quit_ = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.62f, 0.20f, 0.20f, 1.0f));
  if (ImGui::Button(i18n::tr("Quit anyway"))) {
    confirm_quit_ = false;
    quit_ = true;
    ImGui::CloseCurrentPopup();
  }
  ImGui::PopStyleColor();
  ImGui::EndPopup();
}

// ---- the registered windows ----------------------------------------------------------------

std::string Screens::game_in_question() const {
  if (app_.screen() == Screen::replay && app_.replay()) return app_.replay()->game();
  if (app_.game()) return app_.game()->genesis().game;
  if (app_.lobby().room()) return app_.lobby().room()->game;
  return {};
}

InfoView* Screens::info(std::string_view game, std::string_view id) const {
  for (const Info& i : infos_)
    if (i.game == game && i.view->id() == id) return i.view.get();
  return nullptr;
}

bool Screens::open_info(std::string_view game, std::string_view id) {
  for (Info& i : infos_)
    if (i.game == game && i.view->id() == id) return i.open = i.focus = true;
  return false;
}

bool Screens::info_open(std::string_view game, std::string_view id) const {
  for (const Info& i : infos_)
    if (i.game == game && i.view->id() == id) return i.open;
  return false;
}

// The Help menu's items: the game in question's windows first, then every other game's.
void Screens::info_menu_items() {
  const std::string first = game_in_question();
  auto items = [&](bool in_question) {
    for (Info& i : infos_) {
      if ((i.game == first) != in_question) continue;
      const GameScreen* screen = app_.game_screen(i.game);
      const std::string label = i18n::trf("{0}: {1}", screen ? i18n::tr(std::string(screen->module().title()).c_str()) : i.game, i.view->title());
      if (ImGui::MenuItem(label.c_str(), nullptr, i.open)) i.open = i.focus = true;
    }
  };
  items(true);
  if (!first.empty()) ImGui::Separator();
  items(false);
}

void Screens::info_windows(std::uint64_t local_ms) {
  const float s = window_.scale();
  for (Info& i : infos_) {
    if (!i.open) continue;
    const std::string title = i.view->title() + "###info-" + i.game + "-" + std::string(i.view->id());
    ImGui::SetNextWindowSize(ImVec2(i.view->width() * s, i.view->height() * s), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (std::exchange(i.focus, false)) ImGui::SetNextWindowFocus();
    if (ImGui::Begin(title.c_str(), &i.open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse))
      i.view->draw(local_ms);
    ImGui::End();
  }
}

void Screens::refresh_logs() {
  recent_logs_.clear();
  std::vector<std::pair<fs::file_time_type, fs::path>> found;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(data_dir_ / "logs", ec)) {
    if (e.path().extension() != ".plog") continue;
    std::error_code time_error;
    found.emplace_back(fs::last_write_time(e.path(), time_error), e.path());
    if (found.size() > 10'000) break;  // a folder of someone else's making: bounded
  }
  // Newest first, by when the log was written (then by name, which starts with the game's time).
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second.filename() > b.second.filename();
  });
  for (auto& [time, path] : found) {
    if (recent_logs_.size() == kRecentLogs) break;
    recent_logs_.push_back(std::move(path));
  }
}

void Screens::open_log(const fs::path& path, std::uint64_t local_ms) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return app_.notify(Notice::Kind::error, i18n::trf("Cannot open {0}", path.string()), local_ms);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto viewer = ReplayViewer::open(bytes, path.filename().string());
  if (!viewer) return app_.notify(Notice::Kind::error, path.filename().string() + ": " + viewer.error(), local_ms);
  const std::string game = viewer->game();
  app_.open_replay(std::move(viewer).value());
  if (GameView* v = view(game)) v->replay_opened();
  replay_shown_ = static_cast<std::size_t>(-1);
}

void Screens::create_room(std::uint64_t local_ms) {
  if (GameView* v = view(create_form_.game); v && !v->before_create(local_ms)) return;
  app_.create_room(create_form_, local_ms);
}

bool Screens::animating(std::uint64_t local_ms) const {
  if (!app_.active_notices(local_ms).empty()) return true;
  for (const auto& [name, view] : views_)
    if (view->animating()) return true;
  if (const LiveGame* g = app_.game(); g && app_.screen() == Screen::game)
    for (std::uint8_t s = 0; s < g->session().seat_count(); ++s)
      if (g->clocked() && g->clock_running(game::Seat{s})) return true;
  return false;
}

// ---- frame --------------------------------------------------------------------------------

void Screens::draw(std::uint64_t local_ms) {
  for (const auto& [name, view] : views_) view->begin_frame();
  menu_bar(local_ms);
  ImGui::SetNextWindowPos(ImVec2(0, menu_height_));
  ImGui::SetNextWindowSize(ImVec2(static_cast<float>(window_.width()), static_cast<float>(window_.height()) - menu_height_));
  // No background: the frame is cleared to the same colour, and a second full-window fill is
  // a large part of a software-rendered frame.
  ImGui::Begin("##content", nullptr, kContentFlags | ImGuiWindowFlags_NoBackground);
  switch (app_.screen()) {
    case Screen::connect: connect_screen(local_ms); break;
    case Screen::lobby: lobby_screen(local_ms); break;
    case Screen::room: room_screen(local_ms); break;
    case Screen::game: game_screen(local_ms); break;
    case Screen::replay: replay_screen(); break;
  }
  ImGui::End();
  open_log_dialog(local_ms);
  info_windows(local_ms);
  for (const auto& [name, view] : views_) view->dialogs(local_ms);
  quit_dialog();
  notices_and_banners(local_ms);
}

// Each language by its own name. The choice is remembered; the client restarts in it at once
// from the connect or lobby screen (gettext's language is chosen once, before the threads
// start: docs/i18n.md), and at the next start from a room, a game or a hosted lobby.
void Screens::language_menu(std::uint64_t local_ms) {
  const std::string menu = std::string(i18n::tr("Language")) + "###menu-language";
  if (!ImGui::BeginMenu(menu.c_str())) return;
  for (const std::string& code : i18n::available_languages()) {
    const char* own = code == "it" ? "Italiano" : code == "ja" ? "日本語" : code == "en" ? "English" : code.c_str();
    if (!ImGui::MenuItem(own, nullptr, i18n::language() == code) || i18n::language() == code) continue;
    app_.remember_language(code);
    const bool can_restart = (app_.screen() == Screen::connect || app_.screen() == Screen::lobby) && !app_.game() &&
                             !app_.lobby().room() && app_.host_addresses().empty();
    if (can_restart) {
      restart_language_ = code;
      quit_ = true;
    } else {
      app_.notify(Notice::Kind::info, i18n::tr("The client speaks the language you chose from its next start."), local_ms);
    }
  }
  ImGui::EndMenu();
}

void Screens::menu_bar(std::uint64_t local_ms) {
  if (!ImGui::BeginMainMenuBar()) return;
  const std::string game_menu = std::string(i18n::trc("menu", "Game")) + "###menu-game";
  if (ImGui::BeginMenu(game_menu.c_str())) {
    if (ImGui::MenuItem(i18n::tr("Open game log..."), "Ctrl+O")) open_log_requested_ = true;
    if (app_.screen() == Screen::replay && ImGui::MenuItem(i18n::tr("Close replay"), "Esc")) app_.close_replay();
    if (GameView* v = view_on_screen()) v->menu_items(local_ms);
    if (app_.game() && ImGui::MenuItem(i18n::tr("Flip board"), "F")) app_.flip();
    ImGui::Separator();
    if (app_.lobby().connection() != Connection::offline && !app_.game() && ImGui::MenuItem(i18n::tr("Disconnect")))
      app_.disconnect();
    if (ImGui::MenuItem(i18n::tr("Quit"), "Ctrl+Q")) request_quit();
    ImGui::EndMenu();
  }
  const std::string view_menu = std::string(i18n::tr("View")) + "###menu-view";
  if (ImGui::BeginMenu(view_menu.c_str())) {
    for (float s : {1.0f, 1.25f, 1.5f, 2.0f}) {
      std::string label = std::to_string(static_cast<int>(s * 100)) + "%";
      if (ImGui::MenuItem(label.c_str(), nullptr, window_.scale() == s)) window_.set_scale(s);
    }
    ImGui::EndMenu();
  }
  language_menu(local_ms);
  const std::string help_menu = std::string(i18n::tr("Help")) + "###menu-help";
  if (ImGui::BeginMenu(help_menu.c_str())) {
    if (ImGui::MenuItem(i18n::tr("Keyboard shortcuts"), "F1")) help_requested_ = true;
    if (!infos_.empty()) ImGui::Separator();
    info_menu_items();
    ImGui::EndMenu();
  }
  // The protocol's state, quietly, on the right: connection, then whom the game waits for.
  std::string state = i18n::tr(std::string(describe(app_.lobby().connection())).c_str());
  if (app_.lobby().connection() != Connection::offline) state = app_.config().lobby_address + " · " + state;
  if (const LiveGame* g = app_.game()) state = g->status(local_ms) + "   " + state;
  const float w = ImGui::CalcTextSize(state.c_str()).x;
  ImGui::SetCursorPosX(ImGui::GetWindowWidth() - w - ImGui::GetStyle().ItemSpacing.x * 2);
  ImGui::TextColored(app_.lobby().connection() == Connection::reconnecting ? kError : kQuiet, "%s", state.c_str());
  menu_height_ = ImGui::GetWindowSize().y;
  ImGui::EndMainMenuBar();

  const std::string shortcuts = std::string(i18n::tr("Keyboard shortcuts")) + "###shortcuts";
  if (help_requested_) {
    ImGui::OpenPopup(shortcuts.c_str());
    help_requested_ = false;
  }
  if (ImGui::BeginPopupModal(shortcuts.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextUnformatted(i18n::tr(
        "Ctrl+O   open a game log\n"
        "Ctrl+S   save the game as PGN\n"
        "Ctrl+Q   quit\n"
        "F        flip the board\n"
        "Esc      put a picked-up piece back; close the replay\n"
        "Q R B N  choose the promotion piece\n"
        "Left / Right, Home / End   step through a replay\n"
        "Up / Down                  previous / next verdict in a replay\n"
        "F5       refresh the room list"));
    if (ImGui::Button(i18n::tr("Close")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

bool Screens::shortcut(const SDL_Event& event, std::uint64_t local_ms) {
  if (event.type != SDL_KEYDOWN) return false;
  const SDL_Keycode key = event.key.keysym.sym;
  const bool ctrl = (event.key.keysym.mod & KMOD_CTRL) != 0;
  if (ctrl && key == SDLK_q) {
    request_quit();
    return true;
  }
  if (ctrl && key == SDLK_o) return open_log_requested_ = true;
  // The game's own keys (Ctrl+S for a chess game's PGN anywhere; the board's on the game screen).
  if (GameView* v = view_on_screen(); v && v->shortcut(event, local_ms)) return true;
  if (key == SDLK_F1) return help_requested_ = true;
  if (app_.screen() == Screen::replay) {
    ReplayViewer* r = app_.replay();
    switch (key) {
      case SDLK_LEFT: r->step_by(-1); return true;
      case SDLK_RIGHT: r->step_by(1); return true;
      case SDLK_PAGEUP: r->step_by(-10); return true;
      case SDLK_PAGEDOWN: r->step_by(10); return true;
      case SDLK_HOME: r->first(); return true;
      case SDLK_END: r->last(); return true;
      case SDLK_UP: r->previous_verdict(); return true;
      case SDLK_DOWN: r->next_verdict(); return true;
      case SDLK_ESCAPE: app_.close_replay(); return true;
      case SDLK_f: app_.flip(); return true;
      default: return false;
    }
  }
  if (app_.screen() == Screen::lobby && key == SDLK_F5) {
    app_.refresh_rooms();
    return true;
  }
  // The room's game's keys (the Gunjin layout editor's).
  if (app_.screen() == Screen::room && app_.lobby().room() && !app_.game())
    if (GameView* v = view(app_.lobby().room()->game)) return v->shortcut(event, local_ms);
  return false;
}

// ---- connect ------------------------------------------------------------------------------

void Screens::connect_screen(std::uint64_t local_ms) {
  const float s = window_.scale();
  const float width = std::min(560.0f * s, ImGui::GetContentRegionAvail().x);
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - width) / 2);
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 40 * s);
  ImGui::BeginChild("connect", ImVec2(width, 0), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::PushFont(window_.heading_font());
  ImGui::TextUnformatted("parley");
  ImGui::PopFont();
  ImGui::TextColored(kQuiet, "%s", i18n::tr("Board games with hidden information, without a trusted host."));
  ImGui::Spacing();
  ImGui::TextUnformatted(i18n::tr("Your name"));
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##name", &app_.name_field);
  ImGui::TextColored(kQuiet, "%s", i18n::trf("Your key: {0}", app_.fingerprint()).c_str());
  ImGui::Separator();

  ImGui::TextUnformatted(i18n::tr("Join a lobby (HOST:PORT)"));
  ImGui::SetNextItemWidth(width - 140 * s);
  const bool busy = app_.lobby().connection() == Connection::connecting;
  const bool enter = ImGui::InputText("##address", &app_.address_field, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if (busy) {
    // The attempt under way, with the seconds it has waited, and a way out.
    if (ImGui::Button(i18n::tr("Cancel"), ImVec2(-1, 0))) app_.cancel_connect();
    const std::uint64_t waited = app_.connecting_for_ms(local_ms) / 1000;
    const std::uint64_t limit = app_.config().connect_timeout_ms / 1000;
    ImGui::TextColored(kQuiet, "%s",
                       i18n::trf("Connecting to {0}... {1} s (giving up after {2} s)", app_.connecting_to(), waited, limit)
                           .c_str());
  } else {
    if (ImGui::Button(i18n::tr("Connect"), ImVec2(-1, 0)) || enter) app_.connect(local_ms);
  }
  connect_problem();
  if (!app_.recent_lobbies().empty()) {
    ImGui::TextColored(kQuiet, "%s", i18n::tr("Joined before:"));
    for (const std::string& address : app_.recent_lobbies()) {
      // On the same line while it fits.
      const float button = ImGui::CalcTextSize(address.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x;
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < button) ImGui::NewLine();
      if (ImGui::SmallButton(address.c_str())) app_.address_field = address;
    }
  }

  lan_tables(local_ms, busy);

  ImGui::Separator();
  ImGui::TextWrapped("%s", i18n::tr("Or host a game here: friends on your network find it listed as above"));
  ImGui::SetNextItemWidth(140 * s);
  ImGui::InputInt((std::string(i18n::tr("port")) + "###port").c_str(), &host_port_, 0);
  host_port_ = std::clamp(host_port_, 1, 65535);
  ImGui::SameLine();
  ImGui::BeginDisabled(busy);
  if (ImGui::Button(i18n::tr("Host a lobby"))) app_.host(static_cast<std::uint16_t>(host_port_), local_ms);
  ImGui::EndDisabled();

  ImGui::Separator();
  if (ImGui::Button(i18n::tr("Open a game log..."))) open_log_requested_ = true;
  ImGui::EndChild();
}

// Why the last attempt failed and what to try, in a red frame that stays until the next one.
void Screens::connect_problem() {
  const auto& problem = app_.connect_problem();
  if (!problem) return;
  const std::string what = describe(*problem);
  const std::vector<std::string> tries = what_to_try(*problem);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, kProblemBg);
  const float wrap = ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().WindowPadding.x;
  float height = ImGui::CalcTextSize(what.c_str(), nullptr, false, wrap).y + 2 * ImGui::GetStyle().WindowPadding.y;
  for (const std::string& t : tries)
    height += ImGui::CalcTextSize(t.c_str(), nullptr, false, wrap - ImGui::GetFontSize()).y + ImGui::GetStyle().ItemSpacing.y;
  ImGui::BeginChild("connect-problem", ImVec2(0, height + ImGui::GetStyle().ItemSpacing.y), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
  ImGui::TextWrapped("%s", what.c_str());
  for (const std::string& t : tries) {  // wrapped: a hint is a sentence, and must not be cut
    ImGui::Bullet();
    ImGui::TextWrapped("%s", t.c_str());
  }
  ImGui::PopStyleColor();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

// The lobbies that answered a LAN search, each with its Join button.
void Screens::lan_tables(std::uint64_t local_ms, bool busy) {
  ImGui::Spacing();
  ImGui::TextUnformatted(i18n::tr("On this network"));
  const auto& tables = app_.lan_tables();
  if (tables.empty()) {
    ImGui::TextColored(kQuiet, "%s", i18n::tr("Searching... no lobby has answered yet."));
    return;
  }
  ImGui::BeginDisabled(busy);
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const lobby::LanTable& t = tables[i];
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::SmallButton(i18n::tr("Join"))) app_.join_lan_table(i, local_ms);
    ImGui::PopID();
    ImGui::SameLine();
    ImGui::Text("%s  %s", t.name.c_str(), lobby::to_string(t.lobby).c_str());
    ImGui::TextColored(kQuiet, "      %s",
                       i18n::trf("{0} · key {1}", peer::lan_table_words(t), crypto::fingerprint(t.lobby_key)).c_str());
  }
  ImGui::EndDisabled();
}

// ---- lobby --------------------------------------------------------------------------------

void Screens::lobby_screen(std::uint64_t local_ms) {
  const float s = window_.scale();
  const LobbyState& lobby = app_.lobby();
  ImGui::PushFont(window_.heading_font());
  ImGui::TextUnformatted(i18n::trf("Lobby  {0}", app_.config().lobby_address).c_str());
  ImGui::PopFont();
  if (!app_.host_addresses().empty()) {
    std::string all;
    for (const auto& a : app_.host_addresses()) all += (all.empty() ? "" : "   ") + a;
    ImGui::TextColored(kGood, "%s", i18n::trf("You are hosting. Friends connect to: {0}", all).c_str());
    if (app_.host_listed_on_lan())
      ImGui::TextColored(kQuiet, "%s",
                         i18n::trf("On this network their connect screen lists this lobby as \"{0}\".",
                                   app_.config().display_name)
                             .c_str());
  }
  ImGui::TextColored(kQuiet, "%s", i18n::trf("Signed in as {0} ({1})", lobby.display_name(), app_.fingerprint()).c_str());
  if (lobby.lobby_key()) {
    // The lobby's key, as it proved it: trusted, or added to the trust store at the person's word,
    // so that `parley verify` accepts its logs (docs/cli.md, "Trust roots").
    const std::string lobby_fp = crypto::fingerprint(*lobby.lobby_key());
    const std::optional<bool> trusted = app_.trusted_lobbies().trusted(*lobby.lobby_key());
    if (trusted && *trusted) {
      ImGui::TextColored(kGood, "%s", i18n::trf("Lobby key {0}: trusted", lobby_fp).c_str());
    } else if (trusted) {
      ImGui::TextColored(kQuiet, "%s", i18n::trf("Lobby key {0}: not in your trusted lobbies", lobby_fp).c_str());
      ImGui::SameLine();
      if (ImGui::SmallButton(i18n::tr("Trust this lobby")))
        app_.trusted_lobbies().add(*lobby.lobby_key(), app_.config().lobby_address);
    }
  }

  // Play and the rooms on the left; who is online and the lobby chat on the right, when the
  // lobby serves its common room (a lobby of an older parley does not: the left takes it all).
  const bool common_room = lobby.lobby_room() == LobbyRoom::served;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float right = common_room ? std::clamp(avail * 0.38f, std::min(340 * s, avail * 0.45f), 440 * s) : 0.0f;
  ImGui::BeginChild("play-and-rooms", ImVec2(common_room ? avail - right - ImGui::GetStyle().ItemSpacing.x : 0, 0), false);
  play_panel(local_ms);
  rooms_panel(local_ms);
  ImGui::EndChild();
  if (!common_room) return;
  ImGui::SameLine();
  ImGui::BeginGroup();
  const float height = ImGui::GetContentRegionAvail().y;
  ImGui::BeginChild("who-is-online", ImVec2(right, height * 0.48f), true);
  who_is_online();
  ImGui::EndChild();
  ImGui::BeginChild("lobby-chat", ImVec2(right, 0), true);
  ImGui::TextUnformatted(i18n::tr("Lobby chat"));
  chat_panel("lobby-lines", 0, lobby.lobby_chat(), lobby_chat_seen_, lobby_chat_input_,
             [this](const std::string& text) { app_.send_lobby_chat(text); });
  ImGui::EndChild();
  ImGui::EndGroup();
}

// One Play per game: a quick match with the game's seats (a choice of them beside a game for
// more than two), and how many wait in that queue.
void Screens::play_panel(std::uint64_t local_ms) {
  const LobbyState& lobby = app_.lobby();
  const bool counts = lobby.lobby_room() == LobbyRoom::served;
  ImGui::PushFont(window_.heading_font());
  ImGui::TextUnformatted(i18n::tr("Play"));
  ImGui::PopFont();
  if (counts) {
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(kQuiet, "%s", i18n::trnf("{0} player online", "{0} players online", lobby.players_online(),
                                                lobby.players_online())
                                         .c_str());
  }
  // Games this key still holds a seat in (the client was closed mid-game): each to resume.
  for (const lobby::RoomId room : lobby.unfinished_elsewhere()) {
    ImGui::PushID(static_cast<int>(room.value));
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(kGood, "%s", i18n::trf("Your game in room {0} is not finished.", room.value).c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton(i18n::tr("Resume"))) app_.join(room, lobby::Role::player);
    ImGui::PopID();
  }
  if (lobby.queued()) {
    ImGui::TextUnformatted(i18n::trf("Looking for an opponent ({0} waiting)", lobby.queued()->waiting).c_str());
    if (ImGui::Button(i18n::tr("Stop looking"))) app_.leave_queue();
    ImGui::Separator();
    return;
  }
  // `parley host --bot`: the queues the house bots wait in, first.
  for (const QuickMatchTarget& bots : app_.config().house_bots) {
    const GameView* v = view(bots.game);
    const GameScreen* screen = app_.game_screen(bots.game);
    if (!v || !screen) continue;
    // A game for two: its count of seats says nothing.
    const std::string label = screen->module().seats().max > 2
                                  ? i18n::trf("Play the house bots: {0}, {1} seats", v->button_name(), bots.seats)
                                  : i18n::trf("Play the house bots: {0}", v->button_name());
    if (ImGui::Button(label.c_str(), ImVec2(-FLT_MIN, 0))) app_.play_house_bots(bots);
  }
  // The columns beside the buttons are as wide as their widest text in the language in use.
  const ImGuiStyle& style = ImGui::GetStyle();
  float seats_w = 0, waiting_w = 0;
  for (const auto& screen : app_.game_screens()) {
    const peer::SeatRange range = screen->module().seats();
    if (range.min == range.max) continue;
    for (std::size_t n = range.min; n <= range.max; ++n)
      seats_w = std::max(seats_w, ImGui::CalcTextSize(i18n::trf("{0} seats", n).c_str()).x);
  }
  if (seats_w > 0) seats_w += ImGui::GetFrameHeight() + style.FramePadding.x * 2;
  if (counts) waiting_w = ImGui::CalcTextSize(i18n::trnf("{0} waiting", "{0} waiting", 88, 88).c_str()).x;
  const int columns = 1 + (seats_w > 0 ? 1 : 0) + (counts ? 1 : 0);
  if (ImGui::BeginTable("play-games", columns, ImGuiTableFlags_None)) {
    ImGui::TableSetupColumn("play", ImGuiTableColumnFlags_WidthStretch);
    if (seats_w > 0) ImGui::TableSetupColumn("seats", ImGuiTableColumnFlags_WidthFixed, seats_w);
    if (counts) ImGui::TableSetupColumn("waiting", ImGuiTableColumnFlags_WidthFixed, waiting_w);
    for (const auto& [name, v] : views_) {
      const GameScreen* screen = app_.game_screen(name);
      if (!screen) continue;
      const peer::SeatRange range = screen->module().seats();
      int& seats = quick_seats_[name];
      seats = std::clamp(seats == 0 ? static_cast<int>(range.min) : seats, static_cast<int>(range.min),
                         static_cast<int>(range.max));
      ImGui::PushID(name.c_str());
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const std::string label = i18n::trf("Play {0}", v->button_name()) + "###play";
      if (ImGui::Button(label.c_str(), ImVec2(-FLT_MIN, 0))) app_.quick_match(name, static_cast<std::uint8_t>(seats));
      if (seats_w > 0) {
        ImGui::TableNextColumn();
        if (range.min != range.max) {
          ImGui::SetNextItemWidth(-FLT_MIN);
          if (ImGui::BeginCombo("##seats", i18n::trf("{0} seats", seats).c_str())) {
            // Each seat count with its queue, so the person sees where others wait.
            for (int n = static_cast<int>(range.min); n <= static_cast<int>(range.max); ++n) {
              const std::uint32_t there = counts ? lobby.waiting(name, static_cast<std::uint8_t>(n)) : 0;
              const std::string item = there > 0 ? i18n::trnf("{0} seats ({1} waiting)", "{0} seats ({1} waiting)", there, n, there)
                                                 : i18n::trf("{0} seats", n);
              if (ImGui::Selectable(item.c_str(), n == seats)) seats = n;
            }
            ImGui::EndCombo();
          }
        }
      }
      if (counts) {
        ImGui::TableNextColumn();
        const std::uint32_t waiting = lobby.waiting(name, static_cast<std::uint8_t>(seats));
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(waiting > 0 ? kGood : kQuiet, "%s", i18n::trnf("{0} waiting", "{0} waiting", waiting, waiting).c_str());
      }
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  for (const auto& [name, v] : views_) v->lobby_extras(local_ms);
  ImGui::Separator();
}

// Rooms of particular players and options, under Play: the open rooms, a room to create, an
// invite code, a game log to replay.
void Screens::rooms_panel(std::uint64_t local_ms) {
  const float s = window_.scale();
  const LobbyState& lobby = app_.lobby();
  if (!ImGui::BeginTabBar("rooms-tabs")) return;
  const std::optional<LobbyTab> bring = std::exchange(lobby_tab_, std::nullopt);
  auto flags = [&](LobbyTab tab) { return bring == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None; };
  const std::string open_rooms =
      i18n::trnf("{0} open room", "{0} open rooms", lobby.rooms().size(), lobby.rooms().size()) + "###open-rooms";
  if (ImGui::BeginTabItem(open_rooms.c_str(), nullptr, flags(LobbyTab::rooms))) {
    if (ImGui::SmallButton(i18n::tr("Refresh (F5)"))) app_.refresh_rooms();
    ImGui::SameLine();
    if (ImGui::SmallButton(i18n::tr("Replay a game log..."))) open_log_requested_ = true;
    room_list();
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem((std::string(i18n::tr("Create a room")) + "###create-tab").c_str(), nullptr, flags(LobbyTab::create))) {
    ImGui::BeginChild("create-form", ImVec2(std::min(ImGui::GetContentRegionAvail().x, 400 * s), 0), false,
                      ImGuiWindowFlags_AlwaysUseWindowPadding);
    create_room_form(local_ms);
    ImGui::EndChild();
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem((std::string(i18n::tr("Invite code")) + "###code-tab").c_str(), nullptr,
                          flags(LobbyTab::invite_code))) {
    ImGui::BeginChild("code-form", ImVec2(std::min(ImGui::GetContentRegionAvail().x, 400 * s), 0), false,
                      ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::TextUnformatted(i18n::tr("Join by invite code"));
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::InputText("##code", &invite_code_);
    if (ImGui::Button((std::string(i18n::tr("Join")) + "###join-code").c_str(), ImVec2(-FLT_MIN, 0)))
      app_.join_by_code(invite_code_, lobby::Role::player, local_ms);
    if (ImGui::Button((std::string(i18n::tr("Watch")) + "###watch-code").c_str(), ImVec2(-FLT_MIN, 0)))
      app_.join_by_code(invite_code_, lobby::Role::spectator, local_ms);
    ImGui::EndChild();
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

void Screens::room_list() {
  const LobbyState& lobby = app_.lobby();
  const ImGuiStyle& style = ImGui::GetStyle();
  // Fixed columns as wide as their widest word in the language in use; names and options take
  // what is left, wrapped.
  auto widest = [](std::initializer_list<std::string> texts) {
    float w = 0;
    for (const std::string& t : texts) w = std::max(w, ImGui::CalcTextSize(t.c_str()).x);
    return w;
  };
  const char* const phases[] = {i18n::trc("room phase", "waiting"), i18n::trc("room phase", "playing"),
                                i18n::trc("room phase", "closed")};
  float game_w = ImGui::CalcTextSize(i18n::trc("room list", "Game")).x;
  for (const auto& room : lobby.rooms()) game_w = std::max(game_w, ImGui::CalcTextSize(room.game.c_str()).x);
  const float room_w = widest({i18n::tr("Room"), "0000"});
  const float watching_w = widest({i18n::tr("Watching"), "000"});
  const float state_w = widest({phases[0], phases[1], phases[2], i18n::tr("State")});
  const float buttons_w = ImGui::CalcTextSize(i18n::tr("Join")).x + ImGui::CalcTextSize(i18n::tr("Watch")).x +
                          style.FramePadding.x * 4 + style.ItemSpacing.x;
  if (!ImGui::BeginTable("room-list", 7, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn(i18n::tr("Room"), ImGuiTableColumnFlags_WidthFixed, room_w);
  ImGui::TableSetupColumn(i18n::trc("room list", "Game"), ImGuiTableColumnFlags_WidthFixed, game_w);
  ImGui::TableSetupColumn(i18n::tr("Players"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn(i18n::tr("Options"), ImGuiTableColumnFlags_WidthStretch, 1.4f);
  ImGui::TableSetupColumn(i18n::tr("Watching"), ImGuiTableColumnFlags_WidthFixed, watching_w);
  ImGui::TableSetupColumn(i18n::tr("State"), ImGuiTableColumnFlags_WidthFixed, state_w);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, buttons_w);
  ImGui::TableHeadersRow();
  for (const auto& room : lobby.rooms()) {
    ImGui::PushID(static_cast<int>(room.room.value));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%llu", static_cast<unsigned long long>(room.room.value));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(room.game.c_str());
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", peer::seat_names(room).c_str());
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", peer::options_text(room).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%u", room.spectators);
    ImGui::TableNextColumn();
    // peer::phase_words's words, translated here (the command line's room list keeps them English).
    ImGui::TextUnformatted(room.phase == lobby::RoomPhase::waiting   ? phases[0]
                           : room.phase == lobby::RoomPhase::started ? phases[1]
                                                                     : phases[2]);
    ImGui::TableNextColumn();
    const bool open_seat = room.phase == lobby::RoomPhase::waiting && room.seated() < room.seat_count();
    ImGui::BeginDisabled(!open_seat || !playable(room.game));
    if (ImGui::SmallButton(i18n::tr("Join"))) app_.join(room.room, lobby::Role::player);
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::SmallButton(i18n::tr("Watch"))) app_.join(room.room, lobby::Role::spectator);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

void Screens::create_room_form(std::uint64_t local_ms) {
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (create_form_.game.empty() && !views_.empty()) create_form_.game = views_.front().first;
  if (ImGui::BeginCombo("##game", create_form_.game.c_str())) {
    for (const auto& [name, view] : views_)
      if (ImGui::Selectable(name.c_str(), create_form_.game == name)) create_form_.game = name;
    ImGui::EndCombo();
  }
  // The game's smallest room and the lobby's largest.
  const GameScreen* form_screen = app_.game_screen(create_form_.game);
  const int min_seats = form_screen ? form_screen->module().seats().min : 2;
  create_form_.seats = std::clamp(create_form_.seats, min_seats, static_cast<int>(lobby::kMaxSeats));
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::SliderInt("##seats", &create_form_.seats, min_seats, lobby::kMaxSeats, i18n::trf("{0} seats", "%d").c_str());
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##clock", i18n::tr(kTimeControls[time_control_].label))) {
    for (int i = 0; i < static_cast<int>(std::size(kTimeControls)); ++i)
      if (ImGui::Selectable(i18n::tr(kTimeControls[i].label), i == time_control_)) time_control_ = i;
    ImGui::EndCombo();
  }
  create_form_.clock_minutes = kTimeControls[time_control_].minutes;
  create_form_.increment_seconds = kTimeControls[time_control_].increment;
  if (GameView* v = view(create_form_.game)) v->room_form(create_form_);
  ImGui::Checkbox((std::string(i18n::tr("Invite only")) + "###invite-only").c_str(), &create_form_.invite_only);
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputTextWithHint("##event", i18n::tr("event name (optional)"), &create_form_.event);
  if (ImGui::Button((std::string(i18n::tr("Create")) + "###create").c_str(), ImVec2(-FLT_MIN, 0))) create_room(local_ms);
}

// Who is online: name, what they are doing, their rating in the game chosen above the list.
void Screens::who_is_online() {
  const LobbyState& lobby = app_.lobby();
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::TextUnformatted(i18n::tr("Who is online"));
  if (rating_game_.empty() && !views_.empty()) rating_game_ = views_.front().first;
  auto title = [&](const std::string& game) {
    const GameScreen* screen = app_.game_screen(game);
    return screen ? std::string(i18n::tr(std::string(screen->module().title()).c_str())) : game;
  };
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##rating-game", i18n::trf("Ratings: {0}", title(rating_game_)).c_str())) {
    for (const auto& [name, view] : views_)
      if (ImGui::Selectable(title(name).c_str(), rating_game_ == name)) rating_game_ = name;
    ImGui::EndCombo();
  }
  float activity_w = 0;
  for (auto a : {lobby::Activity::idle, lobby::Activity::queued, lobby::Activity::playing, lobby::Activity::watching})
    activity_w = std::max(activity_w, ImGui::CalcTextSize(i18n::tr(std::string(describe(a)).c_str())).x);
  const float rating_w = std::max(ImGui::CalcTextSize("8888 ±888").x, ImGui::CalcTextSize(i18n::tr("Rating")).x);
  if (!ImGui::BeginTable("players-online", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn(i18n::tr("Name"), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn(i18n::tr("Activity"), ImGuiTableColumnFlags_WidthFixed,
                          std::max(activity_w, ImGui::CalcTextSize(i18n::tr("Activity")).x));
  ImGui::TableSetupColumn(i18n::tr("Rating"), ImGuiTableColumnFlags_WidthFixed, rating_w);
  ImGui::TableHeadersRow();
  const crypto::PublicKey& me = app_.config().identity;
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(lobby.players().size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const lobby::PlayerSummary& p = lobby.players()[static_cast<std::size_t>(i)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const float name_w = ImGui::GetContentRegionAvail().x;
      ImGui::TextColored(p.key == me ? kGood : style.Colors[ImGuiCol_Text], "%s", elided(p.name, name_w).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (%s)", p.name.c_str(), crypto::fingerprint(p.key).c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(kQuiet, "%s", i18n::tr(std::string(describe(p.activity)).c_str()));
      ImGui::TableNextColumn();
      if (const lobby::GameRating* r = rating_in(p, rating_game_))
        ImGui::TextUnformatted((std::to_string(r->rating) + " ±" + std::to_string(r->deviation)).c_str());
      else
        ImGui::TextColored(kQuiet, "-");
    }
  }
  ImGui::EndTable();
}

// ---- room ---------------------------------------------------------------------------------

void Screens::room_screen(std::uint64_t local_ms) {
  const auto& room = app_.lobby().room();
  if (!room) return;
  const float s = window_.scale();
  ImGui::PushFont(window_.heading_font());
  ImGui::TextUnformatted(i18n::trf("Room {0}: {1}", room->room.value, room->game).c_str());
  ImGui::PopFont();
  if (room->visibility == lobby::Visibility::invite_only)
    ImGui::TextColored(kGood, "%s", i18n::trf("Invite code: {0}  (give it to the players you want)", room->invite_code).c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, kQuiet);
  ImGui::TextWrapped("%s", i18n::trf("Options: {0}. {1} watching. The game starts when every seat is taken and ready.",
                                     peer::options_text(room->game, room->options), room->spectators)
                               .c_str());
  ImGui::PopStyleColor();

  ImGui::BeginChild("seats", ImVec2(380 * s, 0), true);
  const GameView* room_view = view(room->game);
  for (std::size_t i = 0; i < room->seats.size(); ++i) {
    const auto& seat = room->seats[i];
    ImGui::PushID(static_cast<int>(i));
    std::string label = room_view ? room_view->room_seat_label(i) : i18n::trf("Seat {0}", i);
    ImGui::Text("%s", label.c_str());
    ImGui::SameLine(90 * s);
    if (!seat.key) {
      ImGui::TextColored(kQuiet, "%s", i18n::tr("(empty)"));
    } else {
      ImGui::TextUnformatted(seat.name.c_str());
      ImGui::SameLine();
      const char* state = seat.connected ? (seat.ready ? i18n::tr("ready") : i18n::tr("not ready"))
                                         : (seat.ready ? i18n::tr("ready, away") : i18n::tr("not ready, away"));
      ImGui::TextColored(seat.ready ? kGood : kQuiet, "%s", state);
    }
    ImGui::PopID();
  }
  ImGui::Separator();
  if (auto mine = app_.lobby().my_seat()) {
    bool ready = room->seats[*mine].ready;
    const std::string label = std::string(ready ? i18n::tr("Not ready") : i18n::tr("Ready")) + "###ready";
    if (ImGui::Button(label.c_str(), ImVec2(-1, 0))) app_.set_ready(!ready);
  }
  if (app_.may_seat_house_bot() && ImGui::Button(i18n::tr("Seat a house bot"), ImVec2(-1, 0))) app_.seat_house_bot(local_ms);
  if (ImGui::Button(i18n::tr("Leave the room"), ImVec2(-1, 0))) app_.leave_room();
  ImGui::EndChild();
  ImGui::SameLine();
  if (GameView* v = view(room->game); v && app_.lobby().my_seat() &&
                                         v->room_panel(local_ms, std::max(ImGui::GetContentRegionAvail().x * 0.62f, 200.0f)))
    ImGui::SameLine();
  ImGui::BeginChild("room-chat", ImVec2(0, 0), true);
  chat("chat", 0);
  ImGui::EndChild();
}

void Screens::chat(const char* id, float height) {
  ImGui::TextUnformatted(i18n::tr("Chat"));
  chat_panel(id, height, app_.lobby().chat(), chat_seen_, chat_input_, [this](const std::string& text) { app_.send_chat(text); });
}

void Screens::chat_panel(const char* id, float height, const std::vector<ChatEntry>& lines, std::size_t& seen,
                         std::string& input, const std::function<void(const std::string&)>& say) {
  const float input_h = ImGui::GetFrameHeightWithSpacing();
  ImGui::BeginChild(id, ImVec2(0, height > 0 ? height - input_h : -input_h), false);
  for (const auto& line : lines) {
    const std::string who = line.role == lobby::Role::spectator ? i18n::trf("{0} (watching):", line.name) : line.name + ":";
    ImGui::TextColored(line.mine ? kGood : kQuiet, "%s", who.c_str());
    ImGui::SameLine();
    ImGui::TextWrapped("%s", line.text.c_str());
  }
  if (lines.size() != seen) {
    ImGui::SetScrollHereY(1.0f);
    seen = lines.size();
  }
  ImGui::EndChild();
  ImGui::SetNextItemWidth(-FLT_MIN);
  std::string input_id = std::string("##say-") + id;
  if (ImGui::InputTextWithHint(input_id.c_str(), i18n::tr("say something (Enter)"), &input,
                               ImGuiInputTextFlags_EnterReturnsTrue)) {
    say(input);
    input.clear();
    ImGui::SetKeyboardFocusHere(-1);
  }
}

void Screens::game_screen(std::uint64_t local_ms) {
  const LiveGame* g = app_.game();
  if (!g) {
    ImGui::TextColored(kQuiet, "%s", i18n::tr("The game is starting..."));
    return;
  }
  if (GameView* v = view_on_screen()) {
    v->game_screen(local_ms, content_top(), [this](const char* id, float height) { chat(id, height); });
    result_dialog(local_ms);
    return;
  }
  ImGui::TextWrapped("%s", i18n::trf("{0}: this client shows the entries of this game but has no board for it yet.",
                                     g->genesis().game)
                               .c_str());
  ImGui::TextUnformatted(g->status(local_ms).c_str());
  if (app_.can_leave_game() && ImGui::Button(i18n::tr("Back to the lobby"))) app_.leave_game();
}

void Screens::result_dialog(std::uint64_t local_ms) {
  const LiveGame* g = app_.game();
  if (!g || !app_.result_dialog_open()) return;
  const std::string title = std::string(i18n::tr("Game over")) + "###game-over";
  ImGui::OpenPopup(title.c_str());
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushFont(window_.heading_font());
    ImGui::TextUnformatted(g->result_text().value_or(i18n::tr("The game is over")).c_str());
    ImGui::PopFont();
    if (GameView* v = view_on_screen()) v->result_buttons(local_ms);
    // The same players again (App::rematch), and the game's log in the replay viewer.
    if (app_.can_rematch()) {
      if (ImGui::Button(i18n::tr("Rematch"))) {
        app_.rematch(local_ms);
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        return;
      }
      ImGui::SameLine();
    }
    const auto& seat = app_.seat();
    const bool log_written = seat && seat->status == peer::RunnerStatus::finished && seat->log;
    ImGui::BeginDisabled(!log_written);
    if (ImGui::Button(i18n::tr("Open replay")) && log_written) {
      const std::filesystem::path log = *seat->log;
      app_.close_result_dialog();
      ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
      open_log(log, local_ms);
      return;
    }
    ImGui::EndDisabled();
    if (!log_written && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", i18n::tr("The log is written once every seat has signed the end"));
    ImGui::SameLine();
    if (ImGui::Button(i18n::tr("Look at the board"))) {
      app_.close_result_dialog();
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(!app_.can_leave_game());
    if (ImGui::Button(i18n::tr("Back to the lobby"))) {
      app_.close_result_dialog();
      app_.leave_game();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndDisabled();
    ImGui::EndPopup();
  }
}

// ---- replay -------------------------------------------------------------------------------

namespace {

// A line of text in a colour, wrapped at the edge of its window or table cell.
void wrapped_colored(const ImVec4& colour, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

// What the verifier found of a seat, in the person's language.
std::string verdict_words(peer::SeatVerdict::Kind kind) {
  switch (kind) {
    case peer::SeatVerdict::Kind::honest: return i18n::trc("seat verdict", "honest");
    case peer::SeatVerdict::Kind::blamed: return i18n::trc("seat verdict", "blamed");
    case peer::SeatVerdict::Kind::timed_out: return i18n::trc("seat verdict", "timed out");
  }
  return std::string(peer::describe(kind));
}

// The next button of a row: on the same line when it fits there, else on the next.
bool row_button(const char* label, bool first = false) {
  const float width = ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
  if (!first) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
  }
  return ImGui::Button(label);
}

}  // namespace

void Screens::replay_screen() {
  ReplayViewer* r = app_.replay();
  if (!r) return;
  // The game's board on the left and the panel beside it; a log without one: the panel alone.
  const ChessLayout layout = chess_layout(window_.width(), window_.height(), content_top(), window_.scale());
  Rect p{layout.board.x, layout.board.y, window_.width() - 2 * layout.board.x, layout.board.h};
  GameView* game_view = view(r->game());
  if (game_view)
    if (auto panel = game_view->replay_board(*r, content_top())) p = *panel;
  ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(p.x), static_cast<float>(p.y)));
  ImGui::BeginChild("replay-panel", ImVec2(static_cast<float>(p.w), static_cast<float>(p.h)), false);
  ImGui::PushFont(window_.heading_font());
  ImGui::TextUnformatted(r->name().c_str());
  ImGui::PopFont();

  // The verifier's verdict.
  const peer::VerifyReport& report = r->report();
  if (report.valid)
    wrapped_colored(kGood, i18n::trnf("Verified: every entry signed and replayed ({0} entry)",
                                      "Verified: every entry signed and replayed ({0} entries)", report.entries,
                                      report.entries));
  else
    wrapped_colored(kError, i18n::trf("Does not verify: {0}", report.fault));
  for (const auto& seat : report.seats) {
    const ImVec4 colour = seat.kind == peer::SeatVerdict::Kind::honest ? kGood : kError;
    std::string where = seat.index ? i18n::trf(" at entry {0}", seat.index->value) : "";
    wrapped_colored(colour, r->seat_names().at(seat.seat.index) + " (" + seat.fingerprint +
                                "): " + verdict_words(seat.kind) + where +
                                (seat.reason.empty() ? "" : " - " + seat.reason));
  }
  if (report.outcome) {
    const std::string result =
        report.outcome->winner
            ? i18n::trf("Result: {0} wins ({1})", r->seat_names().at(report.outcome->winner->index), report.outcome->reason)
            : i18n::trf("Result: draw ({0})", report.outcome->reason);
    ImGui::TextWrapped("%s", result.c_str());
  }
  if (game_view) game_view->replay_controls(*r);
  ImGui::Separator();

  // Stepping.
  if (row_button("|<", true)) r->first();
  if (row_button("<")) r->step_by(-1);
  if (row_button(">")) r->step_by(1);
  if (row_button(">|")) r->last();
  if (row_button(i18n::tr("Prev verdict"))) r->previous_verdict();
  if (row_button(i18n::tr("Next verdict"))) r->next_verdict();
  if (row_button(i18n::tr("Flip"))) app_.flip();
  if (row_button(i18n::tr("Close"))) app_.close_replay();
  int index = static_cast<int>(r->current());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##entry", &index, 0, static_cast<int>(r->size()) - 1, i18n::trf("entry {0}", "%d").c_str()))
    r->go_to(static_cast<std::size_t>(index));

  const ReplayStep& step = r->step();
  ImGui::TextWrapped("%s", i18n::trf("Entry {0} at +{1}: {2}", step.index, clock_text(step.time_ms), step.summary).c_str());
  // With the protocol's steps shown, the entry as `parley log show` prints it, for whoever audits.
  if (show_protocol_ && step.text != step.summary) wrapped_colored(kQuiet, step.text);
  for (const auto& v : step.verdicts) wrapped_colored(step.blame ? kError : kGood, v);
  if (!step.clocks.empty() && std::any_of(step.clocks.begin(), step.clocks.end(), [](std::uint64_t c) { return c > 0; })) {
    for (std::size_t s = 0; s < step.clocks.size(); ++s) {
      ImGui::TextColored(step.running[s] ? kGood : kQuiet, "%s %s", r->seat_names().at(s).c_str(),
                         clock_text(step.clocks[s]).c_str());
      if (s + 1 < step.clocks.size()) ImGui::SameLine(0, 30);
    }
  }
  if (game_view) game_view->replay_log(*r);
  ImGui::Separator();

  // The moves and the game's events; the protocol's own steps (commitments, beacons, duel tables,
  // proofs) folded away unless asked for. The current one selected and kept in view.
  ImGui::Checkbox(i18n::tr("Show the protocol's steps"), &show_protocol_);
  replay_rows_ = 0;
  float name_width = ImGui::CalcTextSize("lobby....").x;
  for (const std::string& n : r->seat_names()) name_width = std::max(name_width, ImGui::CalcTextSize(n.c_str()).x);
  name_width = std::min(name_width + ImGui::GetStyle().CellPadding.x * 2, ImGui::GetContentRegionAvail().x * 0.3f);
  if (ImGui::BeginTable("entries", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY, ImVec2(0, ImGui::GetContentRegionAvail().y))) {
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("00000").x);
    ImGui::TableSetupColumn(i18n::tr("Seat"), ImGuiTableColumnFlags_WidthFixed, name_width);
    ImGui::TableSetupColumn(i18n::tr("Entry"));
    for (std::size_t i = 0; i < r->size(); ++i) {
      const ReplayStep& e = r->steps()[i];
      if (e.protocol && !show_protocol_ && i != r->current()) continue;
      ++replay_rows_;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(std::to_string(e.index).c_str(), i == r->current(), ImGuiSelectableFlags_SpanAllColumns))
        r->go_to(i);
      if (i == r->current() && replay_shown_ != i) {
        ImGui::SetScrollHereY(0.5f);
        replay_shown_ = i;
      }
      ImGui::PopID();
      ImGui::TableNextColumn();
      ImGui::TextColored(kQuiet, "%s", e.seat ? r->seat_names().at(e.seat->index).c_str() : i18n::tr("lobby"));
      ImGui::TableNextColumn();
      const std::string& words = e.summary;
      if (e.blame)
        wrapped_colored(kError, words);
      else if (!e.verdicts.empty())
        wrapped_colored(kGood, words);
      else if (e.protocol)
        wrapped_colored(kQuiet, words);
      else
        ImGui::TextWrapped("%s", words.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
}

void Screens::open_log_dialog(std::uint64_t local_ms) {
  const std::string title = std::string(i18n::tr("Open a game log")) + "###open-log";
  if (open_log_requested_) {
    refresh_logs();
    ImGui::OpenPopup(title.c_str());
    open_log_requested_ = false;
  }
  ImGui::SetNextWindowSize(ImVec2(620 * window_.scale(), 420 * window_.scale()), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(title.c_str())) return;
  ImGui::TextUnformatted(i18n::tr("A .plog file:"));
  ImGui::SetNextItemWidth(-90 * window_.scale());
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  const bool enter = ImGui::InputText("##log-path", &log_path_, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if (ImGui::Button(i18n::tr("Open")) || enter) {
    open_log(log_path_, local_ms);
    ImGui::CloseCurrentPopup();
  }
  ImGui::PushStyleColor(ImGuiCol_Text, kQuiet);
  ImGui::TextWrapped("%s", i18n::trf("Your games, newest first ({0}):", (data_dir_ / "logs").string()).c_str());
  ImGui::PopStyleColor();
  ImGui::BeginChild("recent", ImVec2(0, -ImGui::GetFrameHeightWithSpacing()), true);
  // One row per log, its Open button first: no path to type.
  for (std::size_t i = 0; i < recent_logs_.size(); ++i) {
    const fs::path& path = recent_logs_[i];
    ImGui::PushID(static_cast<int>(i));
    bool open = ImGui::SmallButton(i18n::tr("Open"));
    ImGui::SameLine();
    if (ImGui::Selectable(path.filename().string().c_str(), log_path_ == path.string(), ImGuiSelectableFlags_AllowDoubleClick)) {
      log_path_ = path.string();
      open = open || ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
    }
    ImGui::PopID();
    if (open) {
      open_log(path, local_ms);
      ImGui::CloseCurrentPopup();
      break;
    }
  }
  if (recent_logs_.empty()) ImGui::TextColored(kQuiet, "%s", i18n::tr("(none yet: every game you play leaves its log here)"));
  ImGui::EndChild();
  if (ImGui::Button(i18n::tr("Cancel")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void Screens::notices_and_banners(std::uint64_t local_ms) {
  const float width = static_cast<float>(window_.width());
  float y = menu_height_ + 6;
  // Red banners stay: a seat caught cheating, a lobby fault, this seat's runner stopping.
  const auto banners = app_.banners();
  auto* list = ImGui::GetForegroundDrawList();
  for (const auto& text : banners) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, width - 40);
    list->AddRectFilled(ImVec2(10, y), ImVec2(width - 10, y + size.y + 12), IM_COL32(170, 30, 30, 235), 6);
    list->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(20, y + 6), IM_COL32(255, 255, 255, 255), text.c_str(),
                  nullptr, width - 40);
    y += size.y + 18;
  }
  // Notices fade after a few seconds, bottom right.
  float bottom = static_cast<float>(window_.height()) - 10;
  const auto notices = app_.active_notices(local_ms);
  for (auto it = notices.rbegin(); it != notices.rend(); ++it) {
    const float w = std::min(520.0f * window_.scale(), width - 20);
    const ImVec2 size = ImGui::CalcTextSize(it->text.c_str(), nullptr, false, w - 20);
    const ImVec2 a(width - 10 - w, bottom - size.y - 14);
    const ImU32 colour = it->kind == Notice::Kind::error ? IM_COL32(120, 36, 36, 240) : IM_COL32(36, 70, 110, 240);
    list->AddRectFilled(a, ImVec2(width - 10, bottom), colour, 6);
    list->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(a.x + 10, a.y + 7), IM_COL32(255, 255, 255, 255),
                  it->text.c_str(), nullptr, w - 20);
    bottom = a.y - 6;
  }
}

}  // namespace parley::ui::sdl
