// A user's file is never damaged: an output that is an input, or the other output, or
// standard output, is refused before anything is opened (also the files SQLite writes beside
// a database, and the diagrams of --to svg -o DIR, where a symbolic link is never followed);
// outputs are written under a temporary name and replace the target only when complete;
// every write to an output and to standard output is checked (exit 2, a message naming the
// file and the cause).
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

  // Runs a shell script in the directory; $V, $P, $C and $A are fairy-validate, -perft,
  // -convert and -analyze. The script's own standard output and error are captured
  // (redirect the tool's inside the script).
  ToolOutput sh(const std::string& script) const {
    const std::string base = fairykit::testing::unique_temp("sh");
    const std::string bin = FAIRYKIT_BIN_DIR;
    const std::string cmd = "cd '" + dir_ + "' && V='" + bin + "/fairy-validate' P='" + bin +
                            "/fairy-perft' C='" + bin + "/fairy-convert' A='" + bin +
                            "/fairy-analyze' bash -c '" + script + "' </dev/null >" + base +
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
  // The directory (or its subdirectory `sub`) holds exactly these names (no temporary file
  // left behind).
  std::string listing(const std::string& sub = "") const {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_ + "/" + sub))
      names.insert(e.path().filename().string());
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
  const ToolOutput o = sh("\"$V\" big.pgn --valid-out /dev/full");
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

TEST_F(OutputSafety, AnInputNamedLikeTheDatabasesJournalIsRefused) {
  // SQLite would write its journal over the input (and read back a database of 0 games).
  const std::pair<std::string, std::string> side_files[] = {
      {"-journal", "journal"}, {"-wal", "write-ahead log"}, {"-shm", "write-ahead log index"}};
  for (const auto& [suffix, what] : side_files) {
    fs::copy_file(kSample, dir_ + "/out.db" + suffix);
    const ToolOutput o = sh("\"$C\" --to sqlite -o out.db out.db" + suffix);
    EXPECT_EQ(o.status, 2) << suffix;
    EXPECT_EQ(o.err, "fairy-convert: --output's " + what + " 'out.db" + suffix +
                         "' is the input 'out.db" + suffix + "': refusing to overwrite it\n");
    EXPECT_EQ(file("out.db" + suffix), sample_);
    EXPECT_EQ(listing(), "a.pgn b.pgn c.pgn out.db" + suffix + " ");
    fs::remove(dir_ + "/out.db" + suffix);
  }
  // Through a link to the database: SQLite's journal is beside the file the link points to.
  fs::create_directories(dir_ + "/sub");
  fs::copy_file(kSample, dir_ + "/sub/real.db-journal");
  fs::create_symlink("sub/real.db", dir_ + "/link.db");
  ToolOutput o = sh("\"$C\" --to sqlite -o link.db sub/real.db-journal");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --output's journal 'sub/real.db-journal' is the input "
            "'sub/real.db-journal': refusing to overwrite it\n");
  EXPECT_EQ(file("sub/real.db-journal"), sample_);
  EXPECT_FALSE(exists("sub/real.db"));
  // A symbolic link at the journal's name is never written through, input or not.
  fs::create_symlink("b.pgn", dir_ + "/out.db-journal");
  o = sh("\"$C\" --to sqlite -o out.db a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: out.db-journal: a symbolic link where SQLite writes the journal of "
            "out.db: refusing to write through it (the file is left as it was)\n");
  EXPECT_EQ(file("b.pgn"), sample_);
  EXPECT_FALSE(exists("out.db"));
}

TEST_F(OutputSafety, SvgDirectoryNeverWritesThroughASymbolicLink) {
  // The names the diagrams of a.pgn get: 1-game-N-ply-P.svg (--every 1000: ply 0 only).
  fs::create_directories(dir_ + "/d");
  fs::create_symlink("../a.pgn", dir_ + "/d/1-game-1-ply-0.svg");
  ToolOutput o = sh("\"$C\" --to svg --every 1000 -o d a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --output 'd': 'd/1-game-1-ply-0.svg' is a symbolic link: refusing "
            "to write through it\n");
  EXPECT_EQ(file("a.pgn"), sample_);
  // Also when it leads to a file that is not an input: nothing is written at all.
  fs::remove(dir_ + "/d/1-game-1-ply-0.svg");
  fs::create_symlink("../b.pgn", dir_ + "/d/1-game-3-ply-0.svg");
  o = sh("\"$C\" --to svg --every 1000 -o d a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --output 'd': 'd/1-game-3-ply-0.svg' is a symbolic link: refusing "
            "to write through it\n");
  EXPECT_EQ(file("b.pgn"), sample_);
  EXPECT_EQ(listing("d"), "1-game-3-ply-0.svg ");
  // Once the link is gone, the four diagrams are written.
  fs::remove(dir_ + "/d/1-game-3-ply-0.svg");
  o = sh("\"$C\" -q --to svg --every 1000 -o d a.pgn");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(listing("d"),
            "1-game-1-ply-0.svg 1-game-2-ply-0.svg 1-game-3-ply-0.svg 1-game-4-ply-0.svg ");
  EXPECT_EQ(file("d/1-game-4-ply-0.svg").rfind("<svg ", 0), 0u);
}

TEST_F(OutputSafety, SvgDirectoryDoesNotOverwriteAnInput) {
  // An input inside the directory under a diagram's name, by name or by a hard link.
  fs::create_directories(dir_ + "/d");
  fs::copy_file(kSample, dir_ + "/d/1-game-2-ply-0.svg");
  ToolOutput o = sh("\"$C\" --to svg --every 1000 -o d d/1-game-2-ply-0.svg");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --output 'd/1-game-2-ply-0.svg' is the input "
            "'d/1-game-2-ply-0.svg': refusing to overwrite it\n");
  EXPECT_EQ(file("d/1-game-2-ply-0.svg"), sample_);
  fs::remove(dir_ + "/d/1-game-2-ply-0.svg");
  fs::create_hard_link(dir_ + "/a.pgn", dir_ + "/d/2-game-1-ply-0.svg");
  o = sh("\"$C\" --to svg --every 1000 -o d b.pgn a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --output 'd/2-game-1-ply-0.svg' is the input 'a.pgn': refusing "
            "to overwrite it\n");
  EXPECT_EQ(file("a.pgn"), sample_);
  EXPECT_EQ(listing("d"), "2-game-1-ply-0.svg ");
  // Nor a side file of the run named like a diagram (c.pgn's game 4 is drawn, the others
  // go to --invalid-out).
  fs::remove(dir_ + "/d/2-game-1-ply-0.svg");
  o = sh("\"$C\" --to svg --every 1000 -o d --invalid-out d/1-game-4-ply-0.svg c.pgn");
  EXPECT_EQ(o.status, 2);
  const std::string same =
      "fairy-convert: --invalid-out 'd/1-game-4-ply-0.svg' and --output "
      "'d/1-game-4-ply-0.svg' are the same file\n";
  EXPECT_NE(o.err.find(same), std::string::npos) << o.err;
  EXPECT_EQ(fairykit::testing::last_line(o.err),
            "c.pgn: 4 games read: 1 written, 0 filtered out, 3 rejected; 1 warning\n");
  EXPECT_EQ(file("d/1-game-4-ply-0.svg").rfind("[Event ", 0), 0u);
}

TEST_F(OutputSafety, AnOutputNameOf255BytesIsWritten) {
  // The longest name a file may have: its temporary name must be no longer.
  const std::string name = std::string(251, 'n') + ".pgn";
  ToolOutput o = sh("\"$V\" -q a.pgn --valid-out " + name);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(file(name), sample_);
  o = sh("\"$C\" -q a.pgn -o " + name);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(file(name), sh("\"$C\" -q a.pgn").out);
  EXPECT_EQ(listing(), "a.pgn b.pgn c.pgn " + name + " ");
}

TEST_F(OutputSafety, AnEmptyOutputNameIsRefusedBeforeAnyWork) {
  struct Case {
    const char* script;
    const char* err;
  } const cases[] = {
      {"\"$C\" a.pgn -o \"\"", "fairy-convert: --output wants a file name, not ''\n"},
      {"\"$C\" --to sqlite a.pgn -o \"\"", "fairy-convert: --output wants a file name, not ''\n"},
      {"\"$C\" --to svg a.pgn -o \"\"", "fairy-convert: --output wants a file name, not ''\n"},
      {"\"$C\" c.pgn --invalid-out \"\"",
       "fairy-convert: --invalid-out wants a file name, not ''\n"},
      {"\"$C\" --dedupe a.pgn --duplicates-out \"\"",
       "fairy-convert: --duplicates-out wants a file name, not ''\n"},
      {"\"$V\" a.pgn --valid-out \"\"", "fairy-validate: --valid-out wants a file name, not ''\n"},
      {"\"$A\" a.pgn --html \"\"", "fairy-analyze: --html wants a file name, not ''\n"},
      {"\"$A\" a.pgn -o \"\"", "fairy-analyze: --output wants a file name, not ''\n"},
      {"\"$P\" --make-suite 2 --seed 1 --depth 1 -o \"\"",
       "fairy-perft: an output file needs a name, not ''\n"},
  };
  for (const Case& c : cases) {
    const ToolOutput o = sh(c.script);
    EXPECT_EQ(o.status, 2) << c.script;
    EXPECT_EQ(o.err, c.err) << c.script;  // no summary: nothing was read
    EXPECT_EQ(o.out, "") << c.script;
  }
  EXPECT_EQ(listing(), "a.pgn b.pgn c.pgn ");
}

TEST_F(OutputSafety, StandardOutputErrorsNameTheirCause) {
  // The small print paths (stdio's printf too) and the main output of the batch tools.
  for (const char* script :
       {"\"$C\" --key startpos", "\"$C\" --help", "\"$C\" --list-variants", "\"$C\" --version",
        "\"$V\" --help", "\"$V\" --list-variants", "\"$P\" --help", "\"$P\" --list-variants",
        "\"$A\" --help", "\"$A\" --list-variants", "\"$P\" --make-suite 2 --seed 1 --depth 2"}) {
    const ToolOutput o = sh(std::string(script) + " > /dev/full");
    EXPECT_EQ(o.status, 2) << script;
    const std::string tool = o.err.substr(0, o.err.find(':'));
    EXPECT_EQ(o.err, tool + ": cannot write standard output: No space left on device\n") << script;
  }
  const std::pair<const char*, const char*> cases[] = {
      {"\"$C\" --key startpos >&-", "fairy-convert: cannot write standard output: it is closed\n"},
      {"\"$C\" a.pgn > /dev/full",
       "a.pgn: 4 games read: 4 written, 0 filtered out, 0 rejected; 0 warnings\n"
       "fairy-convert: cannot write standard output: No space left on device\n"},
      {"\"$A\" a.pgn > /dev/full",
       "a.pgn: 4 games read: 4 analysed, 0 rejected\n"
       "fairy-analyze: cannot write standard output: No space left on device\n"},
      {"\"$A\" a.pgn >&-",
       "a.pgn: 4 games read: 4 analysed, 0 rejected\n"
       "fairy-analyze: cannot write standard output: it is closed\n"},
  };
  for (const auto& [script, err] : cases) {
    const ToolOutput o = sh(script);
    EXPECT_EQ(o.status, 2) << script;
    EXPECT_EQ(o.err, err) << script;
  }
}

}  // namespace
