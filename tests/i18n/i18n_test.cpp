// The catalogues compiled into the build tree, switched between at run time.
#include <gtest/gtest.h>
#include <stdlib.h>

#include "i18n/i18n.hpp"
#include "games/risiko/risiko_tactics.hpp"

namespace parley::i18n {
namespace {

// Each test leaves the process in English, whatever it chose.
class I18n : public ::testing::Test {
 protected:
  void TearDown() override { set_language("en"); }
};

constexpr const char* kUnknown = "unknown command '{0}': '{1} --help' lists the commands";
constexpr const char* kOne = "unknown command '{0}'; did you mean {1}?";
constexpr const char* kMany = "unknown command '{0}'; did you mean one of {1}?";

TEST_F(I18n, EnglishIsTheTextItself) {
  ASSERT_TRUE(set_language("en"));
  EXPECT_EQ(language(), "en");
  EXPECT_STREQ(tr(kUnknown), kUnknown);
  EXPECT_EQ(trf(kUnknown, "verfy", "parley"), "unknown command 'verfy': 'parley --help' lists the commands");
  EXPECT_STREQ(trn(kOne, kMany, 1), kOne);
  EXPECT_STREQ(trn(kOne, kMany, 2), kMany);
}

TEST_F(I18n, ItalianAndJapaneseComeFromTheBuiltCatalogues) {
  ASSERT_TRUE(set_language("it"));
  EXPECT_EQ(language(), "it");
  const std::string italian = tr(kUnknown);
  EXPECT_NE(italian, kUnknown);
  // The fields survive translation, in the translation's order.
  const std::string filled = trf(kUnknown, "verfy", "parley");
  EXPECT_NE(filled.find("'verfy'"), std::string::npos) << filled;
  EXPECT_NE(filled.find("'parley --help'"), std::string::npos) << filled;
  // Italian has two plural forms, and they differ.
  EXPECT_STRNE(trn(kOne, kMany, 1), trn(kOne, kMany, 2));

  ASSERT_TRUE(set_language("ja_JP.UTF-8"));
  EXPECT_EQ(language(), "ja");
  const std::string japanese = tr(kUnknown);
  EXPECT_NE(japanese, kUnknown);
  EXPECT_NE(japanese, italian);
  // Japanese has one form for every count.
  EXPECT_STREQ(trn(kOne, kMany, 1), trn(kOne, kMany, 2));
  EXPECT_STRNE(trn(kOne, kMany, 1), kOne);
  // Back to English, although the environment now names Japanese for gettext.
  ASSERT_TRUE(set_language("C"));
  EXPECT_STREQ(tr(kUnknown), kUnknown);
}

TEST_F(I18n, AnUnknownLanguageIsEnglish) {
  EXPECT_FALSE(set_language("xx_XX.UTF-8"));
  EXPECT_EQ(language(), "en");
  EXPECT_STREQ(tr(kUnknown), kUnknown);
  ASSERT_TRUE(set_language("it"));
  EXPECT_STREQ(tr("a text that no catalogue holds"), "a text that no catalogue holds");
  EXPECT_STREQ(trc("no context", kUnknown), kUnknown);  // unknown in that context
}

TEST_F(I18n, TheEnvironmentChoosesAsGettextDoes) {
  struct Environment {
    const char *lc_all, *lc_messages, *lang, *language;
    const char* expected;
  };
  for (const Environment& e : {Environment{nullptr, nullptr, "it_IT.UTF-8", nullptr, "it"},
                               Environment{nullptr, "ja_JP.UTF-8", "it_IT.UTF-8", nullptr, "ja"},
                               Environment{"it_IT", "ja_JP.UTF-8", nullptr, nullptr, "it"},
                               Environment{nullptr, nullptr, "de_DE.UTF-8", "xx:ja:it", "ja"},
                               Environment{nullptr, nullptr, "C.UTF-8", "ja", "en"},  // C: LANGUAGE ignored
                               Environment{nullptr, nullptr, nullptr, "it", "en"},
                               Environment{nullptr, nullptr, "de_DE.UTF-8", nullptr, "en"},
                               Environment{nullptr, nullptr, "it_IT.UTF-8", "en:ja", "en"}}) {
    auto put = [](const char* name, const char* value) {
      if (value != nullptr) ::setenv(name, value, 1);
      else ::unsetenv(name);
    };
    put("LC_ALL", e.lc_all);
    put("LC_MESSAGES", e.lc_messages);
    put("LANG", e.lang);
    put("LANGUAGE", e.language);
    EXPECT_EQ(use_environment_language(), e.expected)
        << (e.lc_all ? e.lc_all : "-") << " " << (e.lc_messages ? e.lc_messages : "-") << " " << (e.lang ? e.lang : "-")
        << " " << (e.language ? e.language : "-");
  }
  ::unsetenv("LC_ALL");
  ::unsetenv("LC_MESSAGES");
  ::unsetenv("LANG");
  ::unsetenv("LANGUAGE");
}

TEST_F(I18n, TheBotsSpeakTheChosenLanguage) {
  using peer::risiko::Difficulty;
  ASSERT_TRUE(set_language("en"));
  const std::string hard = peer::risiko::describe(Difficulty::hard);
  ASSERT_TRUE(set_language("it"));
  const std::string italian = peer::risiko::describe(Difficulty::hard);
  EXPECT_NE(italian, hard);
  EXPECT_NE(italian, peer::risiko::describe(Difficulty::easy));
  // A text in a context is that context's translation.
  EXPECT_STREQ(trc("difficulty", "hard"), italian.c_str());
  ASSERT_TRUE(set_language("ja"));
  EXPECT_NE(peer::risiko::describe(Difficulty::hard), hard);
  EXPECT_NE(peer::risiko::describe(Difficulty::hard), italian);
}

TEST_F(I18n, LocaleNamesGiveTheirLanguage) {
  EXPECT_EQ(language_of_locale("it_IT.UTF-8"), "it");
  EXPECT_EQ(language_of_locale("ja_JP.eucJP@x"), "ja");
  EXPECT_EQ(language_of_locale("IT"), "it");
  EXPECT_EQ(language_of_locale("C.UTF-8"), "");
  EXPECT_EQ(language_of_locale("POSIX"), "");
  EXPECT_EQ(language_of_locale(""), "");
}

TEST_F(I18n, TheCataloguesOfThisBuildAreListed) {
  const auto languages = available_languages();
  EXPECT_EQ(languages, (std::vector<std::string>{"en", "it", "ja"}));
}

TEST_F(I18n, ATranslationWhoseFieldsDoNotFitFallsBackToEnglish) {
  EXPECT_EQ(detail::format_translated("{0} e {2}", "{0} and {1}", "a", "b"), "a and b");
  EXPECT_EQ(detail::format_translated("{1} e {0}", "{0} and {1}", "a", "b"), "b e a");
}

}  // namespace
}  // namespace parley::i18n
