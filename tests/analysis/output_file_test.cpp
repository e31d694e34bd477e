// OutputFile: the target changes only on a successful commit(); nothing is left behind.
#include "analysis/output_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

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

TEST_F(OutputFileTest, ADeviceIsWrittenDirectlyAndItsErrorsAreKept) {
  auto f = OutputFile::open("/dev/full");
  ASSERT_TRUE(f.ok()) << f.status();
  (*f)->write("x");
  EXPECT_EQ((*f)->commit().message(), "/dev/full: cannot write: No space left on device");
}

}  // namespace
}  // namespace fairykit::analysis
