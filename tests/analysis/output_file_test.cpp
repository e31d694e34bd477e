// OutputFile: the target changes only on a successful commit(); nothing is left behind.
#include "analysis/io/output_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "parsers/input.h"
#include "tests/analysis/temp_dir.h"

namespace fairykit::analysis {
namespace {

namespace fs = std::filesystem;
using fairykit::testing::read_file;

class OutputFileTest : public fairykit::testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    std::ofstream(dir_ / "t.pgn") << "OLD";
  }
};

TEST_F(OutputFileTest, WithoutCommitTheTargetStaysAndTheTemporaryFileGoes) {
  {
    auto f = OutputFile::open((dir_ / "t.pgn").string());
    ASSERT_TRUE(f.ok()) << f.status();
    (*f)->write(std::string(3 << 20, 'x'));  // larger than the buffer: written at once
    EXPECT_EQ(entries(), 2);                 // the target and the temporary file
  }
  EXPECT_EQ(read_file(dir_ / "t.pgn"), "OLD");
  EXPECT_EQ(entries(), 1);
}

TEST_F(OutputFileTest, CommitReplacesTheTargetWithEveryByte) {
  auto f = OutputFile::open((dir_ / "t.pgn").string());
  ASSERT_TRUE(f.ok()) << f.status();
  std::string want;
  for (int i = 0; i < 100000; ++i) {
    const std::string line = "line " + std::to_string(i) + "\n";
    (*f)->write(line);
    want += line;
  }
  (*f)->write(std::string(2 << 20, 'y'));
  want += std::string(2 << 20, 'y');
  EXPECT_TRUE((*f)->commit().ok());
  EXPECT_EQ(read_file(dir_ / "t.pgn"), want);
  EXPECT_EQ(entries(), 1);
}

TEST_F(OutputFileTest, DirectoriesAndMissingDirectoriesAreErrors) {
  auto d = OutputFile::open(dir_.string());
  EXPECT_EQ(d.status().message(), dir_.string() + ": cannot write: Is a directory");
  const std::string missing = (dir_ / "no" / "x.pgn").string();
  auto m = OutputFile::open(missing);
  EXPECT_EQ(m.status().message(), missing + ": cannot create a temporary file in '" +
                                      (dir_ / "no").string() + "': No such file or directory");
}

// A name ending in .gz or .zst is written compressed, in pieces small and large; the readers
// give back every byte. Any other name is written as it is.
TEST_F(OutputFileTest, GzAndZstNamesAreWrittenCompressed) {
  std::string text;
  for (int i = 0; i < 50000; ++i) text += "[Event \"Game " + std::to_string(i) + "\"]\n";
  const std::string big(3 << 20, 'x');  // larger than the buffer: written without a copy
  for (const auto& [name, method] : {std::pair<std::string, fairykit::parsers::Compression>{
                                         "a.pgn.gz", fairykit::parsers::Compression::kGzip},
                                     {"a.pgn.zst", fairykit::parsers::Compression::kZstd},
                                     {"a.pgn.bz2", fairykit::parsers::Compression::kNone},
                                     {"a.gzip", fairykit::parsers::Compression::kNone}}) {
    const std::string path = (dir_ / name).string();
    auto f = OutputFile::open(path);
    ASSERT_TRUE(f.ok()) << f.status();
    (*f)->write(text);
    (*f)->write(big);
    (*f)->write("end\n");
    ASSERT_TRUE((*f)->commit().ok()) << name;
    auto in = fairykit::parsers::open_input(path);
    ASSERT_TRUE(in.ok()) << in.status();
    EXPECT_EQ((*in)->compression(), method) << name;
    absl::StatusOr<std::string> read = fairykit::testing::read_input(path);
    ASSERT_TRUE(read.ok()) << read.status();
    const std::string& back = *read;
    EXPECT_TRUE(back == text + big + "end\n") << name << ": " << back.size() << " bytes";
    if (method != fairykit::parsers::Compression::kNone)
      EXPECT_LT(std::filesystem::file_size(path), back.size() / 10) << name;
  }
  EXPECT_EQ(output_compression("x.jsonl.gz"), "gzip");
  EXPECT_EQ(output_compression("x.csv.zst"), "zstd");
  EXPECT_EQ(output_compression("x.zstd"), "");
}

TEST_F(OutputFileTest, ADeviceIsWrittenDirectlyAndItsErrorsAreKept) {
  auto f = OutputFile::open("/dev/full");
  ASSERT_TRUE(f.ok()) << f.status();
  (*f)->write("x");
  EXPECT_EQ((*f)->commit().message(), "/dev/full: cannot write: No space left on device");
}

TEST_F(OutputFileTest, TheLongestNameGetsATemporaryFileBesideIt) {
  // 255 bytes, the limit of a name: the temporary name ".NAME.fairykit-XXXXXX" keeps 238
  // bytes of it, fewer where that would cut a character of several bytes.
  const std::string name = std::string(251, 'x') + ".pgn";
  const std::string accented =
      std::string(1, 'y') + std::string(236, 'x') + "\u00e9" + std::string(13, 'z') + ".pg";
  for (const auto& [target, kept] : {std::pair<std::string, std::size_t>{name, 238},
                                     std::pair<std::string, std::size_t>{accented, 237}}) {
    ASSERT_EQ(target.size(), 255u);
    auto f = OutputFile::open((dir_ / target).string());
    ASSERT_TRUE(f.ok()) << f.status();
    int temps = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir_)) {
      const std::string n = e.path().filename().string();
      if (n[0] != '.') continue;
      ++temps;
      EXPECT_EQ(n.size(), 1 + kept + 16);
      EXPECT_EQ(n.substr(0, 1 + kept + 10), "." + target.substr(0, kept) + ".fairykit-");
    }
    EXPECT_EQ(temps, 1);
    (*f)->write("NEW");
    EXPECT_TRUE((*f)->commit().ok());
    EXPECT_EQ(read_file(dir_ / target), "NEW");
  }
  EXPECT_EQ(entries(), 3);
}

TEST_F(OutputFileTest, AnEmptyNameIsAnError) {
  EXPECT_EQ(OutputFile::open("").status().message(), "an output file needs a name, not ''");
  EXPECT_EQ(check_outputs({"t.pgn"}, {{"--output", ""}}).message(),
            "--output wants a file name, not ''");
}

TEST_F(OutputFileTest, ALinkIsFollowedOrRefused) {
  fs::create_symlink("t.pgn", dir_ / "link.pgn");
  const std::string link = (dir_ / "link.pgn").string();
  auto refused = OutputFile::open(link, OutputFile::Links::kRefuse);
  EXPECT_EQ(refused.status().message(),
            link + ": is a symbolic link: refusing to write through it");
  auto followed = OutputFile::open(link);
  ASSERT_TRUE(followed.ok()) << followed.status();
  (*followed)->write("NEW");
  EXPECT_TRUE((*followed)->commit().ok());
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read_file(dir_ / "t.pgn"), "NEW");
  // kRefuse replaces a regular file as kFollow does.
  auto plain = OutputFile::open((dir_ / "t.pgn").string(), OutputFile::Links::kRefuse);
  ASSERT_TRUE(plain.ok()) << plain.status();
  (*plain)->write("NEWER");
  EXPECT_TRUE((*plain)->commit().ok());
  EXPECT_EQ(read_file(dir_ / "t.pgn"), "NEWER");
}

TEST_F(OutputFileTest, ADirectoryOfOutputsHoldsNoLinkAndNoInputAtTheirNames) {
  auto svg = [](std::string_view name) { return name.ends_with(".svg"); };
  const std::string d = dir_.string();
  std::ofstream(dir_ / "in.svg") << "IN";
  EXPECT_EQ(check_output_dir({"t.pgn"}, "--output", d, svg), absl::OkStatus());
  EXPECT_EQ(check_output_dir({(dir_ / "in.svg").string()}, "--output", d, svg).message(),
            "--output '" + (dir_ / "in.svg").string() + "' is the input '" +
                (dir_ / "in.svg").string() + "': refusing to overwrite it");
  // Not a name the tool writes: left alone.
  EXPECT_EQ(check_output_dir({(dir_ / "t.pgn").string()}, "--output", d, svg), absl::OkStatus());
  fs::create_symlink("t.pgn", dir_ / "a.svg");
  EXPECT_EQ(check_output_dir({}, "--output", d, svg).message(),
            "--output '" + d + "': '" + (dir_ / "a.svg").string() +
                "' is a symbolic link: refusing to write through it");
}

}  // namespace
}  // namespace fairykit::analysis
