#pragma once
// Why a game's rules refuse a seat's message, typed: a code — from the set every game shares,
// from the game's engine (its Error) or from the game's own protocol checks — and the particulars
// the refusal's words name (which card, which slot, a decoder's words). The words for people come
// from one describer per game (GameRules::describe_refusal); the session, the verifier's JSON,
// programs and tests go by the code.
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace parley::peer {

// The refusals every game has (each game words them its own way).
enum class Refusal : std::uint8_t {
  malformed,          // the message does not decode as one of the game's (particular: the decoder's words)
  wrong_seat,         // made on behalf of another seat
  game_over,          // the game is over
  not_begun,          // the game has not begun
  seat_left,          // the seat has left the game
  no_setup_data,      // setup data for a game that takes none
  nothing_to_reveal,  // end-of-game secrets for a game that has none
};

// Where a code's value comes from. Engine and game values mean something only with their game.
enum class RefusalSource : std::uint8_t { shared, engine, game };

// The source of each code enum: Refusal's here, a game's engine Error and its own enum where
// the game is.
template <class E>
struct RefusalSourceOf;
template <>
struct RefusalSourceOf<Refusal> {
  static constexpr RefusalSource value = RefusalSource::shared;
};

template <class E>
concept RefusalEnum = std::is_enum_v<E> && requires { RefusalSourceOf<E>::value; };

struct RefusalCode {
  RefusalSource source = RefusalSource::shared;
  std::uint8_t value = 0;

  constexpr RefusalCode() = default;
  template <RefusalEnum E>
  constexpr RefusalCode(E code)  // NOLINT: every code enum converts, as Result's values do
      : source(RefusalSourceOf<E>::value), value(static_cast<std::uint8_t>(code)) {
    static_assert(sizeof(E) == 1, "a refusal code enum fits a byte");
  }
  friend bool operator==(const RefusalCode&, const RefusalCode&) = default;
};
// "engine 3", for test failure messages (the names are the game's: GameRules::refusal_name).
void PrintTo(const RefusalCode& code, std::ostream* out);

// Why a seat's message is refused. The session blames the seat for it, unless a race explains
// it: seats post in parallel, and a message can cross another seat's on the way to the lobby.
// Such a message is ignored, not blamed.
struct Rejection {
  RefusalCode code;
  std::vector<std::string> detail{};  // the particulars the code's words name, in order
  // The rules judged it late themselves: it would have been accepted in the state its sender had
  // seen (its envelope's seen entry), and only other seats' actions since stand in its way.
  bool late = false;
  // Refused only because what it supplies or answers is not due now (a share for a card no
  // longer being dealt, a draw offer while one is pending, the answer to a roll called off). The
  // session takes it as late when other seats changed the game since the entry its sender had
  // seen and the sender posted nothing since.
  bool moot = false;
};

// One code of a game's refusals: its stable name (machine-readable output) and its words for
// people, with "{}" where each particular goes, in order.
struct RefusalWords {
  RefusalCode code;
  std::string_view name;
  std::string_view words;
};

// A game's describer over its table of words: the sentence for a refusal, and a code's name
// ("unknown" for a code not in the table).
std::string words_for(std::span<const RefusalWords> table, const Rejection& rejection);
std::string_view name_for(std::span<const RefusalWords> table, RefusalCode code);

// The entries of an engine's errors, for a game's table: code i named names[i] ("engine.…"), in
// the engine's own words (its describe()).
template <RefusalEnum E, class Describe>
std::vector<RefusalWords> engine_refusal_words(std::span<const std::string_view> names, Describe describe) {
  std::vector<RefusalWords> out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto e = static_cast<E>(i);
    out.push_back({RefusalCode(e), names[i], describe(e)});
  }
  return out;
}

}  // namespace parley::peer
