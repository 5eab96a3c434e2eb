#include "games/chess/sdl/chess_game_view.hpp"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cassert>
#include <ctime>
#include <fstream>

#include "games/chess/module.hpp"
#include "games/chess/sdl/board_view.hpp"
#include "i18n/i18n.hpp"
#include "ui/sdl/palette.hpp"
#include "ui/sdl/screens.hpp"

namespace parley::ui::sdl {

namespace fs = std::filesystem;
using namespace game::chess;

namespace {

constexpr ImGuiWindowFlags kPromotionFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;

std::string file_stem_now(const char* prefix) {
  std::time_t t = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char stamp[40];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
  return std::string(prefix) + "-" + stamp;
}

// The moves in SAN as a two-column table (white, black), scrolled to the newest.
void move_table(const std::vector<std::string>& san, std::size_t& shown) {
  if (!ImGui::BeginTable("moves", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY, ImVec2(0, ImGui::GetContentRegionAvail().y)))
    return;
  ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("000.").x);
  ImGui::TableSetupColumn(i18n::tr("White"));
  ImGui::TableSetupColumn(i18n::tr("Black"));
  for (std::size_t i = 0; i < san.size(); i += 2) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(kQuiet, "%zu.", i / 2 + 1);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(san[i].c_str());
    ImGui::TableNextColumn();
    if (i + 1 < san.size()) ImGui::TextUnformatted(san[i + 1].c_str());
  }
  if (shown != san.size()) {
    ImGui::SetScrollHereY(1.0f);
    shown = san.size();
  }
  ImGui::EndTable();
}

}  // namespace

ChessGameView::ChessGameView(const ViewContext& context)
    : window_(context.window),
      app_(context.app),
      screen_(dynamic_cast<ChessScreen&>(context.screen)),
      data_dir_(context.data_dir),
      pieces_(context.window.renderer(), context.window.font_files().sans, BoardColors::light, BoardColors::dark) {}

bool ChessGameView::shortcut(const SDL_Event& event, std::uint64_t local_ms) {
  if (event.type != SDL_KEYDOWN) return false;
  const SDL_Keycode key = event.key.keysym.sym;
  if ((event.key.keysym.mod & KMOD_CTRL) != 0 && key == SDLK_s) {
    if (!screen_.chess()) return false;
    save_pgn(local_ms);
    return true;
  }
  if (app_.screen() != Screen::game) return false;
  if (screen_.input().promotion()) {
    const std::pair<SDL_Keycode, PieceType> choices[] = {
        {SDLK_q, PieceType::queen}, {SDLK_r, PieceType::rook}, {SDLK_b, PieceType::bishop}, {SDLK_n, PieceType::knight}};
    for (auto [k, type] : choices)
      if (key == k) {
        screen_.choose_promotion(type);
        return true;
      }
  }
  if (key == SDLK_ESCAPE) {
    screen_.cancel();
    return true;
  }
  if (key == SDLK_f) {
    app_.flip();
    return true;
  }
  return false;
}

void ChessGameView::menu_items(std::uint64_t local_ms) {
  if (ImGui::MenuItem(i18n::tr("Save PGN"), "Ctrl+S")) save_pgn(local_ms);
}

void ChessGameView::result_buttons(std::uint64_t local_ms) {
  if (ImGui::Button(i18n::tr("Save PGN"))) save_pgn(local_ms);
  ImGui::SameLine();
}

// ---- the board ----------------------------------------------------------------------------

void ChessGameView::board_input(const BoardGeometry& g) {
  const Rect b = g.bounds();
  ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(b.x), static_cast<float>(b.y)));
  ImGui::InvisibleButton("##board", ImVec2(static_cast<float>(b.w), static_cast<float>(b.h)),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const Point p{static_cast<int>(mouse.x), static_cast<int>(mouse.y)};
  const auto at = g.square_at(p);
  if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) {
    screen_.cancel();
    return;
  }
  if (ImGui::IsItemActivated() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) screen_.press(at);
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f)) screen_.drag(p);
  if (ImGui::IsItemDeactivated()) screen_.release(at);
}

void ChessGameView::promotion_popup(const BoardGeometry& g) {
  const auto& choice = screen_.input().promotion();
  if (!choice) return;
  // The four pieces in a column over the promotion square, towards the board's middle.
  const Rect r = g.square_rect(choice->to);
  const bool downwards = r.y < g.bounds().y + 4 * g.square_size();
  const float side = static_cast<float>(g.square_size());
  ImGui::SetNextWindowPos(ImVec2(static_cast<float>(r.x), downwards ? static_cast<float>(r.y) : static_cast<float>(r.y + r.h) - 4 * side));
  ImGui::SetNextWindowSize(ImVec2(side, 4 * side));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
  ImGui::Begin("##promotion", nullptr, kPromotionFlags);
  // The pieces themselves from the board's atlas (prepared by draw_board this frame).
  const Color colour = screen_.chess() ? screen_.chess()->position().side_to_move() : Color::white;
  int id = 0;
  for (PieceType type : {PieceType::queen, PieceType::knight, PieceType::rook, PieceType::bishop}) {
    ImGui::PushID(id++);
    const auto uv = pieces_.uv(Piece{colour, type});
    if (ImGui::ImageButton(reinterpret_cast<ImTextureID>(pieces_.texture()), ImVec2(side, side), ImVec2(uv.u0, uv.v0),
                           ImVec2(uv.u1, uv.v1), 0))
      screen_.choose_promotion(type);
    ImGui::PopID();
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
}

void ChessGameView::player_card(game::Seat seat, std::uint64_t local_ms) {
  const LiveGame& g = *app_.game();
  const Game* chess = screen_.chess();
  const bool to_move = chess && !chess->result() && seat_of(chess->position().side_to_move()) == seat;
  ImGui::PushID(seat.index);
  ImGui::BeginGroup();
  const std::string name = g.me() == seat ? i18n::trf("{0} (you)", g.seat_name(seat)) : g.seat_name(seat);
  ImGui::TextColored(to_move ? kGood : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s %s", to_move ? "\xE2\x97\x8F" : " ",
                     name.c_str());
  ImGui::SameLine();
  ImGui::TextColored(kQuiet, "%s", i18n::tr(seat_label(g.session(), seat).c_str()));
  if (g.clocked()) {
    const std::uint64_t left = g.clock_left(seat, local_ms);
    ImGui::PushFont(window_.clock_font());
    ImVec4 colour = g.clock_running(seat) ? (left < 10'000 ? kError : kGood) : kQuiet;
    ImGui::TextColored(colour, "%s", clock_text(left).c_str());
    ImGui::PopFont();
  }
  ImGui::EndGroup();
  ImGui::PopID();
}

void ChessGameView::game_actions(std::uint64_t local_ms) {
  const LiveGame& g = *app_.game();
  const Game* game = screen_.chess();
  if (!g.me() || !game || g.session().outcome()) return;
  const game::Seat me = *g.me();
  const Game& chess = *game;
  const Color mine = color_of(me);
  if (chess.draw_offered_by() && *chess.draw_offered_by() != mine) {
    ImGui::TextColored(kGood, "%s", i18n::tr("Your opponent offers a draw"));
    if (ImGui::Button(i18n::tr("Accept draw"))) screen_.act({ChessIntent::Kind::accept_draw, Move::none(), 0}, local_ms);
    ImGui::SameLine();
    if (ImGui::Button(i18n::tr("Decline"))) screen_.act({ChessIntent::Kind::decline_draw, Move::none(), 0}, local_ms);
  }
  if (const auto& t = chess.takeback_request(); t && t->by != mine) {
    ImGui::TextColored(kGood, "%s",
                       i18n::trnf("Your opponent asks to take back {0} half-move",
                                  "Your opponent asks to take back {0} half-moves", t->count, t->count)
                           .c_str());
    if (ImGui::Button(i18n::tr("Allow"))) screen_.act({ChessIntent::Kind::accept_takeback, Move::none(), 0}, local_ms);
    ImGui::SameLine();
    if (ImGui::Button(i18n::tr("Refuse"))) screen_.act({ChessIntent::Kind::decline_takeback, Move::none(), 0}, local_ms);
  }
  // One offer at a time, from either side and on either turn (an offer that crosses the other's
  // is ignored as late, docs/sessions.md).
  ImGui::BeginDisabled(chess.draw_offered_by().has_value());
  if (ImGui::Button(i18n::tr("Offer draw"))) screen_.act({ChessIntent::Kind::offer_draw, Move::none(), 0}, local_ms);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (chess.can_claim_draw()) {
    if (ImGui::Button(i18n::tr("Claim draw"))) screen_.act({ChessIntent::Kind::claim_draw, Move::none(), 0}, local_ms);
    ImGui::SameLine();
  }
  const std::uint16_t back = takeback_count(chess, me);
  ImGui::BeginDisabled(back == 0);
  if (ImGui::Button(i18n::tr("Take back"))) screen_.act({ChessIntent::Kind::request_takeback, Move::none(), back}, local_ms);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(i18n::tr("Resign"))) resign_requested_ = true;
  const std::string title = std::string(i18n::tr("Resign?")) + "###resign";
  if (resign_requested_) {
    ImGui::OpenPopup(title.c_str());
    resign_requested_ = false;
  }
  if (ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextUnformatted(i18n::tr("Resign this game?"));
    if (ImGui::Button((std::string(i18n::tr("Resign")) + "###resign-yes").c_str())) {
      screen_.act({ChessIntent::Kind::resign, Move::none(), 0}, local_ms);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button(i18n::tr("Play on"))) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

void ChessGameView::save_pgn(std::uint64_t local_ms) {
  auto pgn = screen_.pgn();
  if (!pgn) return app_.notify(Notice::Kind::error, i18n::trf("Cannot save PGN: {0}", pgn.error().detail), local_ms);
  fs::path dir = data_dir_ / "pgn";
  std::error_code ec;
  fs::create_directories(dir, ec);
  fs::path path = dir / (file_stem_now("game") + ".pgn");
  std::ofstream out(path);
  out << *pgn;
  out.close();
  if (!out) return app_.notify(Notice::Kind::error, i18n::trf("Cannot write {0}", path.string()), local_ms);
  app_.notify(Notice::Kind::info, i18n::trf("Saved {0}", path.string()), local_ms);
}

void ChessGameView::game_screen(std::uint64_t local_ms, int top,
                                const std::function<void(const char* id, float height)>& chat) {
  const LiveGame* g = app_.game();
  const Game* chess = screen_.chess();
  if (!g || !chess) return;
  const ChessLayout layout = chess_layout(window_.width(), window_.height(), top, window_.scale());
  const BoardGeometry geometry = ui::board_geometry(layout, app_.flipped());
  board_ = geometry;

  // The board shows the move just sent as made, until the lobby relays it.
  const MoveInput& input = screen_.input();
  Position shown = chess->position();
  std::optional<Move> last = screen_.last_move();
  if (screen_.pending_move()) {
    shown = shown.after(*screen_.pending_move());
    last = screen_.pending_move();
  }
  BoardScene scene{&shown, last, input.selected(), input.targets(), std::nullopt, input.drag_point()};
  if (input.dragging()) scene.dragging_from = input.selected();
  draw_board(ImGui::GetWindowDrawList(), geometry, scene, pieces_, window_.pixel_ratio(), window_.small_font());
  board_input(geometry);
  promotion_popup(geometry);

  const Rect p = layout.panel;
  ImGui::SetCursorScreenPos(ImVec2(static_cast<float>(p.x), static_cast<float>(p.y)));
  ImGui::BeginChild("panel", ImVec2(static_cast<float>(p.w), static_cast<float>(p.h)), false);
  const game::Seat bottom{static_cast<std::uint8_t>(app_.flipped() ? 1 : 0)};
  const game::Seat top_seat{static_cast<std::uint8_t>(1 - bottom.index)};
  player_card(top_seat, local_ms);
  ImGui::Separator();
  ImGui::TextWrapped("%s", g->status(local_ms).c_str());
  if (auto result = g->result_text()) {
    ImGui::PushFont(window_.heading_font());
    ImGui::TextWrapped("%s", result->c_str());
    ImGui::PopFont();
  }
  if (const auto& seat = app_.seat(); seat && seat->status == peer::RunnerStatus::finished && seat->log)
    ImGui::TextColored(kQuiet, "%s", i18n::trf("Log: {0}", seat->log->filename().string()).c_str());
  game_actions(local_ms);
  if (ImGui::Button(i18n::tr("Flip (F)"))) app_.flip();
  ImGui::SameLine();
  if (ImGui::Button(i18n::tr("Save PGN"))) save_pgn(local_ms);
  if (app_.can_leave_game()) {
    ImGui::SameLine();
    if (ImGui::Button(i18n::tr("Back to the lobby"))) app_.leave_game();
  }
  ImGui::Separator();
  const float card_h = ImGui::GetFrameHeightWithSpacing() + (g->clocked() ? ImGui::GetTextLineHeight() * 2.2f : 0);
  ImGui::BeginChild("moves-box", ImVec2(0, std::max(ImGui::GetContentRegionAvail().y - card_h - 180 * window_.scale(), 80.0f)));
  move_table(screen_.san_moves(), moves_shown_);
  ImGui::EndChild();
  ImGui::BeginChild("game-chat", ImVec2(0, 170 * window_.scale()));
  chat("game-chat-lines", 170 * window_.scale());
  ImGui::EndChild();
  ImGui::Separator();
  player_card(bottom, local_ms);
  ImGui::EndChild();
}

std::optional<Rect> ChessGameView::replay_board(const ReplayViewer& viewer, int top) {
  const ChessReplay* replay = screen_.replay();
  if (!replay) return std::nullopt;
  const ChessLayout layout = chess_layout(window_.width(), window_.height(), top, window_.scale());
  const BoardGeometry geometry = ui::board_geometry(layout, app_.flipped());
  board_ = geometry;
  BoardScene scene{&replay->position(viewer.current()), replay->last_move(viewer.current()), std::nullopt, 0, std::nullopt, {}};
  draw_board(ImGui::GetWindowDrawList(), geometry, scene, pieces_, window_.pixel_ratio(), window_.small_font());
  return layout.panel;
}

ChessGameView& chess_view(const Screens& screens) {
  auto* view = dynamic_cast<ChessGameView*>(screens.view(peer::kChessGame));
  assert(view != nullptr);
  return *view;
}

}  // namespace parley::ui::sdl
