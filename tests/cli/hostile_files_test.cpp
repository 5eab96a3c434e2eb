// The offline commands against files made to hurt (docs/cli.md, "Reading files"): gzip bombs,
// logs that inflate past the memory verify has, one malformed "game" the size of the file,
// FIFOs, sockets and devices, a game log given to the PGN commands. Each runs parley as a
// process and measures it as the kernel saw it (wait4's rusage: peak RSS, CPU time), against an
// anchor run of the same program in the same test; the bombs are made here, small on disk.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "game/chess/notation.hpp"
#include "tests/child_process.hpp"
#include "tests/peer/fake_lobby.hpp"

namespace {

namespace fs = std::filesystem;
using parley::game::Bytes;

// The test process's (made_apart's children write there too).
fs::path scratch() {
  static const fs::path dir = fs::temp_directory_path() / ("parley_hostile_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

class ScratchCleanup : public ::testing::Environment {
 public:
  void SetUp() override {
    scratch();
    // The sanitizer build's allocator keeps freed memory aside (256 MB by default) before it
    // reuses it: what is measured here is parley's memory, not the quarantine's.
    std::string asan = std::getenv("ASAN_OPTIONS") ? std::getenv("ASAN_OPTIONS") : "";
    ::setenv("ASAN_OPTIONS", (asan + (asan.empty() ? "" : ":") + "quarantine_size_mb=4").c_str(), 1);
    // A pipe whose reader has refused what it read is written to no more (piped()).
    ::signal(SIGPIPE, SIG_IGN);
  }
  void TearDown() override { fs::remove_all(scratch()); }
};
const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

struct Ran {
  int status = -1;  // the exit status; -1 if it had to be killed (it did not end within the time)
  std::string out;  // standard output and error
  long peak_rss_kb = 0;
  double cpu_s = 0;
};

// parley with `args`, standard input from `input` (a file; /dev/null when empty), or through
// /bin/sh when `shell` is set; killed if it runs past `give_up` (a hang is a failure, not a wait).
Ran run(const std::vector<std::string>& args, const std::string& input = "/dev/null",
        std::chrono::seconds give_up = std::chrono::seconds(120)) {
  const fs::path out = scratch() / "out";
  std::vector<std::string> argv = {PARLEY_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  const pid_t pid = parley::tests::spawn_tied_child(
      argv, {parley::tests::child_file(0, input, O_RDONLY), parley::tests::child_file(1, out, O_WRONLY | O_CREAT | O_TRUNC),
             parley::tests::child_dup(2, 1)});
  Ran r;
  if (pid < 0) return r;
  int status = 0;
  rusage usage{};
  const auto deadline = std::chrono::steady_clock::now() + give_up;
  pid_t waited = 0;
  while ((waited = ::wait4(pid, &status, WNOHANG, &usage)) == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (waited == 0) {
    ::kill(pid, SIGKILL);
    ::wait4(pid, &status, 0, &usage);
  } else if (WIFEXITED(status)) {
    r.status = WEXITSTATUS(status);
  }
  r.peak_rss_kb = usage.ru_maxrss;
  r.cpu_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
            static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  std::ifstream o(out);
  std::stringstream ss;
  ss << o.rdbuf();
  r.out = ss.str();
  return r;
}

// parley with `bytes` on its standard input through a pipe (a FIFO written by a thread, which
// stops when parley closes its end).
Ran piped(const std::vector<std::string>& args, const std::string& bytes) {
  const fs::path fifo = scratch() / "stdin.fifo";
  fs::remove(fifo);
  EXPECT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {
    const int fd = ::open(fifo.c_str(), O_WRONLY);
    for (std::size_t at = 0; fd >= 0 && at < bytes.size();) {
      const ssize_t n = ::write(fd, bytes.data() + at, bytes.size() - at);
      if (n <= 0) break;
      at += static_cast<std::size_t>(n);
    }
    if (fd >= 0) ::close(fd);
  });
  Ran r = run(args, fifo.string());
  writer.join();
  return r;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string write(const std::string& name, std::string_view bytes) {
  const fs::path path = scratch() / name;
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return path.string();
}

// A gzip file (written by zlib here) of `pieces` pieces of contents from `next(i)`.
template <class Next>
std::string gzip(const std::string& name, std::size_t pieces, Next next) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY), Z_OK);
  std::string packed;
  char out[1 << 16];
  for (std::size_t i = 0; i <= pieces; ++i) {
    const std::string piece = i < pieces ? next(i) : std::string();
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(piece.data()));
    z.avail_in = static_cast<uInt>(piece.size());
    do {
      z.next_out = reinterpret_cast<Bytef*>(out);
      z.avail_out = sizeof out;
      deflate(&z, i < pieces ? Z_NO_FLUSH : Z_FINISH);
      packed.append(out, sizeof out - z.avail_out);
    } while (z.avail_out == 0);
  }
  deflateEnd(&z);
  return write(name, packed);
}

std::string as_text(const Bytes& bytes) { return std::string(bytes.begin(), bytes.end()); }

// A valid log: Fool's mate between two seats, signed by a fake lobby.
std::string fools_mate_log() {
  using namespace parley::game::chess;
  parley::peer::testing::Table t;
  t.start_play();
  for (auto san : {"f3", "e5", "g4", "Qh4#"}) {
    Move m = *parse_san(t.chess().position(), san);
    parley::game::Seat s = seat_of(t.chess().position().side_to_move());
    t.post(s, t.chess_action({Action::Kind::move, s, m, 0}));
  }
  for (auto& l : t.locals) t.post(l.seat(), *l.duty(*t.session, {}));
  return as_text(parley::lobby::encode(t.lobby.log()));
}

// A log as a hostile lobby could sign it: its own key, every entry chained and signed, each a
// seat's envelope with `body_bytes` of zeros for a body (which no game reads). It decodes, the
// transcript takes every entry, and it squeezes: a few KB of gzip per MB of log.
std::string signed_junk_log(std::size_t entries, std::size_t body_bytes) {
  parley::peer::testing::FakeLobby lobby(2);
  for (std::size_t i = 0; i < entries; ++i)
    lobby.post_raw(parley::game::Seat{0}, parley::lobby::EnvelopeKind{1}, Bytes(body_bytes, 0));
  return as_text(parley::lobby::encode(lobby.log()));
}

std::size_t count(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

constexpr long kMiB = 1024;  // in ru_maxrss's kilobytes

// Runs `make` (which writes a test's input files) in a child process. A process's peak RSS
// counts the image it was forked from until its exec: had the test made its inputs itself (under
// a sanitizer, what it frees is kept aside), every parley it starts after would seem as large.
template <class Make>
void made_apart(Make make) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    make();
    ::_exit(::testing::Test::HasFailure() ? 1 : 0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

std::string in_scratch(const std::string& name) { return (scratch() / name).string(); }

// Four gzip files of 64 MiB of zeros each (64 KB apiece on disk), verified on four threads:
// each is refused after its first inflated bytes, as a stream of them is. Inflated whole, as
// before, they took 64 MiB each at once; here the peak stays near the anchor's.
TEST(HostileFiles, VerifyRefusesAGzipBombThatIsNotALogAfterItsFirstBytes) {
  const std::string anchor = in_scratch("anchor.plog"), bomb = in_scratch("bomb.plog.gz");
  std::vector<std::string> args = {"verify", "--any-lobby", "--json", "--jobs", "4"};
  for (int i = 0; i < 4; ++i) args.push_back(in_scratch("bomb" + std::to_string(i) + ".plog.gz"));
  made_apart([&] {
    write("anchor.plog", fools_mate_log());
    gzip("bomb.plog.gz", 64, [](std::size_t) { return std::string(1 << 20, '\0'); });
    for (std::size_t i = 4; i < args.size(); ++i) fs::copy_file(bomb, args[i], fs::copy_options::overwrite_existing);
  });
  ASSERT_LT(fs::file_size(bomb), 1u << 20);
  const Ran alone = run({"verify", "--any-lobby", anchor});
  ASSERT_EQ(alone.status, 0) << alone.out;

  const Ran bombs = run(args);
  EXPECT_EQ(bombs.status, 1) << bombs.out;
  EXPECT_EQ(count(bombs.out, "\"valid\":false"), 4u) << bombs.out;
  EXPECT_LT(bombs.peak_rss_kb, alone.peak_rss_kb + 16 * kMiB) << "anchor " << alone.peak_rss_kb;
  RecordProperty("anchor_peak_rss_kb", static_cast<int>(alone.peak_rss_kb));
  RecordProperty("bombs_peak_rss_kb", static_cast<int>(bombs.peak_rss_kb));

  // The same through standard input, from the file and through a pipe.
  for (const Ran& in : {run({"verify", "-"}, bomb), piped({"verify", "-"}, slurp(bomb))}) {
    EXPECT_EQ(in.status, 1) << in.out;
    EXPECT_NE(in.out.find("-: INVALID"), std::string::npos) << in.out;
    EXPECT_LT(in.peak_rss_kb, alone.peak_rss_kb + 16 * kMiB);
  }
}

// Logs that are logs all the way (signed and chained) and inflate to 5 MiB each, eight of them on
// eight threads with --memory 32: each needs more than a thread's share, so they are verified
// one at a time in the large share, and the peak stays within the 32 MiB (about 15 MiB each,
// 120 MiB at once before). A log past the large share is refused as unreadable, with its size.
TEST(HostileFiles, VerifyHoldsItsMemoryBudgetWhateverTheThreads) {
  const std::string anchor = in_scratch("anchor.plog"), larger = in_scratch("larger.plog.gz");
  std::vector<std::string> args = {"verify", "--any-lobby", "--json", "--memory", "32", "--jobs", "8"};
  for (int i = 0; i < 8; ++i) args.push_back(in_scratch("junk" + std::to_string(i) + ".plog.gz"));
  made_apart([&] {
    write("anchor.plog", fools_mate_log());
    const std::string log = signed_junk_log(20, 256 << 10);
    for (int i = 0; i < 8; ++i) gzip("junk" + std::to_string(i) + ".plog.gz", 1, [&](std::size_t) { return log; });
    gzip("larger.plog.gz", 1, [&](std::size_t) { return signed_junk_log(32, 256 << 10); });
  });
  const Ran alone = run({"verify", "--any-lobby", anchor});
  ASSERT_EQ(alone.status, 0) << alone.out;

  const Ran eight = run(args);
  EXPECT_EQ(eight.status, 1) << eight.out;  // read and verified: the junk is blamed
  EXPECT_EQ(count(eight.out, "\"valid\":false"), 8u) << eight.out;
  EXPECT_EQ(count(eight.out, "\"entries\":21"), 8u) << eight.out;
  EXPECT_LT(eight.peak_rss_kb, alone.peak_rss_kb + 32 * kMiB) << "anchor " << alone.peak_rss_kb;
  RecordProperty("anchor_peak_rss_kb", static_cast<int>(alone.peak_rss_kb));
  RecordProperty("eight_logs_peak_rss_kb", static_cast<int>(eight.peak_rss_kb));

  const Ran refused = run({"verify", "--any-lobby", "--memory", "32", larger, anchor});
  EXPECT_EQ(refused.status, 3) << refused.out;
  EXPECT_NE(refused.out.find(larger + ": cannot read: "), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find(anchor + ": valid"), std::string::npos) << refused.out;
  EXPECT_LT(refused.peak_rss_kb, alone.peak_rss_kb + 32 * kMiB);
}

// One malformed "game" the size of the file, no line break to cut at: the import reads it as
// pgn check does, once, and reports it with its file and line (the import read each 256 KB piece
// to the file's end: 64 MB took 10 s). Compared with pgn check on the same bytes, and with the
// import of a small file for what an import costs anyway.
TEST(HostileFiles, ImportIsLinearOnAFileThatIsOneMalformedGame) {
  const std::string db = in_scratch("archive.sqlite"), small = in_scratch("small.pgn");
  const std::string nul = in_scratch("nul.pgn"), long_line = in_scratch("line.pgn"), inflating = in_scratch("nul.pgn.gz");
  made_apart([&] {
    write("small.pgn", "[Event \"a\"]\n\n1. e4 e5 *\n");
    write("nul.pgn", std::string(48 << 20, '\0'));
    write("line.pgn", std::string(24 << 20, 'x'));
    gzip("nul.pgn.gz", 48, [](std::size_t) { return std::string(1 << 20, '\0'); });
  });
  const Ran anchor = run({"archive", "import", "--quiet", "--db", db, small});
  ASSERT_EQ(anchor.status, 0) << anchor.out;
  for (const std::string& file : {nul, long_line, inflating}) {
    const Ran check = run({"pgn", "check", file});
    EXPECT_EQ(check.status, 1) << check.out;
    const Ran import = run({"archive", "import", "--quiet", "--db", db, file});
    EXPECT_EQ(import.status, 1) << import.out;
    EXPECT_NE(import.out.find(file + ":1:1: "), std::string::npos) << import.out;
    EXPECT_NE(import.out.find(", 1 rejected"), std::string::npos) << import.out;
    EXPECT_LT(import.cpu_s - anchor.cpu_s, 4 * check.cpu_s + 0.05) << file << ": check " << check.cpu_s;
    RecordProperty(fs::path(file).filename().string() + "_import_cpu_ms", static_cast<int>(import.cpu_s * 1000));
    RecordProperty(fs::path(file).filename().string() + "_check_cpu_ms", static_cast<int>(check.cpu_s * 1000));
  }
}

// A FIFO (with no writer), a socket and a character device given as paths are refused at once
// by every command that reads files, with exit status 3; `-` still reads standard input.
TEST(HostileFiles, FifosSocketsAndDevicesAreRefusedAtOnce) {
  const fs::path fifo = scratch() / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const fs::path socket_path = scratch() / "socket";
  const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::snprintf(address.sun_path, sizeof address.sun_path, "%s", socket_path.c_str());
  ASSERT_EQ(::bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  const std::string db = (scratch() / "special.sqlite").string();
  for (const std::string& special : {fifo.string(), socket_path.string(), std::string("/dev/zero")}) {
    for (std::vector<std::string> args : std::vector<std::vector<std::string>>{
             {"verify"}, {"log", "show"}, {"pgn", "check"}, {"pgn", "export"}, {"archive", "import", "--db", db}}) {
      args.push_back(special);
      const Ran r = run(args, "/dev/null", std::chrono::seconds(20));
      EXPECT_EQ(r.status, 3) << args.front() << " " << special << ": " << r.out;
      EXPECT_NE(r.out.find(special + ": cannot read: "), std::string::npos) << r.out;
    }
    const Ran convert = run({"pgn", "convert", special, "--to", "pgn"}, "/dev/null", std::chrono::seconds(20));
    EXPECT_EQ(convert.status, 3) << special << ": " << convert.out;
  }
  ::close(sock);

  const std::string game = write("game.pgn", "[Event \"a\"]\n\n1. e4 e5 *\n");
  const Ran from_file = run({"pgn", "check", "-"}, game);
  EXPECT_EQ(from_file.status, 0) << from_file.out;
  EXPECT_NE(from_file.out.find("games 1, ok 1, bad 0"), std::string::npos) << from_file.out;
  const Ran from_device = run({"pgn", "check", "-"}, "/dev/null");
  EXPECT_EQ(from_device.status, 0) << from_device.out;
  EXPECT_NE(from_device.out.find("games 0, ok 0, bad 0"), std::string::npos) << from_device.out;
  const Ran from_pipe = piped({"pgn", "check", "-"}, "[Event \"a\"]\n\n1. d4 d5 *\n");
  EXPECT_EQ(from_pipe.status, 0) << from_pipe.out;
  EXPECT_NE(from_pipe.out.find("games 1, ok 1, bad 0"), std::string::npos) << from_pipe.out;
}

// A game log given to the PGN commands, plain or gzipped, is told for what it is, with the
// commands that read it, and is exit status 1; what follows it is read as ever.
TEST(HostileFiles, PgnCommandsTellAGameLogAndTheCommandsThatReadIt) {
  const std::string log = fools_mate_log();
  const std::string plain = write("fools.plog", log);
  const std::string packed = gzip("fools.plog.gz", 1, [&](std::size_t) { return log; });
  const std::string game = write("game.pgn", "[Event \"a\"]\n\n1. e4 e5 *\n");
  for (const std::string& file : {plain, packed}) {
    const Ran check = run({"pgn", "check", file, game});
    EXPECT_EQ(check.status, 1) << check.out;
    EXPECT_NE(check.out.find("parley verify " + file), std::string::npos) << check.out;
    EXPECT_NE(check.out.find("parley pgn export " + file), std::string::npos) << check.out;
    EXPECT_NE(check.out.find("games 1, ok 1, bad 0"), std::string::npos) << check.out;
    const Ran convert = run({"pgn", "convert", file, "--to", "pgn"});
    EXPECT_EQ(convert.status, 1) << convert.out;
    EXPECT_NE(convert.out.find("parley pgn export " + file), std::string::npos) << convert.out;
    const Ran exported = run({"pgn", "export", file});
    EXPECT_EQ(exported.status, 0) << exported.out;
    EXPECT_NE(exported.out.find("1. f3 e5 2. g4 Qh4# 0-1"), std::string::npos) << exported.out;
  }
}

}  // namespace
