#pragma once
// The words people read, in their language: GNU gettext catalogues (po/<language>.po, compiled
// by the build into <build>/locale/<language>/LC_MESSAGES/parley.mo) looked up through the C
// library's gettext (docs/i18n.md).
//
//   tr("Resign")                       the translation of a literal, or the literal itself
//   trf("{0} wins", name)              tr, then fmt's replacement fields filled in: translators
//                                      may reorder "{0}" and "{1}"; a translation whose fields
//                                      do not fit the arguments falls back to the English text
//   trn("{} army", "{} armies", n)     the plural form for n, per the language's rules
//   trnf("{} army", "{} armies", n, n) trn, then formatted as trf
//   trc("piece", "General")            a literal in a context (the same English word meaning
//                                      two things gets two translations)
//   tr_noop("Easy")                    marks a literal for the catalogue without translating it
//                                      (a table of names translated where it is shown: tr(name))
//
// Only literals are found by the catalogue's extraction (xgettext): tr(variable) translates a
// text marked elsewhere with tr_noop. Choose the language once, before any thread starts:
// use_environment_language() at the start of main, or set_language() from a menu.
#include <fmt/format.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace parley::i18n {

// The gettext domain, and so the catalogues' file name (parley.mo).
inline constexpr const char* kDomain = "parley";

// The language from the environment as gettext reads it: LC_ALL, else LC_MESSAGES, else LANG
// names the locale; "C", "POSIX" or nothing means English, and then LANGUAGE is ignored;
// otherwise the first language of LANGUAGE (a colon-separated list) that has a catalogue,
// else the locale's language. Returns the language in use ("en" when nothing fits).
std::string use_environment_language();
// Uses `language` ("it", "ja", "it_IT.UTF-8", …; "en", "C" or "" for English). False, and
// English, when there is no catalogue for it.
bool set_language(std::string_view language);
// The language in use: "en", or one with a catalogue ("it", "ja").
std::string language();
// The languages with a catalogue, sorted, and "en".
std::vector<std::string> available_languages();
// Where the catalogues are looked for, first found first: $PARLEY_LOCALEDIR, `locale` beside
// the running program (the build tree), ../share/locale from it (an installed tree), and the
// build tree this library was compiled in.
std::filesystem::path catalogue_dir();

// "it_IT.UTF-8@euro" → "it"; "" for C, POSIX and nothing.
std::string language_of_locale(std::string_view locale);

const char* tr(const char* msgid);
const char* trn(const char* singular, const char* plural, unsigned long n);
const char* trc(const char* context, const char* msgid);
constexpr const char* tr_noop(const char* msgid) { return msgid; }

namespace detail {
// fmt::format of a translated format string, falling back to the English one when the
// translation's fields do not fit the arguments (a mistake in a catalogue never throws).
template <class... Args>
std::string format_translated(const char* translated, const char* english, Args&&... args) {
  try {
    return fmt::format(fmt::runtime(translated), args...);
  } catch (const fmt::format_error&) {
    return fmt::format(fmt::runtime(english), args...);
  }
}
}  // namespace detail

template <class... Args>
std::string trf(const char* msgid, Args&&... args) {
  return detail::format_translated(tr(msgid), msgid, std::forward<Args>(args)...);
}

template <class... Args>
std::string trnf(const char* singular, const char* plural, unsigned long n, Args&&... args) {
  return detail::format_translated(trn(singular, plural, n), n == 1 ? singular : plural, std::forward<Args>(args)...);
}

}  // namespace parley::i18n
