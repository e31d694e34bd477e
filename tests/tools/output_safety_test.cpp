// A user's file is never damaged (issue 10, findings 1-3): an output that is an input, or
// the other output, or standard output, is refused before anything is opened; outputs are
// written under a temporary name and replace the target only when complete; every write to
// an output and to standard output is checked (exit 2, a message naming the file).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;
using fairykit::testing::slurp;
using fairykit::testing::ToolOutput;

const std::string kSample = std::string(FAIRYKIT_SOURCE_DIR) + "/samples/classics.pgn";
const std::string kBroken = std::string(FAIRYKIT_SOURCE_DIR) + "/samples/broken.pgn";

// A fresh directory holding a.pgn and b.pgn (copies of samples/classics.pgn: 4 valid games)
// and c.pgn (samples/broken.pgn: 1 valid, 3 invalid).
class OutputSafety : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fairykit::testing::unique_temp("outputs");
    fs::create_directories(dir_);
    fs::copy_file(kSample, dir_ + "/a.pgn");
    fs::copy_file(kSample, dir_ + "/b.pgn");
    fs::copy_file(kBroken, dir_ + "/c.pgn");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs a shell script in the directory; $V and $P are the two tools. The script's own
  // standard output and error are captured (redirect the tool's inside the script).
  ToolOutput sh(const std::string& script) const {
    const std::string base = fairykit::testing::unique_temp("sh");
    const std::string bin = FAIRYKIT_BIN_DIR;
    const std::string cmd = "cd '" + dir_ + "' && V='" + bin + "/fairy-validate' P='" + bin +
                            "/fairy-perft' bash -c '" + script + "' </dev/null >" + base +
                            ".out 2>" + base + ".err";
    ToolOutput o;
    const int st = std::system(cmd.c_str());
    o.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    o.out = slurp(base + ".out");
    o.err = slurp(base + ".err");
    fs::remove(base + ".out");
    fs::remove(base + ".err");
    return o;
  }
  std::string file(const std::string& name) const { return slurp(dir_ + "/" + name); }
  bool exists(const std::string& name) const { return fs::exists(dir_ + "/" + name); }
  // The directory holds exactly these names (no temporary file left behind).
  std::string listing() const {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) names.insert(e.path().filename().string());
    std::string s;
    for (const auto& n : names) s += n + " ";
    return s;
  }

  std::string dir_;
  const std::string sample_ = slurp(kSample);
};

TEST_F(OutputSafety, ValidOutThatIsTheInputIsRefused) {
  const ToolOutput o = sh("\"$V\" --valid-out a.pgn a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: --valid-out 'a.pgn' is the input 'a.pgn': refusing to "
            "overwrite it\n");
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(file("a.pgn"), sample_);
}

TEST_F(OutputSafety, InvalidOutThatIsTheInputIsRefused) {
  const ToolOutput o = sh("\"$V\" --invalid-out ./a.pgn a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: --invalid-out './a.pgn' is the input 'a.pgn': refusing to "
            "overwrite it\n");
  EXPECT_EQ(file("a.pgn"), sample_);
}

TEST_F(OutputSafety, OutputThroughASymbolicOrHardLinkToAnInputIsRefused) {
  fs::create_symlink("a.pgn", dir_ + "/sym.pgn");
  fs::create_hard_link(dir_ + "/a.pgn", dir_ + "/hard.pgn");
  ToolOutput o = sh("\"$V\" --valid-out sym.pgn a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: --valid-out 'sym.pgn' is the input 'a.pgn': refusing to "
            "overwrite it\n");
  o = sh("\"$V\" --invalid-out hard.pgn a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: --invalid-out 'hard.pgn' is the input 'a.pgn': refusing to "
            "overwrite it\n");
  EXPECT_EQ(file("a.pgn"), sample_);
  EXPECT_TRUE(fs::is_symlink(dir_ + "/sym.pgn"));
}

TEST_F(OutputSafety, OutputThatIsALaterInputIsRefusedBeforeAnythingIsRead) {
  const ToolOutput o = sh("\"$V\" a.pgn b.pgn --valid-out b.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: --valid-out 'b.pgn' is the input 'b.pgn': refusing to "
            "overwrite it\n");
  EXPECT_EQ(o.out, "");  // not even a.pgn was read
  EXPECT_EQ(file("b.pgn"), sample_);
}

TEST_F(OutputSafety, OutputThatIsStandardInputIsRefused) {
  const ToolOutput o = sh("\"$V\" --valid-out a.pgn - < a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: --valid-out 'a.pgn' is standard input: refusing to "
            "overwrite it\n");
  EXPECT_EQ(file("a.pgn"), sample_);
}

TEST_F(OutputSafety, TheTwoOutputsMayNotBeTheSameFile) {
  const ToolOutput o = sh("\"$V\" c.pgn --valid-out x.pgn --invalid-out ./x.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: --valid-out 'x.pgn' and --invalid-out './x.pgn' are the "
            "same file\n");
  EXPECT_FALSE(exists("x.pgn"));
  // Existing, through a link.
  fs::copy_file(kSample, dir_ + "/y.pgn");
  fs::create_symlink("y.pgn", dir_ + "/z.pgn");
  const ToolOutput p = sh("\"$V\" c.pgn --valid-out y.pgn --invalid-out z.pgn");
  EXPECT_EQ(p.status, 2);
  EXPECT_EQ(p.err,
            "fairy-validate: --valid-out 'y.pgn' and --invalid-out 'z.pgn' are the "
            "same file\n");
  EXPECT_EQ(file("y.pgn"), sample_);
}

TEST_F(OutputSafety, StandardOutputThatIsAnInputOrAnOutputIsRefused) {
  ToolOutput o = sh("\"$V\" --format jsonl a.pgn >> a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: standard output is the input 'a.pgn': refusing to "
            "overwrite it\n");
  EXPECT_EQ(file("a.pgn"), sample_);
  o = sh("\"$V\" a.pgn --valid-out r.txt > r.txt");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: --valid-out 'r.txt' is standard output: the two would "
            "overwrite each other\n");
}

TEST_F(OutputSafety, SideFilesHoldEveryGameVerbatim) {
  const ToolOutput o = sh("\"$V\" -q c.pgn --valid-out v.pgn --invalid-out i.pgn");
  EXPECT_EQ(o.status, 1) << o.err;
  EXPECT_EQ(file("v.pgn").size() + file("i.pgn").size(), file("c.pgn").size());
  EXPECT_NE(file("c.pgn").find(file("v.pgn")), std::string::npos);  // the one valid game
  EXPECT_EQ(listing(), "a.pgn b.pgn c.pgn i.pgn v.pgn ");
}

TEST_F(OutputSafety, WriteErrorOfAnOutputIsExitTwoAndNamesTheFile) {
  const ToolOutput o = sh("\"$V\" a.pgn --valid-out /dev/full");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.out, "a.pgn: 4 games read: 4 valid, 0 invalid; 0 errors, 0 warnings\n");
  EXPECT_EQ(o.err,
            "fairy-validate: /dev/full: cannot write: No space left on device (the file is "
            "left as it was)\n");
}

TEST_F(OutputSafety, AWriteErrorStopsTheRun) {
  // 6000 games (about 4 MB), so that the output's 1 MiB buffer is written, and fails,
  // long before the end: nothing after the batch where it failed is read.
  {
    std::ofstream big(dir_ + "/big.pgn");
    for (int i = 0; i < 1500; ++i) big << sample_;
  }
  const ToolOutput o = sh("\"$V\" -q big.pgn --valid-out /dev/full");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: /dev/full: cannot write: No space left on device (the file is "
            "left as it was)\n");
  const long long read = std::stoll(o.out.substr(o.out.find(": ") + 2));
  EXPECT_GT(read, 0) << o.out;
  EXPECT_LT(read, 6000) << o.out;
}

TEST_F(OutputSafety, AFailedWriteLeavesTheOldFileAndNoTemporaryFile) {
  std::ofstream(dir_ + "/old.pgn") << "OLD\n";
  // A file size limit of 1 KiB: the 2.8 KB of games cannot be written (EFBIG).
  ToolOutput o = sh("ulimit -f 1; trap \"\" XFSZ; \"$V\" a.pgn --valid-out old.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-validate: old.pgn: cannot write: File too large (the file is left as it "
            "was)\n");
  EXPECT_EQ(file("old.pgn"), "OLD\n");
  EXPECT_EQ(listing(), "a.pgn b.pgn c.pgn old.pgn ");
  // The same killed by SIGXFSZ: the temporary file is removed on the way out.
  o = sh("ulimit -f 1; exec \"$V\" a.pgn --valid-out old.pgn");
  EXPECT_NE(o.status, 0);
  EXPECT_EQ(file("old.pgn"), "OLD\n");
  EXPECT_EQ(listing(), "a.pgn b.pgn c.pgn old.pgn ");
}

TEST_F(OutputSafety, ReplacedFileKeepsItsModeAndLinksStay) {
  std::ofstream(dir_ + "/target.pgn") << "OLD\n";
  fs::permissions(dir_ + "/target.pgn", fs::perms(0640));
  fs::create_symlink("target.pgn", dir_ + "/via.pgn");
  const ToolOutput o = sh("\"$V\" -q a.pgn --valid-out via.pgn");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(fs::is_symlink(dir_ + "/via.pgn"));
  EXPECT_EQ(file("target.pgn"), sample_);
  EXPECT_EQ(fs::status(dir_ + "/target.pgn").permissions(), fs::perms(0640));
  // A new file gets 0666 less the umask.
  const ToolOutput n = sh("umask 027; \"$V\" -q a.pgn --valid-out new.pgn");
  EXPECT_EQ(n.status, 0) << n.err;
  EXPECT_EQ(fs::status(dir_ + "/new.pgn").permissions(), fs::perms(0640));
}

TEST_F(OutputSafety, StandardOutputFullOrClosedIsExitTwo) {
  ToolOutput o = sh("\"$V\" a.pgn > /dev/full");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "fairy-validate: cannot write standard output: No space left on device\n");
  o = sh("\"$V\" a.pgn >&-");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "fairy-validate: cannot write standard output: it is closed\n");
  o = sh("\"$P\" -q --fen startpos --depth 3 > /dev/full");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "fairy-perft: cannot write standard output: No space left on device\n");
  o = sh("\"$P\" -q --fen startpos --depth 3 >&-");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "fairy-perft: cannot write standard output: it is closed\n");
}

TEST_F(OutputSafety, AClosedStandardOutputIsNotTakenByAnOutputFile) {
  // With descriptor 1 closed, the temporary file of --valid-out would be opened as
  // descriptor 1 and the report written into it.
  const ToolOutput o = sh("\"$V\" a.pgn --valid-out v.pgn >&-");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(file("v.pgn"), sample_);
}

}  // namespace
