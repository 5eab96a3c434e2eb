#include "games/risiko/ui/risiko_screen.hpp"

#include <algorithm>
#include <cassert>
#include <fstream>

#include "games/risiko/module.hpp"
#include "games/risiko/terminal/risiko_map_text.hpp"
#include "i18n/i18n.hpp"

namespace parley::ui {

namespace {

// A person's Risiko seat on the network thread: the agent does the protocol, the person decides.
class RisikoSeat final : public SeatPlayer {
 public:
  peer::Player& player() override { return player_; }
  void submit(const std::any& intent) override {
    if (const auto* risiko = std::any_cast<RisikoIntent>(&intent)) player_.submit(*risiko);
  }
  std::vector<std::string> take_refusals() override { return player_.take_refusals(); }
  std::optional<std::any> news(const peer::Session* session, std::optional<game::Seat> me) override {
    if (!session || !me || !games::risiko::rules(*session)) return std::nullopt;
    game::risiko::Player own = player_.knowledge(*session, *me);
    if (told_ == own) return std::nullopt;
    told_ = own;
    return RisikoSecrets{std::move(own)};
  }

 private:
  HumanRisikoPlayer player_;
  std::optional<game::risiko::Player> told_;  // as last passed on to the screen
};

}  // namespace

std::vector<std::string> read_risiko_drawings(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".shapes" && e.is_regular_file(ec) && e.file_size(ec) <= kMaxShapesBytes)
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  if (files.size() > kMaxRisikoDrawings) files.resize(kMaxRisikoDrawings);
  std::vector<std::string> texts;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad() || text.size() > kMaxShapesBytes) continue;  // changed while read
    texts.push_back(std::move(text));
  }
  return texts;
}

RisikoScreen::RisikoScreen(App& app, const peer::GameModule& module) : GameScreen(app, module) {
  if (!app.config().data_dir.empty()) drawings_ = read_risiko_drawings(app.config().data_dir / "risiko-shapes");
}

game::Result<game::Bytes, std::string> RisikoScreen::room_options() const {
  peer::risiko::RisikoOptions risiko;
  risiko.dice = room_form_.dice;
  if (room_form_.map_file) {
    auto custom = peer::risiko::custom_map_options(*room_form_.map_file, room_form_.dice);
    if (!custom) return "Your map: " + peer::risiko::describe(custom.error());
    risiko = std::move(custom).value();
  } else if (peer::risiko::is_shipped_map(room_form_.map)) {
    risiko.map = room_form_.map;
  } else {
    return "No map called " + room_form_.map;
  }
  // An empty blob is the classic map with Risiko dice.
  if (risiko == peer::risiko::RisikoOptions{}) return game::Bytes{};
  return peer::risiko::encode(risiko);
}

void RisikoScreen::start(const LiveGame& live) {
  const auto& rules = games::risiko::rules_of(live.session());
  board_.emplace(rules.state().world, shapes_for(rules.options(), *rules.state().world, drawings_), live.me());
  if (secrets_) board_->set_secrets(*secrets_);
  secrets_.reset();
}

void RisikoScreen::after_entry(const LiveGame& live) {
  board_->after_entry(live.session(), [&](game::Seat s) { return live.seat_name(s); });
}

void RisikoScreen::news(const std::any& news) {
  const auto* secrets = std::any_cast<RisikoSecrets>(&news);
  if (!secrets) return;
  if (board_) board_->set_secrets(secrets->own);
  else secrets_ = secrets->own;
}

void RisikoScreen::refused() {
  if (board_) board_->refused();
}

void RisikoScreen::stop() {
  board_.reset();
  secrets_.reset();
}

void RisikoScreen::act(std::optional<RisikoIntent> intent) {
  if (!intent || !board_ || !app_.game() || !app_.game()->me()) return;
  app_.say("you: " + describe(*intent, board_->world()));
  app_.send(SeatIntentCommand{std::string(game()), std::move(*intent)});
}

void RisikoScreen::open_replay(const ReplayViewer& viewer) { replay_ = RisikoReplay::open(viewer, drawings_); }

std::unique_ptr<GameScreen> RisikoUi::screen(App& app, const peer::GameModule& module) const {
  return std::make_unique<RisikoScreen>(app, module);
}

std::unique_ptr<SeatPlayer> RisikoUi::seat_player(const lobby::RoomState&, const std::any*) const {
  return std::make_unique<RisikoSeat>();
}

std::optional<ActionWords> RisikoUi::action_words(const peer::Session& before, game::Seat seat,
                                                  std::span<const std::uint8_t> bytes) const {
  using namespace peer::risiko;
  if (before.rules().game() != kRisikoGame) return std::nullopt;
  auto message = decode_message(bytes);
  if (!message) return std::nullopt;
  const rk::World& world = games::risiko::rules_of(before).world();
  auto where = [&](rk::TerritoryId t) { return world.valid(t) ? cli::risiko_place_name(world.country(t)) : std::string("?"); };
  auto play_words = [&](const rk::Action& action) -> std::optional<ActionWords> {
    if (const auto* a = std::get_if<rk::PlaceArmies>(&action)) {
      std::string placed;
      for (const rk::Placement& p : a->placements) {
        const std::string here = i18n::trf("{0} on {1}", p.armies, where(p.territory));
        placed = placed.empty() ? here : i18n::trf("{0}, {1}", placed, here);
      }
      return ActionWords{i18n::trf("places {0}", placed)};
    }
    if (const auto* a = std::get_if<rk::MoveIn>(&action))
      return ActionWords{i18n::trnf("moves {0} army in", "moves {0} armies in", a->armies, a->armies)};
    if (const auto* a = std::get_if<rk::MoveArmies>(&action))
      return ActionWords{i18n::trnf("moves {0} army from {1} to {2}", "moves {0} armies from {1} to {2}", a->armies,
                                    a->armies, where(a->from), where(a->to))};
    if (std::holds_alternative<rk::EndTurn>(action)) return ActionWords{i18n::tr("ends the turn")};
    return std::nullopt;
  };
  return std::visit(
      [&](const auto& m) -> std::optional<ActionWords> {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, AttackMessage>) {
          if (const auto* a = std::get_if<rk::AttackOrder>(&m.order))
            return ActionWords{i18n::trnf("attacks {0} from {1} with {2} die", "attacks {0} from {1} with {2} dice", a->dice,
                                          where(a->to), where(a->from), a->dice)};
          const auto& o = std::get<rk::MultiAttackOrder>(m.order);
          return ActionWords{i18n::trnf("attacks {0} from {1} until it falls or {2} army is left",
                                        "attacks {0} from {1} until it falls or {2} armies are left", o.stop_at,
                                        where(o.to), where(o.from), o.stop_at)};
        } else if constexpr (std::is_same_v<M, DiceMessage>) {
          // The dice this answer completes, as the session draws them.
          const auto& rules = games::risiko::rules_of(before);
          std::vector<rk::Roll> rounds;
          if (rules.started())
            if (auto action = risiko_engine_action(Message{m}, seat, rules.state(), rules.pending_roll(), rules.session())) {
              if (const auto* a = std::get_if<rk::Attack>(&*action)) rounds.push_back(a->roll);
              if (const auto* a = std::get_if<rk::MultiAttack>(&*action)) rounds = a->rounds;
            }
          if (rounds.empty()) return ActionWords{i18n::tr("the dice are rolled")};
          rk::Losses lost;
          for (const rk::Roll& r : rounds) {
            const rk::Losses l = rk::resolve_battle(r);
            lost.attacker = static_cast<std::uint8_t>(std::min(255, lost.attacker + l.attacker));
            lost.defender = static_cast<std::uint8_t>(std::min(255, lost.defender + l.defender));
          }
          return ActionWords{i18n::trf("the dice: {0}; losses {1} to {2}", risiko_roll_words(rounds), unsigned{lost.attacker},
                                       unsigned{lost.defender})};
        } else if constexpr (std::is_same_v<M, PlayMessage>) {
          return play_words(m.action);
        } else if constexpr (std::is_same_v<M, PlacementRevealMessage>) {
          auto action = rk::decode_action(m.placement);
          return action ? play_words(*action) : std::nullopt;
        } else if constexpr (std::is_same_v<M, TradeMessage>) {
          return ActionWords{i18n::tr("trades three cards for armies")};
        } else if constexpr (std::is_same_v<M, ClaimMessage>) {
          return ActionWords{i18n::tr("claims victory with its mission")};
        } else if constexpr (std::is_same_v<M, LeaveMessage>) {
          return ActionWords{i18n::tr("leaves the game")};
        } else if constexpr (std::is_same_v<M, PlacementCommitMessage>) {
          return ActionWords{i18n::tr("commits to its placement"), true};
        } else {
          // The deck's key, shuffle and shares, a card's transfer, a dispute: the card protocol.
          return ActionWords{i18n::tr("a step of the card protocol"), true};
        }
      },
      *message);
}

RisikoScreen& risiko_screen(App& app) {
  auto* screen = dynamic_cast<RisikoScreen*>(app.game_screen(peer::risiko::kRisikoGame));
  assert(screen != nullptr);
  return *screen;
}

const RisikoScreen& risiko_screen(const App& app) {
  auto* screen = dynamic_cast<const RisikoScreen*>(app.game_screen(peer::risiko::kRisikoGame));
  assert(screen != nullptr);
  return *screen;
}

}  // namespace parley::ui
