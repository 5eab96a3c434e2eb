#include "games/gunjin/terminal/terminal_gunjin.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <sstream>
#include <vector>

#include "games/gunjin/terminal/gunjin_board_text.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"

namespace parley::cli {

using namespace game::gunjin;
using ui::GunjinIntent;

TerminalGunjinPlayer::TerminalGunjinPlayer(const Layout& layout, int input, std::FILE* output)
    : HumanGunjinPlayer(layout), input_(input), out_(output) {}

std::optional<game::Bytes> TerminalGunjinPlayer::act(const peer::Session& session, game::Seat me) {
  me_ = me;
  // The agent's duties first (commitments, duel replies, a queued intent): they never wait for
  // the person.
  if (auto message = HumanGunjinPlayer::act(session, me)) return message;
  if (!view()) return std::nullopt;  // the game has not begun
  show_changes(me);
  if (view()->phase() == Phase::over) return std::nullopt;
  if (!prompted_) prompt(me);
  auto line = input_.next();
  if (!line) return std::nullopt;
  take(*line, me);
  auto message = HumanGunjinPlayer::act(session, me);
  for (const std::string& why : take_refusals()) fmt::print(out_, "refused: {}\n", why);
  std::fflush(out_);
  // A posted line is answered when the view changes (show_changes asks again then); a prompt
  // before that would say "your move" for a move already made.
  prompted_ = message.has_value();
  return message;
}

void TerminalGunjinPlayer::show_changes(game::Seat me) {
  const State& now = *view();
  if (shown_ && shown_->ply() == now.ply() && shown_->battles().size() == now.battles().size() &&
      shown_->phase() == now.phase() && shown_->draw_offer() == now.draw_offer())
    return;
  if (!shown_) {
    fmt::print(out_, "\nYour army, seen from your side (type help for the pieces and the commands):\n");
  } else {
    // A piece still on the board that stands elsewhere has moved; a battle is told instead.
    for (std::uint8_t s = 0; s < kSeatCount; ++s) {
      for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
        const PieceId id{game::Seat{s}, slot};
        const auto before = shown_->piece(id).square, after = now.piece(id).square;
        if (before && after && before != after)
          fmt::print(out_, "{}: {}-{}\n", id.seat == me ? "you" : "your opponent", square_name(*before), square_name(*after));
      }
    }
    for (std::size_t b = shown_->battles().size(); b < now.battles().size(); ++b)
      fmt::print(out_, "{}\n", ui::referee_announcement(now.battles()[b], now, me, kind_words));
    if (now.draw_offer() != shown_->draw_offer()) {
      if (now.draw_offer() == opponent(me)) fmt::print(out_, "your opponent offers a draw: accept, or play on\n");
      else if (now.draw_offer() == me) fmt::print(out_, "you offer a draw\n");
      else if (now.phase() != Phase::over) fmt::print(out_, "the draw offer is off: play went on\n");
    }
  }
  fmt::print(out_, "\n{}", gunjin_board_text(now, me));
  shown_ = now;
  prompted_ = false;
}

void TerminalGunjinPlayer::prompt(game::Seat me) {
  const State& now = *view();
  std::string text = now.to_move() == me ? "your move" : "waiting for your opponent";
  if (now.draw_offer() == opponent(me)) text += " (a draw is offered: accept?)";
  if (now.draw_offer() == me) text += " (your draw offer stands)";
  fmt::print(out_, "{}> ", text);
  std::fflush(out_);
  prompted_ = true;
}

void TerminalGunjinPlayer::help() {
  fmt::print(out_,
             "  a move: two squares, e.g. b4 b5 or b4-b5 (HQ1 and HQ8 name the headquarters)\n"
             "  resign, draw (offer one), accept (the draw offered), pass (declare you have no legal move),\n"
             "  board (show it again)\n  your pieces:\n");
  for (Kind k : kAllKinds) fmt::print(out_, "    {}  {} x{}\n", kind_code(k), ui::kind_caption(k), army_count(k));
  fmt::print(out_, "  the opponent's pieces show as ??, in lower case once their kind is known\n");
}

void TerminalGunjinPlayer::take(const std::string& line, game::Seat me) {
  std::string spaced = line;
  std::replace(spaced.begin(), spaced.end(), '-', ' ');
  std::istringstream in(spaced);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty()) return;
  std::optional<GunjinIntent> intent;
  const std::string& word = words[0];
  if (words.size() == 2) {
    const auto from = square_from_name(words[0]), to = square_from_name(words[1]);
    if (!from || !to) {
      fmt::print(out_, "not a square: {} (columns a-f, rows 1-8, HQ1, HQ8)\n", from ? words[1] : words[0]);
      return;
    }
    intent = GunjinIntent{GunjinIntent::Kind::move, *from, *to};
  } else if (words.size() == 1 && word == "resign") {
    intent = GunjinIntent{GunjinIntent::Kind::resign, {}, {}};
  } else if (words.size() == 1 && word == "draw") {
    intent = GunjinIntent{GunjinIntent::Kind::offer_draw, {}, {}};
  } else if (words.size() == 1 && word == "accept") {
    intent = GunjinIntent{GunjinIntent::Kind::accept_draw, {}, {}};
  } else if (words.size() == 1 && word == "pass") {
    intent = GunjinIntent{GunjinIntent::Kind::no_legal_move, {}, {}};
  } else if (words.size() == 1 && (word == "help" || word == "?")) {
    return help();
  } else if (words.size() == 1 && word == "board") {
    fmt::print(out_, "\n{}", gunjin_board_text(*view(), me));
    return;
  } else {
    fmt::print(out_, "not a move or a command: {} (help lists them)\n", line);
    return;
  }
  // Checked here as well as by the agent, so that a move typed out of turn is refused now
  // rather than kept until the turn comes.
  if (auto checked = ui::gunjin_intent_action(*view(), me, *intent); !checked) {
    fmt::print(out_, "refused: {}\n", checked.error());
    return;
  }
  submit(*intent);
}

void TerminalGunjinPlayer::observe(const peer::Session&, const peer::SessionEvent& event) {
  using Kind = peer::SessionEvent::Kind;
  auto who = [&] {
    if (!event.seat) return std::string("nobody");
    return me_ && *event.seat == *me_ ? std::string("you") : std::string("your opponent");
  };
  switch (event.kind) {
    case Kind::blame:
      fmt::print(out_, "\n*** {} (seat {}) caught at entry {}: {} ***\n", who(), event.seat->index, event.index.value, event.text);
      break;
    case Kind::timeout: fmt::print(out_, "\n{} ran out of time\n", who()); break;
    case Kind::outcome:
      fmt::print(out_, "\nresult: {} ({})\n",
                 !event.seat ? "no winner" : event.seat == me_ ? "you win" : "your opponent wins", event.text);
      break;
    case Kind::presence: fmt::print(out_, "\n{} {}\n", who(), event.text); break;
    case Kind::ignored: {
      // A message that crossed the other side's (docs/sessions.md, "Late actions").
      const auto why = peer::late_reason(event);
      if (!why) return;
      fmt::print(out_, "\n{}: too late, not applied: {}\n", who(), *why);
      break;
    }
    default: return;
  }
  std::fflush(out_);
  prompted_ = false;
}

}  // namespace parley::cli
