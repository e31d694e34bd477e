// The progress line of the tools that read games: its text (bytes, games, speed, time left;
// no part read nor time left when the size is unknown), how often it is written, and that
// each of fairy-validate, fairy-convert and fairy-analyze shows it on a terminal.
#include "tools/common/progress.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "tests/tools/run_tool.h"

namespace fairykit::cli {
namespace {

constexpr std::uint64_t kSize = 29'300'000;  // 29.3 MB

TEST(ProgressText, KnownSizeAtTheStart) {
  EXPECT_EQ(progress_text({.name = "games.pgn", .size = kSize}),
            "games.pgn: 0.0% 0 B of 29.3 MB  0 games");
}

TEST(ProgressText, KnownSizeInTheMiddleWithTheTimeLeft) {
  // 16.994 MB left at 12.306 MB in 5 s: 6.9 s, shown as 7.
  EXPECT_EQ(progress_text({.name = "games.pgn",
                           .bytes_read = 12'306'000,
                           .size = kSize,
                           .file_games = 1024,
                           .total_games = 102'400,
                           .seconds = 2.0,
                           .input_seconds = 5.0}),
            "games.pgn: 42.0% 12.3 MB of 29.3 MB  1,024 games  51,200 games/s  0:07 left");
  // In the first half second of the input the rate is not settled: no time left yet.
  EXPECT_EQ(progress_text({.name = "games.pgn",
                           .bytes_read = 12'306'000,
                           .size = kSize,
                           .file_games = 1,
                           .total_games = 10,
                           .seconds = 0.25,
                           .input_seconds = 0.4}),
            "games.pgn: 42.0% 12.3 MB of 29.3 MB  1 game  40 games/s");
  // Rounded down: 100.0% only when every byte is read.
  EXPECT_EQ(progress_text({.name = "a.pgn", .bytes_read = 999'999, .size = 1'000'000}),
            "a.pgn: 99.9% 1.0 MB of 1.0 MB  0 games");
}

TEST(ProgressText, KnownSizeAtTheEnd) {
  EXPECT_EQ(progress_text({.name = "games.pgn",
                           .bytes_read = kSize,
                           .size = kSize,
                           .file_games = 3000,
                           .total_games = 3000,
                           .seconds = 4.0,
                           .input_seconds = 4.0}),
            "games.pgn: 100.0% 29.3 MB of 29.3 MB  3,000 games  750 games/s  0:00 left");
}

TEST(ProgressText, UnknownSizeHasNoPartReadNorTimeLeft) {
  for (double secs : {0.0, 0.5, 3.0, 600.0}) {
    const std::string text = progress_text({.name = "<stdin>",
                                            .bytes_read = 12'345'678,
                                            .file_games = 1024,
                                            .total_games = 1024,
                                            .seconds = secs,
                                            .input_seconds = secs});
    EXPECT_EQ(text.find('%'), std::string::npos) << text;
    EXPECT_EQ(text.find("left"), std::string::npos) << text;
  }
  EXPECT_EQ(progress_text({.name = "<stdin>",
                           .bytes_read = 12'345'678,
                           .file_games = 1024,
                           .total_games = 1024,
                           .seconds = 0.5,
                           .input_seconds = 0.5}),
            "<stdin>: 12.3 MB  1,024 games  2,048 games/s");
}

TEST(ProgressText, ALongNameIsShortenedAtItsBeginning) {
  const std::string name = "/data/archives/lichess/2024/lichess_db_standard_rated_2024-01.pgn.zst";
  const std::string with_eta = progress_text({.name = name,
                                              .bytes_read = 12'306'000,
                                              .size = kSize,
                                              .file_games = 1024,
                                              .total_games = 102'400,
                                              .seconds = 2.0,
                                              .input_seconds = 5.0});
  EXPECT_EQ(with_eta,
            "...01.pgn.zst: 42.0% 12.3 MB of 29.3 MB  1,024 games  51,200 games/s  0:07 left");
  EXPECT_EQ(with_eta.size(), 79u);
  const std::string at_start = progress_text({.name = name, .size = kSize});
  EXPECT_EQ(at_start,
            "...2024/lichess_db_standard_rated_2024-01.pgn.zst: 0.0% 0 B of 29.3 MB  0 games");
  EXPECT_EQ(at_start.size(), 79u);
  // A name that fits is kept whole; control characters would move the cursor.
  EXPECT_EQ(progress_text({.name = "a\rb\033.pgn", .bytes_read = 5}), "a?b?.pgn: 5 B  0 games");
  // UTF-8 counts a column a character and is cut between characters.
  const std::string accents = progress_text(
      {.name = "/parties/échecs/" + std::string(60, 'x') + "é.pgn", .bytes_read = 999});
  EXPECT_EQ(accents, "..." + std::string(55, 'x') + "é.pgn: 999 B  0 games");
}

TEST(ProgressText, LargeNumbers) {
  // 1.23 TB of 2 TB in an hour: 0.77 TB left, a little over 37:12 at that rate.
  EXPECT_EQ(progress_text({.name = "big.pgn",
                           .bytes_read = 1'234'567'890'123,
                           .size = 2'000'000'000'000,
                           .file_games = 123'456'789,
                           .total_games = 987'654'321,
                           .seconds = 3600.0,
                           .input_seconds = 3600.0}),
            "big.pgn: 61.7% 1.2 TB of 2.0 TB  123,456,789 games  274,348 games/s  37:13 left");
  // Hours once an hour is left.
  EXPECT_EQ(progress_text({.name = "big.pgn",
                           .bytes_read = 1'000'000'000,
                           .size = 10'000'000'000,
                           .file_games = 7,
                           .total_games = 7,
                           .seconds = 1000.0,
                           .input_seconds = 1000.0}),
            "big.pgn: 10.0% 1.0 GB of 10.0 GB  7 games  0 games/s  2:30:00 left");
  // A unit is left for the next when its figure would read 1000.0.
  EXPECT_EQ(progress_text({.name = "-", .bytes_read = 999}), "-: 999 B  0 games");
  EXPECT_EQ(progress_text({.name = "-", .bytes_read = 1000}), "-: 1.0 kB  0 games");
  EXPECT_EQ(progress_text({.name = "-", .bytes_read = 999'949}), "-: 999.9 kB  0 games");
  EXPECT_EQ(progress_text({.name = "-", .bytes_read = 999'950}), "-: 1.0 MB  0 games");
  EXPECT_EQ(progress_text({.name = "-", .bytes_read = 5'000'000'000'000'000'000u}),
            "-: 5000.0 PB  0 games");
}

// The line as written to a file, with a clock the test sets.
class ProgressLineTest : public ::testing::Test {
 protected:
  void SetUp() override { file_ = std::tmpfile(); }
  void TearDown() override { std::fclose(file_); }
  std::string written() {
    std::fflush(file_);
    std::rewind(file_);
    std::string s;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, file_)) > 0;) s.append(buf, n);
    return s;
  }
  std::FILE* file_ = nullptr;
  double now_ = 0;
};

TEST_F(ProgressLineTest, WrittenAtMostTenTimesASecond) {
  {
    ProgressLine line(true, file_, [this] { return now_; });
    line.show_games("a.pgn", 100, 1000, 1, 1);  // the first call is shown
    now_ = 0.05;
    line.show_games("a.pgn", 200, 1000, 2, 2);  // too soon
    now_ = 0.09;
    line.show_games("a.pgn", 300, 1000, 3, 3);  // too soon
    now_ = 0.1;
    line.show_games("a.pgn", 500, 1000, 5, 5);  // 0.1 s after the first: shown
    now_ = 1.0;
    line.show_games("a.pgn", 500, 1000, 10, 10);
    // The next input began about when the last call of the one before was (1.0 s): its
    // time left is from its own rate (100 bytes in 1 s), not from the whole run's.
    now_ = 2.0;
    line.show_games("b.pgn", 100, 1000, 4, 14);
    line.clear();
  }
  EXPECT_EQ(written(),
            "\r\033[Ka.pgn: 10.0% 100 B of 1.0 kB  1 game"
            "\r\033[Ka.pgn: 50.0% 500 B of 1.0 kB  5 games  50 games/s"
            "\r\033[Ka.pgn: 50.0% 500 B of 1.0 kB  10 games  10 games/s  0:01 left"
            "\r\033[Kb.pgn: 10.0% 100 B of 1.0 kB  4 games  7 games/s  0:09 left"
            "\r\033[K");
}

TEST_F(ProgressLineTest, TheSameFileAgainIsANewInput) {
  {
    ProgressLine line(true, file_, [this] { return now_; });
    now_ = 1.0;
    line.show_games("a.pgn", 1000, 1000, 10, 10);
    now_ = 3.0;  // a.pgn again from its beginning: began at 1.0
    line.show_games("a.pgn", 200, 1000, 2, 12);
  }  // cleared as the line goes
  EXPECT_EQ(written(),
            "\r\033[Ka.pgn: 100.0% 1.0 kB of 1.0 kB  10 games  10 games/s  0:00 left"
            "\r\033[Ka.pgn: 20.0% 200 B of 1.0 kB  2 games  4 games/s  0:08 left"
            "\r\033[K");
}

TEST_F(ProgressLineTest, DisabledWritesNothing) {
  {
    ProgressLine line(false, file_, [this] { return now_; });
    line.show_games("a.pgn", 100, 1000, 1, 1);
    line.show("text");
    line.clear();
  }
  EXPECT_EQ(written(), "");
}

// Each tool that reads games shows the line with standard error a terminal: the part read of
// a file; bytes and games, and no part read, from a pipe. -q shows none.
TEST(ProgressLineOfTheTools, FileAndPipe) {
  if (std::system("command -v python3 >/dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  const std::string dir = std::string(FAIRYKIT_SOURCE_DIR) + "/samples";
  const std::string file = "classics.pgn";  // named short: the line shows it whole
  // Standard error a pseudo-terminal; what the tool wrote to it on standard output here. The
  // terminal's other end stays open here until the tool has ended and all it wrote is read:
  // once every writer has closed it, the kernel may drop what was not read yet (it did, on
  // some machines, after the first write).
  const std::string pty_err =
      "python3 -c 'import os, pty, select, subprocess, sys, time\n"
      "m, s = pty.openpty()\n"
      "p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=s)\n"
      "out = b\"\"\n"
      "quiet = 0\n"
      "end = time.monotonic() + 60\n"
      "while quiet < 3 and time.monotonic() < end:\n"
      "  ended = p.poll() is not None\n"
      "  if select.select([m], [], [], 0.05)[0]:\n"
      "    out += os.read(m, 65536)\n"
      "    quiet = 0\n"
      "  elif ended:\n"
      "    quiet += 1\n"
      "sys.stdout.buffer.write(out)' ";
  const std::string in_dir = "cd '" + dir + "' && ";
  for (const std::string tool : {"fairy-validate", "fairy-convert", "fairy-analyze"}) {
    const std::string program = "'" + std::string(FAIRYKIT_BIN_DIR) + "/" + tool + "'";
    const testing::ToolOutput from_file =
        testing::run_shell(in_dir + pty_err + program + " '" + file + "'");
    EXPECT_NE(from_file.out.find("\033[K" + file + ": "), std::string::npos)
        << tool << ": " << from_file.out;
    EXPECT_NE(from_file.out.find("% "), std::string::npos) << tool << ": " << from_file.out;
    EXPECT_NE(from_file.out.find(" of 2.8 kB  "), std::string::npos)
        << tool << ": " << from_file.out;
    EXPECT_NE(from_file.out.find(" games"), std::string::npos) << tool << ": " << from_file.out;

    const testing::ToolOutput piped =
        testing::run_shell(in_dir + "cat '" + file + "' | " + pty_err + program + " -");
    EXPECT_NE(piped.out.find("\033[K<stdin>: "), std::string::npos) << tool << ": " << piped.out;
    EXPECT_NE(piped.out.find(" kB  "), std::string::npos) << tool << ": " << piped.out;
    EXPECT_EQ(piped.out.find('%'), std::string::npos) << tool << ": " << piped.out;
    EXPECT_EQ(piped.out.find(" left"), std::string::npos) << tool << ": " << piped.out;

    const testing::ToolOutput quiet =
        testing::run_shell(in_dir + pty_err + program + " -q '" + file + "'");
    EXPECT_EQ(quiet.out.find("\033[K"), std::string::npos) << tool << ": " << quiet.out;
  }
}

}  // namespace
}  // namespace fairykit::cli
