#include "games/risiko/terminal/terminal_risiko.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>
#include <utility>

#include "game/risiko/engine.hpp"
#include "games/risiko/module.hpp"
#include "cli/terminal_words.hpp"
#include "games/risiko/terminal/risiko_map_text.hpp"
#include "i18n/i18n.hpp"
#include "ui/core/live_game.hpp"

namespace parley::cli {

namespace rk = game::risiko;
using ui::RisikoMode;
using i18n::tr;
using i18n::trf;

namespace {

std::optional<std::uint32_t> count(const std::string& word) {
  std::uint32_t n = 0;
  auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), n);
  if (ec != std::errc{} || end != word.data() + word.size()) return std::nullopt;
  return n;
}

bool asks_for_input(RisikoMode mode) {
  return mode == RisikoMode::initial_placement || mode == RisikoMode::must_trade || mode == RisikoMode::reinforce ||
         mode == RisikoMode::attack || mode == RisikoMode::move_in;
}

}  // namespace

TerminalRisikoPlayer::TerminalRisikoPlayer(int input, std::FILE* output) : input_(input), out_(output) {}

std::string TerminalRisikoPlayer::name(game::Seat seat) const {
  return seat.index < names_.size() ? names_[seat.index] : trf("player {0}", seat.index + 1);
}

void TerminalRisikoPlayer::entry_applied(const peer::Session& session, game::Seat me) {
  if (session.rules().game() != peer::risiko::kRisikoGame) return;
  me_ = me;
  const auto& rules = parley::games::risiko::rules_of(session);
  names_.assign(session.seat_count(), {});
  for (std::uint8_t i = 0; i < names_.size(); ++i) {
    const game::Seat s{i};
    // A player by name, else by colour (never by seat number).
    const std::string who =
        s == me ? std::string(tr("you")) : peer::shown_name(session.seat(s)).value_or(ui::seat_label(session, s));
    names_[i] = rules.started() ? trf("{0} ({1})", ui::colour_name(rules.state().table.player(s).colour), who) : who;
  }
  if (!board_) board_.emplace(rules.state().world, nullptr, me);
  board_->after_entry(session, [this](game::Seat s) { return name(s); });
  if (rules.started()) board_->set_secrets(human_.knowledge(session, me));
  const auto& log = board_->tracker().log();
  for (; log_shown_ < log.size(); ++log_shown_) fmt::print(out_, "{}\n", log[log_shown_]);
  std::fflush(out_);
}

std::optional<game::Bytes> TerminalRisikoPlayer::act(const peer::Session& session, game::Seat me) {
  me_ = me;
  auto refused = [&] {
    for (const std::string& why : human_.take_refusals()) {
      fmt::print(out_, "{}\n", trf("refused: {0}", why));
      if (board_) board_->refused();
      prompted_.reset();
    }
    std::fflush(out_);
  };
  // The protocol's duties and a queued intent first: they never wait for the person. The
  // question waits for them, but what is typed meanwhile is taken (a placement is queued).
  auto message = human_.act(session, me);
  refused();
  if (!board_) return message;
  if (!message && asks_for_input(board_->mode()) && prompted_ != board_->mode()) prompt();
  auto line = input_.next();
  if (!line) return message;
  prompted_.reset();
  take(*line);
  if (!message) {
    message = human_.act(session, me);
    refused();
  }
  return message;
}

void TerminalRisikoPlayer::show_map() {
  fmt::print(out_, "\n{}", risiko_map_text(board_->world(), board_->table(), me_, [this](game::Seat s) { return name(s); }));
}

void TerminalRisikoPlayer::show_hand() {
  const rk::Player& own = board_->own();
  fmt::print(out_, "{}\n", own.mission ? trf("your mission: {0}", ui::mission_text(board_->world(), *own.mission))
                                        : std::string(tr("your mission: not open yet")));
  fmt::print(out_, "{}\n", own.cards.empty() ? tr("your cards: none") : tr("your cards:"));
  for (std::size_t i = 0; i < own.cards.size(); ++i)
    fmt::print(out_, "  {} {}\n", i + 1, own.cards[i] ? ui::card_text(board_->world(), *own.cards[i]) : std::string(tr("(not open yet)")));
}

void TerminalRisikoPlayer::prompt() {
  const RisikoMode mode = board_->mode();
  const rk::Table& table = board_->table();
  if (map_turn_ != table.turn) {
    map_turn_ = table.turn;
    show_map();
    show_hand();
  }
  switch (mode) {
    case RisikoMode::initial_placement:
      fmt::print(out_, "{}> ", trf("place your {0} starting armies, all at once (place TERRITORY N ...)", board_->allowance()));
      break;
    case RisikoMode::must_trade:
      fmt::print(out_, "{}> ", trf("you hold {0} cards: trade three first (trade A B C)", board_->own().cards.size()));
      break;
    case RisikoMode::reinforce:
      fmt::print(out_, "{}> ", i18n::trnf("{0} army to place (place TERRITORY N ..., or trade A B C)",
                                           "{0} armies to place (place TERRITORY N ..., or trade A B C)",
                                           board_->allowance(), board_->allowance()));
      break;
    case RisikoMode::attack: fmt::print(out_, "{}> ", tr("attack, blitz, move, or end (help lists them)")); break;
    case RisikoMode::move_in: {
      const auto [least, most] = board_->move_in_range();
      fmt::print(out_, "{}> ", trf("{0} is yours: move {1} to {2} armies in (move N)",
                                   risiko_place_name(board_->world().country(table.pending->to)), least, most));
      break;
    }
    default: return;
  }
  std::fflush(out_);
  prompted_ = mode;
}

void TerminalRisikoPlayer::help() {
  fmt::print(out_, "  {}\n  {}\n",
             tr("territories are typed by their number on the map or their name without spaces (east_africa,"),
             tr("eastafrica, or the start of one name: eastaf)"));
  // The commands stay as typed; what each does is translated.
  const std::pair<const char*, const char*> commands[] = {
      {"place T N [T N ...]", tr("armies onto your territories (place T: all you have left on T)")},
      {"trade A B C", tr("three of your cards, by their numbers in `cards`")},
      {"attack FROM TO [D]", tr("one throw with D dice (the most you may, if D is left out)")},
      {"blitz FROM TO [S]", tr("throw after throw until TO falls or FROM is down to S armies (1)")},
      {"move N", tr("after a conquest: N armies into the territory taken (all: leave N out)")},
      {"move FROM TO N", tr("the strategic move, once a turn, between two of your territories")},
      {"end", tr("end your turn")},
      {"claim", tr("show your mission, fulfilled, and win (done for you as soon as it holds)")},
      {"leave", tr("leave the game (your territories stay, unplayed)")},
  };
  for (const auto& [command, what] : commands) fmt::print(out_, "  {:<20} {}\n", command, what);
  fmt::print(out_, "  map, cards, help\n");
}

std::optional<rk::TerritoryId> TerminalRisikoPlayer::territory(const std::string& word) {
  auto t = risiko_territory_from_name(board_->world(), word);
  if (!t) fmt::print(out_, "{}\n", trf("not a territory: {0} (its number on the map, or its name without spaces)", word));
  return t;
}

void TerminalRisikoPlayer::send(std::optional<ui::RisikoIntent> intent, const std::optional<rk::Decision>& decision) {
  if (intent) {
    if (std::holds_alternative<rk::PlaceArmies>(*intent) && board_->mode() == RisikoMode::placement_committed)
      fmt::print(out_, "{}\n", tr("your placement is committed; it opens when every seat has committed theirs"));
    human_.submit(std::move(*intent));
    return;
  }
  board_->deselect();
  std::optional<rk::Error> error;
  if (decision) error = rk::check(board_->knowing(), *decision);
  fmt::print(out_, "{}\n", trf("refused: {0}", error ? std::string(rk::describe(*error)) : std::string(tr("not possible now"))));
}

void TerminalRisikoPlayer::take(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty() || !board_ || !me_) return;
  std::string command = words[0];
  std::transform(command.begin(), command.end(), command.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const game::Seat me = *me_;
  const RisikoMode mode = board_->mode();
  const rk::Table& table = board_->table();

  if (command == "help" || command == "?") return help();
  if (command == "map") return show_map();
  if (command == "cards" || command == "mission") return show_hand();
  if (command == "leave") return send(board_->leave(), std::nullopt);

  auto not_now_words = [&]() -> std::string {
    switch (mode) {
      case RisikoMode::watching:
        if (table.turn > 0) return trf("not now: it is {0}'s turn", name(table.current_player()));
        return tr("not now: the game is being set up");
      case RisikoMode::placement_committed: return tr("not now: your placement is committed; waiting for the other seats");
      case RisikoMode::sent: return tr("not now: your last command is on its way");
      case RisikoMode::out: return tr("not now: you are out of the game");
      case RisikoMode::initial_placement: return trf("not now: place your {0} starting armies first", board_->allowance());
      case RisikoMode::must_trade: return tr("not now: trade three cards first");
      case RisikoMode::reinforce: return trf("not now: place your {0} armies first", board_->allowance());
      case RisikoMode::attack: return tr("not now: you are attacking (or end your turn)");
      case RisikoMode::move_in: return tr("not now: move your armies into the territory taken first");
    }
    return tr("not now");
  };
  auto not_now = [&] { fmt::print(out_, "{}\n", not_now_words()); };
  auto usage = [&](std::string_view form) { fmt::print(out_, "{}\n", trf("usage: {0}", form)); };

  if (command == "place") {
    if (mode != RisikoMode::initial_placement && mode != RisikoMode::reinforce) return not_now();
    const std::uint32_t allowance = board_->allowance();
    std::vector<rk::Placement> placements;
    if (words.size() == 2) {
      auto t = territory(words[1]);
      if (!t) return;
      placements.push_back({*t, allowance});
    } else if (words.size() >= 3 && words.size() % 2 == 1) {
      for (std::size_t i = 1; i < words.size(); i += 2) {
        auto t = territory(words[i]);
        if (!t) return;
        auto n = count(words[i + 1]);
        if (!n || *n == 0 || *n > allowance) {
          fmt::print(out_, "{}\n", trf("not a number of armies from 1 to {0}: {1}", allowance, words[i + 1]));
          return;
        }
        placements.push_back({*t, *n});
      }
    } else {
      return usage(tr("place TERRITORY N [TERRITORY N ...], or place TERRITORY for all of them"));
    }
    std::uint64_t total = 0;
    for (const rk::Placement& p : placements) {
      total += p.armies;
      if (table.countries[p.territory.value].owner != me) {
        fmt::print(out_, "{}\n", trf("refused: {0} is not yours", risiko_place_name(board_->world().country(p.territory))));
        return;
      }
    }
    if (mode == RisikoMode::initial_placement && total != allowance) {
      fmt::print(out_, "{}\n", trf("refused: all {0} starting armies are placed at once (that was {1})", allowance, total));
      return;
    }
    if (total > allowance) {
      fmt::print(out_, "{}\n", trf("refused: you have {0} armies to place, not {1}", allowance, total));
      return;
    }
    board_->clear_draft();
    for (const rk::Placement& p : placements)
      for (std::uint32_t i = 0; i < p.armies; ++i) board_->click(p.territory);
    return send(board_->place(), std::nullopt);
  }

  if (command == "trade") {
    if (mode != RisikoMode::must_trade && mode != RisikoMode::reinforce) return not_now();
    if (words.size() != 4) return usage(tr("trade A B C (the numbers `cards` shows)"));
    const auto& cards = board_->own().cards;
    rk::TradeCards decision{me, {}, {}};
    for (std::size_t i = 0; i < 3; ++i) {
      auto n = count(words[i + 1]);
      if (!n || *n == 0 || *n > cards.size()) {
        fmt::print(out_, "{}\n", trf("not one of your {0} cards: {1}", cards.size(), words[i + 1]));
        return;
      }
      if (!cards[*n - 1]) {
        fmt::print(out_, "{}\n", trf("refused: card {0} is not open yet", *n));
        return;
      }
      decision.slots[i] = static_cast<std::uint8_t>(*n - 1);
      decision.cards[i] = *cards[*n - 1];
    }
    const std::vector<std::uint8_t> chosen(board_->chosen_cards().begin(), board_->chosen_cards().end());
    for (std::uint8_t slot : chosen) board_->toggle_card(slot);
    for (std::uint8_t slot : decision.slots) board_->toggle_card(slot);
    return send(board_->trade(), rk::Decision{decision});
  }

  if (command == "attack" || command == "blitz") {
    if (mode != RisikoMode::attack) return not_now();
    if (words.size() != 3 && words.size() != 4)
      return usage(command == "attack" ? tr("attack FROM TO [DICE]") : tr("blitz FROM TO [STOP AT]"));
    auto from = territory(words[1]);
    if (!from) return;
    auto to = territory(words[2]);
    if (!to) return;
    std::optional<std::uint32_t> number;
    if (words.size() == 4 && !(number = count(words[3]))) {
      fmt::print(out_, "{}\n", trf("not a number: {0}", words[3]));
      return;
    }
    board_->deselect();
    board_->click(*from);
    board_->click(*to);
    if (command == "attack") {
      const auto dice = static_cast<std::uint8_t>(std::min<std::uint32_t>(
          number.value_or(rk::max_attacker_dice(table.countries[from->value].armies)), 255));
      return send(board_->attack(dice), rk::Decision{rk::AttackOrder{me, *from, *to, dice}});
    }
    const std::uint32_t stop_at = number.value_or(1);
    return send(board_->attack_until(stop_at), rk::Decision{rk::MultiAttackOrder{me, *from, *to, stop_at}});
  }

  if (command == "move") {
    if (mode == RisikoMode::move_in) {
      std::uint32_t armies = board_->move_in_range().second;
      if (words.size() > 2) return usage("move N");
      if (words.size() == 2) {
        auto n = count(words[1]);
        if (!n) {
          fmt::print(out_, "{}\n", trf("not a number: {0}", words[1]));
          return;
        }
        armies = *n;
      }
      return send(board_->move_in(armies), rk::Decision{rk::MoveIn{me, armies}});
    }
    if (mode != RisikoMode::attack) return not_now();
    if (words.size() != 4) return usage("move FROM TO N");
    auto from = territory(words[1]);
    if (!from) return;
    auto to = territory(words[2]);
    if (!to) return;
    auto armies = count(words[3]);
    if (!armies) {
      fmt::print(out_, "{}\n", trf("not a number: {0}", words[3]));
      return;
    }
    board_->deselect();
    board_->click(*from);
    board_->click(*to);
    return send(board_->move(*armies), rk::Decision{rk::MoveArmies{me, *from, *to, *armies}});
  }

  if (command == "end") {
    if (mode != RisikoMode::attack) return not_now();
    return send(board_->end_turn(), rk::Decision{rk::EndTurn{me}});
  }

  if (command == "claim") {
    if (mode != RisikoMode::attack && mode != RisikoMode::reinforce && mode != RisikoMode::must_trade) return not_now();
    const auto& mission = board_->own().mission;
    if (!mission) {
      fmt::print(out_, "{}\n", tr("refused: your mission is not open yet"));
      return;
    }
    return send(board_->claim(), rk::Decision{rk::ClaimVictory{me, *mission}});
  }

  fmt::print(out_, "{}\n", trf("not a command: {0} (help lists them)", line));
}

void TerminalRisikoPlayer::observe(const peer::Session&, const peer::SessionEvent& event) {
  using Kind = peer::SessionEvent::Kind;
  switch (event.kind) {
    case Kind::outcome:
      fmt::print(out_, "\n{}\n",
                 !event.seat         ? trf("result: no winner ({0})", event.text)
                 : event.seat == me_ ? trf("result: you win ({0})", event.text)
                                     : trf("result: {0} wins ({1})", name(*event.seat), event.text));
      if (board_)
        if (auto mission = ui::claimed_mission(board_->table()))
          fmt::print(out_, "{}\n", trf("mission accomplished: {0}", ui::mission_text(board_->world(), *mission)));
      break;
    case Kind::presence:
      if (event.seat) fmt::print(out_, "{}\n", presence_line(name(*event.seat), event.text));
      break;
    case Kind::ignored: {
      // A message that crossed another seat's (docs/sessions.md, "Late actions").
      const auto why = peer::late_reason(event);
      if (!event.seat || !why) return;
      fmt::print(out_, "{}\n", trf("{0}: too late, not applied: {1}", event.seat == me_ ? std::string(tr("you")) : name(*event.seat), *why));
      break;
    }
    default: return;
  }
  std::fflush(out_);
  prompted_.reset();
}

}  // namespace parley::cli
