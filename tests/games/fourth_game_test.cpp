// The seam between the games and everything below them (docs/architecture.md, "Adding a game"): a
// fourth game that lives in this file alone — a pile of ten, each seat in turn takes one to
// three, who takes the last wins — is registered as its own module, and played through the
// session layer, the verifier, the log's words and the rooms' words, with its bot found through
// the registry, and through a real lobby on 127.0.0.1 by two seat runners. This binary links none
// of the three shipped games, so nothing here can lean on them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "lobby/server/lobby_server.hpp"
#include "peer/bots/game_bots.hpp"
#include "peer/log/show.hpp"
#include "peer/log/verify.hpp"
#include "peer/net/runner.hpp"
#include "peer/session/game_module.hpp"
#include "peer/session/room_words.hpp"
#include "tests/peer/fake_lobby.hpp"
#include "tests/peer/processes.hpp"

namespace parley::games::pile {
// The pile's own refusals (peer/session/refusal.hpp): a game's codes are the game's business.
enum class PileRefusal : std::uint8_t { no_setup_data, not_its_turn, bad_take, pile_too_small };
}  // namespace parley::games::pile

template <>
struct parley::peer::RefusalSourceOf<parley::games::pile::PileRefusal> {
  static constexpr RefusalSource value = RefusalSource::game;
};

namespace parley::games::pile {
namespace {

using game::Seat;
using peer::testing::FakeLobby;

constexpr std::string_view kPileGame = "pile";
constexpr std::uint8_t kPileSize = 10;

Seat other(Seat s) { return Seat{static_cast<std::uint8_t>(1 - s.index)}; }

peer::Verdict refuse(peer::RefusalCode code) { return peer::Rejection{code}; }

// Its one describer: every code's name and words.
constexpr peer::RefusalWords kPileWords[] = {
    {peer::Refusal::game_over, "game_over", "the game is over"},
    {PileRefusal::no_setup_data, "pile.no_setup_data", "the pile takes no setup data"},
    {PileRefusal::not_its_turn, "pile.not_its_turn", "not this seat's turn"},
    {PileRefusal::bad_take, "pile.bad_take", "take one, two or three"},
    {PileRefusal::pile_too_small, "pile.pile_too_small", "the pile is smaller"},
};

// The rules: the whole state is public, so a message is the count taken, one byte.
class PileRules final : public peer::GameRules {
 public:
  std::string_view game() const override { return kPileGame; }
  peer::Verdict setup(Seat, std::span<const std::uint8_t> data) override {
    if (!data.empty()) return refuse(PileRefusal::no_setup_data);
    return peer::Accepted{};
  }
  void begin(const peer::GameStart&) override {}
  peer::Verdict act(Seat seat, std::span<const std::uint8_t> message, const peer::ActionContext&) override {
    if (outcome_) return refuse(peer::Refusal::game_over);
    if (seat != to_move_) return refuse(PileRefusal::not_its_turn);
    if (message.size() != 1 || message[0] < 1 || message[0] > 3) return refuse(PileRefusal::bad_take);
    if (message[0] > pile_) return refuse(PileRefusal::pile_too_small);
    pile_ = static_cast<std::uint8_t>(pile_ - message[0]);
    if (pile_ == 0) outcome_ = game::Outcome{seat, "took the last"};
    to_move_ = other(seat);
    return peer::Accepted{};
  }
  std::vector<Seat> awaited() const override {
    if (outcome_) return {};
    return {to_move_};
  }
  void time_out(Seat seat) override { end_against(seat, "time"); }
  void forfeit(Seat seat) override { end_against(seat, "forfeit"); }
  std::optional<game::Outcome> outcome() const override { return outcome_; }
  crypto::Digest public_state_hash() const override {
    const std::uint8_t winner = outcome_ && outcome_->winner ? outcome_->winner->index : 0xFF;
    const std::array<std::uint8_t, 3> bytes{pile_, to_move_.index, winner};
    return peer::state_digest(bytes);
  }
  peer::Verdict reveal(Seat, std::span<const std::uint8_t>) override { return peer::Accepted{}; }
  bool needs_reveals() const override { return false; }
  std::string describe_refusal(const peer::Rejection& rejection) const override {
    return peer::words_for(kPileWords, rejection);
  }
  std::string_view refusal_name(peer::RefusalCode code) const override { return peer::name_for(kPileWords, code); }
  std::string describe_action(Seat, std::span<const std::uint8_t> message) const override {
    return message.size() == 1 ? "takes " + std::to_string(message[0]) : "an unreadable take";
  }

  std::uint8_t pile() const { return pile_; }

 private:
  void end_against(Seat seat, std::string_view reason) {
    if (!outcome_) outcome_ = game::Outcome{other(seat), reason};
  }

  std::uint8_t pile_ = kPileSize;
  Seat to_move_{0};
  std::optional<game::Outcome> outcome_;
};

// The game's typed accessor, in its own module as the shipped games have theirs.
const PileRules* rules(const peer::Session& session) { return dynamic_cast<const PileRules*>(&session.rules()); }

// Its bot leaves the pile a multiple of four whenever it can.
class PileBot final : public peer::Player {
 public:
  std::optional<game::Bytes> act(const peer::Session& session, Seat me) override {
    const PileRules* pile = rules(session);
    if (session.phase() != peer::Phase::play || !pile || session.rules().awaited() != std::vector<Seat>{me})
      return std::nullopt;
    const std::uint8_t take = pile->pile() % 4 == 0 ? 1 : pile->pile() % 4;
    return game::Bytes{take};
  }
};

class PileBots final : public peer::GameBots {
 public:
  game::Result<peer::Bot, std::string> bot(const peer::BotRequest& request) const override {
    if (!request.engine.empty()) return std::string("the pile has one bot");
    return peer::Bot{std::make_unique<PileBot>(), "pile bot", "takes to a multiple of four"};
  }
  game::Result<peer::Bot, std::string> house_bot(const peer::BotRequest& request) const override {
    return bot(request);
  }
  game::Result<peer::BotPlays, std::string> house_bot_plays(const peer::BotRequest&) const override {
    return peer::BotPlays{"takes to a multiple of four"};
  }
  std::string house_bot_words() const override { return "pile (takes to a multiple of four)"; }
};

class PileModule final : public peer::GameModule {
 public:
  PileModule() { provide<peer::GameBots>(std::make_shared<const PileBots>()); }
  std::string_view name() const override { return kPileGame; }
  std::string_view title() const override { return "Pile"; }
  peer::SeatRange seats() const override { return {2, 2}; }
  game::Result<std::unique_ptr<peer::GameRules>, peer::RulesError> make_rules(
      std::size_t seats, const peer::RoomOptions& options) const override {
    if (!this->seats().contains(seats)) return peer::RulesError::bad_seat_count;
    if (!options.game_options.empty()) return peer::RulesError::bad_options;
    return std::unique_ptr<peer::GameRules>(std::make_unique<PileRules>());
  }
  std::optional<std::string> seat_label(Seat seat) const override { return seat.index == 0 ? "First" : "Second"; }
};

// The one registration line a game needs (games/games.hpp does it for the shipped ones).
void register_pile() { peer::GameRegistry::process().add(std::make_shared<PileModule>()); }

// A session of the pile through a fake lobby, the seats' protocol steps done by their LocalSeats.
struct PileTable {
  PileTable() : lobby(2, {}, std::string(kPileGame)) {
    register_pile();
    session.emplace(peer::Session::start(lobby.genesis(), lobby.now()).value());
    for (std::uint8_t i = 0; i < 2; ++i) locals.push_back(peer::LocalSeat::create(lobby.genesis().session_id, Seat{i}));
    for (auto& l : locals) post(l.seat(), *l.duty(*session, "seat " + std::to_string(l.seat().index)));
    for (auto& l : locals) post(l.seat(), *l.duty(*session, {}));
  }
  void post(Seat seat, const peer::Message& m) { session->apply(lobby.post(seat, m)); }
  void take(Seat seat, std::uint8_t count) { post(seat, peer::ActionMessage{session->state_hash(), game::Bytes{count}}); }
  // Each seat's last protocol step (its result signature).
  void sign_results() {
    for (auto& l : locals)
      if (auto duty = l.duty(*session, {})) post(l.seat(), *duty);
  }

  FakeLobby lobby;
  std::optional<peer::Session> session;
  std::vector<peer::LocalSeat> locals;
};

TEST(FourthGame, IsFoundByNameWithItsSeatsOptionsAndBots) {
  register_pile();
  const peer::GameModule* pile = peer::find_game(kPileGame);
  ASSERT_NE(pile, nullptr);
  EXPECT_EQ(pile->title(), "Pile");
  EXPECT_EQ(peer::find_game("chess"), nullptr) << "this binary registers no shipped game";
  EXPECT_TRUE(peer::make_rules(kPileGame, 2, {}).ok());
  EXPECT_EQ(peer::make_rules(kPileGame, 3, {}).error(), peer::RulesError::bad_seat_count);
  peer::RoomOptions odd;
  odd.game_options = {1};
  EXPECT_EQ(peer::make_rules(kPileGame, 2, odd).error(), peer::RulesError::bad_options);
  EXPECT_EQ(peer::make_rules("go", 2, {}).error(), peer::RulesError::unknown_game);

  // What `parley host --bot` and `parley bot` find through the registry.
  EXPECT_EQ(peer::house_bot_game(kPileGame), std::string(kPileGame));
  EXPECT_EQ(peer::house_bot_names(), std::vector<std::string>{std::string(kPileGame)});
  const auto* bots = pile->facet<peer::GameBots>();
  ASSERT_NE(bots, nullptr);
  EXPECT_FALSE(bots->bot({"alphazero", 1, {}, 200, 0, {}}).ok());

  // What a room list says of a pile room: the seats by name, its clock.
  peer::RoomOptions clocked;
  clocked.clock_base_ms = 300'000;
  const lobby::RoomSummary room{lobby::RoomId{3}, std::string(kPileGame), {"Ada", std::nullopt}, 0,
                                lobby::RoomPhase::waiting, peer::encode(clocked)};
  EXPECT_EQ(peer::seat_names(room), "Ada, open");
  EXPECT_EQ(peer::options_text(room), "5 min");
}

TEST(FourthGame, TwoOfItsBotsPlayItThroughTheSessionAndTheLogVerifies) {
  PileTable t;
  ASSERT_EQ(t.session->phase(), peer::Phase::play);
  const auto* bots = peer::find_game(kPileGame)->facet<peer::GameBots>();
  std::vector<std::unique_ptr<peer::Player>> players;
  for (int i = 0; i < 2; ++i) players.push_back(std::move(bots->bot({}).value().player));
  for (int turn = 0; turn < 20 && !t.session->outcome(); ++turn)
    for (std::uint8_t s = 0; s < 2; ++s)
      if (auto message = players[s]->act(*t.session, Seat{s}))
        t.post(Seat{s}, peer::ActionMessage{t.session->state_hash(), *message});
  // 10: the first takes 2, then each answer leaves a multiple of four: the first takes the last.
  ASSERT_TRUE(t.session->outcome());
  EXPECT_EQ(t.session->outcome()->winner, Seat{0});
  EXPECT_EQ(t.session->actions().size(), 5U);
  t.sign_results();
  EXPECT_EQ(t.session->phase(), peer::Phase::complete);

  // The verifier replays the log through the same registry and agrees with the live session.
  const peer::VerifyReport report = peer::verify(t.lobby.log());
  ASSERT_TRUE(report.valid) << report.fault;
  EXPECT_EQ(report.game, kPileGame);
  ASSERT_TRUE(report.outcome);
  EXPECT_EQ(report.outcome->winner, Seat{0});
  for (const auto& seat : report.seats) EXPECT_EQ(seat.kind, peer::SeatVerdict::Kind::honest);
  // And the log in words takes the game's own words for its actions.
  const peer::LogDescription words = peer::describe_log(t.lobby.log());
  std::vector<std::string> takes;
  for (const auto& line : words.lines)
    if (line.kind == "action") takes.push_back(line.text);
  EXPECT_EQ(takes, (std::vector<std::string>{"takes 2", "takes 1", "takes 3", "takes 1", "takes 3"}));
}

TEST(FourthGame, ATakeItsRulesRefuseIsBlamedLiveAndByTheVerifier) {
  PileTable t;
  t.take(Seat{0}, 3);
  const std::size_t cheat = t.lobby.entries().size();
  t.take(Seat{1}, 4);  // more than three
  ASSERT_TRUE(t.session->seat(Seat{1}).blame);
  EXPECT_EQ(t.session->seat(Seat{1}).blame->offence, peer::Offence::illegal_action);
  EXPECT_EQ(t.session->seat(Seat{1}).blame->index.value, cheat);
  ASSERT_TRUE(t.session->outcome());
  EXPECT_EQ(t.session->outcome()->winner, Seat{0});
  t.sign_results();
  const peer::VerifyReport report = peer::verify(t.lobby.log());
  ASSERT_TRUE(report.valid) << report.fault;
  ASSERT_EQ(report.seats.size(), 2U);
  EXPECT_EQ(report.seats[0].kind, peer::SeatVerdict::Kind::honest);
  EXPECT_EQ(report.seats[1].kind, peer::SeatVerdict::Kind::blamed);
  ASSERT_TRUE(report.seats[1].index);
  EXPECT_EQ(report.seats[1].index->value, cheat);
}

TEST(FourthGame, TwoSeatRunnersPlayItThroughARealLobbyAndWriteALogThatVerifies) {
  register_pile();
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("parley-fourth-game-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  lobby::ServerConfig config;
  config.listen = lobby::Endpoint{"127.0.0.1", 0};
  config.database = dir / "lobby.db";
  config.sync = lobby::SyncMode::normal;
  config.log = false;
  auto server = lobby::ServerThread::start(config);
  ASSERT_TRUE(server.ok());
  // Each seat a quick match of the pile for two, its bot from the registry.
  const auto* bots = peer::find_game(kPileGame)->facet<peer::GameBots>();
  std::vector<std::unique_ptr<peer::Player>> players;
  std::vector<std::unique_ptr<peer::SeatRunner>> runners;
  for (std::uint8_t i = 0; i < 2; ++i) {
    players.push_back(std::move(bots->house_bot({{}, i, {}, 0, 0, {}})->player));
    peer::SeatOptions options;
    options.lobby = (*server)->endpoint();
    options.identity = peer::testing::identity_from(static_cast<std::uint8_t>(0x40 + i));
    options.display_name = "pile bot " + std::to_string(i);
    options.game = std::string(kPileGame);
    options.data_dir = dir / ("seat" + std::to_string(i));
    runners.push_back(std::make_unique<peer::SeatRunner>(std::move(options), *players.back()));
  }
  auto done = [](const peer::SeatRunner& r) {
    return r.status() == peer::RunnerStatus::finished || r.status() == peer::RunnerStatus::failed;
  };
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!(done(*runners[0]) && done(*runners[1])) && std::chrono::steady_clock::now() < give_up)
    for (auto& r : runners) r->step(5);
  for (auto& r : runners) {
    ASSERT_EQ(r->status(), peer::RunnerStatus::finished) << r->failure();
    ASSERT_TRUE(r->log_path());
    const std::string bytes = peer::testing::read_text(*r->log_path());
    const peer::VerifyReport report = peer::verify_bytes({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
    ASSERT_TRUE(report.valid) << report.fault;
    EXPECT_EQ(report.game, kPileGame);
    ASSERT_TRUE(report.outcome);
    EXPECT_TRUE(report.outcome->winner);
  }
  for (auto& r : runners) r->disconnect(std::chrono::milliseconds(500));
  runners.clear();
  (void)(*server)->stop();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace parley::games::pile
