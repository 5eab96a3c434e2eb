#include "games/gunjin/ui/gunjin_replay.hpp"

#include "games/gunjin/module.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"
#include "i18n/i18n.hpp"
#include "peer/session/session.hpp"

namespace parley::ui {

using namespace game::gunjin;

game::Result<GunjinReplay, std::string> GunjinReplay::open(std::span<const std::uint8_t> bytes) {
  auto log = peer::decode_log(bytes);
  if (!log || log->entries.empty()) return std::string(i18n::tr("not a readable game log"));
  return open(*log);
}

game::Result<GunjinReplay, std::string> GunjinReplay::open(const peer::GameLog& log) {
  if (log.entries.empty()) return std::string(i18n::tr("not a readable game log"));
  const auto* genesis = std::get_if<lobby::Genesis>(&log.entries.front().entry.payload);
  if (genesis == nullptr || genesis->game != peer::kGunjinGame) return std::string(i18n::tr("not a Gunjin game"));
  auto started = peer::Session::start(*genesis, log.entries.front().entry.lobby_time_ms);
  if (!started) return i18n::trf("this game cannot be replayed: {0}", started.error().describe());
  peer::Session session = std::move(started).value();
  const peer::GunjinRules& rules = games::gunjin::rules_of(session);

  GunjinReplay replay;
  for (std::size_t i = 0; i < log.entries.size(); ++i) {
    if (i > 0) session.apply(log.entries[i]);
    replay.public_.push_back(rules.public_state());
    replay.actions_.push_back(rules.history().size());
  }
  for (std::uint8_t s = 0; s < kSeatCount; ++s)
    replay.names_.push_back(peer::shown_name(session.seat(game::Seat{s})).value_or(gunjin_side_name(game::Seat{s})));
  const auto& history = rules.history();
  replay.last_moves_.resize(history.size() + 1);
  for (std::size_t n = 1; n <= history.size(); ++n) {
    replay.last_moves_[n] = replay.last_moves_[n - 1];
    if (const auto* p = std::get_if<Play>(&history[n - 1].body)) replay.last_moves_[n].emplace(p->from, p->to);
  }
  // Both armies: the game replayed from the opened layouts, as GunjinRules::reveal checked it.
  if (rules.revealed()[0] && rules.revealed()[1]) {
    auto full = State::new_game(rules.room_options().variants, rules.revealed());
    if (full) {
      std::vector<State> open{*full};
      for (const Action& a : history) {
        auto next = Gunjin::apply(open.back(), a);
        if (!next) break;
        open.push_back(std::move(next).value());
      }
      if (open.size() == history.size() + 1) replay.open_ = std::move(open);
    }
  }
  return replay;
}

const State& GunjinReplay::board(std::size_t index, bool open) const {
  const std::size_t i = clamp(index);
  if (open && armies_open()) return open_[actions_[i]];
  return public_[i];
}

std::optional<std::pair<Square, Square>> GunjinReplay::last_move(std::size_t index) const {
  return last_moves_[actions_[clamp(index)]];
}

std::vector<std::string> GunjinReplay::announcements(std::size_t index) const {
  const State& s = board(index, false);
  std::vector<std::string> out;
  for (const BattleRecord& b : s.battles()) out.push_back(referee_announcement(b, s, std::nullopt, kanji_name, names_));
  return out;
}

}  // namespace parley::ui
