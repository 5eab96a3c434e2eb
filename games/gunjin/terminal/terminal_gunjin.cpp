#include "games/gunjin/terminal/terminal_gunjin.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <sstream>
#include <utility>
#include <vector>

#include "game/gunjin/movement.hpp"
#include "games/gunjin/terminal/gunjin_board_text.hpp"
#include "cli/terminal_words.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"
#include "i18n/i18n.hpp"

namespace parley::cli {

using namespace game::gunjin;
using ui::GunjinIntent;
using i18n::tr;
using i18n::trf;

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
  for (const std::string& why : take_refusals()) fmt::print(out_, "{}\n", trf("refused: {0}", why));
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
    fmt::print(out_, "\n{}\n", tr("Your army, seen from your side (type help for the pieces and the commands):"));
  } else {
    // A piece still on the board that stands elsewhere has moved; a battle is told instead.
    for (std::uint8_t s = 0; s < kSeatCount; ++s) {
      for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
        const PieceId id{game::Seat{s}, slot};
        const auto before = shown_->piece(id).square, after = now.piece(id).square;
        if (before && after && before != after)
          fmt::print(out_, "{}\n", id.seat == me ? trf("you: {0}-{1}", square_name(*before), square_name(*after))
                                                : trf("your opponent: {0}-{1}", square_name(*before), square_name(*after)));
      }
    }
    for (std::size_t b = shown_->battles().size(); b < now.battles().size(); ++b)
      fmt::print(out_, "{}\n", ui::referee_announcement(now.battles()[b], now, me, kind_words));
    if (now.draw_offer() != shown_->draw_offer()) {
      if (now.draw_offer() == opponent(me)) fmt::print(out_, "{}\n", tr("your opponent offers a draw: accept, or play on"));
      else if (now.draw_offer() == me) fmt::print(out_, "{}\n", tr("you offer a draw"));
      else if (now.phase() != Phase::over) fmt::print(out_, "{}\n", tr("the draw offer is off: play went on"));
    }
  }
  fmt::print(out_, "\n{}", gunjin_board_text(now, me));
  shown_ = now;
  prompted_ = false;
}

void TerminalGunjinPlayer::prompt(game::Seat me) {
  const State& now = *view();
  std::string text = now.to_move() == me ? tr("your move") : tr("waiting for your opponent");
  if (now.draw_offer() == opponent(me)) text += std::string(" ") + tr("(a draw is offered: accept?)");
  if (now.draw_offer() == me) text += std::string(" ") + tr("(your draw offer stands)");
  fmt::print(out_, "{}> ", text);
  std::fflush(out_);
  prompted_ = true;
}

namespace {

// A move the seat's own army can make on this board, for the help's example (an example from the
// other side's camp would be refused): "b3 b4".
std::string gunjin_example_move(const State& view, game::Seat me) {
  // A step forward onto an empty square is the plainest example; any other move of one's own
  // pieces will do; the front row's gate toward the enemy's, when the army is stuck.
  const Occupancy occupancy = view.occupancy();
  std::optional<std::pair<Square, Square>> any;
  for (std::uint8_t slot = 0; slot < kArmySize; ++slot) {
    const PieceId id{me, slot};
    const auto from = view.piece(id).square;
    const auto kind = view.piece(id).kind;
    if (!from || !kind || !can_move(*kind)) continue;
    const SquareSet reach = destinations(*kind, me, *from, occupancy);
    for (std::uint8_t i = 0; i < kSquareCount; ++i) {
      const Square to{i};
      if (!reach.contains(to)) continue;
      const Cell a = cells_of(*from).front(), b = cells_of(to).front();
      if (occupancy.empty(to) && a.column == b.column && b.row - a.row == forward_of(me))
        return square_name(*from) + " " + square_name(to);
      if (!any) any = std::pair{*from, to};
    }
  }
  if (any) return square_name(any->first) + " " + square_name(any->second);
  return me.index == 0 ? "b4 b5" : "e5 e4";
}

}  // namespace

void TerminalGunjinPlayer::help() {
  const game::Seat me = me_.value_or(game::Seat{0});
  const std::string example = view() ? gunjin_example_move(*view(), me) : me.index == 0 ? "b4 b5" : "e5 e4";
  std::string dashed = example;
  std::replace(dashed.begin(), dashed.end(), ' ', '-');
  fmt::print(out_, "  {}\n", trf("a move: two squares, e.g. {0} or {1} (HQ1 and HQ8 name the headquarters)", example, dashed));
  fmt::print(out_, "  {}\n  {}\n  {}\n",
             tr("resign, draw (offer one), accept (the draw offered), pass (declare you have no legal move),"),
             tr("board (show it again)"), tr("your pieces:"));
  // In English the kanji with its reading and meaning; in another language the piece's name in
  // it (Japanese: the kanji itself), then the kanji with its reading.
  for (Kind k : kAllKinds) {
    const std::string translated = kind_name(k);
    const std::string kanji(japanese_name(k));
    const std::string caption = translated == english_name(k) ? ui::kind_caption(k)
                                : translated == kanji           ? kanji + " (" + std::string(reading(k)) + ")"
                                                                : translated + " (" + kanji + ", " + std::string(reading(k)) + ")";
    fmt::print(out_, "    {}  {} x{}\n", kind_code(k), caption, army_count(k));
  }
  fmt::print(out_, "  {}\n", tr("the opponent's pieces show as ??, in lower case once their kind is known"));
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
      fmt::print(out_, "{}\n", trf("not a square: {0} (columns a-f, rows 1-8, HQ1, HQ8)", from ? words[1] : words[0]));
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
    fmt::print(out_, "{}\n", trf("not a move or a command: {0} (help lists them)", line));
    return;
  }
  // Checked here as well as by the agent, so that a move typed out of turn is refused now
  // rather than kept until the turn comes.
  if (auto checked = ui::gunjin_intent_action(*view(), me, *intent); !checked) {
    fmt::print(out_, "{}\n", trf("refused: {0}", checked.error()));
    return;
  }
  submit(*intent);
}

void TerminalGunjinPlayer::observe(const peer::Session&, const peer::SessionEvent& event) {
  using Kind = peer::SessionEvent::Kind;
  auto who = [&] {
    if (!event.seat) return std::string(tr("nobody"));
    return std::string(me_ && *event.seat == *me_ ? tr("you") : tr("your opponent"));
  };
  switch (event.kind) {
    case Kind::blame:
      fmt::print(out_, "\n*** {} ***\n",
                 trf("{0} (seat {1}) is caught at entry {2}: {3}", who(), event.seat->index, event.index.value, event.text));
      break;
    case Kind::timeout: fmt::print(out_, "\n{}\n", trf("{0} ran out of time", who())); break;
    case Kind::outcome:
      fmt::print(out_, "\n{}\n",
                 !event.seat           ? trf("result: no winner ({0})", event.text)
                 : event.seat == me_   ? trf("result: you win ({0})", event.text)
                                       : trf("result: your opponent wins ({0})", event.text));
      break;
    case Kind::presence: fmt::print(out_, "\n{}\n", presence_line(who(), event.text)); break;
    case Kind::ignored: {
      // A message that crossed the other side's (docs/sessions.md, "Late actions").
      const auto why = peer::late_reason(event);
      if (!why) return;
      fmt::print(out_, "\n{}\n", trf("{0}: too late, not applied: {1}", who(), *why));
      break;
    }
    default: return;
  }
  std::fflush(out_);
  prompted_ = false;
}

}  // namespace parley::cli
