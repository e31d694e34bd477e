// A fresh directory per test (removed after it), and reading a file back whole (as it is, or
// as the readers see it).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>

#include "absl/status/statusor.h"
#include "parsers/input.h"

namespace fairykit::testing {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The bytes of `path` as the readers see them (gzip, bzip2, zstd, xz undone), or the error.
inline absl::StatusOr<std::string> read_input(const std::string& path) {
  absl::StatusOr<std::unique_ptr<parsers::ByteSource>> in = parsers::open_input(path);
  if (!in.ok()) return in.status();
  std::string back;
  char buffer[1 << 16];
  for (;;) {
    absl::StatusOr<std::size_t> n = (*in)->read(buffer, sizeof buffer);
    if (!n.ok()) return n.status();
    if (*n == 0) return back;
    back.append(buffer, *n);
  }
}

// dir_ is <TempDir>/fairykit_<pid>_<test name>, empty when the test starts.
class TempDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) /
           ("fairykit_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  // The number of entries of dir_.
  int entries() const { return int(std::distance(std::filesystem::directory_iterator(dir_), {})); }
  std::filesystem::path dir_;
};

}  // namespace fairykit::testing
