// The parley command line as users and scripts see it: output, exit status, files.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/peer/risiko_users_map.hpp"

namespace {

struct Run {
  int status;
  std::string out;
};

std::filesystem::path temp_dir() {
  auto dir = std::filesystem::temp_directory_path() / ("parley_cli_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

// Runs parley with the arguments (shell-quoted by the caller), optional standard input, and
// captures standard output.
Run parley(const std::string& args, const std::string& input = "") {
  auto dir = temp_dir();
  auto in = dir / "stdin", out = dir / "stdout";
  std::ofstream(in) << input;
  std::string cmd = std::string(PARLEY_CLI) + " " + args + " < " + in.string() + " > " + out.string() + " 2>&1";
  int raw = std::system(cmd.c_str());
  std::ifstream o(out);
  std::stringstream ss;
  ss << o.rdbuf();
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, ss.str()};
}

std::string last_line(const std::string& s) {
  auto end = s.find_last_not_of('\n');
  auto start = s.rfind('\n', end);
  return s.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

std::string write_file(const std::string& name, const std::string& text) {
  auto path = temp_dir() / name;
  std::ofstream(path) << text;
  return path.string();
}

// The scratch directory goes when the tests are done.
class ScratchCleanup : public ::testing::Environment {
 public:
  void TearDown() override { std::filesystem::remove_all(temp_dir()); }
};
const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

TEST(CliTypos, AnUnknownCommandGetsTheClosestOneAndUsageStatus) {
  auto r = parley("verfy game.plog");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("'verfy'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'verify'"), std::string::npos) << r.out;
  r = parley("chess perf --depth 1");  // below a command, its own commands
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("'chess perft'"), std::string::npos) << r.out;
  r = parley("xyzzy");  // nothing close: no suggestion, the way to the list
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("'xyzzy'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--help"), std::string::npos) << r.out;
}

TEST(CliPerft, PrintsTheNodeCountAsTheLastLine) {
  auto r = parley("chess perft --depth 4");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "197281\n");
  auto kiwi = parley("chess perft --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' --depth 3 --divide");
  EXPECT_EQ(kiwi.status, 0);
  EXPECT_EQ(last_line(kiwi.out), "97862");
  EXPECT_NE(kiwi.out.find("e1g1: 2059\n"), std::string::npos);  // stockfish's divide for O-O
  EXPECT_EQ(std::count(kiwi.out.begin(), kiwi.out.end(), '\n'), 49);
}

TEST(CliPerft, RejectsBadFenAndBadArguments) {
  auto bad_fen = parley("chess perft --fen 'not a fen' --depth 1");
  EXPECT_EQ(bad_fen.status, 1);
  EXPECT_NE(bad_fen.out.find("bad FEN"), std::string::npos);
  EXPECT_EQ(parley("chess perft").status, 2);
  EXPECT_EQ(parley("chess perft --depth 99").status, 2);
  EXPECT_EQ(parley("chess perft --depth x").status, 2);
  EXPECT_EQ(parley("no-such-command").status, 2);
}

TEST(CliHelp, EveryCommandHasHelp) {
  for (const char* cmd : {"--help", "chess --help", "chess perft --help", "chess play --help", "pgn --help",
                          "pgn check --help", "pgn convert --help", "risiko --help", "risiko map --help", "rooms --help", "watch --help"}) {
    auto r = parley(cmd);
    EXPECT_EQ(r.status, 0) << cmd;
    EXPECT_NE(r.out.find("Usage:"), std::string::npos) << cmd;
  }
}

const char* kGood = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const char* kBad = "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";

TEST(CliPgnCheck, ReportsBadGamesWithFileLineAndColumnAndASummary) {
  std::string file = write_file("check.pgn", std::string(kGood) + kBad + kGood);
  auto r = parley("pgn check " + file);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find(file + ":9:13: illegal move: Ke3"), std::string::npos) << r.out;
  EXPECT_EQ(last_line(r.out), "games 3, ok 2, bad 1");
  auto good = parley("pgn check " + write_file("good.pgn", kGood) + " -");
  EXPECT_EQ(good.status, 0);
  EXPECT_EQ(last_line(good.out), "games 1, ok 1, bad 0");
}

TEST(CliPgnCheck, AnUnreadableFileIsExitStatusThree) {
  auto r = parley("pgn check /nonexistent/file.pgn");
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.out.find("cannot read"), std::string::npos);
  EXPECT_EQ(parley("pgn check " + temp_dir().string()).status, 3);
}

TEST(CliPgnConvert, CanonicalPgnRoundTripsAndJsonIsAnArray) {
  std::string file = write_file("convert.pgn", std::string(kGood) + kBad);
  auto once = parley("pgn convert " + file + " --to pgn");
  EXPECT_EQ(once.status, 1);  // the bad game is reported (on stderr, merged here) and skipped
  std::string good_only = once.out.substr(0, once.out.find(file));
  auto twice = parley("pgn convert " + write_file("once.pgn", good_only) + " --to pgn");
  EXPECT_EQ(twice.status, 0);
  EXPECT_EQ(twice.out, good_only);
  auto json = parley("pgn convert " + write_file("good2.pgn", kGood) + " --to json");
  EXPECT_EQ(json.status, 0);
  EXPECT_EQ(json.out.front(), '[');
  EXPECT_NE(json.out.find("\"san\":\"Qxf7#\""), std::string::npos);
  EXPECT_EQ(parley("pgn convert " + file + " --to xml").status, 2);
}

TEST(CliChessPlay, TwoPlayersFinishAGameAndSaveIt) {
  std::string pgn = (temp_dir() / "played.pgn").string();
  auto r = parley("chess play --pgn " + pgn, "e4\ne5\nNf3\nundo\naccept\nQh5\nNc6\nBc4\nnonsense\nNf6\nQxf7#\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("not a legal move: nonsense"), std::string::npos);
  EXPECT_NE(r.out.find("result: 1-0 (checkmate)"), std::string::npos) << r.out;
  auto check = parley("pgn check " + pgn);
  EXPECT_EQ(check.status, 0);
  std::ifstream saved(pgn);
  std::stringstream ss;
  ss << saved.rdbuf();
  EXPECT_NE(ss.str().find("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"), std::string::npos) << ss.str();
}

TEST(CliChessPlay, DrawByAgreementAndResignation) {
  auto draw = parley("chess play", "e4\ndraw\ne5\naccept\n");
  EXPECT_NE(draw.out.find("result: 1/2-1/2 (draw by agreement)"), std::string::npos) << draw.out;
  auto resign = parley("chess play", "e4\nresign\n");
  EXPECT_NE(resign.out.find("result: 1-0 (resignation)"), std::string::npos) << resign.out;
}

TEST(CliPlay, AGameOrLayoutItCannotTakeIsRefusedBeforeAnythingIsDone) {
  // Port 9 (discard) is never contacted: each of these is refused first.
  const std::string seat = " --lobby 127.0.0.1:9 --identity " + (temp_dir() / "play.key").string() + " --data " +
                           (temp_dir() / "play-data").string();
  auto go = parley("play go" + seat);
  EXPECT_EQ(go.status, 2);
  EXPECT_NE(go.out.find("chess, gunjin or risiko"), std::string::npos) << go.out;
  EXPECT_EQ(parley("play risiko --layout x.layout" + seat).status, 2);
  auto long_event = parley("play chess --create 2 --event " + std::string(200, 'x') + seat);
  EXPECT_EQ(long_event.status, 2);
  EXPECT_NE(long_event.out.find("--event: not UTF-8 text of at most 128 bytes"), std::string::npos) << long_event.out;
  EXPECT_EQ(parley("play chess --layout x.layout" + seat).status, 2);
  auto missing = parley("play gunjin --layout " + (temp_dir() / "missing.layout").string() + seat);
  EXPECT_EQ(missing.status, 3) << missing.out;
  EXPECT_NE(missing.out.find("missing.layout"), std::string::npos) << missing.out;
  auto bad = parley("play gunjin --layout " + write_file("bad.layout", "taisa taisa\n") + seat);
  EXPECT_EQ(bad.status, 1) << bad.out;
  EXPECT_NE(bad.out.find("bad.layout"), std::string::npos) << bad.out;
  // A name alone is looked for in the data folder's layouts, where the client's editor saves them.
  auto named = parley("play gunjin --layout club-night" + seat);
  EXPECT_EQ(named.status, 3) << named.out;
  EXPECT_NE(named.out.find((temp_dir() / "play-data/gunjin/layouts/club-night.layout").string()), std::string::npos)
      << named.out;
  EXPECT_FALSE(std::filesystem::exists(temp_dir() / "play.key"));
}

TEST(CliHost, HouseBotsOfOneGameAskedForTwiceAreRefusedBeforeTheLobbyStarts) {
  // `random` is the chess bot's old name: the same game twice, whatever the spelling.
  auto twice = parley("host --port 0 --bot gunjin --bot chess --bot random --data " + (temp_dir() / "host").string());
  EXPECT_EQ(twice.status, 2);
  EXPECT_NE(twice.out.find("--bot random: that game's house bots are asked for twice"), std::string::npos) << twice.out;
  EXPECT_EQ(twice.out.find("lobby listening"), std::string::npos) << twice.out;
  EXPECT_EQ(parley("host --port 0 --bot poker").status, 2);
}

// `parley host` and `parley client` go on as parley-client, the program beside parley; parley
// copied elsewhere alone says what it cannot find.
TEST(CliClient, WithoutTheClientProgramBesideItParleySaysSo) {
  const auto alone = temp_dir() / "alone";
  std::filesystem::create_directories(alone);
  std::filesystem::copy_file(PARLEY_CLI, alone / "parley", std::filesystem::copy_options::overwrite_existing);
  const auto out = temp_dir() / "alone.out";
  const std::string cmd = (alone / "parley").string() + " client --no-lan --data " + (alone / "data").string() +
                          " < /dev/null > " + out.string() + " 2>&1";
  const int raw = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 3);
  std::ifstream o(out);
  std::stringstream text;
  text << o.rdbuf();
  EXPECT_NE(text.str().find("cannot start the graphical client " + (alone / "parley-client").string()), std::string::npos)
      << text.str();
  EXPECT_FALSE(std::filesystem::exists(alone / "data")) << "the client ran";
}

TEST(CliRisikoMap, AValidMapIsSummedUpAndABrokenOneNamesItsLine) {
  const std::string good = write_file("islands.map", std::string(parley::peer::testing::kIslandsMap));
  auto ok = parley("risiko map " + good);
  EXPECT_EQ(ok.status, 0) << ok.out;
  EXPECT_NE(ok.out.find("map \"Three Islands\": 9 territories, 12 borders, 3 continents (North +2, South +2, East +3), "
                        "10 cards (1 joker), 4 missions; players 3 (12 armies);"),
            std::string::npos)
      << ok.out;
  // --formatted prints what a room carries, which reads back as the same map.
  auto formatted = parley("risiko map --formatted " + good);
  EXPECT_EQ(formatted.status, 0);
  EXPECT_EQ(formatted.out.find('#'), std::string::npos);
  EXPECT_EQ(formatted.out.rfind("risiko-map 1\nname \"Three Islands\"\n", 0), 0u) << formatted.out;
  auto again = parley("risiko map -", formatted.out);
  EXPECT_EQ(again.status, 0) << again.out;
  EXPECT_NE(again.out.find(std::to_string(formatted.out.size()) + " bytes in a room"), std::string::npos) << again.out;

  std::string text(parley::peer::testing::kIslandsMap);
  text.replace(text.find("border n1 n2"), 12, "border n1 x9");
  const std::string broken = write_file("broken.map", text);
  auto bad = parley("risiko map " + good + " " + broken);
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.out.find(broken + ": line 16: "), std::string::npos) << bad.out;
  EXPECT_EQ(parley("risiko map /nonexistent/x.map").status, 3);
  EXPECT_EQ(parley("risiko map").status, 2);
}

}  // namespace
