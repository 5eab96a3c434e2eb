#include "i18n/i18n.hpp"

#include <libintl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <clocale>
#include <cstdlib>
#include <cstring>
#include <mutex>

// glibc's counter of catalogue changes: raised, it makes gettext drop the translations it
// cached for the previous language (the GNU gettext manual, "Changing the language at runtime").
extern "C" int _nl_msg_cat_cntr;

namespace parley::i18n {

namespace {

// English: the literals as they are, and gettext not asked at all (the environment may still
// name another language).
std::atomic<bool> translating{false};
std::mutex choosing;  // one language choice at a time
std::string current = "en";

bool has_catalogue(const std::filesystem::path& dir, std::string_view language) {
  std::error_code ec;
  return std::filesystem::is_regular_file(dir / std::string(language) / "LC_MESSAGES" / (std::string(kDomain) + ".mo"), ec);
}

std::filesystem::path program_dir() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path{} : self.parent_path();
}

const char* environment(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : nullptr;
}

}  // namespace

std::string language_of_locale(std::string_view locale) {
  const std::size_t end = locale.find_first_of("_.@");
  std::string language(locale.substr(0, end));
  if (language == "C" || language == "POSIX") return "";
  std::ranges::transform(language, language.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? char(c + 32) : c; });
  return language;
}

std::filesystem::path catalogue_dir() {
  std::vector<std::filesystem::path> candidates;
  if (const char* dir = environment("PARLEY_LOCALEDIR")) candidates.emplace_back(dir);
  if (const auto here = program_dir(); !here.empty()) {
    candidates.push_back(here / "locale");
    candidates.push_back(here.parent_path() / "share" / "locale");
  }
  candidates.emplace_back(PARLEY_BUILD_LOCALEDIR);
  for (const auto& dir : candidates)
    if (has_catalogue(dir, "it") || has_catalogue(dir, "ja")) return dir;
  return candidates.back();
}

std::vector<std::string> available_languages() {
  std::vector<std::string> out{"en"};
  std::error_code ec;
  const auto dir = catalogue_dir();
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name != "en" && has_catalogue(dir, name)) out.push_back(name);
  }
  std::ranges::sort(out);
  return out;
}

bool set_language(std::string_view wanted) {
  const std::string code = language_of_locale(wanted);
  std::lock_guard lock(choosing);
  const auto dir = catalogue_dir();
  if (code.empty() || code == "en" || !has_catalogue(dir, code)) {
    translating = false;
    current = "en";
    return code.empty() || code == "en";
  }
  ::bindtextdomain(kDomain, dir.c_str());
  ::bind_textdomain_codeset(kDomain, "UTF-8");
  // gettext picks its catalogue from LANGUAGE only when the messages' locale is not "C", and
  // a machine rarely has every language's locale generated: C.UTF-8 (built into glibc) will do,
  // since the catalogues are UTF-8 and bound as such.
  const char* messages = std::setlocale(LC_MESSAGES, "");
  if (messages == nullptr || language_of_locale(messages).empty()) std::setlocale(LC_MESSAGES, "C.UTF-8");
  ::setenv("LANGUAGE", code.c_str(), 1);
  ++_nl_msg_cat_cntr;
  current = code;
  translating = true;
  return true;
}

std::string use_environment_language() {
  const char* locale = environment("LC_ALL");
  if (locale == nullptr) locale = environment("LC_MESSAGES");
  if (locale == nullptr) locale = environment("LANG");
  const std::string base = locale != nullptr ? language_of_locale(locale) : "";
  if (base.empty()) {
    set_language("en");
    return language();
  }
  if (const char* list = environment("LANGUAGE")) {
    const std::string_view languages(list);
    for (std::size_t at = 0; at <= languages.size();) {
      const std::size_t end = std::min(languages.find(':', at), languages.size());
      const std::string code = language_of_locale(languages.substr(at, end - at));
      // English first on the list is a choice too; a language without a catalogue is passed.
      if (code == "en") set_language("en");
      if (code == "en" || (!code.empty() && set_language(code))) return language();
      at = end + 1;
    }
  }
  set_language(base);
  return language();
}

std::string language() {
  std::lock_guard lock(choosing);
  return current;
}

const char* tr(const char* msgid) { return translating ? ::dgettext(kDomain, msgid) : msgid; }

const char* trn(const char* singular, const char* plural, unsigned long n) {
  if (!translating) return n == 1 ? singular : plural;
  return ::dngettext(kDomain, singular, plural, n);
}

const char* trc(const char* context, const char* msgid) {
  if (!translating) return msgid;
  // The catalogue's key for a message in a context is "context\004msgid" (gettext.h's pgettext).
  std::string key = std::string(context) + '\004' + msgid;
  const char* found = ::dgettext(kDomain, key.c_str());
  return found == key.c_str() ? msgid : found;
}

}  // namespace parley::i18n
