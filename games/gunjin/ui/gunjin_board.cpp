#include "games/gunjin/ui/gunjin_board.hpp"

#include "games/gunjin/gunjin_strategy.hpp"
#include "games/gunjin/module.hpp"
#include "games/gunjin/ui/gunjin_text.hpp"
#include "i18n/i18n.hpp"

namespace parley::ui {

using namespace game::gunjin;

GunjinBoard::GunjinBoard(std::optional<game::Seat> me, std::optional<Layout> layout)
    : me_(me), layout_(me ? layout : std::nullopt) {
  auto start = State::new_game(Options{}, {});
  view_ = std::move(start).value();
}

void GunjinBoard::update(const peer::Session& session) {
  const auto* rules = games::gunjin::rules(session);
  if (rules == nullptr) return;
  const State& pub = rules->public_state();
  const auto& history = rules->history();
  armies_open_ = rules->revealed()[0] && rules->revealed()[1] && rules->replayed();
  if (armies_open_) {
    view_ = *rules->replayed();
  } else if (rules->room_options().open_pieces) {
    view_ = pub;  // open pieces: everything is public
  } else if (me_ && layout_) {
    if (!own_view_ || applied_ > history.size()) {
      std::array<std::optional<Layout>, kSeatCount> layouts;
      layouts[me_->index] = *layout_;
      auto start = State::new_game(rules->room_options().variants, layouts);
      own_view_ = start.ok();
      view_ = start ? std::move(start).value() : pub;
      applied_ = 0;
    }
    for (; own_view_ && applied_ < history.size(); ++applied_) {
      auto next = Gunjin::apply(*view_, history[applied_]);
      if (!next) {  // not this seat's layout after all (a resumed game): show what is public
        own_view_ = false;
        break;
      }
      view_ = std::move(next).value();
    }
    if (!own_view_) view_ = pub;
  } else {
    view_ = pub;
  }

  // The players by name (as they gave it), else by colour: never by seat number.
  std::vector<std::string> names;
  for (std::uint8_t s = 0; s < kSeatCount; ++s)
    names.push_back(peer::shown_name(session.seat(game::Seat{s})).value_or(gunjin_side_name(game::Seat{s})));
  announcements_.clear();
  for (const BattleRecord& b : view_->battles())
    announcements_.push_back(referee_announcement(b, *view_, me_, kanji_name, names));
  last_move_.reset();
  for (auto it = history.rbegin(); it != history.rend(); ++it)
    if (const auto* p = std::get_if<Play>(&it->body)) {
      last_move_.emplace(p->from, p->to);
      break;
    }

  const bool in_play = session.phase() == peer::Phase::play && !session.outcome();
  // With open pieces there is nothing to prove: the layouts are public from the setup.
  const bool armies_ready = rules->room_options().open_pieces ||
                            (rules->army_proved(game::Seat{0}) && rules->army_proved(game::Seat{1}));
  game_on_ = in_play && rules->began() && armies_ready && !rules->duel() && pub.phase() != Phase::over;
  playing_ = game_on_ && me_ && !session.seat(*me_).out();
  my_turn_ = playing_ && pub.to_move() == *me_;
  if (pending_ && (pub.ply() != pending_ply_ || !in_play)) pending_.reset();

  // The status line.
  const game::Seat to_move = pub.to_move();
  if (!in_play)
    status_.clear();
  else if (!rules->began() || !armies_ready)
    status_ = i18n::tr("Checking both armies' proofs (23 pieces, no mine or flag on a gate)");
  else if (const auto& d = rules->duel())
    status_ = i18n::trf("Battle at {0}: the duel is being settled", square_name(d->to));
  else if (pub.phase() == Phase::answer_no_move)
    status_ = me_ == to_move ? std::string(i18n::tr("You must answer: the other side says it cannot move"))
                             : i18n::trf("{0} must answer: the other side says it cannot move", names[to_move.index]);
  else
    status_ = my_turn_          ? std::string(i18n::tr("Your move"))
              : me_ == to_move ? std::string(i18n::tr("You are to move"))
                                : i18n::trf("{0} to move", names[to_move.index]);
  if (in_play && me_ && pub.draw_offer() == *me_)
    status_ = i18n::trf("{0}; your draw offer stands until {1} accepts it or plays on", status_,
                        names[opponent(*me_).index]);

  if (!may_move()) {
    selected_.reset();
    targets_ = {};
    dragging_ = false;
  }
}

void GunjinBoard::set_layout(const Layout& layout) {
  if (!me_ || layout_ == layout) return;
  layout_ = layout;
  own_view_ = false;
}

bool GunjinBoard::may_move() const { return my_turn_ && !pending_ && view_->phase() == Phase::play; }

bool GunjinBoard::draw_offered_to_me() const {
  return playing_ && view_->phase() == Phase::play && view_->draw_offer() == opponent(*me_);
}

bool GunjinBoard::may_offer_draw() const {
  return playing_ && view_->phase() == Phase::play && !view_->draw_offer();
}

bool GunjinBoard::no_legal_move() const { return me_ && peer::own_moves(*view_, *me_).empty(); }

void GunjinBoard::sent(const GunjinIntent& move) {
  pending_ = move;
  pending_ply_ = view_->ply();
  cancel();
}

std::optional<GunjinIntent> GunjinBoard::choose(Square to) {
  GunjinIntent intent{GunjinIntent::Kind::move, *selected_, to};
  cancel();
  return intent;
}

std::optional<GunjinIntent> GunjinBoard::press(std::optional<Square> at) {
  dragging_ = false;
  pressed_ = false;
  second_press_ = false;
  if (!may_move() || !at) {
    cancel();
    return std::nullopt;
  }
  if (selected_ && targets_.contains(*at)) return choose(*at);
  const auto id = view_->piece_at(*at);
  if (!id || id->seat != *me_ || !view_->piece(*id).kind) {
    cancel();
    return std::nullopt;
  }
  const SquareSet reach = destinations(*view_->piece(*id).kind, *me_, *at, view_->occupancy());
  if (reach.empty()) {
    cancel();
    return std::nullopt;
  }
  second_press_ = selected_ == at;
  selected_ = at;
  targets_ = reach;
  pressed_ = true;
  return std::nullopt;
}

void GunjinBoard::drag(Point pointer) {
  if (!selected_ || !pressed_) return;
  dragging_ = true;
  pointer_ = pointer;
}

std::optional<GunjinIntent> GunjinBoard::release(std::optional<Square> at) {
  const bool was_dragging = std::exchange(dragging_, false);
  pressed_ = false;
  if (!selected_) return std::nullopt;
  if (was_dragging) {
    if (at && targets_.contains(*at)) return choose(*at);
    if (at != selected_) cancel();  // dropped off the board or on a square it cannot reach
    return std::nullopt;
  }
  if (std::exchange(second_press_, false)) cancel();
  return std::nullopt;
}

void GunjinBoard::cancel() {
  selected_.reset();
  targets_ = {};
  dragging_ = false;
  pressed_ = false;
  second_press_ = false;
}

}  // namespace parley::ui
